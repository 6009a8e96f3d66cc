"""A whole turn: the backward induction over hands against an independent brute force.

The brute force works on *ordered* rolls: an array over the 7,776 ordered dice, and at each roll
the best of the 32 subsets of positions to keep, each averaged over every ordered outcome of the
thrown positions (a numpy sum over those axes).  Worths stay whole numbers (scaled by 6^(5r)) so
the comparison is exact.  It shares nothing with ``yacht_edu.probability.turn`` but the model's
``score``.
"""

from __future__ import annotations

import functools
import itertools
import math
import random

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.examples import examples
from yacht_edu import Dice, InvalidDiceError, InvalidKeepError, UnknownBoxError, get_rules
from yacht_edu.policies import STRATEGIES, TURN_STRATEGIES, UnknownStrategyError
from yacht_edu.probability import (
    best_expected,
    best_keep,
    chances,
    keep_values,
    p_one_roll,
    p_within,
    simulate_turns,
)
from yacht_edu.probability.errors import InvalidRollsError, UnknownAimError
from yacht_edu.rules import RULE_SETS, score

EVERY_BOX = [(rules, c) for rules in RULE_SETS for c in get_rules(rules).boxes]
SHAPE = (6,) * 5
SUBSETS = list(itertools.product((False, True), repeat=5))  # which positions are kept


@functools.cache
def last_roll_worths(box: str, rules: str, aim: str) -> np.ndarray:
    """Over the ordered rolls: 1 where the box is made (or the score), with no roll to come."""
    by_hand: dict[tuple[int, ...], int] = {}
    worths = []
    for roll in itertools.product(range(1, 7), repeat=5):
        hand = tuple(sorted(roll))
        if hand not in by_hand:
            by_hand[hand] = score(hand, box, rules)
        worths.append(by_hand[hand] if aim == "score" else int(by_hand[hand] > 0))
    return np.array(worths, dtype=np.int64).reshape(SHAPE)


def one_more_roll(worths: np.ndarray) -> np.ndarray:
    """Worths with one more roll to come: the best of the 32 subsets of positions to keep."""
    best = np.zeros(SHAPE, dtype=np.int64)
    for kept in SUBSETS:
        thrown = tuple(i for i in range(5) if not kept[i])
        total = worths.sum(axis=thrown, keepdims=True) * 6 ** (5 - len(thrown))
        best = np.maximum(best, np.broadcast_to(total, SHAPE))
    return best


@functools.cache
def brute_worths(box: str, rules: str, aim: str, rolls_left: int) -> np.ndarray:
    """Worths over the ordered rolls, scaled by 6^(5 · rolls_left); int64 holds them to 3."""
    assert rolls_left <= 3
    if rolls_left == 0:
        return last_roll_worths(box, rules, aim)
    return one_more_roll(brute_worths(box, rules, aim, rolls_left - 1))


def brute_fresh(box: str, rules: str, aim: str, rolls: int) -> sympy.Rational:
    """A fresh turn: the average over the 7,776 first rolls of their worth, rolls - 1 to come."""
    total = int(brute_worths(box, rules, aim, rolls - 1).sum())
    return sympy.Rational(total, 6 ** (5 * rolls))


def brute_from(dice: tuple[int, ...], box: str, rules: str, aim: str,
               rolls_left: int) -> sympy.Rational:
    worth = int(brute_worths(box, rules, aim, rolls_left)[tuple(d - 1 for d in dice)])
    return sympy.Rational(worth, 6 ** (5 * rolls_left))


# -- published figures -------------------------------------------------------------------------


def test_five_of_a_kind_within_three_rolls_keeping_the_most_common_face() -> None:
    # docs/rules.md#exact-chances / OEIS A096256: 2783176/60466176 = 347897/7558272 ≈ 0.04603.
    expected = sympy.Rational(2783176, 60466176)
    assert expected == sympy.Rational(347897, 7558272)
    assert p_within("yacht", 3, "yacht", "keep_most_common") == expected
    assert p_within("yahtzee", 3, "yahtzee", "keep_most_common") == expected
    assert brute_fresh("yacht", "yacht", "chance", 3) == expected  # best play does no better


# -- against the brute force on ordered rolls --------------------------------------------------


