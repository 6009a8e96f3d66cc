"""The plots draw the exact numbers (as floats, only where drawn)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import cast

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Polygon, Rectangle

from yacht_edu.i18n import t
from yacht_edu.plots import (
    plot_chance_within,
    plot_chi_square,
    plot_fair_die_spread,
    plot_law_of_large_numbers,
    plot_score_distribution,
    plot_waiting_time,
)
from yacht_edu.probability import (
    n,
    one_roll_distribution,
    p_kind_within,
    p_within,
    simulate_turns,
)
from yacht_edu.probability.fairness import BadCountsError, fairness
from yacht_edu.probability.waiting import BadWaitError, first_yacht, simulate_first_yacht
from yacht_edu.rules import score


def xs(line: Line2D) -> list[float]:
    return [float(v) for v in np.asarray(line.get_xdata())]


def ys(line: Line2D) -> list[float]:
    return [float(v) for v in np.asarray(line.get_ydata())]


def drawn(figure: Figure | None) -> Axes:
    """The one pair of axes of a figure a plot made (and returned, for a notebook to show)."""
    assert figure is not None
    (ax,) = figure.axes
    return ax


def test_a_plot_returns_its_figure_and_leaves_no_second_one_for_the_notebook() -> None:
    """A cell ending with a plot shows one picture: the figure it returns (not an ``Axes``
    line), which pyplot no longer holds, so the cell's end does not show it again."""
    open_before = plt.get_fignums()
    figure = plot_score_distribution("choice")
    assert isinstance(figure, Figure)
    assert plt.get_fignums() == open_before


def legend_texts(ax: Axes) -> list[str]:
    legend = ax.get_legend()
    assert legend is not None
    return [text.get_text() for text in legend.get_texts()]


def bars(ax: Axes) -> list[Rectangle]:
    return [bar for bar in ax.patches if isinstance(bar, Rectangle)]


@pytest.fixture(autouse=True)
def close_figures() -> Iterator[None]:
    yield
    plt.close("all")


def test_distribution_bars_are_the_exact_chances() -> None:
    ax = drawn(plot_score_distribution("choice"))
    distribution = one_roll_distribution("choice")
    assert [round(bar.get_x() + bar.get_width() / 2) for bar in bars(ax)] == list(distribution)
    assert [bar.get_height() for bar in bars(ax)] == [float(p) for p in distribution.values()]
    assert xs(ax.lines[0])[0] == pytest.approx(17.5)  # the mean, 35/2
    assert "Choice" in ax.get_title()


def test_draws_on_the_given_axes() -> None:
    _, ax = plt.subplots()
    assert plot_score_distribution("yacht", ax=ax) is None  # the figure is the caller's
    assert [bar.get_height() for bar in bars(ax)] == [1295 / 1296, 1 / 1296]


def test_chance_within_n_rolls_closed_form_and_turns() -> None:
    ax = drawn(plot_chance_within("yacht", n_max=10))
    closed, optimal, most_common = ax.lines
    assert xs(closed) == list(range(1, 11))
    assert ys(closed) == [float(p_kind_within(5).subs(n, k)) for k in range(1, 11)]
    assert ys(optimal) == [float(p_within("yacht", k)) for k in range(1, 11)]
    assert ys(most_common) == [
        float(p_within("yacht", k, strategy="keep_most_common")) for k in range(1, 11)]
    assert ys(optimal)[2] == pytest.approx(0.04603, abs=1e-5)  # OEIS A096256


def test_chance_within_for_a_box_without_a_closed_form() -> None:
    ax = drawn(plot_chance_within("full_house", "yahtzee", n_max=4))
    assert len(ax.lines) == 2
    assert ys(ax.lines[0]) == [float(p_within("full_house", k, "yahtzee"))
                                             for k in range(1, 5)]


def test_law_of_large_numbers_runs_toward_the_exact_value() -> None:
    ax = drawn(plot_law_of_large_numbers("full_house", trials=500, seed=5))
    running, exact = ax.lines
    made = [score(d, "full_house") > 0 for d in simulate_turns("full_house", trials=500, seed=5)]
    assert ys(running)[-1] == pytest.approx(sum(made) / 500)
    assert ys(running)[0] == float(made[0])
    assert ys(exact) == [float(p_within("full_house"))] * 2


def test_strategy_scores_draw_each_simulation_as_shares_of_its_games() -> None:
    from yacht_edu.plots import plot_strategy_scores
    from yacht_edu.strategies import simulate

    results = {name: simulate(name, "yacht", games=300, seed=5)
               for name in ("chase_five", "optimal")}
    ax = drawn(plot_strategy_scores(results))
    outlines = cast("Sequence[Polygon]", ax.patches)  # a step outline each
    assert len(outlines) == 2
    for outline, simulation in zip(outlines, results.values(), strict=True):
        heights = outline.get_xy()[:, 1]
        assert max(heights) <= 1
        assert cast(str, outline.get_label()).endswith(f"{simulation.mean:.1f}")
    # the tallest step of each outline is the share of its most common 10-point bin
    for outline, simulation in zip(outlines, results.values(), strict=True):
        top = max(simulation.histogram(10).values()) / simulation.games
        assert max(outline.get_xy()[:, 1]) == pytest.approx(top)


# -- lesson 9: the wait for the first yacht -------------------------------------------------

