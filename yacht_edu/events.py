"""What a game records: one frozen value per roll-off, roll and score.

A game's :attr:`~yacht_edu.game.Game.events` are these typed values; they become dicts only at
the JSON boundary, :mod:`yacht_edu.saved` (:func:`~yacht_edu.saved.to_dict` for saving,
:func:`~yacht_edu.saved.from_dict` for loading, which checks every field and names the one that
is wrong).

>>> event = RollEvent(player="Asha", keep=(1, 2), dice=Dice(2, 4, 4, 4, 4))
>>> event.kind, event.dice.total
('roll', 18)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from yacht_edu.dice import Dice


@dataclass(frozen=True, eq=False)
class RollOffEvent:
    """Before the first turn, the contenders each rolled all five dice (in seating order; two
    roll-offs are equal when each contender rolled the same, whatever the order written)."""

    rolls: tuple[tuple[str, Dice], ...]
    kind: ClassVar[str] = "roll_off"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RollOffEvent) and dict(self.rolls) == dict(other.rolls)

    def __hash__(self) -> int:
        return hash(frozenset(self.rolls))

    @property
    def totals(self) -> dict[str, int]:
        """Each contender's total."""
        return {name: dice.total for name, dice in self.rolls}


@dataclass(frozen=True)
class RollEvent:
    """A roll: the dice kept at their positions, the five dice after it, and whether they were
    staged by hand (``result=``) rather than thrown from the seed."""

    player: str
    keep: tuple[int, ...]
    dice: Dice
    given: bool = False
    kind: ClassVar[str] = "roll"


@dataclass(frozen=True)
class ScoreEvent:
    """A box filled: the dice scored and the points the total gained (box and bonuses)."""

    player: str
    box: str
    dice: Dice
    points: int
    kind: ClassVar[str] = "score"


Event = RollOffEvent | RollEvent | ScoreEvent
