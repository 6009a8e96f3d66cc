"""Strategies a class can compare: simple rules of thumb next to the optimal player.

Each strategy answers two questions, for every scorecard and hand:

- after the first or second roll, *which dice to keep*;
- after the last roll, *which box to score*.

The named strategies:

- ``best_box_now`` — score the box that adds the most points now, and keep the dice that give
  the most points expected at the end of *this* turn (it never thinks beyond the turn);
- ``chase_five`` — always keep the face you have most of (the higher face on a tie), hoping
  for five of a kind; then score the box that adds the most now;
- ``beat_par`` — a sensible heuristic: every box has a *par*, what a whole turn played for
  that box alone scores on average; score the box that beats its par by the most, and keep
  the dice that promise the most "points above par" by the end of the turn;
- ``optimal`` — the solver's choices (:mod:`yacht_edu.solver`).

>>> round(strategy_expected_score("best_box_now").mean, 2)
153.56
>>> result = simulate("chase_five", games=2_000, seed=1)
>>> result.games, round(result.mean)
(2000, 106)

:func:`strategy_expected_score` computes a strategy's expected final score exactly (up to
float rounding) by walking every scorecard state backwards, as the solver does but with the
choices fixed; :func:`simulate` plays many games at once with seeded dice.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from yacht_edu.checks import check_seed, whole_number
from yacht_edu.dice import FACES, NUMBER_OF_DICE
from yacht_edu.i18n import Given
from yacht_edu.policies import (
    GAME_STRATEGIES,
    STRATEGIES,
    KeepRule,
    Strategy,
    UnknownStrategyError,
    box_pars,
    get_strategy,
    keep_most_common,
    kept_by,
    points_above_par,
    points_now,
)
from yacht_edu.probability.errors import InvalidCountError
from yacht_edu.rules import Rules, RulesLike, get_rules
from yacht_edu.solver import Expected, Progress, solve
from yacht_edu.solver.backward import (
    TurnPlan,
    best_rows,
    follow_plan,
    hand_worth,
    open_rows,
    solve_layers,
    start_progress,
    turn_worth,
)
from yacht_edu.solver.states import BoxRows, RowsInStates, StateSpace, box_rows
from yacht_edu.solver.turn import (
    HAND_INDEX,
    HANDS,
    KEEP_INDEX,
    KEEPS,
    best_keeps,
    pick,
    roll_the_rest,
)

__all__ = [
    "GAME_STRATEGIES",
    "MAX_GAMES",
    "STRATEGIES",
    "Simulation",
    "Strategy",
    "UnknownStrategyError",
    "box_pars",
    "compare",
    "get_strategy",
    "keep_most_common",
    "plan_turn",
    "points_above_par",
    "points_now",
    "simulate",
    "strategy_expected_score",
]

Ints = npt.NDArray[np.intp]
Floats = npt.NDArray[np.float64]


# -- a strategy: how it chooses boxes and keeps ------------------------------------------------

def plan_turn(strategy: Strategy, rules: Rules, states: Ints) -> TurnPlan:
    """The strategy's choices for a turn from each of ``states`` (one column each)."""
    rows = box_rows(rules)
    if strategy.optimal:
        table = solve(rules)
        worth, squares, box_row = hand_worth(rows, states, table.mean, table.mean_square)
        return turn_worth(worth, squares, box_row, rules.rolls)
    if strategy.box_rule is None:
        raise UnknownStrategyError("strategy.error.unknown", name=Given(strategy.name),
                                   choices=", ".join(GAME_STRATEGIES))
    used = open_rows(rows, states)
    offer = rows.in_states(states, used)
    liked = strategy.box_rule(rules, offer.gain.astype(np.float64), rows.row_box[used][:, None])
    chosen = best_rows(rows, liked, used, offer.allowed)
    keeps = []
    hand_liked = pick(liked, chosen)
    for rolls_left in range(rules.rolls - 1, 0, -1):
        worth = roll_the_rest(hand_liked)
        keep = best_keeps(worth) if strategy.keep_rule is None else _fixed_keeps(
            strategy.keep_rule, rolls_left, len(states))
        keeps.append(keep)
        hand_liked = pick(worth, keep)
    empty = np.zeros(0)
    return TurnPlan(used[chosen], tuple(keeps), empty, empty)


def _fixed_keeps(rule: KeepRule, rolls_left: int, columns: int) -> Ints:
    keep = np.array([KEEP_INDEX[kept_by(rule, hand, rolls_left)] for hand in HANDS], dtype=np.intp)
    return np.repeat(keep[:, None], columns, axis=1)


# -- exact expected score of a strategy --------------------------------------------------------


def strategy_expected_score(strategy: str | Strategy = "beat_par", rules: RulesLike = "yacht",
                            *, progress: Progress | None = None,
                            **options: object) -> Expected:
    """A strategy's expected final score and standard deviation from an empty scorecard,
    computed over every state (no simulation).  For ``yahtzee`` this takes as long as a solve.
    """
    chosen = get_strategy(strategy)
    ruleset = get_rules(rules, **options)
    if chosen.optimal:
        return solve(ruleset, progress=progress).expected()
    mean, mean_square = _evaluate(chosen, ruleset, progress)
    variance = max(mean_square - mean * mean, 0.0)
    return Expected(mean, math.sqrt(variance), variance)


