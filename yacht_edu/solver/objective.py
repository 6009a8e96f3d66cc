"""What a player maximises: one objective type, and the code that picks a move, written once.

An *objective* turns "what is it worth to end the turn with this hand?" into numbers, one
column per situation (a scorecard state, and for a target the points scored so far).  Everything
else is shared: the one turn kernel (:func:`~yacht_edu.solver.turn.plan_turn`) chooses the keeps,
:func:`plan` gives a turn's choices for many situations at once (what :func:`play_games` plays),
and :func:`choice_values` gives the worth of every legal choice of one moment (what the coach
ranks, :func:`~yacht_edu.ranking.rank`).

- :class:`ExpectedScore` — the highest expected final score (the optimal player);
- :class:`ReachTarget` — the highest chance of ending with at least ``target`` points; among
  choices of equal chance (to :data:`~yacht_edu.ranking.TIE`), the highest expected final
  score, then a fixed order (more dice kept, the later box);
- :class:`RuleOfThumb` — a strategy's box rule (its liking of each box) and keep rule.

Each gives its values as a tuple: the value it maximises first, then what is carried along the
same choices (the mean square of the points to come; for a target, the expected points to come).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
import numpy.typing as npt

from yacht_edu.dice import Dice
from yacht_edu.hands import HANDS, KEEP_INDEX, sub_keeps
from yacht_edu.i18n import Given
from yacht_edu.policies import (
    GAME_STRATEGIES,
    KeepRule,
    Strategy,
    UnknownStrategyError,
    kept_by,
)
from yacht_edu.ranking import ChoiceValue, ChoiceWorth, after_filling, expected_worth
from yacht_edu.rules import Rules
from yacht_edu.scorecard import Scorecard
from yacht_edu.solver.backward import OptimalTable, best_rows, hand_worth, open_rows
from yacht_edu.solver.states import StateSpace, box_rows
from yacht_edu.solver.target import TargetTable, target_hands
from yacht_edu.solver.turn import (
    KeepChooser,
    TurnPlan,
    best_keeps_by_value,
    best_keeps_then,
    keeps_worth,
    pick,
    plan_turn,
)
from yacht_edu.solver.workers import Array, Ints


class Objective(Protocol):
    """What a player maximises (see the module)."""

    @property
    def rules(self) -> Rules: ...

    @property
    def choose_keeps(self) -> KeepChooser: ...

    @property
    def target(self) -> int | None:
        """The points the player wants to reach (None: no target)."""

    def before_roll(self, card: Scorecard, points: int) -> ChoiceWorth:
        """The worth of the moment before a turn's first roll."""

    def hands(self, states: Ints, points: npt.NDArray[np.int64]) -> tuple[tuple[Array, ...],
                                                                            Ints]:
        """Each column's values of ending the turn with each hand (252 rows), and the score row
        each hand is put in; a column per (state, points scored so far)."""

    def filled(self, card: Scorecard, after: Scorecard, points: int) -> tuple[float, ...]:
        """The values of filling a box: moving from ``card`` to ``after``."""

    def worth(self, values: Sequence[float], card: Scorecard) -> ChoiceWorth:
        """What a learner reads of values at ``card``."""

    def by_points(self) -> bool:
        """Whether the points scored so far change the choices (a target), or only the state."""


@dataclass(frozen=True, eq=False)
class ExpectedScore:
    """Play for the highest expected final score: the optimal player."""

    table: OptimalTable

    @property
    def rules(self) -> Rules:
        return self.table.rules

    @property
    def choose_keeps(self) -> KeepChooser:
        return best_keeps_by_value

    @property
    def target(self) -> int | None:
        return None

    def before_roll(self, card: Scorecard, points: int) -> ChoiceWorth:
        expected = self.table.expected(card)
        return ChoiceWorth(float(expected.mean), float(expected.mean), expected.sd)

    def hands(self, states: Ints, points: npt.NDArray[np.int64]) -> tuple[tuple[Array, ...],
                                                                            Ints]:
        worth, squares, row = hand_worth(box_rows(self.rules), states, self.table.mean,
                                         self.table.mean_square)
        return (worth, squares), row

    def filled(self, card: Scorecard, after: Scorecard, points: int) -> tuple[float, ...]:
        return after_filling(after.total - card.total, *self.table.future(after))

    def worth(self, values: Sequence[float], card: Scorecard) -> ChoiceWorth:
        return expected_worth(values, card.total)

    def by_points(self) -> bool:
        return False


@dataclass(frozen=True, eq=False)
class ReachTarget:
    """Play for the highest chance of ending with at least ``target`` points; among choices of
    equal chance, for the highest expected final score (``optimal``: the optimal player's
    table), then in a fixed order."""

    wanted: int
    table: TargetTable
    optimal: OptimalTable

    @property
    def target(self) -> int | None:
        return self.wanted

    def before_roll(self, card: Scorecard, points: int) -> ChoiceWorth:
        expected = self.optimal.expected(card)
        return ChoiceWorth(self.table.reach(card, self.wanted, points), float(expected.mean),
                           math.nan)

    @property
    def rules(self) -> Rules:
        return self.table.rules

    @property
    def choose_keeps(self) -> KeepChooser:
        return best_keeps_then

    def hands(self, states: Ints, points: npt.NDArray[np.int64]) -> tuple[tuple[Array, ...],
                                                                            Ints]:
        return target_hands(self.table, states, within_reach(self.wanted) - points,
                            self.optimal.mean)

    def filled(self, card: Scorecard, after: Scorecard, points: int) -> tuple[float, ...]:
        gained = after.total - card.total
        need = self.wanted - points - gained
        return (self.table.need_chance(self.table.space.number_of(after), need),
                gained + self.optimal.future(after)[0])

    def worth(self, values: Sequence[float], card: Scorecard) -> ChoiceWorth:
        chance, future = values
        return ChoiceWorth(chance, card.total + future, math.nan)

    def by_points(self) -> bool:
        return True


