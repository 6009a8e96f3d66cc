"""nbgrader itself grades the lessons: a course built from the teacher's edition
(``python -m tools.build --nbgrader DIR``) goes through ``nbgrader
generate_assignment``, ``autograde`` and ``generate_feedback`` with a right, a blank and a wrong
submission of every lesson: full marks, 0 and 0.  A blank or wrong answer fails its own cells
only, never a later cell of the lesson; a blank function reads "not answered yet", not a wrong
try; the feedback of a wrong answer shows the hint of the try made.  The release holds no
teacher's note and no worked answer, and every source notebook of the course is one nbgrader
accepts.  (Every lesson, three students each: several minutes, so the graded course is slow.)"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.submissions import blank_submission, right_submission, wrong_submission
from tools.course import assignment, build_course
from tools.edition import (
    BEGIN,
    END,
    Notebook,
    is_solution_cell,
    is_teacher_note,
    solution_regions,
    source,
)
from yacht_edu.i18n import t
from yacht_edu.lessons import exercises
from yacht_edu.lessons.exercise import CodeExercise
from yacht_edu.lessons.feedback import STRICT
from yacht_edu.lessons.grading import points

ROOT = Path(__file__).resolve().parents[1]
TEACHER, LEARNER = ROOT / "teacher", ROOT / "notebooks"
#: Every lesson.
LESSONS = tuple(path.name[:2] for path in sorted(TEACHER.glob("*.ipynb")))
#: Cells outside an exercise that call the learner's own function, so that its blank
#: (nbgrader's ``raise NotImplementedError()``) stops them, and why they may.
CALLS_THE_BLANK = {
    # lesson 10's code is the class-safe branch's to change; the cell shows the learner's own
    # statistic of the class's counts, and says by its error that the function is not written
    ("10", "chi_square(our_counts)"): "NotImplementedError",
}
SUBMISSIONS: dict[str, Callable[[Notebook, Notebook], Notebook]] = {
    "right": right_submission,
    "blank": lambda release, _: blank_submission(release),
    "wrong": lambda release, _: wrong_submission(release),
}


def read(path: Path) -> Notebook:
    notebook: Notebook = json.loads(path.read_text(encoding="utf-8"))
    return notebook


def teachers_notebook(lesson: str) -> Path:
    return next(TEACHER.glob(f"{lesson}_*.ipynb"))


def nbgrader(course: Path, *arguments: str) -> str:
    """Run one nbgrader command in the course folder as a teacher would, from this clone.

    The teacher's machine has no ``YACHT_EDU_STRICT_CHECKS``: ``check()`` never raises there,
    so only the graded cells can fail.  nbgrader runs ``alembic`` found on the ``PATH``.
    """
    environment = {name: value for name, value in os.environ.items() if name != STRICT}
    environment["PATH"] = os.pathsep.join([str(Path(sys.executable).parent),
                                           environment.get("PATH", "")])
    environment["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT), *filter(None, [environment.get("PYTHONPATH")])])
    done = subprocess.run([sys.executable, "-m", "nbgrader", *arguments], cwd=course,
                          env=environment, capture_output=True, text=True, timeout=600)
    log = done.stdout + done.stderr
    assert done.returncode == 0, log
    # nbgrader goes on after some errors, a configuration that fails to load among them
    assert "| ERROR]" not in log, log
    return log


@pytest.fixture(scope="module")
def graded_course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A course of three lessons, each submitted right, blank and wrong, autograded, with
    feedback (each nbgrader command once for the three: it takes seconds to start)."""
    teacher, course = tmp_path_factory.mktemp("teacher"), tmp_path_factory.mktemp("course")
    for lesson in LESSONS:
        shutil.copy(teachers_notebook(lesson), teacher)
    build_course(teacher, course)
    nbgrader(course, "generate_assignment", "*")
    for release in sorted((course / "release").glob("*/*.ipynb")):
        name = release.parent.name
        source_notebook = read(course / "source" / name / release.name)
        for student, submit in SUBMISSIONS.items():
            target = course / "submitted" / student / name / release.name
            target.parent.mkdir(parents=True)
            target.write_text(json.dumps(submit(read(release), source_notebook)),
                              encoding="utf-8")
    nbgrader(course, "autograde", "*")
    nbgrader(course, "generate_feedback", "*")
    return course


@pytest.mark.slow
@pytest.mark.parametrize("lesson", LESSONS)
def test_right_earns_full_marks_blank_and_wrong_earn_nothing(graded_course: Path,
                                                            lesson: str) -> None:
    from nbgrader.api import Gradebook  # here, not at the top: collecting this file stays light

    name = assignment(teachers_notebook(lesson))
    most = sum(points(task) for task in exercises(lesson))
    with Gradebook(f"sqlite:///{graded_course / 'gradebook.db'}") as gradebook:
        scores = {student: (gradebook.find_submission(name, student).score,
                            gradebook.find_submission(name, student).max_score)
                  for student in SUBMISSIONS}
    assert scores == {"right": (most, most), "blank": (0, most), "wrong": (0, most)}
    # a blank stops at nbgrader's stub and fails its graded cell, never at a NameError after it
    assert errors(graded_course, "right", lesson) == set()
    assert errors(graded_course, "blank", lesson) == {"NotImplementedError", "WrongAnswerError"}
    assert errors(graded_course, "wrong", lesson) == {"WrongAnswerError"}
    for student in ("blank", "wrong"):  # only the exercise's own cells fail
        allowed = {(lesson, code): error for (at, code), error in CALLS_THE_BLANK.items()
                   if at == lesson and student == "blank"}
        assert errors_elsewhere(graded_course, student, lesson) == allowed
    for student in SUBMISSIONS:
        feedback = graded_course / "feedback" / student / name / teachers_notebook(lesson).name
        page = feedback.with_suffix(".html").read_text(encoding="utf-8")
        assert f"Score: {float(scores[student][0])} / {float(most)}" in page
        assert "Teacher&#39;s note" not in page and "Teacher's note" not in page


