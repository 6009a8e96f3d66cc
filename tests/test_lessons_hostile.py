"""``check`` never crashes: whatever a learner hands an exercise — NaN, an infinity, a number of
5,000 digits, an object that raises when it is compared or written out, a function that raises,
loops or ends Python — the answer is a Feedback with a message the learner can act on, in their
language.  A learner's function runs where it can be stopped (:mod:`yacht_edu.guard`), after the
lessons' time limit, which the message states.
"""

from __future__ import annotations

import importlib
import os
import time
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from tests.helpers.examples import examples
from tests.helpers.grid import each_task
from tests.helpers.hostile import (
    HOSTILE,
    RAISING,
    NumberThatRaises,
    hostile_answers,
    returning,
)
from yacht_edu import guard
from yacht_edu.i18n import LANGUAGES, Given, t
from yacht_edu.lessons import check, exercises, lessons
from yacht_edu.lessons.exercise import CodeExercise, Exercise, Task
from yacht_edu.lessons.feedback import Feedback, reset_tries, tries

#: The module (the package's ``exercise`` is the function of that name).
exercise_module = importlib.import_module("yacht_edu.lessons.exercise")
ALL = [task for lesson in lessons() for task in exercises(lesson)]
IDS = [task.id for task in ALL]
CODE = [task for task in ALL if isinstance(task, CodeExercise)]


@pytest.fixture(autouse=True)
def _fresh_tries() -> Iterator[None]:
    reset_tries()
    yield
    reset_tries()


def answers_sensibly(task: Task, answer: Any, lang: str = "en") -> Feedback:
    """``check`` gives a Feedback whose message is printable text in ``lang``."""
    feedback = check(task.id, answer, lang=lang)
    assert isinstance(feedback, Feedback) and feedback.exercise == task.id
    assert feedback.correct in (True, False, None)
    assert feedback.message and isinstance(feedback.message, str)
    feedback.message.encode("utf-8")  # no lone surrogate
    assert len(feedback.message) < 2000, feedback.message[:200]
    if feedback.correct is False:
        assert feedback.message.startswith(t("lessons.not_yet", lang))
    return feedback


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(answer=hostile_answers())
@pytest.mark.parametrize("task", ALL, ids=IDS)
def test_check_answers_every_hostile_value_with_a_feedback(task: Task, answer: Any) -> None:
    """Every exercise, every hostile value (a code exercise also gets it from a function)."""
    answers_sensibly(task, answer)
    if isinstance(task, CodeExercise) and not callable(answer):
        answers_sensibly(task, returning(answer))


@pytest.mark.slow  # every exercise with every named value: about 30 s in all
@pytest.mark.parametrize("task", ALL, ids=IDS)
def test_check_answers_each_named_hostile_value(task: Task) -> None:
    """The values the issue names, every one at every exercise (Hypothesis may miss some)."""
    for answer in [*HOSTILE, *RAISING]:
        answers_sensibly(task, answer)
    for answer in HOSTILE if isinstance(task, CodeExercise) else ():
        answers_sensibly(task, returning(answer))


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("answer", [float("nan"), float("inf"), -float("inf"),
                                    (1, float("nan"))], ids=["nan", "inf", "-inf", "in-tuple"])
def test_nan_and_infinity_say_where_they_come_from_and_are_no_try(answer: Any, lang: str) -> None:
    for task in [task for task in ALL if not isinstance(task, CodeExercise)]:
        feedback = answers_sensibly(task, answer, lang)
        assert feedback.correct is False and tries(task.id) == 0
        assert t("lessons.not_finite", lang, answer=str(answer)) in feedback.message
        assert not any(t(hint, lang) in feedback.message for hint in task.hints)


@each_task(CODE)
def test_a_function_returning_nan_is_told_so(task: CodeExercise) -> None:
    feedback = answers_sensibly(task, returning(float("nan")))
    assert feedback.correct is False
    assert "nan" in feedback.message and "0/0" in feedback.message


@each_task(ALL)
def test_a_number_too_long_to_write_is_described(task: Task) -> None:
    for answer in (10**5000, returning(10**5000)):
        feedback = answers_sensibly(task, answer)
        assert "10000000000" not in feedback.message
    if isinstance(task, CodeExercise):
        assert "5001" in check(task.id, returning(10**5000)).message


