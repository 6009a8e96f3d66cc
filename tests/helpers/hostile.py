"""Answers a learner could hand ``check``, that try to break it: NaN and the infinities (alone,
inside a tuple, from numpy and sympy), numbers too long to write out, text that reads as a huge
number, objects that raise when compared, converted or written out, and learner functions that
return any of these or raise.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any, NoReturn

import numpy as np
import sympy as sp
from hypothesis import strategies as st


class RefusalError(Exception):
    """What the hostile objects raise."""


def _refuse(*args: object) -> NoReturn:
    raise RefusalError("no")


class RaisesOnCompare:
    """Any comparison raises (``==``, ``<``, ...)."""

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _refuse
    __hash__ = object.__hash__


class RaisesOnText:
    """``repr`` and ``str`` raise."""

    __repr__ = __str__ = __format__ = _refuse


class RaisesOnNumber:
    """Every conversion to a number raises, and so does truth."""

    __float__ = __int__ = __index__ = __bool__ = __complex__ = _refuse


class RaisesOnEverything:
    """Comparison, text, conversion, truth, length, iteration and any attribute all raise."""

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _refuse
    __repr__ = __str__ = __format__ = _refuse
    __float__ = __int__ = __index__ = __bool__ = __complex__ = _refuse
    __len__ = __iter__ = __getitem__ = __call__ = __getattr__ = _refuse
    __hash__ = object.__hash__


class NumberThatRaises(int):
    """A whole number (so read as exact) whose comparison and text raise."""

    __eq__ = __ne__ = __lt__ = __gt__ = __repr__ = __str__ = _refuse
    __hash__ = int.__hash__


class TextThatRaises(str):
    """A string whose own methods raise."""

    strip = lower = replace = __eq__ = _refuse
    __hash__ = str.__hash__


NAN, INF = float("nan"), float("inf")

#: Every named hostile value, each tried at every exercise.
HOSTILE: list[Any] = [
    NAN, INF, -INF, (NAN,), (1, INF, 2), [INF, NAN], ("little_straight", NAN), np.float64("nan"),
    np.array([NAN, 1.0, 2.0]), np.array([INF]), sp.nan, sp.oo, -sp.oo, sp.zoo,
    Decimal("NaN"), complex(NAN, 1), 10**5000, -(10**5000), Fraction(1, 3**9000),
    Fraction(10**5000, 7), (10**5000,), 1e308, -1e-320, "1e999999999", "9" * 5000, "1/0", "nan",
    "inf", "-1.5e400", RaisesOnCompare(), RaisesOnText(), RaisesOnNumber(), RaisesOnEverything(),
    NumberThatRaises(5), TextThatRaises("yacht"), (RaisesOnEverything(),),
    [RaisesOnText(), RaisesOnCompare()],
]


def returning(value: Any) -> Callable[..., Any]:
    """A learner's function that returns ``value`` whatever it is given."""
    def learner(*args: Any) -> Any:
        return value
    return learner


def raising(error: BaseException) -> Callable[..., Any]:
    """A learner's function that raises ``error`` (an Exception, or SystemExit and the like)."""
    def learner(*args: Any) -> Any:
        raise error
    return learner


#: Learner functions that fail: each raises, once its kind of error.
RAISING: list[Callable[..., Any]] = [
    raising(ZeroDivisionError("division by zero")), raising(RecursionError()),
    raising(SystemExit(3)), raising(KeyboardInterrupt()), raising(GeneratorExit()),
    raising(RefusalError("no")), returning(RaisesOnEverything()), returning(x for x in range(3)),
]


def hostile_answers() -> st.SearchStrategy[Any]:
    """One hostile value, or a tuple of them, or a learner function returning or raising one."""
    value = st.sampled_from(HOSTILE)
    values = st.one_of(value, st.tuples(value, value), st.lists(value, max_size=5))
    functions = st.one_of(values.map(returning), st.sampled_from(RAISING))
    return st.one_of(values, functions)
