"""Graded for marks: ``grade()`` fails unless the answer is right; ``check()`` never fails."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator

import pytest

from yacht_edu.lessons import (
    CodeExercise,
    Prediction,
    Task,
    WrongAnswerError,
    check,
    exercise,
    exercises,
    grade,
    lessons,
    reset_tries,
    tries,
)
from yacht_edu.lessons.grading import (
    PREDICTION_POINTS,
    RIGHT_ANSWER_POINTS,
    answer_cell_id,
    graded_cell_id,
    points,
)

ALL = [task for lesson in lessons() for task in exercises(lesson)]
IDS = [task.id for task in ALL]
#: nbgrader's own pattern of a grade id (its metadata schema, version 3).
NBGRADER_ID = re.compile(r"^[a-zA-Z0-9_\-]*$")


@pytest.fixture(autouse=True)
def _fresh_tries() -> Iterator[None]:
    reset_tries()
    yield
    reset_tries()


def blank_function(*args: object) -> None:
    """What the learner's edition leaves: a function whose body is ``...``."""


def not_implemented(*args: object) -> None:
    """What nbgrader's release leaves: a function that raises ``NotImplementedError``."""
    raise NotImplementedError


@pytest.mark.parametrize("task", ALL, ids=IDS)
def test_grade_passes_the_right_answer_and_fails_blanks_and_every_wrong_answer(
        task: Task, capsys: pytest.CaptureFixture[str]) -> None:
    grade(task.id, task.example())
    assert capsys.readouterr().out.startswith(f"{task.id} ✔")
    blanks: list[object] = [..., None]
    if isinstance(task, CodeExercise):
        blanks += [blank_function, not_implemented]
    for answer in [*blanks, *task.wrong_answers()]:
        with pytest.raises(WrongAnswerError) as failed:
            grade(task.id, answer)
        assert tries(task.id) == 0, "grading is not a try: the hints stay where they were"
        assert str(failed.value) == str(check(task.id, answer))  # check itself never raises
        reset_tries()


@pytest.mark.parametrize("task", [task for task in ALL if isinstance(task, Prediction)],
                         ids=lambda task: task.id)
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
