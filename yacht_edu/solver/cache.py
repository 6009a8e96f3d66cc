"""Solved tables saved on disk, so a rule set is solved once per machine — or once per class.

A file holds numpy arrays and a small JSON header: the solver-format version, the rule set,
a fingerprint of every number the solver read from the model, and a SHA-256 checksum of the
arrays.  Tables are read from a list of directories, in order:

1. the shared, read-only ones a teacher or an administrator fills with
   ``python -m yacht_edu.solver warm --cache DIR``: every directory in ``$YACHT_EDU_SHARED_CACHE``
   (separated by ``os.pathsep``, ``:`` on Linux), then the system location
   ``<sys.prefix>/share/yacht_edu/cache`` (the environment the package is installed in);
2. the learner's own: ``$YACHT_EDU_CACHE`` if set, else ``$XDG_CACHE_HOME/yacht_edu``, else
   ``~/.cache/yacht_edu``.

A table is only ever written to the learner's own directory.  A file that cannot be read — for
whatever reason — or whose checksum fails is *corrupt*; one whose version, rules or fingerprint
differ is *stale*.  Either is skipped with a :class:`CacheWarning`, and when no directory holds a
good table the caller solves again and writes it to the learner's directory.  Files are written
to a temporary name in the same directory and renamed, so a reader (or a second kernel solving
the same table at the same moment) never sees half a file; a temporary file a killed process
left is removed at the next save in that directory, once it is ten minutes old.  Tables are
readable by everyone (``0644``, directories ``0755``): a class cache is shared; a learner's own
stays private as long as their home folder is.

:func:`kept` is the one way a solved table is fetched: from memory (this session), else from a
file here (or the tables shipped in the package), else solved now and saved; :func:`clear_memory`
forgets what memory holds.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import sys
import tempfile
import threading
import time
import warnings
import zipfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any, TypeVar

import numpy as np
import numpy.typing as npt

from yacht_edu.i18n import t
from yacht_edu.rules import Rules
from yacht_edu.solver.states import box_rows

#: Bump when the meaning or layout of the saved arrays changes: older files become stale.
SOLVER_FORMAT = 3

#: The shared directory an administrator fills for everyone using this Python environment.
SYSTEM_CACHE = Path(sys.prefix) / "share" / "yacht_edu" / "cache"

FILE_MODE = 0o644
DIR_MODE = 0o755

#: The most arrays a table file holds, its header included (a solver table has at most nine).
MOST_ARRAYS = 16

Arrays = Mapping[str, npt.NDArray[Any]]
#: The arrays a caller knows a table holds: each one's shape and type.
Layout = Mapping[str, tuple[tuple[int, ...], type[np.generic]]]

_only: Path | None = None
#: The folders a table could not be written to, each warned about once a session.
_unwritable: set[Path] = set()


class CacheWarning(UserWarning):
    """A saved table was skipped (corrupt or stale) and the table is solved again, or a table
    could not be saved (said once a session for each folder)."""


def cache_dir() -> Path:
    """The learner's own, writable directory (see the module's documentation)."""
    if _only is not None:
        return _only
    chosen = os.environ.get("YACHT_EDU_CACHE")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "yacht_edu"


def shared_dirs() -> list[Path]:
    """The shared, read-only directories, first ``$YACHT_EDU_SHARED_CACHE``'s, then the system's."""
    if _only is not None:
        return []
    listed = os.environ.get("YACHT_EDU_SHARED_CACHE", "").split(os.pathsep)
    return [Path(folder) for folder in listed if folder] + [SYSTEM_CACHE]


def search_path() -> list[Path]:
    """Every directory a table is read from, in order: the shared ones, then the learner's."""
    return [*shared_dirs(), cache_dir()]


@contextlib.contextmanager
def only(folder: Path) -> Iterator[None]:
    """Read and write tables in ``folder`` alone (what ``warm --cache DIR`` does)."""
    global _only
    before, _only = _only, Path(folder)
    try:
        yield
    finally:
        _only = before


def rules_key(rules: Rules) -> str:
    """The rule set and its options as plain text, the same however the values were spelled.

    >>> import numpy as np
    >>> from yacht_edu.rules import get_rules
    >>> rules_key(get_rules(np.str_("yacht"))) == rules_key(get_rules("yacht")) == "yacht"
    True
    >>> rules_key(get_rules("yahtzee", joker=np.str_("free")))
    'yahtzee-joker_free-upper_first_False'
    """
    variant = "".join(f"-{key}_{_plain(value)}" for key, value in rules.variant.items())
    return f"{_plain(rules.name)}{variant}"


def _plain(value: object) -> object:
    """A numpy scalar as the Python value it holds (``np.str_("a")`` → ``"a"``)."""
    return value.item() if isinstance(value, np.generic) else value


