"""The cache of solved tables: saved once, reloaded, and rebuilt when corrupt or stale.

Every test works in its own temporary cache directory (``YACHT_EDU_CACHE``) and counts the
solves by wrapping the solver's backward induction.
"""

from __future__ import annotations

import json
import os
import warnings
from pathlib import Path
from typing import ClassVar

import numpy as np
import pytest

from yacht_edu import get_rules, shipped
from yacht_edu.i18n import t
from yacht_edu.rules import Rules
from yacht_edu.solver import cache, exact_solution, solve
from yacht_edu.solver.backward import OptimalTable
from yacht_edu.solver.cache import clear_memory
from yacht_edu.solver.states import box_rows

YACHT = get_rules("yacht")


def reload() -> OptimalTable:
    clear_memory()  # as in a new Python session
    return solve(YACHT)


def test_solved_once_then_loaded(own_cache: Path, solves: list[str]) -> None:
    first = solve(YACHT)
    path = cache.table_path(YACHT, "float")
    assert path.exists() and path.parent == own_cache
    again = reload()
    assert solves == ["yacht"]
    assert np.array_equal(first.mean, again.mean) and np.array_equal(first.mean_square,
                                                                      again.mean_square)
    assert not [p for p in own_cache.iterdir() if p.suffix == ".tmp"]  # no half-written file
    with np.load(path) as saved:
        assert sorted(saved.files) == ["mean", "mean_square", "meta"]


def test_a_corrupt_file_is_rebuilt(own_cache: Path, solves: list[str]) -> None:
    first = solve(YACHT)
    path = cache.table_path(YACHT, "float")
    path.write_bytes(path.read_bytes()[:1000])  # cut short
    with pytest.warns(cache.CacheWarning, match="damaged"):
        again = reload()
    assert solves == ["yacht", "yacht"] and np.array_equal(first.mean, again.mean)
    reload()
    assert solves == ["yacht", "yacht"]  # the rebuilt file is good


def test_a_file_whose_numbers_changed_is_rebuilt(own_cache: Path, solves: list[str]) -> None:
    solve(YACHT)
    path = cache.table_path(YACHT, "float")
    with np.load(path) as saved:
        arrays = {name: saved[name].copy() for name in saved.files}
    arrays["mean"][0] += 1.0  # one value altered, header (and its checksum) untouched
    with path.open("wb") as file:
        np.savez(file, **arrays)
    with pytest.warns(cache.CacheWarning, match="damaged"):
        assert reload().expected().mean == pytest.approx(166.955, abs=1e-3)
    assert solves == ["yacht", "yacht"]


@pytest.mark.parametrize("field", ["format", "fingerprint", "rules"])
def test_a_stale_file_is_rebuilt(own_cache: Path, solves: list[str], field: str) -> None:
    solve(YACHT)
    path = cache.table_path(YACHT, "float")
    with np.load(path) as saved:
        arrays = {name: saved[name].copy() for name in saved.files}
    meta = json.loads(arrays.pop("meta").tobytes())
    meta[field] = {"format": cache.SOLVER_FORMAT - 1, "fingerprint": "0" * 64,
                   "rules": repr(get_rules("yacht_sum4"))}[field]
    # The checksum still fits the arrays: only the header says the file is out of date.
    cache.save(path, arrays, {k: v for k, v in meta.items() if k != "checksum"})
    with pytest.warns(cache.CacheWarning, match="another version"):
        reload()
    assert solves == ["yacht", "yacht"]


def test_a_file_of_the_wrong_shape_is_rebuilt(own_cache: Path, solves: list[str]) -> None:
    rules = get_rules("yacht_sum4")
    expected = cache.header(rules, "float", box_rows(rules).fingerprint())
    cache.save(cache.table_path(rules, "float"),
               {"mean": np.zeros(3), "mean_square": np.zeros(3)}, expected)
    with pytest.warns(cache.CacheWarning, match="damaged"):  # refused before it is read
        assert solve(rules).mean.shape == (4096,)
    assert solves == ["yacht_sum4"]


