"""The package's shape: the model knows no Jupyter, the public face is there, the version."""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import zipfile
from importlib.metadata import version
from pathlib import Path

import pytest

import yacht_edu

MODEL = ["yacht_edu.dice", "yacht_edu.rules", "yacht_edu.scorecard", "yacht_edu.game",
         "yacht_edu.events", "yacht_edu.saved", "yacht_edu.checks",
         "yacht_edu.errors", "yacht_edu.i18n", "yacht_edu.custom", "yacht_edu.guard"]
#: The model without the rule designer and the saved-game format (which reads designed rules).
THE_GAME = ["yacht_edu.dice", "yacht_edu.rules", "yacht_edu.scorecard", "yacht_edu.game",
            "yacht_edu.events"]
NOT_IN_THE_MODEL = ["numpy", "sympy", "ipywidgets", "matplotlib", "IPython", "polib", "tqdm"]


def loaded_by(modules: list[str], watched: list[str]) -> list[str]:
    """Which of ``watched`` a fresh interpreter has loaded after importing ``modules``."""
    code = (f"import sys, json\nfor m in {modules!r}: __import__(m)\n"
            f"print(json.dumps(sorted(m for m in {watched!r} if m in sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return list(json.loads(out.stdout))


def test_the_model_imports_only_the_standard_library() -> None:
    assert loaded_by(MODEL, NOT_IN_THE_MODEL) == []


def package_modules_loaded_by(module: str) -> list[str]:
    """The package's modules a fresh interpreter has loaded after importing ``module`` alone:
    the package's ``__init__``, which imports the whole public face, is left out."""
    code = ("import importlib.util, json, sys, types\n"
            "package = types.ModuleType('yacht_edu')\n"
            "package.__path__ = list(importlib.util.find_spec('yacht_edu')"
            ".submodule_search_locations)\n"
            "sys.modules['yacht_edu'] = package\n"
            f"__import__({module!r})\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('yacht_edu.'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return list(json.loads(out.stdout))


@pytest.mark.parametrize("module", THE_GAME)
def test_the_game_does_not_import_the_rule_designer(module: str) -> None:
    # Saving and loading (yacht_edu.saved, which reads designed rule sets) load when used.
    loaded = package_modules_loaded_by(module)
    assert module in loaded
    assert "yacht_edu.custom" not in loaded and "yacht_edu.saved" not in loaded


def test_the_checks_read_only_the_errors_the_catalog_and_the_dice_faces() -> None:
    assert package_modules_loaded_by("yacht_edu.checks") == [
        "yacht_edu.checks", "yacht_edu.errors", "yacht_edu.hands", "yacht_edu.i18n"]


def test_the_guard_reads_only_the_errors_and_the_catalog() -> None:
    # every part that runs a learner's function reads it: the model, the maths, the lessons
    assert package_modules_loaded_by("yacht_edu.guard") == [
        "yacht_edu.errors", "yacht_edu.guard", "yacht_edu.i18n"]


@pytest.mark.slow  # half a second or more (the fast loop keeps under a minute and a quarter)
def test_the_solver_does_not_import_the_game() -> None:
    assert "yacht_edu.game" not in package_modules_loaded_by("yacht_edu.solver")


def test_a_whole_game_runs_with_the_model_alone() -> None:
    code = ("import sys, yacht_edu as ye\n"
            "g = ye.Game(seed=1)\n"
            "while not g.over:\n    g.roll(); g.score(g.scorecard().open_boxes[0])\n"
            "print(sorted(m for m in ('numpy', 'sympy', 'ipywidgets') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_every_public_name_resolves() -> None:
    for name in yacht_edu.__all__:
        assert getattr(yacht_edu, name) is not None, name
    assert set(dir(yacht_edu)) >= set(yacht_edu.__all__)


def test_version_comes_from_the_installed_metadata() -> None:
    assert yacht_edu.__version__ == version("yacht_edu")


MATHEMATICS = ["yacht_edu.hands", "yacht_edu.rules", "yacht_edu.policies", "yacht_edu.probability",
               "yacht_edu.probability.one_roll", "yacht_edu.probability.table",
               "yacht_edu.probability.turn", "yacht_edu.probability.kind_chain", "yacht_edu.solver",
               "yacht_edu.solver.turn", "yacht_edu.solver.states", "yacht_edu.solver.backward",
               "yacht_edu.solver.exact", "yacht_edu.solver.distribution", "yacht_edu.coach",
               "yacht_edu.luck", "yacht_edu.strategies", "yacht_edu.compare"]
FACES = ["ipywidgets", "matplotlib", "anywidget", "yacht_edu.display", "yacht_edu.widgets",
         "yacht_edu.plots"]


@pytest.mark.slow  # half a second or more (the fast loop keeps under a minute and a quarter)
def test_the_mathematics_imports_no_face() -> None:
    # Every mathematics module, in a fresh interpreter: what they pull in at import time.
    assert loaded_by(MATHEMATICS, FACES) == []


def test_the_mathematics_draws_through_the_faces() -> None:
    from yacht_edu.probability import one_roll_distribution, teacher_table

    # the result objects keep their rich display, drawn lazily by yacht_edu.display
    assert "yacht-distribution" in one_roll_distribution("yacht")._repr_html_()
    table = teacher_table("yacht")
    assert "yacht-teacher-table" in table._repr_html_() and "array" in table._repr_latex_()



def imported_anywhere(module: str) -> set[str]:
    """Every module an import statement of ``module`` names, at its top, inside a function or
    under ``TYPE_CHECKING`` alike (``from a import b`` names ``a`` and ``a.b``)."""
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    named: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            named |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            named |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return named


def test_the_words_for_playing_import_nothing_that_imports_them() -> None:
    """The review's F5 (S6): policies asked probability.turn for the pars while turn imports
    policies; and probability.errors re-exported policies' error.  Now policies names nothing of
    the mathematics above it, not even inside a function, so no cycle can run."""
    above = ("yacht_edu.probability", "yacht_edu.solver", "yacht_edu.strategies",
             "yacht_edu.coach", "yacht_edu.display", "yacht_edu.widgets")
    assert [m for m in imported_anywhere("yacht_edu.policies") if m.startswith(above)] == []
    assert "yacht_edu.policies" in imported_anywhere("yacht_edu.probability.turn")
    assert not any(m.startswith("yacht_edu.policies")
                   for m in imported_anywhere("yacht_edu.probability.errors"))



@pytest.mark.slow  # pip builds the wheel: several seconds
def test_the_wheel_holds_what_a_kernel_imports_and_none_of_the_course_tools(
        tmp_path: Path) -> None:
    """issue 34 item 3: the wheel (``pip wheel .``) holds the package, the exercises and their
    checks, the hint catalogs, the sender; not the lesson build, the catalog check, the
    course's catalogs (the lessons' prose, the build's words), nor any of tools/."""
    root = Path(__file__).resolve().parents[1]
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(root), "--no-deps", "-q",
                    "-w", str(tmp_path)], check=True, capture_output=True)
    (wheel,) = tmp_path.glob("yacht_edu-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    build = ("edition", "translation", "prose", "direction", "teaching", "course", "building",
             "__main__")
    assert [n for n in names if not n.startswith(("yacht_edu/", "yacht_edu-"))] == []
    assert [n for n in names if n.split("/")[-1] in ("check.py", "build.po")
            or n.split("/")[-1].startswith("text_")
            or n in {f"yacht_edu/lessons/{module}.py" for module in build}] == []
    for lang in ("en", "hi", "bn", "kn", "ur"):
        assert {f"yacht_edu/locale/{lang}/lesson_01.po", f"yacht_edu/locale/{lang}/lessons.po",
                f"yacht_edu/locale/{lang}/model.po"} <= set(names)
    assert {"yacht_edu/sender.py", "yacht_edu/lessons/exercise.py", "yacht_edu/lessons/grading.py",
            "yacht_edu/lessons/lesson11.py", "yacht_edu/i18n.py"} <= set(names)


@pytest.mark.slow  # pip builds the wheel twice: several seconds
def test_the_wheel_carries_the_native_kernels_and_the_browsers_wheel_does_not(
        tmp_path: Path) -> None:
    """issue 33 item 3: where a C compiler is (CI installs one), the wheel carries the solver's
    kernels compiled ahead (hatch_build.py), tagged for this platform and any Python 3; built
    with ``YACHT_EDU_NATIVE=0`` (as the browser edition's build does) it is pure Python."""
    root = Path(__file__).resolve().parents[1]
    found = {}
    for switch in ("1", "0"):
        out = tmp_path / switch
        subprocess.run([sys.executable, "-m", "pip", "wheel", str(root), "--no-deps", "-q",
                        "-w", str(out)], check=True, capture_output=True,
                       env={**os.environ, "YACHT_EDU_NATIVE": switch})
        (wheel,) = out.glob("yacht_edu-*.whl")
        found[switch] = (wheel.name, zipfile.ZipFile(wheel).namelist())
    native, pure = found["1"], found["0"]
    assert pure[0].endswith("-py3-none-any.whl") and "yacht_edu/solver/_native.so" not in pure[1]
    if os.environ.get("CI") or shutil.which("cc"):
        assert native[0].startswith("yacht_edu-0.1.0-py3-none-") and "any" not in native[0]
        assert "yacht_edu/solver/_native.so" in native[1]
        assert set(native[1]) - set(pure[1]) == {"yacht_edu/solver/_native.so"}