def table_path(rules: Rules, kind: str) -> Path:
    """Where one kind of table (``"float"``, ``"exact"``) of one rule set is written."""
    return cache_dir() / f"{rules_key(rules)}-{kind}-v{SOLVER_FORMAT}.npz"


def arrays_checksum(arrays: Arrays) -> str:
    """SHA-256 of the arrays' names, types, shapes and contents."""
    digest = hashlib.sha256()
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}:{array.dtype.str}:{array.shape};".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


def header(rules: Rules, kind: str, fingerprint: bytes) -> dict[str, object]:
    """What a file must say about itself to be used: the ``stamp`` :func:`save` writes into its
    header and :func:`read` compares.

    The rule set is written as ``repr(rules)`` would write it with plain Python values, so
    tables saved before numpy spellings were normalised stay valid.

    >>> import numpy as np
    >>> from yacht_edu.rules import get_rules
    >>> header(get_rules(np.str_("yacht")), "float", b"")["rules"]
    "Rules('yacht')"
    """
    variant = "".join(f", {key}={_plain(value)!r}" for key, value in rules.variant.items())
    return {"format": SOLVER_FORMAT, "rules": f"Rules({str(rules.name)!r}{variant})",
            "kind": kind, "fingerprint": hashlib.sha256(fingerprint).hexdigest()}


# -- writing ---------------------------------------------------------------------------------

