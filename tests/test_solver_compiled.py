"""The compiled chunk, both of them (the native kernels the wheel carries, numba's when numba is
installed), against the numpy solve it stands in for: the same values, bit for bit, state by
state; and the numpy path when it is turned off or neither is here.

numba is in the ``test`` extra and CI has a C compiler (the native kernels: hatch_build.py), so
these run wherever the tests do; the package itself needs neither."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from yacht_edu import get_rules
from yacht_edu.rules import Rules
from yacht_edu.solver import compiled, native, solve
from yacht_edu.solver.backward import hand_worth
from yacht_edu.solver.states import StateSpace, box_rows
from yacht_edu.solver.turn import plan_turn

#: The compiled paths: the native kernels (``YACHT_EDU_COMPILED=1``, the default, where the wheel
#: has them) and numba's (``YACHT_EDU_COMPILED=numba``).
BACKENDS = ["native", "numba"]


def use(backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run the solver on ``backend`` (numba's compiled for Yacht's few states too)."""
    if backend == "numba":
        pytest.importorskip("numba", reason="numba's path needs numba (the test extra has it)")
    monkeypatch.setenv("YACHT_EDU_COMPILED", "1" if backend == "native" else "numba")
    monkeypatch.setattr(compiled, "COMPILE_FROM", 0)
    assert compiled.backend() == backend


def _both(monkeypatch: pytest.MonkeyPatch, rules: str, backend: str) -> tuple[object, object]:
    monkeypatch.setenv("YACHT_EDU_COMPILED", "0")
    reference = solve(rules, use_cache=False, workers=1)
    use(backend, monkeypatch)
    return reference, solve(rules, use_cache=False, workers=1)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("rules", ["yacht", "yacht_sum4",
                                   pytest.param("yahtzee", marks=pytest.mark.slow)])
def test_the_compiled_solve_is_the_numpy_solve_bit_for_bit(monkeypatch: pytest.MonkeyPatch,
                                                          rules: str, backend: str) -> None:
    # Every state of every layer.  (A chunk of one state, as the empty card's, is worked out in
    # numpy on both paths: there numpy's einsum adds the 252 hands of a single column in
    # another order than the compiled loop, 2.8e-14 of a point apart.)
    reference, fast = _both(monkeypatch, rules, backend)
    for name in ("mean", "mean_square"):
        assert np.array_equal(getattr(fast, name), getattr(reference, name), equal_nan=True)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("filled", [2, 6, 10, 12])
