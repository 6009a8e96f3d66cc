"""The compiled kernels themselves, in numba: imported only where numba is installed and the
compiled path is on (:mod:`~yacht_edu.solver.compiled` says when, and gives them their tables).

Each function is plain Python that numba compiles, for one signature each (:data:`CHUNK_TYPES`,
:data:`SPREAD_TYPES`); read :mod:`~yacht_edu.solver.compiled` for what the chunk does, step by
step, and which numpy function each step stands in for.

numba keeps the machine code in its cache directory (``__pycache__`` beside this file when it can
write there, else the user's cache directory, or ``NUMBA_CACHE_DIR``), so a machine compiles once;
where numba can write nowhere, :func:`compile_entry` compiles in memory instead, at every
session's first use (:data:`CACHED` says which).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba
import numpy as np
import numpy.typing as npt
from numba import types

from yacht_edu.solver.turn import BLOCKS, TAG_BITS

__all__ = ["CACHED", "CHUNK_TYPES", "SPREAD_TYPES", "chunk", "compile_entry", "spread"]

Array = npt.NDArray[Any]

MASK = (1 << TAG_BITS) - 1
HANDS_START = BLOCKS[5].start
SIXTH = 1 / 6
#: Options of every compiled function: no bounds checks (the tables are built to fit), and the
#: lock released (threads may share a solve).
OPTIONS: dict[str, Any] = {"nogil": True, "boundscheck": False}


def _can_cache() -> bool:
    """Whether numba finds a directory it may write its cache to (it refuses ``cache=True``
    otherwise)."""
    try:
        numba.njit(cache=True)(_can_cache_probe)
    except RuntimeError:  # "cannot cache function ...: no locator available"
        return False
    return True


def _can_cache_probe() -> int:
    return 0


#: Whether the compiled code is kept on disk (else compiled at every session's first use).
CACHED = _can_cache()


def compile_entry(function: Callable[..., Any], signature: tuple[Any, ...]) -> Any:
    """``function`` compiled now for ``signature`` alone, kept in numba's cache where it can be."""
    return numba.njit(signature, cache=CACHED, **OPTIONS)(function)


def _array(dtype: Any, dimensions: int, readonly: bool = False) -> Any:
    return types.Array(dtype, dimensions, "C", readonly=readonly)


_i8, _f8 = types.int64, types.float64
#: :func:`chunk`'s arguments.
CHUNK_TYPES = (_array(_i8, 2, readonly=True), _array(types.boolean, 2, readonly=True),
               _array(_i8, 2, readonly=True), _array(_i8, 2, readonly=True),
               _array(_f8, 1, readonly=True), _array(_f8, 1, readonly=True),
               _array(_i8, 2, readonly=True), _array(_i8, 1, readonly=True),
               _array(_i8, 1, readonly=True), _array(_f8, 2), _array(_i8, 2), _array(_f8, 2),
               _array(_i8, 2), _array(_i8, 3))


def chunk(where: Array, allowed: Array, gain: Array, after_row: Array, mean: Array,
          mean_square: Array, children: Array, parent_start: Array, parents: Array,
          worth: Array, bits: Array, squares: Array, tags: Array, chosen: Array) -> None:
    """The chunk's steps 2 and 3 (see :mod:`~yacht_edu.solver.compiled`): each hand's worth
    and mean square after the first roll into the hands' rows of ``worth`` and ``squares``
    (462 rows, a column per state; ``bits``: ``worth`` seen as int64), the choices into
    ``chosen`` (the score row of each hand, then its keep with 1, 2, ... rolls to come).

    ``where[b, h]``: the score row (a position among the chunk's rows) hand ``h`` fills in open
    box ``b``; ``allowed``, ``gain``, ``after_row``: each row in each state, as
    :meth:`~yacht_edu.solver.states.BoxRows.in_states` gives them; ``tags``: room to work, a
    row more than the score rows and the keeps.  One function, not one per step: numba
    compiles it in less time (docs/benchmarks-history.md, "The solve at 0.6 of the peer")."""
    boxes, hands = where.shape
    rows, columns = allowed.shape
    # Step 2: each row's worth (the points, then the state it leads to) and its tag; the
    # rows' values use the keeps' rows of worth and squares, free until the first reroll
    # (or the rows beyond the keeps, for rule sets with more score rows than keeps).
    row_at = 0 if rows <= HANDS_START else HANDS_START + hands
    for p in range(rows):
        for c in range(columns):
            if allowed[p, c]:
                g = np.float64(gain[p, c])
                a = mean[after_row[p, c]]
                worth[row_at + p, c] = g + a
                squares[row_at + p, c] = g * g + 2 * g * a + mean_square[after_row[p, c]]
                tags[p, c] = (bits[row_at + p, c] & ~MASK) | p
            else:
                tags[p, c] = -1
    best = tags[len(tags) - 1]  # a row of room
    for h in range(hands):
        for c in range(columns):
            best[c] = tags[where[0, h], c]
        for b in range(1, boxes):
            p = where[b, h]
            for c in range(columns):
                best[c] = max(best[c], tags[p, c])
        for c in range(columns):
            p = best[c] & MASK
            chosen[0, h, c] = p
            worth[HANDS_START + h, c] = worth[row_at + p, c]
            squares[HANDS_START + h, c] = squares[row_at + p, c]
    # Step 3, before each later roll.
    for to_come in range(1, len(chosen)):
        for k in range(HANDS_START - 1, -1, -1):
            one, two, three = children[k, 0], children[k, 1], children[k, 2]
            four, five, six = children[k, 3], children[k, 4], children[k, 5]
            for c in range(columns):
                worth[k, c] = (worth[one, c] + worth[two, c] + worth[three, c]
                               + worth[four, c] + worth[five, c] + worth[six, c]) * SIXTH
                squares[k, c] = (squares[one, c] + squares[two, c] + squares[three, c]
                                 + squares[four, c] + squares[five, c] + squares[six, c]) * SIXTH
        for k in range(HANDS_START + hands):  # smaller keeps first: a parent holds its best
            for c in range(columns):
                tags[k, c] = (bits[k, c] & ~MASK) | k
            for i in range(parent_start[k], parent_start[k + 1]):
                parent = parents[i]
                for c in range(columns):
                    tags[k, c] = max(tags[k, c], tags[parent, c])
        for h in range(HANDS_START, HANDS_START + hands):  # the best keep: itself or smaller
            for c in range(columns):
                k = tags[h, c] & MASK
                chosen[to_come, h - HANDS_START, c] = k
                worth[h, c] = worth[k, c]
                squares[h, c] = squares[k, c]


#: :func:`spread`'s arguments.
SPREAD_TYPES = (_array(_f8, 1, readonly=True), _array(_i8, 1, readonly=True),
                _array(_i8, 1, readonly=True), _array(_f8, 1), _array(_i8, 1, readonly=True),
                _array(_i8, 1, readonly=True), _array(_f8, 1, readonly=True))


def spread(source: Array, source_start: Array, source_length: Array, target: Array,
           from_state: Array, target_at: Array, chance: Array) -> None:
    """``target[target_at[i]:][:length] += chance[i] × the band of state from_state[i]`` (the
    bands of :mod:`~yacht_edu.solver.final_scores`)."""
    for i in range(len(chance)):
        s = from_state[i]
        begin, at, p = source_start[s], target_at[i], chance[i]
        for j in range(source_length[s]):
            target[at + j] += p * source[begin + j]
