"""Saved games and saved rule sets: every byte of JSON the package writes and reads.

:func:`write` makes the versioned document of a game (what :meth:`Game.to_json
<yacht_edu.game.Game.to_json>` returns): its rule set (:func:`rules_document`, a designed one
with each learner's box as its score table and a checksum), players, seed, every event as a dict
(:func:`to_dict`), the dice held, the rolls set by hand and a :func:`digest` of it all.

The reader refuses, with a :class:`~yacht_edu.errors.BadSavedGameError` that names the field,
anything that is not exactly what :meth:`Game.to_json <yacht_edu.game.Game.to_json>` writes:
a text that is too large or nested too deep, a key written twice, a missing or unknown field, a
field of the wrong JSON type, more players, events or dice than a game has.  Only then is the
history replayed through the rules (by :meth:`Game.replay <yacht_edu.game.Game.replay>`), and
finally the document's digest is compared, so a byte changed anywhere is caught even where the
rules cannot see it (which dice are held).  Every step reads the text once, so a save of any
shape is refused or loaded in time proportional to its size.

>>> event = RollEvent(player="Asha", keep=(1, 2), dice=Dice(2, 4, 4, 4, 4))
>>> to_dict(event)
{'type': 'roll', 'player': 'Asha', 'keep': [1, 2], 'dice': [2, 4, 4, 4, 4], 'given': False}
>>> from_dict(to_dict(event)) == event
True
>>> read('{"a": 1, "a": 2}')
Traceback (most recent call last):
...
yacht_edu.errors.BadSavedGameError: This saved game is damaged at a: that key is written twice. Load an unchanged copy written by Game.to_json().
"""  # noqa: E501

from __future__ import annotations

import hashlib
import itertools
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from yacht_edu.checks import MOST_PLAYERS, Problem, each_key_once, is_json, json_fields
from yacht_edu.custom import CUSTOM, MOST_BOXES, ScoreTable, custom_rules
from yacht_edu.dice import Dice
from yacht_edu.errors import BadSavedGameError, RuleError
from yacht_edu.events import Event, RollEvent, RollOffEvent, ScoreEvent
from yacht_edu.hands import HANDS, NUMBER_OF_DICE
from yacht_edu.i18n import Given
from yacht_edu.rules import BUILT_IN, Rules, get_rules

if TYPE_CHECKING:
    from yacht_edu.game import Game


SCHEMA = "yacht_edu/game"
#: Version 2 added ``staged`` (how many rolls were set by hand) and ``digest``.  Version 1 is
#: refused: without a digest a changed ``held`` would load as a different game.
SCHEMA_VERSION = 2
#: The largest saved game read, in characters: a whole game of twenty players is about 0.3 MB.
MAX_SIZE = 2_000_000
#: The deepest nesting a saved game has: document, history, event, roll-off rolls, dice.
MAX_DEPTH = 5

#: More rounds than a roll-off ever takes (two players tie again about once in fourteen rounds).
ROLL_OFF_ROUNDS = 100

# The top-level fields and their JSON types.
FIELDS: Mapping[str, str] = {
    "schema": "string", "version": "integer", "rules": "object", "players": "array",
    "seed": "integer", "roll_off": "boolean", "history": "array", "held": "array",
    "staged": "integer", "digest": "string"}


# -- writing -------------------------------------------------------------------------------------


def write(game: Game, indent: int | None = None) -> str:
    """The game as a versioned JSON document: rules, players, seed and whole history, the
    number of rolls set by hand, and a digest of it all."""
    document: dict[str, Any] = {
        "schema": SCHEMA,
        "version": SCHEMA_VERSION,
        "rules": rules_document(game.rules),
        "players": list(game.players),
        "seed": game.seed,
        "roll_off": game.roll_off,
        "history": [to_dict(event) for event in game.events],
        "held": list(game.held),
        "staged": game.staged_rolls,
    }
    document["digest"] = digest(document)
    return json.dumps(document, ensure_ascii=False, indent=indent, sort_keys=True)


def to_dict(event: Event) -> dict[str, Any]:
    """The event as the JSON a saved game holds."""
    if isinstance(event, RollOffEvent):
        return {"type": event.kind, "rolls": {name: list(dice) for name, dice in event.rolls}}
    if isinstance(event, RollEvent):
        return {"type": event.kind, "player": event.player, "keep": list(event.keep),
                "dice": list(event.dice), "given": event.given}
    return {"type": event.kind, "player": event.player, "category": event.box,
            "dice": list(event.dice), "points": event.points}


