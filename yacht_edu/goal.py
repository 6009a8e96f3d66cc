"""Play to reach a target: the best chance of ending with at least so many points.

>>> round(reach_probability(200), 4)                      # Yacht, a whole game
0.2181
>>> round(reach_probability(250), 4)                      # 250 points: fewer than 1 in 100
0.0079

:func:`advise_goal` ranks every choice of a moment by that chance (``advise(..., goal=)``);
:func:`beat_the_leader` is the target of the last round of a game with several players;
:func:`simulate_reach` plays the target strategy with seeded dice.  The numbers come from
:mod:`yacht_edu.solver.target`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from yacht_edu.checks import check_seed, whole_number
from yacht_edu.coach import (
    ChoiceValue,
    Chosen,
    RankedChoices,
    SituationError,
    read_situation,
    situation_card,
)
from yacht_edu.dice import Dice
from yacht_edu.errors import ArgumentTypeError, RuleError
from yacht_edu.game import Game, check_game
from yacht_edu.i18n import Given
from yacht_edu.rules import Rules, RulesLike, get_rules
from yacht_edu.scorecard import Scorecard
from yacht_edu.solver.backward import Progress, check_progress
from yacht_edu.solver.states import box_rows
from yacht_edu.solver.target import (
    TargetTable,
    best_keep_chances,
    check_offered,
    hand_chances,
    solve_target,
    target_plan,
)
from yacht_edu.solver.turn import KEEP_INDEX, roll_the_rest, sub_keeps
from yacht_edu.strategies import check_games, play_turn  # the same games, other choices

__all__ = [
    "BadTargetError",
    "GoalAdvice",
    "GoalChoice",
    "ReachCurves",
    "ReachSimulation",
    "advise_goal",
    "beat_the_leader",
    "reach_curves",
    "reach_probability",
    "simulate_reach",
]

#: Two chances closer than this are a tie.
TIE = 1e-12


class BadTargetError(RuleError):
    """A target or a points total that is not a whole number of points."""

    default_msgid = "target.error.target"


def default_progress() -> Progress | None:
    """``tqdm``'s progress bar if it is installed: the first solve takes seconds."""
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover - tqdm comes with the lab extra
        return None
    return tqdm  # type: ignore[no-any-return]


def whole(value: object, name: str) -> int:
    number = whole_number(value)
    if number is None:
        raise BadTargetError(name=name, value=Given(value))
    return number


