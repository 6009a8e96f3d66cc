"""Pictures of the exact probabilities: distributions, chances over more rolls, the law of large
numbers, the wait for a yacht, a fair die's counts.  The only module besides the widgets that
imports matplotlib (the ``lab`` extra).

Each function draws on a new figure and returns it, so that a notebook cell ending with the call
shows one picture and no text; given a matplotlib ``ax``, it draws there and returns None (the
figure is the caller's).  Exact fractions become floats only here, where they are drawn.  Its
words are written in fonts that have the letters of its language (:data:`FONTS`), chosen here
for the picture being drawn, never for the whole session.
"""

from __future__ import annotations

import contextlib
import functools
import textwrap
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

import numpy as np
import numpy.typing as npt
import sympy

from yacht_edu.dice import FACES
from yacht_edu.display.numbers import decimal
from yacht_edu.display.words import strategy_name
from yacht_edu.i18n import BIDI_CONTROLS, box_name, check_language, t, tn
from yacht_edu.probability import (
    kind_of,
    n,
    one_roll_distribution,
    p_kind_within,
    p_within,
    simulate_turns,
)
from yacht_edu.probability.fairness import (
    BadCountsError,
    FairnessTest,
    checked_counts,
    chi_square_tail,
)
from yacht_edu.probability.turn import StrategyLike
from yacht_edu.probability.waiting import (
    WaitingTime,
    WaitSimulation,
    first_yacht,
)
from yacht_edu.probability.waiting import turns as whole_turns
from yacht_edu.rules import RulesLike, get_rules

try:
    import matplotlib.pyplot as plt
    from matplotlib import font_manager, ft2font
    from matplotlib.figure import Figure
    from matplotlib.text import Text
except ImportError as missing:  # pragma: no cover - depends on the installation
    raise ImportError(t("widget.panel_missing", module="matplotlib")) from missing

if TYPE_CHECKING:
    from matplotlib.axes import Axes
else:
    Axes = Any

__all__ = [
    "FONTS",
    "fonts_for",
    "in_its_fonts",
    "legend_beside",
    "plan_name",
    "plot_chance_within",
    "plot_chi_square",
    "plot_comparison",
    "plot_fair_die_spread",
    "plot_law_of_large_numbers",
    "plot_score_distribution",
    "plot_strategy_scores",
    "plot_waiting_time",
]


#: The font families a picture's words are written in, per language, tried letter by letter in
#: this order: DejaVu Sans (matplotlib's own) has the Latin letters, the digits and the symbols,
#: the Noto families the letters of Hindi, Bengali and Kannada; Urdu is written in Noto Naskh
#: Arabic, which has every Urdu letter (DejaVu Sans lacks ہ, U+06C1).  On Debian the Noto
#: families come with the package fonts-noto-core (docs/classroom.md).
FONTS: Mapping[str, tuple[str, ...]] = {
    "en": ("DejaVu Sans",),
    "hi": ("DejaVu Sans", "Noto Sans Devanagari"),
    "bn": ("DejaVu Sans", "Noto Sans Bengali"),
    "kn": ("DejaVu Sans", "Noto Sans Kannada"),
    "ur": ("Noto Naskh Arabic", "DejaVu Sans"),
}


@contextlib.contextmanager
def fonts_for(lang: str | None) -> Iterator[None]:
    """Inside the block, new words of a picture are written in the fonts of ``lang``
    (default: the session's language); matplotlib's settings are as before after it."""
    families = FONTS[check_language(lang)]
    known_fonts(families)
    with plt.rc_context({"font.family": list(families)}):
        yield


@functools.cache
def known_fonts(families: tuple[str, ...]) -> None:
    """Make sure matplotlib knows the font files of ``families`` that the system has: its list
    of fonts is saved once, and fonts installed after that (fonts-noto-core on a server that
    drew a picture before) would otherwise stay unknown to it."""
    known = set(font_manager.get_font_names())
    wanted = {family.replace(" ", "") for family in families if family not in known}
    for path in font_manager.findSystemFonts() if wanted else ():
        if Path(path).name.split("-")[0] in wanted:
            font_manager.fontManager.addfont(path)


P = ParamSpec("P")
R = TypeVar("R")


def in_its_fonts(draw: Callable[P, R]) -> Callable[P, R]:
    """A plot function that writes its words in the fonts of its ``lang=`` (:func:`fonts_for`),
    its words as matplotlib can draw them (:func:`plain_words`)."""
    @functools.wraps(draw)
    def drawn(*args: P.args, **kwargs: P.kwargs) -> R:
        lang = kwargs.get("lang")
        with fonts_for(lang if isinstance(lang, str) else None):
            picture = draw(*args, **kwargs)
            given = kwargs.get("ax")
            without_marks(picture if isinstance(picture, Figure)
                          else getattr(given, "figure", None))
            return picture
    return drawn


