"""One input helper for sequences (checks.items): a 0-d array is a single value, an endless
iterator is read up to a cap, a lookup asks first whether the value can be looked up; and the
widgets refuse and log a message of the wrong shape (issue 25 item 5)."""

from __future__ import annotations

import itertools
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import yacht_edu as ye
from yacht_edu import checks
from yacht_edu.coach import advise
from yacht_edu.compare import compare_rules
from yacht_edu.dice import multiset_chance, reroll_chances
from yacht_edu.display.dice import dice_html
from yacht_edu.errors import (
    InvalidDiceError,
    InvalidKeepError,
    InvalidPlayersError,
    RuleDesignError,
    RuleError,
)
from yacht_edu.policies import Strategy, keep_most_common
from yacht_edu.probability import chances, p_within
from yacht_edu.probability.fairness import BadCountsError, face_counts
from yacht_edu.probability.tally import Tally
from yacht_edu.rules import get_rules
from yacht_edu.widgets.board import GameView
from yacht_edu.widgets.tally import DieTally


def rolled_game() -> ye.Game:
    game = ye.Game(seed=3)
    game.roll()
    return game


#: Every place the package reads a sequence from a learner: (what it reads, the error).
READERS: dict[str, tuple[Callable[[Any], object], type[RuleError]]] = {
    "Dice": (lambda x: ye.Dice(x), InvalidDiceError),
    "score(dice)": (lambda x: get_rules("yacht").score(x, "choice"), InvalidDiceError),
    "roll(keep=)": (lambda x: rolled_game().roll(keep=x), InvalidKeepError),
    "roll(positions=)": (lambda x: rolled_game().roll(positions=x), InvalidKeepError),
    "roll(result=)": (lambda x: ye.Game(seed=1).roll(result=x), InvalidDiceError),
    "Game(players)": (lambda x: ye.Game(x), InvalidPlayersError),
    "fairness(counts)": (lambda x: ye.fairness(x), BadCountsError),
    "face_counts(rolled)": (lambda x: face_counts(x), BadCountsError),
    "Tally.add_faces": (lambda x: Tally("a").add_faces(x), BadCountsError),
    "Tally.add_counts": (lambda x: Tally("a").add_counts(x), BadCountsError),
    "p_within(dice=)": (lambda x: p_within("yacht", 1, dice=x), InvalidDiceError),
    "chances(dice)": (lambda x: chances(x, 1), InvalidDiceError),
    "advise(dice)": (lambda x: advise(x, 1), InvalidDiceError),
    "custom_rules(remove=)": (lambda x: ye.custom_rules(remove=x), RuleDesignError),
    "compare_rules": (lambda x: compare_rules(x), RuleDesignError),
    "Advice.of": (lambda x: advise((1, 2, 3, 4, 5), 1).of(x), InvalidKeepError),
    "Dice.positions_of": (lambda x: ye.Dice(1, 2, 3, 4, 5).positions_of(x), InvalidKeepError),
    "reroll_chances": (lambda x: reroll_chances(x), InvalidDiceError),
    "multiset_chance": (lambda x: multiset_chance(x), InvalidDiceError),
    "dice_html(dice)": (lambda x: dice_html(x), InvalidDiceError),
    "dice_html(held=)": (lambda x: dice_html((1, 2, 3, 4, 5), held=x), InvalidKeepError),
}


@pytest.mark.parametrize("reader", READERS)
def test_a_zero_dimensional_array_is_a_single_value_not_a_list(reader: str) -> None:
    """The reproducers: Game(np.array(3)), roll(keep=np.array(3)) and fairness(np.array(3))
    raised a raw TypeError ("iteration over a 0-d array")."""
    read, error = READERS[reader]
    with pytest.raises(error) as refused:
        read(np.array(3))
    # named as given, or (dice read one whole number as one die, like Dice(3)) counted
    assert "array(3)" in str(refused.value) or refused.value.msgid == "error.dice_count"


@pytest.mark.parametrize("reader", READERS)
def test_an_endless_iterator_is_read_up_to_a_cap(reader: str) -> None:
    """The reproducer: Dice(itertools.repeat(6)) grew memory without limit."""
    read, error = READERS[reader]
    endless = itertools.repeat("yacht" if reader == "compare_rules" else 6)
    started = time.monotonic()
    with pytest.raises(error) as refused:
        read(endless)
    assert time.monotonic() - started < 10
    assert refused.value.msgid == "error.too_many_items"
    assert f"{checks.MOST_ITEMS}" in refused.value.message("en")
    for lang in ye.LANGUAGES:
        assert "repeat(" in refused.value.message(lang)


def test_a_finite_iterator_is_read_like_a_list() -> None:
    assert ye.Dice(iter([6, 5, 4, 3, 2])) == ye.Dice(6, 5, 4, 3, 2)
    assert ye.Game(iter(["Asha", "Ravi"])).players == ("Asha", "Ravi")  # type: ignore[arg-type]
    assert ye.fairness(iter([5, 5, 5, 5, 5, 5])).statistic == 0  # type: ignore[arg-type]
    assert checks.items(np.array([1, 2]), RuleError, "error.rule") == (1, 2)


