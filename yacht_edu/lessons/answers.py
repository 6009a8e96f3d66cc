"""How a learner's answer is read and compared: every way of writing one value is the same answer.

An exact value can be written as an ``int``, a :class:`fractions.Fraction`, a ``sympy.Rational``
or a string such as ``"7/20"``; a decimal (a ``float`` or ``"0.35"``) is accepted only where
the exercise asks for one, to the number of decimal places it states.

>>> exact("7/20") == Fraction(7, 20)
True
>>> same(0.0386, Fraction(25, 648), decimals=4), same(0.039, Fraction(25, 648), decimals=4)
(True, False)
>>> same("Little_Straight ", "little_straight"), same((1, "6"), (1, 6))
(True, True)

A word is also right as any language's lessons spell it (:func:`spellings`): a box as the
scorecard names it, a plan as the plots name it, a player of lesson 7 as the prose does.

>>> same("छोटा स्ट्रेट", "little_straight"), same("ಆಶಾ", "Asha"), same("ರವಿ", "Asha")
(True, True, False)
>>> is_blank(...), is_blank(0)
(True, False)

Whatever a learner writes is read without raising: a value that raises when it is compared,
converted or written out is simply not the same as any answer, NaN and the infinities are
:func:`not_finite`, and a whole number too long to write out is described, not written.

A decimal may be the right value *rounded*: :func:`rounded_places` says to how many places.

>>> rounded_places(12.64, Fraction(455, 36)), rounded_places(12.6, Fraction(455, 36))
(2, 1)
>>> rounded_places(12.65, Fraction(455, 36)) is None, rounded_places(1.0, Fraction(7, 9)) is None
(True, True)
"""

from __future__ import annotations

import functools
import math
import numbers
import re
import unicodedata
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from yacht_edu.display.numbers import fraction
from yacht_edu.guard import Shown
from yacht_edu.i18n import LANGUAGES, catalog, printable, python_form, shortened

# A string with an exponent ("1e5000") is a decimal, never an exact answer: reading it exactly
# could ask for a number of millions of digits.
_EXPONENT = re.compile(r"[eE]")
#: The largest exponent of ten a written decimal may have and still be read (floats reach 10^308).
_LARGEST_EXPONENT = 400
#: The catalog messages that spell a word answer in every language: a box (as the scorecard
#: names it), a plan (as the plots and the coach name it), a player of the lessons.
NAMES = ("category.{}", "strategy.{}", "lessons.player.{}")
# Marks a keyboard may or may not type inside a word (the joiners of Indic scripts).
_INVISIBLE = dict.fromkeys(map(ord, "\u200c\u200d\u00ad\u200b"))


def is_blank(answer: object) -> bool:
    """True for the blank the learner's edition leaves, ``...``, and for ``None`` (what
    ``answer = print(x)`` stores): neither is an answer yet."""
    return answer is Ellipsis or answer is None


def _text(answer: object) -> str | None:
    """A string answer as a plain ``str`` (a subclass's own methods are never called); what a
    learner's function returned that could not be sent back (:class:`~yacht_edu.guard.Shown`,
    how Python writes it) is no text the learner wrote."""
    if isinstance(answer, Shown) or not isinstance(answer, str):
        return None
    return str.__str__(answer)


def _flag(value: object, name: str) -> bool:
    """True when ``value`` has the attribute ``name`` and it is True (sympy's ``is_Rational``);
    an object whose attributes raise has none."""
    try:
        return getattr(value, name, False) is True
    except Exception:  # a learner's object may raise on any attribute
        return False


def exact(answer: object) -> Fraction | None:
    """The answer as an exact fraction, or None when it is not written exactly (a float, a word)."""
    if isinstance(answer, bool):
        return None
    try:
        if isinstance(answer, numbers.Rational):  # int, Fraction, numpy integers
            return Fraction(int(answer.numerator), int(answer.denominator))
        if _flag(answer, "is_Rational"):  # sympy.Rational and sympy.Integer
            return Fraction(int(answer.p), int(answer.q))  # type: ignore[attr-defined]
    except Exception:  # a number type whose parts cannot be read is not written exactly
        return None
    text = _text(answer)
    if text is None or "." in text or _EXPONENT.search(text):
        return None
    try:
        return Fraction(text.strip().replace(" ", ""))
    except (ValueError, ZeroDivisionError):  # not a fraction, "1/0", too many digits
        return None


def decimal_of(answer: object) -> float | None:
    """The answer as a float when it is written as a decimal (possibly NaN or infinite), else
    None."""
    if isinstance(answer, bool):
        return None
    text = _text(answer)
    if text is not None:
        if "." not in text:
            return None
        try:
            return float(text.strip())
        except ValueError:
            return None
    try:
        if isinstance(answer, float) or _flag(answer, "is_Float"):
            return float(answer)  # type: ignore[arg-type]
        if isinstance(answer, numbers.Real) and not isinstance(answer, numbers.Rational):
            return float(answer)  # numpy floats
    except Exception:  # a float() that raises: not a decimal
        return None
    return None


def not_finite(answer: object) -> bool:
    """True for NaN or an infinity (a float, numpy's, sympy's ``oo``, ``nan``, ``zoo``), also as
    a part of a tuple or list answer.

    >>> not_finite(float("nan")), not_finite((1, float("-inf"))), not_finite(10**5000)
    (True, True, False)
    """
    parts = flat(answer)
    if isinstance(parts, (tuple, list)):
        return any(_not_finite_number(part) for part in parts)
    return _not_finite_number(parts)


