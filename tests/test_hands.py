"""One enumeration for every layer: the hands and keeps of :mod:`yacht_edu.hands` are the ones
the model, the score table, the sympy chains and the numpy solver number their rows by.

Each count is checked against brute force over the ordered rolls.
"""

from __future__ import annotations

import itertools
from collections import Counter

from yacht_edu import dice, hands
from yacht_edu.hands import (
    HAND_INDEX,
    HAND_ROLLS,
    HANDS,
    KEEP_INDEX,
    KEEPS,
    ORDERED_ROLLS,
    ordered_rolls,
    sub_keep_indices,
    throws,
)
from yacht_edu.probability.turn import chain
from yacht_edu.rules import RULE_SETS, categories, score, score_table
from yacht_edu.solver import turn as solver_turn


def test_every_layer_uses_the_one_order() -> None:
    assert dice.multisets() == hands.multisets() == HANDS == chain().hands
    assert hands.keeps() == KEEPS == chain().keeps
    assert vars(solver_turn)["HANDS"] is HANDS and vars(solver_turn)["KEEPS"] is KEEPS  # imported
    assert KEEPS[hands.FIRST_HAND:] == HANDS and len(set(KEEPS)) == 462 and len(HANDS) == 252
    assert all(KEEPS[KEEP_INDEX[keep]] == keep for keep in KEEPS)
    assert all(HANDS[HAND_INDEX[hand]] == hand for hand in HANDS)


def test_the_order_is_by_size_then_more_different_faces() -> None:
    keys = [(len(keep), -len(set(keep)), keep) for keep in KEEPS]
    assert keys == sorted(keys)


def test_hand_rolls_count_the_ordered_rolls() -> None:
    rolls = list(ordered_rolls())
    assert len(rolls) == ORDERED_ROLLS == 7776 == sum(HAND_ROLLS)
    counted = Counter(tuple(sorted(roll)) for roll in rolls)
    assert all(HAND_ROLLS[HAND_INDEX[hand]] == n for hand, n in counted.items())


def test_throws_count_every_ordered_throw_of_the_other_dice() -> None:
    for keep in KEEPS:
        brute = Counter(HAND_INDEX[tuple(sorted(keep + thrown))]
                        for thrown in itertools.product(range(1, 7), repeat=5 - len(keep)))
        assert dict(throws(keep)) == brute


def test_sub_keeps_are_every_subset_of_positions() -> None:
    for hand in HANDS:
        brute = {tuple(hand[i] for i in chosen)
                 for size in range(6) for chosen in itertools.combinations(range(5), size)}
        found = sub_keep_indices(hand)
        assert list(found) == sorted(found) and {KEEPS[k] for k in found} == brute


def test_score_table_rows_are_the_hands() -> None:
    for rules in RULE_SETS:
        table = score_table(rules)
        for hand, row in zip(HANDS, table, strict=True):
            assert row == tuple(score(hand, box, rules) for box in categories(rules))