# docs/rules.md#exact-chances (OEIS A096256): a yacht within three rolls, keeping the most common
P_YACHT = Fraction(2783176, 60466176)


def test_waiting_time_bars_are_the_geometric_chances_and_the_dots_the_simulation() -> None:
    simulated = simulate_first_yacht(learners=500, seed=1)
    ax = drawn(plot_waiting_time(first_yacht(), simulated, turns=40))
    heights = [bar.get_height() for bar in bars(ax)]
    assert [round(bar.get_x() + bar.get_width() / 2) for bar in bars(ax)] == list(range(1, 41))
    assert heights == [float(first_yacht().chance_at(k)) for k in range(1, 41)]
    # a second way: the series (1 - p)^(k - 1) p from the published p, and its partial sum
    assert heights == [float((1 - P_YACHT) ** (k - 1) * P_YACHT) for k in range(1, 41)]
    assert sum(heights) == pytest.approx(float(1 - (1 - P_YACHT) ** 40), abs=1e-12)
    dots, mean = ax.lines
    waits = np.asarray(simulated.waits)
    assert ys(dots) == [float(np.mean(waits == k)) for k in range(1, 41)]
    assert xs(mean) == [float(1 / P_YACHT)] * 2   # 7558272/347897, about 21.73
    assert "500 simulated players" in legend_texts(ax)


def test_waiting_time_alone_speaks_the_learners_language() -> None:
    ax = drawn(plot_waiting_time(lang="hi"))
    assert len(bars(ax)) == 60 and len(ax.lines) == 1   # no simulation given: no dots
    assert ax.get_xlabel() == t("plot.wait.turn", "hi") != t("plot.wait.turn", "en")


def test_waiting_time_refuses_a_bad_number_of_turns_and_draws_nothing() -> None:
    _, ax = plt.subplots()
    with pytest.raises(BadWaitError, match="turns"):
        plot_waiting_time(turns=0, ax=ax)
    assert not ax.patches and not ax.lines


# -- lesson 10: how far a fair die's counts stray, and the chi-square statistic ------------


def test_fair_die_spread_counts_the_classes_that_saw_each_number_of_sixes() -> None:
    classes = np.random.default_rng(10).multinomial(60, [1 / 6] * 6, size=1000)
    ax = drawn(plot_fair_die_spread(classes, [8, 9, 12, 11, 6, 14]))
    heights = [bar.get_height() for bar in bars(ax)]
    centres = [round(bar.get_x() + bar.get_width() / 2) for bar in bars(ax)]
    sixes = Counter(int(row[5]) for row in classes)   # counted a second way
    assert centres == list(range(max(sixes) + 1))
    assert heights == [sixes[k] for k in centres] and sum(heights) == 1000
    expected, ours = ax.lines
    assert xs(expected) == [10.0, 10.0] and xs(ours) == [14.0, 14.0]
    assert ax.get_xlabel() == "times face 6 came up in 60 rolls of a fair die"


def test_fair_die_spread_refuses_tables_that_are_not_classes_of_a_die() -> None:
    _, ax = plt.subplots()
    uneven = [[10, 10, 10, 10, 10, 10], [10, 10, 10, 10, 10, 11]]
    for bad in ([8, 9, 12, 11, 6, 14], [[1, 2, 3]], uneven, [[1, 1, 1, 1, 1, -1]]):
        with pytest.raises(BadCountsError):
            plot_fair_die_spread(bad, ax=ax)
    with pytest.raises(BadCountsError):
        plot_fair_die_spread([[10] * 6], face=7, ax=ax)
    assert not ax.patches and not ax.lines


def test_chi_square_plot_draws_the_simulated_statistics_and_the_curve() -> None:
    from scipy import stats

    test = fairness([8, 9, 12, 11, 6, 14], simulations=2000, seed=3)
    ax = drawn(plot_chi_square(test))
    heights = [bar.get_height() for bar in bars(ax)]
    shares, _ = np.histogram(test.simulated, bins=60, density=True)
    assert heights == pytest.approx(list(shares), rel=1e-12)
    curve, ours = ax.lines
    # the curve is minus the derivative of the package's closed-form tail: scipy's density
    assert ys(curve) == pytest.approx(list(stats.chi2.pdf(xs(curve), 5)), rel=1e-9)
    assert xs(ours) == [4.2, 4.2]   # 21/5, the lesson's statistic
    assert "chi-square, 5 degrees of freedom" in legend_texts(ax)


@pytest.mark.parametrize("lang", ["kn", "ur"])
def test_a_pictures_words_are_drawn_in_plain_letters(lang: str) -> None:
    """No mathematics in a label, and no direction mark unless matplotlib lays text out by
    direction itself: either would be drawn as empty boxes in a font without the language's
    letters."""
    from matplotlib.text import Text

    from yacht_edu.plots import LAYS_OUT_DIRECTION

    figure = plot_chi_square(fairness([8, 9, 12, 11, 6, 14], simulations=200), lang=lang)
    assert figure is not None
    words = [text.get_text() for text in figure.findobj(Text)]
    assert any("X²" in w for w in words)
    assert not any("$" in w for w in words)
    if not LAYS_OUT_DIRECTION:
        assert not any(set(w) & set("\u2066\u2067\u2068\u2069") for w in words)
