"""The teacher's view of a class as HTML: the service's page and ``yacht_edu.class_view()``
show the same (:mod:`yacht_edu.classroom.view` works it out)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from yacht_edu.display.numbers import decimal, p_value
from yacht_edu.display.text import direction
from yacht_edu.i18n import left_to_right, t

if TYPE_CHECKING:
    from yacht_edu.classroom.view import Cell, ClassSnapshot


STYLE = """
.yacht-class{font-family:system-ui,sans-serif;font-size:14px}
.yacht-class table{border-collapse:collapse;margin:.3em 0 1em}
.yacht-class td,.yacht-class th{border:1px solid #ccc;padding:2px 8px;text-align:center}
.yacht-class .right{background:#e3f4e1}.yacht-class .wrong{background:#fbe9d0}
.yacht-class .stuck{font-weight:bold}.yacht-class .quiet{color:#666}
"""


def class_view_html(view: ClassSnapshot) -> str:
    """The grid, the misconceptions, the pooled dice and the finished games, in the view's
    language."""
    lang = view.lang
    parts = [f"<h2>{html.escape(t('classview.title', lang, klass=view.klass))}</h2>",
             f'<p class="quiet">{_h(t("classview.learners", lang, number=len(view.learners)))}</p>',
             damaged_html(view), grid_html(view), misconceptions_html(view), dice_html(view),
             games_html(view)]
    return (f'<div class="yacht-class" dir="{direction(lang)}"><style>{STYLE}</style>'
            f'{"".join(parts)}</div>')


def _h(text: str) -> str:
    return html.escape(text)


def damaged_html(view: ClassSnapshot) -> str:
    """A line saying that stored events could not be read (a damaged database), and what to
    do; nothing when all could."""
    if not view.damaged:
        return ""
    return f'<p class="stuck">{_h(t("classview.damaged_rows", view.lang, number=view.damaged, folder="DIR"))}</p>'  # noqa: E501


def grid_html(view: ClassSnapshot) -> str:
    lang, grid = view.lang, view.grid
    head = "".join(f"<th>{_h(ex)}</th>" for ex in grid.exercises)
    rows = []
    for learner, cells in grid.rows.items():
        minutes = int(grid.stuck[learner] // 60)
        stuck = (f' <span class="quiet">{_h(t("classview.stuck", lang, minutes=minutes))}</span>'
                 if grid.stuck[learner] else "")
        marks = "".join(cell_html(cells.get(ex), lang) for ex in grid.exercises)
        rows.append(f'<tr><th class="{"stuck" if stuck else ""}">{_h(learner)}{stuck}</th>'
                    f"{marks}</tr>")
    body = "".join(rows) or (f'<tr><td colspan="{len(grid.exercises) + 1}">'
                             f'{_h(t("classview.nobody_yet", lang))}</td></tr>')
    return (f"<h3>{_h(t('classview.grid', lang, lesson=grid.lesson))}</h3>"
            f"<table><tr><th>{_h(t('classview.learner', lang))}</th>{head}</tr>{body}</table>"
            f'<p class="quiet">{_h(t("classview.legend", lang))}</p>')


def cell_html(cell: Cell | None, lang: str) -> str:
    if cell is None or cell.right is None:
        return '<td class="quiet">…</td>'
    if cell.right:
        mark = "✎" if cell.guess else "✔"
        tries = f" (✘ {cell.tries})" if cell.tries else ""
        return f'<td class="right">{mark}{tries}</td>'
    return f'<td class="wrong">✘ {cell.tries}</td>'


def misconceptions_html(view: ClassSnapshot) -> str:
    lang = view.lang
    items = []
    for ex, found in view.misconceptions.items():
        lines = "".join(f"<li>{_h(t('classview.shown_by', lang, number=mistake.learners))} "
                        f"{_h(mistake.words)} "
                        f'<span class="quiet">{_h(t("classview.who", lang, names=", ".join(mistake.who)))}</span></li>'  # noqa: E501
                        for mistake in found)
        items.append(f"<li><b>{_h(ex)}</b><ul>{lines}</ul></li>")
    body = (f"<ul>{''.join(items)}</ul>" if items
            else f'<p class="quiet">{_h(t("classview.no_misconceptions", lang))}</p>')
    return f"<h3>{_h(t('classview.misconceptions', lang))}</h3>{body}"


def dice_html(view: ClassSnapshot) -> str:
    lang, pooled = view.lang, view.dice
    head = "".join(f"<th>{face}</th>" for face in range(1, 7))

    def row(name: str, counts: tuple[int, ...], p: float | None, css: str = "",
            too_many: bool = False) -> str:
        shown = (_h(t("classview.too_many_rolls", lang)) if too_many
                 else "–" if p is None else p_value(p, lang))
        return (f'<tr class="{css}"><th>{_h(name)}</th>'
                f'{"".join(f"<td>{c}</td>" for c in counts)}<td>{sum(counts)}</td>'
                f"<td>{shown}</td></tr>")

    rows = [row(group or t("classview.no_group", lang), counts, pooled.p_values[group],
                too_many=group in pooled.too_many)
            for group, counts in pooled.groups.items()]
    rows.append(row(t("classview.whole_class", lang), pooled.whole, pooled.p_value, "stuck",
                    too_many=pooled.whole_too_many))
    return (f"<h3>{_h(t('classview.dice', lang))}</h3>"
            f"<table><tr><th>{_h(t('classview.group', lang))}</th>{head}"
            f"<th>{_h(t('classview.rolls', lang))}</th><th>{_h(t('classview.p_value', lang))}</th>"
            f"</tr>{''.join(rows)}</table>"
            f'<p class="quiet">{_h(t("classview.p_value_note", lang))}</p>')


def number_text(value: float | None, lang: str, signed: bool) -> str:
    """A number of the games' table, in order in a right-to-left page (``+31.6``)."""
    return "–" if value is None else left_to_right(decimal(value, 1, lang, signed=signed), lang)


def games_html(view: ClassSnapshot) -> str:
    lang = view.lang
    rows = []
    for game in view.games:
        for player in game.players:
            numbers = "".join(f"<td>{number_text(player[key], lang, key == 'luck')}</td>"
                              for key in ("start", "luck", "loss"))
            staged = (f' <span class="wrong">{_h(t("classview.staged", lang, count=game.staged))}'
                      "</span>" if game.staged else "")
            rows.append(f"<tr><td>{_h(game.learner)}</td><td>{_h(player['name'])}</td>"
                        f"<td>{_h(game.rules)}{staged}</td><td>{player['points']}</td>{numbers}"
                        "</tr>")
    if not rows:
        return (f"<h3>{_h(t('classview.games', lang))}</h3>"
                f'<p class="quiet">{_h(t("classview.no_games", lang))}</p>')
    keys = ("classview.learner", "classview.player", "classview.rules", "classview.points",
            "luck.col_start", "luck.col_luck", "luck.col_loss")
    head = "".join(f"<th>{_h(t(key, lang))}</th>" for key in keys)
    return (f"<h3>{_h(t('classview.games', lang))}</h3><table><tr>{head}</tr>{''.join(rows)}"
            f"</table><p class=\"quiet\">{_h(t('luck.identity', lang))}</p>")
