"""The import graph: ``display/`` reads the model and nothing above it, and no cycle runs through
it (issue 34 item 2; the review's F4, S1 and S9).

Every module of the package is parsed with :mod:`ast` and its *run-time* imports collected: those
that run when it is imported or when one of its functions is called — at its top and inside
functions alike, but not under ``if TYPE_CHECKING:`` (read by the type checker only).  A face
reached by ``shown_by(value, "yacht_edu.display.coach", "advice_html")`` is such an import too.
``from . import x`` and ``import a.b.c`` are resolved to modules; importing a module runs every
package above it, so an import of ``yacht_edu.display.coach`` counts ``display/__init__`` as well
(except the packages the importing module sits in: they ran before it, unless it reads a name
from one of them, ``from yacht_edu import Game``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

import yacht_edu

PACKAGE = Path(yacht_edu.__file__).parent

#: The modules above the model: the mathematics, the lessons, the class service and the other
#: faces.  ``display/`` imports none of them at run time (the review's list, and the rest of the
#: mathematics: ``compare``, ``expected``, ``ranking``, ``policies``, ``shipped``).
ABOVE_THE_MODEL = ("coach", "strategies", "situation", "luck", "reach", "probability", "solver",
                   "lessons", "classroom", "widgets", "plots", "reach_plots", "compare",
                   "expected", "ranking", "policies", "shipped")


@dataclass(frozen=True)
class Import:
    """One run-time import: ``importer`` (a module) imports ``imported`` at ``path:line``."""

    importer: str
    imported: str
    path: Path
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.importer} imports {self.imported}"


def modules_in(root: Path) -> dict[str, Path]:
    """Every module of the package in folder ``root`` by its dotted name (a package by its
    ``__init__.py``)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def type_checking(test: ast.expr) -> bool:
    """Whether an ``if`` tests ``TYPE_CHECKING`` (or ``typing.TYPE_CHECKING``)."""
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def run_time_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node of ``tree`` that runs: the bodies of ``if TYPE_CHECKING:`` left out."""
    waiting = [tree]
    while waiting:
        node = waiting.pop()
        if isinstance(node, ast.If) and type_checking(node.test):
            waiting.extend(node.orelse)
            continue
        yield node
        waiting.extend(ast.iter_child_nodes(node))


def literal_module(call: ast.Call) -> str | None:
    """The module a call imports by name: ``shown_by(value, "a.b", ...)`` or
    ``import_module("a.b")`` with the name written out; None for any other call."""
    called = call.func
    name = called.id if isinstance(called, ast.Name) else getattr(called, "attr", None)
    place = {"shown_by": 1, "import_module": 0}.get(str(name))
    if place is None or len(call.args) <= place:
        return None
    given = call.args[place]
    return given.value if isinstance(given, ast.Constant) and isinstance(given.value, str) else None


def imported_from(node: ast.ImportFrom, here: str) -> str:
    """The module a ``from ... import`` reads, for a module in package ``here``: ``from . import
    x`` reads ``here``, ``from ..b import x`` the package above it's ``b``."""
    if not node.level:
        return str(node.module)
    parts = here.split(".")
    return ".".join([*parts[:len(parts) + 1 - node.level], *filter(None, [node.module])])


