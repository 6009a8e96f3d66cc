"""A scorecard as a teacher draws it: upper boxes, subtotal and bonus, lower boxes, total."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from yacht_edu.display.text import direction
from yacht_edu.i18n import digits, t

if TYPE_CHECKING:
    from yacht_edu.scorecard import Scorecard


# The look of a printed scorecard, inline so that it survives being shown anywhere.
CARD_STYLE = ("border-collapse:collapse;font-size:16px;min-width:16em;"
              "font-family:system-ui,sans-serif;margin:4px 0")
CELL = "border:1px solid #888;padding:3px 10px"
NUMBER = CELL + ";text-align:right;font-variant-numeric:tabular-nums;direction:ltr;min-width:3em"
SUM_ROW = "background:#eef2f7"


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
    rows += [_box_row(card, box, lang) for box in rules.upper_section]
    rows += [_sum_row(t("card.upper_subtotal", lang), upper_progress(card, lang))]
    if rules.upper_bonus_rule is not None:
        threshold, points = rules.upper_bonus_rule
        rows.append(_sum_row(t("card.upper_bonus", lang, value=points, threshold=threshold),
                             digits(card.upper_bonus, lang)))
    rows += [_box_row(card, box, lang) for box in rules.lower_section]
    rows.append(_sum_row(t("display.lower_subtotal", lang), digits(card.lower_subtotal, lang)))
    if rules.has_yahtzee_bonus:
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
    subtotal, rule = digits(card.upper_subtotal, lang), card.rules.upper_bonus_rule
    return subtotal if rule is None else f"{subtotal} / {digits(rule[0], lang)}"


def _box_row(card: Scorecard, box: str, lang: str | None) -> str:
    value = card.boxes[box]
    shown = "" if value is None else digits(value, lang)
    return (f'<tr class="yacht-box-{box}"><td style="{CELL}">'
            f'{html.escape(t("category." + box, lang))}</td>'
            f'<td style="{NUMBER}">{shown}</td></tr>')


def _sum_row(label: str, value: str) -> str:
    return (f'<tr style="{SUM_ROW}"><td style="{CELL};font-style:italic">{html.escape(label)}</td>'
            f'<td style="{NUMBER}">{html.escape(value)}</td></tr>')
