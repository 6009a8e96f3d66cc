"""How a learner's answer is read and compared: every way of writing one value is the same answer.

An exact value can be written as an ``int``, a :class:`fractions.Fraction`, a ``sympy.Rational``
or a string such as ``"25/648"``; a decimal (a ``float`` or ``"0.0386"``) is accepted only where
the exercise asks for one, to the number of decimal places it states.

>>> exact("25/648") == Fraction(25, 648)
True
>>> same(0.0386, Fraction(25, 648), decimals=4), same(0.039, Fraction(25, 648), decimals=4)
(True, False)
>>> same("Little_Straight ", "little_straight"), same((1, "6"), (1, 6))
(True, True)
>>> is_blank(...), is_blank(0)
(True, False)
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from fractions import Fraction

from yacht_edu.display.numbers import fraction

__all__ = ["answer_text", "decimal_of", "exact", "flat", "is_blank", "same"]


def is_blank(answer: object) -> bool:
    """True for the blank the learner's edition leaves: ``...`` (or ``None``)."""
    return answer is Ellipsis or answer is None


def exact(answer: object) -> Fraction | None:
    """The answer as an exact fraction, or None when it is not written exactly (a float, a word)."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, numbers.Rational):  # int, Fraction, numpy integers
        return Fraction(int(answer.numerator), int(answer.denominator))
    if getattr(answer, "is_Rational", False):  # sympy.Rational and sympy.Integer
        return Fraction(int(answer.p), int(answer.q))  # type: ignore[attr-defined]
    if isinstance(answer, str) and "." not in answer:
        try:
            return Fraction(answer.strip().replace(" ", ""))
        except ValueError:
            return None
    return None


def decimal_of(answer: object) -> float | None:
    """The answer as a float when it is written as a decimal, else None."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, float) or getattr(answer, "is_Float", False):
        return float(answer)  # type: ignore[arg-type]
    if isinstance(answer, str) and "." in answer:
        try:
            return float(answer.strip())
        except ValueError:
            return None
    if isinstance(answer, numbers.Real) and not isinstance(answer, numbers.Rational):
        return float(answer)  # numpy floats
    return None


def same(answer: object, expected: object, decimals: int | None = None) -> bool:
    """True when ``answer`` is ``expected`` written in any accepted form.

    A decimal matches an exact ``expected`` when it rounds to the same ``decimals`` places
    (half a unit of the last place either side); without ``decimals`` only an exact decimal
    (such as 0.5 for 1/2) matches.
    """
    if isinstance(expected, bool) or type(expected).__name__ in ("BooleanTrue", "BooleanFalse"):
        return _truth(answer) is not None and _truth(answer) == bool(expected)
    if isinstance(expected, str):
        return isinstance(answer, str) and _word(answer) == _word(expected)
    if isinstance(expected, Sequence):
        answer = flat(answer)
        return (isinstance(answer, Sequence) and not isinstance(answer, str)
                and len(answer) == len(expected)
                and all(same(a, e, decimals) for a, e in zip(answer, expected, strict=True)))
    want = exact(expected)
    if want is None:
        return bool(answer == expected)
    got = exact(answer)
    if got is not None:
        return got == want
    value = decimal_of(answer)
    if value is None:
        return False
    if decimals is None:
        return Fraction(value) == want
    return abs(Fraction(value) - want) <= Fraction(1, 2 * 10**decimals)


def flat(answer: object) -> object:
    """A one-row sympy Matrix or a one-dimensional numpy array as a tuple; anything else as it is.

    >>> import sympy
    >>> flat(sympy.Matrix([[1, 2, 3]])), flat([1, 2])
    ((1, 2, 3), [1, 2])
    """
    shape = getattr(answer, "shape", None)
    if shape is not None and hasattr(answer, "tolist") and (len(shape) == 1 or 1 in shape):
        rows = answer.tolist()
        return tuple(v for row in rows for v in (row if isinstance(row, list) else [row]))
    return answer


def _truth(answer: object) -> bool | None:
    if isinstance(answer, bool):
        return answer
    if type(answer).__name__ in ("BooleanTrue", "BooleanFalse"):  # sympy's true and false
        return bool(answer)
    return None


def _word(text: str) -> str:
    return text.strip().lower().replace(" ", "_").replace("-", "_")


def answer_text(value: object) -> str:
    """A value as a learner reads it in a message: fractions as ``25/648``, tuples as ``(1, 2)``."""
    number = exact(value)
    if number is not None and not isinstance(value, str):
        return fraction(number)
    if isinstance(value, tuple):
        inside = ", ".join(answer_text(v) for v in value)
        return "(" + inside + ("," if len(value) == 1 else "") + ")"
    return str(value)
