"""The hands and keeps of five dice, counted once and in one order for every layer.

A *hand* is the sorted faces of five dice (252 of them); a *keep* is the sorted faces of the 0 to
5 dice a player holds (462).  Every layer — the one-roll counts, the sympy chains of a turn, the
numpy solver, the score table of :func:`yacht_edu.rules.score_table` — numbers hands and keeps by
their place in :data:`HANDS` and :data:`KEEPS`, so a row of one is a row of the other.

The order: fewer dice first; among keeps of one size, those with more *different* faces first,
then by their faces.  The solver relies on the second rule: the keeps one die short of a size's
keeps then come in contiguous blocks.  The last 252 keeps are the hands.

Everything here is whole numbers and tuples (the standard library only): counts of ordered rolls,
not chances, so each layer turns them into the numbers it works with.

>>> len(HANDS), len(KEEPS), KEEPS[FIRST_HAND:] == HANDS
(252, 462, True)
>>> HANDS[0], HANDS[-1]
((1, 2, 3, 4, 5), (6, 6, 6, 6, 6))
>>> orders((5, 5, 5, 2, 1)), sum(HAND_ROLLS) == ORDERED_ROLLS == 7776
(20, True)
>>> [(HANDS[h], count) for h, count in throws((6, 6, 6, 6))][-1]
((6, 6, 6, 6, 6), 1)
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterator, Mapping
from fractions import Fraction
from types import MappingProxyType

FACES = (1, 2, 3, 4, 5, 6)
NUMBER_OF_DICE = 5

#: Dice values in ascending order: the "multiset" of a roll, which is all that scoring reads.
Hand = tuple[int, ...]

#: How many ordered rolls five dice have: 6^5.
ORDERED_ROLLS: int = 6**NUMBER_OF_DICE


@functools.cache
def multisets(n: int = NUMBER_OF_DICE) -> tuple[Hand, ...]:
    """Every distinct sorted outcome of ``n`` dice (252 for five), more different faces first."""
    every = itertools.combinations_with_replacement(FACES, n)
    return tuple(sorted(every, key=lambda hand: -len(set(hand))))  # stable: then by faces


@functools.cache
def keeps() -> tuple[Hand, ...]:
    """Every multiset of 0 to 5 dice a player can keep (462 of them), fewer dice first."""
    return tuple(hand for n in range(NUMBER_OF_DICE + 1) for hand in multisets(n))


#: The 252 hands and the 462 keeps, in the one order every layer uses.
HANDS: tuple[Hand, ...] = multisets()
KEEPS: tuple[Hand, ...] = keeps()
HAND_INDEX: Mapping[Hand, int] = MappingProxyType({hand: i for i, hand in enumerate(HANDS)})
KEEP_INDEX: Mapping[Hand, int] = MappingProxyType({keep: i for i, keep in enumerate(KEEPS)})
#: Where the hands start among the keeps.
FIRST_HAND: int = len(KEEPS) - len(HANDS)


def orders(hand: Hand) -> int:
    """In how many orders ``len(hand)`` thrown dice show this multiset: n!/(a!·b!·…).

    >>> orders((5, 5, 5, 2, 1)), orders((6, 6, 6, 6, 6)), orders((1, 2, 3, 4, 5)), orders(())
    (20, 1, 120, 1)
    """
    count = math.factorial(len(hand))
    for face in FACES:
        count //= math.factorial(hand.count(face))
    return count


@functools.cache
def multiset_chance(hand: Hand) -> Fraction:
    """The chance that ``len(hand)`` thrown dice show exactly this multiset (any order)."""
    return Fraction(orders(hand), 6 ** len(hand))


#: In how many of the 7,776 ordered rolls each hand appears (they add up to 7,776).
HAND_ROLLS: tuple[int, ...] = tuple(orders(hand) for hand in HANDS)


def ordered_rolls() -> Iterator[Hand]:
    """The 7,776 ordered rolls of five dice (unsorted), the brute force every count agrees with."""
    return itertools.product(FACES, repeat=NUMBER_OF_DICE)


@functools.cache
def throws(keep: Hand) -> tuple[tuple[int, int], ...]:
    """Keep ``keep`` (sorted), throw the rest: (hand index, how many ordered throws give it).

    The counts add up to 6 ** (5 - len(keep)), the number of ordered throws of the other dice.
    """
    return tuple((HAND_INDEX[tuple(sorted(keep + thrown))], orders(thrown))
                 for thrown in multisets(NUMBER_OF_DICE - len(keep)))


@functools.cache
def one_more_die(keep: Hand) -> tuple[int, ...]:
    """The keep indices of ``keep`` with one more die showing 1, 2, …, 6 (fewer than 5 dice)."""
    return tuple(KEEP_INDEX[tuple(sorted((*keep, face)))] for face in FACES)


@functools.cache
def sub_keep_indices(hand: Hand) -> tuple[int, ...]:
    """The keep indices of every distinct choice of dice inside ``hand``: in :data:`KEEPS` order,
    so the empty keep first and the hand itself last."""
    found = {kept for size in range(len(hand) + 1) for kept in itertools.combinations(hand, size)}
    return tuple(sorted(KEEP_INDEX[kept] for kept in found))


def sub_keeps(hand: Hand) -> tuple[Hand, ...]:
    """Every distinct keep inside ``hand`` (its sub-multisets), in :data:`KEEPS` order.

    >>> sub_keeps((2, 6, 6, 6, 6))[:6]
    ((), (2,), (6,), (2, 6), (6, 6), (2, 6, 6))
    """
    return tuple(KEEPS[k] for k in sub_keep_indices(hand))
