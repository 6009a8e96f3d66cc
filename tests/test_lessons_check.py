"""``yacht_edu.lessons.check`` on every exercise of every lesson: right answers pass in every
accepted form, blanks are "not answered yet", plausible wrong answers get a hint, the named
misconceptions are recognised, and every message exists in all five languages."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from fractions import Fraction

import pytest
import sympy as sp

from yacht_edu.display.numbers import with_decimal
from yacht_edu.i18n import LANGUAGES, catalog, language, t
from yacht_edu.lessons import (
    CodeExercise,
    Exercise,
    Prediction,
    Task,
    UnknownExerciseError,
    UnknownLessonError,
    WrongAnswerError,
    check,
    exercise,
    exercises,
    lessons,
    reset_tries,
    tries,
)
from yacht_edu.lessons.answers import exact
from yacht_edu.lessons.feedback import STRICT
from yacht_edu.locale import check as locale_check

ALL = [task for lesson in lessons() for task in exercises(lesson)]
IDS = [task.id for task in ALL]


@pytest.fixture(autouse=True)
def _fresh_tries() -> Iterator[None]:
    """Each test counts its own wrong tries, and leaves none behind for the next."""
    reset_tries()
    yield
    reset_tries()


def blank_function(*args: object) -> None:
    """What the learner's edition leaves: a function whose body is ``...``."""


def test_every_lesson_with_exercises_has_three_to_six() -> None:
    for lesson in lessons():
        assert 3 <= len(exercises(lesson)) <= 6, lesson


def test_every_lesson_predicts_first_and_writes_code() -> None:
    for lesson in lessons():
        kinds = {type(task) for task in exercises(lesson)}
        assert Prediction in kinds, f"lesson {lesson} has no predict-first exercise"
        assert CodeExercise in kinds, f"lesson {lesson} has no exercise to write code for"


@pytest.mark.parametrize("task", ALL, ids=IDS)
def test_the_right_answer_is_right(task: Task) -> None:
    feedback = check(task.id, task.example())
    assert feedback.correct is True, feedback.message
    assert feedback.answered and feedback.tries == 0


@pytest.mark.parametrize("task", ALL, ids=IDS)
def test_a_blank_is_not_answered_yet_never_wrong(task: Task) -> None:
    blank = blank_function if isinstance(task, CodeExercise) else ...
    feedback = check(task.id, blank)
    assert feedback.correct is None and not feedback.answered
    assert feedback.message in (t("lessons.not_answered"), t("lessons.code.not_written"))
    assert tries(task.id) == 0


@pytest.mark.parametrize("task", ALL, ids=IDS)
def test_plausible_wrong_answers_are_rejected_with_a_hint(task: Task) -> None:
    wrong = task.wrong_answers()
    assert len(wrong) >= 2, f"{task.id}: name at least two plausible wrong answers"
    for answer in wrong:
        feedback = check(task.id, answer)
        assert feedback.correct is False, (task.id, answer)
        # "Not yet." and then something to act on: a hint, a named mistake or what is wrong
        assert feedback.message.startswith(t("lessons.not_yet"))
        assert len(feedback.message) > len(t("lessons.not_yet")) + 10


@pytest.mark.parametrize("task", ALL, ids=IDS)
def test_named_misconceptions_are_recognised(task: Task) -> None:
    for mistake in task.misconceptions:
        feedback = check(task.id, mistake.value())
        assert feedback.correct is False
        assert feedback.misconception == mistake.name
        assert t(f"misconception.{mistake.name}") in feedback.message


@pytest.mark.parametrize("task", ALL, ids=IDS)
def test_hints_go_from_general_to_specific(task: Task) -> None:
    wrong = task.wrong_answers()
    plain = [answer for answer in wrong if check(task.id, answer).misconception is None]
    reset_tries()
    if len(task.hints) < 2 or not plain:
        return
    messages = [check(task.id, plain[0]).message for _ in task.hints]
    for number, (hint, shown) in enumerate(zip(task.hints, messages, strict=True), start=1):
        assert t(hint) in shown, f"try {number} of {task.id} shows {hint}"
    assert tries(task.id) == len(task.hints)


@pytest.mark.parametrize("task", [task for task in ALL if isinstance(task, Exercise)
                                  and exact(task.example()) is not None], ids=lambda t: t.id)
def test_equivalent_forms_are_accepted(task: Exercise) -> None:
    value = exact(task.example())
    assert value is not None
    forms: list[object] = [value, sp.Rational(value.numerator, value.denominator),
                           f"{value.numerator}/{value.denominator}", str(value)]
    if value.denominator == 1:
        forms.append(int(value))
    if task.decimals is not None:
        forms += [round(float(value), task.decimals), f"{float(value):.{task.decimals}f}"]
    for form in forms:
        assert check(task.id, form).correct is True, (task.id, form)


def rounded_by_four_places(task: Task) -> bool:
    """True for an exact answer that 4 decimal places only round (not 17/4 = 4.25)."""
    value = exact(task.example())
    return value is not None and Fraction(round(float(value), 4)) != value


@pytest.mark.parametrize("task", [task for task in ALL if isinstance(task, Exercise)
                                  and task.decimals is None and rounded_by_four_places(task)],
                         ids=lambda t: t.id)
