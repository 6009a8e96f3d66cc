"""Every parser of outside data reads it in time proportional to its size (issue 25): saved
games (``Game.from_json``), the faces a class types into the tally and its CSV files, the
catalogs, the headers of saved solver tables.  Each is timed on an input and on one twice as
large (the least processor time of several runs, tests/helpers/timing.py): the ratio is about 2
for a linear reader and 4 for a quadratic one.  A saved game of any shape up to the 2 MB limit
is refused or loaded within a second (a forged solver table: test_solver_cache_shared.py).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from tests.helpers.big_saves import SHAPES, a_whole_game
from tests.helpers.timing import cpu_seconds, growth, refused
from yacht_edu import BadSavedGameError, Game
from yacht_edu.i18n import read_po
from yacht_edu.probability.tally import Tally
from yacht_edu.saved import MAX_SIZE
from yacht_edu.solver import cache
from yacht_edu.widgets.tally import DieTally

# Each test times a reader on an input and one twice as large, several times: seconds each.
pytestmark = pytest.mark.slow

#: The most a doubled input may multiply the time by: 2 when linear, 4 when quadratic.
LINEAR = 3.0


def loading(text: str) -> Callable[[], object]:
    return refused(lambda: Game.from_json(text), BadSavedGameError)


# -- saved games ---------------------------------------------------------------------------------

GROWING = ["escaped quotes", "quotes", "a backslash and quotes", "opening brackets",
           "objects in objects", "empty arrays", "a save escaped again and again",
           "saves in a list", "many keys", "a long player name"]


@pytest.mark.parametrize("shape", GROWING)
def test_reading_a_saved_game_grows_linearly(shape: str) -> None:
    assert growth(lambda size: loading(SHAPES[shape](size)), MAX_SIZE // 8) < LINEAR


def test_replaying_a_saved_game_grows_linearly() -> None:
    def whole_game(players: int) -> Callable[[], object]:
        text = a_whole_game(players)
        assert Game.from_json(text).over
        return loading(text)

    assert growth(whole_game, 10) < LINEAR


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_saved_game_of_any_shape_is_refused_or_loaded_within_a_second(shape: str) -> None:
    text = SHAPES[shape](MAX_SIZE)
    assert MAX_SIZE * 0.99 < len(text) <= MAX_SIZE
    assert cpu_seconds(loading(text), runs=3) < 1.0


@pytest.mark.slow
def test_the_longest_game_a_save_holds_loads_within_a_second() -> None:
    # A hundred players (the most), 29 boxes and 6 rolls a turn: 20,302 events, 1.8 MB.
    from yacht_edu.checks import MOST_PLAYERS
    from yacht_edu.custom import custom_rules

    boxes = {f"box_{i}": (lambda k: (lambda dice: sum(dice) % k))(i + 2) for i in range(17)}
    game = Game([f"P{i}" for i in range(MOST_PLAYERS)], custom_rules(rolls=6, add=boxes),
                seed=25, roll_off=True)
    while not game.over:
        game.roll()
        for _ in range(5):
            game.roll(positions=[0])
        game.score(game.scorecard().open_boxes[0])
    text = game.to_json()
    assert 0.9 * MAX_SIZE < len(text) <= MAX_SIZE
    assert cpu_seconds(lambda: Game.from_json(text), runs=3) < 1.0


# -- the tally ------------------------------------------------------------------------------------

def test_typing_faces_into_the_tally_grows_linearly() -> None:
    # 32,000 faces took 1.5 s, a pasted million characters 14 minutes: each face copied the
    # whole tally.
    def typing(faces: int) -> Callable[[], object]:
        text = "3 1 6 2 " * (faces // 4)

        def work() -> object:
            widget = DieTally(simulations=100)
            widget.type_faces(text)
            assert widget.tally.rolls == faces and widget.message == ""
            return widget

        return work

    assert growth(typing, 50_000) < LINEAR


def test_a_million_faces_pasted_at_once_are_counted() -> None:
    tally = Tally().add_faces([6, 1] * 500_000)
    assert tally.counts == (500_000, 0, 0, 0, 0, 500_000) and len(tally.faces) == 1_000_000
    assert tally.undo().counts == (499_999, 0, 0, 0, 0, 500_000)  # the last face was a 1


def test_reading_a_tally_file_grows_linearly() -> None:
    def rows(count: int) -> Callable[[], object]:
        text = "group,1,2,3,4,5,6\n" + "Group A,1,2,3,4,5,6\n" * count
        return lambda: Tally.read_csv(text)

    assert growth(rows, 5_000) < LINEAR


# -- the catalogs --------------------------------------------------------------------------------

CATALOGS: dict[str, Callable[[int], str]] = {
    "many entries": lambda n: "".join(f'msgid "m{i}"\nmsgstr "text {i}"\n\n' for i in range(n)),
    "one entry of many lines": lambda n: 'msgid "a"\nmsgstr ""\n' + '"some words"\n' * n,
    "one long line": lambda n: 'msgid "a"\nmsgstr "' + "x" * (50 * n) + '"\n',
    "unclosed quotes": lambda n: '"' + " " * (10 * n) + "x\n" + '" "' * n + "\n",
}


@pytest.mark.parametrize("shape", sorted(CATALOGS))
def test_reading_a_catalog_grows_linearly(shape: str) -> None:
    def reading(n: int) -> Callable[[], object]:
        text = CATALOGS[shape](n)
        return lambda: read_po(text)

    assert growth(reading, 4_000) < LINEAR


# -- saved solver tables -------------------------------------------------------------------------

HEADERS: dict[str, Callable[[int], dict[str, object]]] = {
    "a long text": lambda n: {"note": "x" * (40 * n)},
    "many fields": lambda n: {f"field_{i}": i for i in range(n)},
    "nested lists": lambda n: {"note": [[i, [i]] for i in range(n)]},
}


@pytest.mark.parametrize("shape", sorted(HEADERS))
def test_reading_a_table_header_grows_linearly(shape: str, tmp_path: Path) -> None:
    def reading(n: int) -> Callable[[], object]:
        path = tmp_path / f"table-{n}.npz"
        expected = {"format": 1}
        assert cache.save(path, {"mean": np.zeros(10)}, {**expected, **HEADERS[shape](n)})
        return lambda: cache.read(path, expected)

    assert growth(reading, 25_000) < LINEAR
