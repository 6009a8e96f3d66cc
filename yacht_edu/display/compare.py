"""The comparison of rule sets as an HTML table: a face of :mod:`yacht_edu.compare`.

Rows are what a class compares (expected score, spread, games with five of a kind, then each
box's points and its chance of earning points); columns are the rule sets, each after the first
with its difference from the first in brackets.  Pure strings, no Jupyter import.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from yacht_edu.display.numbers import decimal, percent, percentage_points
from yacht_edu.display.text import direction
from yacht_edu.i18n import box_name, t

if TYPE_CHECKING:
    from yacht_edu.compare import Comparison, RulesSummary


Cell = Callable[["RulesSummary"], float | None]


def comparison_rows(comparison: Comparison,
                    lang: str | None = None) -> list[tuple[str, Cell, bool]]:
    """(label, value of a summary, shown as a percentage?) for every row of the table."""
    rows: list[tuple[str, Cell, bool]] = [
        (t("compare.mean", lang), lambda s: s.mean, False),
        (t("compare.sd", lang), lambda s: s.sd, False),
        (t("compare.yacht_share", lang), lambda s: s.yacht_share, True),
    ]
    for box in comparison.boxes:
        name = box_name(box, lang)
        rows.append((t("compare.points", lang, box=name), points_of(box), False))
        rows.append((t("compare.chance", lang, box=name), chance_of(box), True))
    return rows


def points_of(box: str) -> Cell:
    """The average points ``box`` adds (None where the rule set has no such box)."""
    return lambda summary: summary.points.get(box)


def chance_of(box: str) -> Cell:
    """The chance that ``box`` earns points."""
    return lambda summary: summary.chance_to_score.get(box)


def cell_text(value: float | None, chance: bool, first: float | None = None,
          lang: str | None = None) -> str:
    """A value with one decimal (a percentage for a chance), and its change from ``first``.

    >>> cell_text(0.0461, True, 0.0350, "en"), cell_text(248.4, False, None, "en")
    ('4.6 % (+1.1)', '248.4')
    >>> cell_text(None, True)
    '—'
    """
    if value is None:
        return "—"
    if not chance:
        text = decimal(value, 1, lang)
        return text if first is None else f"{text} ({decimal(value - first, 1, lang, signed=True)})"
    text = percent(value, lang, places=1)
    if first is None:
        return text
    return f"{text} ({percentage_points(value - first, lang, places=1, signed=True)})"


def comparison_html(comparison: Comparison, lang: str | None = None, *,
                    names: Sequence[str] | None = None) -> str:
    """The comparison as a table, rule sets as columns, headed by their labels or ``names``."""
    names = [s.label(lang) for s in comparison] if names is None else names
    head = "".join(f"<th>{html.escape(name)}</th>" for name in names)
    body = []
    for label, cell, chance in comparison_rows(comparison, lang):
        values = [cell(s) for s in comparison]
        cells = [cell_text(values[0], chance, None, lang)]
        cells += [cell_text(v, chance, values[0], lang) for v in values[1:]]
        body.append(f"<tr><th style='text-align:start'>{html.escape(label)}</th>"
                    + "".join(f"<td dir='ltr' style='text-align:right'>{c}</td>" for c in cells)
                    + "</tr>")
    what = html.escape(t("compare.what", lang))
    return (f"<table class='yacht-comparison' dir='{direction(lang)}'><tr><th>{what}</th>"
            f"{head}</tr>{''.join(body)}</table>")
