"""No answer before its question: a learner never reads an exercise's answer before checking it.

For every exercise with a right value (an :class:`Exercise` or a :class:`Prediction`), the forms
that value takes (:mod:`tests.helpers.answer_forms`: the exact fraction as written, its decimals
to 2–4 places, its percentage, "1 in N", a word or a tuple as code writes it) must not show in
the learner's edition (``notebooks/``) before the exercise:

- in the markdown (learning goals included) and the code of every cell above it (for a word, the
  markdown only: code names the players and the boxes in quotes whatever the answer);
- in what ``check`` said before it: the hints, named mistakes and messages of the exercises
  checked above it (wrong answers and right ones; a prediction's check shows its value), and the
  exercise's own hints at the first and second wrong try (a third try may show the worked answer);
- in the outputs of the cells above it (the notebooks are stored without outputs: a slow test runs
  the learner's edition as a learner does, every answer still blank; numbers only, as words are
  printed all through a game).

"Before" an exercise is before its check; for a prediction, before the cell where the guess is
written (the cells between compute the value on purpose, to compare with the guess).
"""

from __future__ import annotations

import functools
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.answer_forms import Form, answer_forms, found_forms
from tools.edition import Cell, is_solution_cell, source
from yacht_edu.lessons import check, exercises, lessons
from yacht_edu.lessons.exercise import CodeExercise, Exercise, Prediction, Task
from yacht_edu.lessons.feedback import reset_tries

ROOT = Path(__file__).resolve().parents[1]
LEARNER = ROOT / "notebooks"
ALL = [task for lesson in lessons() for task in exercises(lesson)]
VALUED = [task for task in ALL if isinstance(task, (Exercise, Prediction))]
#: An answer a lesson gives before its exercise on purpose, and why (only its page is exempt:
#: the hints must not give it either).
SHOWN_ON_PURPOSE = {
    "09.4": "the answer is p, the chance of a yacht in one turn, which the lesson gives first: "
            "the exercise shows that ten turns without a yacht leave p as it was",
}
#: Answers a learner may give that no exercise accepts: each gets a message of its own.
UNREADABLE = ("twenty-eight", "10%")



def notebook(lesson: str) -> Path:
    return next(LEARNER.glob(f"{lesson}_*.ipynb"))


@functools.cache
def cells(lesson: str) -> tuple[Cell, ...]:
    return tuple(json.loads(notebook(lesson).read_text(encoding="utf-8"))["cells"])


def check_cell(task: Task, of: tuple[Cell, ...]) -> int:
    """The cell that checks the exercise's answer."""
    checked = re.compile(rf'check\("{re.escape(task.id)}",\s*(?!\.\.\.)')
    return next(number for number, cell in enumerate(of)
                if cell["cell_type"] == "code" and checked.search(source(cell)))


def question_cell(task: Task, of: tuple[Cell, ...]) -> int:
    """Where the exercise is answered: its check, or the cell of a prediction's guess."""
    at = check_cell(task, of)
    if isinstance(task, Prediction):
        at = max(number for number in range(at) if is_solution_cell(of[number]))
    return at


def forms(task: Task) -> list[Form]:
    return answer_forms(task.example(), getattr(task, "decimals", None))


def wrong_answers(task: Task) -> list[object]:
    """What a learner may answer wrong: the plausible wrong answers, the named mistakes, an
    answer that cannot be read and the right value rounded (a decimal where an exact value is
    asked)."""
    wrong = [*task.wrong_answers()]
    if not isinstance(task, CodeExercise):
        wrong += [mistake.value() for mistake in task.misconceptions]
        wrong += list(UNREADABLE)
        example = task.example()
        if isinstance(example, (int, float)) or hasattr(example, "denominator"):
            wrong.append(round(float(example), 2))  # type: ignore[arg-type]
    return wrong


@functools.cache
def wrong_tries(task_id: str) -> tuple[tuple[object, str], ...]:
    """What ``check`` says at the first and the second wrong try, for every wrong answer: each
    message with the answer it was given."""
    task = next(task for task in ALL if task.id == task_id)
    said: list[tuple[object, str]] = []
    for answer in wrong_answers(task):
        reset_tries(task.id)
        said += [(answer, check(task.id, answer).message), (answer, check(task.id, answer).message)]
    reset_tries(task.id)
    return tuple(said)


