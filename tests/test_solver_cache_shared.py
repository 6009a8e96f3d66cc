"""The class's shared cache, and a cache that never breaks the package.

A shared directory (``YACHT_EDU_SHARED_CACHE``) is read first and never written; a corrupt or
stale table in it is skipped with a warning and solved into the learner's own directory; any
failure to read a file (whatever the exception) is a corrupt table, and a file whose arrays are
larger than the file itself is refused before any is read; files are written whole (two
processes writing at once never leave a torn file) and readable by everyone.
"""

from __future__ import annotations

import io
import json
import os
import stat
import subprocess
import sys
import tokenize
import tracemalloc
import warnings
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.examples import examples
from yacht_edu import get_rules
from yacht_edu.solver import cache, solve
from yacht_edu.solver.cache import clear_memory
from yacht_edu.solver.states import box_rows
from yacht_edu.solver.warm import LESSON_TABLES, Entry, main, parse_rules, tables_of, warm

YACHT = get_rules("yacht")
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def shared(tmp_path: Path, own_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A class cache warmed with the Yacht table, then made read-only, as a teacher leaves it."""
    folder = tmp_path / "class"
    with cache.only(folder):
        solve(YACHT)
    clear_memory()
    monkeypatch.setenv("YACHT_EDU_SHARED_CACHE",
                       os.pathsep.join([str(tmp_path / "missing"), str(folder)]))
    folder.chmod(0o555)
    yield folder
    folder.chmod(0o755)


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


def test_the_search_path_lists_shared_directories_first(
        tmp_path: Path, own_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("YACHT_EDU_SHARED_CACHE", os.pathsep.join(["/srv/a", "", "/srv/b"]))
    assert cache.search_path() == [Path("/srv/a"), Path("/srv/b"), cache.SYSTEM_CACHE, own_cache]
    with cache.only(tmp_path / "x"):
        assert cache.search_path() == [tmp_path / "x"]
    assert cache.search_path()[-1] == own_cache


def test_a_shared_table_is_read_and_not_written(shared: Path, own_cache: Path,
                                                solves: list[str]) -> None:
    before = snapshot(shared)
    assert solve(YACHT).expected().mean == pytest.approx(166.9551, abs=1e-4)  # README's figure
    assert solves == []  # loaded, not solved
    assert not own_cache.exists()  # nothing written to the learner's own directory either
    assert snapshot(shared) == before


def test_a_corrupt_shared_table_is_solved_into_the_learners_cache(
        shared: Path, own_cache: Path, solves: list[str]) -> None:
    table = shared / cache.table_path(YACHT, "float").name
    shared.chmod(0o755)
    table.write_bytes(table.read_bytes()[:5000])  # cut short
    shared.chmod(0o555)
    before = snapshot(shared)
    with pytest.warns(cache.CacheWarning, match="shared table .* damaged") as caught:
        assert solve(YACHT).expected().mean == pytest.approx(166.9551, abs=1e-4)
    assert str(own_cache) in str(caught[0].message)  # it says where the table went
    assert solves == ["yacht"]
    assert (own_cache / table.name).is_file() and snapshot(shared) == before
    clear_memory()  # a new session: the shared file still warns, the learner's own is used
    with pytest.warns(cache.CacheWarning):
        solve(YACHT)
    assert solves == ["yacht"]


def test_a_shared_table_the_learner_may_not_read_is_skipped(
        shared: Path, own_cache: Path, solves: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    table = shared / cache.table_path(YACHT, "float").name
    opened = Path.open

    def forbidden(path: Path, *args: Any, **kwargs: Any) -> Any:
        if path == table:  # as a file written 0600 by another user is to a learner
            raise PermissionError(13, "Permission denied", str(path))
        return opened(path, *args, **kwargs)

    monkeypatch.setattr(Path, "open", forbidden)
    with pytest.warns(cache.CacheWarning, match="cannot be read.*tell your teacher"):
        solve(YACHT)
    assert solves == ["yacht"] and (own_cache / table.name).is_file()


def test_warming_again_makes_an_older_private_table_readable(tmp_path: Path, own_cache: Path,
                                                             solves: list[str]) -> None:
    folder = tmp_path / "class"
    with cache.only(folder):
        solve(YACHT)
    table = folder / cache.table_path(YACHT, "float").name
    table.chmod(0o600)  # as the package wrote them before the shared cache
    clear_memory()
    assert warm([Entry(YACHT, "float")], folder) == [table]
    assert stat.S_IMODE(table.stat().st_mode) == 0o644 and solves == ["yacht"]


def test_a_stale_shared_table_is_skipped(shared: Path, own_cache: Path, solves: list[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "SOLVER_FORMAT", cache.SOLVER_FORMAT)  # same name, new header:
    monkeypatch.setattr(cache, "header", lambda *a: {"format": -1})  # as after an upgrade
    with pytest.warns(cache.CacheWarning, match="another version"):
        solve(YACHT)
    assert solves == ["yacht"] and (own_cache / cache.table_path(YACHT, "float").name).is_file()


@pytest.mark.parametrize("failure", [
    tokenize.TokenError("EOF in multi-line statement", (1, 0)),
    NotImplementedError("zip file version 9.9"),
    RuntimeError("File 'meta.npy' is encrypted, password required for extraction"),
    MemoryError("Unable to allocate 8.00 TiB"),
    RecursionError("maximum recursion depth exceeded"),
    zipfile.BadZipFile("Bad CRC-32"),
])
def test_any_failure_to_read_is_a_corrupt_table(own_cache: Path, solves: list[str],
                                                monkeypatch: pytest.MonkeyPatch,
                                                failure: Exception) -> None:
    solve(YACHT)
    clear_memory()

    def broken(*args: object, **kwargs: object) -> object:
        raise failure

    with monkeypatch.context() as patched:
        patched.setattr(np, "load", broken)  # the numpy the cache calls
        with pytest.warns(cache.CacheWarning, match="damaged"):
            assert solve(YACHT).expected().mean == pytest.approx(166.9551, abs=1e-4)
    assert solves == ["yacht", "yacht"]
    clear_memory()
    solve(YACHT)  # the table written again is good
    assert solves == ["yacht", "yacht"]


# -- forged tables: refused by what they declare, before any array is read (issue 25) --------

def npy_header(shape: tuple[int, ...], dtype: str = "<f8") -> bytes:
    """The header of a ``.npy`` file declaring an array of ``shape`` (what numpy writes)."""
    out = io.BytesIO()
    np.lib.format.write_array_header_1_0(out, {"descr": dtype, "fortran_order": False,
                                               "shape": shape})
    return out.getvalue()


def forged(path: Path, members: dict[str, tuple[bytes, int]]) -> Path:
    """A table file of hand-made members: name -> (bytes, zip compression)."""
    with zipfile.ZipFile(path, "w") as archive:
        for name, (data, compression) in members.items():
            archive.writestr(zipfile.ZipInfo(name), data, compress_type=compression)
    return path


def meta() -> tuple[bytes, int]:
    data = np.frombuffer(json.dumps({"format": 1}).encode(), dtype=np.uint8)
    out = io.BytesIO()
    np.lib.format.write_array(out, data)
    return out.getvalue(), zipfile.ZIP_STORED


FORGERIES: dict[str, Callable[[], dict[str, tuple[bytes, int]]]] = {
    # A header declaring 400 MB over eight bytes of data: numpy allocated the whole array first.
    "a forged shape": lambda: {"meta.npy": meta(),
                               "mean.npy": (npy_header((50_000_000,)) + bytes(8),
                                            zipfile.ZIP_STORED)},
    # 64 MB of zeros compress to 64 KB: a table is stored, never compressed.
    "a compressed array": lambda: {"meta.npy": meta(),
                                   "mean.npy": (npy_header((8_000_000,)) + bytes(64_000_000),
                                                zipfile.ZIP_DEFLATED)},
    "a thousand arrays": lambda: {"meta.npy": meta(), **{
        f"a{i}.npy": (npy_header((1,)) + bytes(8), zipfile.ZIP_STORED) for i in range(1000)}},
    "a negative shape": lambda: {"meta.npy": meta(),
                                 "mean.npy": (npy_header((-1,)), zipfile.ZIP_STORED)},
}


@pytest.mark.parametrize("forgery", sorted(FORGERIES))
def test_a_forged_table_is_refused_before_its_arrays_are_read(forgery: str,
                                                              tmp_path: Path) -> None:
    path = forged(tmp_path / "table.npz", FORGERIES[forgery]())
    assert path.stat().st_size < 1_000_000
    tracemalloc.start()
    try:
        with pytest.raises(cache.Refused, match="corrupt"):
            cache.read(path, {"format": 1})
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4_000_000


def test_an_array_of_another_shape_than_the_solver_reads_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "table.npz"
    assert cache.save(path, {"mean": np.zeros(3)}, {"format": 1})
    assert cache.read(path, {"format": 1}, {"mean": ((3,), np.float64)})["mean"].shape == (3,)
    for layout in ({"mean": ((4,), np.float64)}, {"mean": ((3,), np.int16)},
                   {"mean_square": ((3,), np.float64)}):
        with pytest.raises(cache.Refused, match="corrupt"):
            cache.read(path, {"format": 1}, layout)


def test_tables_are_readable_by_everyone(own_cache: Path) -> None:
    old = os.umask(0o077)  # a learner's strict umask must not make the class cache private
    try:
        solve(YACHT)
    finally:
        os.umask(old)
    table = cache.table_path(YACHT, "float")
    assert stat.S_IMODE(table.stat().st_mode) == 0o644
    assert stat.S_IMODE(own_cache.stat().st_mode) == 0o755


def test_the_key_does_not_depend_on_how_the_rules_were_spelled(own_cache: Path,
                                                               solves: list[str]) -> None:
    solve(YACHT)
    clear_memory()
    assert solve(get_rules(np.str_("yacht"))).expected().mean == pytest.approx(166.9551, abs=1e-4)
    assert solves == ["yacht"]
    spelled = get_rules(np.str_("yacht"))
    assert cache.table_path(spelled, "float") == cache.table_path(YACHT, "float")
    free = get_rules(np.str_("yahtzee"), joker=np.str_("free"))
    assert cache.rules_key(free) == cache.rules_key(get_rules("yahtzee", joker="free"))


# -- two writers at once -------------------------------------------------------------------

WRITER = """
import sys
from pathlib import Path
import numpy as np
from yacht_edu.solver import cache
path, value = Path(sys.argv[1]), float(sys.argv[2])
arrays = {"mean": np.full(1_000_000, value)}
for _ in range(15):
    assert cache.save(path, arrays, {"format": 1})
"""


@pytest.mark.slow
def test_two_writers_never_leave_a_torn_file(tmp_path: Path) -> None:
    path = tmp_path / "table.npz"
    cache.save(path, {"mean": np.full(1_000_000, 0.0)}, {"format": 1})
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(value)], env=env)
                for value in (1.0, 2.0)]
    seen = set()
    while any(writer.poll() is None for writer in writers):
        arrays = cache.read(path, {"format": 1})  # raises Refused if ever torn
        values = set(np.unique(arrays["mean"]).tolist())
        assert len(values) == 1
        seen |= values
    assert [writer.returncode for writer in writers] == [0, 0]
    assert set(np.unique(cache.read(path, {"format": 1})["mean"]).tolist()) <= {1.0, 2.0}
    assert seen  # the reader did read while the writers wrote
    assert [p.name for p in tmp_path.iterdir()] == ["table.npz"]  # no temporary file left


@pytest.mark.slow
def test_two_kernels_solving_the_same_table_at_once(own_cache: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT), YACHT_EDU_CACHE=str(own_cache))
    code = "import yacht_edu as ye; print(ye.optimal_expected_score('yacht_sum4').mean)"
    runs = [subprocess.Popen([sys.executable, "-W", "error", "-c", code], env=env,
                             stdout=subprocess.PIPE, text=True) for _ in range(2)]
    outputs = [run.communicate(timeout=300)[0] for run in runs]
    assert [run.returncode for run in runs] == [0, 0] and outputs[0] == outputs[1]
    assert float(outputs[0]) == pytest.approx(169.7739, abs=1e-4)  # README's figure
    path = cache.table_path(get_rules("yacht_sum4"), "float")
    assert list(own_cache.iterdir()) == [path]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert cache.read(path, {"rules": "Rules('yacht_sum4')"})


# -- random damage ---------------------------------------------------------------------------

def saved_table() -> tuple[bytes, dict[str, Any], dict[str, Any]]:
    """A real solved Yacht table as bytes, its arrays and its header."""
    table = solve(YACHT, use_cache=False)
    expected = cache.header(YACHT, "float", box_rows(YACHT).fingerprint())
    arrays = {"mean": table.mean, "mean_square": table.mean_square}  # as the solver saves it
    buffer = io.BytesIO()
    folder = Path(os.environ["YACHT_EDU_CACHE"]) / "mutations"
    assert cache.save(folder / "good.npz", arrays, expected)
    buffer.write((folder / "good.npz").read_bytes())
    return buffer.getvalue(), arrays, expected


_GOOD: list[tuple[bytes, dict[str, Any], dict[str, Any]]] = []

damage = st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.integers(1, 255),
                            st.sampled_from(["flip", "cut", "insert", "delete"])),
                  min_size=1, max_size=3)


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damage)
def test_a_damaged_table_loads_the_same_or_is_refused(changes: list[Any]) -> None:
    if not _GOOD:
        _GOOD.append(saved_table())
    good, arrays, expected = _GOOD[0]
    data = bytearray(good)
    for where, byte, how in changes:
        # half the changes land in the zip and numpy headers, where a byte does most harm
        at = int(where * len(data)) if where < 0.5 else int((where - 0.5) * 2 * 300)
        at = min(at, len(data) - 1)
        if how == "flip":
            data[at] ^= byte
        elif how == "cut":
            del data[at:]
        elif how == "insert":
            data[at:at] = bytes([byte])
        else:
            del data[at]
        if not data:
            data = bytearray(b"\0")
    path = Path(os.environ["YACHT_EDU_CACHE"]) / "mutations" / "table.npz"
    path.write_bytes(bytes(data))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loaded = cache.load(path, expected)
    if loaded is None:
        assert [w.category for w in caught] == [cache.CacheWarning]
    else:
        assert not caught and loaded.keys() == arrays.keys()
        assert all(np.array_equal(loaded[k], arrays[k], equal_nan=True) for k in arrays)


# -- warm ------------------------------------------------------------------------------------

@pytest.mark.slow
def test_warm_fills_a_directory_once(tmp_path: Path, own_cache: Path, solves: list[str],
                                     capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "srv" / "cache"
    assert main(["warm", "--rules", "yacht_sum4", "--cache", str(folder), "--quiet"]) == 0
    written = [f"yacht_sum4-{kind}-v{cache.SOLVER_FORMAT}.npz"
               for kind in ("float", "exact", "distribution", "target")]
    assert sorted(p.name for p in folder.iterdir()) == sorted(written)
    assert all(stat.S_IMODE(p.stat().st_mode) == 0o644 for p in folder.iterdir())
    assert capsys.readouterr().out.split() == [str(folder / name) for name in written]
    assert not own_cache.exists()  # the learner's own directory is not touched
    done = len(solves)
    clear_memory()
    assert main(["warm", "--rules", "yacht_sum4", "--cache", str(folder), "--quiet"]) == 0
    assert len(solves) == done  # already warm: loaded, not solved


@pytest.mark.slow  # solves and writes every table: about 11 s
def test_warm_writes_tables_this_session_already_holds(tmp_path: Path, own_cache: Path) -> None:
    from yacht_edu.solver.target import solve_target

    solve("yacht", use_cache=True), solve_target("yacht")  # in memory (and the learner's cache)
    folder = tmp_path / "shared"
    assert main(["warm", "--rules", "yacht", "--cache", str(folder), "--quiet"]) == 0
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        f"yacht-{kind}-v{cache.SOLVER_FORMAT}.npz"
        for kind in ("float", "exact", "distribution", "target"))


def test_warm_into_a_directory_that_cannot_be_written(tmp_path: Path, own_cache: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    with pytest.warns(cache.CacheWarning, match="cannot be saved"):
        assert main(["warm", "--rules", "yacht", "--cache", str(blocker), "--quiet"]) == 1
    assert "Could not write" in capsys.readouterr().err


def test_the_lessons_tables() -> None:
    rule_sets = {table.rules for table in LESSON_TABLES}
    assert rule_sets == {get_rules("yacht"), get_rules("yacht_sum4"),
                         *(get_rules("yahtzee", joker=j) for j in ("forced", "free", "none"))}
    assert len(LESSON_TABLES) == 4 + 4 + 3
    assert [t.kind for t in tables_of(get_rules("yahtzee"))] == ["float"]
    assert [t.kind for t in tables_of(get_rules("yacht"))] == ["float", "exact",
                                                              "distribution", "target"]
    assert parse_rules("yacht") == YACHT
    assert parse_rules("yahtzee:upper_first=true") == get_rules("yahtzee", upper_first=True)
