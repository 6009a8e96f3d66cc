"""Numbers as a learner reads them: every face writes its numbers through this one module.

One function per way a learner sees a number:

- :func:`decimal` — a plain decimal to ``places`` places, rounded exactly (half to even);
- :func:`percent` — a chance as a percentage, ``"3.9 %"`` (two significant figures, whole from
  10 up) or to fixed places in a table, ``"3.86 %"``;
- :func:`percentage_points` — a difference of two chances, the same number without the sign;
- :func:`fraction` — an exact value as a fraction, ``"25/648"``;
- :func:`with_decimal` — a fraction with the decimal it is, or is close to, ``"1/4 = 0.25"``,
  ``"347897/7558272 ≈ 0.0460"``;
- :func:`about_one_in` — a chance as a learner takes it in, ``"about 1 in 22"``;
- :func:`about_points` — points to expect, ``"about 7.3 points"``;
- :func:`p_value` — the p-value of a test, four decimals or two significant figures when tiny;
- :func:`in_script` — the digits of a number written as the learner's language writes them.

A whole number is written by :func:`yacht_edu.i18n.digits` (the messages use it too), and every
function here writes its digits through it: the learner's script is chosen in that one place.

>>> with_decimal(Fraction(347897, 7558272)), with_decimal(Fraction(1, 4)), with_decimal(1)
('347897/7558272 ≈ 0.0460', '1/4 = 0.25', '1')
>>> percent(Fraction(25, 648)), percent(0.123456, places=2), percentage_points(0.0133)
('3.9 %', '12.35 %', '1.3')
>>> about_one_in(Fraction(347897, 7558272), "en"), about_points(7.25, "en")
('about 1 in 22', 'about 7.2 points')

Pure strings: no sympy is imported (a ``sympy.Rational`` is read by its numerator and
denominator), so a learner who only plays loads nothing heavy.
"""

from __future__ import annotations

import functools
import math
import numbers
from fractions import Fraction
from typing import TYPE_CHECKING, TypeAlias

from yacht_edu.checks import check_places
from yacht_edu.errors import ArgumentTypeError
from yacht_edu.i18n import Given, check_language, digits, huge, t

if TYPE_CHECKING:
    from sympy import Rational


#: An exact number: an int, a :class:`~fractions.Fraction` or a ``sympy.Rational``.
Exact: TypeAlias = "int | Fraction | Rational"
#: Any number written here: an exact one or a float.
Number: TypeAlias = "int | float | Fraction | Rational"

#: A fraction whose numerator or denominator is longer than this says nothing to a learner: it
#: is written as its decimal alone.
READABLE_DIGITS = 12
#: The largest denominator :func:`about_one_in` still writes as a fraction (one roll of four dice).
SMALL_DENOMINATOR = 1296


# -- the learner's script -----------------------------------------------------------------------


@functools.cache
def _script(code: str) -> dict[int, str]:
    return {ord(d): digits(int(d), code) for d in "0123456789"}


def in_script(text: str, lang: str | None = None) -> str:
    """``text`` with each digit written as ``lang`` writes it (the rule of
    :func:`yacht_edu.i18n.digits`); any other character as it is.

    >>> in_script("0.077 %", "en")
    '0.077 %'
    """
    return text.translate(_script(check_language(lang)))


# -- reading a number ---------------------------------------------------------------------------