@functools.lru_cache(maxsize=16)
def par_array(rules: Rules) -> Array:
    """Each box's par (:func:`yacht_edu.probability.turn.box_pars`), in the rule set's order of
    boxes: what a strategy playing ``above_par`` subtracts from the points of each box."""
    from yacht_edu.probability.turn import box_pars  # sympy's exact turn, for this player only

    return np.array(list(box_pars(rules).values()), dtype=np.float64)


@dataclass(frozen=True, eq=False)
class RuleOfThumb:
    """Play by a strategy's rules of thumb: score the box its box rule likes most (ties: the
    later box), keep by its keep rule (or the dice whose end of turn it likes most)."""

    strategy: Strategy
    rules: Rules
    #: per rolls to come: the keep rule's keep (by index) from each hand
    kept: dict[int, Ints] = field(default_factory=dict, repr=False)

    @property
    def target(self) -> int | None:
        return None

    def before_roll(self, card: Scorecard, points: int) -> ChoiceWorth:
        return ChoiceWorth(math.nan, math.nan, math.nan)

    @property
    def choose_keeps(self) -> KeepChooser:
        rule = self.strategy.keep_rule
        if rule is None:
            return best_keeps_by_value
        return lambda values, to_come: np.repeat(self.kept_by_rule(rule, to_come)[:, None],
                                                 values[0].shape[1], axis=1)

    def kept_by_rule(self, rule: KeepRule, to_come: int) -> Ints:
        """The keep (by index) the keep rule chooses from each hand, asked once per solve."""
        if to_come not in self.kept:
            kept = kept_by(rule, HANDS, to_come)
            self.kept[to_come] = np.array([KEEP_INDEX[keep] for keep in kept], dtype=np.intp)
        return self.kept[to_come]

    def hands(self, states: Ints, points: npt.NDArray[np.int64]) -> tuple[tuple[Array, ...],
                                                                            Ints]:
        rows = box_rows(self.rules)
        used = open_rows(rows, states)
        offer = rows.in_states(states, used)
        liked = self.liking(offer.gain, rows.row_box[used][:, None])
        chosen = best_rows(rows, liked, used, offer.allowed)
        return (pick(liked, chosen),), used[chosen]

    def liking(self, gain: npt.NDArray[np.int64], box: Ints) -> Array:
        if self.strategy.box_rule is None:
            raise UnknownStrategyError("strategy.error.unknown", name=Given(self.strategy.name),
                                       choices=", ".join(GAME_STRATEGIES))
        points = gain.astype(np.float64)
        if self.strategy.above_par:
            points = points - par_array(self.rules)[box]
        return self.strategy.box_rule(self.rules, points, box)

    def filled(self, card: Scorecard, after: Scorecard, points: int) -> tuple[float, ...]:
        box = self.rules.boxes.index(next(b for b in after.filled if b not in card.filled))
        gain = np.array([[after.total - card.total]])
        return (float(self.liking(gain, np.array([[box]]))[0, 0]),)

    def worth(self, values: Sequence[float], card: Scorecard) -> ChoiceWorth:
        return ChoiceWorth(values[0], math.nan, math.nan)

    def by_points(self) -> bool:
        return False


#: Points far beyond any game: targets and totals are held within ± this in numpy's integers
#: (a need beyond the most a game can score is out of reach however far beyond).
FAR = 10**9


def within_reach(points: int) -> int:
    """``points`` held to ± :data:`FAR`."""
    return min(max(points, -FAR), FAR)


# -- what every objective shares -----------------------------------------------------------------


def plan(objective: Objective, states: Ints, points: npt.NDArray[np.int64]) -> TurnPlan:
    """The objective's choices for a turn in each column (state, points scored so far)."""
    hands, box_row = objective.hands(states, points)
    return plan_turn(hands, box_row, objective.rules.rolls, objective.choose_keeps)


def choice_values(objective: Objective, card: Scorecard, dice: Dice, rolls_left: int,
                  points: int | None = None) -> list[tuple[ChoiceValue, ChoiceWorth]]:
    """Every legal choice of a moment and its worth: a keep (sorted values; keeping all five is
    stopping to score) with rolls left, else a box."""
    scored = card.total if points is None else points
    if rolls_left == 0:
        return [(option.box,
                 objective.worth(objective.filled(card, card.fill(dice, option.box),
                                                  scored), card))
                for option in card.options(dice) if option.allowed]
    state = np.array([objective_state(objective, card)])
    hands, _ = objective.hands(state, np.array([within_reach(scored)], dtype=np.int64))
    now = keeps_worth(hands, rolls_left, objective.choose_keeps)
    stop = now if rolls_left == 1 else keeps_worth(hands, 1, objective.choose_keeps)
    found: list[tuple[ChoiceValue, ChoiceWorth]] = []
    for keep in sub_keeps(dice.hand):
        values = stop if len(keep) == len(dice) else now
        found.append((keep, objective.worth([float(v[KEEP_INDEX[keep], 0]) for v in values],
                                            card)))
    return found


def objective_state(objective: Objective, card: Scorecard) -> int:
    return StateSpace.of(objective.rules).number_of(card)
