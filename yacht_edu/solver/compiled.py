"""The optimal solve's chunk as one compiled call: native where the wheel carries it, else numba's
where numba is installed.

:meth:`~yacht_edu.solver.states.BoxRows.in_states`, :func:`~yacht_edu.solver.backward.hand_worth`
and :func:`~yacht_edu.solver.turn.plan_turn` work out a chunk of states in a few hundred numpy
calls, each small.  Here the same arithmetic, in the same order, is one compiled function, with
its loops over the chunk's states innermost: no temporaries, no call overhead.  It comes two
ways: in C, compiled when the wheel is built (:mod:`~yacht_edu.solver.native`: nothing to
compile at run time), or in Python that numba compiles at a session's first use
(:mod:`~yacht_edu.solver.kernels`; ``pip install numba``, or the package's ``fast`` extra), for
a wheel built without a C compiler.  The numpy path stays the reference: the tests compare all
three state by state, bit for bit, and the package works the same without either (a browser's
Pyodide).

Its steps, for each state of the chunk:

1. what each score row of the boxes still open offers in the state: may it be chosen, the points
   it adds, the state it leads to (:meth:`~yacht_edu.solver.states.BoxRows.in_states`, a row
   and a state at a time, read from the same tables);
2. end the turn with each hand: the allowed score row worth most (the points plus the worth of
   the state it leads to; ties to the later row, as :func:`~yacht_edu.solver.turn.tag` breaks
   them), with its mean square;
3. before each later roll, each keep's worth is the average over one more die (the six keeps
   with one die more, added in face order, then times 1/6), and each hand takes its best keep
   (ties to the later keep), carrying the mean square of the same keep;
4. the first roll: the hands' worth weighted by their chances (numpy's
   :func:`~yacht_edu.solver.turn.first_roll`, one call).

numba compiles its chunk once per machine and keeps the machine code in its cache (see
:mod:`~yacht_edu.solver.kernels`); ``python -m yacht_edu.solver warm`` compiles it ahead.
``YACHT_EDU_COMPILED=0`` in the environment turns the compiled path off (the numpy path then
runs), ``YACHT_EDU_COMPILED=numba`` leaves the native chunk aside (:func:`backend`).
"""

from __future__ import annotations

import functools
import importlib.util
import math
import os
import threading
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from yacht_edu.hands import KEEPS
from yacht_edu.solver import native
from yacht_edu.solver.states import BoxRows
from yacht_edu.solver.turn import BLOCKS, CHILDREN, PARENTS, first_roll
from yacht_edu.solver.workers import Array

#: The first hand's row among the keeps.
HANDS_START = BLOCKS[5].start


def backend() -> str | None:
    """Which compiled kernels the solver runs: ``"native"`` (compiled ahead, in the wheel:
    :mod:`~yacht_edu.solver.native`), ``"numba"`` (numba installed and importable), or None
    (numpy).  ``YACHT_EDU_COMPILED=0`` turns both off, ``YACHT_EDU_COMPILED=numba`` leaves the
    native kernels aside.  Imports numba (about 0.3 s) the first time it asks for it."""
    if _native_on():
        return "native"
    return "numba" if _numba_on() and _numba_imports() else None


def enabled() -> bool:
    """Whether the compiled path may run (:func:`backend` is not None)."""
    return backend() is not None


def _native_on() -> bool:
    return os.environ.get("YACHT_EDU_COMPILED", "1") not in ("0", "numba") and native.available()


def _numba_on() -> bool:
    return os.environ.get("YACHT_EDU_COMPILED", "1") != "0" and _numba_installed()


@functools.cache
def _numba_installed() -> bool:
    return importlib.util.find_spec("numba") is not None


@functools.cache
def _numba_imports() -> bool:
    """Whether numba imports (it refuses a numpy newer than it supports: numpy runs then)."""
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


