"""A saved game on disk: the JSON document, read strictly before anything is replayed.

The reader refuses, with a :class:`~yacht_edu.errors.BadSavedGameError` that names the field,
anything that is not exactly what :meth:`Game.to_json <yacht_edu.game.Game.to_json>` writes:
a text that is too large or nested too deep, a key written twice, a missing or unknown field, a
field of the wrong JSON type.  Only then is the history replayed through the rules (by
:meth:`Game.replay <yacht_edu.game.Game.replay>`), and finally the document's digest is compared,
so a byte changed anywhere is caught even where the rules cannot see it (which dice are held).

>>> read('{"a": 1, "a": 2}')
Traceback (most recent call last):
...
yacht_edu.errors.BadSavedGameError: This saved game is damaged at a: that key is written twice. Load an unchanged copy written by Game.to_json().
"""  # noqa: E501

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from yacht_edu.custom import CUSTOM, saved_custom_rules
from yacht_edu.errors import BadSavedGameError, RuleError
from yacht_edu.events import Event, check_fields, check_type, from_dict
from yacht_edu.i18n import Given
from yacht_edu.rules import Rules, get_rules

__all__ = [
    "MAX_DEPTH",
    "MAX_SIZE",
    "SCHEMA",
    "SCHEMA_VERSION",
    "SavedGame",
    "check",
    "digest",
    "read",
]

SCHEMA = "yacht_edu/game"
#: Version 2 adds ``staged`` (how many rolls were set by hand) and ``digest``; 1 is still read.
SCHEMA_VERSION = 2
#: The largest saved game read, in characters: a whole game of twenty players is about 0.3 MB.
MAX_SIZE = 2_000_000
#: The deepest nesting a saved game has: document, history, event, roll-off rolls, dice.
MAX_DEPTH = 5

# Each version's top-level fields and their JSON types.
_VERSION_1 = {"schema": "string", "version": "integer", "rules": "object", "players": "array",
              "seed": "integer", "roll_off": "boolean", "history": "array", "held": "array"}
FIELDS: Mapping[int, Mapping[str, str]] = {
    1: _VERSION_1,
    2: {**_VERSION_1, "staged": "integer", "digest": "string"},
}


@dataclass(frozen=True)
class SavedGame:
    """A saved document whose every field has been checked (not yet replayed)."""

    rules: Rules
    players: tuple[str, ...]
    seed: int
    roll_off: bool
    events: tuple[Event, ...]
    held: tuple[int, ...]
    staged: int | None
    #: False when the document's digest is not the digest of what it holds (version 2 only).
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
        raise BadSavedGameError("error.saved_too_big", size=len(text), limit=MAX_SIZE)
    depth = nesting(text)
    if depth > MAX_DEPTH:
        raise BadSavedGameError("error.saved_too_deep", depth=depth, limit=MAX_DEPTH)
    try:
        return json.loads(text, object_pairs_hook=no_key_twice)
    except ValueError as error:
        if isinstance(error, BadSavedGameError):
            raise
        raise BadSavedGameError("error.saved_not_json", detail=str(error)) from None


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def nesting(text: str) -> int:
    """How deeply the arrays and objects of a JSON text nest (strings skipped)."""
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def no_key_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise BadSavedGameError("error.saved_duplicate_key", field=key)
        seen[key] = value
    return seen


def check(document: Any) -> SavedGame:
    """Every field of a saved document, checked before any of it is replayed."""
    if not isinstance(document, dict) or document.get("schema") != SCHEMA:
        raise BadSavedGameError("error.saved_not_schema", schema=SCHEMA)
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version not in FIELDS:
        raise BadSavedGameError("error.saved_version", version=Given(version),
                                supported=SCHEMA_VERSION)
    fields = check_fields(document, "document", FIELDS[version])
    players = tuple(check_type(name, "string", f"players[{i}]")
                    for i, name in enumerate(fields["players"]))
    events = tuple(from_dict(event, f"history[{i}]")
                   for i, event in enumerate(fields["history"]))
    held = tuple(check_type(p, "integer", f"held[{i}]") for i, p in enumerate(fields["held"]))
    staged = fields.get("staged")
    if staged is not None and staged < 0:
        raise BadSavedGameError("error.saved_staged_count", count=staged)
    matches = "digest" not in fields or fields["digest"] == digest(document)
    return SavedGame(saved_rules(fields["rules"]), players, fields["seed"], fields["roll_off"],
                     events, held, staged, matches)


def saved_rules(data: dict[str, Any], where: str = "rules") -> Rules:
    name = check_type(data.get("name"), "string", f"{where}.name")
    if name == CUSTOM:
        return saved_custom_rules(data, where)
    variant = {"joker": "string", "upper_first": "boolean"} if name == "yahtzee" else {}
    fields = check_fields(data, where, {"name": "string", **variant})
    try:
        return get_rules(fields.pop("name"), **fields)
    except RuleError as error:
        raise BadSavedGameError("error.saved_illegal", detail=str(error)) from None


def digest(document: Mapping[str, Any]) -> str:
    """A fingerprint of everything in a saved document but the digest itself."""
    rest = {key: value for key, value in document.items() if key != "digest"}
    text = json.dumps(rest, ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
