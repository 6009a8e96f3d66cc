"""``yacht_edu.lessons.check`` on every exercise of every lesson: right answers pass in every
accepted form, blanks are "not answered yet", plausible wrong answers get a hint, the named
misconceptions are recognised, and every message exists in all five languages."""

from __future__ import annotations

import importlib
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from fractions import Fraction

import pytest
import sympy as sp

from tests.helpers.grid import each_task, each_task_in_each_language
from tools import catalogs as locale_check
from yacht_edu.display.numbers import decimal, fraction, percent, with_decimal
from yacht_edu.i18n import LANGUAGES, catalog, language, t, tn
from yacht_edu.lessons import check, exercise, exercises, lessons
from yacht_edu.lessons.answers import answer_text, exact, rounded_places
from yacht_edu.lessons.errors import UnknownExerciseError, UnknownLessonError
from yacht_edu.lessons.exercise import CodeExercise, Exercise, Prediction, Task, register
from yacht_edu.lessons.feedback import GUESS_MARK, STRICT, WrongAnswerError, reset_tries, tries

ALL = [task for lesson in lessons() for task in exercises(lesson)]
EXERCISES = [task for task in ALL if isinstance(task, Exercise)]
CODE = [task for task in ALL if isinstance(task, CodeExercise)]


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


@each_task(ALL)
def test_the_right_answer_is_right(task: Task) -> None:
    feedback = check(task.id, task.example())
    assert feedback.correct is True, feedback.message
    assert feedback.answered and feedback.tries == 0


@each_task(ALL)
def test_a_blank_is_not_answered_yet_never_wrong(task: Task) -> None:
    blank = blank_function if isinstance(task, CodeExercise) else ...
    feedback = check(task.id, blank)
    assert feedback.correct is None and not feedback.answered
    assert feedback.message in (t("lessons.not_answered"), t("lessons.code.not_written"))
    assert tries(task.id) == 0


@each_task(ALL)
def test_plausible_wrong_answers_are_rejected_with_a_hint(task: Task) -> None:
    wrong = task.wrong_answers()
    assert len(wrong) >= 2, f"{task.id}: name at least two plausible wrong answers"
    for answer in wrong:
        feedback = check(task.id, answer)
        assert feedback.correct is False, (task.id, answer)
        # "Not yet." and then something to act on: a hint, a named mistake or what is wrong
        assert feedback.message.startswith(t("lessons.not_yet"))
        assert len(feedback.message) > len(t("lessons.not_yet")) + 10


@each_task(ALL)
def test_named_misconceptions_are_recognised(task: Task) -> None:
    for mistake in task.misconceptions:
        feedback = check(task.id, mistake.value())
        assert feedback.correct is False
        assert feedback.misconception == mistake.name
        assert t(f"misconception.{mistake.name}") in feedback.message


@each_task(ALL)
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


@each_task(EXERCISES)
def test_equivalent_forms_are_accepted(task: Exercise) -> None:
    value = exact(task.example())
    if value is None:  # a tuple or a word: the answer itself is the one form
        assert check(task.id, task.example()).correct is True
        return
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


def no_hint_in(task: Task, message: str) -> bool:
    """True when none of the exercise's hints (its logic) is in the message."""
    return not any(t(hint) in message for hint in task.hints)


# The exercises a test is for are chosen when it runs, not when it is collected (in every pytest
# process): some examples take seconds to work out.
@each_task(lambda: [task for task in EXERCISES
                    if task.decimals is None and rounded_by_four_places(task)])
def test_a_rounded_decimal_asks_for_the_exact_value(task: Exercise) -> None:
    """A decimal where the exact value is asked is a form to fix, never a wrong try, and shows
    no hint; when it is the right value rounded (to a tenth of itself or better), it says so."""
    value = exact(task.example())
    assert value is not None
    answer = round(float(value), 4)
    feedback = check(task.id, answer)
    assert feedback.correct is False and tries(task.id) == 0 and no_hint_in(task, feedback.message)
    if rounded_places(answer, value) is not None:
        assert t("lessons.form.fraction") in feedback.message
    else:  # 0.0001 for 1/7776: too coarse to call it the right value
        assert t("lessons.not_exact") in feedback.message


@each_task(lambda: [task for task in EXERCISES
                    if task.decimals is None and exact(task.example()) is not None
                    and Fraction(float(task.example())) != task.example()])  # type: ignore[arg-type]
def test_the_right_value_as_a_float_is_right_and_asked_as_a_fraction(task: Exercise) -> None:
    """4.2 for 21/5, 12.64 for 455/36: "right value; now give it as an exact fraction"."""
    value = exact(task.example())
    assert value is not None
    for answer in (float(value), round(float(value), 6), f"{float(value):.6f}"):
        feedback = check(task.id, answer)
        assert feedback.correct is False and t("lessons.form.fraction") in feedback.message
        assert no_hint_in(task, feedback.message) and feedback.misconception is None
    assert tries(task.id) == 0


