"""One roll of five dice: every chance against brute force over the 7,776 ordered rolls.

The brute force here enumerates ``itertools.product(range(1, 7), repeat=5)`` and scores each
ordered roll with the model's ``score``; it shares nothing with the counting by multisets in
``yacht_edu.probability.one_roll``.
"""

from __future__ import annotations

import functools
import itertools
import pathlib
import re
from collections import Counter

import pytest
import sympy
from sympy.stats import E, P, variance

from yacht_edu import UnknownBoxError, UnknownRulesError, get_rules, score
from yacht_edu.hands import ORDERED_ROLLS
from yacht_edu.i18n import catalog, plural_catalog
from yacht_edu.probability import (
    Distribution,
    count_one_roll,
    expected_one_roll,
    one_roll_distribution,
    p_one_roll,
)
from yacht_edu.probability.one_roll import score_variable
from yacht_edu.rules import RULE_SETS

EVERY_BOX = [(rules, c) for rules in RULE_SETS for c in get_rules(rules).boxes]
ORDERED = list(itertools.product(range(1, 7), repeat=5))


@functools.cache
def scored(faces: tuple[int, ...], box: str, rules: str) -> int:
    """The model's score, remembered for the faces in any order (the 7,776 rolls repeat them)."""
    return score(faces, box, rules)


def brute_scores(box: str, rules: str) -> Counter[int]:
    """How many ordered rolls give each score."""
    return Counter(scored(tuple(sorted(roll)), box, rules) for roll in ORDERED)


def test_there_are_7776_ordered_rolls() -> None:
    assert ORDERED_ROLLS == len(ORDERED) == 7776


# docs/rules.md#exact-chances: one roll of five dice, out of 7,776 ordered rolls.
@pytest.mark.parametrize(
    ("box", "rules", "count"),
    [
        ("yacht", "yacht", 6),  # five of a kind
        ("yahtzee", "yahtzee", 6),
        ("four_of_a_kind", "yacht", 156),  # at least four of a kind
        ("four_of_a_kind", "yahtzee", 156),
        ("three_of_a_kind", "yahtzee", 1656),  # at least three of a kind
        ("full_house", "yacht", 300),  # three and a *different* two
        ("full_house", "yahtzee", 300),
        ("small_straight", "yahtzee", 1200),  # four in a row, large included
        ("large_straight", "yahtzee", 240),  # five in a row
        ("little_straight", "yacht", 120),  # exactly 1-2-3-4-5
        ("big_straight", "yacht", 120),  # exactly 2-3-4-5-6, by the mirror 7 - face
    ],
)
def test_published_one_roll_counts(box: str, rules: str, count: int) -> None:
    assert count_one_roll(box, rules) == count
    assert p_one_roll(box, rules) == sympy.Rational(count, 7776)


@pytest.mark.parametrize(("rules", "box"), EVERY_BOX)
def test_one_roll_equals_brute_force(rules: str, box: str) -> None:
    counts = brute_scores(box, rules)
    scoring = sum(c for points, c in counts.items() if points > 0)
    assert count_one_roll(box, rules) == scoring
    assert p_one_roll(box, rules) == sympy.Rational(scoring, 7776)
    assert isinstance(p_one_roll(box, rules), sympy.Rational)
    assert dict(one_roll_distribution(box, rules)) == {
        points: sympy.Rational(c, 7776) for points, c in counts.items()
    }
    total = sum(points * c for points, c in counts.items())
    assert expected_one_roll(box, rules) == sympy.Rational(total, 7776)


@pytest.mark.parametrize(("rules", "box"), EVERY_BOX)
def test_chances_are_probabilities(rules: str, box: str) -> None:
    assert 0 <= p_one_roll(box, rules) <= 1
    distribution = one_roll_distribution(box, rules)
    assert sum(distribution.values()) == 1
    assert all(p > 0 for p in distribution.values())
    assert list(distribution) == sorted(distribution)


