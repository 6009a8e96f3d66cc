"""An nbgrader course of the lessons, written from the teacher's edition.

``python -m tools.build --nbgrader DIR`` writes, for each teacher's notebook
``teacher/LL_name.ipynb``, nbgrader's source notebook ``DIR/source/lessonLL/LL_name.ipynb``, and
``DIR/nbgrader_config.py`` when the folder has none.  The source notebook is the teacher's, with

- each answer cell marked as nbgrader's solution cell, under a grade id nbgrader accepts
  (:func:`yacht_edu.lessons.grading.answer_cell_id`: ``ex02_3`` for exercise ``02.3``);
- before each solution region at the top level of a cell, the learner's blank of every name it
  assigns (``answer = ...``): nbgrader's release replaces the region by
  ``raise NotImplementedError()``, and the blank keeps a stale answer of an earlier exercise,
  or none at all, from reaching the exercise's check and its graded cell;
- after each exercise's check (``check("02.3", answer)``), a locked graded test cell worth the
  exercise's :func:`yacht_edu.lessons.grading.points`, ``grade("02.3",
  globals().get("answer", ...))``: it fails on a wrong or blank answer, and reads the answer
  even when the learner's cell never defined it;
- the teacher's notes kept, with their tag ``teacher``: the configuration removes them from the
  release (nbconvert's ``TagRemovePreprocessor`` before nbgrader's own), so they reach neither
  the students' notebooks nor their feedback;
- every output cleared.

The learner's edition in ``notebooks/`` stays the self-study one: it needs no nbgrader.
"""

from __future__ import annotations

import ast
import copy
import json
from pathlib import Path

from tools.edition import (
    TEACHER_TAG,
    Cell,
    Notebook,
    assigned_names,
    is_solution_cell,
    notebook_text,
    solution_regions,
    source,
)
from tools.words import EditionError
from yacht_edu.lessons.exercise import exercise
from yacht_edu.lessons.grading import answer_cell_id, graded_cell_id, points

__all__ = [
    "CONFIG",
    "assignment",
    "build_course",
    "checked_answers",
    "course_notebook",
    "graded_cell",
    "with_blanks_first",
]


#: nbgrader's configuration of a course, written once (the teacher's to edit afterwards).
CONFIG = '''\
"""nbgrader's settings for a course of yacht_edu lessons.

Written by ``python -m tools.build --nbgrader`` (in a clone of yacht_edu's repository) into a
course folder that had none; later builds keep it as you edit it (delete it to have the next
build write it again).
"""

from nbconvert.preprocessors import TagRemovePreprocessor
from nbgrader.converters import GenerateAssignment

c = get_config()  # noqa: F821 (nbgrader defines get_config when it reads this file)

c.CourseDirectory.course_id = "{course}"

# The teacher's notes (cells tagged "{tag}") stay in source/ for you; they give answers away, so
# they never reach the release, and so neither the students' notebooks nor their feedback.
c.GenerateAssignment.preprocessors = [
    TagRemovePreprocessor,
    *GenerateAssignment.class_traits()["preprocessors"].default(),
]
c.TagRemovePreprocessor.enabled = True
c.TagRemovePreprocessor.remove_cell_tags = {{"{tag}"}}

# A lesson may solve a game on its first run (seconds, more on a busy machine): a cell may take
# up to two minutes, not nbgrader's 30 s.
c.Execute.timeout = 120
'''

#: The graded test cell of an exercise.
GRADED = '''\
from yacht_edu.lessons import grade

grade("{exercise}", globals().get("{name}", ...))'''


def assignment(path: Path) -> str:
    """The assignment of a lesson's notebook: ``lesson02`` for ``02_one_roll.ipynb``."""
    return "lesson" + path.name[:2]


def with_blanks_first(text: str) -> str:
    """The code with the learner's blank (``answer = ...``) before each top-level region.

    >>> print(with_blanks_first('''### BEGIN SOLUTION
    ... answer = 6 * 5 * 10
    ... ### END SOLUTION'''))
    answer = ...
    ### BEGIN SOLUTION
    answer = 6 * 5 * 10
    ### END SOLUTION
    """
    lines = text.split("\n")
    for first, last in reversed(list(solution_regions(text))):
        if lines[first] == lines[first].lstrip():  # at the top level, not in a function's body
            names = assigned_names("\n".join(lines[first + 1:last]))
            lines[first:first] = [f"{name} = ..." for name in names]
    return "\n".join(lines)


