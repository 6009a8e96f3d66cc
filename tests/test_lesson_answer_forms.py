"""A right answer in the form a learner writes it is right: a name in the learner's script, a
chance as a percentage, a keep in any order; and a function nbgrader left blank is not answered
yet, never a wrong try.

The reviews these come from: the third lessons audit, lessons-audit-3.md (§2.3, findings 3, 9, 10)
and the translation reviews (HL1, KL15: ``check("07.2", "आशा")`` in Hindi and
``check("07.2", "ಆಶಾ")`` in Kannada answered "not yet").
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction

import pytest

from tests.helpers.answer_forms import answer_forms, found_forms
from tests.helpers.editions import LEARNER
from tests.helpers.grid import each_task_in_each_language
from tools.prose import prose as lesson_prose
from yacht_edu.i18n import LANGUAGES, catalog, t
from yacht_edu.lessons import check, exercise, exercises, lessons
from yacht_edu.lessons.answers import exact, spellings
from yacht_edu.lessons.exercise import CodeExercise, Exercise, Prediction, Task
from yacht_edu.lessons.feedback import reset_tries, tries, worked_answer

ALL = [task for lesson in lessons() for task in exercises(lesson)]
#: The exercises whose value is a chance, where a percentage counted as a wrong try before
#: (lessons-audit-3.md §2.3: "02.5, 03.4, 06.4, 07.5, 08.2, 09.2, 09.4, 10.3, 10.5").
CHANCES = ("02.5", "03.4", "06.4", "07.5", "08.2", "09.2", "09.4", "10.3", "10.5")


@pytest.fixture(autouse=True)
def _fresh_tries() -> Iterator[None]:
    reset_tries()
    yield
    reset_tries()


def words_of(value: object) -> list[str]:
    """The words an answer holds: itself, or the words of a tuple."""
    parts = value if isinstance(value, tuple) else (value,)
    return [part for part in parts if isinstance(part, str)]


@functools.cache
def with_words() -> list[Exercise]:
    """The exercises whose answer holds a word: chosen when a test runs, not when every pytest
    process collects this file (some examples take seconds to work out)."""
    return [task for task in ALL if isinstance(task, Exercise) and words_of(task.example())]


def written_in(spelling: str, text: str) -> bool:
    """True when ``spelling`` is a word of ``text`` (a Latin word not inside a longer one)."""
    if spelling.isascii():
        return re.search(rf"(?<![A-Za-z_]){re.escape(spelling)}(?![A-Za-z_])", text) is not None
    return spelling in text


def test_the_answers_with_words_are_the_ones_the_reviews_name() -> None:
    """A player (07.2), a box (01.2), a plan (05.4) and a letter (10.4)."""
    assert [task.id for task in with_words()] == ["01.2", "05.4", "07.2", "10.4"]


@each_task_in_each_language(with_words)
def test_the_worked_answer_of_each_language_is_right_in_its_own_check(
        case: tuple[Exercise, str]) -> None:
    """Every spelling of the answer that the worked answer in ``lang`` writes (its value, and
    the name in its explanation) is right when a learner of ``lang`` gives it."""
    task, lang = case
    value = task.example()
    (word,) = words_of(value)
    shown = worked_answer(task, lang)
    named = [spelling for spelling in spellings(word) if written_in(spelling, shown)]
    assert named, f"{task.id}: the worked answer in {lang} names no accepted spelling"
    for spelling in named:
        answer = (tuple(spelling if part == word else part for part in value)
                  if isinstance(value, tuple) else spelling)
        feedback = check(task.id, answer, lang=lang)
        assert feedback.correct is True, (lang, answer, feedback.message)


def test_the_players_are_right_in_the_script_of_the_lesson() -> None:
    """The two answers the reviews found refused (hi HL1, kn KL15), and the other scripts."""
    assert check("07.2", "आशा", lang="hi").correct is True
    assert check("07.2", "ಆಶಾ", lang="kn").correct is True
    assert check("07.2", "আশা", lang="bn").correct is True
    assert check("07.2", "آشا", lang="ur").correct is True
    assert check("07.2", " asha ", lang="en").correct is True
    # the winner, in any script, is still the named mistake; another player is still wrong
    assert check("07.2", "ಮೀರಾ", lang="kn").misconception == "outcome_is_the_decision"
    assert check("07.2", "रवि", lang="hi").correct is False


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_lessons_spell_the_players_as_the_catalog_does(lang: str) -> None:
    """Where lesson 7's prose writes the players in the language's script, it writes them as
    the accepted spellings do (the catalog entries ``lessons.player.*``)."""
    prose = "\n".join(text for msgid, text in lesson_prose(lang).items()
                      if msgid.startswith("text.07."))
    for player in ("asha", "ravi", "meera"):
        spelled = catalog(lang)[f"lessons.player.{player}"]
        latin = catalog("en")[f"lessons.player.{player}"]
        assert written_in(spelled, prose) or written_in(latin, prose), (lang, player)


def test_spellings_never_name_two_answers() -> None:
    names = ["asha", "ravi", "meera"]
    spelled = [spellings(catalog("en")[f"lessons.player.{name}"]) for name in names]
    for first in range(len(names)):
        for second in range(first + 1, len(names)):
            assert not spelled[first] & spelled[second]
    assert spellings("little_straight") >= {"little_straight", "Little Straight", "छोटा स्ट्रेट"}
    assert check("01.2", ("छोटा स्ट्रेट", 30), lang="hi").correct is True
    assert check("01.2", ("Big Straight", 30)).misconception == "straight_is_big"


# -- a chance as a percentage ---------------------------------------------------------------------


def test_the_chance_exercises_are_the_nine_the_audit_names() -> None:
    chances = [task.id for task in ALL if isinstance(task, Exercise) and task.chance]
    assert chances == list(CHANCES)
    for task_id in chances:
        value = exact(exercise(task_id).example())
        assert value is not None and 0 < value < 1, task_id


def as_percentage(task: Exercise) -> Decimal:
    """The exercise's value as a percentage, to the places the question asks less two (0.5981
    is 59.81), worked out here from the exact value."""
    value = exact(task.example())
    assert value is not None and task.decimals is not None
    places = max(task.decimals - 2, 0)
    scaled = Decimal(value.numerator * 100) / Decimal(value.denominator)
    return scaled.quantize(Decimal(1).scaleb(-places))


@pytest.mark.parametrize("task_id", CHANCES)
def test_a_right_chance_as_a_percentage_is_right_with_a_word_on_the_form(task_id: str) -> None:
    task = exercise(task_id)
    assert isinstance(task, Exercise)
    percent = as_percentage(task)
    for answer in (float(percent), str(percent), f"{percent}%", f" {percent} %"):
        feedback = check(task.id, answer)
        assert feedback.correct is True and tries(task.id) == 0, (answer, feedback.message)
        assert feedback.message.startswith(t("lessons.form.percentage").split(":")[0])
        chance = Decimal(str(percent)) / 100
        assert str(chance) in feedback.message


@pytest.mark.parametrize("task_id", CHANCES)
def test_a_wrong_percentage_is_judged_as_the_chance_it_writes(task_id: str) -> None:
    task = exercise(task_id)
    assert isinstance(task, Exercise)
    wrong = as_percentage(task) + 7
    if wrong > 100:
        wrong -= 14
    feedback = check(task.id, f"{wrong}%")
    assert feedback.correct is False and tries(task.id) == 1
    value = exact(task.example())
    assert value is not None
    # not a chance: a number above 100 stays a wrong number, never a percentage
    assert check(task.id, 100 * float(value) + 1000).correct is False


def test_a_number_above_one_is_no_percentage_where_the_value_is_no_chance() -> None:
    """05.5's standard error 0.78 points is no chance: 78 is just wrong."""
    task = exercise("05.5")
    assert isinstance(task, Exercise) and not task.chance
    value = exact(task.example())
    assert value is not None
    assert check("05.5", round(float(value) * 100, 0)).correct is False
    assert check("05.5", f"{float(value) * 100:.0f}%").correct is False and tries("05.5") == 1


