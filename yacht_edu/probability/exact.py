"""Exact numbers as a learner reads them: a fraction, and the decimal it is close to.

>>> show(Rational(347897, 7558272))
'347897/7558272 ≈ 0.0460'
>>> show(Rational(1, 4)), show(Rational(70, 3), places=2), show(1)
('1/4 = 0.25', '70/3 ≈ 23.33', '1')
"""

from __future__ import annotations

from fractions import Fraction
from typing import TypeAlias

from sympy import Rational

from yacht_edu.checks import check_places
from yacht_edu.errors import ArgumentTypeError
from yacht_edu.i18n import Given, digits, huge

__all__ = ["Exact", "decimal", "rational", "show"]

#: Anything this package accepts as an exact number.
Exact: TypeAlias = "Rational | Fraction | int"


def rational(value: Exact) -> Rational:
    """``value`` as a :class:`sympy.Rational` (a Fraction or an int converts exactly)."""
    if isinstance(value, Fraction):
        return Rational(value.numerator, value.denominator)
    if isinstance(value, bool) or not isinstance(value, (int, Rational)):
        raise ArgumentTypeError("probability.error.not_exact", value=Given(value))
    return Rational(value)


def written(number: int) -> str:
    """A whole number in digits, or its size in words when it is too long for Python to write."""
    return digits(int(number)) if huge(int(number)) else str(number)


def decimal(value: Exact, places: int = 4) -> str:
    """``value`` rounded to ``places`` decimals (half to even), computed exactly, not via floats.

    >>> decimal(Rational(2, 3)), decimal(Rational(1, 8), 2)
    ('0.6667', '0.12')
    """
    exact = rational(value)
    places = check_places(places)
    scaled = exact * 10**places
    whole = int(scaled.round())  # sympy rounds half to even, as Python does
    sign = "-" if whole < 0 else ""
    if huge(whole):
        return written(whole)
    digits = str(abs(whole)).rjust(places + 1, "0")
    if places == 0:
        return sign + digits
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def show(value: Exact, places: int = 4) -> str:
    """The fraction and its decimal: ``"1/4 = 0.25"`` when exact, ``"1/3 ≈ 0.3333"`` otherwise."""
    exact = rational(value)
    places = check_places(places)
    if exact.q == 1:
        return written(exact.p)
    fraction = f"{written(exact.p)}/{written(exact.q)}"
    for shorter in range(places + 1):
        if exact * 10**shorter == int(exact * 10**shorter):
            return f"{fraction} = {decimal(exact, shorter)}"
    return f"{fraction} ≈ {decimal(exact, places)}"