def table_for(rules: RulesLike, progress: Progress | None) -> TargetTable:
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
    goal = whole(target, "target")
    card = situation_card(rules, {} if filled is None else filled, 0)
    table = table_for(card.rules, progress)
    return table.reach(card, goal, None if points is None else whole(points, "points"))


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
    :func:`yacht_edu.goal_plots.plot_reach`)."""
    from yacht_edu.solver import optimal_score_distribution

    table = table_for(rules, progress)
    targets = np.arange(table.most + 2, dtype=np.int64)
    best = table.chance[table.space.number_of(Scorecard.empty(table.rules)), targets]
    distribution = optimal_score_distribution(table.rules, progress=progress)
    chances = np.zeros(len(targets) + 1)
    for score, numerator in distribution.numerators.items():
        chances[score] += numerator / distribution.denominator
    at_least = np.cumsum(chances[::-1])[::-1][:len(targets)]
    return ReachCurves(table.rules, targets, best.astype(np.float64), np.minimum(at_least, 1.0))


# -- advice ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class GoalChoice(Chosen):
    """One legal choice and the best chance of reaching the goal after making it.

    ``loss``: the chance given up against the best choice; ``rank``: 1 for the best, equal for
    ties.
    """

    choice: ChoiceValue
    chance: float
    loss: float
    rank: int = 1

    def __repr__(self) -> str:
        return f"GoalChoice({self.choice!r}, chance={self.chance:.6f}, loss={self.loss:.6f})"


@dataclass(frozen=True, eq=False)
class GoalAdvice(RankedChoices[GoalChoice]):
    """Every legal choice of the moment, ranked by the chance of ending with at least ``goal``
    points (best first).  ``chance``: that chance with the best play from here."""

    rules: Rules
    card: Scorecard
    dice: tuple[int, ...]
    rolls_left: int
    goal: int
    points: int
    choices: tuple[GoalChoice, ...]
    chance: float
    player: str | None = None

    @property
    def best(self) -> GoalChoice:
        return self.choices[0]

    def __repr__(self) -> str:
        lines = [f"GoalAdvice({self.rules!r}, dice {'-'.join(map(str, self.dice))}, "
                 f"{self.rolls_left} rolls left, goal {self.goal} with {self.points} scored: "
                 f"chance {self.chance:.6f})"]
        lines += [f" {c.rank:>3}. {c.choice!s:<18} {c.chance:.6f}" for c in self.choices[:10]]
        if len(self.choices) > 10:
            lines.append(f"      … {len(self.choices) - 10} more")
        return "\n".join(lines)


def advise_goal(situation: Game | Dice | Iterable[int], rolls_left: int | None = None,
                filled: Mapping[str, int] | None = None, rules: RulesLike = "yacht", *,
                goal: int, points: int | None = None,
                progress: Progress | None = None) -> GoalAdvice:
    """Every legal choice of the moment, ranked by the chance of ending with at least ``goal``
    points — :func:`~yacht_edu.coach.advise` with ``goal=``.

    >>> advice = advise_goal([1, 2, 2, 4, 6], 2, goal=200)   # Yacht, first roll of the game
    >>> advice.best.choice, round(advice.best.chance, 4)
    ((6,), 0.1969)
    """
    target = whole(goal, "goal")
    if isinstance(situation, Game):
        if rolls_left is not None or filled is not None:
            raise ArgumentTypeError("coach.error.game_and_situation")
        game = situation
        if game.over or game.dice is None:
            raise SituationError("coach.error.nothing_to_choose")
        card = game.scorecard(game.current_player)
        table = table_for(card.rules, progress)
        return rank_goal(table, card, game.dice, game.rolls_left, target, card.total,
                         game.current_player)
    card, dice, left = read_situation(situation, rolls_left, filled, rules)
    table = table_for(card.rules, progress)
    scored = card.total if points is None else whole(points, "points")
    return rank_goal(table, card, dice, left, target, scored)


def choice_chances(table: TargetTable, card: Scorecard, dice: Dice, rolls_left: int,
                   need: int) -> list[tuple[ChoiceValue, float]]:
    """(choice, best chance of scoring ``need`` more points after it) of every legal choice."""
    if rolls_left == 0:
        return [(option.category, table.need_chance(
                    table.space.number_of(card.fill(dice, option.category)),
                    need - (card.fill(dice, option.category).total - card.total)))
                for option in card.options(dice) if option.allowed]
    state = np.array([table.space.number_of(card)])
    needs = np.array([[min(max(need, 0), table.most + 1)]])
    last_roll = roll_the_rest(hand_chances(box_rows(card.rules), state, needs, table.chance))
    before = roll_the_rest(best_keep_chances(last_roll.copy()))
    found: list[tuple[ChoiceValue, float]] = []
    for keep in sub_keeps(dice.hand):
        # Keeping all five is stopping to score: worth what the last roll's keep is.
        values = last_roll if len(keep) == len(dice) or rolls_left == 1 else before
        found.append((keep, float(values[KEEP_INDEX[keep], 0])))
    return found


def rank_goal(table: TargetTable, card: Scorecard, dice: Dice, rolls_left: int, goal: int,
              points: int, player: str | None = None) -> GoalAdvice:
    """:func:`advise_goal` from a solved table."""
    found = choice_chances(table, card, dice, rolls_left, goal - points)
    best = max(chance for _, chance in found)
    order = sorted(range(len(found)), key=lambda i: (best - found[i][1] > TIE, -found[i][1], i))
    choices = []
    rank, previous = 0, math.inf
    for position, i in enumerate(order, start=1):
        choice, chance = found[i]
        if previous - chance > TIE:
            rank = position
        previous = chance
        loss = best - chance
        choices.append(GoalChoice(choice, chance, 0.0 if loss <= TIE else loss, rank))
    return GoalAdvice(card.rules, card, tuple(dice), rolls_left, goal, points, tuple(choices),
                      choices[0].chance, player)


def beat_the_leader(game: Game, player: str | None = None) -> int:
    """The target for ``player`` (default: the player to move) to win outright: the best total
    among the other players, plus one.

    In the last round, once everyone else has played, this is exactly the score to beat; earlier
    it is the leader's score so far.
    """
    name = check_game(game).current_player if player is None else player
    totals = game.totals
    if not isinstance(name, str) or name not in totals:
        raise RuleError("error.unknown_player", name=Given(name), choices=", ".join(totals))
    others = [total for other, total in totals.items() if other != name]
    if not others:
        raise SituationError("target.error.no_leader")
    return max(others) + 1


# -- simulation ------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class ReachSimulation:
    """Games played with seeded dice by the target-optimal player: how many reached it."""

    target: int
    rules: Rules
    seed: int
    scores: npt.NDArray[np.int64]

    @property
    def games(self) -> int:
        return len(self.scores)

    @property
    def reached(self) -> int:
        return int((self.scores >= self.target).sum())

    @property
    def chance(self) -> float:
        """The share of games that reached the target."""
        return self.reached / self.games

    @property
    def standard_error(self) -> float:
        """How far :attr:`chance` may stray from the true chance: √(p(1 − p) / games)."""
        return math.sqrt(self.chance * (1 - self.chance) / self.games)

    def __repr__(self) -> str:
        return (f"ReachSimulation(target {self.target}, {self.rules!r}, {self.games} games, "
                f"seed {self.seed}: reached {self.reached}, {self.chance:.4f} ± "
                f"{self.standard_error:.4f})")


def simulate_reach(target: int, rules: RulesLike = "yacht", games: int = 10_000,
                   seed: int = 0, *, progress: Progress | None = None) -> ReachSimulation:
    """Play ``games`` solitaire games at once, each choice the one with the best chance of
    reaching ``target`` (numpy's ``default_rng(seed)`` rolls the dice)."""
    goal = whole(target, "target")
    count = check_games(games)
    table = table_for(rules, progress)
    # every target up to 0 is sure and every one above the best score impossible, as these two
    reach = min(max(goal, 0), table.most + 1)
    rows = box_rows(table.rules)
    rng = np.random.default_rng(check_seed(seed))
    state = np.zeros(count, dtype=np.intp)
    total = np.zeros(count, dtype=np.int64)
    for _ in range(table.rules.turns):
        pairs, column = np.unique(np.stack([state, total]), axis=1, return_inverse=True)
        column = column.ravel()
        states = pairs[0].astype(np.intp)
        plan = target_plan(table, states, reach - pairs[1])
        gain, state = play_turn(rng, plan, rows.in_states(states), column)
        total = total + gain
    return ReachSimulation(goal, table.rules, seed, total)
