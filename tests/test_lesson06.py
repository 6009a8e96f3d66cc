"""Lesson 6, variants: its figures and its exercises' values, each computed a second way (the
binomial formula against the re-roll chain, every roll of three throws of one die)."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from pathlib import Path

import pytest

import yacht_edu as ye
from tests.helpers.lesson_figures import check_figures
from yacht_edu.lessons import check, exercise
from yacht_edu.lessons.lesson06 import (
    FACES,
    binomial_at_least,
    chance_of_at_least,
    exactly_three,
    upper_box_alone,
    upper_section_alone,
)
from yacht_edu.probability import best_expected
from yacht_edu.rules import UPPER_BONUS_POINTS, UPPER_BONUS_THRESHOLD, YAHTZEE_BONUS_POINTS

LESSON = Path(__file__).resolve().parents[1] / "teacher" / "06_variants.ipynb"
A_FACE = 1 - Fraction(5, 6) ** 3


@pytest.mark.slow  # solves what the lesson states (seconds)
def test_every_number_the_lesson_states_is_the_packages() -> None:
    yacht, sum4 = ye.optimal_expected_score("yacht"), ye.optimal_expected_score("yacht_sum4")
    official = ye.optimal_expected_score("yahtzee")
    no_joker = ye.optimal_expected_score("yahtzee", joker="none")
    box_gain = (best_expected("four_of_a_kind", rules="yacht_sum4")
                - best_expected("four_of_a_kind", rules="yacht"))
    three = chance_of_at_least(3)
    check_figures(LESSON, {
        "2.82": Fraction(sum4.mean - yacht.mean), "1.04": box_gain,
        "35": UPPER_BONUS_POINTS, "63": UPPER_BONUS_THRESHOLD,  # docs/rules.md#upper-bonus
        "105": 5 * sum(FACES),
        "3185/72": upper_section_alone(), "44.24": upper_section_alone(),
        "91/216": A_FACE, "252": len(ye.multisets()),
        "0.355": three, "0.0020": three**6, "501": round(1 / three**6),
        "254.59": Fraction(official.mean), "245.87": Fraction(no_joker.mean),
        "8.72": Fraction(official.mean - no_joker.mean),
        "19.8": Fraction(official.sd - no_joker.sd),
        "2006": 2006,  # docs/rules.md#published-figures: J. Glenn, CS-TR-0002 (2006)
        "40": ye.score([1, 2, 3, 4, 5], "large_straight", "yahtzee"),  # docs/rules.md#joker
        "50": ye.score([5] * 5, "yahtzee", "yahtzee"),
        "100": YAHTZEE_BONUS_POINTS,  # docs/rules.md#yahtzee-bonus
        "2275/216": upper_box_alone(5), "10.53": upper_box_alone(5),  # the exit question
    })
    # docs/rules.md#published-figures: 254.5877 (forced joker), 245.87 with sd 39.82 (Glenn)
    assert abs(official.mean - 254.5877) < 1e-4 and abs(no_joker.mean - 245.87) < 5e-3
    assert 3 * sum(FACES) == UPPER_BONUS_THRESHOLD  # "three of each face"


def test_the_chance_of_three_sixes_is_binomial_and_every_throw_agrees() -> None:
    throws = list(itertools.product(range(1, 7), repeat=3))  # one die, three throws
    a_six = Fraction(sum(6 in throw for throw in throws), len(throws))
    assert a_six == A_FACE
    five_dice = sum((math.prod(a_six if six else 1 - a_six for six in dice)
                     for dice in itertools.product((True, False), repeat=5) if sum(dice) >= 3),
                    Fraction(0))
    assert chance_of_at_least(3) == binomial_at_least(3, A_FACE) == five_dice
    assert exercise("06.4").example() == five_dice
    assert exactly_three() == math.comb(5, 3) * a_six**3 * (1 - a_six) ** 2


def test_each_upper_box_alone_is_five_dice_by_linearity() -> None:
    for face in FACES:
        assert upper_box_alone(face) == 5 * face * A_FACE
    assert upper_section_alone() == Fraction(3185, 72)
    assert check("06.3", lambda face: 5 * face * Fraction(1, 2)).misconception == (
        "added_overlapping")


def test_four_of_a_kind_keeps_its_chance_and_changes_its_worth() -> None:
    assert exercise("06.1").example() == (24, 26, 26)
    chances = {rules: ye.p_within("four_of_a_kind", rules=rules)
               for rules in ("yacht", "yacht_sum4")}
    assert chances["yacht"] == chances["yacht_sum4"]


@pytest.mark.slow  # solves Yahtzee under two jokers (seconds to a minute)
def test_the_joker_sends_five_fives_to_the_large_straight_and_without_it_four_of_a_kind() -> None:
    # docs/rules.md#joker: with the yahtzee box holding 50, five of a kind may score 40 there
    filled = {"yahtzee": 50, "fives": 20}
    dice = (5, 5, 5, 5, 5)
    official = ye.advise(dice, rolls_left=0, filled=filled, rules="yahtzee")
    no_joker = ye.get_rules("yahtzee", joker="none")
    plain = ye.advise(dice, rolls_left=0, filled=filled, rules=no_joker)
    assert official[0].choice == "large_straight" and plain[0].choice == "four_of_a_kind"
    assert ye.score(dice, "large_straight", "yahtzee") == 0  # no joker: not a straight
