"""The forms an exercise's answer takes in a lesson's text, and where they show.

A learner can read an answer off the page in more than one way: 25/648 is also
``\\frac{25}{648}``, ``Fraction(25, 648)``, 0.04, 0.039, 0.0386, 3.9 % or "1 in 26".
:func:`answer_forms` gives every such form of a value, each as a pattern that matches it where it
stands alone (``0.39`` is not found inside ``10.392``, ``300`` not inside ``300/7776``);
:func:`found_forms` says which of them a text shows.

The forms of a value:

- a fraction that is not whole: ``a/b`` (spaces allowed around the slash), ``\\frac{a}{b}``,
  ``Fraction(a, b)`` and ``Rational(a, b)``, when numerator and denominator are readable (at
  most 12 digits each: a value made from a float has no fraction a learner would write);
- a value that is not whole: its decimal to 2, 3 and 4 places (both ways of rounding a half),
  and to the places the exercise asks for; a chance (between 0 and 1) also as a percentage to
  0, 1 and 2 places (``39 %``, ``3.9%``) and, below one half, as "1 in N" (or
  "1 roll in N");
- a whole number: as written, with or without thousands commas (``4096``, ``4,096``);
- a word: in quotes, as code writes it (``"best_box_now"``, ``'Asha'``; any case, with ``_``,
  ``-`` or a space between its parts);
- a tuple: as written, its parts each in the form above (``(24, 26, 26)``, ``(5,)``,
  ``('little_straight', 30)``), and each part that is not whole by its own forms.

Left out, so that the search gives no false alarms: whole numbers up to 12 (faces, dice, rolls,
boxes, the lesson numbers: every lesson writes them), the decimals of a whole number, a word
outside quotes (a player's or a box's name is written all through a lesson), and booleans.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from fractions import Fraction

from yacht_edu.lessons.answers import decimal_of, exact

__all__ = ["PLAIN", "Form", "answer_forms", "found_forms"]

#: Whole numbers every lesson writes (see the module): never taken for an answer.
PLAIN = 12
#: A fraction longer than this (numerator or denominator) is no form a learner reads.
READABLE_DIGITS = 12
_ALONE_BEFORE = r"(?<![\w.,/])"
_ALONE_AFTER = r"(?![\w/]|[.,]\d)"


@dataclass(frozen=True)
class Form:
    """One way an answer can be written: ``written`` as a person reads it, ``pattern`` the
    regular expression that finds it in a text."""

    written: str
    pattern: str

    def found_in(self, text: str) -> bool:
        return re.search(self.pattern, text, re.IGNORECASE) is not None


def _alone(pattern: str) -> str:
    return _ALONE_BEFORE + pattern + _ALONE_AFTER


def _literal(written: str) -> Form:
    return Form(written, _alone(re.escape(written)))


def _value(answer: object) -> Fraction | None:
    """The answer as a number, exact or from a decimal; None for a word, a tuple, a boolean."""
    if isinstance(answer, bool):
        return None
    number = exact(answer)
    if number is None and not isinstance(answer, str) and decimal_of(answer) is not None:
        number = Fraction(decimal_of(answer) or 0)
    return number


def _whole(number: int) -> list[Form]:
    if abs(number) <= PLAIN:
        return []
    plain, grouped = str(number), f"{number:,}"
    return [_literal(plain)] + ([_literal(grouped)] if grouped != plain else [])


def _decimals(number: Fraction, places: Iterable[int]) -> list[Form]:
    forms: list[Form] = []
    exact_decimal = Decimal(number.numerator) / Decimal(number.denominator)
    for place in sorted(set(places)):
        step = Decimal(1).scaleb(-place)
        for rounding in (ROUND_HALF_UP, ROUND_HALF_EVEN):
            written = str(exact_decimal.quantize(step, rounding=rounding))
            forms.append(_literal(written))
    return forms


def _fraction(number: Fraction) -> list[Form]:
    top, bottom = number.numerator, number.denominator
    if max(len(str(abs(top))), len(str(bottom))) > READABLE_DIGITS:
        return []
    return [
        Form(f"{top}/{bottom}", _alone(rf"{top}\s*/\s*{bottom}")),
        Form(f"\\frac{{{top}}}{{{bottom}}}", re.escape(f"\\frac{{{top}}}{{{bottom}}}")),
        Form(f"Fraction({top}, {bottom})", rf"Fraction\(\s*{top}\s*,\s*{bottom}\s*\)"),
        Form(f"Rational({top}, {bottom})", rf"Rational\(\s*{top}\s*,\s*{bottom}\s*\)"),
    ]


def _chance(number: Fraction) -> list[Form]:
    if not 0 < number < 1:
        return []
    forms: list[Form] = []
    for percent in _decimals(100 * number, (0, 1, 2)):
        written = percent.written
        forms.append(Form(f"{written} %", _ALONE_BEFORE + re.escape(written) + r"\s*(%|percent)"))
    if number < Fraction(1, 2):
        one_in = round(1 / number)
        for written in {str(one_in), f"{one_in:,}"}:
            forms.append(Form(f"1 in {written}",
                              rf"\b1 (?:[a-z]+ )?in {re.escape(written)}" + _ALONE_AFTER))
    return forms


def _number(number: Fraction, decimals: int | None) -> list[Form]:
    if number.denominator == 1:
        return _whole(number.numerator)
    places = {2, 3, 4} | ({decimals} if decimals else set())
    return [*_fraction(number), *_decimals(number, places), *_chance(number)]


def _spelled(word: str) -> str:
    """A word as a pattern: its parts joined by ``_``, ``-`` or a space."""
    parts = [re.escape(part) for part in re.split(r"[\s_-]+", word.strip()) if part]
    return r"[\s_-]".join(parts)


def _word(word: str) -> Form:
    return Form(f'"{word}"', rf"""(["'])\s*{_spelled(word)}\s*\1""")


def _part(value: object) -> str:
    """One part of a tuple as a pattern: a number in any exact or decimal form, a word quoted."""
    if isinstance(value, str):
        return rf"""["']\s*{_spelled(value)}\s*["']"""
    number = _value(value)
    if number is None:
        return re.escape(str(value))
    if number.denominator == 1:
        return rf"{number.numerator}(?:\.0+)?"
    top, bottom = number.numerator, number.denominator
    return rf"(?:{top}\s*/\s*{bottom}|Fraction\(\s*{top}\s*,\s*{bottom}\s*\))"


def _tuple(values: Sequence[object], decimals: int | None) -> list[Form]:
    parts = [_part(value) for value in values]
    inside = r"\s*,\s*".join(parts) + (r"\s*," if len(values) == 1 else r"\s*,?")
    written = "(" + ", ".join(repr(v) if isinstance(v, str) else str(v) for v in values)
    written += ",)" if len(values) == 1 else ")"
    forms = [Form(written, rf"[(\[]\s*{inside}\s*[)\]]")]
    for value in values:
        number = _value(value)
        if number is not None and number.denominator != 1:
            forms += _number(number, decimals)
    return forms


def answer_forms(answer: object, decimals: int | None = None) -> list[Form]:
    """Every form of ``answer`` a text might show (see the module); ``decimals`` are the places
    the exercise asks for, a form too."""
    if isinstance(answer, bool):
        return []
    if isinstance(answer, str):
        return [_word(answer)]
    if isinstance(answer, Sequence):
        return _tuple(answer, decimals)
    number = _value(answer)
    return [] if number is None else _number(number, decimals)


def found_forms(forms: Iterable[Form], text: str) -> list[str]:
    """The forms (as written) that ``text`` shows."""
    return sorted({form.written for form in forms if form.found_in(text)})
