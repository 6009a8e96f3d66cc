"""The solver's kernels compiled ahead of time, where the wheel carries them.

``native.c`` (beside this file) holds :func:`~yacht_edu.solver.kernels.chunk` and
:func:`~yacht_edu.solver.kernels.spread` in C: the same arithmetic in the same order, so the same
numbers to the last bit (the tests compare them with numpy's).  The wheel's build compiles it
into ``_native.so`` with the platform's C compiler (``hatch_build.py``); this module finds that
library and calls it through :mod:`ctypes`.  There is nothing to compile at run time, so the
first solve after installing is as fast as every later one.

Where the wheel has no library (no compiler where it was built, or a browser's pure-Python
wheel), :func:`library` is None and :mod:`~yacht_edu.solver.compiled` uses numba or numpy.  So
does a library built from another version of ``native.c`` (an editable install whose source
changed since: ``pip install -e .`` builds it again).

This module imports no numpy at its top: the wheel's build reads :func:`source_stamp` from it.
"""

from __future__ import annotations

import ctypes
import functools
import hashlib
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from yacht_edu.solver.workers import Array

FOLDER = Path(__file__).parent
SOURCE = FOLDER / "native.c"
LIBRARY = FOLDER / "_native.so"

_pointer, _int = ctypes.c_void_p, ctypes.c_int64


def source_stamp(source: Path) -> int:
    """The first 60 bits of the source's SHA-256: the build passes it into the library, which
    gives it back (``yacht_source_stamp``)."""
    return int(hashlib.sha256(source.read_bytes()).hexdigest()[:15], 16)


@functools.cache
def library() -> ctypes.CDLL | None:
    """The compiled kernels, or None where there are none (or none built from this source)."""
    if not LIBRARY.is_file():
        return None
    try:
        found = ctypes.CDLL(str(LIBRARY))
    except OSError:  # another platform's library, or a damaged one
        return None
    found.yacht_source_stamp.restype = _int
    if SOURCE.is_file() and found.yacht_source_stamp() != source_stamp(SOURCE):
        return None
    found.yacht_chunk.restype = ctypes.c_int
    found.yacht_chunk.argtypes = [_int, *[_pointer] * 3, *[_int] * 3, *[_pointer] * 14,
                                  *[_int] * 3, _pointer, _pointer, _int, _pointer, _int,
                                  _pointer]
    found.yacht_spread.restype = None
    found.yacht_spread.argtypes = [_int, *[_pointer] * 7]
    return found


def available() -> bool:
    """Whether the compiled-ahead kernels are here."""
    return library() is not None


@functools.cache
def _constants() -> tuple[int, int, int]:
    from yacht_edu.solver.states import UPPER_BOXES
    from yacht_edu.solver.turn import BLOCKS, TAG_BITS

    return BLOCKS[5].start, UPPER_BOXES, (1 << TAG_BITS) - 1


#: What C reads each array as: numpy's kind and size of an item.
INT64, FLOAT64, BOOL = ("i", 8), ("f", 8), ("b", 1)
#: The tables a :class:`Chunk` keeps, in order (``box_start`` to ``parents``).
TABLE_KINDS = (INT64, INT64, BOOL, INT64, INT64, INT64, INT64, BOOL, INT64, INT64, INT64,
               INT64, INT64, INT64)


def _at(array: Array, kind: tuple[str, int]) -> int:
    """The address of ``array``'s first item, once it is known to hold ``kind`` in a row: C
    reads what it is given as it is, so anything else is refused here, as numba refuses it."""
    if (array.dtype.kind, array.dtype.itemsize) != kind or not array.flags.c_contiguous:
        raise TypeError(f"the solver's native kernels take C-contiguous arrays of "
                        f"{kind[0]}{kind[1]}, not {array.dtype} (contiguous: "
                        f"{array.flags.c_contiguous})")
    address: int = array.ctypes.data
    return address


class Chunk:
    """:func:`~yacht_edu.solver.kernels.chunk` for one rule set: made from the tables that stay
    (``box_start`` to ``parents``, as :func:`~yacht_edu.solver.kernels.chunk` takes them; their
    addresses read once), called with those that change from chunk to chunk."""

    def __init__(self, *tables: Array) -> None:
        self.tables = tables  # kept alive while their addresses are used
        self.addresses = tuple(_at(table, kind)
                               for table, kind in zip(tables, TABLE_KINDS, strict=True))
        row_of, row_face = tables[1], tables[3]
        self.sizes = (*row_of.shape, len(row_face))  # boxes, hands, score rows

    def __call__(self, states: Array, mean: Array, mean_square: Array, worth: Array,
                 squares: Array, tags: Array, chosen: Array) -> None:
        """Every array C-contiguous, of the types
        :data:`~yacht_edu.solver.kernels.CHUNK_TYPES` names (else :class:`TypeError`)."""
        found = library()
        assert found is not None, "no compiled-ahead kernels: ask available() first"
        failed = found.yacht_chunk(
            len(states), _at(states, INT64), _at(mean, FLOAT64), _at(mean_square, FLOAT64),
            *self.sizes, *self.addresses, *_constants(), _at(worth, FLOAT64),
            _at(squares, FLOAT64), len(tags), _at(tags, INT64), len(chosen), _at(chosen, INT64))
        if failed:
            raise MemoryError("the solver's chunk found no memory for its work")


def spread(source: Array, source_start: Array, source_length: Array, target: Array,
           from_state: Array, target_at: Array, chance: Array) -> None:
    """:func:`~yacht_edu.solver.kernels.spread`, argument for argument (each C-contiguous, of
    the types :data:`~yacht_edu.solver.kernels.SPREAD_TYPES` names, else :class:`TypeError`)."""
    found = library()
    assert found is not None, "no compiled-ahead kernels: ask available() first"
    found.yacht_spread(len(chance), _at(source, FLOAT64), _at(source_start, INT64),
                       _at(source_length, INT64), _at(target, FLOAT64), _at(from_state, INT64),
                       _at(target_at, INT64), _at(chance, FLOAT64))