#: The direction marks a right-to-left message carries (:mod:`yacht_edu.i18n` isolates it).
MARKS = dict.fromkeys(map(ord, BIDI_CONTROLS))
#: Whether matplotlib lays text out by direction itself (libraqm, matplotlib 3.11 and newer):
#: it then reads the direction marks as Unicode means them.
LAYS_OUT_DIRECTION = hasattr(ft2font.FT2Font, "_layout")


def plain_words(words: str, marks: bool = LAYS_OUT_DIRECTION) -> str:
    """A picture's words as matplotlib can draw them.  A matplotlib that lays text out by
    direction keeps the direction marks (``marks``): an Urdu legend that begins with a Latin
    letter ("T تک پہنچنے ...") is read right to left as the whole message says, not left to
    right from its first letter.  An older one draws no direction and each mark as an empty
    box, so it gets none.  The labels write the statistic X² in plain letters, not as
    ``$X^2$``: a label with mathematics is drawn whole in one font, which has no Kannada,
    Hindi, Bengali or Urdu letters.

    >>> plain_words("\u2067ہمارا پانسا: X² = \u20684.20\u2069\u2069", marks=False)
    'ہمارا پانسا: X² = 4.20'
    """
    return words if marks else words.translate(MARKS)


def without_marks(figure: Figure | None) -> None:
    """Every word of a picture in :func:`plain_words`."""
    for text in figure.findobj(Text) if figure is not None else ():
        words = text.get_text()
        if plain_words(words) != words:
            text.set_text(plain_words(words))


def axes(ax: Axes | None) -> tuple[Axes, Figure | None]:
    """Where to draw: ``ax`` and no new figure, or the axes of a new figure and that figure.

    The new figure is made by pyplot (so that a notebook knows how to show it) and let go at
    once: a notebook shows it once, as the value a plot returns, and not a second time when the
    cell ends."""
    if ax is not None:
        return ax, None
    made = plt.figure(figsize=(9, 4), layout="constrained")
    plt.close(made)
    return made.subplots(), made


#: The longest line of a legend's label, in characters: a longer label is wrapped.
LEGEND_LINE = 36


def legend_beside(ax: Axes) -> None:
    """The legend to the right of the axes, outside the data, top aligned: a label in Kannada or
    Bengali is long, and inside the axes it would cover bars and curves.  A label longer than
    :data:`LEGEND_LINE` is wrapped; a figure the plot makes leaves room for the legend (its
    layout is constrained)."""
    legend = ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0)
    for text in legend.get_texts():
        text.set_text(textwrap.fill(text.get_text(), LEGEND_LINE))


@in_its_fonts
def plot_score_distribution(box: str = "choice", rules: RulesLike = "yacht", *,
                            ax: Axes | None = None, lang: str | None = None) -> Figure | None:
    """A bar for every score the box can take after one roll, as high as its exact chance."""
    ax, picture = axes(ax)
    distribution = one_roll_distribution(box, rules)
    scores = list(distribution)
    ax.bar(scores, [float(p) for p in distribution.values()], color="#1a4f8b",
           label=box_name(box, lang))
    ax.axvline(float(distribution.mean), color="#c0392b", linestyle="--",
               label=t("probability.plot.mean", lang,
                       mean=decimal(float(distribution.mean), 2, lang)))
    ax.set_xlabel(t("probability.plot.score", lang))
    ax.set_ylabel(t("probability.plot.chance", lang))
    ax.set_title(t("probability.plot.distribution_title", lang,
                   box=box_name(box, lang), rules=get_rules(rules).label(lang)))
    legend_beside(ax)
    return picture


@in_its_fonts
def plot_chance_within(box: str = "yacht", rules: RulesLike = "yacht", *, n_max: int = 10,
                       ax: Axes | None = None, lang: str | None = None) -> Figure | None:
    """The chance to make the box within n = 1 … ``n_max`` rolls: best play, keeping the most
    common face, and (for an "of a kind" box) the closed form of :func:`p_kind_within`."""
    ax, picture = axes(ax)
    rolls = list(range(1, n_max + 1))
    target = kind_of(box, rules)
    if target is not None:
        closed = p_kind_within(target)
        ax.plot(rolls, [float(closed.subs(n, k)) for k in rolls], color="#999999", linewidth=4,
                label=t("probability.plot.closed_form", lang, target=target), zorder=1)
    for strategy, marker in (("optimal", "o"), ("keep_most_common", "x")):
        ax.plot(rolls, [float(p_within(box, k, rules, strategy)) for k in rolls],
                marker=marker, linestyle="none", label=t(f"probability.strategy.{strategy}", lang))
    ax.set_xlabel(t("probability.plot.rolls", lang))
    ax.set_ylabel(t("probability.plot.chance", lang))
    ax.set_ylim(0, 1.05)
    ax.set_title(t("probability.plot.within_title", lang, box=box_name(box, lang)))
    legend_beside(ax)
    return picture


