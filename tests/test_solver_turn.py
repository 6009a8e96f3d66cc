"""One turn: the solver's keep and hand arithmetic against brute force over ordered rolls.

``roll_the_rest`` (a keep's worth, one die at a time) and ``roll_forward`` (the chances of the
hands after a keep) are checked against counting every ordered roll of the free dice; the
best keep inside a hand against trying every subset of its five positions.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from yacht_edu.dice import reroll_chances
from yacht_edu.hands import HAND_INDEX, HANDS, KEEP_INDEX, KEEPS, ORDERED_ROLLS, sub_keeps
from yacht_edu.solver.turn import (
    best_keeps,
    first_roll,
    pick,
    roll_forward,
    roll_the_rest,
    tag,
    untag,
)


def ordered_outcomes(kept: tuple[int, ...]) -> Counter[tuple[int, ...]]:
    """Keep ``kept``, throw the rest in every possible order: how often each hand comes."""
    return Counter(tuple(sorted(kept + rolled))
                   for rolled in itertools.product(range(1, 7), repeat=5 - len(kept)))


def test_roll_the_rest_is_the_average_over_ordered_rolls() -> None:
    # Exact integer values, scaled by 6**5 so that every average is whole.
    rng = random.Random(5)
    values = [rng.randint(0, 10**6) for _ in HANDS]
    worth = roll_the_rest(np.array([[v * ORDERED_ROLLS] for v in values], dtype=object))
    for keep in KEEPS:
        outcomes = ordered_outcomes(keep)
        brute = Fraction(sum(n * values[HAND_INDEX[h]] for h, n in outcomes.items()),
                         sum(outcomes.values()))
        assert Fraction(worth[KEEP_INDEX[keep], 0], ORDERED_ROLLS) == brute


def test_roll_the_rest_in_floats_matches_the_models_chances() -> None:
    rng = np.random.default_rng(7)
    values = rng.random((len(HANDS), 3)) * 300
    worth = roll_the_rest(values)
    for keep in rng.choice(len(KEEPS), 60, replace=False):
        chances = reroll_chances(KEEPS[keep])
        expected = sum(float(p) * values[HAND_INDEX[h]] for h, p in chances.items())
        assert worth[keep] == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("keep", [(), (6,), (2, 5), (1, 1, 4), (3, 3, 3, 3), (1, 2, 3, 4, 5)])
def test_roll_forward_gives_the_chances_of_ordered_rolls(keep: tuple[int, ...]) -> None:
    on_keeps = np.zeros(len(KEEPS), dtype=object)
    on_keeps[KEEP_INDEX[keep]] = ORDERED_ROLLS
    hands = roll_forward(on_keeps)
    outcomes = ordered_outcomes(keep)
    total = sum(outcomes.values())
    for hand in HANDS:
        assert Fraction(hands[HAND_INDEX[hand]], ORDERED_ROLLS) == Fraction(
            outcomes.get(hand, 0), total)


def test_sub_keeps_are_the_subsets_of_positions() -> None:
    for hand in HANDS:
        brute = {tuple(hand[i] for i in subset)
                 for r in range(6) for subset in itertools.combinations(range(5), r)}
        assert set(sub_keeps(hand)) == brute and sub_keeps(hand)[-1] == hand


def test_best_keeps_is_the_best_subset() -> None:
    rng = np.random.default_rng(11)
    values = rng.integers(0, 40, size=(len(KEEPS), 4)).astype(np.float64)  # many ties
    best = best_keeps(values)
    for h, hand in enumerate(HANDS):
        for column in range(values.shape[1]):
            top = max(values[KEEP_INDEX[k], column] for k in sub_keeps(hand))
            chosen = KEEPS[best[h, column]]
            assert chosen in sub_keeps(hand) and values[KEEP_INDEX[chosen], column] == top


def test_best_keeps_with_exact_integers() -> None:
    rng = random.Random(3)
    values = np.array([[rng.randint(0, 10**40)] for _ in KEEPS], dtype=object)
    best = best_keeps(values)
    for h, hand in enumerate(HANDS):
        assert values[best[h, 0], 0] == max(values[KEEP_INDEX[k], 0] for k in sub_keeps(hand))


def test_tags_keep_the_order_and_come_back() -> None:
    rng = np.random.default_rng(2)
    values = rng.random((300, 5)) * 400
    tags = rng.integers(0, 512, size=(300, 5))
    tagged = tag(values, tags)
    assert (untag(tagged) == tags).all()
    assert np.abs(tagged - values).max() <= 400 * 1.2e-13
    distinct = np.abs(values[:, None, :] - values[None, :, :]) > 1e-9
    assert ((tagged[:, None, :] > tagged[None, :, :]) == (values[:, None, :] > values[None, :, :]))[
        distinct].all()
    exact = tag(np.array([[10**50]], dtype=object), np.array([[300]]))
    assert untag(exact)[0, 0] == 300 and exact[0, 0] >> 9 == 10**50


def test_tags_work_for_negative_values_and_break_ties_the_same_way() -> None:
    rng = np.random.default_rng(3)
    values = (rng.random((300, 5)) - 0.5) * 400
    tags = rng.integers(0, 512, size=(300, 5))
    tagged = tag(values, tags)
    assert (untag(tagged) == tags).all()
    distinct = np.abs(values[:, None, :] - values[None, :, :]) > 1e-9
    assert ((tagged[:, None, :] > tagged[None, :, :]) == (values[:, None, :] > values[None, :, :]))[
        distinct].all()
    for value in (-3.25, 0.0, 7.5):  # equal values: the larger tag wins, whatever the sign
        pair = tag(np.array([[value], [value]]), np.array([[4], [9]]))
        assert untag(np.maximum(pair[0], pair[1]))[0] == 9
    for value in (-3, 0, 7):
        pair = tag(np.array([[value], [value]], dtype=object), np.array([[4], [9]]))
        assert untag(np.maximum(pair[0], pair[1]))[0] == 9


def test_first_roll_weights_hands_by_their_chances() -> None:
    sums = np.array([[float(sum(hand))] for hand in HANDS])
    assert first_roll(sums)[0] == pytest.approx(17.5, rel=1e-14)
    exact = first_roll(np.array([[sum(hand)] for hand in HANDS], dtype=object))
    assert Fraction(exact[0], ORDERED_ROLLS) == Fraction(35, 2)


def test_pick_takes_one_row_per_column() -> None:
    values = np.arange(24.0).reshape(4, 6)
    rows = np.array([[0, 1, 2, 3, 0, 1], [3, 3, 3, 3, 3, 3]])
    assert pick(values, rows).tolist() == [[0, 7, 14, 21, 4, 11], [18, 19, 20, 21, 22, 23]]
    assert pick(values, rows[:, :3], first_column=3).tolist() == [[3, 10, 17], [21, 22, 23]]
