"""Play to reach a target: the best chance of ending with at least so many points.

>>> round(reach_probability(200), 4)                      # Yacht, a whole game
0.2181
>>> round(reach_probability(250), 4)                      # 250 points: fewer than 1 in 100
0.0079

The coach ranks every choice of a moment by that chance (``advise(..., target=T)``), and
``simulate(target=T)`` plays for it with seeded dice; :func:`beat_the_leader` is the target of
the last round of a game with several players.  The numbers come from
:mod:`yacht_edu.solver` (the target table, :mod:`yacht_edu.solver.target`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from yacht_edu.errors import RuleError
from yacht_edu.game import Game, check_game
from yacht_edu.i18n import Given
from yacht_edu.rules import Rules, RulesLike, get_rules
from yacht_edu.scorecard import Scorecard
from yacht_edu.situation import SituationError, situation_card
from yacht_edu.solver import (
    Progress,
    TargetTable,
    check_offered,
    check_progress,
    check_target,
    default_progress,
    optimal_score_distribution,
    solve_target,
)

__all__ = ["beat_the_leader"]


def target_table(rules: RulesLike, progress: Progress | None = None) -> TargetTable:
    """The solved target table of a rule set (``yacht``, ``yacht_sum4``), with a progress bar
    the first time (seconds)."""
    ruleset = get_rules(rules)
    check_offered(ruleset)
    check_progress(progress)
    return solve_target(ruleset, progress=progress or default_progress())


def reach_probability(target: int, rules: RulesLike = "yacht", *,
                      filled: Mapping[str, int] | None = None, points: int | None = None,
                      progress: Progress | None = None) -> float:
    """The highest chance, over all strategies, that a solitaire game ends with at least
    ``target`` points.

    ``filled``: the boxes already filled and their scores (default: an empty scorecard);
    ``points``: the points scored so far (default: the total of ``filled``).  ``yacht`` and
    ``yacht_sum4`` only.  The first call solves the whole table (seconds, with a progress
    bar) and saves it; later calls read it.
    """
    wanted = check_target(target, "target")
    card = situation_card(rules, {} if filled is None else filled, 0)
    table = target_table(card.rules, progress)
    return table.reach(card, wanted, None if points is None else check_target(points, "points"))


@dataclass(frozen=True, eq=False)
class ReachCurves:
    """P(final score ≥ T) for every target T = 0, 1, …, from an empty scorecard: ``best`` for
    the player who plays to reach T (a different strategy for each T), ``expected_player`` for
    the player who maximises the expected final score (one strategy for all T, exactly)."""

    rules: Rules
    targets: npt.NDArray[np.int64]
    best: npt.NDArray[np.float64]
    expected_player: npt.NDArray[np.float64]

    @property
    def gap(self) -> npt.NDArray[np.float64]:
        """How much more often playing for the target reaches it."""
        gap: npt.NDArray[np.float64] = self.best - self.expected_player
        return gap


def reach_curves(rules: RulesLike = "yacht", *,
                 progress: Progress | None = None) -> ReachCurves:
    """Both players' chance of reaching every target (the data of the plot
    the plot :func:`yacht_edu.reach_plots.plot_reach`)."""
    table = target_table(rules, progress)
    targets = np.arange(table.most + 2, dtype=np.int64)
    best = table.chance[table.space.number_of(Scorecard.empty(table.rules)), targets]
    distribution = optimal_score_distribution(table.rules, progress=progress)
    chances = np.zeros(len(targets) + 1)
    for score, numerator in distribution.numerators.items():
        chances[score] += numerator / distribution.denominator
    at_least = np.cumsum(chances[::-1])[::-1][:len(targets)]
    return ReachCurves(table.rules, targets, best.astype(np.float64), np.minimum(at_least, 1.0))


def beat_the_leader(game: Game, player: str | None = None) -> int:
    """The target for ``player`` (default: the player to move) to win outright: the best total
    among the other players, plus one.

    In the last round, once everyone else has played, this is exactly the score to beat; earlier
    it is the leader's score so far.
    """
    checked = check_game(game)
    name = checked.current_player if player is None else player
    totals = checked.totals
    if not isinstance(name, str) or name not in totals:
        raise RuleError("error.unknown_player", name=Given(name), choices=", ".join(totals))
    others = [total for other, total in totals.items() if other != name]
    if not others:
        raise SituationError("target.error.no_leader")
    return max(others) + 1
