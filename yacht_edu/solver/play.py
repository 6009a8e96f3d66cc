"""Games played forwards: many at once with seeded dice, or every outcome with its chance.

- :func:`play_by_table` — the fast simulator, for a player who chooses by the scorecard alone
  (the optimal player, a rule of thumb): its choices read from a decision table
  (:mod:`~yacht_edu.solver.decisions`), all games moving together a roll at a time; the same
  dice as :func:`play_games` draws, so the same games for the same seed;
- :func:`play_games` — the simulator that plans every turn: the objective's choices are worked
  out once per distinct situation of that turn (a state, and for a target the points scored so
  far); it plays a target, and is the reference the fast simulator is tested against;
- :func:`turn_ends` — the one forward pass: the chance of ending a turn with each hand when the
  turn is played by a plan (the counterpart of the backward kernel).
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import numpy.typing as npt

from yacht_edu.hands import (
    FACES,
    HAND_INDEX,
    HAND_ROLLS,
    HANDS,
    KEEP_INDEX,
    KEEPS,
    NUMBER_OF_DICE,
    ORDERED_ROLLS,
)
from yacht_edu.rules import Rules
from yacht_edu.scorecard import Scorecard
from yacht_edu.solver.decisions import (
    BOX_BITS,
    KEEP_BITS,
    DecisionTable,
    distinct_states,
    hand_after,
    keep_masks,
)
from yacht_edu.solver.objective import Objective, plan
from yacht_edu.solver.states import RowsInStates, StateSpace, box_rows, chunks
from yacht_edu.solver.turn import TurnPlan, pick, roll_forward
from yacht_edu.solver.workers import Ints, Progress, counted

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
    with counted(progress, rules.turns, desc) as advance:
        for _ in range(rules.turns):
            key = np.stack([state, total]) if objective.by_points() else state[None, :]
            situations, column = np.unique(key, axis=1, return_inverse=True)
            states = situations[0].astype(np.intp)
            points = situations[1] if objective.by_points() else np.zeros_like(states)
            choices = plan(objective, states, points.astype(np.int64))
            gain, state = play_turn(rng, choices, rows.in_states(states), column.ravel())
            total = total + gain
            advance(1)
    return total


def play_by_table(table: DecisionTable, games: int, rng: np.random.Generator, *,
                  progress: Progress | None = None, desc: str = "") -> npt.NDArray[np.int64]:
    """The final scores of ``games`` solitaire games played by the choices of ``table``: the
    same games, roll for roll, as :func:`play_games` plays with the same ``rng``."""
    rules = table.rules
    state = np.zeros(games, dtype=np.intp)
    total = np.zeros(games, dtype=np.int64)
    with (counted(progress, rules.turns, desc) as advance,
          ordered_rolls(rng, games, rules.turns * rules.rolls) as rolls):
        for _ in range(rules.turns):
            gain, state = table_turn(table, state, rolls)
            total += gain
            advance(1)
    return total


def table_turn(table: DecisionTable, state: Ints,
               rolls: Iterator[npt.NDArray[np.int64]]) -> tuple[npt.NDArray[np.int64], Ints]:
    """One turn of many games by the choices of ``table``: the points each game gains and the
    state it moves to.  ``rolls``: each game's ordered roll, one array per roll."""
    rules = table.rules
    at = table.rows_for(state).astype(np.int64) * len(HANDS)  # each game's row of choices
    after, keep_of = hand_after(), keep_masks()[1]
    hand = after.take(next(rolls) + _NO_KEEP)
    for to_come in range(rules.rolls - 1, 0, -1):
        mask = table.choices.take(at + hand) >> (BOX_BITS + KEEP_BITS * (to_come - 1))
        mask &= _LOW_BITS
        keep = keep_of.take((hand.astype(np.int32) << KEEP_BITS) | mask)
        hand = after.take(next(rolls) + keep * ORDERED_ROLLS)
    box = table.choices.take(at + hand) & ((1 << BOX_BITS) - 1)
    return _end_turn(rules, state, box, hand)


_LOW_BITS = (1 << KEEP_BITS) - 1
_NO_KEEP = KEEP_INDEX[()] * ORDERED_ROLLS
#: An ordered roll's number from its five faces: the last die is the lowest digit (base 6), so
#: the dice a keep leaves to roll (the last ones, as :func:`play_turn` rolls them) come first.
_DIGITS = 6 ** np.arange(NUMBER_OF_DICE - 1, -1, -1)
#: Games from which the dice are drawn ahead, in a second thread.
AHEAD_FROM = 50_000
#: Rolls drawn ahead at most (8 MB each for a million games): enough that the drawing never
#: waits while a turn fills the decision table's new rows.
ROLLS_AHEAD = 4


@contextlib.contextmanager
def ordered_rolls(rng: np.random.Generator, games: int,
                  count: int) -> Iterator[Iterator[npt.NDArray[np.int64]]]:
    """``count`` rolls of five dice for each game, each as the number of the ordered roll
    (0 to 7,775), drawn from ``rng`` as :func:`play_turn` draws them.  With many games the
    next roll is drawn in a second thread while this one plays (the same numbers, in order)."""
    if games < AHEAD_FROM:
        yield (_roll_numbers(rng, games) for _ in range(count))
        return
    with ThreadPoolExecutor(1) as ahead:
        yield _drawn_ahead(ahead, rng, games, count)


def _drawn_ahead(ahead: ThreadPoolExecutor, rng: np.random.Generator, games: int,
                 count: int) -> Iterator[npt.NDArray[np.int64]]:
    """The rolls, up to :data:`ROLLS_AHEAD` drawn before they are played (one thread draws
    them, in order: the same numbers)."""
    coming = deque(ahead.submit(_roll_numbers, rng, games)
                   for _ in range(min(ROLLS_AHEAD, count)))
    for drawn in range(ROLLS_AHEAD, count + ROLLS_AHEAD):
        now = coming.popleft().result()
        if drawn < count:
            coming.append(ahead.submit(_roll_numbers, rng, games))
        yield now


def _roll_numbers(rng: np.random.Generator, games: int) -> npt.NDArray[np.int64]:
    numbers: npt.NDArray[np.int64] = rng.integers(1, 7, size=(games, NUMBER_OF_DICE)) @ _DIGITS
    numbers -= int(_DIGITS.sum())  # faces 1..6 are digits 0..5
    return numbers


def _end_turn(rules: Rules, state: Ints, box: npt.NDArray[Any],
              hand: npt.NDArray[Any]) -> tuple[npt.NDArray[np.int64], Ints]:
    """Score each game's hand in its box: the points gained and the state each moves to."""
    rows = box_rows(rules)
    states, column = distinct(state, StateSpace.of(rules).size)
    offer = rows.in_states(states)
    row = rows.row_of.ravel().take(box.astype(np.intp) * len(HANDS) + hand)
    at = row * len(states) + column
    return offer.gain.ravel().take(at), offer.next.ravel().take(at)


def distinct(values: Ints, size: int) -> tuple[Ints, Ints]:
    """The distinct ``values`` (whole numbers below ``size``), in order, and where each value
    is among them: ``np.unique(values, return_inverse=True)`` by a look-up table."""
    found = distinct_states(values, size)
    place = np.empty(size, dtype=np.intp)
    place[found] = np.arange(len(found))
    return found, place[values]


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
