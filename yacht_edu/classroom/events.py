"""What a learner's kernel sends the class service, checked as strictly as a saved game.

Three kinds of event, each a small JSON object with exactly its fields (an unknown field, a
missing one, a value of the wrong type, a key written twice, a text too long or more than
:data:`MAX_BYTES` bytes: refused, and the field named):

- ``check``: an exercise checked — ``exercise`` (``"02.3"``, an exercise the package has),
  ``correct`` (true or false), ``guess`` (a prediction taken), ``tries`` (the wrong tries so
  far), ``misconception`` (one the exercise names, or null), ``lang`` (a catalog's language);
- ``tally``: a die tally's counts now — ``tally`` (the widget's own id), ``group``,
  ``counts`` (six whole numbers);
- ``game``: a finished game — ``game`` (its own id), ``rules`` and ``players``, each with
  ``name``, ``points`` and the luck and skill of :func:`yacht_edu.luck_and_skill`
  (``start``, ``luck``, ``loss``; null when they could not be worked out); optionally
  ``staged``, how many of its rolls were set by hand (``roll(result=...)``).  A player's points
  are at most what the rule set can give (:func:`most_points`) when the rules are one of the
  package's.

A text (a group's, a player's or a rule set's name) is valid Unicode (no lone surrogate), with no
control character and no direction mark or embedding (which could make a name read as another
on the teacher's page).

Every event also has ``id`` (32 hexadecimal digits, made by the kernel: an event sent twice is
stored once), ``kind`` and ``time`` (seconds since 1970, the kernel's clock).  Who sent it is
never a field: the service takes it from the hub's token.

>>> event = read_event(b'{"id": "' + b"a" * 32 + b'", "kind": "tally", "time": 1.8e9, '
...                    b'"tally": "' + b"b" * 32 + b'", "group": "Group A", '
...                    b'"counts": [1, 0, 2, 0, 0, 3]}')
>>> event["counts"]
[1, 0, 2, 0, 0, 3]
>>> read_event(b'{"kind": "tally"}')
Traceback (most recent call last):
...
yacht_edu.classroom.events.BadEventError: The event has no field id.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from typing import Any

from yacht_edu.checks import Problem, each_key_once, is_json, json_fields
from yacht_edu.errors import RuleError
from yacht_edu.hands import HANDS
from yacht_edu.i18n import BIDI_CONTROLS, LANGUAGES
from yacht_edu.rules import RULE_SETS, get_rules

#: The most bytes an event may take (a check takes about 200, a game of 8 players about 900).
MAX_BYTES = 4096
#: The most players a game event may name.
MAX_PLAYERS = 8
#: The longest text of a group's, a player's or a rule set's name.
MAX_TEXT = 60
#: The most wrong tries and the largest count of one face an event may carry.
MAX_TRIES = 10_000
MAX_COUNT = 1_000_000
#: Seconds since 1970: events are from 2020 to 2100.
EARLIEST, LATEST = 1_577_836_800.0, 4_102_444_800.0

_ID = re.compile(r"[0-9a-f]{32}")
#: What a text may not hold: control characters, line and paragraph separators, lone
#: surrogates (not Unicode text: no page or file could be written with one) and every direction
#: mark or embedding (a name that reads as another, right to left).
NOT_TEXT = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff"
                       + "".join(sorted(BIDI_CONTROLS)) + "]")

COMMON = {"id": "id", "kind": "string", "time": "number"}
#: Each kind's own fields and their types.
KINDS: Mapping[str, Mapping[str, str]] = {
    "check": {"exercise": "string", "correct": "boolean", "guess": "boolean",
              "tries": "integer", "misconception": "string|null", "lang": "string"},
    "tally": {"tally": "id", "group": "text", "counts": "array"},
    "game": {"game": "id", "rules": "text", "players": "array"},
}
PLAYER = {"name": "text", "points": "integer", "start": "number|null", "luck": "number|null",
          "loss": "number|null"}
#: Fields an event may leave out (an older kernel's events have not got them).
OPTIONAL: Mapping[str, Mapping[str, str]] = {"game": {"staged": "integer"}}


class BadEventError(RuleError):
    """An event the service refuses, with the field that is wrong (nothing of it is stored)."""

    default_msgid = "classview.event.not_json"


def read_event(body: bytes) -> dict[str, Any]:
    """The event in ``body``, every field checked (see the module), or :class:`BadEventError`."""
    if len(body) > MAX_BYTES:
        raise BadEventError("classview.event.too_big", length=len(body), limit=MAX_BYTES)
    try:
        data = json.loads(body.decode("utf-8"), parse_constant=not_a_number,
                          object_pairs_hook=each_key_once(BadEventError,
                                                          "classview.event.key_twice"))
    except BadEventError:
        raise
    except (ValueError, RecursionError):  # not UTF-8, not JSON, or nested past Python's reach
        raise BadEventError("classview.event.not_json") from None
    event = fields(data, "event", {**COMMON, "kind": "string"}, more=True)
    kind = event["kind"]
    if kind not in KINDS:
        raise BadEventError("classview.event.bad_value", field="kind")
    event = fields(data, "event", {**COMMON, **KINDS[kind]}, optional=OPTIONAL.get(kind, {}))
    if not EARLIEST <= event["time"] <= LATEST:
        raise BadEventError("classview.event.bad_value", field="time")
    {"check": check_event, "tally": tally_event, "game": game_event}[kind](event)
    return event


def not_a_number(word: str) -> None:
    """JSON has no NaN nor Infinity (Python's reader would take them)."""
    raise BadEventError("classview.event.not_json")


def fields(data: Any, where: str, wanted: Mapping[str, str], *, more: bool = False,
           optional: Mapping[str, str] | None = None) -> dict[str, Any]:
    """``data`` as an object with exactly the ``wanted`` fields (and any of the ``optional``
    ones), each of its type (``more``: other fields are let through, to be checked later)."""
    return json_fields(data, where, wanted, refused, of_kind=of_type, optional=optional,
                       more=more)


def refused(problem: Problem, where: str, name: str, value: object,
            kind: str) -> BadEventError:
    """An event's field that :func:`~yacht_edu.checks.json_fields` refuses, named as sent."""
    if problem == "unknown":
        return BadEventError("classview.event.unknown_field", field=shown(name))
    if problem == "missing":
        return BadEventError("classview.event.missing_field", field=name)
    return BadEventError("classview.event.wrong_type", field=name or where)


def of_type(value: Any, kind: str) -> bool:
    """Whether ``value`` is of the ``kind``: a JSON kind (:func:`~yacht_edu.checks.is_json`),
    or an ``id`` (32 hexadecimal digits) or a ``text`` (see the module)."""
    if kind == "id":
        return isinstance(value, str) and _ID.fullmatch(value) is not None
    if kind == "text":
        return (isinstance(value, str) and len(value) <= MAX_TEXT
                and NOT_TEXT.search(value) is None)
    return is_json(value, kind)


def shown(name: str) -> str:
    """A field's name as a message shows it: printable and short."""
    return repr(name[:MAX_TEXT])


def clean_text(text: str) -> str:
    """``text`` as an event may carry it: without what a text may not hold (see the module),
    cut to :data:`MAX_TEXT` characters (what a learner's kernel sends of a name it was given).

    >>> clean_text("\\u202eGroup A\\x00")
    'Group A'
    """
    return NOT_TEXT.sub("", text)[:MAX_TEXT]


def check_event(event: dict[str, Any]) -> None:
    from yacht_edu.lessons import exercise  # a cycle: the lessons' sender reads this module

    try:
        task = exercise(event["exercise"])
    except RuleError:  # no such exercise, or no such lesson
        raise BadEventError("classview.event.bad_value", field="exercise") from None
    if event["exercise"] != task.id:
        raise BadEventError("classview.event.bad_value", field="exercise")
    if event["tries"] not in range(MAX_TRIES + 1):
        raise BadEventError("classview.event.bad_value", field="tries")
    named = {mistake.name for mistake in task.misconceptions}
    if event["misconception"] is not None and event["misconception"] not in named:
        raise BadEventError("classview.event.bad_value", field="misconception")
    if event["misconception"] is not None and event["correct"]:
        raise BadEventError("classview.event.bad_value", field="misconception")
    if event["guess"] and not event["correct"]:
        raise BadEventError("classview.event.bad_value", field="guess")
    if event["lang"] not in LANGUAGES:
        raise BadEventError("classview.event.bad_value", field="lang")


def tally_event(event: dict[str, Any]) -> None:
    counts = event["counts"]
    if len(counts) != 6 or not all(of_type(count, "integer") for count in counts):
        raise BadEventError("classview.event.bad_value", field="counts")
    if not all(0 <= count <= MAX_COUNT for count in counts):
        raise BadEventError("classview.event.bad_value", field="counts")


def game_event(event: dict[str, Any]) -> None:
    players = event["players"]
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise BadEventError("classview.event.bad_value", field="players")
    names = set()
    most = most_points(event["rules"])
    for number, data in enumerate(players):
        where = f"players[{number}]"
        player = fields(data, where, PLAYER)
        names.add(player["name"])
        if not player["name"] or player["points"] not in range(min(most, MAX_COUNT) + 1):
            raise BadEventError("classview.event.bad_value", field=where)
        parts = [player[key] for key in ("start", "luck", "loss")]
        if any(part is None for part in parts):
            if any(part is not None for part in parts):
                raise BadEventError("classview.event.bad_value", field=where)
            continue
        start, luck, loss = parts
        # the identity of luck and skill: final = start + luck - loss (the final score)
        if loss < 0 or abs(start + luck - loss - player["points"]) > 1e-6 * (1 + start):
            raise BadEventError("classview.event.bad_value", field=where)
    if len(names) != len(players):
        raise BadEventError("classview.event.bad_value", field="players")
    if event.get("staged", 0) not in range(MAX_TRIES + 1):
        raise BadEventError("classview.event.bad_value", field="staged")


@functools.cache
def most_points(rules: str) -> int:
    """The most points one player can end a game of ``rules`` with: every box at its highest,
    the upper bonus, and a yahtzee bonus at every turn after the first (Yahtzee: 1,575); a rule
    set the package does not know (a learner's own): :data:`MAX_COUNT`.

    >>> most_points("yacht"), most_points("yahtzee"), most_points("mine")
    (297, 1575, 1000000)
    """
    if rules not in RULE_SETS:
        return MAX_COUNT
    played = get_rules(rules)
    most = sum(max(played.score(hand, box) for hand in HANDS) for box in played.boxes)
    if played.upper_bonus_rule is not None:
        most += played.upper_bonus_rule[1]
    if played.has_yahtzee_bonus:
        most += (played.turns - 1) * played.bonus_points
    return most
