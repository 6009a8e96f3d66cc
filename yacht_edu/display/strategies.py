"""A strategy's simulated games drawn: mean, spread and histogram (:mod:`yacht_edu.strategies`)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from yacht_edu.display.numbers import decimal
from yacht_edu.display.plain import reached_text
from yacht_edu.display.text import direction
from yacht_edu.i18n import t

if TYPE_CHECKING:
    from yacht_edu.strategies import Simulation


def simulation_html(simulation: Simulation, lang: str | None = None) -> str:
    """Many simulated games: the mean ± its standard error and a small histogram."""
    head = t("strategy.simulation", lang, strategy=simulation.label(lang),
             count=simulation.games, rules=simulation.rules.label(lang))
    reached = ("" if simulation.target is None
               else f"<p>{html.escape(reached_text(simulation, lang))}</p>")
    bins = simulation.histogram()
    tallest = max(bins.values())
    bars = "".join(
        f'<div title="{start}–{start + 9}: {count}" style="display:inline-block;width:8px;'
        f'margin-right:1px;background:#1a4f8b;height:{max(1, round(80 * count / tallest))}px'
        f'"></div>' for start, count in bins.items())
    spread = t("strategy.sd", lang, sd=decimal(simulation.sd, 2, lang))
    return (f'<div class="yacht-simulation" dir="{direction(lang)}"><b>{html.escape(head)}</b>'
            f'<p><span dir="ltr">{decimal(simulation.mean, 2, lang)} ± '
            f"{decimal(simulation.standard_error, 2, lang)}</span> {html.escape(spread)}</p>"
            f"{reached}"
            f'<div style="display:flex;align-items:flex-end;height:82px">{bars}</div>'
            f'<p dir="ltr">{min(bins)} … {max(bins) + 9}</p></div>')
