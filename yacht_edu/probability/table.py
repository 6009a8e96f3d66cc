"""The table a teacher shows: every box with its chances and its best expected score, exactly.

>>> table = teacher_table("yacht")
>>> table.rows[-1]  # doctest: +NORMALIZE_WHITESPACE
Row(box='yacht', one_roll_count=6, one_roll=1/1296, within=347897/7558272,
    best_expected=8697425/3779136)
>>> print(repr(table).splitlines()[-1])
yacht            1/1296 ≈ 0.0008     347897/7558272 ≈ 0.0460             8697425/3779136 ≈ 2.3014
"""

from __future__ import annotations

from typing import NamedTuple

from sympy import Rational

from yacht_edu.i18n import t
from yacht_edu.probability.one_roll import count_one_roll, p_one_roll
from yacht_edu.probability.turn import best_expected, check_asked_rolls, p_within
from yacht_edu.rules import Rules, RulesLike, get_rules
from yacht_edu.shown import shown_by

__all__ = ["Row", "TeacherTable", "teacher_table"]


class Row(NamedTuple):
    """One box: its one-roll count out of 7,776 and chance, best chance within the turn, best
    expected score."""

    box: str
    one_roll_count: int
    one_roll: Rational
    within: Rational
    best_expected: Rational


class TeacherTable:
    """Every box of a rule set, exact and with decimals; shows itself as HTML or LaTeX."""

    def __init__(self, rules: Rules, rolls: int, rows: tuple[Row, ...],
                 lang: str | None = None) -> None:
        self.rules, self.rolls, self.rows, self.lang = rules, rolls, rows, lang

    def headings(self) -> list[str]:
        return [t("probability.table.category", self.lang),
                t("probability.table.one_roll", self.lang),
                t("probability.table.within", self.lang, count=self.rolls),
                t("probability.table.best_expected", self.lang, count=self.rolls)]

    def __repr__(self) -> str:
        return shown_by(self, "yacht_edu.display.tables", "teacher_table_text")

    def _repr_html_(self) -> str:
        return shown_by(self, "yacht_edu.display.tables", "teacher_table_html")

    def _repr_latex_(self) -> str:
        return shown_by(self, "yacht_edu.display.tables", "teacher_table_latex")


def teacher_table(rules: RulesLike = "yacht", *, rolls: int | None = None,
                  lang: str | None = None) -> TeacherTable:
    """For every box: one-roll chance, best chance within ``rolls`` rolls (default: a turn of
    the rule set), best expected score."""
    ruleset = get_rules(rules)
    rolls = check_asked_rolls(ruleset.rolls if rolls is None else rolls, 1)
    rows = tuple(
        Row(box, count_one_roll(box, ruleset), p_one_roll(box, ruleset),
            p_within(box, rolls, ruleset), best_expected(box, rolls, ruleset))
        for box in ruleset.boxes
    )
    return TeacherTable(ruleset, rolls, rows, lang)
