"""Luck and skill as a table: each player's start, luck, loss and final score
(:mod:`yacht_edu.luck` computes them)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

from yacht_edu.display.numbers import decimal
from yacht_edu.display.text import direction
from yacht_edu.i18n import t

if TYPE_CHECKING:
    from yacht_edu.luck import LuckAndSkill
    from yacht_edu.rules import Rules


def luck_html(entries: Sequence[LuckAndSkill], rules: Rules | None = None,
              staged_rolls: int = 0, lang: str | None = None) -> str:
    """A row per player — expected at the start, luck of the dice, points given up, final score
    (or worth now) — and the identity that ties them, in words."""
    over = all(entry.over for entry in entries)
    keys = ("analysis.col_player", "luck.col_start", "luck.col_luck", "luck.col_loss",
            "luck.col_final" if over else "luck.col_now")
    columns = "".join(f"<th>{html.escape(t(key, lang))}</th>" for key in keys)
    rows = "".join(
        f'<tr class="yacht-luck-player"><td>{html.escape(entry.player)}</td>'
        f'{_number(entry.start, lang)}{_number(entry.luck, lang, signed=True)}'
        f"{_number(entry.loss, lang)}{_number(entry.final, lang)}</tr>" for entry in entries)
    notes = [t("luck.identity", lang), t("luck.explain", lang)]
    if not over:
        notes.append(t("luck.running", lang))
    if staged_rolls:
        notes.append(t("game.staged_rolls", lang, count=staged_rolls))
    head = ("" if rules is None else
            f"<b>{html.escape(t('luck.heading', lang, rules=rules.label(lang)))}</b>")
    paragraphs = "".join(f"<p>{html.escape(note)}</p>" for note in notes)
    return (f'<div class="yacht-luck" dir="{direction(lang)}">{head}'
            f'<table class="yacht-luck-table"><tr>{columns}</tr>{rows}</table>'
            f"{paragraphs}</div>")


def _number(value: float, lang: str | None, *, signed: bool = False) -> str:
    """A number's cell, left to right inside a right-to-left table (its sign stays in front)."""
    return (f'<td dir="ltr" style="text-align:right">'
            f"{decimal(value, 2, lang, signed=signed)}</td>")
