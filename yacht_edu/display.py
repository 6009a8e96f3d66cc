"""Rich display of the model: dice drawn with pips, scorecards as a teacher draws them.

Pure strings, no Jupyter import: ``Dice._repr_html_``, ``Scorecard._repr_html_`` and
``Game._repr_html_`` call these, and the widgets reuse :func:`die_svg` and :func:`lock_svg`, so a
die looks the same in a cell's output and in a game.  Every word comes from the message catalog.

>>> die_svg(1).count("<circle"), die_svg(6).count("<circle")   # pips, not digits
(1, 6)
>>> "circle" in die_svg(None)    # a die not rolled yet has no pips
False
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

__all__ = [
    "dice_html",
    "die_label",
    "die_svg",
    "direction",
    "game_html",
    "game_status",
    "lock_svg",
    "scorecard_html",
    "upper_progress",
]

# Where the pips of each face sit on a 3 x 3 grid (column, row), as on a real die.
PIPS: Mapping[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}

HELD_FRAME = "#1a4f8b"
INK = "#1b1b1b"

# The look of a printed scorecard, inline so that it survives being shown anywhere.
CARD_STYLE = ("border-collapse:collapse;font-size:16px;min-width:16em;"
              "font-family:system-ui,sans-serif;margin:4px 0")
CELL = "border:1px solid #888;padding:3px 10px"
NUMBER = CELL + ";text-align:right;font-variant-numeric:tabular-nums;direction:ltr;min-width:3em"
SUM_ROW = "background:#eef2f7"


def die_svg(face: int | None, size: int = 56, held: bool = False, label: str = "") -> str:
    """One die drawn with pips (an empty die for ``None``); a held die has a thick dark frame."""
    pips = "".join(
        f'<circle cx="{14 + 22 * c}" cy="{14 + 22 * r}" r="6" fill="{INK}"/>'
        for c, r in PIPS.get(face or 0, ())
    )
    frame = (f'stroke="{HELD_FRAME}" stroke-width="7"' if held
             else 'stroke="#555" stroke-width="2.5"')
    fill = "#fff3c4" if held else "#ffffff"
    title = f"<title>{html.escape(label)}</title>" if label else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 72 72" role="img" aria-label="{html.escape(label)}">{title}'
        f'<rect x="4" y="4" width="64" height="64" rx="11" fill="{fill}" {frame}/>{pips}</svg>'
    )


def lock_svg(size: int = 22) -> str:
    """A small closed padlock: the mark under a held die, so that holding is not told by colour."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 24 24" aria-hidden="true">'
        f'<path d="M7 11V8a5 5 0 0 1 10 0v3" fill="none" stroke="{HELD_FRAME}" stroke-width="2.6"/>'
        f'<rect x="4" y="11" width="16" height="11" rx="2" fill="{HELD_FRAME}"/>'
        f'<circle cx="12" cy="16.5" r="1.8" fill="#fff"/></svg>'
    )


def die_label(position: int, face: int | None, held: bool, lang: str | None = None) -> str:
    """The accessible name of a die: "die 3: 5, held".

    >>> die_label(2, 5, held=True, lang="en")
    'die 3: 5, held'
    """
    if face is None:
        return t("die.label_empty", lang, number=position + 1)
    key = "die.label_held" if held else "die.label"
    return t(key, lang, number=position + 1, face=face)


def dice_html(dice: Dice | Iterable[int], held: Iterable[int] = (), lang: str | None = None) -> str:
    """Five dice side by side; a held die is framed, lifted and marked with a padlock."""
    kept = set(held)
    shown = "".join(_die_cell(i, face, i in kept, lang) for i, face in enumerate(dice))
    return (f'<div class="yacht-dice-row" style="display:flex;gap:10px;align-items:flex-start;'
            f'direction:ltr;padding-top:10px" role="group" '
            f'aria-label="{html.escape(t("display.dice", lang))}">{shown}</div>')


def _die_cell(position: int, face: int, held: bool, lang: str | None) -> str:
    label = die_label(position, face, held, lang)
    mark = lock_svg() if held else ""
    lift = "transform:translateY(-8px);" if held else ""
    kind = "yacht-die yacht-held" if held else "yacht-die"
    return (f'<div class="{kind}" style="display:flex;flex-direction:column;align-items:center;'
            f'{lift}">{die_svg(face, held=held, label=label)}{mark}</div>')


def direction(lang: str | None) -> str:
    """``"rtl"`` for a language written right to left, else ``"ltr"``."""
    return "rtl" if check_language(lang) in RTL_LANGUAGES else "ltr"