def test_a_value_is_asked_whether_it_can_be_looked_up_first() -> None:
    assert checks.can_look_up("x") and checks.can_look_up((1, 2))
    for value in ([1], {"a": 1}, {1}, np.array([1]), (1, [2])):
        assert not checks.can_look_up(value)
    # a strategy with a name that cannot be looked up is still a strategy
    named = Strategy(["mine"], keep_rule=keep_most_common)  # type: ignore[arg-type]
    assert p_within("yacht", strategy=named) == p_within("yacht", strategy="keep_most_common")
    with pytest.raises(ValueError, match="way the coach can play"):
        GameView(ye.Game(seed=1), settle=0).set_coach_mode(["average"])  # type: ignore[arg-type]


# -- widgets: a message of the wrong shape is refused and logged ---------------------------------

WRONG_SHAPES: list[object] = [
    None, "roll", 3, ["roll"], {}, {"intent": ["roll"]}, {"intent": {"a": 1}},
    {"intent": "explode"},
]


def board_state(view: GameView) -> tuple[object, ...]:
    game = view.game
    return (dict(view.state), view.coach_mode, dict(view.panels), view.coach_settings,
            game.dice, game.held, game.rolls_left, game.to_json())


@pytest.mark.parametrize("content", [
    *WRONG_SHAPES,
    {"intent": "coach_mode", "mode": ["target"]},   # the reproducer: a TypeError
    {"intent": "coach_mode", "mode": {"target": 1}},  # the reproducer: a TypeError
    {"intent": "hold", "die": [2]}, {"intent": "hold", "die": True}, {"intent": "hold"},
    {"intent": "score", "box": ["choice"]}, {"intent": "score", "box": "choice", "player": [1]},
    {"intent": "panel", "panel": ["coach"], "on": True}, {"intent": "panel", "panel": "coach",
                                                          "on": [True]},
], ids=repr)
def test_the_board_refuses_and_logs_a_message_of_the_wrong_shape(
        content: object, caplog: pytest.LogCaptureFixture) -> None:
    view = GameView(ye.Game(("Asha", "Ravi"), seed=5), settle=0)
    view.roll()
    before = board_state(view)
    with caplog.at_level(logging.WARNING, logger="yacht_edu.widgets"):
        view._message(view, content, [])  # as the comm delivers it
    assert board_state(view) == before
    assert [record.name for record in caplog.records] == ["yacht_edu.widgets"]
    assert "board refused a message of the wrong shape" in caplog.records[0].getMessage()


def test_the_board_still_answers_its_intents(caplog: pytest.LogCaptureFixture) -> None:
    view = GameView(ye.Game(("Asha", "Ravi"), seed=5), settle=0)
    with caplog.at_level(logging.WARNING, logger="yacht_edu.widgets"):
        assert view.receive({"intent": "roll"})
        view.receive({"intent": "hold", "die": 1})
        view.receive({"intent": "coach_mode", "mode": "target"})
        view.receive({"intent": "panel", "panel": "chances", "on": True})
    assert view.game.held == (1,) and view.coach_mode == "target" and view.panels["chances"]
    assert not caplog.records


def tally_state(widget: DieTally) -> tuple[object, ...]:
    return (list(widget.counts), widget.message, widget.result, widget.path, widget.tally)


@pytest.mark.parametrize("content", [
    *WRONG_SHAPES,
    {"intent": "face", "face": [6]}, {"intent": "face", "face": "6"}, {"intent": "face"},
    {"intent": "type", "text": ["6 6"]}, {"intent": "count", "face": "1", "count": 3},
    {"intent": "count", "face": 1, "count": [3]}, {"intent": "save", "path": {"a": 1}},
    {"intent": "load", "path": ["tally.csv"]},
], ids=repr)
def test_the_tally_refuses_and_logs_a_message_of_the_wrong_shape(
        content: object, caplog: pytest.LogCaptureFixture, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a refused save writes nothing, here or anywhere
    widget = DieTally("Group A", simulations=100)
    widget.click_face(6)
    before = tally_state(widget)
    with caplog.at_level(logging.WARNING, logger="yacht_edu.widgets"):
        widget._intent(widget, content, [])  # as the comm delivers it
    assert tally_state(widget) == before
    assert [record.name for record in caplog.records] == ["yacht_edu.widgets"]
    assert "tally refused a message of the wrong shape" in caplog.records[0].getMessage()
    assert list(tmp_path.iterdir()) == []


def test_a_logged_message_is_short_and_printable(caplog: pytest.LogCaptureFixture) -> None:
    widget = DieTally(simulations=100)
    with caplog.at_level(logging.WARNING, logger="yacht_edu.widgets"):
        widget._intent(widget, {"intent": "face", "face": [10**5000, "\ud800" * 1000]}, [])
    logged = caplog.records[0].getMessage()
    logged.encode("utf-8")
    assert len(logged) < 300