def exact(value: object) -> Fraction:
    """``value`` as a :class:`~fractions.Fraction`: an int, a Fraction, a ``sympy.Rational``
    (or a numpy integer); anything else, a float too, is refused."""
    if isinstance(value, bool):
        raise ArgumentTypeError("probability.error.not_exact", value=Given(value))
    if isinstance(value, Fraction):
        return value
    if getattr(value, "is_Rational", False):  # sympy.Rational and sympy.Integer
        return Fraction(int(value.p), int(value.q))  # type: ignore[attr-defined]
    if isinstance(value, numbers.Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    raise ArgumentTypeError("probability.error.not_exact", value=Given(value))


def real(value: object) -> Fraction | float:
    """``value`` as an exact Fraction when it is exact, else as a float (a float, a numpy or a
    sympy float)."""
    if isinstance(value, float):
        return value
    if isinstance(value, numbers.Real) and not isinstance(value, numbers.Rational):
        return float(value)
    return exact(value)


# -- decimals -----------------------------------------------------------------------------------


def decimal(value: Number, places: int = 4, lang: str | None = None, *,
            signed: bool = False) -> str:
    """``value`` to ``places`` decimals, rounded half to even on its exact value (a float's
    too, as Python's formatting does); ``signed`` writes a plus sign before a number that is
    not negative.

    >>> decimal(Fraction(2, 3)), decimal(Fraction(1, 8), 2), decimal(-0.25, 1, signed=True)
    ('0.6667', '0.12', '-0.2')
    """
    places = check_places(places)
    number = real(value)
    if isinstance(number, float) and not math.isfinite(number):
        return f"{number:{'+' if signed else ''}.{places}f}"
    whole = round(Fraction(number) * 10**places)
    sign = "-" if whole < 0 else "+" if signed else ""
    if huge(whole):
        return digits(whole, lang)  # its size in words
    written = str(abs(whole)).rjust(places + 1, "0")
    if places:
        written = f"{written[:-places]}.{written[-places:]}"
    return sign + in_script(written, lang)


def rounded(value: Exact, places: int = 4, lang: str | None = None) -> tuple[bool, str]:
    """Whether ``value``'s decimal is exact within ``places`` places, and that decimal: the
    fewest places that write it exactly, else ``places`` places.

    >>> rounded(Fraction(1, 4)), rounded(Fraction(1, 3), 2)
    ((True, '0.25'), (False, '0.33'))
    """
    number = exact(value)
    places = check_places(places)
    for fewer in range(places + 1):
        if (number * 10**fewer).denominator == 1:
            return True, decimal(number, fewer, lang)
    return False, decimal(number, places, lang)


def _two_figures(value: float | Fraction, lang: str | None) -> str:
    """Two significant figures (Python's ``.2g``)."""
    return in_script(f"{float(value):.2g}", lang)


def p_value(p: float, lang: str | None = None) -> str:
    """A p-value: four decimals, or two significant figures when it is smaller than 0.0001.

    >>> p_value(0.52101), p_value(0.0), p_value(0.0000123)
    ('0.5210', '0.0000', '1.2e-05')
    """
    return decimal(p, 4, lang) if p >= 1e-4 or p == 0 else _two_figures(p, lang)


# -- percentages --------------------------------------------------------------------------------


def _hundredths(value: float | Fraction, places: int | None, lang: str | None,
                signed: bool = False) -> str:
    """A number of percent: ``places`` decimals, or (None) two significant figures and whole
    from 10 up, so that a small chance is never written as 0."""
    if places is not None:
        return decimal(value, places, lang, signed=signed)
    sign = "+" if signed and value >= 0 else ""
    if value == 0 or not -10 < value < 10:
        return sign + in_script(f"{round(value):d}", lang)
    return sign + _two_figures(value, lang)


def percent(chance: Number, lang: str | None = None, places: int | None = None) -> str:
    """A chance as a percentage: two significant figures, whole from 10 up (a sentence, the
    board), or ``places`` decimals (a table).

    >>> percent(Fraction(1, 1)), percent(Fraction(25, 648)), percent(Fraction(1, 1296))
    ('100 %', '3.9 %', '0.077 %')
    >>> percent(Fraction(439667406451, 470184984576)), percent(0), percent(0.5, places=2)
    ('94 %', '0 %', '50.00 %')
    """
    return f"{_hundredths(100 * real(chance), places, lang)} %"


def percentage_points(change: Number, lang: str | None = None, places: int | None = None, *,
                      signed: bool = False) -> str:
    """A difference of two chances in percentage points, rounded as :func:`percent` rounds (the
    number alone: the message says "percentage points").

    >>> percentage_points(0.0133), percentage_points(0.00042), percentage_points(0.0)
    ('1.3', '0.042', '0')
    >>> percentage_points(-0.0125, places=1, signed=True)
    '-1.2'
    """
    return _hundredths(100 * real(change), places, lang, signed)


# -- fractions ----------------------------------------------------------------------------------


def fraction(value: Exact, lang: str | None = None) -> str:
    """An exact value as a fraction in lowest terms, ``"25/648"``; a whole number alone.

    >>> fraction(Fraction(300, 7776)), fraction(Fraction(6, 3))
    ('25/648', '2')
    """
    number = exact(value)
    numerator = digits(number.numerator, lang)
    if number.denominator == 1:
        return numerator
    return f"{numerator}/{digits(number.denominator, lang)}"


def readable(value: Fraction) -> bool:
    """Whether a learner can read ``value`` as a fraction (see :data:`READABLE_DIGITS`)."""
    return all(not huge(part) and len(str(abs(part))) <= READABLE_DIGITS
               for part in (value.numerator, value.denominator))


def with_decimal(value: Exact, places: int = 4, lang: str | None = None) -> str:
    """The fraction and its decimal: ``"1/4 = 0.25"`` when exact, ``"1/3 ≈ 0.3333"`` otherwise
    (``places`` decimals), a whole number alone; a fraction too long to read (a whole game's
    chance) as its decimal alone.

    >>> with_decimal(Fraction(70, 3), places=2), with_decimal(Fraction(2**60 - 1, 3 * 2**60))
    ('70/3 ≈ 23.33', '≈ 0.3333')
    """
    number = exact(value)
    places = check_places(places)
    if number.denominator == 1:
        return fraction(number, lang)
    is_exact, shown = rounded(number, places, lang)
    sign = "=" if is_exact else "≈"
    if not readable(number):
        return f"{sign} {shown}"
    return f"{fraction(number, lang)} {sign} {shown}"


def about_one_in(chance: Exact, lang: str | None = None) -> str:
    """The exact chance, as a learner can take it in: a small fraction as it is, else
    "about 1 in N" (or, for a likely event, how rarely it fails).

    >>> about_one_in(Fraction(25, 648), "en"), about_one_in(Fraction(347897, 7558272), "en")
    ('25/648', 'about 1 in 22')
    >>> about_one_in(Fraction(439667406451, 470184984576), "en")
    'fails about 1 time in 15'
    """
    number = exact(chance)
    if number.denominator <= SMALL_DENOMINATOR:
        return fraction(number, lang)
    if number <= Fraction(1, 2):
        return t("board.about_one_in", lang, n=round(1 / number))
    return t("board.fails_one_in", lang, n=round(1 / (1 - number)))


def about_points(points: Number, lang: str | None = None) -> str:
    """Points to expect, to one decimal (a learner compares them, no more is needed)."""
    return t("board.about_points", lang, mean=decimal(points, 1, lang))