@in_its_fonts
def plot_law_of_large_numbers(box: str = "yacht", rules: RulesLike = "yacht", *,
                              rolls: int = 3, trials: int = 2000, seed: int = 0,
                              strategy: StrategyLike = "optimal", ax: Axes | None = None,
                              lang: str | None = None) -> Figure | None:
    """The share of simulated turns that made the box so far, against the exact chance."""
    ax, picture = axes(ax)
    ruleset = get_rules(rules)
    turns = simulate_turns(box, rolls, ruleset, strategy, trials=trials, seed=seed)
    made = [ruleset.score(dice, box) > 0 for dice in turns]
    running = [hits / turns for turns, hits in enumerate(accumulate(made), start=1)]
    exact = p_within(box, rolls, ruleset, strategy)
    ax.plot(range(1, trials + 1), running, color="#1a4f8b",
            label=t("probability.plot.estimate", lang, seed=seed))
    ax.axhline(float(exact), color="#c0392b", linestyle="--",
               label=t("probability.plot.exact", lang, value=decimal(float(exact), 4, lang)))
    ax.set_xscale("log")
    ax.set_xlabel(t("probability.plot.turns", lang))
    ax.set_ylabel(t("probability.plot.share", lang, box=box_name(box, lang)))
    ax.set_title(t("probability.plot.lln_title", lang, count=rolls))
    legend_beside(ax)
    return picture


@in_its_fonts
def plot_strategy_scores(results: Mapping[str, Any], *, ax: Axes | None = None,
                         lang: str | None = None) -> Figure | None:
    """The final scores of simulated games, one outline per strategy, each normalised to shares.

    ``results`` maps a strategy's name to its ``Simulation`` (or to a pair whose last item is
    one, as :func:`yacht_edu.strategies.compare` returns).
    """
    ax, picture = axes(ax)
    games = 0
    for name, result in results.items():
        simulation = result[-1] if isinstance(result, tuple) else result
        scores = np.asarray(simulation.scores)
        games = len(scores)
        label = t("probability.plot.strategy_label", lang, strategy=plan_name(name, lang),
                  mean=decimal(float(scores.mean()), 1, lang))
        edges = list(range(0, int(scores.max()) + 11, 10))
        counts, _ = np.histogram(scores, bins=edges)  # counted by numpy: a million games at once
        ax.hist(edges[:-1], bins=edges, histtype="step", linewidth=2, weights=counts / games,
                label=label)
    ax.set_xlabel(t("probability.plot.score", lang))
    ax.set_ylabel(t("probability.plot.games_share", lang))
    ax.set_title(t("probability.plot.strategies_title", lang, count=games))
    legend_beside(ax)
    return picture


def plan_name(name: str, lang: str | None = None) -> str:
    """A plan as the lessons' prose names it: a rule of thumb by its name in code, its words in
    the learner's language beside it ("chase_five (Chase five of a kind)"); the optimal player
    by its words alone (the prose says "the optimal player").

    >>> plan_name("chase_five", "en"), plan_name("optimal", "en")
    ('chase_five (Chase five of a kind)', 'Optimal')
    """
    words = strategy_name(name, lang)
    return words if name == "optimal" or words == name else f"{name} ({words})"


@in_its_fonts
def plot_comparison(comparison: Any, *, ax: Axes | None = None,
                    lang: str | None = None) -> Figure | None:
    """Where the points of the optimal player come from: for each box, the average points it
    adds under each rule set of a :func:`yacht_edu.compare_rules` comparison, side by side."""
    ax, picture = axes(ax)
    boxes = comparison.boxes
    width = 0.8 / len(comparison)
    for i, summary in enumerate(comparison):
        ax.bar([b + i * width for b in range(len(boxes))],
               [summary.points.get(box, 0.0) for box in boxes], width,
               label=f"{summary.label(lang)}: {decimal(summary.mean, 1, lang)}")
    ax.set_xticks([b + 0.4 - width / 2 for b in range(len(boxes))],
                  [box_name(box, lang) for box in boxes], rotation=45, ha="right")
    ax.set_ylabel(t("compare.plot_points", lang))
    ax.set_title(t("compare.plot_title", lang))
    legend_beside(ax)
    return picture