def wrong_try_messages(task_id: str, unless_given: Task | None = None) -> tuple[str, ...]:
    """The messages of :func:`wrong_tries`; with ``unless_given``, less those for an answer that
    is itself a form of that exercise's answer (a guess of 0.39 echoed back, "Your guess 0.39 was
    close", tells the learner nothing they did not write)."""
    return tuple(message for answer, message in wrong_tries(task_id)
                 if unless_given is None or not found_forms(forms(unless_given), str(answer)))


@functools.cache
def right_message(task_id: str) -> str:
    task = next(task for task in ALL if task.id == task_id)
    return check(task.id, task.example()).message


def said_before(task: Task) -> dict[str, str]:
    """Every message ``check`` gives before the exercise is checked, by where it is given."""
    said: dict[str, str] = {}
    of = cells(task.lesson)
    for earlier in exercises(task.lesson):
        if earlier == task or check_cell(earlier, of) > question_cell(task, of):
            continue
        said[f"check {earlier.id}, wrong tries"] = "\n".join(wrong_try_messages(earlier.id, task))
        said[f"check {earlier.id}, right"] = right_message(earlier.id)
    if isinstance(task, Exercise):
        said[f"check {task.id}, tries 1 and 2"] = "\n".join(wrong_try_messages(task.id))
    return said


def leaks(task: Task, texts: dict[str, str]) -> dict[str, list[str]]:
    found = {where: found_forms(forms(task), text) for where, text in texts.items()}
    return {where: shown for where, shown in found.items() if shown}


def is_word(task: Task) -> bool:
    """True for an answer that is a word or holds one (a player's or a box's name)."""
    value = task.example()
    return isinstance(value, str) or (isinstance(value, tuple)
                                      and any(isinstance(part, str) for part in value))


def page_before(task: Task) -> dict[str, str]:
    """The markdown and code of every cell above the exercise, by cell; for a word, the markdown
    only (code names players and boxes in quotes, ``players=("Asha", "Ravi")``, whatever the
    answer)."""
    of = cells(task.lesson)
    return {f"{notebook(task.lesson).name} cell {number} ({cell['cell_type']})": source(cell)
            for number, cell in enumerate(of[:question_cell(task, of)])
            if cell["cell_type"] == "markdown" or not is_word(task)}


@pytest.fixture(autouse=True)
def _fresh_tries() -> Any:
    reset_tries()
    yield
    reset_tries()


@pytest.mark.parametrize("task", VALUED, ids=lambda task: task.id)
def test_no_answer_is_written_above_its_exercise(task: Task) -> None:
    if task.id in SHOWN_ON_PURPOSE:
        return
    assert leaks(task, page_before(task)) == {}, f"{task.id}'s answer is on the page before it"


@pytest.mark.parametrize("task", VALUED, ids=lambda task: task.id)
def test_no_hint_gives_an_answer_before_its_exercise(task: Task) -> None:
    assert leaks(task, said_before(task)) == {}, f"a check before {task.id} gives its answer"


def test_the_forms_of_an_answer() -> None:
    from fractions import Fraction

    written = {form.written for form in answer_forms(Fraction(25, 648))}
    assert {"25/648", "\\frac{25}{648}", "Fraction(25, 648)", "0.04", "0.039", "0.0386",
            "3.9 %", "1 in 26"} <= written
    assert found_forms(answer_forms(Fraction(25, 648)), "so 25 / 648 of them") == ["25/648"]
    assert found_forms(answer_forms(300), "300/7776 and 1,300 and 300.5") == []
    assert found_forms(answer_forms(4096), "the 4,096 states") == ["4,096"]
    assert answer_forms(5) == [] and answer_forms(True) == []
    assert found_forms(answer_forms("best_box_now"), "'Best Box Now'") == ['"best_box_now"']
    assert found_forms(answer_forms("Asha"), "Asha won") == []
    assert found_forms(answer_forms((5,)), "keep (5,) or (5, 5)") == ["(5,)"]
    assert found_forms(answer_forms((24, 26, 26)), "[24, 26, 26]") == ["(24, 26, 26)"]
    assert found_forms(answer_forms(0.782), "0.78 and 10.782") == ["0.78"]