def test_a_named_mistake_above_one_is_still_named() -> None:
    """10.3: the statistic 4.2 itself is a named mistake, not the p-value 4.2 %."""
    assert check("10.3", 4.2).misconception == "statistic_not_p_value"


@pytest.mark.parametrize("task", [task for task in ALL if isinstance(task, Prediction)
                                  and tuple(task.bounds or ()) == (0, 1)],
                         ids=lambda task: task.id)
def test_a_chance_guessed_as_a_percentage_is_taken(task: Prediction) -> None:
    feedback = check(task.id, "40%")
    assert feedback.correct is True and feedback.guess, feedback.message
    assert "0.40" in feedback.message


# -- a keep in any order --------------------------------------------------------------------------


def test_a_keep_is_the_same_keep_in_any_order() -> None:
    """08.4's keep (5, 5, 6) is right as (6, 5, 5) or [5, 6, 5]; the expected-score player's
    keep in another order is still the named mistake (lessons-audit-3.md finding 9)."""
    task = exercise("08.4")
    keep = task.example()
    assert isinstance(keep, tuple) and keep == tuple(sorted(keep))
    for answer in (tuple(reversed(keep)), [keep[1], keep[2], keep[0]], list(keep)):
        assert check("08.4", answer).correct is True, answer
    mean_keep = task.misconceptions[0].value()
    assert isinstance(mean_keep, tuple)
    assert check("08.4", tuple(reversed(mean_keep))).misconception == "played_for_the_mean"
    assert tries("08.4") == 1


