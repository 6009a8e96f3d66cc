"""Five six-sided dice: the value every other part of yacht_edu reads.

>>> Dice(5, 5, 5, 2, 1)
Dice(5, 5, 5, 2, 1)
>>> Dice(5, 5, 5, 2, 1).counts
(1, 1, 0, 0, 3, 0)
>>> len(multisets()), len(keeps())
(252, 462)
>>> reroll_chances((6, 6, 6, 6))[(6, 6, 6, 6, 6)]
Fraction(1, 6)
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from typing import SupportsIndex, overload

from yacht_edu import hands
from yacht_edu.checks import check_seed, faces, items, whole_number
from yacht_edu.errors import InvalidDiceError, InvalidKeepError, ReadOnlyError
from yacht_edu.hands import FACES, NUMBER_OF_DICE, Hand
from yacht_edu.i18n import Faces, Given
from yacht_edu.shown import shown_by

__all__ = [
    "FACES",
    "NUMBER_OF_DICE",
    "Dice",
    "DiceRoller",
    "Hand",
    "clear_dice_caches",
    "keeps",
    "kept_values",
    "multiset_chance",
    "multisets",
    "reroll_chances",
]


def kept_values(values: object) -> tuple[int, ...]:
    """Dice to keep, by their values: whole numbers in a list (whether the table shows them is
    :meth:`Dice.positions_of`'s question, so keeping a 9 is "you cannot keep 9")."""
    given = items(values, InvalidKeepError, "error.not_a_keep_list")
    numbers = tuple(whole_number(v) for v in given)
    for value, number in zip(given, numbers, strict=True):
        if number is None:
            raise InvalidKeepError("error.die_not_whole", value=Given(value))
    return tuple(n for n in numbers if n is not None)


class Dice(Sequence[int]):
    """Five dice in the order they lie on the table; immutable, validated when made.

    ``Dice(3, 1, 6, 6, 2)`` or ``Dice([3, 1, 6, 6, 2])``.
    """

    __slots__ = ("_values",)
    _values: tuple[int, ...]

    def __init__(self, *values: int | Iterable[int]) -> None:
        one = values[0] if len(values) == 1 else None
        checked = faces(values if one is None or whole_number(one) is not None else one)
        if len(checked) != NUMBER_OF_DICE:
            raise InvalidDiceError("error.dice_count", count=len(checked))
        object.__setattr__(self, "_values", checked)

    def __setattr__(self, name: str, value: object) -> None:
        raise ReadOnlyError("error.dice_read_only")

    @property
    def values(self) -> tuple[int, ...]:
        """The five faces in table order."""
        return self._values

    @property
    def hand(self) -> Hand:
        """The faces sorted: the multiset that scoring reads."""
        return tuple(sorted(self._values))

    @property
    def counts(self) -> tuple[int, ...]:
        """How many dice show each face 1..6."""
        return tuple(self._values.count(face) for face in FACES)

    @property
    def total(self) -> int:
        """The sum of the five faces."""
        return sum(self._values)

    def positions_of(self, kept: Iterable[int]) -> tuple[int, ...]:
        """The positions of dice showing the values ``kept`` (a multiset), leftmost first."""
        wanted = Counter(kept_values(kept))
        if len(wanted) and wanted - Counter(self._values):
            raise InvalidKeepError(
                "error.keep_not_in_dice", keep=Faces(sorted(wanted.elements())), dice=Faces(self)
            )
        positions = []
        for i, value in enumerate(self._values):
            if wanted[value] > 0:
                wanted[value] -= 1
                positions.append(i)
        return tuple(positions)

    @overload
    def __getitem__(self, index: SupportsIndex) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[int, ...]: ...
    def __getitem__(self, index: SupportsIndex | slice) -> int | tuple[int, ...]:
        return self._values[index]

    def __len__(self) -> int:
        return NUMBER_OF_DICE

    def __iter__(self) -> Iterator[int]:
        return iter(self._values)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dice) and self._values == other._values

    def __hash__(self) -> int:
        return hash(self._values)

    def __repr__(self) -> str:
        return f"Dice({', '.join(map(str, self._values))})"

    def _repr_html_(self) -> str:
        return shown_by(self, "yacht_edu.display.dice", "dice_html")


class DiceRoller:
    """Rolls dice from a seed, identically on every machine and Python version.

    Only :meth:`random.Random.random` is used, whose sequence for a given seed Python guarantees.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = random.SystemRandom().randrange(2**63) if seed is None else check_seed(seed)
        self._rng = random.Random(self.seed)

    def face(self) -> int:
        """One die thrown."""
        return 1 + int(self._rng.random() * 6)

    def roll(self, held: Dice | None = None, positions: Iterable[int] = ()) -> Dice:
        """Five dice: those at ``positions`` of ``held`` stay, the others are thrown in order."""
        stay = frozenset(positions)
        if held is None:
            return Dice(self.face() for _ in range(NUMBER_OF_DICE))
        return Dice(held[i] if i in stay else self.face() for i in range(NUMBER_OF_DICE))


def multisets(n: int = NUMBER_OF_DICE) -> tuple[Hand, ...]:
    """Every distinct sorted outcome of ``n`` dice (0 to 5): 252 for five dice."""
    count = whole_number(n)
    if count is None or not 0 <= count <= NUMBER_OF_DICE:
        raise InvalidDiceError("error.bad_dice_number", given=Given(n))
    return hands.multisets(count)


def keeps() -> tuple[Hand, ...]:
    """Every multiset of 0 to 5 dice a player can keep: 462 of them (:data:`hands.KEEPS`)."""
    return hands.keeps()


def multiset_chance(hand: Iterable[int]) -> Fraction:
    """The chance that ``len(hand)`` thrown dice show exactly this multiset (any order)."""
    return hands.multiset_chance(tuple(sorted(faces(hand))))


def reroll_chances(kept: Iterable[int]) -> dict[Hand, Fraction]:
    """Keep ``kept``, throw the rest: the chance of each final five-dice multiset."""
    hand = tuple(sorted(faces(kept)))
    if len(hand) > NUMBER_OF_DICE:
        raise InvalidKeepError("error.keep_too_many", count=len(hand))
    return dict(_reroll_chances(hand))


@functools.cache
def _reroll_chances(kept: Hand) -> dict[Hand, Fraction]:
    return {
        tuple(sorted(kept + thrown)): hands.multiset_chance(thrown)
        for thrown in hands.multisets(NUMBER_OF_DICE - len(kept))
    }


def clear_dice_caches() -> None:
    """Forget the enumerations and chances computed so far (for benchmarks of a cold start)."""
    for cached in (hands.multisets, hands.keeps, hands.multiset_chance, _reroll_chances):
        cached.cache_clear()
