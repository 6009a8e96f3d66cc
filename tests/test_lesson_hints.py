"""Hints teach, they do not tell: no hint a learner reads at the first or second wrong try states
the worked answer, one of its lines, the exercise's key expressions or the answer itself, in any
of the five languages (lessons-audit-3.md §2.2: about twelve exercises gave the worked
expression at try 1 or 2, and 05.4's second hint named its answer).  The expression may come at
the third try, where the hint also says how to see the worked answer.

A key expression is the step that *is* the exercise: the factor ``math.comb(5, 3)`` of 02.3, the
``(P**k)[0, 5]`` of 03.5, the ``sigma = math.sqrt(...)`` of 07.5.  They are written here once,
as code writes them; a hint is compared with them without its blanks, with ``**`` and ``^``,
``×``, ``·`` and ``*`` read alike (so "(5/6)^3" in a hint is "(5/6)**3" in a solution).
"""

from __future__ import annotations

import re

import pytest

from tests.helpers.answer_forms import answer_forms, found_forms
from tests.helpers.grid import each_task_in_each_language
from yacht_edu.i18n import LANGUAGES, catalog, t
from yacht_edu.lessons import exercises, lessons
from yacht_edu.lessons.answers import spellings
from yacht_edu.lessons.exercise import Task

ALL = [task for lesson in lessons() for task in exercises(lesson)]
HINTED = [task for task in ALL if task.hints]

#: The steps each exercise asks a learner to find, as code (or the lesson's formulas) write them.
KEY_EXPRESSIONS: dict[str, tuple[str, ...]] = {
    "01.1": ("6 + 6 + 6 + 5 + 5",),
    "01.3": ("sorted(Counter(dice).values())", "[2, 3]"),
    "01.5": ("ye.score(hand, box)", "max(ye.score("),
    "02.2": ("math.factorial(count)", "5! / (2! 3!)"),
    "02.3": ("6 * 5", "math.comb(5, 3)", "6 choices"),
    "02.4": ("6/6^5", "6/7776"),
    "02.5": ("1 - (5/6)^5", "(5/6)^5"),
    "02.6": ("6 × 1/6", "5 × (6"),
    "03.2": ("(5/6)^2", "(1/6)^2", "2 × (1/6) × (5/6)"),
    "03.3": ("itertools.product(range(1, 7), repeat=5 - alike)", "6 ** (5 - alike)"),
    "03.4": ("kind_chain(4) ** 3", "** 3)[0, 4]", "power 3"),
    "03.5": ("(P**k)[0, 5]",),
    "04.2": ("(4 + 5 + 6)/6", "Keep 4, 5 or 6", "(3/6) × 7/2"),
    "04.3": ("max(face, worth)", "worth = Fraction(7, 2)"),
    "04.4": ("1 - (5/6)**3", "5 × 6"),
    "04.5": ('last_turn["yacht"]', 'last_turn["big_straight"]'),
    "05.2": ("2^12", "2 choices for each box"),
    "05.3": ("(score - mean) ** 2", "score * chance"),
    "05.4": ("keeps for five alike",),
    "05.5": ("sqrt(2000)", "divided by the square root"),
    "06.1": ("4 × 6", "6 + 6 + 6 + 6 + 2"),
    "06.3": ("(5/6)**3", "Fraction(5, 6) ** 3", "5 * face"),
    "06.4": ("math.comb(5, k)", "p**k * (1 - p) ** (5 - k)"),
    "07.1": ("P(S = s) × P(S = s)", "chance**2", "chance squared"),
    "07.5": ("math.sqrt(greedy_plan.sd**2", "NormalDist(mu, sigma).cdf"),
    "08.2": ("(1 - (5/6)^3)^5", "(91/216)^5"),
    "08.3": ("product(range(1, 7), repeat=5 - len(kept))", "sum(kept) + sum(roll)"),
    "08.4": ("chance_last_roll(keep, 28)", "max(keeps"),
    "08.5": ("far.scores.mean()",),
    "09.2": ("1 - (1 - p)^12", "(1 - p)^12"),
    "09.3": ("(1 - p) ** (k - 1)", "k - 1 failures, each with chance 1 - p"),
    "09.4": ("(1 - p)^10 · p", "= (1 - p)^10"),
    "09.5": ("1 - (1 - p)^n", "(1 - wait.p)**n"),
    "10.1": ("(O - E)**2", "Fraction(sum(counts), 6)"),
    "10.3": ("test.simulated >= 4.2",),
    "10.4": ('"b"', "'b'", "sentence b"),
    "10.5": ("1 - 0.95^20", "0.95**20"),
    "11.2": ("50 × (table[1]", "50 times the chance"),
    "11.3": ('score(hand, "full_house") > 25',),
    "11.4": ("len(pairs) == 2",),
    "11.5": ("table[1].sd / table[1].mean", "divide the standard deviation"),
}
# Four or more words in a row: a worked answer written in words, not code (05.4's reason).
_PROSE = re.compile(r"[a-z]{2,} [a-z]{2,} [a-z]{2,} [a-z]{2,}")


