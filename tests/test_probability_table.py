"""The teacher's table: the same numbers as the functions, shown stably as text, HTML and LaTeX."""

from __future__ import annotations

import re

import pytest
import sympy

from yacht_edu import get_rules
from yacht_edu.i18n import t
from yacht_edu.probability import best_expected, count_one_roll, p_one_roll, p_within, teacher_table
from yacht_edu.probability.errors import InvalidRollsError
from yacht_edu.probability.table import Row, TeacherTable


@pytest.mark.parametrize("rules", ["yacht", "yacht_sum4", "yahtzee"])
def test_rows_are_the_exact_answers(rules: str) -> None:
    table = teacher_table(rules)
    assert isinstance(table, TeacherTable)
    assert [row.box for row in table.rows] == list(get_rules(rules).boxes)
    for row in table.rows:
        assert isinstance(row, Row)
        assert row == (row.box, count_one_roll(row.box, rules),
                       p_one_roll(row.box, rules), p_within(row.box, 3, rules),
                       best_expected(row.box, 3, rules))
        assert all(isinstance(v, sympy.Rational) for v in row[2:])
        assert row.one_roll <= row.within <= 1


def test_the_yacht_row_shows_the_published_chance() -> None:
    row = teacher_table("yacht").rows[-1]
    # docs/rules.md#exact-chances: one roll 6 of 7,776; OEIS A096256 for three rolls.
    assert (row.box, row.one_roll_count, row.within) == (
        "yacht", 6, sympy.Rational(2783176, 60466176))


def test_repr_is_stable_text() -> None:
    shown = repr(teacher_table("yahtzee"))
    assert shown == repr(teacher_table("yahtzee"))
    assert "0x" not in shown
    lines = shown.splitlines()
    assert lines[0] == "TeacherTable(Rules('yahtzee', joker='forced', upper_first=False), rolls=3)"
    assert lines[-1].split() == ["chance", "1", "1", "70/3", "≈", "23.3333"]
    assert "yahtzee          1/1296 ≈ 0.0008     347897/7558272 ≈ 0.0460" in shown


def test_html_shows_labels_fractions_and_decimals() -> None:
    shown = teacher_table("yacht")._repr_html_()
    assert shown.startswith('<table class="yacht-teacher-table" dir="ltr">')
    assert shown.count("<tr") == 13  # a heading row and twelve boxes
    assert "Full House" in shown and "347897/7558272 ≈ 0.0460" in shown
    assert t("probability.table.within", "en", count=3) in shown
    assert get_rules("yacht").label("en") in shown


def test_latex_is_an_array_of_fractions() -> None:
    shown = teacher_table("yacht")._repr_latex_()
    assert shown.startswith("$$\\begin{array}") and shown.endswith("\\end{array}$$")
    assert "\\frac{347897}{7558272} \\approx 0.0460" in shown
    assert len(re.findall(r"\\\\\n", shown)) == 12  # heading and eleven row breaks


def test_another_number_of_rolls_and_language() -> None:
    table = teacher_table("yacht", rolls=2, lang="en")
    assert table.rolls == 2
    assert table.rows[-1].within == p_within("yacht", 2)
    assert "Within 2 rolls" in table._repr_html_()
    with pytest.raises(InvalidRollsError):
        teacher_table("yacht", rolls=0)


def test_urdu_reads_right_to_left() -> None:
    shown = teacher_table("yacht", lang="ur")._repr_html_()
    assert 'dir="rtl"' in shown
    assert t("category.full_house", "ur") in shown
    assert "347897/7558272 ≈ 0.0460" in shown  # the numbers stay in Western digits
