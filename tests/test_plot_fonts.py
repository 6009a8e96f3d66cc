"""Every picture in every script: each public plot function draws its words in each language with
fonts that have the letters, so matplotlib never warns of a missing glyph (an empty box drawn in
the picture instead of a letter).  The machine needs the Noto fonts (docs/classroom.md)."""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Iterator

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.axes import Axes
from matplotlib.figure import Figure

import yacht_edu as ye
from tools.prose import prose as lesson_prose
from yacht_edu import plots, reach_plots
from yacht_edu.compare import compare_rules
from yacht_edu.i18n import BIDI_CONTROLS, LANGUAGES
from yacht_edu.probability.fairness import fairness
from yacht_edu.probability.waiting import first_yacht, simulate_first_yacht
from yacht_edu.reach import ReachCurves
from yacht_edu.strategies import simulate

#: A rule set of two boxes and two rolls: solved in a moment, named in the language.
SMALL = ye.custom_rules("yacht", rolls=2, remove=[b for b in ye.get_rules("yacht").boxes
                                                  if b not in ("yacht", "full_house")])
CLASSES = np.random.default_rng(3).multinomial(60, [1 / 6] * 6, size=200)
COUNTS = [12, 8, 10, 9, 11, 10]

DRAWINGS: dict[str, Callable[[str], Figure | None]] = {
    "plot_score_distribution": lambda lang: plots.plot_score_distribution("choice", lang=lang),
    "plot_chance_within": lambda lang: plots.plot_chance_within("yacht", n_max=3, lang=lang),
    "plot_law_of_large_numbers": lambda lang: plots.plot_law_of_large_numbers(
        "yacht", trials=50, lang=lang),
    "plot_strategy_scores": lambda lang: plots.plot_strategy_scores(
        {"chase_five": simulate("chase_five", "yacht", games=20, seed=1)}, lang=lang),
    "plot_comparison": lambda lang: plots.plot_comparison(compare_rules([SMALL]), lang=lang),
    "plot_waiting_time": lambda lang: plots.plot_waiting_time(
        first_yacht(), simulate_first_yacht(learners=50, seed=1), turns=20, lang=lang),
    "plot_fair_die_spread": lambda lang: plots.plot_fair_die_spread(CLASSES, COUNTS, lang=lang),
    "plot_chi_square": lambda lang: plots.plot_chi_square(
        fairness(COUNTS, simulations=200, seed=1), lang=lang),
    "plot_reach": lambda lang: reach_plots.plot_reach("yacht", lang=lang),
}


@pytest.fixture(autouse=True)
def quick_reach_curves(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reach plot's curves made up (the real ones solve the whole game): only its words
    matter here."""
    targets = np.arange(0, 301)
    best = np.linspace(1, 0, len(targets))
    curves = ReachCurves(ye.get_rules("yacht"), targets, best, best * 0.9)
    monkeypatch.setattr(reach_plots, "reach_curves", lambda rules, progress=None: curves)


@pytest.fixture(autouse=True)
def close_figures() -> Iterator[None]:
    yield
    plt.close("all")


def public_plot_functions() -> set[str]:
    return {name for module in (plots, reach_plots) for name in module.__all__
            if name.startswith("plot_")}


def test_every_public_plot_function_is_drawn_here() -> None:
    assert set(DRAWINGS) == public_plot_functions()


def drawn(name: str, lang: str) -> Axes:
    """The picture drawn to pixels, every missing-glyph warning an error."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", category=DeprecationWarning)
        figure = DRAWINGS[name](lang)
        assert figure is not None
        figure.canvas.draw()
    (ax,) = figure.axes
    return ax


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("name", sorted(DRAWINGS))
def test_every_plot_has_the_letters_of_every_language(name: str, lang: str) -> None:
    ax = drawn(name, lang)
    words = " ".join(text.get_text() for text in ax.figure.findobj(matplotlib.text.Text))
    if lang != "en":  # the words are the language's, so its fonts were needed
        assert re.search(r"[\u0900-\u097f\u0980-\u09ff\u0c80-\u0cff\u0600-\u06ff]", words)


def families(ax: Axes) -> set[tuple[str, ...]]:
    return {tuple(text.get_fontfamily()) for text in ax.figure.findobj(matplotlib.text.Text)
            if text.get_text()}


def test_urdu_is_written_in_naskh_and_the_session_keeps_its_fonts() -> None:
    before = list(matplotlib.rcParams["font.family"])
    ax = drawn("plot_waiting_time", "ur")
    assert ("Noto Naskh Arabic", "DejaVu Sans") in families(ax)
    assert list(matplotlib.rcParams["font.family"]) == before  # set for the picture only
    assert plots.FONTS["ur"][0] == "Noto Naskh Arabic"


