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
from numba import types

from yacht_edu.solver.states import UPPER_BOXES
from yacht_edu.solver.turn import BLOCKS, TAG_BITS
from yacht_edu.solver.workers import Array

MASK = (1 << TAG_BITS) - 1
HANDS_START = BLOCKS[5].start
SIXTH = 1 / 6
#: Options of every compiled function: no bounds checks (the tables are built to fit), and the
#: lock released (threads may share a solve).
OPTIONS: dict[str, Any] = {"nogil": True, "boundscheck": False}


def _cache_folder() -> str | None:
    """The folder numba keeps this module's compiled code in ("" if it does not say), or None
    where it finds no folder it may write to (it refuses ``cache=True`` there)."""
    try:
        probe = numba.njit(cache=True)(_probe)
    except RuntimeError:  # "cannot cache function ...: no locator available"
        return None
    return str(getattr(getattr(probe, "_cache", None), "_cache_path", ""))


def _probe() -> int:
    return 0


#: Where the compiled code is kept (None: nowhere, compiled at every session's first use).
FOLDER = _cache_folder()
CACHED = FOLDER is not None


def compile_entry(function: Callable[..., Any], signature: tuple[Any, ...]) -> Any:
    """``function`` compiled now for ``signature`` alone, kept in numba's cache where it can be."""
    return numba.njit(signature, cache=CACHED, **OPTIONS)(function)


def _array(dtype: Any, dimensions: int, readonly: bool = False) -> Any:
    return types.Array(dtype, dimensions, "C", readonly=readonly)


_i8, _f8, _bool = types.int64, types.float64, types.boolean
#: :func:`chunk`'s arguments.
CHUNK_TYPES = (_array(_i8, 1, readonly=True), _array(_f8, 1, readonly=True),
               _array(_f8, 1, readonly=True), _array(_i8, 1, readonly=True),
               _array(_i8, 2, readonly=True), _array(_bool, 2, readonly=True),
               _array(_i8, 1, readonly=True), _array(_i8, 1, readonly=True),
               _array(_i8, 1, readonly=True), _array(_i8, 1, readonly=True),
               _array(_bool, 1, readonly=True), _array(_i8, 1, readonly=True),
               _array(_i8, 1, readonly=True), _array(_i8, 1, readonly=True),
               _array(_i8, 2, readonly=True), _array(_i8, 1, readonly=True),
               _array(_i8, 1, readonly=True), _array(_f8, 2), _array(_i8, 2), _array(_f8, 2),
               _array(_i8, 2), _array(_i8, 3))


def chunk(states: Array, mean: Array, mean_square: Array, box_start: Array, row_of: Array,
          allowed_plain: Array, row_face: Array, gain: Array, after: Array,
          joker_start: Array, joker_allowed: Array, joker_gain: Array, joker_after: Array,
          numbers: Array, children: Array, parent_start: Array, parents: Array, worth: Array,
          bits: Array, squares: Array, tags: Array, chosen: Array) -> None:
    """The chunk's steps 1 to 3 (see :mod:`~yacht_edu.solver.compiled`) for ``states``: each
    hand's worth and mean square after the first roll into the hands' rows of ``worth`` and
    ``squares`` (a column per state; ``bits``: ``worth`` seen as int64), the choices into
    ``chosen`` (the score row of each hand, then its keep with 1, 2, ... rolls to come).

    ``box_start``, ``row_of``, ``allowed_plain``, ``row_face``: the rule set's score rows
    (:class:`~yacht_edu.solver.states.BoxRows`); ``gain`` to ``joker_after`` and ``numbers``
    (per card, the yahtzee box's bit, the lower boxes' bits): its
    :class:`~yacht_edu.solver.states.OfferTables`, read as
    :meth:`~yacht_edu.solver.states.BoxRows.in_states` reads them.  ``worth`` and ``squares``
    hold a row per keep (462), and the score rows' values in the keeps' rows (free until the
    first reroll) or after them; ``tags``: room to work, a row more than the score rows and the
    keeps.  One function, not one per step: numba compiles it in less time
    (docs/benchmarks-history.md, "The solve at 0.6 of the peer")."""
    boxes, hands = row_of.shape
    columns, score_rows = len(states), len(row_face)
    per_card, yahtzee_bit, lower_boxes = numbers[0], numbers[1], numbers[2]
    row_at = 0 if score_rows <= HANDS_START else HANDS_START + hands
    # Step 1: the state's filled boxes and the rest of its number, the boxes open in any.
    filled, sub = np.empty(columns, dtype=np.int64), np.empty(columns, dtype=np.int64)
    filled_in_all = numbers[3]
    for c in range(columns):
        filled[c], sub[c] = states[c] // per_card, states[c] % per_card
        filled_in_all &= filled[c]
    # Each row of an open box in each state: may it be chosen, its worth, its tag.
    for b in range(boxes):
        if filled_in_all >> b & 1:
            continue
        bit = 1 << b
        for r in range(box_start[b], box_start[b + 1]):
            face = row_face[r]
            for c in range(columns):
                held = filled[c]
                if face != 0 and held & yahtzee_bit != 0:  # a five of a kind as a joker
                    face_bit = 1 << (face - 1)
                    other_upper = UPPER_BOXES & ~face_bit
                    situation = (4 * (held & face_bit == 0)
                                 + 2 * (held & other_upper != other_upper)
                                 + (~held & lower_boxes != 0))
                    at = joker_start[r] + situation * per_card + sub[c]
                    allowed = (held & bit == 0) & joker_allowed[at]
                    points, rest = joker_gain[at], joker_after[at]
                else:
                    at = r * per_card + sub[c]
                    upper_open = 1 if held & UPPER_BOXES != UPPER_BOXES else 0
                    allowed = (held & bit == 0) & allowed_plain[b, upper_open]
                    points, rest = gain[at], after[at]
                if allowed:
                    g = np.float64(points)
                    following = (held | bit) * per_card + rest
                    a = mean[following]
                    worth[row_at + r, c] = g + a
                    squares[row_at + r, c] = g * g + 2 * g * a + mean_square[following]
                    tags[r, c] = (bits[row_at + r, c] & ~MASK) | r
                else:
                    tags[r, c] = -1
    # Step 2: each hand takes its allowed row worth most.
    best = tags[len(tags) - 1]  # a row of room
    for h in range(hands):
        for c in range(columns):
            best[c] = -1
        for b in range(boxes):
            if filled_in_all >> b & 1 == 0:
                r = row_of[b, h]
                for c in range(columns):
                    best[c] = max(best[c], tags[r, c])
        for c in range(columns):
            r = best[c] & MASK
            chosen[0, h, c] = r
            worth[HANDS_START + h, c] = worth[row_at + r, c]
            squares[HANDS_START + h, c] = squares[row_at + r, c]
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