@each_task([task for task in EXERCISES if task.decimals is not None])
def test_too_few_decimal_places_are_right_and_asked_to_the_places(task: Exercise) -> None:
    """0.598 where four places are asked: right value, give it to 4 decimal places."""
    value = exact(task.example())
    assert value is not None and task.decimals is not None
    fewer = round(float(value), task.decimals - 1)
    feedback = check(task.id, fewer)
    if feedback.correct or rounded_places(fewer, value) is None or feedback.misconception:
        return  # 0.046 is 0.0460; too coarse to be the value; or a named mistake
    assert feedback.correct is False and no_hint_in(task, feedback.message)
    assert tn("lessons.form.places", task.decimals) in feedback.message and tries(task.id) == 0


def test_the_forms_the_issue_names() -> None:
    """4.2 for 21/5, 12.64 for 455/36 at two places, 0.598 for 0.5978 at three: roundings of
    the right value; 12.65 and 0.597 are not."""
    assert rounded_places(4.2, Fraction(21, 5)) == 1
    assert rounded_places(12.64, Fraction(455, 36)) == 2
    assert rounded_places(0.598, Fraction(4651, 7776)) == 3
    assert rounded_places("0.5981", Fraction(4651, 7776)) == 4
    assert rounded_places(12.65, Fraction(455, 36)) is None
    assert rounded_places(0.597, Fraction(4651, 7776)) is None
    assert rounded_places(1, Fraction(4651, 7776), whole=True) is None  # 1 is not 0.598
    assert rounded_places(0.0, Fraction(1, 7776)) is None


@pytest.fixture
def keep_one_die(monkeypatch: pytest.MonkeyPatch) -> Exercise:
    """An exercise whose answer is a keep of one die, ``(5,)`` (no lesson asks for one now:
    08.4's keep has three dice), registered for the test only."""
    task = Exercise("08.99", expected=lambda: (5,),
                    hints=("lesson.08.4.hint.1", "lesson.08.4.hint.2"),
                    wrong_answers=lambda: ((5, 5), ()))
    registry = importlib.import_module("yacht_edu.lessons.exercise")
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    register(task)  # into the copy, which the test's end puts back
    return task


def test_the_value_for_a_tuple_of_one_asks_for_the_comma(keep_one_die: Exercise) -> None:
    """``answer = (5)`` is the number 5: right value, write (5,)."""
    task = keep_one_die
    example = task.example()
    assert isinstance(example, tuple)
    (value,) = example
    feedback = check(task.id, value)
    assert feedback.correct is False and tries(task.id) == 0
    assert t("lessons.form.one_tuple", tuple=answer_text((value,))) in feedback.message
    assert answer_text((value,)).endswith(",)") and no_hint_in(task, feedback.message)
    assert check(task.id, (value,)).correct is check(task.id, [value]).correct is True


def in_floats(task: CodeExercise) -> Callable[..., object]:
    """The package's function, worked out in floats (as ``a / b`` does)."""
    def in_a_float(value: object) -> object:
        number = exact(value)
        return value if number is None else float(number)

    def learner(*args: object) -> object:
        value = task.reference(*args)
        if isinstance(value, tuple):
            return tuple(in_a_float(part) for part in value)
        return in_a_float(value)
    return learner


def gives_fractions(task: CodeExercise) -> bool:
    return any(exact(part) is not None and exact(part).denominator > 1  # type: ignore[union-attr]
               for args in task.inputs() for value in [task.reference(*args)]
               for part in (value if isinstance(value, tuple) else (value,)))


@each_task(CODE)
def test_a_function_in_floats_is_right_and_asked_for_fractions(task: CodeExercise) -> None:
    """``sum(counts) / 6`` where a Fraction is expected: right values, work in fractions."""
    if not gives_fractions(task):  # whole numbers or floats are its right values already
        assert check(task.id, task.reference).correct is True
        return
    feedback = check(task.id, in_floats(task))
    assert feedback.correct is False and tries(task.id) == 0
    assert t("lessons.code.floats", input="", got="", expected="").split(":")[0] in (
        feedback.message)
    assert no_hint_in(task, feedback.message) and feedback.misconception is None


def msgids(task: Task) -> list[str]:
    ids = [*task.hints, *(f"misconception.{m.name}" for m in task.misconceptions)]
    return ids + [msgid for msgid in (f"lesson.{task.id}.right",) if msgid in catalog("en")]


@pytest.mark.slow  # about a second or more (the fast loop keeps under a minute and a quarter)
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