@pytest.mark.parametrize(("rules", "box"), EVERY_BOX)
def test_optimal_chance_equals_brute_force(rules: str, box: str) -> None:
    for rolls in (1, 2, 3):
        assert p_within(box, rolls, rules) == brute_fresh(box, rules, "chance", rolls)


@pytest.mark.parametrize(("rules", "box"), EVERY_BOX)
def test_best_expected_equals_brute_force(rules: str, box: str) -> None:
    for rolls in (1, 2, 3):
        assert best_expected(box, rolls, rules) == brute_fresh(box, rules, "score", rolls)


@pytest.mark.parametrize(
    ("rules", "box"),
    [("yacht", "full_house"), ("yacht", "big_straight"), ("yahtzee", "small_straight"),
     ("yacht_sum4", "four_of_a_kind")],
)
def test_from_every_hand_equals_brute_force(rules: str, box: str) -> None:
    for hand in itertools.combinations_with_replacement(range(1, 7), 5):
        shuffled = tuple(random.Random(sum(hand)).sample(hand, 5))  # the order must not matter
        for rolls_left in (0, 1, 2):
            for aim, question in (("chance", p_within), ("score", best_expected)):
                exact = question(box, rolls_left, rules, dice=shuffled)
                assert exact == brute_from(hand, box, rules, aim, rolls_left)


def test_one_roll_is_the_first_of_the_turn() -> None:
    for rules, box in EVERY_BOX:
        assert p_within(box, 1, rules) == p_one_roll(box, rules)


# -- against a seeded Monte-Carlo simulation ----------------------------------------------------


def simulated_share(box: str, rules: str, turns: int, seed: int) -> float:
    """Play ``turns`` turns with Python's own dice and :func:`best_keep`; the share made."""
    rng = random.Random(seed)
    made = 0
    for _ in range(turns):
        dice = [rng.randint(1, 6) for _ in range(5)]
        for rolls_left in (2, 1):
            kept = list(best_keep(box, dice, rolls_left, rules))
            dice = kept + [rng.randint(1, 6) for _ in range(5 - len(kept))]
        made += score(dice, box, rules) > 0
    return made / turns


@pytest.mark.parametrize(
    ("rules", "box"),
    [("yacht", "yacht"), ("yacht", "full_house"), ("yahtzee", "large_straight"),
     ("yahtzee", "three_of_a_kind")],
)
def test_optimal_chance_agrees_with_monte_carlo(rules: str, box: str) -> None:
    turns = 4000
    exact = p_within(box, 3, rules)
    estimate = simulated_share(box, rules, turns, seed=2024)
    standard_error = math.sqrt(float(exact * (1 - exact)) / turns)
    assert abs(estimate - float(exact)) < 4 * standard_error


def test_simulate_turns_is_seeded_and_agrees() -> None:
    turns = simulate_turns("full_house", trials=3000, seed=7)
    assert turns == simulate_turns("full_house", trials=3000, seed=7)
    assert turns != simulate_turns("full_house", trials=3000, seed=8)
    assert all(isinstance(dice, Dice) for dice in turns)
    exact = p_within("full_house")
    share = sum(score(d, "full_house") > 0 for d in turns) / len(turns)
    assert abs(share - float(exact)) < 4 * math.sqrt(float(exact * (1 - exact)) / len(turns))
    assert simulate_turns("yacht", rolls=1, trials=0) == []


def test_simulate_a_named_strategy() -> None:
    turns = simulate_turns("yacht", strategy="reroll_all", trials=3000, seed=3)
    exact = p_within("yacht", strategy="reroll_all")
    share = sum(len(set(d)) == 1 for d in turns) / len(turns)
    assert abs(share - float(exact)) < 4 * math.sqrt(float(exact * (1 - exact)) / len(turns))


# -- sanity a learner can see ------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "box"), EVERY_BOX)
def test_chances_are_probabilities_and_grow_with_rolls(rules: str, box: str) -> None:
    before = sympy.Integer(0)
    for rolls in range(1, 6):
        now = p_within(box, rolls, rules)
        assert 0 <= now <= 1
        assert now >= before
        before = now


@pytest.mark.parametrize(("rules", "box"), EVERY_BOX)
def test_optimal_is_never_worse_than_a_named_strategy(rules: str, box: str) -> None:
    for rolls in (1, 2, 3, 4):
        best = p_within(box, rolls, rules)
        for name in TURN_STRATEGIES:
            assert p_within(box, rolls, rules, name) <= best