def named_modules(module: str, path: Path, modules: Mapping[str, Path]) -> Iterator[
        tuple[str, int]]:
    """Each module ``module``'s run-time imports name, with its line."""
    here = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in run_time_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from ((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = imported_from(node, here)
            for alias in node.names:
                inner = f"{base}.{alias.name}"
                yield (inner if inner in modules else base), node.lineno
        elif isinstance(node, ast.Call) and (named := literal_module(node)) is not None:
            yield named, node.lineno


def packages_above(module: str) -> list[str]:
    """The packages above ``module``, outermost first: ``a`` and ``a.b`` for ``a.b.c``."""
    parts = module.split(".")
    return [".".join(parts[:end]) for end in range(1, len(parts))]


def run_time_imports(modules: Mapping[str, Path], base: Path) -> list[Import]:
    """Every run-time import between the modules, with the packages each one runs; paths are
    written relative to ``base``."""
    found: dict[Import, None] = {}  # each once
    for module, path in modules.items():
        ran_before = packages_above(module)
        for named, line in named_modules(module, path, modules):
            runs = [package for package in packages_above(named) if package not in ran_before]
            found.update((Import(module, target, path.relative_to(base), line), None)
                         for target in [*runs, named] if target in modules and target != module)
    return sorted(found, key=lambda each: (str(each.path), each.line, each.imported))


def reached_from(start: str, edges: Mapping[str, set[str]]) -> set[str]:
    """Every module reached from ``start`` by one or more imports."""
    seen: set[str] = set()
    waiting = list(edges.get(start, ()))
    while waiting:
        module = waiting.pop()
        if module not in seen:
            seen.add(module)
            waiting.extend(edges.get(module, ()))
    return seen


def cycles(imports: Iterable[Import]) -> list[set[str]]:
    """The strongly connected groups of two or more modules: each module reaches every other
    of its group through imports."""
    edges: dict[str, set[str]] = {}
    for each in imports:
        edges.setdefault(each.importer, set()).add(each.imported)
    groups: list[set[str]] = []
    for module in sorted(edges):
        if any(module in group for group in groups):
            continue
        group = {other for other in reached_from(module, edges)
                 if module in reached_from(other, edges)} | {module}
        if len(group) > 1:
            groups.append(group)
    return groups


def in_display(module: str, package: str) -> bool:
    return module == f"{package}.display" or module.startswith(f"{package}.display.")


def upward_imports(imports: Iterable[Import], package: str,
                   above_the_model: Iterable[str] = ABOVE_THE_MODEL) -> list[Import]:
    """The imports by a ``display`` module of a module above the model."""
    above = tuple(f"{package}.{name}" for name in above_the_model)
    return [each for each in imports
            if in_display(each.importer, package)
            and any(each.imported == top or each.imported.startswith(f"{top}.") for top in above)]


def cycles_through_display(imports: list[Import], package: str) -> list[list[Import]]:
    """For each cycle holding a ``display`` module, the imports inside it that go into or out of
    ``display`` (one of them is to go)."""
    return [[each for each in imports if {each.importer, each.imported} <= group
             and in_display(each.importer, package) != in_display(each.imported, package)]
            for group in cycles(imports) if any(in_display(m, package) for m in group)]


def the_package_imports() -> list[Import]:
    return run_time_imports(modules_in(PACKAGE), PACKAGE.parent)


def test_display_imports_nothing_above_the_model() -> None:
    if found := upward_imports(the_package_imports(), "yacht_edu"):
        pytest.fail("display/ reads what is above the model:\n" + "\n".join(map(str, found)))


def test_no_cycle_runs_through_display() -> None:
    if found := cycles_through_display(the_package_imports(), "yacht_edu"):
        pytest.fail("\n\n".join("a cycle through display/:\n" + "\n".join(map(str, group))
                                for group in found))


def test_the_graph_sees_the_package_and_its_faces() -> None:
    # the graph is the package's: the hops to the faces and the display package's own imports
    imports = {(each.importer, each.imported) for each in the_package_imports()}
    assert ("yacht_edu.coach", "yacht_edu.display.coach") in imports  # a rich-display hop
    assert ("yacht_edu.display", "yacht_edu.display.dice") in imports
    assert ("yacht_edu.coach", "yacht_edu.display") in imports  # the package a face sits in


# -- the graph's own code, on a small package written for it ----------------------------------


def write(root: Path, files: Mapping[str, str]) -> dict[str, Path]:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return modules_in(root / "pkg")


PLANTED = {
    "pkg/__init__.py": "from pkg.model import Dice\n",
    "pkg/model.py": ("from typing import TYPE_CHECKING\n"
                     "if TYPE_CHECKING:\n    from pkg.maths import Advice\n"
                     "class Dice:\n"
                     "    def _repr_html_(self):\n"
                     "        return shown_by(self, 'pkg.display.dice', 'dice_html')\n"),
    "pkg/maths/__init__.py": "",
    "pkg/maths/coach.py": ("from pkg import model\n"
                           "def advise():\n    from pkg.display.words import label\n"),
    "pkg/display/__init__.py": "from . import dice\n",
    "pkg/display/dice.py": ("from pkg.model import Dice\n"),
    "pkg/display/words.py": ("import pkg.display.dice\n"
                             "def label():\n"
                             "    from ..maths.coach import advise\n"
                             "    from pkg import Dice\n"
                             "    return advise(Dice)\n"),
}


def test_the_graph_reads_imports_as_they_run(tmp_path: Path) -> None:
    imports = run_time_imports(write(tmp_path, PLANTED), tmp_path)
    edges = {(each.importer, each.imported) for each in imports}
    assert ("pkg.model", "pkg.display.dice") in edges  # a face reached by name
    assert ("pkg.model", "pkg.display") in edges  # and the package it sits in
    assert ("pkg.model", "pkg.maths") not in edges  # read by the type checker only
    assert ("pkg.display.words", "pkg.maths.coach") in edges  # relative, inside a function
    assert ("pkg.display.words", "pkg.maths") in edges  # the package it runs
    assert ("pkg.display", "pkg.display.dice") in edges  # ``from . import dice``
    assert ("pkg.display.words", "pkg.display") not in edges  # it sits there: ran before it
    assert ("pkg.display.words", "pkg") in edges  # unless it reads a name from one of them
    assert ("pkg.maths.coach", "pkg") not in edges and ("pkg.maths.coach", "pkg.model") in edges


def test_the_graph_finds_a_planted_upward_import(tmp_path: Path) -> None:
    found = upward_imports(run_time_imports(write(tmp_path, PLANTED), tmp_path), "pkg", ["maths"])
    assert [str(each) for each in found] == [
        f"{Path('pkg/display/words.py')}:3: pkg.display.words imports pkg.maths",
        f"{Path('pkg/display/words.py')}:3: pkg.display.words imports pkg.maths.coach"]


def test_the_graph_finds_a_planted_cycle(tmp_path: Path) -> None:
    imports = run_time_imports(write(tmp_path, PLANTED), tmp_path)
    assert cycles(imports) == [{"pkg.model", "pkg.display", "pkg.display.dice"},
                               {"pkg.maths.coach", "pkg.display.words"}]
    named = [str(each) for group in cycles_through_display(imports, "pkg") for each in group]
    assert f"{Path('pkg/display/dice.py')}:1: pkg.display.dice imports pkg.model" in named


def test_the_graph_finds_no_cycle_where_there_is_none(tmp_path: Path) -> None:
    upright = {**PLANTED, "pkg/display/dice.py": "", "pkg/display/words.py": "def label(): ...\n"}
    imports = run_time_imports(write(tmp_path, upright), tmp_path)
    assert cycles(imports) == [] and upward_imports(imports, "pkg", ["maths"]) == []