def test_a_rounded_decimal_asks_for_the_exact_value(task: Exercise) -> None:
    value = exact(task.example())
    assert value is not None
    feedback = check(task.id, round(float(value), 4))
    assert feedback.correct is False and t("lessons.not_exact") in feedback.message
    assert tries(task.id) == 0  # a form to fix, not a wrong try


def msgids(task: Task) -> list[str]:
    ids = [*task.hints, *(f"misconception.{m.name}" for m in task.misconceptions)]
    return ids + [msgid for msgid in (f"lesson.{task.id}.right",) if msgid in catalog("en")]


def test_each_misconception_is_named_by_one_lesson_or_shared() -> None:
    """One id, one message: a lesson's own mistake is named by that lesson only and worded in
    its catalog part, so no exercise shows another lesson's words; a mistake several lessons
    name is worded once, for all, in lessons.po."""
    lessons_naming: dict[str, set[str]] = defaultdict(set)
    for task in ALL:
        for mistake in task.misconceptions:
            lessons_naming[f"misconception.{mistake.name}"].add(task.lesson)
    shared = locale_check.english("lessons")
    for msgid, where in lessons_naming.items():
        parts = [part for part in locale_check.parts() if msgid in locale_check.english(part)]
        assert len(parts) == 1, (msgid, parts)
        assert parts == ["lessons"] or parts == [f"lesson_{lesson}" for lesson in where], (
            msgid, where, parts)
    assert "misconception.added_overlapping" in shared


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_message_exists_in_every_language(lang: str) -> None:
    generic = [msgid for msgid in catalog("en") if msgid.startswith("lessons.")]
    needed = generic + [msgid for task in ALL for msgid in msgids(task)]
    assert all(msgid in catalog("en") for msgid in needed)
    assert [msgid for msgid in needed if not catalog(lang).get(msgid)] == []


def test_messages_speak_the_session_language_or_lang() -> None:
    first = ALL[0]
    assert check(first.id, ..., lang="kn").message == t("lessons.not_answered", "kn")
    with language("bn"):
        assert check(first.id, ...).message == t("lessons.not_answered", "bn")
        assert check(first.id, ...).lang == "bn"


def test_an_unknown_exercise_lists_the_ids_of_its_lesson() -> None:
    first = ALL[0]
    with pytest.raises(UnknownExerciseError) as raised:
        check(f"{first.lesson}.99", 1)
    assert all(task.id in str(raised.value) for task in exercises(first.lesson))
    with pytest.raises(UnknownExerciseError, match=r"02\.3"):
        exercise("2.3")
    with pytest.raises(UnknownLessonError, match=first.lesson):
        check("99.1", 1)


def test_a_code_exercise_reports_the_first_input_where_it_differs() -> None:
    task = next(task for task in ALL if isinstance(task, CodeExercise))
    cases = list(task.inputs())

    def off_by_one(*args: object) -> object:
        value = task.reference(*args)
        return value + 1 if isinstance(value, int) else value

    feedback = check(task.id, off_by_one)
    first = ", ".join(str(a) for a in cases[0])
    assert feedback.correct is False and first in feedback.message

    def broken(*args: object) -> object:
        raise ZeroDivisionError("oops")

    assert "ZeroDivisionError" in check(task.id, broken).message
    assert t("lessons.code.not_a_function", answer="3") in check(task.id, 3).message


def test_a_prediction_compares_the_guess_with_the_value() -> None:
    task = next(task for task in ALL if isinstance(task, Prediction))
    value = exact(task.example())
    assert value is not None
    half, near = value / 2, value * Fraction(21, 20)
    shown = with_decimal(value)
    assert check(task.id, half).message == t("lessons.predict.low", guess=str(half), value=shown)
    assert check(task.id, near).message == t("lessons.predict.close", guess=str(near), value=shown)
    assert check(task.id, half).correct is check(task.id, near).correct is True


def test_feedback_shows_as_a_coloured_box_right_to_left_in_urdu() -> None:
    first = ALL[0]
    html = check(first.id, first.example(), lang="ur")._repr_html_()
    assert 'class="yacht-feedback yacht-feedback-right"' in html and 'dir="rtl"' in html
    blank = check(first.id, ...)._repr_html_()
    assert "yacht-feedback-blank" in blank and "&lt;" not in t("lessons.not_answered")


def test_under_test_a_wrong_answer_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(STRICT, "1")
    task = ALL[0]
    assert check(task.id, ...).correct is None  # blanks stay fine
    with pytest.raises(WrongAnswerError):
        check(task.id, task.wrong_answers()[0])


@pytest.mark.parametrize("task", [task for task in ALL if isinstance(task, Exercise)
                                  and isinstance(task.example(), tuple)], ids=lambda t: t.id)
def test_a_tuple_may_be_a_list_or_a_matrix_row_but_not_rounded(task: Exercise) -> None:
    value = task.example()
    assert isinstance(value, tuple)
    assert check(task.id, list(value)).correct is True
    if all(exact(v) is not None for v in value):
        assert check(task.id, sp.Matrix([list(value)])).correct is True
        rounded = tuple(round(float(exact(v) or 0), 4) for v in value)
        if any(Fraction(r) != exact(v) for r, v in zip(rounded, value, strict=True)):
            assert t("lessons.not_exact") in check(task.id, rounded).message  # not (24.0, 26.0)
