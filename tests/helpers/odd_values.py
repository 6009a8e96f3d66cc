"""Odd values to give to every public function, shared by the property tests and the fuzzers
(``benchmarks/fuzz_model.py``, ``benchmarks/fuzz_maths.py``): each must work or be refused
with the package's own error.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import strategies as st

# Values of every JSON type (and a few awkward ones) to put where another type belongs.
ODD_VALUES: list[Any] = [None, True, False, 0, -1, 7, 1.5, 10**30, "", "x", "\ud800", [], [1],
                         {}, {"type": "roll"}, "false", "1", [[[]]]]


def odd_values() -> st.SearchStrategy[Any]:
    scalars = st.one_of(
        st.none(), st.booleans(), st.integers(-10, 10), st.integers(-(10**5000), 10**5000),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(st.characters(codec=None, categories=None), max_size=8),
        st.sampled_from(["\ud800", "chance", "yacht", "yahtzee", "free", "x" * 500]),
        st.binary(max_size=6), st.sampled_from([np.int64(3), np.float64(2.0), np.bool_(True)]),
    )
    containers = st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=6), st.tuples(inner, inner),
        st.dictionaries(st.text(max_size=3), inner, max_size=3),
        st.frozensets(st.integers(0, 7), max_size=5)), max_leaves=12)
    arrays = st.sampled_from([np.array([1, 2, 3, 4, 5]), np.array([]), np.array([[1, 2]]),
                              np.array([1.0, 2.0]), np.array([True, False])])
    return st.one_of(containers, arrays, st.lists(st.integers(-1, 8), max_size=7))
