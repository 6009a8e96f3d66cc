"""Ways to damage a saved game, shared by the property tests and ``benchmarks/fuzz_model.py``.

Each mutation takes the saved text and a :class:`random.Random` and returns damaged text (or
bytes); :func:`outcome` loads it and says whether the package accepted the same game, refused it
with :class:`~yacht_edu.errors.BadSavedGameError`, or did anything else (a crash, or a different
game accepted).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from tests.helpers.odd_values import ODD_VALUES
from yacht_edu import BadSavedGameError, Game

Path = tuple[str | int, ...]
Mutation = Callable[[str, random.Random], str | bytes]


def paths(value: Any, here: Path = ()) -> list[Path]:
    """Every place in a JSON document (keys of objects, items of arrays), the root excluded."""
    found: list[Path] = []
    items = value.items() if isinstance(value, dict) else (
        enumerate(value) if isinstance(value, list) else ())
    for key, inner in items:
        found.append((*here, key))
        found.extend(paths(inner, (*here, key)))
    return found


def parent_and_key(document: Any, path: Path) -> tuple[Any, str | int]:
    node = document
    for step in path[:-1]:
        node = node[step]
    return node, path[-1]


def flip_a_bit(text: str, rng: random.Random) -> bytes:
    data = bytearray(text.encode("utf-8"))
    data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return bytes(data)


def change_a_byte(text: str, rng: random.Random) -> bytes:
    data = bytearray(text.encode("utf-8"))
    data[rng.randrange(len(data))] = rng.randrange(256)
    return bytes(data)


def delete_a_key(text: str, rng: random.Random) -> str:
    document = json.loads(text)
    places = [p for p in paths(document) if isinstance(p[-1], str)]
    parent, key = parent_and_key(document, rng.choice(places))
    del parent[key]
    return json.dumps(document)


def delete_an_item(text: str, rng: random.Random) -> str:
    document = json.loads(text)
    places = [p for p in paths(document) if isinstance(p[-1], int)]
    parent, key = parent_and_key(document, rng.choice(places))
    del parent[key]
    return json.dumps(document)


def duplicate_a_key(text: str, rng: random.Random) -> str:
    """The text with one object's key written twice (the second time with the same or an odd
    value), which :func:`json.dumps` cannot write, so it is spliced into the text."""
    document = json.loads(text)
    objects = [p for p in [(), *paths(document)] if isinstance(_at(document, p), dict)
               and _at(document, p)]
    where = rng.choice(objects)
    target = _at(document, where)
    key = rng.choice(sorted(target))
    again = target[key] if rng.random() < 0.5 else rng.choice(ODD_VALUES)
    marker = "\x00duplicate\x00"
    target[marker] = None
    written = json.dumps(document)
    pair = f"{json.dumps(key)}: {json.dumps(again)}"
    return written.replace(f"{json.dumps(marker)}: null", pair)


def _at(document: Any, path: Path) -> Any:
    node = document
    for step in path:
        node = node[step]
    return node


def a_wrong_type(text: str, rng: random.Random) -> str:
    document = json.loads(text)
    parent, key = parent_and_key(document, rng.choice(paths(document)))
    parent[key] = rng.choice([v for v in ODD_VALUES if v != parent[key]])
    return json.dumps(document)


def nest_deeply(text: str, rng: random.Random) -> str:
    document = json.loads(text)
    parent, key = parent_and_key(document, rng.choice(paths(document)))
    depth = rng.choice([2, 10, 100, 1_000, 100_000])
    parent[key] = "\x00nest\x00"
    return json.dumps(document).replace('"\\u0000nest\\u0000"', "[" * depth + "]" * depth)


def cut_short(text: str, rng: random.Random) -> str:
    return text[: rng.randrange(len(text))]


def add_a_key(text: str, rng: random.Random) -> str:
    document = json.loads(text)
    objects = [p for p in [(), *paths(document)] if isinstance(_at(document, p), dict)]
    _at(document, rng.choice(objects))[rng.choice(["extra", "given", "type", "digest"])] = \
        rng.choice(ODD_VALUES)
    return json.dumps(document)


def escape(text: str, rng: random.Random) -> str:
    """The save written as a JSON string once more, up to eight times (a save copied out of a
    notebook's output, or out of a JSON file holding it), sometimes as many copies in a list as
    the 2 MB a save may have holds (issue 25: 20 KB of it took a second and a half)."""
    for _ in range(rng.randint(1, 8)):
        again = json.dumps(text)
        if len(again) > MOST_CHARACTERS:
            break
        text = again
    if rng.random() < 0.3:
        text = json.dumps([text] * max(1, MOST_CHARACTERS // (len(json.dumps(text)) + 2)))
    return text


#: The 2 MB a saved game may have (yacht_edu.saved.MAX_SIZE), in characters.
MOST_CHARACTERS = 2_000_000


MUTATIONS: dict[str, Mutation] = {
    "flip a bit": flip_a_bit,
    "change a byte": change_a_byte,
    "delete a key": delete_a_key,
    "delete an item": delete_an_item,
    "duplicate a key": duplicate_a_key,
    "a wrong type": a_wrong_type,
    "nest deeply": nest_deeply,
    "cut short": cut_short,
    "add a key": add_a_key,
    "escape as JSON": escape,
}


def outcome(original: str, damaged: str | bytes) -> str:
    """``"same"`` (loads to the very same game), ``"refused"`` (BadSavedGameError), or a
    description of what went wrong: ``"different game"`` or ``"crash: <exception>"``."""
    try:
        game = Game.from_json(damaged)
    except BadSavedGameError:
        return "refused"
    except Exception as error:  # the property: nothing but the package's own error
        return f"crash: {type(error).__name__}: {error}"[:200]
    return "same" if game.to_json() == original else "different game"


def a_saved_game(rng: random.Random) -> str:
    """A game of random rules, players and length, played by random legal moves, saved."""
    rules = rng.choice(["yacht", "yacht_sum4", "yahtzee"])
    variant: dict[str, Any] = {}
    if rules == "yahtzee":
        variant = {"joker": rng.choice(["forced", "free", "none"]),
                   "upper_first": rng.random() < 0.5}
    from yacht_edu import get_rules

    players = [f"P{i}" for i in range(rng.randint(1, 3))]
    game = Game(players, get_rules(rules, **variant), seed=rng.randrange(2**32),
                roll_off=rng.random() < 0.5)
    for _ in range(rng.randrange(40)):
        if game.over:
            break
        if game.dice is None or (game.rolls_left and rng.random() < 0.6):
            staged = rng.random() < 0.1
            result = [rng.randint(1, 6) for _ in range(5)] if staged and game.dice is None \
                else None
            game.roll(result=result)
        else:
            game.score(rng.choice([o.box for o in game.options() if o.allowed]))
    if game.dice is not None and game.rolls_left and rng.random() < 0.5:
        game.hold(*rng.sample(range(5), rng.randint(0, 3)))
    return game.to_json()
