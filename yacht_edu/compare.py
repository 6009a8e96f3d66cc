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

from yacht_edu.checks import items
from yacht_edu.errors import RuleDesignError
from yacht_edu.i18n import Given
from yacht_edu.rules import Rules, RulesLike, get_rules
from yacht_edu.shown import shown_by
from yacht_edu.solver import objective_of, play_forward, solve

__all__ = ["Comparison", "RulesSummary", "compare_rules", "summarise"]



@dataclass(frozen=True)
class RulesSummary:
    """One rule set under optimal play.

    ``points[box]``: the points the box adds on average; ``chance_to_score[box]``: the chance
    that it earns points; ``yacht_share``: the chance that some turn of the game ends with five
    of a kind.
    """

    rules: Rules
    mean: float
    sd: float
    points: Mapping[str, float]
    chance_to_score: Mapping[str, float]
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
        return tuple(dict.fromkeys(box for s in self.summaries for box in s.rules.boxes))

    def _repr_html_(self) -> str:
        return shown_by(self, "yacht_edu.display.compare", "comparison_html")


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
    chosen = items(given, RuleDesignError, "compare.error.not_rule_sets", sets=True,
                   value=Given(given), most=MOST_RULE_SETS)
    if not 1 <= len(chosen) <= MOST_RULE_SETS:
        raise RuleDesignError("compare.error.not_rule_sets", value=Given(given),
                              most=MOST_RULE_SETS)
    return chosen  # type: ignore[return-value]  # each is checked when it is solved


def summarise(rules: RulesLike) -> RulesSummary:
    """One rule set under optimal play: the solver's expected score, and a forward pass
    (kept in memory: a designer compares every variant with the same base)."""
    return _summary(get_rules(rules))


@functools.lru_cache(maxsize=64)
def _summary(ruleset: Rules) -> RulesSummary:
    table = solve(ruleset)
    expected = table.expected()
    points, chance_to_score, share = play_forward(objective_of("optimal", ruleset))
    return RulesSummary(ruleset, float(expected.mean), expected.sd,
                        dict(zip(ruleset.boxes, points.tolist(), strict=True)),
                        dict(zip(ruleset.boxes, chance_to_score.tolist(), strict=True)), share)