def _evaluate(strategy: Strategy, rules: Rules, progress: Progress | None) -> tuple[float, float]:
    space = StateSpace.of(rules)
    rows = box_rows(rules)

    def work(states: Ints, mean: npt.NDArray[Any], mean_square: npt.NDArray[Any],
             filled: int) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
        return follow_plan(rows, states, strategy.plan(rules, states), mean, mean_square)

    mean, mean_square = solve_layers(space, rows, progress=progress, solve_chunk=work)
    return float(mean[0]), float(mean_square[0])


# -- simulation --------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Simulation:
    """Final scores of many simulated games: mean, standard deviation, histogram."""

    strategy: str
    rules: Rules
    seed: int
    scores: npt.NDArray[np.int64]

    @property
    def games(self) -> int:
        return len(self.scores)

    @property
    def mean(self) -> float:
        return float(self.scores.mean())

    @property
    def sd(self) -> float:
        return float(self.scores.std(ddof=1))

    @property
    def standard_error(self) -> float:
        """How far the mean may stray from the true expected score (sd / √games)."""
        return self.sd / math.sqrt(self.games)

    def histogram(self, width: int = 10) -> dict[int, int]:
        """How many games ended in each bin ``[start, start + width)``, by start."""
        starts = (self.scores // width) * width
        values, counts = np.unique(starts, return_counts=True)
        return dict(zip(values.tolist(), counts.tolist(), strict=True))

    def __repr__(self) -> str:
        return (f"Simulation({self.strategy!r}, {self.rules!r}, {self.games} games, seed "
                f"{self.seed}: mean {self.mean:.2f} ± {self.standard_error:.2f}, "
                f"sd {self.sd:.2f})")

    def _repr_html_(self) -> str:
        from yacht_edu.display.strategies import simulation_html

        return simulation_html(self)


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


#: The most games :func:`simulate` plays at once (their dice are all in memory together).
MAX_GAMES = 1_000_000


def simulate(strategy: str | Strategy = "optimal", rules: RulesLike = "yacht",
             games: int = 10_000, seed: int = 0, *, progress: Progress | None = None,
             **options: object) -> Simulation:
    """Play ``games`` solitaire games at once with seeded dice (numpy's ``default_rng(seed)``).

    All games move together, turn by turn; the strategy's choices are worked out once per
    distinct scorecard state of that turn.
    """
    chosen = get_strategy(strategy)
    ruleset = get_rules(rules, **options)
    count = check_games(games)
    rng = np.random.default_rng(check_seed(seed))
    rows: BoxRows = box_rows(ruleset)
    state = np.zeros(count, dtype=np.intp)
    total = np.zeros(count, dtype=np.int64)
    bar = start_progress(progress, ruleset.turns, chosen.name)
    for _ in range(ruleset.turns):
        states, column = np.unique(state, return_inverse=True)
        gain, state = play_turn(rng, chosen.plan(ruleset, states), rows.in_states(states), column)
        total += gain
        if bar is not None:
            bar.update(1)
    if bar is not None:
        bar.close()
    return Simulation(chosen.name, ruleset, seed, total)


def check_games(games: object) -> int:
    """``games`` if it is a whole number of games from 1 to :data:`MAX_GAMES`."""
    count = whole_number(games)
    if count is None or not 1 <= count <= MAX_GAMES:
        raise InvalidCountError("probability.error.games", games=Given(games), most=MAX_GAMES)
    return count


def play_turn(rng: np.random.Generator, plan: TurnPlan, offer: RowsInStates,
              column: Ints) -> tuple[npt.NDArray[np.int64], Ints]:
    """One turn of many games at once, each following the plan of its state's ``column``: roll,
    keep, roll, keep, roll, fill a box; the points each game gains and the state it moves to."""
    games = len(column)
    dice = rng.integers(1, 7, size=(games, NUMBER_OF_DICE))
    for keep_of in reversed(plan.keeps):  # the keep after the first roll first
        keep = keep_of[_hands_of(dice), column]
        fresh = rng.integers(1, 7, size=(games, NUMBER_OF_DICE))
        dice = np.where(np.arange(NUMBER_OF_DICE) < _KEEP_SIZE[keep][:, None],
                        _KEEP_DICE[keep], fresh)
    row = plan.box_row[_hands_of(dice), column]
    return offer.gain[row, column], offer.next[row, column]


def compare(rules: RulesLike = "yacht", games: int = 10_000, seed: int = 0,
            **options: object) -> dict[str, tuple[Expected, Simulation]]:
    """Every named strategy: its computed expected score and a seeded simulation."""
    ruleset = get_rules(rules, **options)
    check_games(games)
    check_seed(seed)
    return {name: (strategy_expected_score(name, ruleset), simulate(name, ruleset, games, seed))
            for name in GAME_STRATEGIES}