PREDICTIONS = [task for task in ALL if isinstance(task, Prediction)]


def test_a_prediction_compares_the_guess_with_the_value() -> None:
    task = PREDICTIONS[0]
    value = exact(task.example())
    assert value is not None
    half, near = value / 2, value * Fraction(21, 20)
    shown = with_decimal(value)
    assert check(task.id, half).message == t("lessons.predict.low", guess=str(half), value=shown)
    assert check(task.id, near).message == t("lessons.predict.close", guess=str(near), value=shown)
    assert check(task.id, half).correct is check(task.id, near).correct is True


@each_task(PREDICTIONS)
def test_a_guess_is_a_participation_shown_with_a_neutral_mark(task: Prediction) -> None:
    """Any guess in range is taken, too high or too low, never with a tick."""
    value = exact(task.example())
    assert value is not None and task.bounds is not None
    low, high = task.bounds
    for guess in {low, high, value, (low + value) / 2, (value + high) / 2}:
        feedback = check(task.id, guess)
        assert feedback.guess and feedback.correct is True and feedback.answered
        assert feedback.mark not in "✔✘" and "✔" not in str(feedback)
        assert str(feedback).startswith(f"{task.id} {GUESS_MARK} ")
        html = feedback._repr_html_()
        assert "yacht-feedback-guess" in html and "✔" not in html
    assert tries(task.id) == 0


def answer_forms(value: Fraction) -> list[str]:
    """The ways an answer is written (exact, a decimal to 2-4 places, a percent), each a number
    a message must not contain (whole numbers up to 12 are too common to count)."""
    forms = {fraction(value), *(decimal(value, places) for places in (2, 3, 4)),
             percent(value), percent(value, places=1), percent(value, places=2)}
    forms |= {form.replace(" %", "%") for form in forms}
    return sorted(form for form in forms if not (form.isdigit() and int(form) <= 12))


def shows(message: str, form: str) -> bool:
    """True when ``form`` is a whole number in ``message`` (not part of a longer one)."""
    return re.search(rf"(?<![\d./]){re.escape(form)}(?![\d]|\.\d|/\d)", message) is not None


@each_task_in_each_language(PREDICTIONS)
def test_a_guess_out_of_range_is_refused_without_giving_the_value_away(
        case: tuple[Prediction, str]) -> None:
    task, lang = case
    value = exact(task.example())
    assert value is not None and task.bounds is not None
    low, high = task.bounds
    assert low < value < high, "a bound that is the value would give it away"
    for guess in (low - 1, high + 1, high * 10):
        feedback = check(task.id, guess, lang=lang)
        assert feedback.correct is False and not feedback.guess and tries(task.id) == 0
        if (low, high) != (0, 1):  # the bounds are never named (a chance is between 0 and 1)
            assert not any(shows(feedback.message, fraction(bound)) for bound in (low, high))
        assert not any(shows(feedback.message, form) for form in answer_forms(value))


def test_feedback_shows_as_a_coloured_box_right_to_left_in_urdu() -> None:
    first = ALL[0]
    html = check(first.id, first.example(), lang="ur")._repr_html_()
    assert 'class="yacht-feedback yacht-feedback-right"' in html and 'dir="rtl"' in html
    blank = check(first.id, ...)._repr_html_()
    assert "yacht-feedback-blank" in blank and "&lt;" not in t("lessons.not_answered")
    assert "white-space:pre-wrap" in html  # a worked function keeps its lines


@each_task(ALL)
def test_none_says_that_print_gives_back_none(task: Task) -> None:
    """``answer = print(x)`` stores None: not a try, and the message says why."""
    feedback = check(task.id, None)
    assert feedback.correct is None and tries(task.id) == 0
    assert feedback.message == t("lessons.none_answer") and "print()" in feedback.message


@each_task(CODE)
def test_a_function_that_prints_instead_of_returning_is_told_so(task: CodeExercise) -> None:
    def prints(*args: object) -> None:
        print(task.reference(*args))

    feedback = check(task.id, prints)
    assert feedback.correct is False and tries(task.id) == 0
    first = ", ".join(answer_text(a) for a in next(iter(task.inputs())))
    assert t("lessons.code.returns_none", input=first) in feedback.message
    assert check(task.id, blank_function).correct is None  # the blank body is still a blank


def worked_answer_of(task: Task, lang: str = "en") -> str:
    method = t(f"lesson.{task.id}.solution", lang)
    value = task.answer_shown(lang)
    if value is None:
        return t("lessons.solution.code", lang, method=method)
    return t("lessons.solution", lang, value=value, method=method)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_exercise_has_its_worked_answer_in_every_language(lang: str) -> None:
    for task in ALL:
        msgid = f"lesson.{task.id}.solution"
        assert msgid in catalog("en") and catalog(lang).get(msgid), (lang, msgid)


