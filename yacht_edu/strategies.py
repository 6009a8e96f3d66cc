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
from yacht_edu.i18n import Given, t
from yacht_edu.policies import (
    GAME_STRATEGIES,
    STRATEGIES,
    Strategy,
    UnknownStrategyError,
    get_strategy,
    keep_most_common,
    points_now,
)
from yacht_edu.probability.errors import InvalidCountError
from yacht_edu.probability.turn import box_pars
from yacht_edu.rules import Rules, RulesLike, get_rules
from yacht_edu.shown import shown_by
from yacht_edu.solver import (
    Expected,
    Progress,
    decision_table,
    evaluate,
    objective_of,
    play_by_table,
    play_games,
    solve,
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
    "points_now",
    "simulate",
    "strategy_expected_score",
]


# -- exact expected score of a strategy --------------------------------------------------------


def strategy_expected_score(strategy: str | Strategy = "beat_par", rules: RulesLike = "yacht",
                            *, progress: Progress | None = None,
                            **variant: object) -> Expected:
    """A strategy's expected final score and standard deviation from an empty scorecard,
    computed over every state (no simulation).  For ``yahtzee`` this takes as long as a solve.
    """
    chosen = get_strategy(strategy)
    ruleset = get_rules(rules, **variant)
    if chosen.optimal:
        return solve(ruleset, progress=progress).expected()
    mean, mean_square = evaluate(objective_of(chosen, ruleset), progress=progress)
    variance = max(mean_square - mean * mean, 0.0)
    return Expected(mean, math.sqrt(variance), variance)


# -- simulation --------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Simulation:
    """Final scores of many simulated games: mean, standard deviation, histogram; with a
    ``target``, how many games reached it."""

    strategy: str
    rules: Rules
    seed: int
    scores: npt.NDArray[np.int64]
    target: int | None = None

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

    @property
    def reached(self) -> int:
        """How many games ended with at least the target (0 without a target)."""
        if self.target is None:
            return 0
        return int((self.scores >= min(max(self.target, 0), MAX_SCORE)).sum())

    @property
    def chance(self) -> float:
        """The share of games that reached the target."""
        return self.reached / self.games

    @property
    def chance_error(self) -> float:
        """How far :attr:`chance` may stray from the true chance: √(p(1 − p) / games)."""
        return math.sqrt(self.chance * (1 - self.chance) / self.games)

    def label(self, lang: str | None = None) -> str:
        """Who played, in words: the strategy's name, or for a target "Playing for 250" (the
        target player is not the optimal player of the expected score)."""
        if self.target is not None:
            return t("strategy.playing_for", lang, target=self.target)
        return shown_by(self.strategy, "yacht_edu.display.words", "strategy_name", lang)

    def histogram(self, width: int = 10) -> dict[int, int]:
        """How many games ended in each bin ``[start, start + width)``, by start."""
        starts = (self.scores // width) * width
        values, counts = np.unique(starts, return_counts=True)
        return dict(zip(values.tolist(), counts.tolist(), strict=True))

    def __repr__(self) -> str:
        reach = ("" if self.target is None else
                 f", target {self.target} reached {self.reached} ({self.chance:.4f} ± "
                 f"{self.chance_error:.4f})")
        return (f"Simulation({self.strategy!r}, {self.rules!r}, {self.games} games, seed "
                f"{self.seed}: mean {self.mean:.2f} ± {self.standard_error:.2f}, "
                f"sd {self.sd:.2f}{reach})")

    def __str__(self) -> str:
        """What a learner reads, in the session's language (``repr()`` is Python's)."""
        return shown_by(self, "yacht_edu.display.plain", "simulation_text")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        return shown_by(self, "yacht_edu.display.strategies", "simulation_html")


#: More points than any game can score (a target above it is never reached).
MAX_SCORE = 10**6

#: The most games :func:`simulate` plays at once (their dice are all in memory together).
MAX_GAMES = 1_000_000


def simulate(strategy: str | Strategy = "optimal", rules: RulesLike = "yacht",
             games: int = 10_000, seed: int = 0, *, target: int | None = None,
             progress: Progress | None = None, **variant: object) -> Simulation:
    """Play ``games`` solitaire games at once with seeded dice (numpy's ``default_rng(seed)``).

    ``strategy``: a rule of thumb (a name of :data:`GAME_STRATEGIES` or a
    :class:`~yacht_edu.policies.Strategy`) or ``"optimal"``; ``target=T`` (with ``"optimal"``):
    play for the best chance of ending with at least ``T`` points, ties broken by the expected
    final score.  All games move together, turn by turn; the choices are worked out once per
    distinct situation of that turn.
    """
    chosen = get_strategy(strategy)
    ruleset = get_rules(rules, **variant)
    count = check_games(games)
    rng = np.random.default_rng(check_seed(seed))
    objective = objective_of(chosen, ruleset, target=target, progress=progress)
    desc = shown_by(chosen.name, "yacht_edu.display.words", "strategy_name")
    if objective.by_points():  # a target: the choices depend on the points, planned each turn
        scores = play_games(objective, count, rng, progress=progress, desc=desc)
    else:
        scores = play_by_table(decision_table(objective), count, rng, progress=progress,
                               desc=desc)
    return Simulation(chosen.name, ruleset, seed, scores, objective.target)


def check_games(games: object) -> int:
    """``games`` if it is a whole number of games from 1 to :data:`MAX_GAMES`."""
    count = whole_number(games)
    if count is None or not 1 <= count <= MAX_GAMES:
        raise InvalidCountError("probability.error.games", value=Given(games), most=MAX_GAMES)
    return count


def compare(rules: RulesLike = "yacht", games: int = 10_000, seed: int = 0,
            **variant: object) -> dict[str, tuple[Expected, Simulation]]:
    """Every named strategy: its computed expected score and a seeded simulation."""
    ruleset = get_rules(rules, **variant)
    check_games(games)
    check_seed(seed)
    return {name: (strategy_expected_score(name, ruleset), simulate(name, ruleset, games, seed))
            for name in GAME_STRATEGIES}
