"""Saved games of every shape and of a chosen size, up to the 2 MB a saved game may have: texts
that are not JSON, JSON that is not a save, and saves whose every field is checked and whose
history is replayed before the last check refuses them.

Each shape is a function of the size in characters (the text is at most that long); the test of
``Game.from_json``'s time and ``benchmarks/fuzz_model.py`` read them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from yacht_edu import Game
from yacht_edu.checks import MOST_PLAYERS
from yacht_edu.custom import MOST_BOXES, custom_rules

Shape = Callable[[int], str]

PLAYERS = [f"P{i}" for i in range(MOST_PLAYERS)]


def a_save(players: int = 2, rules: Any = "yahtzee", moves: int = 6, *,
           roll_off: bool = False) -> str:
    """A real saved game of ``moves`` moves: a roll, then a score in the first open box."""
    game = Game(PLAYERS[:players], rules, seed=25, roll_off=roll_off)
    for _ in range(moves):
        if game.dice is None:
            game.roll()
        else:
            game.score(game.scorecard().open_boxes[0])
    return game.to_json()


def a_whole_game(players: int, rules: Any = "yacht") -> str:
    """A whole game saved: each player rolls once and scores the first open box, every turn."""
    game = Game(PLAYERS[:players], rules, seed=25)
    while not game.over:
        game.roll()
        game.score(game.scorecard().open_boxes[0])
    return game.to_json()


def repeated(unit: str, size: int) -> str:
    return unit * (size // len(unit))


def filled(document: dict[str, Any], field: str, item: Any, size: int) -> str:
    """``document`` with the array ``field`` holding as many copies of ``item`` as fit."""
    empty = len(json.dumps({**document, field: []}))
    each = len(json.dumps(item)) + 2
    return json.dumps({**document, field: [item] * max(0, (size - empty) // each)})


def escaped(size: int) -> str:
    """A real save written as a JSON string again and again (copied out of a notebook), cut."""
    text = a_save()
    while len(text) < size:
        text = json.dumps(text)
    return text[:size]


def saves_in_a_list(size: int) -> str:
    save = a_save()
    return json.dumps([save] * (size // (len(json.dumps(save)) + 2)))


def long_name(size: int) -> str:
    document = json.loads(a_save())
    document["players"] = ["A" * (size - len(json.dumps(document)) - 10), "P1"]
    return json.dumps(document)


def many_events(size: int) -> str:
    """A hundred players and roll events of the first player, as many as fit (the first after
    the first is refused when replayed)."""
    document = json.loads(a_save(MOST_PLAYERS, moves=1))
    roll = dict(document["history"][0])
    return filled(document, "history", roll, size)


def events_a_game_may_have(size: int) -> str:
    """As many roll events as a game of a hundred players may have (each checked, then the
    second refused when replayed), and a long name of the last player to fill the rest."""
    document = json.loads(a_save(MOST_PLAYERS, moves=1))
    document["history"] *= MOST_PLAYERS * 13 * 4
    document["players"][-1] = "A" * max(0, size - len(json.dumps(document)) - 10)
    return json.dumps(document)


def many_roll_offs(size: int) -> str:
    """A hundred players and roll-offs of all of them, as many as fit."""
    document = json.loads(a_save(MOST_PLAYERS, moves=0, roll_off=True))
    rolls = {"type": "roll_off", "rolls": {name: [1, 2, 3, 4, 5] for name in PLAYERS}}
    return filled(document, "history", rolls, size)


def many_keys(size: int) -> str:
    count = size // 14
    return json.dumps({f"k{i:07d}": 0 for i in range(count)})[:size]


def long_title(size: int) -> str:
    """A rule set of the most boxes a design has, and a title that fills the rest."""
    add = {f"box_{i}": (lambda points: (lambda dice: points))(i)
           for i in range(MOST_BOXES - 12)}
    document = json.loads(a_save(rules=custom_rules("yacht", add=add)))
    document["rules"]["title"] = "T" * (size - len(json.dumps(document)) - 10)
    return json.dumps(document)


#: Every shape, by what it is.
SHAPES: dict[str, Shape] = {
    "escaped quotes": lambda size: repeated('\\"', size),
    "quotes": lambda size: repeated('"', size),
    "a backslash and quotes": lambda size: repeated('"\\', size),
    "opening brackets": lambda size: repeated("[", size),
    "objects in objects": lambda size: repeated('{"a":', size),
    "empty arrays": lambda size: repeated("[]", size),
    "a long number": lambda size: repeated("9", size),
    "a long decimal": lambda size: "0." + repeated("1", size - 2),
    "a save escaped again and again": escaped,
    "saves in a list": saves_in_a_list,
    "many keys": many_keys,
    "a long player name": long_name,
    "many roll events": many_events,
    "as many roll events as a game may have": events_a_game_may_have,
    "many roll-offs": many_roll_offs,
    "a long title and the most boxes": long_title,
}
