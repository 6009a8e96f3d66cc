"""The learner's edition of a lesson, written from the teacher's.

The teacher's notebook (``teacher/LL_name.ipynb``) is the one source.  The learner's
(``notebooks/LL_name.ipynb``) is the same notebook with

- every solution region (the lines from ``### BEGIN SOLUTION`` to ``### END SOLUTION``, markers
  included, in a code cell whose nbgrader metadata says ``"solution": true``) replaced by a
  blank: at the top level of a cell, one line ``name = ...`` for each name the region assigns
  (``answer = ...``), or a single ``...`` when it assigns none; inside a block (a function's body),
  a single ``...`` at the region's indentation, so the function returns None and its check says
  "not answered yet";
- every teacher note (a cell tagged ``teacher``) removed;
- every output and execution count cleared.

>>> print(blank_regions('''x = 1
... ### BEGIN SOLUTION
... answer = x + 1
... ### END SOLUTION'''))
x = 1
answer = ...
>>> print(blank_regions('''def double(n):
...     ### BEGIN SOLUTION
...     return 2 * n
...     ### END SOLUTION'''))
def double(n):
    ...
"""

from __future__ import annotations

import ast
import copy
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tools.words import EditionError

__all__ = [
    "BEGIN",
    "END",
    "TEACHER_TAG",
    "blank_regions",
    "build",
    "differences",
    "is_solution_cell",
    "is_teacher_note",
    "learner_edition",
    "notebook_text",
    "solution_regions",
]

BEGIN = "### BEGIN SOLUTION"
END = "### END SOLUTION"
#: The tag of a teacher's note: a cell the learner's edition leaves out.
TEACHER_TAG = "teacher"

Notebook = dict[str, Any]
Cell = dict[str, Any]


def source(cell: Cell) -> str:
    """A cell's text (notebooks store it as one string or a list of lines)."""
    text = cell.get("source", "")
    return text if isinstance(text, str) else "".join(text)


def is_teacher_note(cell: Cell) -> bool:
    """True for a cell only the teacher's edition has."""
    return TEACHER_TAG in cell.get("metadata", {}).get("tags", [])


def is_solution_cell(cell: Cell) -> bool:
    """True for a code cell that nbgrader's metadata marks as holding a solution."""
    return bool(cell.get("metadata", {}).get("nbgrader", {}).get("solution", False))


def solution_regions(text: str) -> Iterator[tuple[int, int]]:
    """The (first, last) line numbers of each solution region, markers included."""
    lines = text.split("\n")
    start: int | None = None
    for number, line in enumerate(lines):
        if line.strip() == BEGIN:
            if start is not None:
                raise EditionError(problem=f"{BEGIN} inside a solution region (line {number + 1})")
            start = number
        elif line.strip() == END:
            if start is None:
                raise EditionError(problem=f"{END} without {BEGIN} (line {number + 1})")
            yield start, number
            start = None
    if start is not None:
        raise EditionError(problem=f"{BEGIN} without {END} (line {start + 1})")


def blank_regions(text: str) -> str:
    """The code with every solution region replaced by the learner's blank (see the module)."""
    lines = text.split("\n")
    for first, last in reversed(list(solution_regions(text))):
        indent = re.match(r"\s*", lines[first])
        prefix = indent.group(0) if indent else ""
        lines[first:last + 1] = blank(lines[first + 1:last], prefix)
    return "\n".join(lines)


def blank(region: list[str], indent: str) -> list[str]:
    """The learner's lines for one region's lines."""
    if indent:
        return [f"{indent}..."]
    names = assigned_names("\n".join(region))
    return [f"{name} = ..." for name in names] or ["..."]


def assigned_names(code: str) -> list[str]:
    """The names the top-level statements of ``code`` assign, in order, each once."""
    names: list[str] = []
    for statement in ast.parse(code).body:
        targets: list[ast.expr] = []
        if isinstance(statement, ast.Assign):
            targets = list(statement.targets)
        elif isinstance(statement, (ast.AnnAssign, ast.AugAssign)):
            targets = [statement.target]
        elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            raise EditionError(problem=f"a whole function ({statement.name}) in a solution "
                                       "region: put the region inside its body")
        for target in targets:
            for node in ast.walk(target):
                if isinstance(node, ast.Name) and node.id not in names:
                    names.append(node.id)
    return names


def learner_edition(teacher: Notebook) -> Notebook:
    """The learner's notebook for a teacher's notebook (see the module for the rules)."""
    learner = copy.deepcopy(teacher)
    learner["cells"] = [learner_cell(cell) for cell in learner["cells"]
                        if not is_teacher_note(cell)]
    learner["metadata"].pop("widgets", None)
    learner["metadata"]["yacht_edu"] = {**teacher["metadata"].get("yacht_edu", {}),
                                        "edition": "learner"}
    return learner


def learner_cell(cell: Cell) -> Cell:
    """One cell as the learner's edition holds it."""
    text = source(cell)
    has_regions = any(True for _ in solution_regions(text))
    if cell["cell_type"] == "markdown" and BEGIN in text:
        raise EditionError(problem=f"{BEGIN} in a markdown cell")
    if cell["cell_type"] == "code":
        if has_regions != is_solution_cell(cell):
            raise EditionError(problem="a code cell with solution regions needs nbgrader's "
                                       f'"solution": true, and only such a cell: {text[:60]!r}')
        cell["source"] = blank_regions(text)
        cell["outputs"] = []
        cell["execution_count"] = None
    return cell


def notebook_text(notebook: Notebook) -> str:
    """A notebook written as Jupyter writes it: JSON indented by one, keys sorted."""
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def build(teacher_dir: Path, learner_dir: Path, *, write: bool = True) -> list[Path]:
    """Write the learner's edition of every teacher's notebook; return the files that changed
    (with ``write=False``: the files that would change, writing nothing)."""
    changed: list[Path] = []
    for path in sorted(teacher_dir.glob("*.ipynb")):
        teacher = json.loads(path.read_text(encoding="utf-8"))
        text = notebook_text(learner_edition(teacher))
        target = learner_dir / path.name
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            changed.append(target)
            if write:
                learner_dir.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
    return changed


def differences(teacher_dir: Path, learner_dir: Path) -> list[Path]:
    """The learner's notebooks that differ from what :func:`build` would write."""
    return build(teacher_dir, learner_dir, write=False)