def test_the_letter_heh_goal_has_a_font() -> None:
    """ہ (U+06C1, in پہلی, ہے) is the letter matplotlib's own font lacks."""
    with plots.fonts_for("ur"), warnings.catch_warnings():
        warnings.simplefilter("error")
        figure = plt.figure()
        figure.text(0.5, 0.5, "پہلی ہے")
        figure.canvas.draw()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        figure = plt.figure()
        figure.text(0.5, 0.5, "پہلی ہے", family="DejaVu Sans")
        figure.canvas.draw()
    assert any("missing" in str(w.message) for w in caught)  # the test can fail



def drawn_from_the_left(text: matplotlib.text.Text) -> list[str]:
    """The letters of a label in the order matplotlib draws them, from the left (laid out with
    the label's own font, as matplotlib lays it out: ``_text_helpers.layout``)."""
    from matplotlib import font_manager
    from matplotlib._text_helpers import layout

    font = font_manager.get_font(font_manager.findfont(text.get_fontproperties()))
    font.set_size(float(text.get_fontsize()), 72)
    placed = sorted((item.x, index, item.char)
                    for index, item in enumerate(layout(text.get_text(), font)))
    return [char for _, _, char in placed if char.strip() and char.isprintable()]


def test_an_urdu_legend_that_begins_with_a_latin_letter_reads_right_to_left() -> None:
    """"T تک پہنچنے کے لیے کھیلنا" (lesson 8's reach plot) begins at the right, with the T,
    as every Urdu sentence does (issue 32): matplotlib takes a line's direction from its first
    letter unless the message's direction marks say otherwise, so they are kept where
    matplotlib lays text out by direction, and left out (as empty boxes) where it does not."""
    ax = drawn("plot_reach", "ur")
    legend = ax.get_legend()
    assert legend is not None
    labels = [text for text in legend.get_texts()
              if text.get_text().lstrip("\u2066\u2067\u2068\u2069").startswith("T ")]
    assert labels  # "T تک پہنچنے کے لیے کھیلنا", and the gap's "T کے لیے کھیلنے کا فائدہ"
    for label in labels:
        if plots.LAYS_OUT_DIRECTION:
            letters = drawn_from_the_left(label)
            assert letters[-1] == "T", (label.get_text(), letters)  # T at the right end
        else:
            assert not set(label.get_text()) & set("\u2066\u2067\u2068\u2069")


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("name", sorted(DRAWINGS))
def test_the_legend_sits_beside_the_data_inside_the_picture(name: str, lang: str) -> None:
    """Inside the axes a legend covered bars (the Kannada legend of lesson 5 lay over the peaks:
    translations-lessons-bn-kn.md §7); beside them it covers nothing, and the picture is wide
    enough to show it whole."""
    ax = drawn(name, lang)
    legend, figure = ax.get_legend(), ax.figure
    assert legend is not None and isinstance(figure, Figure)
    figure.draw_without_rendering()  # the constrained layout placed, as when shown
    box, data, picture = legend.get_window_extent(), ax.get_window_extent(), figure.bbox
    assert box.x0 >= data.x1, "the legend overlaps the data"
    assert picture.x0 <= box.x0 and box.x1 <= picture.x1 + 1
    assert picture.y0 <= box.y0 and box.y1 <= picture.y1 + 1


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_plans_are_named_in_the_legend_as_the_lesson_names_them(lang: str) -> None:
    """Lesson 5 names the rules of thumb by their names in code (**best_box_now** …) in every
    language; its plot's legend names them so too, beside their words in the language, so a
    learner can tell which curve is which (translations-lessons-bn-kn.md §7)."""
    names = ("best_box_now", "chase_five", "beat_par")
    prose = lesson_prose(lang)["text.05.cell-25"]
    assert all(f"**{name}**" in prose for name in names)
    results = {name: simulate(name, "yacht", games=20, seed=1) for name in (*names, "optimal")}
    figure = plots.plot_strategy_scores(results, lang=lang)
    assert figure is not None
    (ax,) = figure.axes
    legend = ax.get_legend()
    assert legend is not None
    # the words as read, without the direction marks an Urdu label keeps (issue 32)
    labels = [text.get_text().translate(dict.fromkeys(map(ord, BIDI_CONTROLS)))
              for text in legend.get_texts()]
    assert [label.split(" ")[0] for label in labels[:3]] == list(names)
    assert labels[3].startswith(ye.i18n.catalog(lang)["strategy.optimal"].split(" ")[0])
