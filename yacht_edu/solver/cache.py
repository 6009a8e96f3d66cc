"""Solved tables saved in the user's cache directory, so a rule set is solved once per machine.

A file holds numpy arrays and a small JSON header: the solver-format version, the rule set,
a fingerprint of every number the solver read from the model, and a SHA-256 checksum of the
arrays.  A file that cannot be read, whose checksum fails (corrupt), or whose version, rules or
fingerprint differ (stale) is ignored, and the caller solves again and overwrites it.  Files
are written to a temporary name and renamed, so a reader never sees half a file.

The directory: ``$YACHT_EDU_CACHE`` if set, else ``$XDG_CACHE_HOME/yacht_edu``, else
``~/.cache/yacht_edu``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from yacht_edu.rules import Rules

__all__ = ["SOLVER_FORMAT", "cache_dir", "checksum", "load", "save", "table_path"]

#: Bump when the meaning or layout of the saved arrays changes: older files become stale.
SOLVER_FORMAT = 1

Arrays = Mapping[str, npt.NDArray[Any]]


def cache_dir() -> Path:
    """Where solved tables are kept (see the module's documentation)."""
    chosen = os.environ.get("YACHT_EDU_CACHE")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "yacht_edu"


def table_path(rules: Rules, kind: str) -> Path:
    """The file of one kind of table (``"float"``, ``"exact"``) of one rule set."""
    options = "".join(f"-{key}_{value}" for key, value in rules.options.items())
    return cache_dir() / f"{rules.name}{options}-{kind}-v{SOLVER_FORMAT}.npz"


def checksum(arrays: Arrays) -> str:
    """SHA-256 of the arrays' names, types, shapes and contents."""
    digest = hashlib.sha256()
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}:{array.dtype.str}:{array.shape};".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


def header(rules: Rules, kind: str, fingerprint: bytes) -> dict[str, object]:
    """What a file must say about itself to be used."""
    return {"format": SOLVER_FORMAT, "rules": repr(rules), "kind": kind,
            "fingerprint": hashlib.sha256(fingerprint).hexdigest()}


def save(path: Path, arrays: Arrays, expected: Mapping[str, object]) -> bool:
    """Write ``arrays`` and their header atomically; False if the directory is not writable."""
    meta = {**expected, "checksum": checksum(arrays)}
    encoded = np.frombuffer(json.dumps(meta, sort_keys=True).encode(), dtype=np.uint8)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as file:
                np.savez(file, meta=encoded, **arrays)  # type: ignore[arg-type]
            os.replace(temporary, path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
    except OSError:
        return False
    return True


def load(path: Path, expected: Mapping[str, object]) -> dict[str, npt.NDArray[Any]] | None:
    """The arrays saved at ``path``, or None if the file is missing, corrupt or stale."""
    try:
        with np.load(path, allow_pickle=False) as saved:
            meta = json.loads(saved["meta"].tobytes().decode())
            if not isinstance(meta, dict):
                return None
            if any(meta.get(key) != value for key, value in expected.items()):
                return None  # stale: another version, rule set or model
            arrays = {name: saved[name] for name in saved.files if name != "meta"}
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile, UnicodeDecodeError):
        return None  # missing or unreadable
    if meta.get("checksum") != checksum(arrays):
        return None  # corrupt
    return arrays
