"""The optimal solve's chunk as one compiled call, when numba is installed (optional).

:func:`~yacht_edu.solver.backward.hand_worth` and :func:`~yacht_edu.solver.turn.plan_turn` work
out a chunk of states in a few hundred numpy calls, each small.  Here the same arithmetic, in the
same order, is one function compiled by numba (``pip install numba``, or the package's ``fast``
extra), with its loops over the chunk's states innermost: no temporaries, no call overhead.  The
numpy path stays the reference: the tests compare the two state by state, bit for bit, and the
package works the same without numba (a browser's Pyodide, a machine without the wheel).

Its steps, for each state of the chunk:

1. end the turn with each hand: the allowed score row worth most (the points plus the worth of
   the state it leads to; ties to the later row, as :func:`~yacht_edu.solver.turn.tag` breaks
   them), with its mean square;
2. before each later roll, each keep's worth is the average over one more die (the six keeps
   with one die more, added in face order, then times 1/6), and each hand takes its best keep
   (ties to the later keep), carrying the mean square of the same keep;
3. the first roll: the hands' worth weighted by their chances (numpy's
   :func:`~yacht_edu.solver.turn.first_roll`, one call).

``YACHT_EDU_COMPILED=0`` in the environment turns the compiled path off (the numpy path then
runs, as without numba).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from yacht_edu.solver.turn import BLOCKS, CHILDREN, KEEPS, PARENTS, TAG_BITS, first_roll

__all__ = ["chunk_kernel", "enabled", "spread_kernel"]

Array = npt.NDArray[Any]


def enabled() -> bool:
    """Whether the compiled chunk is used: numba installed, and not turned off."""
    if os.environ.get("YACHT_EDU_COMPILED", "1") == "0":
        return False
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


def _tables() -> tuple[npt.NDArray[np.int64], ...]:
    """The turn's structure as flat arrays: for each keep of 0 to 4 dice its six children (one
    more die, faces 1 to 6), and for each keep of 1 to 5 dice its parents (one die fewer),
    listed between ``parent_start[k]`` and ``parent_start[k + 1]``."""
    children = np.concatenate(CHILDREN).astype(np.int64)  # keeps 0..209 in order, (210, 6)
    parents: list[list[int]] = [[] for _ in KEEPS]
    for size in range(1, 6):
        for keeps_here, one_fewer in PARENTS[size]:
            for k, parent in zip(range(keeps_here.start, keeps_here.stop), one_fewer.tolist(),
                                 strict=True):
                parents[k].append(parent)
    starts = np.cumsum([0] + [len(p) for p in parents]).astype(np.int64)
    flat = np.array([p for each in parents for p in each], dtype=np.int64)
    return children, starts, flat


MASK = (1 << TAG_BITS) - 1
HANDS_START = BLOCKS[5].start
SIXTH = 1 / 6


def _end_turn(where: Array, allowed: Array, gain: Array, after_row: Array, mean: Array,
              mean_square: Array, value: Array, value_bits: Array, value_squares: Array,
              tags: Array, worth: Array, squares: Array, chosen_rows: Array) -> None:
    """Step 1 (see the module) into the hands' rows of ``worth`` and ``squares``, and the row
    each hand takes into ``chosen_rows`` (``value``, ``value_squares`` and ``tags``: room for
    a row per score row, ``value_bits`` the int64 view of ``value``)."""
    boxes, hands = where.shape
    rows, columns = allowed.shape
    for p in range(rows):
        for c in range(columns):
            g = np.float64(gain[p, c])
            a = mean[after_row[p, c]]
            value[p, c] = g + a
            value_squares[p, c] = g * g + 2 * g * a + mean_square[after_row[p, c]]
    for p in range(rows):
        for c in range(columns):
            tags[p, c] = (value_bits[p, c] & ~MASK) | p if allowed[p, c] else -1
    best = value_bits[rows]  # a row of room
    for h in range(hands):
        first = where[0, h]
        for c in range(columns):
            best[c] = tags[first, c]
        for b in range(1, boxes):
            p = where[b, h]
            for c in range(columns):
                best[c] = max(best[c], tags[p, c])
        for c in range(columns):
            chosen = best[c] & MASK
            chosen_rows[h, c] = chosen
            worth[HANDS_START + h, c] = value[chosen, c]
            squares[HANDS_START + h, c] = value_squares[chosen, c]


def _reroll(worth: Array, worth_bits: Array, squares: Array, tags: Array, picked: Array,
            picked_squares: Array, children: Array, parent_start: Array, parents: Array,
            chosen_keeps: Array) -> None:
    """Step 2 (see the module), in place on the keeps' rows of ``worth`` and ``squares``, the
    keep each hand takes into ``chosen_keeps`` (``worth_bits``: ``worth`` seen as int64;
    ``tags`` (a row more than the keeps), ``picked`` and ``picked_squares``: room to work)."""
    keeps, columns = worth.shape
    total, total_square, best = picked[0], picked_squares[0], tags[keeps]  # rows of room
    for k in range(HANDS_START - 1, -1, -1):
        child = children[k, 0]
        for c in range(columns):
            total[c] = worth[child, c]
            total_square[c] = squares[child, c]
        for face in range(1, 6):
            child = children[k, face]
            for c in range(columns):
                total[c] += worth[child, c]
                total_square[c] += squares[child, c]
        for c in range(columns):
            worth[k, c] = total[c] * SIXTH
            squares[k, c] = total_square[c] * SIXTH
    for k in range(keeps):
        for c in range(columns):
            tags[k, c] = (worth_bits[k, c] & ~MASK) | k
    for k in range(1, keeps):  # smaller keeps first: a parent holds the best of its own
        for c in range(columns):
            best[c] = tags[k, c]
        for i in range(parent_start[k], parent_start[k + 1]):
            parent = parents[i]
            for c in range(columns):
                best[c] = max(best[c], tags[parent, c])
        for c in range(columns):
            tags[k, c] = best[c]
    for h in range(HANDS_START, keeps):
        for c in range(columns):
            chosen = tags[h, c] & MASK
            chosen_keeps[h - HANDS_START, c] = chosen
            picked[h - HANDS_START, c] = worth[chosen, c]
            picked_squares[h - HANDS_START, c] = squares[chosen, c]
    for h in range(HANDS_START, keeps):
        for c in range(columns):
            worth[h, c] = picked[h - HANDS_START, c]
            squares[h, c] = picked_squares[h - HANDS_START, c]


@functools.cache
def chunk_kernel() -> Callable[..., tuple[Array, Array]]:
    """The compiled chunk: ``kernel(where, allowed, gain, after_row, mean, mean_square,
    rolls, choices=None)`` -> (mean, mean square) of each state before its first roll; a list
    given as ``choices`` receives the row each hand is scored in (its position among the
    chunk's rows), then the keep chosen from each hand with 1, 2, ... rolls to come.

    ``where[b, h]``: the score row (a position in the chunk's rows) that hand ``h`` fills in
    open box ``b``; ``allowed``, ``gain``, ``after_row``: for each row and state, as
    :meth:`~yacht_edu.solver.states.BoxRows.in_states` gives them.  Compiled at the first call
    of this function for these types only (cached by numba on disk where it can write).
    """
    import numba

    compile_ = functools.partial(numba.njit, cache=True, nogil=True, boundscheck=False)
    table = numba.types.Array
    f8, i8 = numba.float64, numba.int64
    end_turn = compile_((table(i8, 2, "C", readonly=True), table(numba.boolean, 2, "C"),
                         table(i8, 2, "C"), table(numba.intp, 2, "C"), table(f8, 1, "C"),
                         table(f8, 1, "C"), table(f8, 2, "C"), table(i8, 2, "C"),
                         table(f8, 2, "C"), table(i8, 2, "C"), table(f8, 2, "C"),
                         table(f8, 2, "C"), table(i8, 2, "C")))(_end_turn)
    reroll = compile_((table(f8, 2, "C"), table(i8, 2, "C"), table(f8, 2, "C"),
                       table(i8, 2, "C"), table(f8, 2, "C"), table(f8, 2, "C"),
                       table(i8, 2, "C"), table(i8, 1, "C"), table(i8, 1, "C"),
                       table(i8, 2, "C")))(_reroll)
    children, parent_start, parents = _tables()
    keeps = len(KEEPS)

    def kernel(where: Array, allowed: Array, gain: Array, after_row: Array, mean: Array,
               mean_square: Array, rolls: int,
               choices: list[Array] | None = None) -> tuple[Array, Array]:
        columns = allowed.shape[1]
        chosen = np.empty((rolls, keeps - HANDS_START, columns), dtype=np.int64)
        worth = np.empty((keeps, columns))
        squares = np.empty((keeps, columns))
        tags = np.empty((keeps + 1, columns), dtype=np.int64)
        picked = np.empty((2, keeps - HANDS_START, columns))
        bits = worth.view(np.int64)
        rows = allowed.shape[0]
        value = np.empty((rows + 1, columns))
        end_turn(where, allowed, gain, after_row, mean, mean_square, value,
                 value.view(np.int64), np.empty((rows, columns)),
                 np.empty((rows, columns), dtype=np.int64), worth, squares, chosen[0])
        for to_come in range(1, rolls):
            reroll(worth, bits, squares, tags, picked[0], picked[1], children, parent_start,
                   parents, chosen[to_come])
        if choices is not None:  # the rows (positions among the chunk's), then the keeps
            choices.extend(chosen)
        return first_roll(worth[HANDS_START:]), first_roll(squares[HANDS_START:])

    return kernel


def _spread(source: Array, source_start: Array, source_length: Array, target: Array,
            from_state: Array, target_at: Array, chance: Array) -> None:
    """``target[target_at[i]:][:length] += chance[i] × the band of state from_state[i]`` (the
    bands of :mod:`~yacht_edu.solver.final_scores`)."""
    for i in range(len(chance)):
        s = from_state[i]
        begin, at, p = source_start[s], target_at[i], chance[i]
        for j in range(source_length[s]):
            target[at + j] += p * source[begin + j]


@functools.cache
def spread_kernel() -> Callable[..., None]:
    """:func:`_spread`, compiled (numba must be installed)."""
    import numba

    table = numba.types.Array
    f8, i8 = numba.float64, numba.int64
    spread: Callable[..., None] = numba.njit(
        (table(f8, 1, "C"), table(i8, 1, "C"), table(i8, 1, "C"), table(f8, 1, "C"),
         table(i8, 1, "C"), table(i8, 1, "C"), table(f8, 1, "C")),
        cache=True, nogil=True, boundscheck=False)(_spread)
    return spread
