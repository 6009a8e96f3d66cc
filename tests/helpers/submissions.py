"""Students' submissions of an nbgrader release of a lesson: right, blank and wrong.

Each takes nbgrader's release (every answer cell holding nbgrader's stub, ``# YOUR CODE HERE``
and ``raise NotImplementedError()``) and fills its answer cells as a student would:

- :func:`right_submission`: the teacher's worked answer (the source's region, markers dropped);
- :func:`blank_submission`: nothing written, the release as it is;
- :func:`wrong_submission`: the exercise's first plausible wrong answer (``wrong_answers()[0]``:
  a wrong value, a guess out of range, or a function that reasons the wrong way), asked of the
  package by the cell itself so that any kind of value can be written.
"""

from __future__ import annotations

import ast
import copy
import re
from typing import Any

from tools.course import checked_answers
from tools.edition import BEGIN, END, Notebook, source

__all__ = ["blank_submission", "right_submission", "wrong_submission"]


STUB = ("# YOUR CODE HERE", "raise NotImplementedError()")


def grade_id(cell: dict[str, Any]) -> str | None:
    grade: str | None = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
    return grade


def is_answer_cell(cell: dict[str, Any]) -> bool:
    return bool(cell.get("metadata", {}).get("nbgrader", {}).get("solution", False))


def exercise_of(cell: dict[str, Any]) -> str:
    """``"02.3"`` for the answer cell ``ex02_3``."""
    match = re.fullmatch(r"ex(\d\d)_(\d+)", grade_id(cell) or "")
    assert match, f"an answer cell's grade id is exNN_N, not {grade_id(cell)!r}"
    return f"{match.group(1)}.{match.group(2)}"


def blank_submission(release: Notebook) -> Notebook:
    return copy.deepcopy(release)


def right_submission(release: Notebook, source_notebook: Notebook) -> Notebook:
    """The release with each answer cell as the teacher wrote it, without the region's markers."""
    answers = {grade_id(cell): source(cell) for cell in source_notebook["cells"]
               if is_answer_cell(cell)}
    submission = copy.deepcopy(release)
    for cell in submission["cells"]:
        if is_answer_cell(cell):
            cell["source"] = "\n".join(line for line in answers[grade_id(cell)].split("\n")
                                       if line.strip() not in (BEGIN, END))
    return submission


def wrong_submission(release: Notebook) -> Notebook:
    """The release with each answer cell giving the exercise's first plausible wrong answer."""
    names = dict(pair for cell in release["cells"] if cell["cell_type"] == "code"
                 for pair in checked_answers(source(cell)))
    submission = copy.deepcopy(release)
    for cell in submission["cells"]:
        if is_answer_cell(cell):
            exercise_id = exercise_of(cell)
            cell["source"] = wrong_code(source(cell), exercise_id, names[exercise_id])
    return submission


def wrong_code(text: str, exercise_id: str, name: str) -> str:
    """An answer cell's code with nbgrader's stub replaced by a wrong answer."""
    lines = text.split("\n")
    first = next(n for n, line in enumerate(lines) if line.strip() == STUB[0])
    assert lines[first + 1].strip() == STUB[1], text
    indent = lines[first][: len(lines[first]) - len(lines[first].lstrip())]
    wrong = f'exercise("{exercise_id}").wrong_answers()[0]'
    if indent:  # in the body of the function the learner writes
        function = next(node for node in ast.walk(ast.parse(text))
                        if isinstance(node, ast.FunctionDef) and node.name == name)
        arguments = ", ".join(argument.arg for argument in function.args.args)
        answer = [f"return {wrong}({arguments})"]
    else:
        answer = [f"{name} = {wrong}"]
    lines[first:first + 2] = [indent + line for line in
                              ("from yacht_edu.lessons import exercise", *answer)]
    return "\n".join(lines)