def save(path: Path, arrays: Arrays, stamp: Mapping[str, object]) -> bool:
    """Write ``arrays`` and their header atomically; False if the directory is not writable."""
    meta = {**stamp, "checksum": arrays_checksum(arrays)}
    encoded = np.frombuffer(json.dumps(meta, sort_keys=True).encode(), dtype=np.uint8)
    try:
        make_dirs(path.parent)
        sweep_stale(path.parent)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as file:
                os.fchmod(file.fileno(), FILE_MODE)
                np.savez(file, meta=encoded, **arrays)  # type: ignore[arg-type]
            os.replace(temporary, path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
    except OSError as error:
        unwritable(path.parent, error)
        return False
    return True


#: Seconds after which a temporary file of a save is taken to be left by a killed process.
STALE_SECONDS = 600


def sweep_stale(folder: Path) -> None:
    """Remove the temporary files of saves that a killed process left in ``folder`` (older
    than :data:`STALE_SECONDS`: a save still being written is younger)."""
    now = time.time()
    for leftover in folder.glob("*.npz*.tmp"):
        with contextlib.suppress(OSError):
            if now - leftover.lstat().st_mtime > STALE_SECONDS:
                leftover.unlink()


def unwritable(folder: Path, error: OSError) -> None:
    """Say once a session that tables cannot be saved in ``folder`` (each session then solves
    them again): a :class:`CacheWarning`."""
    if folder in _unwritable:
        return
    _unwritable.add(folder)
    reason = error.strerror or str(error) or type(error).__name__
    warnings.warn(t("cache.unwritable", where=str(folder), reason=reason), CacheWarning,
                  stacklevel=3)


def make_dirs(folder: Path) -> None:
    """Create ``folder`` and its missing parents, each readable by everyone (``0755``)."""
    missing = []
    while not folder.is_dir():
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    for each in reversed(missing):
        with contextlib.suppress(FileExistsError):  # another kernel made it a moment ago
            each.mkdir()
            each.chmod(DIR_MODE)


# -- reading ---------------------------------------------------------------------------------

class Refused(Exception):  # noqa: N818 - a reason, not an error anyone sees
    """Why a file on disk was not used: ``"corrupt"``, ``"stale"`` or ``"unreadable"``."""


def load(path: Path, stamp: Mapping[str, object],
         layout: Layout | None = None) -> dict[str, npt.NDArray[Any]] | None:
    """The arrays of the table that ``path`` names, or None when no directory holds a good one.

    ``path`` is where the table is written (:func:`table_path`); the shared directories are
    read first, the learner's last.  A corrupt or stale file is skipped with a warning; so is
    one whose arrays do not have the shapes and types of ``layout`` (name -> (shape, type)).
    """
    for folder in [*shared_dirs(), path.parent]:
        candidate = folder / path.name
        try:
            return read(candidate, stamp, layout)
        except FileNotFoundError:
            continue
        except Refused as reason:
            shared = "_shared" if folder != path.parent else ""
            warnings.warn(t(f"cache.{reason}{shared}", path=str(candidate),
                            where=str(path.parent)), CacheWarning, stacklevel=2)
    return None


def read(path: Path, stamp: Mapping[str, object],
         layout: Layout | None = None) -> dict[str, npt.NDArray[Any]]:
    """The arrays saved at ``path``; :class:`Refused` if unreadable (permissions), corrupt or
    stale.

    Any failure to read the file counts as corrupt: a flipped byte can surface as nearly any
    exception from zipfile, numpy or json.  Before any array is read, what the file declares
    is checked (:func:`check_declared`), so a damaged file cannot make the package allocate
    more memory than the file's own size.
    """
    if not path.is_file():
        raise FileNotFoundError(path)
    try:
        file = path.open("rb")
    except PermissionError as error:
        raise Refused("unreadable") from error
    try:
        with file:
            check_declared(file, os.fstat(file.fileno()).st_size, layout or {})
            file.seek(0)
            with np.load(file, allow_pickle=False) as saved:
                meta = json.loads(saved["meta"].tobytes().decode())
                arrays = {name: saved[name] for name in saved.files if name != "meta"}
    except Refused:
        raise
    except Exception as error:
        raise Refused("corrupt") from error
    if not isinstance(meta, dict) or meta.get("checksum") != arrays_checksum(arrays):
        raise Refused("corrupt")
    if any(meta.get(key) != value for key, value in stamp.items()):
        raise Refused("stale")
    return arrays


def check_declared(file: IO[bytes], size: int, layout: Layout) -> None:
    """:class:`Refused` unless the arrays of a table file, as their headers declare them, are
    what a table can be: at most :data:`MOST_ARRAYS`, of plain types, together no larger than
    the file (tables are stored uncompressed, so a larger array is a forged header), each array
    of ``layout`` there with its shape and type.  Only the headers are read."""
    with zipfile.ZipFile(file) as archive:
        members = archive.infolist()
        if len(members) > MOST_ARRAYS:
            raise Refused("corrupt")
        found = {}
        for member in members:
            with archive.open(member) as stream:
                found[member.filename.removesuffix(".npy")] = declared(stream)
    total = sum(math.prod(shape) * dtype.itemsize for shape, dtype in found.values())
    wanted = {name: (shape, np.dtype(kind)) for name, (shape, kind) in layout.items()}
    if total > size or any(found.get(name) != each for name, each in wanted.items()):
        raise Refused("corrupt")


def declared(stream: IO[bytes]) -> tuple[tuple[int, ...], np.dtype[Any]]:
    """The shape and type an array's header in a ``.npy`` stream declares (nothing else read)."""
    version = np.lib.format.read_magic(stream)
    if version == (1, 0):
        shape, _, dtype = np.lib.format.read_array_header_1_0(stream)
    elif version == (2, 0):
        shape, _, dtype = np.lib.format.read_array_header_2_0(stream)
    else:
        raise Refused("corrupt")
    if dtype.hasobject or any(n < 0 for n in shape):
        raise Refused("corrupt")
    return tuple(shape), dtype


# -- in memory, on disk, or solved now -------------------------------------------------------

Solved = TypeVar("Solved")

#: Held while a table is fetched, so two threads asking for the same table solve it once.
lock = threading.RLock()
#: Every memory table :func:`memory` made: what :func:`clear_memory` empties.
_memories: list[dict[Any, Any]] = []


def memory() -> dict[Any, Any]:
    """A new table of solved things kept for the session, emptied by :func:`clear_memory`."""
    made: dict[Any, Any] = {}
    _memories.append(made)
    return made


def clear_memory() -> None:
    """Forget the tables kept in memory (the files in the cache directory stay)."""
    with lock:
        for kept_here in _memories:
            kept_here.clear()


def kept(remembered: dict[Rules, Solved], rules: Rules, kind: str, *, solve: Callable[[], Solved],
         arrays: Callable[[Solved], Arrays], read: Callable[[Arrays], Solved | None],
         layout: Layout | None = None, shipped: Callable[[], Arrays | None] | None = None,
         use_cache: bool = True) -> Solved:
    """One kind of solved table of a rule set: from ``remembered`` (made by :func:`memory`),
    else from its file (:func:`load`; else the ``shipped`` arrays, saved as if solved), else
    solved now by ``solve()`` and saved.

    ``read`` makes the table from a file's arrays (None: they do not make one, solve again);
    ``arrays`` gives a table's arrays to save.  ``use_cache=False`` solves and neither reads nor
    writes memory or the cache directory.
    """
    with lock:
        if use_cache and rules in remembered:
            return remembered[rules]
        stamp = header(rules, kind, box_rows(rules).fingerprint())
        path = table_path(rules, kind)
        found = _read_saved(path, stamp, layout, read, shipped) if use_cache else None
        if found is None:
            found = solve()
            if use_cache:
                save(path, arrays(found), stamp)
        if use_cache:
            remembered[rules] = found
        return found


def _read_saved(path: Path, stamp: Mapping[str, object], layout: Layout | None,
                read: Callable[[Arrays], Solved | None],
                shipped: Callable[[], Arrays | None] | None) -> Solved | None:
    saved: Arrays | None = load(path, stamp, layout)
    if saved is None and shipped is not None:
        saved = shipped()
        if saved is not None:
            save(path, saved, stamp)
    return None if saved is None else read(saved)