def scorecard_html(card: Scorecard, lang: str | None = None, title: str = "") -> str:
    """A scorecard as a teacher draws it: upper boxes, subtotal and bonus, lower boxes, total.

    The rule set and its options head the card, always (a hidden option is the commonest source
    of a "wrong" score).
    """
    rules = card.rules
    rows = [f'<tr><th colspan="2" style="{CELL};font-size:18px">{html.escape(title)}</th></tr>'
            if title else "",
            f'<tr><td colspan="2" style="{CELL};font-size:13px;color:#333">'
            f'{html.escape(rules.label(lang))}</td></tr>']
    rows += [_box_row(card, category, lang) for category in rules.upper_section]
    rows += [_sum_row(t("card.upper_subtotal", lang), upper_progress(card, lang))]
    if rules.upper_bonus:
        rows.append(_sum_row(t("card.upper_bonus", lang), digits(card.upper_bonus, lang)))
    rows += [_box_row(card, category, lang) for category in rules.lower_section]
    rows.append(_sum_row(t("display.lower_subtotal", lang), digits(card.lower_subtotal, lang)))
    if rules.yahtzee_bonus:
        rows.append(_sum_row(t("card.yahtzee_bonus", lang), digits(card.yahtzee_bonus, lang)))
    rows.append(f'<tr style="font-weight:bold;font-size:18px;{SUM_ROW}">'
                f'<td style="{CELL}">{html.escape(t("card.total", lang))}</td>'
                f'<td class="yacht-total" style="{NUMBER}">{digits(card.total, lang)}</td></tr>')
    return (f'<table class="yacht-scorecard" dir="{direction(lang)}" style="{CARD_STYLE}">'
            + "".join(rows) + "</table>")


def upper_progress(card: Scorecard, lang: str | None = None) -> str:
    """The upper subtotal, and for yahtzee how far it is from the 63 that earns the bonus.

    >>> from yacht_edu.scorecard import Scorecard
    >>> upper_progress(Scorecard.from_filled({"sixes": 24}, "yahtzee"), "en")
    '24 / 63'
    """
    from yacht_edu.rules import UPPER_BONUS_THRESHOLD

    subtotal = digits(card.upper_subtotal, lang)
    if not card.rules.upper_bonus:
        return subtotal
    return f"{subtotal} / {digits(UPPER_BONUS_THRESHOLD, lang)}"


def _box_row(card: Scorecard, category: str, lang: str | None) -> str:
    value = card.boxes[category]
    shown = "" if value is None else digits(value, lang)
    return (f'<tr class="yacht-box-{category}"><td style="{CELL}">'
            f'{html.escape(t("category." + category, lang))}</td>'
            f'<td style="{NUMBER}">{shown}</td></tr>')


def _sum_row(label: str, value: str) -> str:
    return (f'<tr style="{SUM_ROW}"><td style="{CELL};font-style:italic">{html.escape(label)}</td>'
            f'<td style="{NUMBER}">{html.escape(value)}</td></tr>')


def game_html(game: Game, lang: str | None = None) -> str:
    """The rule set, whose turn it is, the dice on the table and every player's scorecard."""
    cards = "".join(
        f"<div>{scorecard_html(game.scorecard(name), lang, title=name)}</div>"
        for name in game.players
    )
    dice = "" if game.dice is None else dice_html(game.dice, game.held, lang)
    return (f'<div class="yacht-game-display" dir="{direction(lang)}" '
            f'style="font-family:system-ui,sans-serif">'
            f'<p style="font-size:16px"><b>{html.escape(game.rules.label(lang))}</b> · '
            f"{html.escape(game_status(game, lang))}</p>{dice}"
            f'<div style="display:flex;gap:16px;flex-wrap:wrap">{cards}</div></div>')


def game_status(game: Game, lang: str | None = None) -> str:
    """One line a learner reads: the round and whose turn it is, or who won.

    >>> from yacht_edu.game import Game
    >>> game_status(Game(("Asha", "Ravi"), seed=1), "en")
    'Round 1 of 12 · Asha to play'
    """
    if not game.over:
        return t("display.status", lang, round=game.round, turns=game.turns,
                 player=game.current_player)
    winners = game.winners
    points = game.totals[winners[0]]
    if len(game.players) == 1:
        return t("display.over_solo", lang, player=winners[0], points=points)
    if len(winners) == 1:
        return t("display.over_winner", lang, winner=winners[0], points=points)
    return t("display.over_shared", lang, winners=t("list.separator", lang).join(winners),
             points=points)
