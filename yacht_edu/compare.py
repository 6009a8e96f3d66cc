"""Rule sets side by side under optimal play: what a change did, and where the points moved.

For each rule set: the optimal expected score and its standard deviation (the solver), and —
playing the optimal strategy *forwards* from the empty scorecard, a turn at a time, with the
chance of every scorecard state — how many points each box adds on average, the chance that
each box earns points, and the share of games in which some turn ends with five of a kind.

The box contributions add up to the expected score: the solver's backward answer, reached
forwards (a check the tests make).  A bonus counts in the box whose filling earned it.

>>> from yacht_edu import custom_rules
>>> table = compare_rules(["yacht", custom_rules("yacht", rolls=4)])
>>> [round(s.mean, 2) for s in table]
[166.96, 202.25]
>>> round(table[0].points["yacht"], 2), round(table[1].points["yacht"], 2)  # the yacht box
(13.67, 27.4)
>>> round(table[1].yacht_share, 3)               # games where some turn ends with a yacht
0.556
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from yacht_edu.errors import RuleDesignError
from yacht_edu.hands import HAND_ROLLS, HANDS, KEEPS, ORDERED_ROLLS
from yacht_edu.i18n import Given
from yacht_edu.rules import Rules, RulesLike, get_rules
from yacht_edu.scorecard import Scorecard
from yacht_edu.solver import solve
from yacht_edu.solver.backward import CHUNK, hand_worth, turn_worth
from yacht_edu.solver.states import BoxRows, box_rows, chunks
from yacht_edu.solver.turn import pick, roll_forward

__all__ = ["Comparison", "RulesSummary", "compare_rules", "play_forward", "summarise"]

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]
#: The hands that are five of a kind.
FIVE_OF_A_KIND = np.array([len(set(hand)) == 1 for hand in HANDS])


@dataclass(frozen=True)
class RulesSummary:
    """One rule set under optimal play.

    ``points[box]``: the points the box adds on average; ``scores[box]``: the chance that it
    earns points; ``yacht_share``: the chance that some turn of the game ends with five of a kind.
    """

    rules: Rules
    mean: float
    sd: float
    points: Mapping[str, float]
    scores: Mapping[str, float]
    yacht_share: float

    def label(self, lang: str | None = None) -> str:
        return self.rules.label(lang)


@dataclass(frozen=True)
class Comparison:
    """Several :class:`RulesSummary` side by side (iterate over them, or index them)."""

    summaries: tuple[RulesSummary, ...]

    def __iter__(self) -> Iterator[RulesSummary]:
        return iter(self.summaries)

    def __getitem__(self, index: int) -> RulesSummary:
        return self.summaries[index]

    def __len__(self) -> int:
        return len(self.summaries)

    @property
    def boxes(self) -> tuple[str, ...]:
        """Every box of any of the rule sets, in the order they first appear."""
        return tuple(dict.fromkeys(box for s in self.summaries for box in s.rules.categories))

    def _repr_html_(self) -> str:
        from yacht_edu.display.compare import comparison_html

        return comparison_html(self)


def compare_rules(rule_sets: Iterable[RulesLike]) -> Comparison:
    """The rule sets side by side under optimal play (see the module).

    ``compare_rules(["yacht", custom_rules("yacht", rolls=4)])``; each rule set is solved (or
    read from the cache) first.
    """
    return Comparison(tuple(summarise(rules) for rules in check_rule_sets(rule_sets)))


#: The most rule sets compared at once (each may be a solve of seconds).
MOST_RULE_SETS = 8


def check_rule_sets(given: object) -> tuple[RulesLike, ...]:
    """A list of 1 to :data:`MOST_RULE_SETS` rule sets (each checked when it is solved)."""
    if (isinstance(given, (str, bytes, Mapping)) or not isinstance(given, Iterable)
            or not 1 <= len(chosen := tuple(given)) <= MOST_RULE_SETS):
        raise RuleDesignError("compare.error.not_rule_sets", value=Given(given),
                              most=MOST_RULE_SETS)
    return chosen


def summarise(rules: RulesLike) -> RulesSummary:
    """One rule set under optimal play: the solver's expected score, and a forward pass
    (kept in memory: a designer compares every variant with the same base)."""
    return _summary(get_rules(rules))


@functools.lru_cache(maxsize=64)
def _summary(ruleset: Rules) -> RulesSummary:
    table = solve(ruleset)
    expected = table.expected()
    points, scores, share = play_forward(ruleset)
    return RulesSummary(ruleset, float(expected.mean), expected.sd,
                        dict(zip(ruleset.categories, points.tolist(), strict=True)),
                        dict(zip(ruleset.categories, scores.tolist(), strict=True)), share)


def play_forward(rules: Rules) -> tuple[Floats, Floats, float]:
    """Play optimally from the empty scorecard, carrying the chance of each state from turn to
    turn: per box the average points added and the chance of earning points, and the chance
    that some turn ends with five of a kind."""
    table = solve(rules)
    space = table.space
    at = np.zeros(space.size)  # the chance of being in each state at the start of the turn
    at[space.number_of(Scorecard.empty(rules))] = 1.0
    clean = at.copy()  # ... and of having had no five of a kind so far
    points, scores = np.zeros(space.number_of_boxes), np.zeros(space.number_of_boxes)
    rows = box_rows(rules)
    for _ in range(space.number_of_boxes):
        states = np.flatnonzero(at)
        after, after_clean = np.zeros(space.size), np.zeros(space.size)
        for part in chunks(states, CHUNK):
            here = states[part]
            hand, row = turn_ends(rows, here, table.mean, table.mean_square)
            offer = rows.in_states(here)
            gain, following = pick(offer.gain, row), pick(offer.next, row)
            box = rows.row_box[row]
            weight = hand * at[here]
            np.add.at(points, box, weight * gain)
            np.add.at(scores, box, weight * (gain > 0))
            np.add.at(after, following, weight)
            np.add.at(after_clean, following, hand * clean[here] * ~FIVE_OF_A_KIND[:, None])
        at, clean = after, after_clean
    return points, scores, float(1.0 - clean.sum())


def turn_ends(rows: BoxRows, states: Ints, mean: Floats,
              mean_square: Floats) -> tuple[Floats, Ints]:
    """For each state (a column), played optimally: the chance of ending the turn with each
    hand, and the score row each hand is put in."""
    worth, squares, row = hand_worth(rows, states, mean, mean_square)
    plan = turn_worth(worth, squares, row, rows.space.rules.rolls)
    columns = np.arange(len(states))
    chances = np.repeat((np.array(HAND_ROLLS) / ORDERED_ROLLS)[:, None], len(states), axis=1)
    for keep in reversed(plan.keeps):  # the keep after the first roll first
        on_keeps = np.zeros((len(KEEPS), len(states)))
        np.add.at(on_keeps, (keep, columns[None, :]), chances)
        chances = roll_forward(on_keeps)
    return chances, row
