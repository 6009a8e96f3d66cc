"""Graded for marks: ``grade()`` fails unless the answer is right (``check()`` itself never fails),
and ``python -m tools.build --nbgrader DIR`` writes a course of nbgrader source
notebooks from the teacher's edition (nbgrader itself runs it in tests/test_nbgrader.py)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.grid import each_task
from tools.build import main
from tools.course import (
    CONFIG,
    checked_answers,
    course_notebook,
    with_blanks_first,
)
from tools.edition import (
    TEACHER_TAG,
    blank_regions,
    is_solution_cell,
    is_teacher_note,
    source,
)
from tools.words import EditionError
from yacht_edu.i18n import t
from yacht_edu.lessons import check, exercise, exercises, grade, lessons
from yacht_edu.lessons.exercise import CodeExercise, Prediction, Task
from yacht_edu.lessons.feedback import GUESS_MARK, WrongAnswerError, reset_tries, tries
from yacht_edu.lessons.grading import (
    PREDICTION_POINTS,
    RIGHT_ANSWER_POINTS,
    answer_cell_id,
    graded_cell_id,
    points,
)

ROOT = Path(__file__).resolve().parents[1]
TEACHER = ROOT / "teacher"
TEACHERS = sorted(TEACHER.glob("*.ipynb"))
ALL = [task for lesson in lessons() for task in exercises(lesson)]
#: nbgrader's own pattern of a grade id (its metadata schema, version 3).
NBGRADER_ID = re.compile(r"^[a-zA-Z0-9_\-]*$")


@pytest.fixture(autouse=True)
def _fresh_tries() -> Iterator[None]:
    reset_tries()
    yield
    reset_tries()


def read(path: Path) -> dict[str, Any]:
    notebook: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return notebook


def blank_function(*args: object) -> None:
    """What the learner's edition leaves: a function whose body is ``...``."""


def not_implemented(*args: object) -> None:
    """What nbgrader's release leaves: a function that raises ``NotImplementedError``."""
    raise NotImplementedError


def test_grade_passes_the_right_answer_and_fails_blanks_and_every_wrong_answer(
        capsys: pytest.CaptureFixture[str]) -> None:
    @each_task(ALL)
    def grades(task: Task) -> None:
        capsys.readouterr()  # what this exercise's grade prints, not the one before
        grade(task.id, task.example())
        mark = GUESS_MARK if isinstance(task, Prediction) else "✔"  # a guess is taken, not right
        assert capsys.readouterr().out.startswith(f"{task.id} {mark}")
        blanks: list[object] = [..., None]
        if isinstance(task, CodeExercise):
            blanks += [blank_function, not_implemented]
        for answer in [*blanks, *task.wrong_answers()]:
            with pytest.raises(WrongAnswerError) as failed:
                grade(task.id, answer)
            assert tries(task.id) == 0, "grading is not a try: the hints stay where they were"
            assert str(failed.value) == str(check(task.id, answer))  # check itself never raises
            reset_tries()

    grades()


@each_task([task for task in ALL if isinstance(task, Prediction)])
def test_a_prediction_earns_its_participation_point_for_any_guess_in_range(task: Prediction
                                                                           ) -> None:
    assert points(task) == PREDICTION_POINTS == 1
    assert task.bounds is not None
    low, high = task.bounds
    for guess in (low, (low + high) / 2, high):
        grade(task.id, guess)
    wrong: tuple[object, ...] = (low - 1, high + 1, "no idea")
    for answer in wrong:
        with pytest.raises(WrongAnswerError):
            grade(task.id, answer)


def test_an_exercise_with_a_right_answer_is_worth_more_than_a_prediction() -> None:
    assert {points(task) for task in ALL if not isinstance(task, Prediction)} == {
        RIGHT_ANSWER_POINTS} and RIGHT_ANSWER_POINTS > PREDICTION_POINTS


def test_grade_hears_no_warning_and_writes_nothing_to_stderr(
        capsys: pytest.CaptureFixture[str]) -> None:
    """nbgrader takes any error output of a graded cell for a failure: a right answer that
    warns still earns its points."""
    reference = exercise("01.3").example()
    assert callable(reference)

    def noisy(dice: tuple[int, ...]) -> object:
        warnings.warn("a learner's warning", UserWarning, stacklevel=1)
        return reference(dice)

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        grade("01.3", noisy)
    assert capsys.readouterr().err == ""


def test_grade_ids_are_nbgraders_and_name_the_exercise() -> None:
    assert answer_cell_id("02.1") == "ex02_1" and graded_cell_id("02.1") == "ex02_1_test"
    ids = [f(task.id) for task in ALL for f in (answer_cell_id, graded_cell_id)]
    assert all(NBGRADER_ID.match(grade_id) for grade_id in ids)
    assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("path", TEACHERS, ids=lambda p: p.name)
