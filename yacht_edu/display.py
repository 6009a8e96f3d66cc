"""Rich display of the model: dice as SVG, scorecards and games as HTML tables.

Pure strings, no Jupyter import: ``Dice._repr_html_`` and friends call these, and the widgets
reuse :func:`die_svg` so a die looks the same everywhere.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from yacht_edu.i18n import RTL_LANGUAGES, check_language, digits, t

if TYPE_CHECKING:
    from yacht_edu.dice import Dice
    from yacht_edu.game import Game
    from yacht_edu.scorecard import Scorecard

__all__ = ["dice_html", "die_svg", "game_html", "scorecard_html"]

# Where the pips of each face sit on a 3 x 3 grid (column, row), as on a real die.
PIPS: Mapping[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def die_svg(face: int | None, size: int = 56, held: bool = False, label: str = "") -> str:
    """One die drawn with pips (an empty die for ``None``); a held die has a thick dark frame."""
    pips = "".join(
        f'<circle cx="{14 + 22 * c}" cy="{14 + 22 * r}" r="5.5" fill="#1b1b1b"/>'
        for c, r in PIPS.get(face or 0, ())
    )
    frame = 'stroke="#1a4f8b" stroke-width="6"' if held else 'stroke="#555" stroke-width="2"'
    fill = "#fff6d5" if held else "#ffffff"
    title = f"<title>{html.escape(label)}</title>" if label else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 72 72" role="img" aria-label="{html.escape(label)}">{title}'
        f'<rect x="4" y="4" width="64" height="64" rx="11" fill="{fill}" {frame}/>{pips}</svg>'
    )


def dice_html(dice: Dice | Iterable[int], held: Iterable[int] = (), lang: str | None = None) -> str:
    """Five dice side by side, held ones framed, each with an accessible name."""
    kept = set(held)
    faces = list(dice)
    shown = "".join(
        die_svg(face, held=i in kept, label=die_label(i, face, i in kept, lang))
        for i, face in enumerate(faces)
    )
    return f'<div class="yacht-dice-row" style="display:flex;gap:8px">{shown}</div>'


def die_label(position: int, face: int | None, held: bool, lang: str | None = None) -> str:
    """The accessible name of a die: "die 3: 5, held"."""
    if face is None:
        return t("die.label_empty", lang, number=position + 1)
    key = "die.label_held" if held else "die.label"
    return t(key, lang, number=position + 1, face=face)


def direction(lang: str | None) -> str:
    return "rtl" if check_language(lang) in RTL_LANGUAGES else "ltr"


def scorecard_html(card: Scorecard, lang: str | None = None, title: str = "") -> str:
    """A scorecard as a table: every box in order, subtotals and bonuses, the total."""
    rules = card.rules
    rows = [f"<tr><th colspan=2>{html.escape(title or rules.label(lang))}</th></tr>"]
    for category in rules.categories:
        value = card.boxes[category]
        shown = "" if value is None else digits(value, lang)
        rows.append(f'<tr class="yacht-box-{category}"><td>{t("category." + category, lang)}'
                    f'</td><td style="text-align:right">{shown}</td></tr>')
        if rules.upper_bonus and category == rules.upper_section[-1]:
            rows.append(_row(t("card.upper_subtotal", lang), card.upper_subtotal, lang))
            rows.append(_row(t("card.upper_bonus", lang), card.upper_bonus, lang))
    if rules.yahtzee_bonus:
        rows.append(_row(t("card.yahtzee_bonus", lang), card.yahtzee_bonus, lang))
    rows.append(_row(f"<b>{t('card.total', lang)}</b>", card.total, lang))
    return (f'<table class="yacht-scorecard" dir="{direction(lang)}">'
            + "".join(rows) + "</table>")


def _row(label: str, value: int, lang: str | None) -> str:
    return f'<tr><td>{label}</td><td style="text-align:right">{digits(value, lang)}</td></tr>'


def game_html(game: Game, lang: str | None = None) -> str:
    """The scorecards of all players side by side, and the dice on the table."""
    cards = "".join(
        f'<div>{scorecard_html(game.scorecard(name), lang, title=name)}</div>'
        for name in game.players
    )
    dice = "" if game.dice is None else dice_html(game.dice, game.held, lang)
    return (f'<div dir="{direction(lang)}"><p>{html.escape(game.rules.label(lang))}</p>{dice}'
            f'<div style="display:flex;gap:16px">{cards}</div></div>')