def test_an_interrupted_write_leaves_the_old_file(own_cache: Path, solves: list[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    solve(YACHT)
    path = cache.table_path(YACHT, "float")
    before = path.read_bytes()

    def crash(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(np, "savez", crash)  # the numpy the cache calls
    with pytest.warns(cache.CacheWarning, match="disk full"):
        assert cache.save(path, {"mean": np.zeros(2)}, {"format": 1}) is False
    assert path.read_bytes() == before
    assert sorted(p.name for p in own_cache.iterdir()) == [path.name]


def test_an_unwritable_cache_still_solves_and_says_so_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, solves: list[str]) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("a file where the cache directory should be")
    monkeypatch.setenv("YACHT_EDU_CACHE", str(blocker))
    monkeypatch.setattr(shipped, "FOLDER", tmp_path / "no-shipped-tables")  # solved, not read
    clear_memory()
    with pytest.warns(cache.CacheWarning) as said:
        assert solve(YACHT).expected().mean == pytest.approx(166.955, abs=1e-3)
    assert [str(w.message) for w in said] == [t("cache.unwritable", where=str(blocker),
                                                reason=_reason(said))]
    assert str(blocker) in str(said[0].message) and "YACHT_EDU_CACHE" in str(said[0].message)
    clear_memory()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # said once a session: not again for this folder
        solve(YACHT)
        solve(get_rules("yacht_sum4"))
    assert solves == ["yacht", "yacht", "yacht_sum4"]
    clear_memory()


def _reason(said: pytest.WarningsRecorder) -> str:
    """The system's words for why the folder could not be written, as the warning gives them."""
    text = str(said[0].message)
    return text[text.index("(") + 1:text.index(")")]


@pytest.mark.slow
def test_the_exact_solution_is_cached_and_checked(own_cache: Path) -> None:
    first = exact_solution("yacht")
    path = cache.table_path(YACHT, "exact")
    clear_memory()
    again = exact_solution("yacht")
    assert list(again.mean) == list(first.mean)
    assert all(np.array_equal(a, b) for a, b in zip(again.keeps, first.keeps, strict=True))
    with np.load(path) as saved:
        assert sorted(saved.files) == ["box_row", "keep_1_to_come", "keep_2_to_come", "mean",
                                       "mean_square", "meta"]
    path.write_bytes(b"not a numpy file")
    clear_memory()
    with pytest.warns(cache.CacheWarning, match="damaged"):
        rebuilt = exact_solution("yacht")
    assert list(rebuilt.mean) == list(first.mean)


def test_the_cache_directory(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("YACHT_EDU_CACHE", str(tmp_path / "chosen"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_dir() == tmp_path / "chosen"
    monkeypatch.delenv("YACHT_EDU_CACHE")
    assert cache.cache_dir() == tmp_path / "xdg" / "yacht_edu"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.cache_dir() == tmp_path / "home" / ".cache" / "yacht_edu"


def test_files_are_named_by_rules_options_and_version() -> None:
    names = {cache.table_path(get_rules("yahtzee", joker=j, upper_first=u), "float").name
             for j in ("forced", "free", "none") for u in (False, True)}
    assert len(names) == 6
    assert cache.table_path(YACHT, "float").name == f"yacht-float-v{cache.SOLVER_FORMAT}.npz"
    assert os.sep not in "".join(names)


class Bar:
    """A stand-in for ``tqdm.auto.tqdm``: records what the solver reports."""

    made: ClassVar[list[Bar]] = []

    def __init__(self, total: int, desc: str) -> None:
        self.total, self.desc, self.done, self.closed = total, desc, 0, False
        Bar.made.append(self)

    def update(self, n: int = 1) -> None:
        self.done += n

    def close(self) -> None:
        self.closed = True


def test_a_progress_bar_sees_every_state(own_cache: Path) -> None:
    Bar.made.clear()
    solve(YACHT, progress=Bar, use_cache=False)
    (bar,) = Bar.made
    assert bar.total == bar.done == 4096 - 1 and bar.closed  # every state but the full card
    assert "Yacht" in bar.desc


def test_a_kept_table_comes_from_memory_then_its_file_then_a_solve(own_cache: Path) -> None:
    # cache.kept with a counting fake solver: each step is taken only when the one before has
    # nothing, and use_cache=False solves every time and keeps nothing.
    made: list[str] = []
    remembered: dict[Rules, np.ndarray] = cache.memory()

    def fetch(use_cache: bool = True, ship: np.ndarray | None = None) -> np.ndarray:
        def solved() -> np.ndarray:
            made.append("solved")
            return np.arange(3.0)

        def shipped_arrays() -> dict[str, np.ndarray] | None:
            made.append("shipped looked for")
            return None if ship is None else {"x": ship}

        return cache.kept(remembered, YACHT, "counting", solve=solved, use_cache=use_cache,
                          read=lambda saved: saved["x"], arrays=lambda found: {"x": found},
                          shipped=shipped_arrays)

    path = cache.table_path(YACHT, "counting")
    assert list(fetch()) == [0.0, 1.0, 2.0] and made == ["shipped looked for", "solved"]
    assert path.exists() and list(remembered) == [YACHT]
    fetch()
    assert made == ["shipped looked for", "solved"]  # from memory: no file read, no solve
    clear_memory()
    assert remembered == {}
    assert list(fetch()) == [0.0, 1.0, 2.0] and len(made) == 2  # from the file
    clear_memory()
    path.unlink()
    assert list(fetch(ship=np.array([7.0]))) == [7.0]  # the shipped arrays, saved as if solved
    assert made[2:] == ["shipped looked for"] and path.exists()
    assert list(fetch(use_cache=False)) == [0.0, 1.0, 2.0]  # solved, though memory holds one
    assert made[3:] == ["solved"] and list(remembered[YACHT]) == [7.0]
