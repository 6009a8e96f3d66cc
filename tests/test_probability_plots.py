"""The plots draw the exact numbers (as floats, only where drawn)."""

from __future__ import annotations

from collections.abc import Iterator

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle

from yacht_edu.plots import (
    plot_chance_within,
    plot_law_of_large_numbers,
    plot_score_distribution,
)
from yacht_edu.probability import (
    n,
    one_roll_distribution,
    p_kind_within,
    p_within,
    simulate_turns,
)
from yacht_edu.rules import score


def xs(line: Line2D) -> list[float]:
    return [float(v) for v in np.asarray(line.get_xdata())]


def ys(line: Line2D) -> list[float]:
    return [float(v) for v in np.asarray(line.get_ydata())]


def bars(ax: Axes) -> list[Rectangle]:
    return [bar for bar in ax.patches if isinstance(bar, Rectangle)]


@pytest.fixture(autouse=True)
def close_figures() -> Iterator[None]:
    yield
    plt.close("all")


def test_distribution_bars_are_the_exact_chances() -> None:
    ax = plot_score_distribution("choice")
    distribution = one_roll_distribution("choice")
    assert [round(bar.get_x() + bar.get_width() / 2) for bar in bars(ax)] == list(distribution)
    assert [bar.get_height() for bar in bars(ax)] == [float(p) for p in distribution.values()]
    assert xs(ax.lines[0])[0] == pytest.approx(17.5)  # the mean, 35/2
    assert "Choice" in ax.get_title()


def test_draws_on_the_given_axes() -> None:
    _, ax = plt.subplots()
    assert plot_score_distribution("yacht", ax=ax) is ax
    assert [bar.get_height() for bar in bars(ax)] == [1295 / 1296, 1 / 1296]


def test_chance_within_n_rolls_closed_form_and_turns() -> None:
    ax = plot_chance_within("yacht", n_max=10)
    closed, optimal, most_common = ax.lines
    assert xs(closed) == list(range(1, 11))
    assert ys(closed) == [float(p_kind_within(5).subs(n, k)) for k in range(1, 11)]
    assert ys(optimal) == [float(p_within("yacht", k)) for k in range(1, 11)]
    assert ys(most_common) == [
        float(p_within("yacht", k, strategy="keep_most_common")) for k in range(1, 11)]
    assert ys(optimal)[2] == pytest.approx(0.04603, abs=1e-5)  # OEIS A096256


def test_chance_within_for_a_box_without_a_closed_form() -> None:
    ax = plot_chance_within("full_house", "yahtzee", n_max=4)
    assert len(ax.lines) == 2
    assert ys(ax.lines[0]) == [float(p_within("full_house", k, "yahtzee"))
                                             for k in range(1, 5)]


def test_law_of_large_numbers_runs_toward_the_exact_value() -> None:
    ax = plot_law_of_large_numbers("full_house", trials=500, seed=5)
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
    ax = plot_strategy_scores(results)
    outlines = ax.patches
    assert len(outlines) == 2
    for outline, simulation in zip(outlines, results.values(), strict=True):
        heights = outline.get_xy()[:, 1]
        assert max(heights) <= 1
        assert outline.get_label().endswith(f"{simulation.mean:.1f}")
    # the tallest step of each outline is the share of its most common 10-point bin
    for outline, simulation in zip(outlines, results.values(), strict=True):
        top = max(simulation.histogram(10).values()) / simulation.games
        assert max(outline.get_xy()[:, 1]) == pytest.approx(top)
