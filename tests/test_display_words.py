"""Nothing a learner sees stays English: the objects a lesson shows as a cell's result or prints
(advice and its choices, for a target too; an analysis and its decisions; a game; simulated
games, for a target too; the best play's expected score and the distribution of its final
score; a fairness test; a custom rule set)
speak the session's language in ``str()`` and in what IPython writes (``_repr_pretty_``, in a
list too), while ``repr()`` stays Python's; so do the progress bars' labels and the board's
refusals."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from IPython.lib import pretty as ipython_pretty

import yacht_edu as ye
from tests.helpers.shown import plain
from yacht_edu.errors import RuleError
from yacht_edu.i18n import catalog, language, plural_catalog
from yacht_edu.probability.fairness import fairness
from yacht_edu.solver import solve
from yacht_edu.strategies import simulate

LANGS = ["kn", "ur"]


def pretty(shown: object) -> str:
    """What IPython writes for a cell's result."""
    return str(ipython_pretty.pretty(shown))  # type: ignore[no-untyped-call]


def played_game() -> ye.Game:
    game = ye.Game(seed=3)
    while not game.over:
        game.roll()
        game.score(game.scorecard().open_boxes[0])
    return game


OBJECTS: dict[str, Callable[[], Any]] = {
    "Advice": lambda: ye.advise((2, 3, 4, 5, 5), rolls_left=1),
    "Choice": lambda: ye.advise((2, 3, 4, 5, 5), rolls_left=1).best,
    "target Choice": lambda: ye.advise((6, 6, 5, 3, 2), 1, filled={"ones": 3, "twos": 6},
                                       target=150).best,
    "Analysis": lambda: ye.analyse(played_game()),
    "Decision": lambda: ye.analyse(played_game())[0],
    "Game": played_game,
    "Simulation": lambda: simulate("chase_five", "yacht", games=20, seed=1),
    "target Simulation": lambda: simulate(games=20, seed=8, target=120),
    "Expected": lambda: ye.optimal_expected_score("yacht"),
    "FairnessTest": lambda: fairness([8, 9, 12, 11, 6, 14], simulations=200, seed=1),
    "CustomRules": lambda: ye.custom_rules("yacht", rolls=4),
    "ScoreDistribution": lambda: ye.optimal_score_distribution("yacht"),
}

#: Words of the English display that must not reach a Kannada or Urdu reader.
ENGLISH = re.compile(r"\b(expected|rolls? left|loss|given up|chance|simulated|games?|"
                     r"standard deviation|rolls?|target|reached|turn|chose|best|Coach|"
                     r"Analysis|Game over|degrees|p-value|possible|final scores?)\b", re.IGNORECASE)


@pytest.fixture(autouse=True)
def english_session() -> Iterator[None]:
    with language("en"):
        yield


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(OBJECTS))
def test_a_shown_object_speaks_the_session_language(name: str, lang: str) -> None:
    shown = OBJECTS[name]()
    english = str(shown)
    assert ENGLISH.search(english), english  # the test can fail: English says these words
    with language(lang):
        words = str(shown)
        assert pretty(shown) == words  # a cell's result, as IPython writes it
        assert pretty([shown]) == f"[{words}]"  # in a list too
    assert words != english
    assert not ENGLISH.search(plain(words)), words
    assert repr(shown).startswith(type(shown).__name__ + "(")  # a developer's repr


def test_the_advice_counts_its_rolls_and_the_analysis_its_decisions() -> None:
    one_left = ye.advise((2, 3, 4, 5, 5), rolls_left=1)
    assert "1 roll left" in str(one_left) and "1 rolls" not in str(one_left)
    with language("kn"):
        assert "1 ಎಸೆತ ಬಾಕಿ" in str(one_left)
    assert "1 roll left" in repr(one_left)  # the developer's repr: English, counted


@pytest.mark.parametrize("lang", LANGS)
def test_a_target_simulation_says_how_often_it_reached_the_target(lang: str) -> None:
    far = simulate(games=20, seed=8, target=120)
    reached = plural_catalog(lang)["strategy.reached"]
    with language(lang):
        assert any(plain(form.split("{")[0]) in plain(str(far)) for form in reached)
        assert plain(far._repr_html_()).count(str(far.reached)) >= 1


class Bars:
    """A progress factory that records the label of every bar it starts."""

    def __init__(self) -> None:
        self.labels: list[str] = []

    def __call__(self, total: int, desc: str) -> Bars:
        self.labels.append(desc)
        return self

    def update(self, n: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


@pytest.mark.parametrize("lang", LANGS)
def test_progress_bars_speak_the_session_language(lang: str) -> None:
    small = ye.custom_rules("yacht", rolls=1, remove=[b for b in ye.get_rules("yacht").boxes
                                                       if b not in ("yacht", "choice")])
    bars = Bars()
    with language(lang):
        solve(small, progress=bars, use_cache=False)
        simulate("chase_five", "yacht", games=5, seed=1, progress=bars)
        label, strategy = small.label(), catalog(lang)["strategy.chase_five"]
    assert label in bars.labels
    assert any(plain(strategy) in plain(shown) for shown in bars.labels), bars.labels
    assert "chase_five" not in bars.labels


@pytest.mark.parametrize("lang", LANGS)
def test_the_boards_refusals_speak_the_learners_language(lang: str) -> None:
    view = ye.play(seed=1)
    with language(lang):
        with pytest.raises(RuleError) as panel:
            view.show_panel("graphs")
        with pytest.raises(RuleError) as mode:
            view.set_coach_mode("cheat")
    assert isinstance(panel.value, ValueError)
    for refused, msgid, given in ((panel, "widgets.error.unknown_panel", "graphs"),
                                  (mode, "widgets.error.unknown_coach_mode", "cheat")):
        message = refused.value.message(lang)
        assert refused.value.msgid == msgid and repr(given) in message
        assert plain(catalog(lang)[msgid].split("{")[1].split("}")[1][:8]) in plain(message)