@in_its_fonts
def plot_waiting_time(wait: WaitingTime | None = None, simulation: WaitSimulation | None = None,
                      *, turns: int = 60, ax: Axes | None = None,
                      lang: str | None = None) -> Figure | None:
    """The geometric distribution of the wait for the first yacht: a bar for each turn
    1 … ``turns``, as high as the exact chance that the first yacht comes then
    (:meth:`WaitingTime.chance_at`; ``wait`` defaults to :func:`first_yacht`), the mean wait
    as a line, and beside the bars the shares of a :func:`simulate_first_yacht` run, if given."""
    shown = range(1, whole_turns(turns, "turns", 1) + 1)
    wait = first_yacht() if wait is None else wait
    ax, picture = axes(ax)
    ax.bar(shown, [float(wait.chance_at(k)) for k in shown], color="#9ec5e8",
           label=t("plot.wait.exact", lang))
    if simulation is not None:
        ax.plot(shown, [simulation.chance_at(k) for k in shown], "o", ms=3, color="#c0392b",
                label=tn("plot.wait.simulated", simulation.learners, lang,
                         count=f"{simulation.learners:,}"))
    ax.axvline(float(wait.mean), color="#1a4f8b", linestyle="--",
               label=t("probability.plot.mean", lang, mean=decimal(float(wait.mean), 2, lang)))
    ax.set_xlabel(t("plot.wait.turn", lang))
    ax.set_ylabel(t("probability.plot.chance", lang))
    ax.set_title(t("plot.wait.title", lang))
    legend_beside(ax)
    return picture


def simulated_classes(classes: Any) -> npt.NDArray[np.int64]:
    """Rows of six counts, one row per simulated class, every class with the same rolls."""
    table = np.asarray(classes)
    if table.ndim != 2 or table.shape[1] != len(FACES) or not len(table):
        raise BadCountsError("plot.error.classes")
    rows = [checked_counts(row) for row in table.tolist()]
    if len({sum(row) for row in rows}) != 1:
        raise BadCountsError("plot.error.classes")
    return np.array(rows, dtype=np.int64)


@in_its_fonts
def plot_fair_die_spread(classes: Any, counts: Sequence[int] | None = None, *, face: int = 6,
                         ax: Axes | None = None, lang: str | None = None) -> Figure | None:
    """How far a fair die's counts stray: how many of the simulated ``classes`` (rows of six
    counts, e.g. numpy's ``multinomial``) saw ``face`` 0, 1, 2, … times, against the count a
    fair die gives on average, and the class's own count of that face from ``counts``."""
    table = simulated_classes(classes)
    if isinstance(face, bool) or face not in FACES:
        raise BadCountsError("fairness.error.face", value=repr(face))
    ours = None if counts is None else checked_counts(counts)[face - 1]
    ax, picture = axes(ax)
    rolls = int(table[0].sum())
    seen = table[:, face - 1]
    ax.hist(seen, bins=[k - 0.5 for k in range(int(seen.max()) + 2)], color="#9ec5e8",
            label=tn("plot.fair.classes", len(table), lang, count=f"{len(table):,}"))
    expected = rolls / len(FACES)
    ax.axvline(expected, color="#c0392b",
               label=t("plot.fair.expected", lang, expected=f"{expected:g}"))
    if ours is not None:
        ax.axvline(ours, color="black", linestyle="--",
                   label=t("plot.fair.our_count", lang, count=ours))
    ax.set_xlabel(t("plot.fair.face_count", lang, face=face, count=rolls))
    ax.set_ylabel(t("plot.fair.classes_axis", lang))
    legend_beside(ax)
    return picture


def chi_square_density() -> Any:
    """The chi-square curve for a die's 5 degrees of freedom, as a numpy function of x: minus
    the derivative of the tail P(X² ≥ x) that :func:`chi_square_tail` gives in closed form."""
    x = sympy.Symbol("x", positive=True)
    return sympy.lambdify(x, sympy.simplify(-sympy.diff(chi_square_tail(x), x)), "numpy")


@in_its_fonts
def plot_chi_square(test: FairnessTest, *, ax: Axes | None = None,
                    lang: str | None = None) -> Figure | None:
    """The chi-square statistics of a fairness test's simulated fair dice (a histogram of
    shares per unit), the chi-square curve for its degrees of freedom, and our die's statistic."""
    ax, picture = axes(ax)
    ax.hist(test.simulated, bins=60, density=True, color="#9ec5e8",
            label=tn("plot.fair.simulated", test.simulations, lang,
                     count=f"{test.simulations:,}"))
    x = np.linspace(0.01, max(25.0, float(test.statistic) + 1), 200)
    ax.plot(x, chi_square_density()(x), color="#1a4f8b",
            label=t("plot.fair.curve", lang, count=test.degrees_of_freedom))
    ax.axvline(float(test.statistic), color="black", linestyle="--",
               label=t("plot.fair.our_statistic", lang,
                       statistic=decimal(float(test.statistic), 2, lang)))
    ax.set_xlabel("X\u00b2")
    ax.set_ylabel(t("plot.fair.density", lang))
    legend_beside(ax)
    return picture