@pytest.mark.slow  # every exercise asked three times, the code exercises run: about 11 s
@each_task(ALL)
def test_the_worked_answer_is_shown_when_asked(task: Task) -> None:
    """``check(id, ..., solution=True)``: the value the package computes and how it is found
    (for a code exercise, one way to write the function), in the learner's language."""
    for lang in ("en", "ur"):
        feedback = check(task.id, ..., lang=lang, solution=True)
        assert feedback.correct is None and feedback.message == worked_answer_of(task, lang)
    number = exact(task.example())
    if number is not None and not isinstance(task.example(), str):
        assert fraction(number) in feedback.message or "≈" in feedback.message
    right = check(task.id, task.example(), solution=True)
    assert right.correct is True and worked_answer_of(task) in right.message
    if isinstance(task, Exercise):
        wrong = [a for a in task.wrong_answers() if check(task.id, a).correct is False]
        reset_tries()
        feedback = check(task.id, wrong[0], solution=True)
        assert feedback.correct is False and tries(task.id) == 0  # asked: no try, no hint
        assert no_hint_in(task, feedback.message) and worked_answer_of(task) in feedback.message


def plain_wrong_answer(task: Task) -> object | None:
    """A wrong answer that gets the graded hints (no named mistake, no form to fix)."""
    for answer in task.wrong_answers():
        before = tries(task.id)
        feedback = check(task.id, answer)
        if feedback.misconception is None and tries(task.id) > before:
            reset_tries()
            return answer
    reset_tries()
    return None


@each_task(ALL)
def test_from_the_third_wrong_try_the_hint_says_how_to_see_the_worked_answer(task: Task) -> None:
    answer = plain_wrong_answer(task)
    if answer is None:
        return  # every wrong answer it names is a named mistake or a form to fix
    ask = t("lessons.ask_solution", exercise=task.id)
    messages = [check(task.id, answer).message for _ in range(4)]
    assert [ask in message for message in messages] == [False, False, True, True]
    assert "solution=True" in ask
    assert worked_answer_of(task) not in "".join(messages)  # the hint says how, it does not show


@each_task_in_each_language(ALL)
def test_the_first_two_hints_never_give_the_answer(case: tuple[Task, str]) -> None:
    """A hint at the first or second wrong try helps; it never holds the answer, in any form
    (exact, a decimal to 2-4 places, a percent), nor the worked answer's method; nor does a
    named mistake's message."""
    task, lang = case
    value = task.example()
    values = [exact(part) for part in (value if isinstance(value, tuple) else (value,))]
    forms = [form for number in values if number is not None for form in answer_forms(number)]
    method = t(f"lesson.{task.id}.solution", lang)
    texts = [t(hint, lang) for hint in task.hints[:2]]
    texts += [t(f"misconception.{mistake.name}", lang) for mistake in task.misconceptions]
    for text in texts:
        assert [form for form in forms if shows(text, form)] == [], text
        assert method not in text or len(method) < 8, text


@pytest.mark.slow  # checks every exercise's answer forms: about 2 s
def test_the_examples_in_generic_messages_are_no_exercises_answer() -> None:
    """The examples of the generic messages (5/12, Fraction(5, 12), 40) are no exercise's
    answer (an example must not be one, as 25/648 and 300 were)."""
    examples = {Fraction(5, 12), Fraction(40), Fraction(7)}
    for task in ALL:
        value = task.example()
        for part in value if isinstance(value, tuple) else (value,):
            assert exact(part) not in examples, task.id
    for msgid in ("lessons.unreadable", "lessons.not_exact", "lessons.form.fraction"):
        assert "5/12" in t(msgid) and "25/648" not in t(msgid)


def test_under_test_a_wrong_answer_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(STRICT, "1")
    task = ALL[0]
    assert check(task.id, ...).correct is None  # blanks stay fine
    with pytest.raises(WrongAnswerError):
        check(task.id, task.wrong_answers()[0])


@each_task(lambda: [task for task in EXERCISES if isinstance(task.example(), tuple)])
def test_a_tuple_may_be_a_list_or_a_matrix_row_but_not_rounded(task: Exercise) -> None:
    value = task.example()
    assert isinstance(value, tuple)
    assert check(task.id, list(value)).correct is True
    if all(exact(v) is not None for v in value):
        assert check(task.id, sp.Matrix([list(value)])).correct is True
        rounded = tuple(round(float(exact(v) or 0), 4) for v in value)
        if any(Fraction(r) != exact(v) for r, v in zip(rounded, value, strict=True)):
            feedback = check(task.id, rounded)  # the right values rounded: asked as fractions
            assert t("lessons.form.fractions") in feedback.message and tries(task.id) == 0
