"""One roll of five dice: count the ordered rolls out of 6^5 = 7,776, as on the board.

Every hand (a sorted multiset of five faces) stands for as many ordered rolls as its faces have
orders: 5-5-5-2-1 for 5!/(3!·1!·1!) = 20 of them.  A chance is a count divided by 7,776.

>>> count_one_roll("four_of_a_kind"), p_one_roll("four_of_a_kind")
(156, 13/648)
>>> one_roll_distribution("yacht")
Distribution({0: 1295/1296, 50: 1/1296})
>>> expected_one_roll("choice")
35/2
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping

from sympy import Expr, Rational, sqrt

from yacht_edu.errors import ArgumentTypeError, RuleError
from yacht_edu.hands import HAND_ROLLS, ORDERED_ROLLS
from yacht_edu.i18n import Given
from yacht_edu.rules import Rules, RulesLike, get_rules, score_table
from yacht_edu.shown import shown_by


def checked(box: str, rules: RulesLike) -> Rules:
    """The rule set, after checking that ``box`` is one of its boxes."""
    ruleset = get_rules(rules)
    ruleset.check_box(box)
    return ruleset


def count_one_roll(box: str, rules: RulesLike = "yacht") -> int:
    """How many of the 7,776 ordered rolls make the box score more than 0."""
    return _count_scoring(checked(box, rules), box)


@functools.lru_cache(maxsize=256)
def _count_scoring(rule_set: Rules, box: str) -> int:
    scores = box_scores(rule_set, box)
    return sum(count for count, points in zip(HAND_ROLLS, scores, strict=True) if points > 0)


def box_scores(rules: RulesLike, box: str) -> tuple[int, ...]:
    """The box's score for each of the 252 hands (a column of :func:`score_table`)."""
    column = get_rules(rules).boxes.index(box)
    return tuple(row[column] for row in score_table(rules))


def p_one_roll(box: str, rules: RulesLike = "yacht") -> Rational:
    """The chance that one roll of five dice qualifies for ``box`` (scores more than 0).

    >>> p_one_roll("yacht"), p_one_roll("little_straight"), p_one_roll("choice")
    (1/1296, 5/324, 1)
    """
    return Rational(count_one_roll(box, rules), ORDERED_ROLLS)


class Distribution(Mapping[int, Rational]):
    """The chance of every score a box can take: an immutable mapping score -> sympy.Rational.

    >>> d = one_roll_distribution("fours")
    >>> d[8], d.mean, d.variance
    (625/3888, 10/3, 100/9)
    """

    __slots__ = ("_chances",)

    def __init__(self, chances: Mapping[int, Rational]) -> None:
        self._chances = {score: Rational(chances[score]) for score in sorted(chances)}
        if sum(self._chances.values()) != 1 or any(p < 0 for p in self._chances.values()):
            raise RuleError("probability.error.bad_distribution")

    def __getitem__(self, score: int) -> Rational:
        return self._chances[score]

    def __iter__(self) -> Iterator[int]:
        return iter(self._chances)

    def __len__(self) -> int:
        return len(self._chances)

    @property
    def mean(self) -> Rational:
        """The expected score: the sum of score × chance."""
        return sum((score * p for score, p in self._chances.items()), Rational(0))

    @property
    def variance(self) -> Rational:
        """The expected squared distance from the mean."""
        mean = self.mean
        return sum(((score - mean) ** 2 * p for score, p in self._chances.items()), Rational(0))

    @property
    def sd(self) -> Expr:
        """The standard deviation, exactly (a square root)."""
        return sqrt(self.variance)

    def variable(self, name: str = "X") -> Expr:
        """This distribution as a :mod:`sympy.stats` random variable, for ``P``, ``E``, ...

        >>> from sympy.stats import E, P
        >>> X = one_roll_distribution("sixes").variable("S")
        >>> E(X), P(X >= 12)
        (5, 763/3888)
        """
        from sympy.stats import FiniteRV

        return FiniteRV(name, dict(self._chances))

    def __repr__(self) -> str:
        shown = ", ".join(f"{score}: {p}" for score, p in self._chances.items())
        return f"Distribution({{{shown}}})"

    def _repr_html_(self) -> str:
        return shown_by(self, "yacht_edu.display.tables", "distribution_html")


def explain_one_roll(box: str, rules: RulesLike = "yacht", lang: str | None = None) -> str:
    """The counting argument in one sentence: the count out of 7,776, the chance in lowest
    terms and its decimal (written by :func:`yacht_edu.display.explain.one_roll_sentence`).

    >>> explain_one_roll("choice", lang="en")
    'Of the 7776 ordered rolls of five dice, 7776 score in Choice: P = 7776/7776 = 1.'
    """
    return shown_by(box, "yacht_edu.display.explain", "one_roll_sentence",
                    count_one_roll(box, rules), lang)


def one_roll_distribution(box: str, rules: RulesLike = "yacht") -> Distribution:
    """The chance of every score the box can take after one roll of five dice."""
    return _distribution(checked(box, rules), box)


@functools.lru_cache(maxsize=256)
def _distribution(rule_set: Rules, box: str) -> Distribution:
    counts: dict[int, int] = {}
    for points, count in zip(box_scores(rule_set, box), HAND_ROLLS, strict=True):
        counts[points] = counts.get(points, 0) + count
    return Distribution({score: Rational(c, ORDERED_ROLLS) for score, c in counts.items()})


def expected_one_roll(box: str, rules: RulesLike = "yacht") -> Rational:
    """The expected score of the box after one roll of five dice.

    >>> expected_one_roll("yacht"), expected_one_roll("four_of_a_kind", "yacht_sum4")
    (25/648, 455/1296)
    """
    return one_roll_distribution(box, rules).mean


def score_variable(box: str, rules: RulesLike = "yacht", name: str | None = None) -> Expr:
    """The box's score after one roll as a :mod:`sympy.stats` random variable.

    >>> from sympy.stats import E, P, variance
    >>> X = score_variable("choice")
    >>> E(X), variance(X), P(X >= 25)
    (35/2, 175/12, 7/216)
    """
    if name is not None and not isinstance(name, str):
        raise ArgumentTypeError("error.not_text", name="name", example='"X"', given=Given(name))
    return one_roll_distribution(box, rules).variable(name or box)


def clear_one_roll_caches() -> None:
    """Forget the counted rolls and distributions (for benchmarks measuring a cold start)."""
    _count_scoring.cache_clear()
    _distribution.cache_clear()