def autograded(course: Path, student: str, lesson: str) -> Notebook:
    path = teachers_notebook(lesson)
    return read(course / "autograded" / student / assignment(path) / path.name)


def errors_elsewhere(course: Path, student: str, lesson: str) -> dict[tuple[str, str], str]:
    """The errors of a student's autograded notebook outside the exercises' answer and graded
    cells, by (lesson, the cell's code): a later cell that broke."""
    found = {}
    for cell in autograded(course, student, lesson)["cells"]:
        grading = cell.get("metadata", {}).get("nbgrader", {})
        if grading.get("solution") or grading.get("grade"):
            continue
        for output in cell.get("outputs", []):
            if output["output_type"] == "error":
                found[(lesson, source(cell).strip())] = output["ename"]
    return found


def shown(cell: dict[str, Any]) -> str:
    """What a cell's outputs say, as text (a check's verdict, a graded cell's error)."""
    parts = []
    for output in cell.get("outputs", []):
        parts.append("".join(output.get("text", "")) + output.get("evalue", ""))
        parts.append("".join(output.get("data", {}).get("text/plain", "")))
    return "\n".join(parts)


@pytest.mark.slow
@pytest.mark.parametrize("lesson", LESSONS)
def test_a_blank_function_is_not_answered_and_feedback_shows_the_hint_of_the_try_made(
        graded_course: Path, lesson: str) -> None:
    """The blank release's check of a code exercise says "not answered yet" (nbgrader's stub is
    no wrong try); a wrong answer's graded cell shows the first hint, as its check did, not the
    second (grading is not a try)."""
    blank = autograded(graded_course, "blank", lesson)["cells"]
    wrong = autograded(graded_course, "wrong", lesson)["cells"]
    for task in exercises(lesson):
        checks = [cell for cell in blank if source(cell).startswith(f'check("{task.id}"')]
        if isinstance(task, CodeExercise):
            assert checks and t("lessons.code.not_written.stub", "en") in shown(checks[0])
        graded = [cell for cell in wrong
                  if cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
                  == f"ex{task.id.replace('.', '_')}_test"]
        assert len(graded) == 1
        if len(task.hints) > 1 and t(task.hints[0], "en") in shown(graded[0]):
            assert t(task.hints[1], "en") not in shown(graded[0]), task.id


def errors(course: Path, student: str, lesson: str) -> set[str]:
    """The kinds of error the cells of a student's autograded notebook stopped with."""
    path = teachers_notebook(lesson)
    notebook = read(course / "autograded" / student / assignment(path) / path.name)
    return {output["ename"] for cell in notebook["cells"] for output in cell.get("outputs", [])
            if output["output_type"] == "error"}


@pytest.mark.slow
@pytest.mark.parametrize("lesson", LESSONS)
def test_the_release_holds_no_teachers_note_and_no_worked_answer(graded_course: Path,
                                                                 lesson: str) -> None:
    path = teachers_notebook(lesson)
    teacher = read(path)
    release = read(graded_course / "release" / assignment(path) / path.name)
    learner_text = "\n".join(source(cell) for cell in read(LEARNER / path.name)["cells"])
    released = [source(cell) for cell in release["cells"]]
    assert not any(is_teacher_note(cell) or "Teacher's note" in source(cell)
                   for cell in release["cells"])
    assert sum(1 for cell in release["cells"] if is_solution_cell(cell)) == len(exercises(lesson))
    worked = {line.strip() for cell in teacher["cells"] if is_solution_cell(cell)
              for first, last in solution_regions(source(cell))
              for line in source(cell).split("\n")[first + 1:last]}
    leaked = {line for line in worked - {""} if line not in learner_text
              and any(line in text for text in released)}
    assert leaked == set()
    assert not any(BEGIN in text or END in text for text in released)


@pytest.fixture(scope="module")
def course_sources(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The course folder of every lesson, before nbgrader has seen it."""
    course = tmp_path_factory.mktemp("sources")
    build_course(TEACHER, course)
    return course


@pytest.mark.slow  # nbgrader and nbformat take seconds to import (a grammar is built)
@pytest.mark.parametrize("lesson", [path.name[:2] for path in sorted(TEACHER.glob("*.ipynb"))])
def test_nbgrader_accepts_every_source_notebook(course_sources: Path, lesson: str) -> None:
    """Its own metadata check passes, and every exercise has one answer cell and one graded
    cell after it, worth its points (a prediction: its participation point)."""
    import nbformat  # here, not at the top: collecting this file stays light
    from nbgrader.nbgraderformat import MetadataValidator

    path = course_sources / "source" / f"lesson{lesson}" / teachers_notebook(lesson).name
    notebook = read(path)
    MetadataValidator().validate_nb(nbformat.from_dict(notebook))
    graded = [(cell["metadata"]["nbgrader"]["grade_id"], cell["metadata"]["nbgrader"]["points"])
              for cell in notebook["cells"]
              if cell["metadata"].get("nbgrader", {}).get("grade")]
    # in the order of the checks: a prediction may be checked after a later exercise (01.4)
    assert sorted(graded) == [(f"ex{task.id.replace('.', '_')}_test", points(task))
                              for task in exercises(lesson)]
    assert any(is_teacher_note(cell) for cell in notebook["cells"])
