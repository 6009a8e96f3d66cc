"""What a game records: one frozen value per roll-off, roll and score.

A game's :attr:`~yacht_edu.game.Game.events` are these typed values; they become dicts only at
the JSON boundary (:func:`to_dict` for saving, :func:`from_dict` for loading, which checks every
field and names the one that is wrong).

>>> event = RollEvent(player="Asha", keep=(1, 2), dice=Dice(2, 4, 4, 4, 4))
>>> to_dict(event)
{'type': 'roll', 'player': 'Asha', 'keep': [1, 2], 'dice': [2, 4, 4, 4, 4], 'given': False}
>>> from_dict(to_dict(event)) == event
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from yacht_edu.dice import NUMBER_OF_DICE, Dice
from yacht_edu.errors import BadSavedGameError, RuleError

__all__ = ["Event", "RollEvent", "RollOffEvent", "ScoreEvent", "from_dict", "to_dict"]


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
    category: str
    dice: Dice
    points: int
    kind: ClassVar[str] = "score"


Event = RollOffEvent | RollEvent | ScoreEvent


def to_dict(event: Event) -> dict[str, Any]:
    """The event as the JSON a saved game holds."""
    if isinstance(event, RollOffEvent):
        return {"type": event.kind, "rolls": {name: list(dice) for name, dice in event.rolls}}
    if isinstance(event, RollEvent):
        return {"type": event.kind, "player": event.player, "keep": list(event.keep),
                "dice": list(event.dice), "given": event.given}
    return {"type": event.kind, "player": event.player, "category": event.category,
            "dice": list(event.dice), "points": event.points}


# Each kind's fields and their JSON types: a saved event has exactly these, no more, no fewer.
FIELDS: Mapping[str, Mapping[str, str]] = {
    "roll_off": {"type": "string", "rolls": "object"},
    "roll": {"type": "string", "player": "string", "keep": "array", "dice": "array",
             "given": "boolean"},
    "score": {"type": "string", "player": "string", "category": "string", "dice": "array",
              "points": "integer"},
}


def from_dict(data: object, where: str = "event") -> Event:
    """The event a saved dict describes, every field checked; :class:`BadSavedGameError` naming
    the field (``where`` is the event's place, such as ``history[3]``) if anything is wrong."""
    fields = check_fields(data, where, FIELDS.get(kind_of(data, where), {}))
    if fields["type"] == "roll_off":
        rolls = check_type(fields["rolls"], "object", f"{where}.rolls")
        return RollOffEvent(tuple((check_type(name, "string", f"{where}.rolls"),
                                   saved_dice(dice, f"{where}.rolls.{name}"))
                                  for name, dice in rolls.items()))
    if fields["type"] == "roll":
        keep = tuple(check_type(p, "integer", f"{where}.keep[{i}]")
                     for i, p in enumerate(fields["keep"]))
        return RollEvent(fields["player"], keep, saved_dice(fields["dice"], f"{where}.dice"),
                         fields["given"])
    return ScoreEvent(fields["player"], fields["category"],
                      saved_dice(fields["dice"], f"{where}.dice"), fields["points"])


def kind_of(data: object, where: str) -> str:
    kind = check_type(check_type(data, "object", where).get("type"), "string", f"{where}.type")
    if kind not in FIELDS:
        raise BadSavedGameError("error.saved_unknown_event", field=f"{where}.type", kind=kind)
    return str(kind)


JSON_TYPES: Mapping[str, tuple[type, ...]] = {
    "object": (dict,), "array": (list,), "string": (str,), "integer": (int,),
    "boolean": (bool,),
}


def check_type(value: Any, expected: str, field: str) -> Any:
    """``value`` if it has the JSON type ``expected``; else :class:`BadSavedGameError`."""
    is_bool = isinstance(value, bool)
    if not isinstance(value, JSON_TYPES[expected]) or (is_bool and expected == "integer"):
        raise BadSavedGameError("error.saved_wrong_type", field=field, expected=expected,
                                found=json_type(value))
    return value


def json_type(value: object) -> str:
    for name, types in JSON_TYPES.items():
        if isinstance(value, types):
            return "boolean" if isinstance(value, bool) else name
    return "null" if value is None else "number"


def check_fields(data: Any, where: str, fields: Mapping[str, str]) -> dict[str, Any]:
    """``data`` as an object with exactly ``fields`` (name -> JSON type)."""
    check_type(data, "object", where)
    for name in data:
        if name not in fields:
            raise BadSavedGameError("error.saved_unknown_field", field=f"{where}.{name}")
    for name, expected in fields.items():
        if name not in data:
            raise BadSavedGameError("error.saved_missing_field", field=f"{where}.{name}")
        check_type(data[name], expected, f"{where}.{name}")
    return dict(data)


def saved_dice(value: object, field: str) -> Dice:
    values = check_type(value, "array", field)
    for i, face in enumerate(values):
        check_type(face, "integer", f"{field}[{i}]")
    if len(values) != NUMBER_OF_DICE:
        raise BadSavedGameError("error.saved_wrong_length", field=field, count=NUMBER_OF_DICE)
    try:
        return Dice(values)
    except RuleError as error:
        raise BadSavedGameError("error.saved_illegal", detail=str(error)) from None
