"""The mathematics' tables drawn: a score distribution, the teacher's table (HTML, LaTeX and
plain text)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from sympy import Rational, latex

from yacht_edu.display.numbers import rounded, with_decimal
from yacht_edu.display.text import direction
from yacht_edu.i18n import digits, t

if TYPE_CHECKING:
    from yacht_edu.probability.one_roll import Distribution
    from yacht_edu.probability.table import TeacherTable


def distribution_html(distribution: Distribution, lang: str | None = None) -> str:
    """The chance of every score, one row each."""
    rows = "".join(
        f"<tr><td dir='ltr' style='text-align:right'>{digits(score, lang)}</td>"
        f"<td dir='ltr'>{html.escape(with_decimal(p, lang=lang))}</td></tr>"
        for score, p in distribution.items()
    )
    head = (f"<tr><th>{html.escape(t('probability.score', lang))}</th>"
            f"<th>{html.escape(t('probability.chance', lang))}</th></tr>")
    return f"<table class='yacht-distribution' dir='{direction(lang)}'>{head}{rows}</table>"


def teacher_table_html(table: TeacherTable) -> str:
    """The teacher's table as HTML, in the table's language."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in table.headings())
    body = "".join(
        f'<tr class="yacht-row-{row.box}">'
        f"<td>{html.escape(t('category.' + row.box, table.lang))}</td>"
        + "".join(f'<td style="text-align:right">'
                  f"{html.escape(with_decimal(value, lang=table.lang))}</td>"
                  for value in row[2:])
        + "</tr>"
        for row in table.rows
    )
    caption = html.escape(table.rules.label(table.lang))
    return (f'<table class="yacht-teacher-table" dir="{direction(table.lang)}"><caption>{caption}'
            f"</caption><tr>{head}</tr>{body}</table>")


def teacher_table_latex(table: TeacherTable) -> str:
    """The teacher's table as a LaTeX array (exact fractions with decimals)."""
    def cell(value: Rational) -> str:
        if value.q == 1:
            return str(value.p)
        is_exact, shown = rounded(value, lang=table.lang)
        relation = "=" if is_exact else "\\approx"
        return f"{latex(value)} {relation} {shown}"

    head = " & ".join(f"\\text{{{h}}}" for h in table.headings())
    body = " \\\\\n".join(
        f"\\text{{{t('category.' + row.box, table.lang)}}} & "
        + " & ".join(cell(value) for value in row[2:])
        for row in table.rows
    )
    return f"$$\\begin{{array}}{{lrrr}}\n{head} \\\\\n\\hline\n{body}\n\\end{{array}}$$"


def teacher_table_text(table: TeacherTable) -> str:
    """The teacher's table as lines of text, columns aligned (its ``repr``)."""
    lines = [f"TeacherTable({table.rules!r}, rolls={table.rolls})"]
    cells = [(row.box, *(with_decimal(value, lang=table.lang) for value in row[2:]))
             for row in table.rows]
    widths = [max(len(c[i]) for c in cells) for i in range(4)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(cell, widths, strict=True)).rstrip()
              for cell in cells]
    return "\n".join(lines)
