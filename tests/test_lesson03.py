"""Lesson 3, re-rolls are a Markov chain: its figures and its exercises' values, each computed a
second way (the kept dice and every roll of the others enumerated, matrix powers)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import yacht_edu as ye
from tests.helpers.lesson_figures import check_figures
from yacht_edu.lessons import exercise
from yacht_edu.lessons.lesson03 import one_order_only, row
from yacht_edu.probability import expected_rolls_to_kind, kind_chain, n, p_kind_within, p_within

LESSON = Path(__file__).resolve().parents[1] / "teacher" / "03_markov_chain.ipynb"


def test_every_number_the_lesson_states_is_the_packages() -> None:
    chain = kind_chain(5)
    three = p_within("yacht", rolls=3, strategy="keep_most_common")
    within = p_kind_within(5)
    check_figures(LESSON, {
        "1,296": 1 / ye.p_one_roll("yacht"), "252": len(ye.multisets()),
        "36": 1 / chain[3, 5], "25": 36 * chain[3, 3], "25/36": chain[3, 3],
        "10/36": chain[3, 4], "5/18": chain[3, 4], "1/36": chain[3, 5],
        "5/36": one_order_only()[1],  # the named mistake the teacher's note quotes
        "1/6": chain[4, 5],  # the exit question
        "5/54": chain[1, 1], "5/9": chain[2, 2], "5/6": chain[4, 4],
        # docs/rules.md#exact-chances, OEIS A096256: 2783176/60466176 = 347897/7558272 ≈ 0.04603
        "2783176": three * 6**10, "60466176": 6**10, "347897": three.p, "7558272": three.q,
        "0.04603": three, "22": round(1 / three),
        "4.6": 100 * three,  # the teacher's note: yachts expected in a hundred turns
        "191283/17248": expected_rolls_to_kind(5), "11.09": expected_rolls_to_kind(5),
        "1/2": Fraction(1, 2),  # "more likely than not": the definition of the median
        "0.486": within.subs(n, 9), "0.5555": within.subs(n, 10),
    })


def after_one_roll(alike: int) -> tuple[Fraction, ...]:
    """Keep ``alike`` sixes, roll the rest: the share of rolls ending with 1 ... 5 alike."""
    rolls = list(itertools.product(range(1, 7), repeat=5 - alike))
    ends = Counter(max(Counter((6,) * alike + thrown).values()) for thrown in rolls)
    return tuple(Fraction(ends[k], len(rolls)) for k in range(1, 6))


def test_each_row_is_every_roll_of_the_loose_dice_counted() -> None:
    for alike in range(1, 6):
        assert row(alike) == after_one_roll(alike)
    assert exercise("03.2").example() == after_one_roll(3)[2:]


def test_the_exercises_values_agree_with_matrix_powers() -> None:
    chain4, chain5 = kind_chain(4), kind_chain(5)
    assert exercise("03.4").example() == (chain4**3)[0, 4] == (chain5**3)[0, 4] + (chain5**3)[0, 5]
    median = exercise("03.5").example()
    assert (chain5**median)[0, 5] > Fraction(1, 2) >= (chain5 ** (median - 1))[0, 5]  # type: ignore[operator]


def test_the_eigenvalues_are_the_diagonal_zero_included() -> None:
    chain = kind_chain(5)
    diagonal = {chain[i, i] for i in range(chain.rows)}
    assert set(chain.eigenvals()) == diagonal
    assert sorted(map(Fraction, map(str, diagonal))) == [0, Fraction(5, 54), Fraction(5, 9),
                                                        Fraction(25, 36), Fraction(5, 6), 1]
