"""Pictures of the exact probabilities: distributions, chances over more rolls, the law of large
numbers.  The only module besides the widgets that imports matplotlib (the ``lab`` extra).

Each function takes an optional matplotlib ``ax`` and returns the one it drew on; exact
fractions become floats only here, where they are drawn.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from yacht_edu.i18n import t
from yacht_edu.probability import (
    kind_of,
    n,
    one_roll_distribution,
    p_kind_within,
    p_within,
    simulate_turns,
)
from yacht_edu.probability.turn import StrategyLike
from yacht_edu.rules import RulesLike, get_rules

try:
    import matplotlib.pyplot as plt
except ImportError as missing:  # pragma: no cover - depends on the installation
    raise ImportError(
        "yacht_edu.plots draws with matplotlib, which is not installed: "
        "pip install 'yacht_edu[lab]'"
    ) from missing

if TYPE_CHECKING:
    from matplotlib.axes import Axes
else:
    Axes = Any

__all__ = [
    "plot_chance_within",
    "plot_comparison",
    "plot_law_of_large_numbers",
    "plot_score_distribution",
    "plot_strategy_scores",
]


def axes(ax: Axes | None) -> Axes:
    """``ax``, or the axes of a new figure."""
    if ax is not None:
        return ax
    _, new = plt.subplots(figsize=(7, 4))
    return new


def box_name(category: str, lang: str | None) -> str:
    return t(f"category.{category}", lang)


def plot_score_distribution(category: str = "choice", rules: RulesLike = "yacht", *,
                            ax: Axes | None = None, lang: str | None = None) -> Axes:
    """A bar for every score the box can take after one roll, as high as its exact chance."""
    ax = axes(ax)
    distribution = one_roll_distribution(category, rules)
    scores = list(distribution)
    ax.bar(scores, [float(p) for p in distribution.values()], color="#1a4f8b",
           label=box_name(category, lang))
    ax.axvline(float(distribution.mean), color="#c0392b", linestyle="--",
               label=t("probability.plot.mean", lang, mean=f"{float(distribution.mean):.2f}"))
    ax.set_xlabel(t("probability.plot.score", lang))
    ax.set_ylabel(t("probability.plot.chance", lang))
    ax.set_title(t("probability.plot.distribution_title", lang,
                   category=box_name(category, lang), rules=get_rules(rules).label(lang)))
    ax.legend()
    return ax


def plot_chance_within(category: str = "yacht", rules: RulesLike = "yacht", *,
                       n_max: int = 10, ax: Axes | None = None, lang: str | None = None) -> Axes:
    """The chance to make the box within n = 1 … ``n_max`` rolls: best play, keeping the most
    common face, and (for an "of a kind" box) the closed form of :func:`p_kind_within`."""
    ax = axes(ax)
    rolls = list(range(1, n_max + 1))
    target = kind_of(category)
    if target is not None:
        closed = p_kind_within(target)
        ax.plot(rolls, [float(closed.subs(n, k)) for k in rolls], color="#999999", linewidth=4,
                label=t("probability.plot.closed_form", lang, target=target), zorder=1)
    for strategy, marker in (("optimal", "o"), ("keep_most_common", "x")):
        ax.plot(rolls, [float(p_within(category, k, rules, strategy)) for k in rolls],
                marker=marker, linestyle="none", label=t(f"probability.strategy.{strategy}", lang))
    ax.set_xlabel(t("probability.plot.rolls", lang))
    ax.set_ylabel(t("probability.plot.chance", lang))
    ax.set_ylim(0, 1.05)
    ax.set_title(t("probability.plot.within_title", lang, category=box_name(category, lang)))
    ax.legend()
    return ax


def plot_law_of_large_numbers(category: str = "yacht", rules: RulesLike = "yacht", *,
                              rolls: int = 3, trials: int = 2000, seed: int = 0,
                              strategy: StrategyLike = "optimal", ax: Axes | None = None,
                              lang: str | None = None) -> Axes:
    """The share of simulated turns that made the box so far, against the exact chance."""
    ax = axes(ax)
    ruleset = get_rules(rules)
    turns = simulate_turns(category, rolls, ruleset, strategy, trials=trials, seed=seed)
    made = [ruleset.score(dice, category) > 0 for dice in turns]
    running = [hits / turns for turns, hits in enumerate(accumulate(made), start=1)]
    exact = p_within(category, rolls, ruleset, strategy)
    ax.plot(range(1, trials + 1), running, color="#1a4f8b",
            label=t("probability.plot.estimate", lang, seed=seed))
    ax.axhline(float(exact), color="#c0392b", linestyle="--",
               label=t("probability.plot.exact", lang, value=f"{float(exact):.4f}"))
    ax.set_xscale("log")
    ax.set_xlabel(t("probability.plot.turns", lang))
    ax.set_ylabel(t("probability.plot.share", lang, category=box_name(category, lang)))
    ax.set_title(t("probability.plot.lln_title", lang, rolls=rolls))
    ax.legend()
    return ax


def plot_strategy_scores(results: Mapping[str, Any], *, ax: Axes | None = None,
                         lang: str | None = None) -> Axes:
    """The final scores of simulated games, one outline per strategy, each normalised to shares.

    ``results`` maps a strategy's name to its ``Simulation`` (or to a pair whose last item is
    one, as :func:`yacht_edu.strategies.compare` returns).
    """
    ax = axes(ax)
    games = 0
    for name, result in results.items():
        simulation = result[-1] if isinstance(result, tuple) else result
        scores = [int(s) for s in simulation.scores]
        games = len(scores)
        label = t("probability.plot.strategy_label", lang, strategy=t(f"strategy.{name}", lang),
                  mean=f"{sum(scores) / games:.1f}")
        ax.hist(scores, bins=range(0, max(scores) + 11, 10), histtype="step", linewidth=2,
                weights=[1 / games] * games, label=label)
    ax.set_xlabel(t("probability.plot.score", lang))
    ax.set_ylabel(t("probability.plot.games_share", lang))
    ax.set_title(t("probability.plot.strategies_title", lang, games=games))
    ax.legend()
    return ax


def plot_comparison(comparison: Any, *, ax: Axes | None = None,
                    lang: str | None = None) -> Axes:
    """Where the points of the optimal player come from: for each box, the average points it
    adds under each rule set of a :func:`yacht_edu.compare_rules` comparison, side by side."""
    ax = axes(ax)
    boxes = comparison.boxes
    width = 0.8 / len(comparison)
    for i, summary in enumerate(comparison):
        ax.bar([b + i * width for b in range(len(boxes))],
               [summary.points.get(box, 0.0) for box in boxes], width,
               label=f"{summary.label(lang)}: {summary.mean:.1f}")
    ax.set_xticks([b + 0.4 - width / 2 for b in range(len(boxes))],
                  [box_name(box, lang) for box in boxes], rotation=45, ha="right")
    ax.set_ylabel(t("compare.plot_points", lang))
    ax.set_title(t("compare.plot_title", lang))
    ax.legend()
    return ax
