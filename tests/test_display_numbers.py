"""Numbers as a learner reads them (yacht_edu.display.numbers), and the sentences of the
mathematics written with them (yacht_edu.display.explain)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
import sympy

from yacht_edu.display import numbers
from yacht_edu.display.compare import cell_text
from yacht_edu.display.explain import fairness_summary
from yacht_edu.display.numbers import (
    about_one_in,
    about_points,
    decimal,
    fraction,
    in_script,
    p_value,
    percent,
    percentage_points,
    with_decimal,
)
from yacht_edu.errors import ArgumentTypeError
from yacht_edu.i18n import LANGUAGES, t
from yacht_edu.probability.fairness import FewRollsWarning, fairness
from yacht_edu.probability.kind_chain import explain_kind_chain
from yacht_edu.probability.one_roll import explain_one_roll


def test_a_fraction_with_its_decimal() -> None:
    assert with_decimal(sympy.Rational(2783176, 60466176)) == "347897/7558272 ≈ 0.0460"
    assert with_decimal(Fraction(1, 4)) == "1/4 = 0.25"  # exact: said with "="
    assert with_decimal(sympy.Rational(1, 3), places=2) == "1/3 ≈ 0.33"
    assert with_decimal(sympy.Integer(1)) == "1" and with_decimal(7) == "7"
    with pytest.raises(ArgumentTypeError, match="exact number"):
        with_decimal(0.25)
    with pytest.raises(ArgumentTypeError, match="exact number"):
        with_decimal(True)


def test_a_fraction_too_long_to_read_is_its_decimal_alone() -> None:
    game_chance = Fraction(6890083470352179, 36028797018963968)  # a float's exact value
    assert with_decimal(game_chance) == "≈ 0.1912"
    assert with_decimal(Fraction(439667406451, 470184984576)) == (  # 12 digits: still read
        "439667406451/470184984576 ≈ 0.9351")


def test_a_decimal_is_rounded_half_to_even_on_the_exact_value() -> None:
    assert decimal(sympy.Rational(1, 8), 2) == "0.12"
    assert decimal(sympy.Rational(3, 8), 2) == "0.38"
    assert decimal(sympy.Rational(-1, 3)) == "-0.3333"
    assert decimal(sympy.Rational(5, 2), 0) == "2"
    assert decimal(0.25, 1, signed=True) == "+0.2" and decimal(-1.25, 1, signed=True) == "-1.2"
    assert decimal(float("nan"), 2) == "nan"


def test_a_float_is_written_as_python_writes_it() -> None:
    rng = random.Random(3)
    for _ in range(2000):
        value = rng.uniform(-1, 1) * 10 ** rng.randint(-3, 4)
        for places in (0, 1, 2, 4):
            written = f"{value:.{places}f}"
            expected = written if float(written) != 0 else written.lstrip("-")  # never "-0.0"
            assert decimal(value, places) == expected


def test_a_chance_in_percent() -> None:
    assert percent(Fraction(1)) == "100 %"
    assert percent(Fraction(0)) == "0 %"
    assert percent(Fraction(1, 1296)) == "0.077 %"  # docs/rules.md#exact-chances: 6/7776
    assert percent(Fraction(25, 648)) == "3.9 %"    # a full house in one roll, 300/7776
    assert percent(0.123456, places=2) == "12.35 %"  # a table's fixed decimals


def test_percentage_points_round_as_percentages_do() -> None:
    for change in (0.0133, 0.00042, 0.0, 0.0077, 0.123, 1.0):
        assert f"{percentage_points(change)} %" == percent(change)
    assert percentage_points(-0.0125, places=1, signed=True) == "-1.2"
    assert percentage_points(0.0111, places=2) == "1.11"


def test_about_one_in_never_shows_a_long_fraction() -> None:
    assert about_one_in(Fraction(1, 1296), "en") == "1/1296"
    assert about_one_in(Fraction(347897, 7558272), "en") == "about 1 in 22"
    assert about_one_in(Fraction(439667406451, 470184984576), "en") == "fails about 1 time in 15"
    for chance in (Fraction(7, 9), Fraction(347897, 7558272), Fraction(1, 7776)):
        assert len(about_one_in(chance, "en")) < 20  # never a 12-digit fraction


def test_points_and_p_values() -> None:
    assert about_points(7.25, "en") == t("board.about_points", "en", mean="7.2")
    assert p_value(0.52101) == "0.5210" and p_value(0.0) == "0.0000"
    assert p_value(0.0000123) == "1.2e-05"  # a tiny p-value is not written 0.0000


def test_every_number_is_written_in_the_learners_script(monkeypatch: pytest.MonkeyPatch) -> None:
    from yacht_edu import i18n

    numbers._script.cache_clear()
    monkeypatch.setattr(i18n, "_NATIVE_DIGITS", {"bn": "০১২৩৪৫৬৭৮৯"})
    try:
        assert in_script("0.25 %", "bn") == "০.২৫ %"
        assert with_decimal(Fraction(1, 4), lang="bn") == "১/৪ = ০.২৫"
        assert percent(Fraction(25, 648), "bn") == "৩.৯ %"
        assert fraction(Fraction(25, 648), "en") == "25/648"
    finally:
        numbers._script.cache_clear()


def test_the_rule_pages_write_western_digits_in_every_language() -> None:
    for lang in LANGUAGES:
        assert with_decimal(Fraction(1, 3), lang=lang) == "1/3 ≈ 0.3333"


def test_decimal_places_are_bounded() -> None:
    with pytest.raises(ArgumentTypeError, match="decimal places"):
        decimal(1, 101)
    with pytest.raises(ArgumentTypeError, match="decimal places"):
        with_decimal(1, places=-1)


def test_the_comparison_writes_a_chance_as_every_face_does() -> None:
    assert cell_text(0.0461, True, 0.0350, "en") == "4.6 % (+1.1)"
    assert cell_text(248.41, False, 250.0, "en") == "248.4 (-1.6)"
    assert cell_text(None, True) == "—"


def test_explain_one_roll_tells_the_count() -> None:
    assert explain_one_roll("four_of_a_kind") == (
        "Of the 7776 ordered rolls of five dice, 156 score in Four of a Kind: "
        "P = 156/7776 = 13/648 ≈ 0.0201."
    )
    assert "P = 7776/7776 = 1." in explain_one_roll("choice")
    assert t("category.yahtzee", "en") in explain_one_roll("yahtzee", "yahtzee", lang="en")


def test_explain_kind_chain_reads_the_diagonal() -> None:
    why = explain_kind_chain(5)
    assert "upper triangular" in why
    assert "5/54" in why and "5/6" in why  # the chances to stay, read off the diagonal
    assert "191283/17248 ≈ 11.0902" in why


def test_a_fairness_summary() -> None:
    summary = fairness_summary(fairness([8, 9, 12, 11, 6, 14]), "en")
    assert summary.startswith("60 rolls: chi-square = 4.20 with 5 degrees of freedom, "
                              "p-value 0.5210")
    with pytest.warns(FewRollsWarning):
        few = fairness([1, 0, 0, 0, 0, 1], simulations=20)
    assert fairness_summary(few, "en").endswith(t("fairness.few_rolls", "en", least=30))
