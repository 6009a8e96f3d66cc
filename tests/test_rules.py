"""Scoring: every edge case of docs/rules.md and a table of (dice, box, rule set) -> score."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import yacht_edu as ye
from yacht_edu import InvalidDiceError, UnknownBoxError, UnknownRulesError

# (dice, box, rule set, score): docs/rules.md and the sources it names (#sources).
CASES = [
    # yacht — docs/rules.md#yacht (sources 000/001/004)
    ((5, 5, 5, 2, 1), "fives", "yacht", 15),  # the sources' own example
    ((5, 5, 5, 2, 1), "ones", "yacht", 1),
    ((5, 5, 5, 2, 1), "twos", "yacht", 2),
    ((5, 5, 5, 2, 1), "threes", "yacht", 0),
    ((5, 5, 5, 2, 1), "sixes", "yacht", 0),
    ((4, 4, 4, 4, 4), "fours", "yacht", 20),
    ((6, 6, 6, 6, 6), "sixes", "yacht", 30),
    ((1, 1, 1, 1, 1), "ones", "yacht", 5),
    ((3, 3, 3, 5, 5), "full_house", "yacht", 19),
    ((6, 6, 6, 5, 5), "full_house", "yacht", 28),
    ((2, 2, 6, 6, 6), "full_house", "yacht", 22),
    ((3, 3, 3, 3, 3), "full_house", "yacht", 0),  # five of a kind is not a full house
    ((3, 3, 3, 3, 5), "full_house", "yacht", 0),
    ((3, 3, 3, 4, 5), "full_house", "yacht", 0),
    ((3, 3, 3, 3, 5), "four_of_a_kind", "yacht", 12),  # the fifth die never counts
    ((3, 3, 3, 3, 3), "four_of_a_kind", "yacht", 12),  # five of a kind is four of a kind
    ((6, 6, 6, 6, 1), "four_of_a_kind", "yacht", 24),
    ((1, 6, 6, 6, 6), "four_of_a_kind", "yacht", 24),
    ((6, 6, 6, 1, 1), "four_of_a_kind", "yacht", 0),
    ((1, 2, 3, 4, 5), "little_straight", "yacht", 30),
    ((5, 4, 3, 2, 1), "little_straight", "yacht", 30),
    ((2, 3, 4, 5, 6), "little_straight", "yacht", 0),
    ((2, 3, 4, 5, 6), "big_straight", "yacht", 30),
    ((6, 2, 5, 3, 4), "big_straight", "yacht", 30),
    ((1, 2, 3, 4, 5), "big_straight", "yacht", 0),
    ((1, 2, 3, 4, 6), "little_straight", "yacht", 0),
    ((1, 2, 3, 4, 4), "little_straight", "yacht", 0),
    ((1, 2, 3, 4, 5), "choice", "yacht", 15),
    ((6, 6, 6, 6, 6), "choice", "yacht", 30),
    ((1, 1, 1, 1, 1), "choice", "yacht", 5),
    ((4, 4, 4, 4, 4), "yacht", "yacht", 50),
    ((4, 4, 4, 4, 3), "yacht", "yacht", 0),
    # yacht_sum4 — docs/rules.md#yacht-sum4 (source 003)
    ((4, 4, 4, 4, 1), "four_of_a_kind", "yacht_sum4", 17),
    ((6, 6, 6, 6, 6), "four_of_a_kind", "yacht_sum4", 30),
    ((1, 4, 4, 4, 4), "four_of_a_kind", "yacht_sum4", 17),  # source 003's worked example
    ((3, 3, 3, 3, 3), "four_of_a_kind", "yacht_sum4", 15),
    ((3, 3, 3, 2, 2), "four_of_a_kind", "yacht_sum4", 0),
    ((6, 6, 6, 5, 5), "full_house", "yacht_sum4", 28),  # source 003: full house at most 28
    ((5, 5, 5, 5, 5), "full_house", "yacht_sum4", 0),
    ((1, 2, 3, 4, 5), "little_straight", "yacht_sum4", 30),
    ((2, 3, 4, 5, 6), "big_straight", "yacht_sum4", 30),
    ((2, 2, 4, 4, 6), "choice", "yacht_sum4", 18),
    ((2, 2, 2, 2, 2), "yacht", "yacht_sum4", 50),
    ((1, 1, 2, 2, 1), "ones", "yacht_sum4", 3),
    ((1, 1, 2, 2, 1), "twos", "yacht_sum4", 4),
    ((3, 3, 3, 2, 1), "threes", "yacht_sum4", 9),
    ((4, 6, 4, 2, 1), "fours", "yacht_sum4", 8),
    ((5, 6, 5, 5, 5), "fives", "yacht_sum4", 20),
    ((6, 6, 6, 6, 6), "sixes", "yacht_sum4", 30),
    # yahtzee — docs/rules.md#yahtzee, source 002 (no scorecard context: no bonus, no joker)
    ((1, 1, 1, 2, 3), "aces", "yahtzee", 3),
    ((2, 2, 5, 5, 6), "twos", "yahtzee", 4),
    ((3, 3, 5, 5, 3), "threes", "yahtzee", 9),
    ((4, 4, 4, 4, 1), "fours", "yahtzee", 16),
    ((5, 1, 1, 1, 1), "fives", "yahtzee", 5),
    ((6, 6, 1, 1, 6), "sixes", "yahtzee", 18),
    ((3, 3, 3, 4, 5), "three_of_a_kind", "yahtzee", 18),
    ((3, 3, 4, 4, 5), "three_of_a_kind", "yahtzee", 0),
    ((6, 6, 6, 6, 2), "three_of_a_kind", "yahtzee", 26),
    ((6, 6, 6, 6, 2), "four_of_a_kind", "yahtzee", 26),  # sum of all five
    ((6, 6, 6, 2, 2), "four_of_a_kind", "yahtzee", 0),
    ((5, 5, 5, 5, 5), "four_of_a_kind", "yahtzee", 25),
    ((2, 2, 3, 3, 3), "full_house", "yahtzee", 25),
    ((2, 2, 2, 2, 2), "full_house", "yahtzee", 0),  # no joker without a scorecard
    ((1, 2, 3, 4, 6), "small_straight", "yahtzee", 30),
    ((3, 4, 5, 6, 6), "small_straight", "yahtzee", 30),
    ((1, 3, 4, 5, 6), "small_straight", "yahtzee", 30),
    ((1, 2, 3, 5, 6), "small_straight", "yahtzee", 0),
    ((1, 2, 3, 4, 5), "small_straight", "yahtzee", 30),  # a large straight holds a small one
    ((1, 2, 3, 4, 5), "large_straight", "yahtzee", 40),
    ((2, 3, 4, 5, 6), "large_straight", "yahtzee", 40),
    ((1, 2, 3, 4, 6), "large_straight", "yahtzee", 0),
    ((6, 6, 6, 6, 6), "yahtzee", "yahtzee", 50),
    ((6, 6, 6, 6, 5), "yahtzee", "yahtzee", 0),
    ((6, 5, 4, 3, 1), "chance", "yahtzee", 19),
]


@pytest.mark.parametrize(("dice", "box", "rules", "expected"), CASES)
def test_score_table(dice: tuple[int, ...], box: str, rules: str, expected: int) -> None:
    assert ye.score(dice, box, rules) == expected
    assert ye.score(ye.Dice(dice), box, ye.get_rules(rules)) == expected


def test_the_table_is_large_and_covers_every_box() -> None:
    assert len(CASES) >= 60
    for rules in ("yacht", "yacht_sum4", "yahtzee"):
        assert {c for _, c, r, _ in CASES if r == rules} == set(ye.categories(rules))


def test_categories_in_scorecard_order() -> None:
    assert ye.categories() == (
        "ones", "twos", "threes", "fours", "fives", "sixes",
        "full_house", "four_of_a_kind", "little_straight", "big_straight", "choice", "yacht",
    )
    assert ye.categories("yacht_sum4") == ye.categories("yacht")
    assert ye.categories("yahtzee") == (
        "aces", "twos", "threes", "fours", "fives", "sixes",
        "three_of_a_kind", "four_of_a_kind", "full_house", "small_straight", "large_straight",
        "yahtzee", "chance",
    )


def test_rules_repr_shows_name_and_options() -> None:
    assert repr(ye.get_rules()) == "Rules('yacht')"
    assert repr(ye.get_rules("yahtzee")) == "Rules('yahtzee', joker='forced', upper_first=False)"
    rules = ye.get_rules("yahtzee", joker="none", upper_first=True)
    assert repr(rules) == "Rules('yahtzee', joker='none', upper_first=True)"
    assert ye.get_rules(rules) is rules
    assert ye.get_rules(rules, joker="free").joker == "free"
    assert ye.get_rules("yahtzee", joker="free") == ye.get_rules("yahtzee", joker="free")


@pytest.mark.parametrize(
    ("name", "variant"),
    [("yachtz", {}), ("yahtzee", {"joker": "sometimes"}), ("yahtzee", {"upper_first": "yes"}),
     ("yacht", {"joker": "free"}), ("yacht", {"upper_first": True}), ("yahtzee", {"bonus": 1})],
)
def test_unknown_rules_are_refused(name: str, variant: dict[str, object]) -> None:
    with pytest.raises(UnknownRulesError) as error:
        ye.get_rules(name, **variant)
    assert isinstance(error.value, ye.RuleError)
    assert isinstance(error.value, ValueError)


def test_unknown_box_names_the_choices() -> None:
    with pytest.raises(UnknownBoxError, match="little_straight"):
        ye.score((1, 2, 3, 4, 5), "small_straight", "yacht")
    with pytest.raises(UnknownBoxError):
        ye.score((1, 2, 3, 4, 5), "ones", "yahtzee")  # yahtzee calls it aces


@pytest.mark.parametrize(
    "dice", [(1, 2, 3, 4), (1, 2, 3, 4, 5, 6), (0, 1, 2, 3, 4), (7, 1, 2, 3, 4),
             (True, 1, 2, 3, 4), (1.0, 2, 3, 4, 5), ("1", 2, 3, 4, 5), (None, 1, 2, 3, 4), ()],
)
def test_wrong_dice_are_refused(dice: tuple[object, ...]) -> None:
    with pytest.raises(InvalidDiceError):
        ye.score(dice, "choice")  # type: ignore[arg-type]


five_dice = st.lists(st.integers(1, 6), min_size=5, max_size=5)
rule_names = st.sampled_from(["yacht", "yacht_sum4", "yahtzee"])


@given(five_dice, rule_names)
def test_choice_is_the_sum_and_bounds_every_upper_box(dice: list[int], rules: str) -> None:
    total = ye.score(dice, "chance" if rules == "yahtzee" else "choice", rules)
    assert total == sum(dice)
    for box in ye.get_rules(rules).upper_section:
        assert 0 <= ye.score(dice, box, rules) <= total


@given(five_dice)
def test_sum4_four_of_a_kind_never_below_yacht(dice: list[int]) -> None:
    assert ye.score(dice, "four_of_a_kind", "yacht_sum4") >= ye.score(dice, "four_of_a_kind")


@given(five_dice, rule_names)
def test_scores_are_never_negative_and_order_does_not_matter(dice: list[int], rules: str) -> None:
    for box in ye.categories(rules):
        points = ye.score(dice, box, rules)
        assert points >= 0
        assert points == ye.score(sorted(dice, reverse=True), box, rules)


@pytest.mark.slow  # half a second or more (the fast loop keeps under a minute and a quarter)
def test_the_maxima_of_source_003() -> None:
    # docs/rules.md#yacht-sum4, source 003 (Hindi folk Yacht page): four of a kind <= 30,
    # full house <= 28, choice <= 30,
    # sixes <= 30 ... ones <= 5 — checked over all 7,776 ordered rolls.
    rolls = list(itertools.product(range(1, 7), repeat=5))
    best = {c: max(ye.score(r, c, "yacht_sum4") for r in rolls) for c in ye.categories()}
    assert best["four_of_a_kind"] == 30
    assert best["full_house"] == 28
    assert best["choice"] == 30
    for face, box in enumerate(ye.get_rules().upper_section, start=1):
        assert best[box] == 5 * face
