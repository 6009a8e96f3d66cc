"""The "how many alike" chain: its matrix, its closed form in n, its limit, its mean time.

The matrix is built by throwing the free dice over all their ordered outcomes; the chances it
gives are compared with the backward induction over the 252 hands (``p_within``), with plain
matrix powers, and with a seeded simulation.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
import sympy

from yacht_edu.probability import (
    InvalidTargetError,
    expected_rolls_to_kind,
    kind_chain,
    kind_limit,
    kind_of,
    kind_state_labels,
    n,
    p_kind_within,
    p_within,
)
from yacht_edu.probability.kind_chain import explain_kind_chain

BOXES = [(5, "yacht", "yacht"), (5, "yahtzee", "yahtzee"), (4, "four_of_a_kind", "yacht"),
         (4, "four_of_a_kind", "yahtzee"), (3, "three_of_a_kind", "yahtzee")]


@pytest.mark.parametrize("target", [2, 3, 4, 5])
def test_the_matrix_is_a_chain_that_never_goes_down(target: int) -> None:
    matrix = kind_chain(target)
    assert isinstance(matrix, sympy.Matrix)
    assert matrix.shape == (target + 1, target + 1)
    for row in range(target + 1):
        assert sum(matrix.row(row)) == 1
        assert all(matrix[row, col] >= 0 for col in range(target + 1))
        assert all(matrix[row, col] == 0 for col in range(row))  # upper triangular
    assert matrix[target, target] == 1
    assert matrix.row(0) == matrix.row(1)  # keep one die and throw four = throw all five
    assert matrix[0, 0] == 0


def test_the_yacht_chain_by_hand() -> None:
    matrix = kind_chain(5)
    # From four alike, the fifth die matches with chance 1/6.
    assert matrix[4, 5] == sympy.Rational(1, 6)
    # From three alike, two dice: both match 1/36; one matches 10/36; neither 25/36 (a pair of
    # another face is only two alike, fewer than three).
    assert (matrix[3, 3], matrix[3, 4], matrix[3, 5]) == (sympy.Rational(25, 36),
                                                          sympy.Rational(10, 36),
                                                          sympy.Rational(1, 36))
    # One roll: all five different 6·5·4·3·2 / 6^5.
    assert matrix[0, 1] == sympy.Rational(720, 7776)
    assert matrix[0, 5] == sympy.Rational(6, 7776)


def test_the_matrix_is_a_fresh_copy() -> None:
    matrix = kind_chain(5)
    matrix[0, 0] = 99
    assert kind_chain(5)[0, 0] == 0


@pytest.mark.parametrize(("target", "box", "rules"), BOXES)
def test_closed_form_equals_the_turn_for_n_from_1_to_10(target: int, box: str,
                                                         rules: str) -> None:
    closed = p_kind_within(target)
    assert closed.free_symbols == {n}
    for rolls in range(1, 11):
        assert closed.subs(n, rolls) == p_within(box, rolls, rules, "keep_most_common")


@pytest.mark.parametrize("target", [2, 3, 4, 5])
def test_closed_form_equals_matrix_powers(target: int) -> None:
    matrix = kind_chain(target)
    for rolls in range(1, 11):
        assert p_kind_within(target).subs(n, rolls) == (matrix**rolls)[0, target]


def test_five_alike_within_three_rolls() -> None:
    # docs/rules.md#exact-chances / OEIS A096256: 2783176/60466176.
    assert p_kind_within(5).subs(n, 3) == sympy.Rational(2783176, 60466176)


@pytest.mark.parametrize("target", [2, 3, 4, 5])
def test_keep_rolling_and_you_get_there(target: int) -> None:
    assert kind_limit(target) == 1
    assert sympy.limit(p_kind_within(target), n, sympy.oo) == 1


@pytest.mark.slow  # sympy's infinite sums
@pytest.mark.parametrize("target", [3, 4, 5])
def test_expected_rolls_is_the_sum_of_the_tail(target: int) -> None:
    # E[T] = sum over k >= 0 of P(T > k) = 1 + sum over k >= 1 of (1 - P(made within k)).
    k = sympy.Symbol("k", positive=True, integer=True)
    tail = sympy.summation(1 - p_kind_within(target).subs(n, k), (k, 1, sympy.oo))
    assert expected_rolls_to_kind(target) == 1 + tail


def test_expected_rolls_to_yacht_agrees_with_simulation() -> None:
    rng = random.Random(99)
    times = []
    for _ in range(3000):
        kept_face, alike, rolls = 0, 0, 0
        while alike < 5:
            rolls += 1
            thrown = [rng.randint(1, 6) for _ in range(5 - alike)]
            counts = Counter(thrown)
            counts[kept_face] += alike
            kept_face, alike = max(counts.items(), key=lambda item: (item[1], item[0]))
        times.append(rolls)
    mean = sum(times) / len(times)
    spread = math.sqrt(sum((t - mean) ** 2 for t in times) / (len(times) - 1))
    exact = expected_rolls_to_kind(5)
    assert exact == sympy.Rational(191283, 17248)  # the fundamental matrix, row "start"
    assert abs(mean - float(exact)) < 4 * spread / math.sqrt(len(times))


def test_labels_and_why() -> None:
    assert kind_state_labels(5) == ["before the first roll", "1 alike", "2 alike", "3 alike",
                                    "4 alike", "5 alike"]
    assert kind_state_labels(3)[-1] == "3 or more alike"
    why = explain_kind_chain(5)
    assert "upper triangular" in why
    assert "5/54" in why and "5/6" in why  # the chances to stay, read off the diagonal
    assert "191283/17248 ≈ 11.0902" in why


def test_which_boxes_have_a_chain() -> None:
    assert kind_of("yacht") == kind_of("yahtzee", "yahtzee") == 5
    assert kind_of("four_of_a_kind") == kind_of("four_of_a_kind", "yacht_sum4") == 4
    assert kind_of("three_of_a_kind", "yahtzee") == 3
    # a full house has three alike but scores only with a pair beside them; a chance scores
    # every hand; an upper box any hand with its face
    for box in ("full_house", "choice", "ones", "little_straight"):
        assert kind_of(box) is None


@pytest.mark.parametrize("target", [1, 6, "5", True, 4.0])
def test_bad_target(target: object) -> None:
    with pytest.raises(InvalidTargetError, match="from 2 to 5"):
        kind_chain(target)  # type: ignore[arg-type]