def test_the_course_notebook_grades_every_exercise_after_its_check(path: Path) -> None:
    teacher = read(path)
    course = course_notebook(teacher)
    cells = course["cells"]
    kept = [cell for cell in cells if not cell["metadata"].get("nbgrader", {}).get("grade")]
    assert len(kept) == len(teacher["cells"]), "only graded cells are added"
    assert sum(is_teacher_note(cell) for cell in cells) == sum(
        is_teacher_note(cell) for cell in teacher["cells"]) > 0
    for task in exercises(path.name[:2]):
        answer = next(n for n, cell in enumerate(cells)
                      if is_solution_cell(cell)
                      and cell["metadata"]["nbgrader"]["grade_id"] == answer_cell_id(task.id))
        graded = next(n for n, cell in enumerate(cells)
                      if cell["metadata"].get("nbgrader", {}).get("grade_id")
                      == graded_cell_id(task.id))
        checked = [name for cell in cells[answer:graded] if cell["cell_type"] == "code"
                   for exercise_id, name in checked_answers(source(cell))
                   if exercise_id == task.id]
        assert answer < graded and len(checked) == 1
        assert checked_answers(source(cells[graded - 1]))[-1][0] == task.id  # right after it
        metadata = cells[graded]["metadata"]["nbgrader"]
        assert metadata["locked"] and metadata["points"] == points(task)
        assert source(cells[graded]) == ("from yacht_edu.lessons import grade\n\n"
                                         f'grade("{task.id}", globals().get("{checked[0]}", ...))')
        # the blank the learner's edition gives comes first, so the graded cell reads it
        blanks = [line for line in blank_regions(source(cells[answer])).split("\n")
                  if re.fullmatch(r"\w+ = \.\.\.", line)]
        assert set(blanks) <= set(source(cells[answer]).split("\n"))
        assert f"{checked[0]} = ..." in blanks or f"def {checked[0]}(" in source(cells[answer])
    assert all(not cell.get("outputs") for cell in cells if cell["cell_type"] == "code")
    assert course["metadata"]["yacht_edu"] == {"edition": "nbgrader"}
    assert teacher == read(path), "the teacher's notebook itself is left as it was"


def test_blanks_come_first_only_at_the_top_level() -> None:
    function = "def f(x):\n    ### BEGIN SOLUTION\n    return x\n    ### END SOLUTION"
    assert with_blanks_first(function) == function
    region = "import math\n### BEGIN SOLUTION\np = 1\nanswer = p / 2\n### END SOLUTION"
    assert with_blanks_first(region) == region.replace("### BEGIN", "p = ...\nanswer = ...\n"
                                                       "### BEGIN")


def test_the_course_refuses_an_answer_without_its_check() -> None:
    def code(text: str, **metadata: Any) -> dict[str, Any]:
        return {"cell_type": "code", "metadata": metadata, "source": text, "outputs": []}

    solution = {"solution": True, "grade_id": "01.1", "grade": False, "locked": False,
                "schema_version": 3, "task": False}
    answer = code("### BEGIN SOLUTION\nanswer = 28\n### END SOLUTION", nbgrader=solution)
    with pytest.raises(EditionError):
        course_notebook({"cells": [answer], "metadata": {}})
    with pytest.raises(EditionError):  # the check must name the answer's variable
        course_notebook({"cells": [answer, code('check("01.1", 20 + 8)')], "metadata": {}})
    graded = course_notebook({"cells": [answer, code('check("01.1", answer)')], "metadata": {}})
    assert [cell["metadata"].get("nbgrader", {}).get("grade_id") for cell in graded["cells"]] == [
        "ex01_1", None, "ex01_1_test"]


def test_build_nbgrader_writes_the_course_and_keeps_the_teachers_configuration(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    course = tmp_path / "course"
    command = ["--teacher", str(TEACHER), "--nbgrader", str(course),
               "--course", "yacht101"]
    assert main(command) == 0
    written = sorted(course.rglob("*.*"))
    assert written == sorted([course / "nbgrader_config.py", *(
        course / "source" / f"lesson{path.name[:2]}" / path.name for path in TEACHERS)])
    config = (course / "nbgrader_config.py").read_text(encoding="utf-8")
    assert config == CONFIG.format(course="yacht101", tag=TEACHER_TAG)
    assert 'course_id = "yacht101"' in config and '{"teacher"}' in config
    compile(config, "nbgrader_config.py", "exec")
    (course / "nbgrader_config.py").write_text(config + "c.Exchange.root = '/srv'\n")
    capsys.readouterr()
    assert main(command) == 0
    assert capsys.readouterr().out == "", "nothing changed: nothing written"
    assert (course / "nbgrader_config.py").read_text().endswith("'/srv'\n")
    with pytest.raises(SystemExit):
        main([*command, "--check"])


def test_a_teachers_clone_with_the_lab_extra_builds_the_course_without_polib(
        tmp_path: Path) -> None:
    """docs/teaching.md, Grading with nbgrader: a teacher installs the clone as the README says
    (the ``lab`` extra, no polib: only the translations' check needs it) and builds the course
    from the clone's folder with ``python -m tools.build --nbgrader``."""
    code = ("import sys\nsys.modules['polib'] = None  # as in an install without it\n"
            "from tools.build import main\n"
            f"sys.exit(main(['--nbgrader', {str(tmp_path / 'course')!r}]))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert len(list((tmp_path / "course" / "source").glob("lesson*/*.ipynb"))) == len(TEACHERS)


def test_a_graded_wrong_answer_shows_the_hint_of_the_try_made_not_the_next() -> None:
    """The audit's finding 4 (lessons-audit-3.md): one wrong check then the graded cell showed
    hint 2. Now the graded cell shows the hint of the tries made: hint 1 after none or one."""
    task = exercise("02.3")
    first, second = (t(hint) for hint in task.hints[:2])
    with pytest.raises(WrongAnswerError) as never_checked:
        grade(task.id, 30)
    assert first in str(never_checked.value) and second not in str(never_checked.value)
    assert first in check(task.id, 30).message and tries(task.id) == 1
    with pytest.raises(WrongAnswerError) as after_one:
        grade(task.id, 30)
    assert first in str(after_one.value) and second not in str(after_one.value)
    assert tries(task.id) == 1
    check(task.id, 30)
    with pytest.raises(WrongAnswerError) as after_two:
        grade(task.id, 30)
    assert second in str(after_two.value) and tries(task.id) == 2
    reset_tries()