def _not_finite_number(value: object) -> bool:
    number = decimal_of(value)
    if number is not None:
        return not math.isfinite(number)
    return _flag(value, "is_number") and not _flag(value, "is_finite")


def written_decimal(answer: object, *, whole: bool = False) -> tuple[Fraction, int] | None:
    """A decimal answer as the learner wrote it, exactly, and its number of decimal places
    (a float as Python writes it: 12.64 is 1264/100, 2 places); ``whole``: a whole number
    too (0 places).  None for anything else.

    >>> written_decimal(12.64), written_decimal("0.50"), written_decimal(44, whole=True)
    ((Fraction(316, 25), 2), (Fraction(1, 2), 2), (Fraction(44, 1), 0))
    """
    number = exact(answer)
    if number is not None:
        return (number, 0) if whole and number.denominator == 1 else None
    value = decimal_of(answer)
    if value is None or not math.isfinite(value):
        return None
    text = _text(answer)
    try:
        written = Decimal(text.strip() if text is not None else repr(value))
    except (InvalidOperation, ValueError):
        return None
    exponent = written.as_tuple().exponent
    if not isinstance(exponent, int) or abs(exponent) > _LARGEST_EXPONENT:
        return None
    return Fraction(written), max(0, -exponent)


def rounded_places(answer: object, value: object, *, whole: bool = False) -> int | None:
    """The number of decimal places to which the decimal ``answer`` is ``value`` rounded, when
    it is, else None.

    Only a rounding that tells the value to within a tenth of itself counts (0.6 for 0.5978
    does, 1 for 0.5978 does not); ``whole``: a whole number may be the rounding too.
    """
    written = written_decimal(answer, whole=whole)
    want = exact(value)
    if written is None or want is None or want == 0:
        return None
    number, places = written
    half = Fraction(1, 2 * 10**places)
    if abs(number - want) <= half and half <= abs(want) / 10:
        return places
    return None


def same(answer: object, expected: object, decimals: int | None = None) -> bool:
    """True when ``answer`` is ``expected`` written in any accepted form.

    A decimal matches an exact ``expected`` when it rounds to the same ``decimals`` places
    (half a unit of the last place either side); without ``decimals`` only an exact decimal
    (such as 0.5 for 1/2) matches.  An answer that cannot be compared (it raises) is not the
    same.
    """
    try:
        return _same(answer, expected, decimals)
    except Exception:  # a learner's value that raises when compared is not the answer
        return False


def _same(answer: object, expected: object, decimals: int | None) -> bool:
    if isinstance(expected, bool) or type(expected).__name__ in ("BooleanTrue", "BooleanFalse"):
        return _truth(answer) is not None and _truth(answer) == bool(expected)
    if isinstance(expected, str):
        text = _text(answer)
        return text is not None and _word(text) in {_word(word) for word in spellings(expected)}
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
    if value is None or not math.isfinite(value):
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
    if isinstance(answer, (str, tuple, list, int, float, Fraction)):
        return answer
    try:
        shape = getattr(answer, "shape", None)
        if (isinstance(shape, tuple) and hasattr(answer, "tolist")
                and (len(shape) == 1 or 1 in shape)):
            rows = answer.tolist()
            return tuple(v for row in rows for v in (row if isinstance(row, list) else [row]))
    except Exception:  # a learner's object whose shape or tolist raises: left as it is
        return answer
    return answer


def _truth(answer: object) -> bool | None:
    if isinstance(answer, bool):
        return answer
    if type(answer).__name__ in ("BooleanTrue", "BooleanFalse"):  # sympy's true and false
        return bool(answer)
    return None


def _word(text: str) -> str:
    text = unicodedata.normalize("NFC", text).translate(_INVISIBLE)
    return "_".join(text.strip().lower().replace("-", " ").split())


@functools.cache
def spellings(word: str) -> frozenset[str]:
    """The word as the code writes it and as each language's lessons spell it (see
    :data:`NAMES`); a word no catalog names is only itself.

    >>> sorted(spellings("Meera")), spellings("b")
    (['Meera', 'میرا', 'मीरा', 'মীরা', 'ಮೀರಾ'], frozenset({'b'}))
    """
    names = [name.format(_word(word)) for name in NAMES]
    found = {catalog(lang)[name] for lang in LANGUAGES for name in names
             if name in catalog(lang)}
    return frozenset({word, *found})


def answer_text(value: object) -> str:
    """A value as a learner reads it in a message: fractions as ``7/20``, tuples as ``(1, 2)``,
    a whole number too long to write out described, anything else shortened (and a value that
    cannot be written out at all, by its type).

    >>> answer_text((Fraction(1, 2), 5)), answer_text((5,)), answer_text(10**5000)
    ('(1/2, 5)', '(5,)', 'a whole number of 5001 digits')
    """
    if isinstance(value, tuple):
        inside = ", ".join(_part_text(v) for v in value)
        return "(" + inside + ("," if len(value) == 1 else "") + ")"
    return _part_text(value)


def _part_text(value: object) -> str:
    number = exact(value)
    if number is not None and not isinstance(value, str):
        return fraction(number)
    text = _text(value)
    if text is not None:
        return shortened(printable(text))
    try:
        return shortened(printable(str(value)))
    except Exception:  # a value whose str() raises: as Python writes it, or by its type
        return shortened(python_form(value, None))