# -- what the cells print ---------------------------------------------------------------------


def output_text(cell: Cell) -> str:
    texts: list[str] = []
    for output in cell.get("outputs", []):
        if "text" in output:
            texts.append(output["text"] if isinstance(output["text"], str)
                         else "".join(output["text"]))
        for kind in ("text/plain", "text/markdown", "text/latex"):
            data = output.get("data", {}).get(kind)
            if data:
                texts.append(data if isinstance(data, str) else "".join(data))
    return "\n".join(texts)


@functools.cache
def run(lesson: str) -> tuple[Cell, ...]:
    """The learner's edition of a lesson run top to bottom, every answer blank."""
    import nbformat
    from nbclient import NotebookClient

    path = notebook(lesson)
    book = nbformat.read(path, as_version=4)
    client = NotebookClient(book, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute(env=dict(os.environ))
    return tuple(book.cells)


def numbers_only(task: Task) -> list[Form]:
    """The forms of a number or a tuple of numbers: a word (a player's or a box's name) is in
    many outputs of a lesson whatever the answer."""
    return [] if is_word(task) else forms(task)


@pytest.mark.slow
@pytest.mark.parametrize("lesson", lessons())
def test_no_answer_is_printed_above_its_exercise(lesson: str) -> None:
    ran = run(lesson)
    printed: dict[str, list[str]] = {}
    for task in exercises(lesson):
        if not isinstance(task, (Exercise, Prediction)) or task.id in SHOWN_ON_PURPOSE:
            continue
        above = ran[:question_cell(task, ran)]
        for number, cell in enumerate(above):
            shown = found_forms(numbers_only(task), output_text(cell))
            if shown:
                printed[f"{task.id}: the output of cell {number}"] = shown
    assert printed == {}, f"lesson {lesson} prints an answer above its exercise"


# -- what the rule book the lesson links says -------------------------------------------------

RULES = ROOT / "docs" / "rules.md"
_LINK = re.compile(r"\]\([./]*docs/rules\.md#([\w-]+)\)")


def rule_book_section(anchor: str) -> str:
    """The rule book from ``<a id="anchor">`` to the next heading of its heading's level or
    higher (its subsections included: a reader goes on into them)."""
    lines = RULES.read_text(encoding="utf-8").split("\n")
    start = next(n for n, line in enumerate(lines) if f'<a id="{anchor}">' in line)
    level = next(len(line) - len(line.lstrip("#")) for line in lines[start:]
                 if line.startswith("#"))
    end = next((n for n in range(start + 2, len(lines))
                if lines[n].startswith("#") and len(lines[n]) - len(lines[n].lstrip("#")) <= level),
               len(lines))
    return "\n".join(lines[start:end])


def sections_linked_before(task: Task) -> dict[str, str]:
    of = cells(task.lesson)
    anchors = {anchor for cell in of[:question_cell(task, of)] if cell["cell_type"] == "markdown"
               for anchor in _LINK.findall(source(cell))}
    return {f"docs/rules.md#{anchor}": rule_book_section(anchor) for anchor in sorted(anchors)}


@pytest.mark.parametrize("task", VALUED, ids=lambda task: task.id)
def test_no_rule_book_section_the_lesson_links_gives_the_answer(task: Task) -> None:
    """01.1's answer was in the section lesson 1 links ("6-6-6-5-5 scores 28"; lessons-audit-3.md
    §2.1): a section linked above an exercise states no number that is its answer."""
    shown = {where: found_forms(numbers_only(task), text)
             for where, text in sections_linked_before(task).items()}
    assert {where: found for where, found in shown.items() if found} == {}


def test_the_rule_book_section_reaches_its_subsections() -> None:
    section = rule_book_section("yacht")
    assert "Edge cases of `yacht`" in section and "yacht_sum4` (the folk variant)" not in section