def test_a_compiled_yahtzee_chunk_is_the_numpy_chunk(filled: int, backend: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # Chunks of 64 states of a layer (the joker, the bonus and the upper subtotal all in
    # play), worked out by both paths from the same solved table.
    rules = "yahtzee"
    use(backend, monkeypatch)
    table, rows = solve(rules), box_rows(rules)
    kernel = compiled.chunk_kernel()
    solved = StateSpace.of(rules).layer(filled).solved
    for start in (0, len(solved) // 2, max(len(solved) - 64, 0)):
        states = solved[start:start + 64]
        worth, squares, _ = hand_worth(rows, states, table.mean, table.mean_square, local=True)
        plan = plan_turn((worth, squares), None, 3)
        mean, mean_square = kernel(rows, states, table.mean, table.mean_square)
        assert np.array_equal(mean, plan.worth[0]) and np.array_equal(mean_square, plan.worth[1])


VARIANTS = [get_rules("yacht"), get_rules("yacht_sum4"),
            *(get_rules("yahtzee", joker=joker, upper_first=first)
              for joker in ("forced", "free", "none") for first in (False, True))]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("rules", VARIANTS, ids=[rules.label("en") for rules in VARIANTS])
def test_every_rule_set_chooses_as_numpy_from_any_values(rules: Rules, backend: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # The compiled chunk reads the rows each box offers from the same tables as numpy's
    # in_states: every layer, three chunks each, from made-up values of the next states (the
    # arithmetic is the same whatever the values), and the choices as well as the worth.
    use(backend, monkeypatch)
    rng = np.random.default_rng(7)
    space, rows = StateSpace.of(rules), box_rows(rules)
    mean = rng.random(space.size) * 300
    mean_square = mean * mean + rng.random(space.size) * 900
    kernel = compiled.chunk_kernel()
    for filled in range(space.number_of_boxes):
        solved = space.layer(filled).solved
        for start in sorted({0, len(solved) // 2, max(len(solved) - 64, 0)}):
            states = solved[start:start + 64]
            worth, squares, row = hand_worth(rows, states, mean, mean_square)
            plan = plan_turn((worth, squares), row, rules.rolls)
            choices: list[npt.NDArray[np.intp]] = []
            found = kernel(rows, states, mean, mean_square, choices)
            assert np.array_equal(found[0], plan.worth[0])
            assert np.array_equal(found[1], plan.worth[1])
            assert np.array_equal(choices[0], plan.box_row)
            for to_come, keep in enumerate(plan.keeps, start=1):
                assert np.array_equal(choices[to_come], keep)


def test_turned_off_the_numpy_path_runs() -> None:
    code = ("import sys; from yacht_edu.solver import compiled, solve; "
            "solve('yacht', use_cache=False); "
            "print(compiled.enabled(), 'numba' in sys.modules)")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, env={"YACHT_EDU_COMPILED": "0", "PATH": ""})
    assert found.stdout.split() == ["False", "False"]


def test_compiled_ahead_the_kernels_are_kept_in_numbas_folder(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # What python -m yacht_edu.solver warm does where numba's path runs: the chunk and the
    # spread of the final scores compiled (or loaded), numba's index of each in the folder.
    # With the native kernels there is nothing to compile.
    use("native", monkeypatch)
    assert compiled.compile_ahead() is None
    use("numba", monkeypatch)
    from yacht_edu.solver import kernels

    folder = compiled.compile_ahead()
    assert folder and folder == kernels.FOLDER
    kept = {path.name.split("-")[0] for path in Path(folder).glob("kernels.*.nbi")}
    assert kept == {"kernels.chunk", "kernels.spread"}


def test_where_numba_can_keep_nothing_the_chunk_is_compiled_in_memory() -> None:
    # A read-only install without a writable home: numba finds no folder for its cache and
    # refuses cache=True.  Here no locator finds one; the solve compiles in memory and
    # gives the numpy solve's numbers.
    code = ("import numba.core.caching as caching; "
            "impl = getattr(caching, 'CacheImpl', None) or caching._CacheImpl; "
            "impl._locator_classes = []; "
            "from yacht_edu.solver import compiled, kernels, solve; "
            "compiled.COMPILE_FROM = 0; "
            "print(kernels.CACHED, compiled.compile_ahead() == '', "
            "repr(solve('yacht', use_cache=False).expected().mean))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, env={**os.environ, "YACHT_EDU_COMPILED": "numba"})
    reference = repr(solve("yacht", use_cache=False).expected().mean)
    assert found.stdout.split() == ["False", "True", reference]


def test_a_small_solve_runs_in_numpy_without_loading_numba() -> None:
    pytest.importorskip("numba", reason="numba's path needs numba (the test extra has it)")
    # Importing numba and loading the chunk cost more than numpy needs for Yacht's 4,096 states
    # (compiled.COMPILE_FROM); Yahtzee's solve, its decision table and its final scores run
    # compiled (the tests above force the compiled path for Yacht).
    code = ("import sys; from yacht_edu.solver import compiled, solve; "
            "from yacht_edu.strategies import simulate; "
            "solve('yacht', use_cache=False); simulate('optimal', 'yacht', games=100, seed=1); "
            "print('numba' in sys.modules, compiled.worth_it(4096), 'numba' in sys.modules, "
            "compiled.worth_it(compiled.COMPILE_FROM))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, env={**os.environ, "YACHT_EDU_COMPILED": "numba"})
    assert found.stdout.split() == ["False", "False", "False", "True"]


def test_the_native_kernels_run_for_any_size_and_never_load_numba() -> None:
    # Nothing to compile or load: Yacht's solve and games run native too, numba untouched.
    code = ("import sys; from yacht_edu.solver import compiled, solve; "
            "from yacht_edu.strategies import simulate; "
            "solve('yacht', use_cache=False); simulate('optimal', 'yacht', games=100, seed=1); "
            "print(compiled.backend(), compiled.worth_it(4096), 'numba' in sys.modules)")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, env={**os.environ, "YACHT_EDU_COMPILED": "1"})
    assert found.stdout.split() == ["native", "True", "False"]


def test_the_native_kernels_are_here_where_a_c_compiler_is() -> None:
    # The editable install (the README's commands) built them with the platform's compiler;
    # CI installs one (.ci/run), so there they must be here.
    assert native.available() or not (os.environ.get("CI") or shutil.which("cc")), (
        "no native kernels: pip install -e . builds them (hatch_build.py says why not)")


def test_a_library_built_from_another_source_is_not_loaded(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # An editable install whose native.c changed since it was built: the solver does not call
    # the old code with the new tables; it uses numba or numpy until the next install.
    if shutil.which("cc") is None:
        pytest.skip("no C compiler to build the stale library with")
    import hatch_build

    changed = tmp_path / "native.c"
    changed.write_text(native.SOURCE.read_text() + "/* changed */\n")
    shutil.copy(native.SOURCE.with_suffix(".py"), tmp_path / "native.py")
    assert hatch_build.build_library(changed, tmp_path / "_native.so") == ""
    monkeypatch.setattr(native, "LIBRARY", tmp_path / "_native.so")
    native.library.cache_clear()
    try:
        assert native.library() is None and compiled.backend() != "native"
        monkeypatch.setattr(native, "SOURCE", changed)  # its own source: loaded
        native.library.cache_clear()
        assert native.library() is not None
    finally:
        native.library.cache_clear()


def test_a_source_that_does_not_compile_leaves_no_library_and_says_why(tmp_path: Path) -> None:
    # The wheel's build then makes a pure-Python wheel and prints this (hatch_build.py).
    if shutil.which("cc") is None:
        pytest.skip("no C compiler here: the build's message is about the missing compiler")
    import hatch_build

    broken = tmp_path / "native.c"
    broken.write_text("int yacht_chunk( {\n")
    shutil.copy(native.SOURCE.with_suffix(".py"), tmp_path / "native.py")
    said = hatch_build.build_library(broken, tmp_path / "_native.so")
    assert "error" in said and str(broken) in said
    assert not (tmp_path / "_native.so").exists()


def test_the_build_for_any_processor_gives_the_same_numbers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The library built once, for the platform's baseline (as where target_clones is not
    # available: hatch_build.py's second try), solves as numpy does, bit for bit.
    if shutil.which("cc") is None:
        pytest.skip("no C compiler to build the library with")
    import hatch_build

    monkeypatch.setattr(hatch_build, "FLAGS", [*hatch_build.FLAGS, "-DYACHT_NO_CLONES"])
    assert hatch_build.build_library(native.SOURCE, tmp_path / "_native.so") == ""
    monkeypatch.setattr(native, "LIBRARY", tmp_path / "_native.so")
    native.library.cache_clear()
    compiled._native_tables.cache_clear()
    try:
        reference, fast = _both(monkeypatch, "yacht_sum4", "native")
        for name in ("mean", "mean_square"):
            assert np.array_equal(getattr(fast, name), getattr(reference, name), equal_nan=True)
    finally:
        native.library.cache_clear()
        compiled._native_tables.cache_clear()


@pytest.mark.parametrize("backend", BACKENDS)
def test_values_of_another_type_are_refused_not_misread(backend: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # C reads an array as it is given: values in float32, or every other one of a larger
    # array, are refused as numba refuses them, before anything is read.
    use(backend, monkeypatch)
    rules = "yacht"
    space, rows = StateSpace.of(rules), box_rows(rules)
    mean = np.zeros(space.size)
    states = space.layer(11).solved[:8]
    kernel = compiled.chunk_kernel()
    for wrong in (mean.astype(np.float32), np.zeros(2 * space.size)[::2]):
        with pytest.raises(TypeError):
            kernel(rows, states, wrong, mean)
    worth, squares, _ = hand_worth(rows, states, mean, mean, local=True)  # the right types
    assert np.array_equal(kernel(rows, states, mean, mean)[0],
                          plan_turn((worth, squares), None, 3).worth[0])
    spread = compiled.spread_kernel()
    one, ints = np.ones(3), np.zeros(1, dtype=np.int64)
    with pytest.raises(TypeError):
        spread(one, ints, ints + 1, np.zeros(3), ints.astype(np.int32), ints, np.ones(1))