#: Work on fewer states than this runs in numpy unless the compiled chunk is already loaded in
#: this process, where numba compiles it: importing numba and loading the chunk from its cache
#: take about 0.55 s of processor time (compiling it, 1.5 s the first time), more than numpy
#: needs for all of Yacht's 4,096 states (0.2 s); each state the compiled chunk solves saves
#: about 17 µs, so it pays from about 30,000 states (Yahtzee's solve: 359,424).  The native
#: kernels cost nothing to load: they run for any size.  Measured: docs/benchmarks-history.md,
#: "The solve at 0.6 of the peer".
COMPILE_FROM = 50_000


def worth_it(states: int) -> bool:
    """Whether work on ``states`` states runs compiled: the native kernels here, or numba
    installed and on, and either the work is large or numba's chunk is loaded already."""
    if _native_on():
        return True
    return (_numba_on() and (states >= COMPILE_FROM or _numba_chunk.cache_info().currsize > 0)
            and _numba_imports())


def _read_only(*tables: npt.ArrayLike) -> tuple[Array, ...]:
    found = []
    for table in tables:
        array = np.ascontiguousarray(table, dtype=np.int64)
        array.flags.writeable = False
        found.append(array)
    return tuple(found)


@functools.cache
def turn_tables() -> tuple[Array, ...]:
    """The turn's structure as flat arrays: for each keep of 0 to 4 dice its six children (one
    more die, faces 1 to 6), and for each keep of 1 to 5 dice its parents (one die fewer),
    listed between ``parent_start[k]`` and ``parent_start[k + 1]``."""
    children = np.concatenate(CHILDREN)  # keeps 0..209 in order, (210, 6)
    parents: list[list[int]] = [[] for _ in KEEPS]
    for size in range(1, 6):
        for keeps_here, one_fewer in PARENTS[size]:
            for k, parent in zip(range(keeps_here.start, keeps_here.stop), one_fewer.tolist(),
                                 strict=True):
                parents[k].append(parent)
    starts = np.cumsum([0] + [len(p) for p in parents])
    return _read_only(children, starts, [p for each in parents for p in each])


def chunk_kernel() -> Callable[..., tuple[Array, Array]]:
    """The compiled chunk: ``kernel(rows, states, mean, mean_square, choices=None)`` -> the
    mean and mean square of each of ``states`` before its first roll (``rows``: the rule set's
    :func:`~yacht_edu.solver.states.box_rows`; ``mean``, ``mean_square``: every state's, the
    next layer's solved).  A list given as ``choices`` receives the score row each hand is put
    in (its number in ``rows``), then the keep chosen from each hand with 1, 2, ... rolls to
    come.

    The native kernels where the wheel has them, else numba's (compiled at the first call of
    this function, or loaded from numba's cache)."""
    return _chunk_kernel(backend() == "native")


@functools.cache
def _chunk_kernel(ahead: bool) -> Callable[..., tuple[Array, Array]]:
    chunk = _native_chunk if ahead else _numba_chunk()
    keeps = len(KEEPS)
    room = _Room()

    def kernel(rows: BoxRows, states: Array, mean: Array, mean_square: Array,
               choices: list[Array] | None = None) -> tuple[Array, Array]:
        columns, score_rows = len(states), rows.rows
        extra = 0 if score_rows <= HANDS_START else score_rows  # rows beyond the keeps
        worth, squares = room.floats((2, keeps + extra, columns))
        tags = room.ints((max(keeps, score_rows) + 3, columns))
        shape = (rows.space.rules.rolls, keeps - HANDS_START, columns)
        chosen = room.ints(shape, after=tags.size) if choices is None else np.empty(
            shape, dtype=np.int64)
        chunk(rows, _read_only_view(np.ascontiguousarray(states, dtype=np.int64)),
              _read_only_view(mean), _read_only_view(mean_square), worth, squares, tags, chosen)
        if choices is not None:  # the rows, then the keeps
            choices.extend(chosen)
        hands = slice(HANDS_START, keeps)
        return first_roll(worth[hands]), first_roll(squares[hands])

    return kernel


def _native_chunk(rows: BoxRows, states: Array, mean: Array, mean_square: Array,
                  worth: Array, squares: Array, tags: Array, chosen: Array) -> None:
    _native_tables(rows)(states, mean, mean_square, worth, squares, tags, chosen)