def test_reroll_all_is_repeated_independent_tries() -> None:
    # Rolling all five every time: n independent tries, so 1 - (1 - p)^n.
    for box in ("yacht", "full_house", "little_straight"):
        p = p_one_roll(box)
        for rolls in range(1, 8):
            assert p_within(box, rolls, strategy="reroll_all") == 1 - (1 - p) ** rolls


def test_best_play_for_of_a_kind_is_keeping_the_most_common_face() -> None:
    for rules, box in (("yacht", "yacht"), ("yacht", "four_of_a_kind"),
                            ("yahtzee", "three_of_a_kind")):
        for rolls in range(1, 11):
            assert p_within(box, rolls, rules) == p_within(
                box, rolls, rules, "keep_most_common")


def test_a_learners_own_strategy(capsys: pytest.CaptureFixture[str]) -> None:
    def keep_sixes(dice: Dice, rolls_left: int) -> list[int]:
        return [d for d in dice if d == 6]

    # Sixes: a die that is not yet a six gets 3 tries, so at least one six among five dice.
    assert p_within("sixes", 3, strategy=keep_sixes) == 1 - sympy.Rational(5, 6) ** 15
    # For yacht, hunting sixes is worse than keeping the most common face.
    assert p_within("yacht", 3, strategy=keep_sixes) < p_within("yacht", 3)
    capsys.readouterr()

    def keep_nothing(dice: Dice, rolls_left: int) -> tuple[int, ...]:
        print(*dice, rolls_left)  # run where it can be stopped: what it prints is shown here
        return ()

    assert p_within("yacht", 2, strategy=keep_nothing) == 1 - sympy.Rational(1295, 1296) ** 2
    calls = [[int(n) for n in line.split()] for line in capsys.readouterr().out.splitlines()]
    assert len(calls) == 252 - 6 and {rolls_left for *_, rolls_left in calls} == {1}
    assert all(len(set(dice)) > 1 for *dice, _ in calls)  # a made box is never asked about


def test_a_strategy_must_keep_dice_it_has() -> None:
    with pytest.raises(InvalidKeepError, match="Keep only dice you have"):
        p_within("yacht", 2, strategy=lambda dice, rolls_left: (7,))
    with pytest.raises(InvalidKeepError, match="Keep only dice you have"):
        p_within("yacht", 2, strategy=lambda dice, rolls_left: (dice[0],) * 5 if dice[0] != dice[1]
                 else ())
    with pytest.raises(InvalidKeepError, match="values of the dice"):
        p_within("yacht", 2, strategy=lambda dice, rolls_left: (1, "six"))  # type: ignore


def test_from_dice_in_hand() -> None:
    assert p_within("yacht", 0, dice=(6, 6, 6, 6, 6)) == 1
    assert p_within("yacht", 0, dice=(6, 6, 6, 6, 2)) == 0
    assert p_within("yacht", 1, dice=Dice(6, 2, 6, 6, 6)) == sympy.Rational(1, 6)
    # Two rolls to throw the last die: 1 - (5/6)^2.
    assert p_within("yacht", 2, dice=[6, 6, 6, 6, 2]) == 1 - sympy.Rational(25, 36)
    assert best_expected("choice", 0, dice=(1, 2, 3, 4, 5)) == 15
    # Keep the 6, roll four dice, keep each die of 4 or more (expected 4.25): 6 + 4 · 17/4.
    assert best_expected("choice", 2, dice=(6, 1, 1, 1, 1)) == 6 + 4 * sympy.Rational(17, 4)


def test_chances_for_the_widgets_panel() -> None:
    hand = (2, 3, 4, 5, 5)
    for rules in RULE_SETS:
        panel = chances(hand, 1, rules)
        assert list(panel) == list(get_rules(rules).boxes)
        assert panel == {c: p_within(c, 1, rules, dice=hand) for c in panel}
        assert all(isinstance(p, sympy.Rational) for p in panel.values())
    assert chances(hand, 1)["little_straight"] == sympy.Rational(1, 6)  # throw a 5 into a 1
    assert chances(hand, 0)["choice"] == 1
    assert chances(None, 3, "yahtzee") == {c: p_within(c, 3, "yahtzee")
                                          for c in get_rules("yahtzee").boxes}
    panel = chances(hand, 2)
    panel["yacht"] = sympy.Integer(0)  # the cached answer is not touched
    assert chances(hand, 2)["yacht"] > 0


