"""The scorecard: bonuses, the joker rule under each option, upper_first, and the options table."""

from __future__ import annotations

import pytest

from yacht_edu import (
    BoxUsedError,
    JokerRuleError,
    RuleError,
    Scorecard,
    UpperSectionFirstError,
    get_rules,
)

YAHTZEE = get_rules("yahtzee")
FREE = get_rules("yahtzee", joker="free")
NONE = get_rules("yahtzee", joker="none")
UPPER_FIRST = get_rules("yahtzee", upper_first=True)
FOURS = (4, 4, 4, 4, 4)


def card(rules: object, **filled: int) -> Scorecard:
    return Scorecard.from_filled(filled, rules)  # type: ignore[arg-type]


def allowed(scorecard: Scorecard, dice: tuple[int, ...]) -> set[str]:
    return set(scorecard.allowed(dice))


def test_filling_returns_a_new_card_and_closes_the_box() -> None:
    empty = Scorecard.empty()
    after = empty.fill((5, 5, 5, 2, 1), "fives")
    assert empty.is_open("fives") and not after.is_open("fives")
    assert after["fives"] == 15 and after.total == 15
    with pytest.raises(BoxUsedError):
        after.fill((5, 5, 5, 5, 5), "fives")
    zero = after.fill((1, 2, 3, 4, 6), "yacht")
    assert zero["yacht"] == 0 and not zero.is_open("yacht")  # a 0 closes the box too


def test_upper_bonus_35_at_63() -> None:
    # docs/rules.md#upper-bonus: +35 once, if the six upper boxes total 63 or more.
    almost = card(YAHTZEE, aces=3, twos=6, threes=9, fours=12, fives=15)  # 45
    assert almost.upper_bonus == 0
    at_63 = almost.fill((6, 6, 6, 1, 2), "sixes")  # 45 + 18 = 63
    assert at_63.upper_subtotal == 63 and at_63.upper_bonus == 35 and at_63.total == 98
    below = almost.fill((6, 6, 1, 1, 2), "sixes")  # 57
    assert below.upper_bonus == 0 and below.total == 57
    option = {o.box: o for o in almost.options((6, 6, 6, 1, 2))}["sixes"]
    assert (option.points, option.bonus, option.gain) == (18, 35, 53)


def test_no_upper_bonus_in_yacht() -> None:
    full = card("yacht", ones=5, twos=10, threes=15, fours=20, fives=25, sixes=30)
    assert full.upper_subtotal == 105 and full.upper_bonus == 0 and full.total == 105


def test_yahtzee_bonus_only_while_the_box_holds_50() -> None:
    with_50 = card(YAHTZEE, yahtzee=50)
    after = with_50.fill(FOURS, "fours")
    assert after.yahtzee_bonuses == 1 and after.total == 50 + 20 + 100
    with_0 = card(YAHTZEE, yahtzee=0)
    after_0 = with_0.fill(FOURS, "fours")
    assert after_0.yahtzee_bonuses == 0 and after_0.total == 20
    no_bonus = card(NONE, yahtzee=50).fill(FOURS, "fours")
    assert no_bonus.yahtzee_bonuses == 0


def test_first_five_of_a_kind_is_an_ordinary_roll() -> None:
    empty = Scorecard.empty(YAHTZEE)
    assert allowed(empty, FOURS) == set(YAHTZEE.boxes)
    points = {o.box: o.points for o in empty.options(FOURS)}
    assert points["yahtzee"] == 50 and points["full_house"] == 0 and points["fours"] == 20
    assert all(o.bonus == 0 for o in empty.options(FOURS))


def test_forced_joker_rule_1_the_upper_box_of_that_face() -> None:
    scorecard = card(YAHTZEE, yahtzee=50)
    assert allowed(scorecard, FOURS) == {"fours"}
    with pytest.raises(JokerRuleError, match="Fours"):
        scorecard.fill(FOURS, "full_house")
    reason = {o.box: o.reason for o in scorecard.options(FOURS)}["chance"]
    assert isinstance(reason, JokerRuleError)