def checked_answers(text: str) -> list[tuple[str, str]]:
    """The (exercise id, answer's name) of each ``check("02.3", answer)`` in a cell's code.

    A check of a blank (``check("01.1", ...)``, a demonstration) is no exercise's check.

    >>> checked_answers('check("02.3", answer)\\ncheck("01.1", ..., lang="ur")')
    [('02.3', 'answer')]
    """
    try:
        tree = ast.parse(text)
    except SyntaxError:  # IPython's own syntax (a magic): no check to find
        return []
    found = []
    for node in sorted(ast.walk(tree), key=lambda node: (getattr(node, "lineno", 0),
                                                        getattr(node, "col_offset", 0))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "check" and len(node.args) >= 2
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)):
            continue
        given = node.args[1]
        if isinstance(given, ast.Constant) and given.value is Ellipsis:
            continue
        if not isinstance(given, ast.Name):
            raise EditionError(problem=f"the check of {node.args[0].value} gives "
                                       f"{ast.unparse(given)}, not the name of the answer")
        found.append((node.args[0].value, given.id))
    return found


def graded_cell(exercise_id: str, name: str) -> Cell:
    """The locked test cell that grades one exercise's answer, held in the variable ``name``."""
    task = exercise(exercise_id)
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": graded_cell_id(task.id),
        "metadata": {"nbgrader": {"grade": True, "grade_id": graded_cell_id(task.id),
                                  "locked": True, "points": points(task), "schema_version": 3,
                                  "solution": False, "task": False}},
        "outputs": [],
        "source": GRADED.format(exercise=task.id, name=name),
    }


def answer_cell(cell: Cell) -> str:
    """Make a teacher's solution cell nbgrader's, in place; return its exercise id."""
    exercise_id = exercise(cell["metadata"]["nbgrader"]["grade_id"]).id
    cell["metadata"]["nbgrader"] = {"grade": False, "grade_id": answer_cell_id(exercise_id),
                                    "locked": False, "schema_version": 3, "solution": True,
                                    "task": False}
    cell["source"] = with_blanks_first(source(cell))
    return exercise_id


def course_notebook(teacher: Notebook) -> Notebook:
    """nbgrader's source notebook for a teacher's notebook (see the module for the rules)."""
    course = copy.deepcopy(teacher)
    cells: list[Cell] = []
    answered: list[str] = []
    graded: list[str] = []
    for cell in course["cells"]:
        cells.append(cell)
        if cell["cell_type"] != "code":
            continue
        cell["outputs"], cell["execution_count"] = [], None
        if is_solution_cell(cell):
            answered.append(answer_cell(cell))
        for exercise_id, name in checked_answers(source(cell)):
            if exercise_id in answered and exercise_id not in graded:
                cells.append(graded_cell(exercise_id, name))
                graded.append(exercise_id)
    if sorted(graded) != sorted(answered):  # a prediction may be checked after a later exercise
        missing = ", ".join(sorted(set(answered) - set(graded)))
        raise EditionError(problem=f"an answer cell without its check after it ({missing})")
    course["cells"] = cells
    course["metadata"].pop("widgets", None)
    course["metadata"]["yacht_edu"] = {"edition": "nbgrader"}
    return course


def build_course(teacher_dir: Path, course_dir: Path, *, course: str = "yacht_edu") -> list[Path]:
    """Write the course's source notebooks, and its configuration if it has none; return the
    files written (a notebook already up to date is left as it is)."""
    written: list[Path] = []
    for path in sorted(teacher_dir.glob("*.ipynb")):
        teacher = json.loads(path.read_text(encoding="utf-8"))
        text = notebook_text(course_notebook(teacher))
        target = course_dir / "source" / assignment(path) / path.name
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            written.append(target)
    config = course_dir / "nbgrader_config.py"
    if not config.exists():
        config.write_text(CONFIG.format(course=course, tag=TEACHER_TAG), encoding="utf-8")
        written.append(config)
    return written
