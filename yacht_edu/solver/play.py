"""Games played forwards: many at once with seeded dice, or every outcome with its chance.

- :func:`play_games` — the one simulator: every game follows the same objective, all games move
  together turn by turn, and the objective's choices are worked out once per distinct situation
  (a state, and for a target the points scored so far);
- :func:`turn_ends` — the one forward pass: the chance of ending a turn with each hand when the
  turn is played by a plan (the counterpart of the backward kernel).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from yacht_edu.hands import (
    FACES,
    HAND_INDEX,
    HAND_ROLLS,
    HANDS,
    KEEPS,
    NUMBER_OF_DICE,
    ORDERED_ROLLS,
)
from yacht_edu.scorecard import Scorecard
from yacht_edu.solver.objective import Objective, plan
from yacht_edu.solver.states import RowsInStates, StateSpace, box_rows, chunks
from yacht_edu.solver.turn import TurnPlan, pick, roll_forward
from yacht_edu.solver.workers import Progress, start_progress

__all__ = ["play_forward", "play_games", "play_turn", "turn_ends"]

Ints = npt.NDArray[np.intp]

# A hand's number from its counts of each face (base 6), for rolled dice.
_COUNT_WEIGHTS = 6 ** np.arange(6)
_HAND_OF_CODE = np.full(6**6, -1, dtype=np.intp)
for _hand, _number in HAND_INDEX.items():
    _HAND_OF_CODE[sum(_hand.count(f) * 6 ** (f - 1) for f in FACES)] = _number
# The dice of each keep, padded with zeros, and how many there are.
_KEEP_DICE = np.array([keep + (0,) * (NUMBER_OF_DICE - len(keep)) for keep in KEEPS])
_KEEP_SIZE = np.array([len(keep) for keep in KEEPS])


def _hands_of(dice: npt.NDArray[np.int64]) -> Ints:
    counts = (dice[:, :, None] == np.array(FACES)).sum(axis=1)
    hands: Ints = _HAND_OF_CODE[counts @ _COUNT_WEIGHTS]
    return hands


def play_games(objective: Objective, games: int, rng: np.random.Generator, *,
               progress: Progress | None = None, desc: str = "") -> npt.NDArray[np.int64]:
    """The final scores of ``games`` solitaire games played by ``objective`` (dice from
    ``rng``)."""
    rules = objective.rules
    rows = box_rows(rules)
    state = np.zeros(games, dtype=np.intp)
    total = np.zeros(games, dtype=np.int64)
    bar = start_progress(progress, rules.turns, desc)
    try:
        for _ in range(rules.turns):
            key = np.stack([state, total]) if objective.by_points() else state[None, :]
            situations, column = np.unique(key, axis=1, return_inverse=True)
            states = situations[0].astype(np.intp)
            points = situations[1] if objective.by_points() else np.zeros_like(states)
            choices = plan(objective, states, points.astype(np.int64))
            gain, state = play_turn(rng, choices, rows.in_states(states), column.ravel())
            total = total + gain
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return total


def play_turn(rng: np.random.Generator, turn: TurnPlan, offer: RowsInStates,
              column: Ints) -> tuple[npt.NDArray[np.int64], Ints]:
    """One turn of many games at once, each following the plan of its ``column``: roll, keep,
    roll, ..., fill a box; the points each game gains and the state it moves to."""
    games = len(column)
    dice = rng.integers(1, 7, size=(games, NUMBER_OF_DICE))
    for keep_of in reversed(turn.keeps):  # the keep after the first roll first
        keep = keep_of[_hands_of(dice), column]
        fresh = rng.integers(1, 7, size=(games, NUMBER_OF_DICE))
        dice = np.where(np.arange(NUMBER_OF_DICE) < _KEEP_SIZE[keep][:, None],
                        _KEEP_DICE[keep], fresh)
    row = turn.box_row[_hands_of(dice), column]
    return offer.gain[row, column], offer.next[row, column]


def turn_ends(keeps: tuple[npt.NDArray[Any], ...], exact: bool = False) -> npt.NDArray[Any]:
    """The chance of ending the turn with each hand (252 rows, a column each) when the keeps
    are chosen by ``keeps`` (as in :class:`~yacht_edu.solver.turn.TurnPlan`).  ``exact``:
    whole numbers over 6 ** (5 × rolls), else floats."""
    columns = keeps[0].shape[1] if keeps else 1
    rolls = np.array(HAND_ROLLS, dtype=object if exact else np.int64)
    chances = np.repeat(rolls[:, None], columns, axis=1)
    if not exact:
        chances = chances / ORDERED_ROLLS
    at = np.arange(columns)[None, :]
    for keep in reversed(keeps):  # the keep after the first roll first
        on_keeps = np.zeros((len(KEEPS), columns), dtype=chances.dtype)
        np.add.at(on_keeps, (keep.astype(np.intp), at), chances * ORDERED_ROLLS if exact
                  else chances)
        chances = roll_forward(on_keeps)
    return chances


#: The hands that are five of a kind.
FIVE_OF_A_KIND = np.array([len(set(hand)) == 1 for hand in HANDS])
#: States carried forwards together.
FORWARD_CHUNK = 64


def play_forward(objective: Objective) -> tuple[npt.NDArray[np.float64],
                                                npt.NDArray[np.float64], float]:
    """Play by ``objective`` from the empty scorecard, carrying the chance of each state from
    turn to turn: per box the average points added and the chance of earning points, and the
    chance that some turn ends with five of a kind (the objective must choose by state alone)."""
    rules = objective.rules
    space = StateSpace.of(rules)
    rows = box_rows(rules)
    at = np.zeros(space.size)  # the chance of being in each state at the start of the turn
    at[space.number_of(Scorecard.empty(rules))] = 1.0
    clean = at.copy()  # ... and of having had no five of a kind so far
    points, chance_to_score = np.zeros(space.number_of_boxes), np.zeros(space.number_of_boxes)
    for _ in range(space.number_of_boxes):
        states = np.flatnonzero(at)
        after, after_clean = np.zeros(space.size), np.zeros(space.size)
        for part in chunks(states, FORWARD_CHUNK):
            here = states[part]
            turn = plan(objective, here, np.zeros(len(here), dtype=np.int64))
            hand, row = turn_ends(turn.keeps), turn.box_row
            offer = rows.in_states(here)
            gain, following = pick(offer.gain, row), pick(offer.next, row)
            box = rows.row_box[row]
            weight = hand * at[here]
            np.add.at(points, box, weight * gain)
            np.add.at(chance_to_score, box, weight * (gain > 0))
            np.add.at(after, following, weight)
            np.add.at(after_clean, following, hand * clean[here] * ~FIVE_OF_A_KIND[:, None])
        at, clean = after, after_clean
    return points, chance_to_score, float(1.0 - clean.sum())