RAISING_OBJECTS = [answer for answer in HOSTILE
                   if type(answer).__module__ == "tests.helpers.hostile"
                   or (isinstance(answer, (tuple, list)) and answer
                       and type(answer[0]).__module__ == "tests.helpers.hostile")]


@each_task([task for task in ALL if isinstance(task, Exercise)])
def test_values_that_raise_are_refused_not_crashes(task: Exercise) -> None:
    assert len(RAISING_OBJECTS) == 8
    for answer in RAISING_OBJECTS:
        feedback = answers_sensibly(task, answer)
        assert feedback.correct is False or isinstance(answer, NumberThatRaises)


@each_task(CODE)
def test_a_function_that_raises_names_its_error_and_the_input(task: CodeExercise) -> None:
    first = guard.shown_input(next(iter(task.inputs())))
    for function, name in zip(RAISING[:6], ["ZeroDivisionError", "RecursionError", "SystemExit",
                                            "KeyboardInterrupt", "GeneratorExit", "RefusalError"],
                              strict=True):
        feedback = answers_sensibly(task, function)
        assert feedback.correct is False and name in feedback.message
        assert first in feedback.message


def endless(*args: Any) -> Any:
    """A loop no exception ends: it swallows every one, an interrupt too."""
    while True:
        try:
            time.sleep(0.01)
        except BaseException:
            continue


@pytest.mark.slow  # about a second or more (the fast loop keeps under a minute and a quarter)
@pytest.mark.parametrize("task", CODE, ids=lambda task: task.id)
def test_a_function_that_loops_is_stopped_at_the_time_limit(
        task: CodeExercise, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(exercise_module, "EXERCISE_SECONDS", 0.5)
    started = time.monotonic()
    feedback = answers_sensibly(task, endless)
    assert time.monotonic() - started < 5
    first = guard.shown_input(next(iter(task.inputs())))
    assert feedback.correct is False
    assert t("guard.error.too_slow", function="endless", seconds="0.5", input=first) in (
        feedback.message)
    assert tries(task.id) == 1  # a wrong try: the function must change


@pytest.mark.slow  # about a second or more (the fast loop keeps under a minute and a quarter)
def test_a_function_too_slow_for_all_its_inputs_is_stopped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(exercise_module, "EXERCISE_SECONDS", 0.5)
    task = max(CODE, key=lambda task: len(list(task.inputs())))

    def slow(*args: Any) -> Any:
        time.sleep(0.1)
        return task.reference(*args)

    started = time.monotonic()
    feedback = answers_sensibly(task, slow)
    assert time.monotonic() - started < 5
    assert feedback.correct is False and "0.5" in feedback.message


def test_the_time_limit_is_a_few_seconds_and_said_in_the_message() -> None:
    assert 2 <= exercise_module.EXERCISE_SECONDS <= 10
    seconds = f"{exercise_module.EXERCISE_SECONDS:g}"
    message = t("guard.error.too_slow", function="f", seconds=seconds, input="(1, 2)")
    assert f"{exercise_module.EXERCISE_SECONDS:g} seconds" in message


def test_a_function_that_ends_python_is_told_so() -> None:
    task = CODE[0]

    def ends(*args: Any) -> Any:
        os._exit(0)

    feedback = answers_sensibly(task, ends)
    first = guard.shown_input(next(iter(task.inputs())))
    assert feedback.correct is False
    assert t("guard.error.stopped", function="ends", code=Given(0), input=first) in (
        feedback.message)


def test_what_the_function_prints_is_shown_here(capsys: pytest.CaptureFixture[str]) -> None:
    task = CODE[0]
    first = next(iter(task.inputs()))

    def chatty(*args: Any) -> Any:
        print("looking at", *args)
        return task.reference(*args)

    assert check(task.id, chatty).correct is True
    assert f"looking at {' '.join(map(str, first))}" in capsys.readouterr().out


def test_the_child_leaves_the_learners_session_as_it_was() -> None:
    """What the function changes (a global, a list it appends to) stays in the child."""
    task = CODE[0]
    seen: list[object] = []

    def remembers(*args: Any) -> Any:
        seen.append(args)
        return task.reference(*args)

    assert check(task.id, remembers).correct is True
    assert seen == []


def test_without_fork_the_function_runs_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(os, "fork")
    task = CODE[0]
    assert check(task.id, task.reference).correct is True
    feedback = check(task.id, RAISING[0])
    assert feedback.correct is False and "ZeroDivisionError" in feedback.message
