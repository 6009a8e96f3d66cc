"""Lesson 2, one roll of five dice: its figures and its exercises' values, each computed a second
way (brute force over the 7,776 ordered rolls)."""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import sympy as sp
from sympy import stats

import yacht_edu as ye
from tests.helpers.lesson_figures import check_figures
from yacht_edu.lessons import exercise
from yacht_edu.lessons.lesson02 import full_house_hands, orders
from yacht_edu.probability import count_one_roll, p_one_roll
from yacht_edu.probability.one_roll import score_variable

LESSON = Path(__file__).resolve().parents[1] / "teacher" / "02_one_roll.ipynb"
ORDERED = list(itertools.product(range(1, 7), repeat=5))


def test_every_number_the_lesson_states_is_the_packages() -> None:
    choice_score = score_variable("choice")
    mean = stats.E(choice_score)
    yacht, full, sixes = p_one_roll("yacht"), p_one_roll("full_house"), p_one_roll("sixes")
    group_rolls = 30   # the real-dice activity: one group's rolls
    check_figures(LESSON, {
        "6^5": len(ORDERED), "7,776": len(ORDERED), "252": len(ye.multisets()),
        "120": count_one_roll("little_straight"),
        "300": count_one_roll("full_house"), "30": full_house_hands(),
        "300/7776": full, "25/648": full, "0.0386": full, "26": round(1 / full),
        "6/6^5": yacht, "1/1296": yacht, "1,296": 1 / yacht,
        "0.0008": yacht,  # the rounding the lesson warns about: 4 % off
        "1/6^5": Fraction(1, len(ORDERED)), "6/252": Fraction(6, len(ye.multisets())),
        "1/6": ye.expected_one_roll("sixes") / (5 * 6),  # 5 dice × 6 points × P(six)
        "5/6": 1 - ye.expected_one_roll("sixes") / (5 * 6),
        "3125/7776": 1 - sixes, "0.4019": 1 - sixes, "4651/7776": sixes, "0.5981": sixes,
        "35/2": mean, "7/2": mean / 5,
        # the real dice: 30 rolls (as many as the full-house hands) would show a six about 18
        # times, the share straying by about 0.09 (one standard error)
        "18": round(group_rolls * sixes),
        "0.09": float(sp.sqrt(sixes * (1 - sixes) / group_rolls)),
    })
    assert round(100 * (round(yacht, 4) - yacht) / yacht) == 4   # "0.0008" is "4 % off"
    assert group_rolls == full_house_hands()


def test_the_orders_of_a_hand_are_its_ordered_rolls() -> None:
    ways = Counter(tuple(sorted(roll)) for roll in ORDERED)
    assert all(orders(hand) == ways[hand] for hand in ye.multisets())
    assert sum(ways.values()) == 6**5 and len(ways) == math.comb(10, 5)


def test_the_example_rolls_of_the_real_dice_are_five_dice_each() -> None:
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    typed = next(cell["source"] for cell in cells if "our_rolls" in cell["source"])
    rolls = typed.split('"""')[1].split()
    assert len(rolls) == 30 and all(len(roll) == 5 and set(roll) <= set("123456")
                                    for roll in rolls)


def test_the_exercises_values_agree_with_brute_force() -> None:
    def share(event: Callable[[tuple[int, ...]], bool]) -> Fraction:
        return Fraction(sum(1 for roll in ORDERED if event(roll)), len(ORDERED))

    assert exercise("02.3").example() == sum(1 for r in ORDERED if sorted(Counter(r).values())
                                             == [2, 3]) == 300  # docs/rules.md#exact-chances
    assert exercise("02.4").example() == share(lambda r: len(set(r)) == 1)
    assert exercise("02.5").example() == share(lambda r: 6 in r) == 1 - Fraction(5, 6) ** 5
    assert exercise("02.6").example() == Fraction(sum(6 * r.count(6) for r in ORDERED),
                                                  len(ORDERED))