@functools.lru_cache(maxsize=16)
def _native_tables(rows: BoxRows) -> native.Chunk:
    return native.Chunk(*card_tables(rows), *turn_tables())


@functools.cache
def _numba_chunk() -> Callable[..., None]:
    """numba's chunk (:func:`~yacht_edu.solver.kernels.chunk`), compiled or loaded."""
    from yacht_edu.solver import kernels

    compiled = kernels.compile_entry(kernels.chunk, kernels.CHUNK_TYPES)

    def chunk(rows: BoxRows, states: Array, mean: Array, mean_square: Array, worth: Array,
              squares: Array, tags: Array, chosen: Array) -> None:
        compiled(states, mean, mean_square, *card_tables(rows), *turn_tables(), worth,
                 worth.view(np.int64), squares, tags, chosen)

    return chunk


class _Room(threading.local):
    """Each thread's room to work in, kept from chunk to chunk: a fresh array of this size is
    memory the system maps and clears anew at every call (measured: chunks of 128 states took
    1.6 million page faults and twice the processor time of chunks of 64, which fit below
    malloc's threshold)."""

    def __init__(self) -> None:
        self.kept = {np.float64: np.empty(0), np.int64: np.empty(0, dtype=np.int64)}

    def floats(self, shape: tuple[int, ...]) -> Array:
        return self._carve(np.float64, shape, 0)

    def ints(self, shape: tuple[int, ...], after: int = 0) -> Array:
        """Room for int64s, the first ``after`` of the room left to another array."""
        return self._carve(np.int64, shape, after)

    def _carve(self, kind: type[np.generic], shape: tuple[int, ...], after: int) -> Array:
        size = after + math.prod(shape)
        if self.kept[kind].size < size:
            self.kept[kind] = np.empty(size, dtype=kind)
        return self.kept[kind][after:size].reshape(shape)


@functools.lru_cache(maxsize=16)
def card_tables(rows: BoxRows) -> tuple[Array, ...]:
    """A rule set's score rows and :class:`~yacht_edu.solver.states.OfferTables` as the
    compiled chunk reads them (:func:`~yacht_edu.solver.kernels.chunk`, ``box_start`` to
    ``numbers``), read only."""
    offers = rows.offers
    box_start = np.searchsorted(rows.row_box, np.arange(rows.space.number_of_boxes + 1))
    tables: list[Array] = []
    for table in (box_start, rows.row_of, rows.allowed_plain, rows.row_face, offers.gain,
                  offers.after, offers.joker_start, offers.joker_allowed, offers.joker_gain,
                  offers.joker_after, [offers.per_card, offers.yahtzee_bit, offers.lower_boxes,
                                       rows.space.full]):
        array = np.array(table, dtype=bool if np.asarray(table).dtype == bool else np.int64)
        array.flags.writeable = False
        tables.append(array)
    return tuple(tables)


def compile_ahead() -> str | None:
    """Compile numba's kernels now (or load them from numba's cache), where numba's compiled
    path runs: the folder numba keeps them in ("" when it has none: each session compiles them
    again); None when numba's path is not the one used (the native kernels here, numba missing
    or turned off)."""
    if backend() != "numba":
        return None
    chunk_kernel()
    spread_kernel()
    from yacht_edu.solver import kernels

    return kernels.FOLDER or ""


def _read_only_view(values: Array) -> Array:
    """``values`` seen read only (the compiled chunk's type for what it only reads)."""
    view: Array = values.view()
    view.flags.writeable = False
    return view


def spread_kernel() -> Callable[..., None]:
    """:func:`~yacht_edu.solver.kernels.spread`, compiled: the native kernel, else numba's
    (numba must be installed then)."""
    if backend() == "native":
        return native.spread
    return _numba_spread()


@functools.cache
def _numba_spread() -> Callable[..., None]:
    from yacht_edu.solver import kernels

    spread: Callable[..., None] = kernels.compile_entry(kernels.spread, kernels.SPREAD_TYPES)
    return spread