# -- nbgrader's blank --------------------------------------------------------------------------


def nbgraders_blank(*args: object) -> object:
    # YOUR CODE HERE
    raise NotImplementedError()


@pytest.mark.parametrize("task", [task for task in ALL if isinstance(task, CodeExercise)],
                         ids=lambda task: task.id)
def test_nbgraders_blank_function_is_not_answered_yet(task: Task) -> None:
    feedback = check(task.id, nbgraders_blank)
    assert feedback.correct is None and tries(task.id) == 0
    assert feedback.message == t("lessons.code.not_written.stub")


def test_a_function_that_raises_not_implemented_on_some_hands_is_an_answer() -> None:
    """Only a body that does nothing else is the blank: a function that gives up on some hands
    is judged on them."""
    def partly(dice: tuple[int, ...]) -> int:
        if len(set(dice)) == 1:
            raise NotImplementedError("five alike")
        return 0

    feedback = check("01.3", partly)
    assert feedback.correct is False and "NotImplementedError" in feedback.message
    assert tries("01.3") == 1


def test_fraction_answers_are_no_percentage() -> None:
    """An exact fraction above 1 is a wrong chance, not a percentage."""
    assert check("02.5", Fraction(5981, 100)).correct is False


# -- a prediction's value kept until the exercise that works it out --------------------------


def test_a_prediction_worked_out_later_keeps_its_value_until_then() -> None:
    """02.1's feedback gave its value, 25/648, and made 02.3 (how many of the 7,776 rolls are
    full houses?) one multiplication (lessons-audit-3.md §2.1).  Now the guess is noted, the
    exercise named, and the lesson states the value after 02.3's check."""
    task = exercise("02.1")
    assert isinstance(task, Prediction) and task.value_after == "02.3"
    value = exact(task.example())
    assert value is not None
    for lang in LANGUAGES:
        feedback = check("02.1", 0.1, lang=lang)
        assert feedback.guess and feedback.correct is True
        assert found_forms(answer_forms(value), feedback.message) == []
        assert "02.3" in feedback.message
    cells = json.loads(next(LEARNER.glob("02_*.ipynb")).read_text(encoding="utf-8"))["cells"]
    checked = next(n for n, cell in enumerate(cells) if 'check("02.3"' in "".join(cell["source"]))
    after = "".join("".join(cell["source"]) for cell in cells[checked:]
                    if cell["cell_type"] == "markdown")
    assert f"{value.numerator}/{value.denominator}" in after
