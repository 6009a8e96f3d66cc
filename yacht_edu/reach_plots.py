"""Playing to reach a target against playing for the highest average, in one picture.  Imports
matplotlib (the ``lab`` extra), like :mod:`yacht_edu.plots`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from yacht_edu.i18n import t
from yacht_edu.plots import axes, in_its_fonts, legend_beside
from yacht_edu.reach import reach_curves
from yacht_edu.rules import RulesLike
from yacht_edu.solver import Progress

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
else:
    Axes = Figure = Any

__all__ = ["plot_reach"]


@in_its_fonts
def plot_reach(rules: RulesLike = "yacht", *, ax: Axes | None = None, lang: str | None = None,
               progress: Progress | None = None) -> Figure | None:
    """P(final score ≥ T) for every target T: the player who plays to reach T, and the player
    who plays for the highest expected score; the gap between them shaded.  Returns the new
    figure, or None when drawn on ``ax``."""
    ax, picture = axes(ax)
    curves = reach_curves(rules, progress=progress)
    ax.plot(curves.targets, curves.best, color="#c0392b", label=t("reach_plot.target_player", lang))
    ax.plot(curves.targets, curves.expected_player, color="#1a4f8b",
            label=t("reach_plot.expected_player", lang))
    ax.fill_between(curves.targets, curves.expected_player, curves.best, color="#f5b7b1",
                    alpha=0.6, label=t("reach_plot.gap", lang))
    ax.set_xlabel(t("reach_plot.x", lang))
    ax.set_ylabel(t("reach_plot.y", lang))
    ax.set_ylim(0, 1.02)
    ax.set_title(t("reach_plot.title", lang, rules=curves.rules.label(lang)))
    legend_beside(ax)
    return picture