def plain(text: str) -> str:
    """A text as the comparison reads it: no blanks, one sign for a power, one for a product."""
    text = re.sub(r"\s+", "", text).replace("**", "^")
    return re.sub(r"[×·*]", "*", text)


def worked_lines(task: Task) -> list[str]:
    """The lines of the English worked answer that are code or a formula (not words)."""
    lines = [line.strip() for line in t(f"lesson.{task.id}.solution", "en").split("\n")]
    return [line for line in lines if line and not _PROSE.search(line)
            and not line.startswith(("def ", "return "))]


def answer_words(task: Task) -> list[str]:
    """The answer as a learner might write it: its forms (exact, decimals, percent, tuple), and
    a word answer in every language's spelling."""
    value = task.example()
    words = [part for part in (value if isinstance(value, tuple) else (value,))
             if isinstance(part, str)]
    return [spelled for word in words for spelled in spellings(word) if len(spelled) > 1]


def told(task: Task, text: str) -> list[str]:
    """What of the answer a hint's text tells."""
    said = plain(text)
    found = [key for key in (*KEY_EXPRESSIONS.get(task.id, ()), *worked_lines(task))
             if plain(key) in said]
    found += [word for word in answer_words(task)
              if re.search(rf"(?<![\w.]){re.escape(word)}(?!\w)", text, re.IGNORECASE)]
    if not isinstance(task.example(), str) and not callable(task.example()):
        found += found_forms(answer_forms(task.example(), getattr(task, "decimals", None)),
                             text)
    return found


def test_every_exercise_with_hints_names_its_key_expressions() -> None:
    """A key expression is named for every exercise a hint could give away (each but the ones
    whose answer is a word, which is checked in every spelling)."""
    words = {task.id for task in HINTED if answer_words(task)}
    assert {task.id for task in HINTED} - words <= set(KEY_EXPRESSIONS)
    assert set(KEY_EXPRESSIONS) <= {task.id for task in ALL}


@each_task_in_each_language(HINTED)
def test_no_hint_of_the_first_two_tries_tells_the_answer(case: tuple[Task, str]) -> None:
    task, lang = case
    for hint in task.hints[:2]:
        assert told(task, catalog(lang)[hint]) == [], f"{hint} ({lang})"


@pytest.mark.parametrize("task", [task for task in HINTED if len(task.hints) > 2],
                         ids=lambda task: task.id)
def test_the_expression_may_come_at_the_third_try(task: Task) -> None:
    """Where a third hint exists, it is more specific than the first two: it may state a key
    expression (the hints go from general to specific)."""
    assert all(catalog(lang)[task.hints[2]] for lang in LANGUAGES)


@pytest.mark.parametrize("text", [
    "Count (5/6)^3 for one die", "p**k * (1 - p) ** (5 - k)", "use 1 - (5/6) ** 3"])
def test_a_key_expression_is_found_however_it_is_spaced_or_powered(text: str) -> None:
    keys = ("(5/6)**3", "p^k*(1-p)^(5-k)")
    assert any(plain(key) in plain(text) for key in keys)


def test_a_word_answer_is_found_in_any_script() -> None:
    chase = next(task for task in ALL if task.id == "05.4")
    assert told(chase, "Write chase_five.") and told(chase, t("strategy.chase_five", "kn"))
    asha = next(task for task in ALL if task.id == "07.2")
    assert told(asha, "आशा ने") and not told(asha, "the coach")
