"""The generic checks of a value a learner passes in: a whole number, a list, a die's face and a
list of dice, a switch, a seed, players' names, a number of decimal places; and of the fields of a
JSON object the package reads (a saved game, an event sent to the class service:
:func:`json_fields`).

Each gives the value back in the form the package uses (an int, a tuple) or raises the
package's own error naming what was given; none of them knows the rules of the game.  Pure
Python: the model, the mathematics and the faces all read them.

>>> whole_number(3), whole_number(3.0), whole_number(True)
(3, None, None)
>>> check_players("Asha"), check_seed(2026)
(('Asha',), 2026)
>>> check_switch(1, "roll_off")
Traceback (most recent call last):
...
yacht_edu.errors.ArgumentTypeError: roll_off is a switch: give True or False, not 1.
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Callable, Iterable, Mapping
from collections.abc import Set as AbstractSet
from typing import Any, Literal, Protocol

from yacht_edu.errors import (
    ArgumentTypeError,
    InvalidDiceError,
    InvalidKeepError,
    InvalidPlayersError,
    InvalidSeedError,
    RuleError,
)
from yacht_edu.hands import FACES
from yacht_edu.i18n import Given

#: Seeds are whole numbers from 0 up to (not including) this: large enough for any class, small
#: enough to print and save.
SEED_LIMIT = 2**128
#: The most decimal places a number is shown with.
MOST_PLACES = 100
#: The most players a game has (a class around one board, and a saved game read in a moment).
MOST_PLAYERS = 100
#: What is never a list of items, though Python can iterate over it.
NOT_A_LIST = (str, bytes, bytearray, Mapping)
#: The most items read from a list, tuple, array or iterator a learner gives: an endless
#: iterator (``itertools.repeat(6)``) is refused once this many are read, not read for ever.
MOST_ITEMS = 1_000_000


def whole_number(value: object) -> int | None:
    """``value`` as an int if it is a whole number (an int or a numpy integer), else None.

    Duck-typed through ``__index__`` so the model needs no numpy; True and False are switches,
    not numbers, and are refused like floats, text and None.
    """
    if type(value) is int:  # the common case, answered at once
        return value
    if isinstance(value, (bool, float, complex, str, bytes, bytearray)):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def items(value: object, error: type[RuleError], msgid: str, /, *, sets: bool = False,
          **params: object) -> tuple[object, ...]:
    """The items of a list, tuple, iterator or array: the one way the package reads a sequence
    a learner gives (dice, keeps, players, counts, faces, rule sets).

    Text, bytes, dicts and single values — a 0-d numpy array is one — are refused with
    ``error(msgid, given=..., **params)`` naming what was given, and so are sets unless ``sets``
    (where the order does not matter).  At most :data:`MOST_ITEMS` items are read: more (an
    endless iterator) are refused with ``error``'s "too many items".

    >>> items(iter([6, 6, 2]), RuleError, "error.rule")
    (6, 6, 2)
    >>> import itertools
    >>> items(itertools.repeat(6), RuleError, "error.rule")
    Traceback (most recent call last):
    ...
    yacht_edu.errors.RuleError: repeat(6) has more than 1000000 items: give a shorter list.
    """
    refused = NOT_A_LIST if sets else (*NOT_A_LIST, AbstractSet)
    if isinstance(value, refused) or not isinstance(value, Iterable):
        raise error(msgid, given=Given(value), **params)
    try:
        each = iter(value)
    except TypeError:  # iterable by its kind but not as a value: a 0-d numpy array
        raise error(msgid, given=Given(value), **params) from None
    found = tuple(itertools.islice(each, MOST_ITEMS + 1))
    if len(found) > MOST_ITEMS:
        raise error("error.too_many_items", given=Given(value), most=MOST_ITEMS)
    return found


def check_face(value: object) -> int:
    """``value`` as a die face, or :class:`InvalidDiceError` naming what is wrong with it."""
    face = whole_number(value)
    if face is None:
        raise InvalidDiceError("error.die_not_whole", value=Given(value))
    if face not in FACES:
        raise InvalidDiceError("error.die_out_of_range", value=face)
    return face


def faces(values: object, *, error: type[InvalidDiceError | InvalidKeepError] = InvalidDiceError,
          msgid: str = "error.not_a_dice_list") -> tuple[int, ...]:
    """The faces of a list of dice (any length), each checked: the one validation of dice at the
    boundary, for ``Dice``, ``score``, ``keep=`` and ``result=`` alike.

    >>> faces([6, 6, 2])
    (6, 6, 2)
    """
    given = items(values, error, msgid)
    try:
        return tuple(check_face(v) for v in given)
    except InvalidDiceError as wrong:
        if error is InvalidDiceError:
            raise
        raise error(wrong.msgid, **wrong.params) from None


def can_look_up(value: object) -> bool:
    """Whether ``value`` can be looked up in a dict or a set (a list, a dict or an array cannot:
    asking raises ``TypeError``), so a lookup of what a learner or a view sent is asked safely.

    >>> can_look_up("average"), can_look_up(["average"]), can_look_up((1, [2]))
    (True, False, False)
    """
    try:
        hash(value)
    except TypeError:  # a list, a dict, an array, a tuple holding a list
        return False
    return True


def check_switch(value: object, name: str) -> bool:
    """``value`` if it is True or False; anything else (1, "no", None) is refused."""
    if not isinstance(value, bool):
        raise ArgumentTypeError("error.not_a_switch", name=name, given=Given(value))
    return value


def check_seed(seed: object) -> int:
    """``seed`` as an int if it is a whole number from 0 to 2**128; else :class:`InvalidSeedError`
    (a float such as 3.7, text such as "12", True, nan and inf are refused, never rounded)."""
    whole = whole_number(seed)
    if whole is None or not 0 <= whole < SEED_LIMIT:
        raise InvalidSeedError(given=Given(seed))
    return whole


def check_places(places: object) -> int:
    """``places`` if it is a whole number of decimal places from 0 to :data:`MOST_PLACES`."""
    number = whole_number(places)
    if number is None or not 0 <= number <= MOST_PLACES:
        raise ArgumentTypeError("probability.error.bad_places", given=Given(places),
                                most=MOST_PLACES)
    return number


def check_players(players: object) -> tuple[str, ...]:
    """The players' names as a tuple: one name, or a non-empty list of at most
    :data:`MOST_PLAYERS` different names, each printable text that is not blank; else
    :class:`~yacht_edu.errors.InvalidPlayersError`."""
    given = items((players,) if isinstance(players, str) else players, InvalidPlayersError,
                  "error.players_not_list")
    if not given:
        raise InvalidPlayersError("error.no_players")
    if len(given) > MOST_PLAYERS:
        raise InvalidPlayersError("error.too_many_players", count=len(given), most=MOST_PLAYERS)
    names = []
    for name in given:
        if not isinstance(name, str) or not name.strip() or not is_printable(name):
            raise InvalidPlayersError("error.bad_player_name", name=Given(name))
        names.append(name)
    if len(set(names)) != len(names):
        raise InvalidPlayersError("error.duplicate_players", names=names)
    return tuple(names)


def is_printable(text: str) -> bool:
    """Whether ``text`` can be printed and written to a file (a lone surrogate cannot; compare
    :func:`yacht_edu.i18n.printable`, which escapes it)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def each_key_once(error: type[RuleError], msgid: str, /
                  ) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    """A JSON reader's ``object_pairs_hook`` that refuses an object naming a key twice (JSON
    would keep the last silently) with ``error(msgid, field=key)``."""
    def read(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: dict[str, Any] = {}
        for key, value in pairs:
            if key in seen:
                raise error(msgid, field=key)
            seen[key] = value
        return seen
    return read


# -- the fields of a JSON object ---------------------------------------------------------------

#: The largest whole number a JSON "number" may be (a float's exact range).
MOST_JSON_NUMBER = 2**53
#: What Python reads for each JSON type (a bool is no integer; see :func:`is_json`).
JSON_TYPES: Mapping[str, type | tuple[type, ...]] = {
    "object": dict, "array": list, "string": str, "integer": int, "boolean": bool}

#: What can be wrong with a field: the caller's refusal says it in its own words.
Problem = Literal["not_object", "unknown", "missing", "wrong_type"]


class Refusal(Protocol):
    """Makes the caller's own error for a ``problem`` with field ``name`` of the object at
    ``where`` (``name`` is "" when the object itself is not one), its ``value`` and the JSON
    ``kind`` wanted."""

    def __call__(self, problem: Problem, where: str, name: str, value: object,
                 kind: str) -> Exception: ...


def is_json(value: object, kind: str) -> bool:
    """Whether ``value``, as :func:`json.loads` reads it, has the JSON ``kind``: ``object``,
    ``array``, ``string``, ``integer``, ``boolean``, ``number`` (a finite float, or a whole
    number within a float's exact range), or ``KIND|null`` (that kind, or null).

    >>> is_json(True, "integer"), is_json(3, "integer"), is_json(None, "string|null")
    (False, True, True)
    """
    if kind.endswith("|null"):
        return value is None or is_json(value, kind.removesuffix("|null"))
    if isinstance(value, bool):
        return kind == "boolean"
    if kind == "number":
        return ((isinstance(value, float) and math.isfinite(value))
                or (isinstance(value, int) and abs(value) <= MOST_JSON_NUMBER))
    return isinstance(value, JSON_TYPES[kind])


def json_fields(data: object, where: str, wanted: Mapping[str, str], refuse: Refusal, *,
                of_kind: Callable[[object, str], bool] = is_json,
                optional: Mapping[str, str] | None = None, more: bool = False) -> dict[str, Any]:
    """``data`` as an object with exactly the ``wanted`` fields (name -> JSON kind, checked by
    ``of_kind``) and any of the ``optional`` ones; ``more``: other fields are let through, to be
    checked later.  The first field that is wrong raises ``refuse(problem, where, name, value,
    kind)``: not an object, then an unknown field, then each wanted field missing or of the wrong
    kind, in order.

    >>> def refuse(problem, where, name, value, kind):
    ...     return ValueError(f"{problem} {where}.{name}")
    >>> json_fields({"seed": 2026}, "game", {"seed": "integer"}, refuse)
    {'seed': 2026}
    >>> json_fields({"seed": "2026"}, "game", {"seed": "integer"}, refuse)
    Traceback (most recent call last):
    ...
    ValueError: wrong_type game.seed
    """
    if not isinstance(data, dict):
        raise refuse("not_object", where, "", data, "object")
    optional = optional or {}
    if not more:
        for name in data:
            if name not in wanted and name not in optional:
                raise refuse("unknown", where, name, data[name], "")
    for name, kind in wanted.items():
        if name not in data:
            raise refuse("missing", where, name, None, kind)
        if not of_kind(data[name], kind):
            raise refuse("wrong_type", where, name, data[name], kind)
    for name, kind in optional.items():
        if name in data and not of_kind(data[name], kind):
            raise refuse("wrong_type", where, name, data[name], kind)
    return dict(data)