def rules_document(rules: Rules) -> dict[str, Any]:
    """The rule set as a saved game writes it: a built-in by its name and switches; a designed
    one by its base, rolls, fixed scores, removed boxes and bonuses, and each function box as
    its score table with a checksum."""
    design = rules.design
    if design is None:
        return {"name": rules.name, **rules.variant}
    tables = {box: [rules.scorers[box](hand) for hand in HANDS] for box in design.functions}
    return {
        "name": CUSTOM, "base": design.base.name, "title": rules.title or "",
        "rolls": rules.rolls, "scores": dict(design.fixed), "remove": list(design.removed),
        "functions": {box: {"table": table, "sha256": table_checksum(table)}
                      for box, table in tables.items()},
        "add": list(design.added), "upper_bonus": list(rules.upper_bonus_rule or ()),
        "yahtzee_bonus": rules.bonus_points, "joker": rules.joker,
        "upper_first": rules.upper_first,
    }


def table_checksum(table: Sequence[int]) -> str:
    """SHA-256 of a score table written as comma-separated numbers."""
    return hashlib.sha256(",".join(map(str, table)).encode()).hexdigest()


def digest(document: Mapping[str, Any]) -> str:
    """A fingerprint of everything in a saved document but the digest itself."""
    rest = {key: value for key, value in document.items() if key != "digest"}
    text = json.dumps(rest, ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


# -- reading -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SavedGame:
    """A saved document whose every field has been checked (not yet replayed)."""

    rules: Rules
    players: tuple[str, ...]
    seed: int
    roll_off: bool
    events: tuple[Event, ...]
    held: tuple[int, ...]
    staged: int
    #: False when the document's digest is not the digest of what it holds.
    digest_matches: bool


def read(text: str | bytes) -> Any:
    """The JSON of a saved game, within the size and depth bounds and with no key twice."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise BadSavedGameError("error.saved_not_json", detail=str(error)) from None
    if not isinstance(text, str):
        raise BadSavedGameError("error.saved_not_json", detail=type(text).__name__)
    if len(text) > MAX_SIZE:
        raise BadSavedGameError("error.saved_too_big", count=len(text), limit=MAX_SIZE)
    depth = nesting(text)
    if depth > MAX_DEPTH:
        raise BadSavedGameError("error.saved_too_deep", count=depth, limit=MAX_DEPTH)
    try:
        return json.loads(text, object_pairs_hook=each_key_once(BadSavedGameError,
                                                                "error.saved_duplicate_key"))
    except ValueError as error:
        if isinstance(error, BadSavedGameError):
            raise
        raise BadSavedGameError("error.saved_not_json", detail=str(error)) from None


# An escape (a backslash and what follows), then a JSON string without escapes: up to its
# closing quote, or to the end of the text if it has none (then the JSON is refused anyway).
# Neither pattern backtracks, so each character is read once.
_ESCAPE = re.compile(r"\\.?", re.DOTALL)
_STRING = re.compile(r'"[^"]*(?:"|\Z)')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting(text: str) -> int:
    """How deeply the arrays and objects of a JSON text nest (strings skipped), in one pass.

    >>> nesting('{"a": [1, [2]], "b": "]]]"}'), nesting('["[[[')  # a string may end the text
    (3, 1)
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", _ESCAPE.sub("", text)))
    return max(itertools.accumulate(map(_DEPTH.__getitem__, brackets), initial=0))


def check_document(document: Any) -> SavedGame:
    """Every field of a saved document, checked before any of it is replayed; the players,
    the history and the held dice no longer than a game of these rules can make them."""
    if not isinstance(document, dict):
        raise BadSavedGameError("error.saved_not_schema", schema=SCHEMA, field="document")
    if document.get("schema") != SCHEMA:
        raise BadSavedGameError("error.saved_not_schema", schema=SCHEMA, field="document.schema")
    version = document.get("version")
    if version == 1 and not isinstance(version, bool):
        raise BadSavedGameError("error.saved_version_1", field="document.version")
    if version != SCHEMA_VERSION or isinstance(version, bool):
        raise BadSavedGameError("error.saved_version", version=Given(version),
                                supported=SCHEMA_VERSION, field="document.version")
    fields = check_fields(document, "document", FIELDS)
    rules = saved_rules(fields["rules"], "rules")
    players = tuple(of_type(not_longer(fields["players"], MOST_PLAYERS, "document.players"),
                            "string", "players"))
    history = not_longer(fields["history"], len(players) * rules.turns * (rules.rolls + 1)
                         + ROLL_OFF_ROUNDS, "document.history")
    not_longer([e for e in history if isinstance(e, dict) and e.get("type") == "roll_off"],
               ROLL_OFF_ROUNDS, "document.history")
    events = tuple(from_dict(event, f"history[{i}]") for i, event in enumerate(history))
    held = tuple(of_type(not_longer(fields["held"], NUMBER_OF_DICE, "document.held"),
                         "integer", "held"))
    staged = fields["staged"]
    if staged < 0:
        raise BadSavedGameError("error.saved_staged_count", count=staged, field="document.staged")
    return SavedGame(rules, players, fields["seed"], fields["roll_off"], events, held, staged,
                     fields["digest"] == digest(document))


#: The JSON type of each switch a saved rule set may have.
SWITCH_TYPES: Mapping[str, str] = {"joker": "string", "upper_first": "boolean"}

#: The fields of a saved designed rule set and their JSON types.
DESIGN_FIELDS: Mapping[str, str] = {
    "name": "string", "base": "string", "title": "string", "rolls": "integer",
    "scores": "object", "remove": "array", "functions": "object", "add": "array",
    "upper_bonus": "array", "yahtzee_bonus": "integer", "joker": "string",
    **SWITCH_TYPES,
}


def saved_rules(data: Any, where: str = "rules") -> Rules:
    """The rule set :func:`rules_document` wrote, read strictly: every field of its JSON type
    (a built-in one's switches, a designed one's changes), every score table matching its
    checksum, the rule set playable; else :class:`BadSavedGameError` naming the field."""
    name = check_type(check_type(data, "object", where).get("name"), "string", f"{where}.name")
    fields = check_fields(data, where, saved_fields(name))
    try:
        return designed_rules(fields, where) if name == CUSTOM else get_rules(
            name, **{switch: fields[switch] for switch in fields if switch != "name"})
    except BadSavedGameError:
        raise
    except RuleError as error:
        raise BadSavedGameError("error.saved_illegal", detail=str(error), field=where) from None
    except (TypeError, ValueError, KeyError, IndexError) as error:
        raise BadSavedGameError("error.saved_illegal", detail=Given(error), field=where) from None


def saved_fields(name: str) -> Mapping[str, str]:
    """The fields a saved rule set of this name has: a design's, or a built-in one's switches
    (none for a name no rule set has: it is refused as it is read)."""
    if name == CUSTOM:
        return DESIGN_FIELDS
    switches = BUILT_IN[name].switches if name in BUILT_IN else ()
    return {"name": "string", **{switch: SWITCH_TYPES[switch] for switch in switches}}


def designed_rules(fields: Mapping[str, Any], where: str) -> Rules:
    """A designed rule set made again by :func:`~yacht_edu.custom.custom_rules` from its saved
    changes; a score table that does not match its checksum is refused."""
    for part in ("scores", "remove", "functions", "add"):
        not_longer(fields[part], MOST_BOXES, f"{where}.{part}")
    functions = {}
    for box, table in fields["functions"].items():
        at = f"{where}.functions.{box}"
        check_fields(table, at, {"table": "array", "sha256": "string"})
        if table_checksum(table["table"]) != table["sha256"]:
            raise BadSavedGameError("custom.error.saved_table", box=box, field=f"{at}.table")
        functions[box] = ScoreTable(box, table["table"])
    added = {box: functions.pop(box) for box in fields["add"]}
    base = get_rules(fields["base"])
    bonus = fields["upper_bonus"]
    return custom_rules(
        base, name=fields["title"] or None, rolls=fields["rolls"],
        scores={**fields["scores"], **functions}, add=added, remove=fields["remove"],
        upper_bonus_rule=tuple(bonus) if bonus else False,
        yahtzee_bonus=None if base.bonus_box is None else fields["yahtzee_bonus"],
        **{switch: fields[switch] for switch in base.switches})


# Each kind of event's fields and their JSON types: a saved event has exactly these, no more, no
# fewer.
EVENT_FIELDS: Mapping[str, Mapping[str, str]] = {
    "roll_off": {"type": "string", "rolls": "object"},
    "roll": {"type": "string", "player": "string", "keep": "array", "dice": "array",
             "given": "boolean"},
    "score": {"type": "string", "player": "string", "category": "string", "dice": "array",
              "points": "integer"},
}


def from_dict(data: object, where: str = "event") -> Event:
    """The event a saved dict describes, every field checked; :class:`BadSavedGameError` naming
    the field (``where`` is the event's place, such as ``history[3]``) if anything is wrong."""
    fields = check_fields(data, where, EVENT_FIELDS.get(event_type(data, where), {}))
    if fields["type"] == "roll_off":
        rolls = not_longer(fields["rolls"], MOST_PLAYERS, f"{where}.rolls")
        return RollOffEvent(tuple((check_type(name, "string", f"{where}.rolls"),
                                   saved_dice(dice, f"{where}.rolls.{name}"))
                                  for name, dice in rolls.items()))
    if fields["type"] == "roll":
        keep = of_type(not_longer(fields["keep"], NUMBER_OF_DICE, f"{where}.keep"), "integer",
                       f"{where}.keep")
        return RollEvent(fields["player"], tuple(keep), saved_dice(fields["dice"],
                                                                   f"{where}.dice"),
                         fields["given"])
    return ScoreEvent(fields["player"], fields["category"],
                      saved_dice(fields["dice"], f"{where}.dice"), fields["points"])


def event_type(data: object, where: str) -> str:
    kind = check_type(check_type(data, "object", where).get("type"), "string", f"{where}.type")
    if kind not in EVENT_FIELDS:
        raise BadSavedGameError("error.saved_unknown_event", field=f"{where}.type", kind=kind)
    return str(kind)


def saved_dice(value: object, field: str) -> Dice:
    values = of_type(check_type(value, "array", field), "integer", field)
    if len(values) != NUMBER_OF_DICE:
        raise BadSavedGameError("error.saved_wrong_length", field=field, count=NUMBER_OF_DICE)
    try:
        return Dice(values)
    except RuleError as error:
        raise BadSavedGameError("error.saved_illegal", detail=str(error), field=field) from None


def not_longer(items: Any, most: int, field: str) -> Any:
    """``items`` (an array or an object) if it holds at most ``most`` items; else
    :class:`BadSavedGameError` — before any item is read."""
    if len(items) > most:
        raise BadSavedGameError("error.saved_too_many", field=field, count=len(items), most=most)
    return items


def of_type(values: list[Any], expected: str, field: str) -> list[Any]:
    """``values`` if every item has the JSON type ``expected``; else
    :class:`BadSavedGameError` naming the first that has not (``field[i]``)."""
    for i, value in enumerate(values):
        check_type(value, expected, f"{field}[{i}]")
    return values


def check_fields(data: Any, where: str, fields: Mapping[str, str]) -> dict[str, Any]:
    """``data`` as an object with exactly ``fields`` (name -> JSON type)."""
    return json_fields(data, where, fields, refused)


def refused(problem: Problem, where: str, name: str, value: object,
            kind: str) -> BadSavedGameError:
    """A saved game's field that :func:`~yacht_edu.checks.json_fields` refuses, named in full
    (``history[3].dice``)."""
    field = f"{where}.{name}" if name else where
    if problem == "unknown":
        return BadSavedGameError("error.saved_unknown_field", field=field)
    if problem == "missing":
        return BadSavedGameError("error.saved_missing_field", field=field)
    return BadSavedGameError("error.saved_wrong_type", field=field, expected=kind,
                             found=json_type(value))


def check_type(value: Any, expected: str, field: str) -> Any:
    """``value`` if it has the JSON type ``expected``; else :class:`BadSavedGameError`."""
    if not is_json(value, expected):
        raise refused("wrong_type", field, "", value, expected)
    return value


def json_type(value: object) -> str:
    for name in ("boolean", "object", "array", "string", "integer"):
        if is_json(value, name):
            return name
    return "null" if value is None else "number"