def test_always_scoring_boxes_give_the_chance_to_score_more_than_zero() -> None:
    assert p_one_roll("choice") == 1
    assert p_one_roll("ones") == 1 - sympy.Rational(5, 6) ** 5  # no die shows 1: (5/6)^5
    assert one_roll_distribution("ones")[0] == sympy.Rational(5, 6) ** 5


def test_options_of_yahtzee_do_not_change_one_roll() -> None:
    for joker in ("forced", "free", "none"):
        rules = get_rules("yahtzee", joker=joker, upper_first=True)
        assert p_one_roll("yahtzee", rules) == sympy.Rational(6, 7776)


def test_yacht_sum4_four_of_a_kind_scores_all_five_dice() -> None:
    # docs/rules.md#yacht-sum4: 4-4-4-4-1 = 17 in the folk variant, 16 in yacht; the same chance
    # to qualify.
    assert p_one_roll("four_of_a_kind", "yacht_sum4") == p_one_roll("four_of_a_kind", "yacht")
    assert 17 in one_roll_distribution("four_of_a_kind", "yacht_sum4")
    assert 17 not in one_roll_distribution("four_of_a_kind", "yacht")
    # source 003's maximum (docs/rules.md#yacht-sum4)
    assert max(one_roll_distribution("four_of_a_kind", "yacht_sum4")) == 30


def test_distribution_mean_and_variance_by_hand() -> None:
    # Choice is the sum of five dice: mean 5 · 7/2, variance 5 · 35/12 (one die: 35/12).
    choice = one_roll_distribution("choice")
    assert choice.mean == sympy.Rational(35, 2)
    assert choice.variance == sympy.Rational(175, 12)
    assert choice.sd == sympy.sqrt(sympy.Rational(175, 12))
    # Sixes is 6 × Binomial(5, 1/6): mean 5, variance 36 · 5 · 1/6 · 5/6.
    sixes = one_roll_distribution("sixes")
    assert sixes.mean == 5
    assert sixes.variance == 25
    assert sixes[30] == sympy.Rational(1, 7776)


def test_sympy_stats_variable() -> None:
    X = score_variable("choice")  # noqa: N806 - a random variable is a capital letter
    assert E(X) == expected_one_roll("choice")
    assert variance(X) == sympy.Rational(175, 12)
    by_brute = sum(1 for roll in ORDERED if sum(roll) >= 25)
    assert P(X >= 25) == sympy.Rational(by_brute, 7776)
    Y = score_variable("yacht", name="Y")  # noqa: N806
    assert str(Y) == "Y"
    assert P(sympy.Eq(Y, 50)) == sympy.Rational(1, 1296)


def test_distribution_is_an_immutable_mapping() -> None:
    d = one_roll_distribution("yacht")
    assert d == {0: sympy.Rational(1295, 1296), 50: sympy.Rational(1, 1296)}
    assert repr(d) == "Distribution({0: 1295/1296, 50: 1/1296})"
    with pytest.raises(TypeError):
        d[0] = 1  # type: ignore[index]
    assert "<table" in d._repr_html_() and "1/1296 ≈ 0.0008" in d._repr_html_()
    with pytest.raises(ValueError, match="add up to 1"):
        Distribution({0: sympy.Rational(1, 2)})


def test_unknown_box_or_rules() -> None:
    with pytest.raises(UnknownBoxError, match="choice"):
        p_one_roll("chance", "yacht")  # chance is a yahtzee box
    with pytest.raises(UnknownRulesError):
        p_one_roll("yacht", "poker")
    with pytest.raises(UnknownBoxError):
        one_roll_distribution("sevens")


def test_every_message_id_of_the_part_is_in_the_english_catalog() -> None:
    import yacht_edu.plots
    import yacht_edu.probability as probability

    sources = [pathlib.Path(yacht_edu.plots.__file__)]
    sources += pathlib.Path(probability.__file__).parent.glob("*.py")
    used = {m for path in sources for m in re.findall(r"""["'](probability\.[a-z_.]+)["']""",
                                                       path.read_text(encoding="utf-8"))}
    used.discard("probability.po")
    assert used
    english = set(catalog("en")) | set(plural_catalog("en"))
    assert used <= english, used - english