def test_keep_values_rank_every_keep() -> None:
    ranked = keep_values("little_straight", (1, 2, 3, 3, 6), rolls_left=1)
    assert len(ranked) == len({tuple(sorted(k)) for size in range(6)
                               for k in itertools.combinations((1, 2, 3, 3, 6), size)})
    best = next(iter(ranked))
    assert best == (1, 2, 3)
    assert ranked[best] == sympy.Rational(2, 36)  # a 4 and a 5 in either order
    assert list(ranked.values()) == sorted(ranked.values(), reverse=True)
    assert best_keep("little_straight", (1, 2, 3, 3, 6), 1) == best
    assert best_keep("yacht", (6, 6, 6, 6, 6), 2) == (6, 6, 6, 6, 6)
    expected = keep_values("choice", (1, 4, 5, 6, 6), 1, aim="score")
    assert next(iter(expected)) == (4, 5, 6, 6)  # a die below 3.5 is thrown again
    assert expected[(4, 5, 6, 6)] == 21 + sympy.Rational(7, 2)


@settings(max_examples=examples(40), deadline=None)
@given(dice=st.lists(st.integers(1, 6), min_size=5, max_size=5), rolls=st.integers(0, 3),
       rules=st.sampled_from(RULE_SETS))
def test_any_moment_of_a_turn(dice: list[int], rolls: int, rules: str) -> None:
    now = chances(dice, rolls, rules)
    later = chances(dice, rolls + 1, rules)
    for box, p in now.items():
        assert 0 <= p <= 1
        assert later[box] >= p  # one more roll never hurts: you may keep everything
        made = score(dice, box, rules) > 0
        assert (p == 1) if made else (rolls > 0 or p == 0)


def test_bad_questions_say_what_to_do() -> None:
    with pytest.raises(InvalidRollsError, match="at least 1 roll"):
        p_within("yacht", 0)
    with pytest.raises(InvalidRollsError, match="cannot be negative"):
        p_within("yacht", -1, dice=(1, 2, 3, 4, 5))
    with pytest.raises(InvalidRollsError, match="whole number"):
        p_within("yacht", 2.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidRollsError, match="whole number"):
        best_expected("yacht", True)
    with pytest.raises(UnknownStrategyError, match="keep_most_common"):
        p_within("yacht", strategy="greedy")
    with pytest.raises(UnknownStrategyError):
        p_within("yacht", strategy=42)  # type: ignore[arg-type]
    with pytest.raises(UnknownAimError):
        keep_values("yacht", (1, 2, 3, 4, 5), aim="fun")  # type: ignore[arg-type]
    with pytest.raises(InvalidRollsError):
        keep_values("yacht", (1, 2, 3, 4, 5), rolls_left=0)
    with pytest.raises(InvalidDiceError):
        p_within("yacht", 1, dice=(1, 2, 3))
    with pytest.raises(InvalidDiceError):
        chances((0, 1, 2, 3, 4), 1)
    with pytest.raises(UnknownBoxError):
        p_within("chance", 3, "yacht")
    err = InvalidRollsError("probability.error.fresh_turn", value=0)
    assert isinstance(err, ValueError)
    assert err.message("en") == str(err)


@pytest.mark.slow  # about a second or more (the fast loop keeps under a minute and a quarter)
def test_optimal_is_never_worse_than_a_learners_whim() -> None:
    def whim(dice: Dice, rolls_left: int) -> list[int]:
        chooser = random.Random(hash((tuple(dice), rolls_left)))
        return [d for d in dice if chooser.random() < 0.5]

    for rules, box in EVERY_BOX[::3]:
        assert p_within(box, 3, rules, whim) <= p_within(box, 3, rules)


def test_strategies_are_read_only() -> None:
    with pytest.raises(TypeError):
        STRATEGIES["mine"] = lambda dice, rolls_left: ()  # type: ignore[index]


def test_the_package_exports_the_lesson_functions() -> None:
    import yacht_edu

    for name in ("p_one_roll", "expected_one_roll", "p_within", "teacher_table"):
        assert getattr(yacht_edu, name) is getattr(__import__("yacht_edu.probability",
                                                              fromlist=[name]), name)