def test_forced_joker_rule_2_any_lower_box_at_full_value() -> None:
    scorecard = card(YAHTZEE, yahtzee=50, fours=12)
    lower = {"three_of_a_kind", "four_of_a_kind", "full_house", "small_straight",
             "large_straight", "chance"}
    assert allowed(scorecard, FOURS) == lower
    points = {o.box: o.points for o in scorecard.options(FOURS) if o.allowed}
    assert points == {"three_of_a_kind": 20, "four_of_a_kind": 20, "full_house": 25,
                      "small_straight": 30, "large_straight": 40, "chance": 20}
    assert scorecard.fill(FOURS, "large_straight").total == 50 + 12 + 40 + 100


def test_forced_joker_rule_3_zero_in_an_upper_box_when_the_lower_is_full() -> None:
    lower = dict.fromkeys(YAHTZEE.lower_section, 0)
    scorecard = card(YAHTZEE, fours=8, twos=4, **{**lower, "yahtzee": 50})
    assert allowed(scorecard, FOURS) == {"aces", "threes", "fives", "sixes"}
    after = scorecard.fill(FOURS, "sixes")
    assert after["sixes"] == 0 and after.yahtzee_bonuses == 1


def test_forced_joker_applies_when_the_yahtzee_box_holds_0_without_bonus() -> None:
    scorecard = card(YAHTZEE, yahtzee=0, fours=12)
    options = {o.box: o for o in scorecard.options(FOURS)}
    assert options["full_house"].allowed and options["full_house"].points == 25
    assert options["full_house"].bonus == 0
    assert not options["aces"].allowed


def test_free_joker_any_box_fixed_scores_only_after_the_upper_box() -> None:
    # docs/rules.md#joker-free (Verhoeff's convention).
    open_fours = card(FREE, yahtzee=50)
    assert allowed(open_fours, FOURS) == set(FREE.boxes) - {"yahtzee"}
    points = {o.box: o.points for o in open_fours.options(FOURS)}
    assert points["full_house"] == 0 and points["large_straight"] == 0
    assert all(o.bonus == 100 for o in open_fours.options(FOURS) if o.allowed)
    filled_fours = card(FREE, yahtzee=50, fours=8)
    points = {o.box: o.points for o in filled_fours.options(FOURS)}
    fixed = (points["full_house"], points["small_straight"], points["large_straight"])
    assert fixed == (25, 30, 40)
    assert points["aces"] == 0


def test_no_joker_scores_like_any_roll() -> None:
    scorecard = card(NONE, yahtzee=50)
    assert allowed(scorecard, FOURS) == set(NONE.boxes) - {"yahtzee"}
    points = {o.box: o.points for o in scorecard.options(FOURS)}
    assert points["full_house"] == 0 and points["four_of_a_kind"] == 20
    assert all(o.bonus == 0 for o in scorecard.options(FOURS))


def test_upper_first_closes_the_lower_section() -> None:
    scorecard = Scorecard.empty(UPPER_FIRST)
    assert allowed(scorecard, (1, 2, 3, 4, 5)) == set(UPPER_FIRST.upper_section)
    with pytest.raises(UpperSectionFirstError):
        scorecard.fill((1, 2, 3, 4, 5), "large_straight")
    upper_done = card(UPPER_FIRST, aces=1, twos=2, threes=3, fours=4, fives=5, sixes=6)
    assert allowed(upper_done, (1, 2, 3, 4, 5)) == set(UPPER_FIRST.lower_section)


def test_upper_first_with_forced_joker_falls_back_to_the_upper_section() -> None:
    scorecard = card(UPPER_FIRST, yahtzee=50, fours=16)
    assert allowed(scorecard, FOURS) == {"aces", "twos", "threes", "fives", "sixes"}


def test_options_table_lists_every_box_with_reason() -> None:
    scorecard = card(YAHTZEE, chance=20)
    options = scorecard.options((2, 3, 4, 5, 5))
    assert [o.box for o in options] == list(YAHTZEE.boxes)
    chance = options[-1]
    assert not chance.allowed and chance.points == 20
    assert isinstance(chance.reason, BoxUsedError)
    small = {o.box: o for o in options}["small_straight"]
    assert small.allowed and small.points == 30 and small.reason is None


@pytest.mark.parametrize("points", [-1, 2.5, True, "5"])
def test_from_filled_refuses_impossible_box_scores(points: object) -> None:
    with pytest.raises(RuleError):
        Scorecard.from_filled({"ones": points}, "yacht")  # type: ignore[dict-item]


def test_scorecard_repr_is_stable() -> None:
    assert repr(card("yacht", fives=15)) == "Scorecard(Rules('yacht'), total=15, filled={fives=15})"
