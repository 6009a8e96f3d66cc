"""The exercises of the lessons: what each expects, computed by the package, and how it judges.

Three kinds, all frozen values registered by the lesson modules (``lesson01.py`` ...):

- :class:`Exercise` — a value: a count, a chance, a box; the expected value is a function the
  package computes, never a number typed in;
- :class:`Prediction` — a guess written *before* the computation: any guess in range is taken,
  and the feedback compares it with the value;
- :class:`CodeExercise` — a function the learner writes, run against the package's own function
  on every relevant input.

Each may name :class:`Misconception` s: a wrong answer a class commonly gives, computed the way
the mistaken reasoning computes it, and recognised by name when a learner gives it.
"""

from __future__ import annotations

import pkgutil
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from importlib import import_module
from types import MappingProxyType
from typing import Any, NamedTuple

from yacht_edu import guard
from yacht_edu.display.numbers import with_decimal
from yacht_edu.errors import RuleError
from yacht_edu.lessons.answers import answer_text, decimal_of, exact, flat, is_blank, same
from yacht_edu.lessons.errors import UnknownExerciseError, UnknownLessonError

__all__ = [
    "TIME_LIMIT",
    "CodeExercise",
    "Exercise",
    "Misconception",
    "Prediction",
    "Task",
    "Verdict",
    "exercise",
    "exercises",
    "lessons",
    "register",
]

_ID = re.compile(r"^(\d{2})\.(\d+)$")
#: Seconds a learner's function may take for all the inputs of a code exercise.
TIME_LIMIT = 10.0


class Verdict(NamedTuple):
    """What an exercise makes of one answer, before the hints and the language are added.

    ``correct`` is None for a blank; ``msgid`` and ``params`` name the message that says why
    (None when the graded hints should speak); ``misconception`` names a recognised mistake;
    ``counts`` is False for an answer written in a form that cannot be judged (not a wrong try).
    """

    correct: bool | None
    msgid: str | None = None
    params: Mapping[str, object] = MappingProxyType({})
    misconception: str | None = None
    counts: bool = True


@dataclass(frozen=True)
class Misconception:
    """A common wrong answer: its name (catalog id ``misconception.<name>``) and its value.

    ``value`` computes the answer the mistaken reasoning gives (for a code exercise: a function
    that reasons that way).
    """

    name: str
    value: Callable[[], object]


def _nothing() -> tuple[Any, ...]:
    return ()


@dataclass(frozen=True)
class Task:
    """What every exercise has: an id ``"LL.N"``, graded hints and the misconceptions it names.

    ``hints`` are catalog ids, the general nudge first and the more specific after more wrong
    tries; ``wrong_answers`` computes plausible wrong answers that the tests make sure are
    rejected with a hint.
    """

    id: str
    hints: tuple[str, ...] = ()
    misconceptions: tuple[Misconception, ...] = ()
    wrong_answers: Callable[[], tuple[object, ...]] = field(default=_nothing, compare=False)

    @property
    def lesson(self) -> str:
        """The lesson number, two digits: ``"02"`` for ``"02.3"``."""
        return self.id.split(".")[0]

    def judge(self, answer: object) -> Verdict:
        raise NotImplementedError

    def example(self) -> object:
        """A right answer (the tests feed it to :func:`~yacht_edu.lessons.check`)."""
        raise NotImplementedError


@dataclass(frozen=True)
class Exercise(Task):
    """An exercise with one right value, which ``expected`` computes with the package.

    ``decimals``: the exercise asks for a decimal to this many places (a float is then accepted
    when it rounds to the value); None: only exact forms (int, Fraction, sympy, ``"a/b"``).
    """

    expected: Callable[[], object] = field(default=_nothing, compare=False)
    decimals: int | None = None

    def example(self) -> object:
        return self.expected()

    def judge(self, answer: object) -> Verdict:
        if is_blank(answer):
            return Verdict(None, "lessons.not_answered")
        want = self.expected()
        if same(answer, want, self.decimals):
            return Verdict(True)
        for mistake in self.misconceptions:
            if same(answer, mistake.value(), self.decimals):
                return Verdict(False, misconception=mistake.name)
        return self.form_problem(answer, want) or Verdict(False)

    def form_problem(self, answer: object, want: object) -> Verdict | None:
        """A verdict for an answer written in a form the exercise cannot take, else None."""
        parts = flat(answer)
        if (self.decimals is None and isinstance(want, tuple) and isinstance(parts, Sequence)
                and any(decimal_of(part) is not None for part in parts)):
            return Verdict(False, "lessons.not_exact", counts=False)
        if exact(want) is None:
            return None
        if decimal_of(answer) is not None and self.decimals is None:
            if abs(Fraction(decimal_of(answer) or 0) - (exact(want) or 0)) < Fraction(1, 1000):
                return Verdict(False, "lessons.not_exact", counts=False)
            return None
        if exact(answer) is None and decimal_of(answer) is None:
            return Verdict(False, "lessons.unreadable", {"answer": repr(answer)}, counts=False)
        return None


@dataclass(frozen=True)
class Prediction(Task):
    """A guess written before the value is computed: every guess in ``bounds`` is taken.

    The feedback says how far the guess was from the value (which ``actual`` computes); a guess
    outside ``bounds`` (for a chance: 0 to 1) is refused with a hint.
    """

    actual: Callable[[], object] = field(default=_nothing, compare=False)
    bounds: tuple[Fraction | int, Fraction | int] | None = (Fraction(0), Fraction(1))
    #: A guess within this share of the value is called close (a tenth: 10 %).
    close: Fraction = Fraction(1, 10)

    def example(self) -> object:
        return self.actual()

    def judge(self, answer: object) -> Verdict:
        if is_blank(answer):
            return Verdict(None, "lessons.not_answered")
        guess = exact(answer)
        if guess is None and decimal_of(answer) is not None:
            guess = Fraction(decimal_of(answer) or 0)
        if guess is None:
            return Verdict(False, "lessons.unreadable", {"answer": repr(answer)}, counts=False)
        if self.bounds is not None and not self.bounds[0] <= guess <= self.bounds[1]:
            low, high = self.bounds
            return Verdict(False, "lessons.predict.out_of_range",
                           {"guess": answer_text(answer), "low": answer_text(low),
                            "high": answer_text(high)},
                           counts=False)
        value = exact(self.actual())
        assert value is not None, f"the prediction {self.id} compares with an exact value"
        params: dict[str, object] = {"guess": answer_text(answer), "value": with_decimal(value)}
        if value == 0 or abs(guess - value) <= self.close * abs(value):
            return Verdict(True, "lessons.predict.close", params)
        return Verdict(True, "lessons.predict.high" if guess > value else "lessons.predict.low",
                       params)


Inputs = Callable[[], Iterable[tuple[object, ...]]]


@dataclass(frozen=True)
class CodeExercise(Task):
    """The learner writes a function; it must agree with ``reference`` on every one of ``inputs``.

    ``inputs`` gives the argument tuples to try (for dice: every hand, or every ordered roll).
    A function that returns ``None`` or ``...`` on the first input is not written yet.
    """

    reference: Callable[..., object] = field(default=_nothing, compare=False)
    inputs: Inputs = field(default=_nothing, compare=False)

    def example(self) -> object:
        return self.reference

    def judge(self, answer: object) -> Verdict:
        if is_blank(answer):
            return Verdict(None, "lessons.not_answered")
        if not callable(answer):
            return Verdict(False, "lessons.code.not_a_function", {"answer": repr(answer)},
                           counts=False)
        cases = list(self.inputs())
        try:  # every input at once, where the learner's function can be stopped
            answers = guard.answers(answer, cases, lambda args, got: guard.sent_back(got),
                                    seconds=TIME_LIMIT)
        except RuleError as failed:  # it raised, ran too long, took too much memory
            return Verdict(False, failed.msgid, failed.params)
        if cases and is_blank(answers[0]):
            return Verdict(None, "lessons.code.not_written")
        for args, got in zip(cases, answers, strict=True):
            want = self.reference(*args)
            if not same(got, want):
                return self.recognise(cases, answers) or Verdict(
                    False, "lessons.code.differs",
                    {"input": _args(args), "got": answer_text(got), "expected": answer_text(want)})
        return Verdict(True, "lessons.code.right", {"count": len(cases)})

    def recognise(self, cases: list[tuple[object, ...]],
                  answers: list[object]) -> Verdict | None:
        """A misconception whose function agrees with the learner's ``answers`` on every input
        (``cases``), if any."""
        for mistake in self.misconceptions:
            wrong = mistake.value()
            assert callable(wrong), f"a misconception of {self.id} must give a function"
            if all(same(got, wrong(*args)) for args, got in zip(cases, answers, strict=True)):
                return Verdict(False, misconception=mistake.name)
        return None


def _args(args: tuple[object, ...]) -> str:
    return ", ".join(answer_text(a) for a in args)


_REGISTRY: dict[str, Task] = {}


def register(*tasks: Task) -> None:
    """Add exercises to the registry (a lesson module calls this once, at import)."""
    for task in tasks:
        if not _ID.match(task.id):
            raise ValueError(f"An exercise id is 'LL.N' (such as '02.3'), not {task.id!r}.")
        _REGISTRY[task.id] = task


def lessons() -> tuple[str, ...]:
    """The lessons that have exercises, as two-digit numbers (one module ``lessonLL`` each)."""
    package = import_module("yacht_edu.lessons")
    found = (re.fullmatch(r"lesson(\d{2})", info.name) for info in
             pkgutil.iter_modules(package.__path__))
    return tuple(sorted(match.group(1) for match in found if match))


def exercises(lesson: int | str) -> tuple[Task, ...]:
    """Every exercise of one lesson, in order: ``exercises(2)`` or ``exercises("02")``."""
    number = f"{int(lesson):02d}" if str(lesson).isdigit() else str(lesson)
    if number not in lessons():
        raise UnknownLessonError(lesson=str(lesson), lessons=", ".join(lessons()))
    import_module(f"yacht_edu.lessons.lesson{number}")
    found = [task for task in _REGISTRY.values() if task.lesson == number]
    return tuple(sorted(found, key=lambda task: int(task.id.split(".")[1])))


def exercise(exercise_id: str) -> Task:
    """The exercise with this id, ``"LL.N"``; an unknown id lists the ids of its lesson."""
    match = _ID.match(str(exercise_id))
    if match is None:
        raise UnknownExerciseError("lessons.error.bad_id", exercise=repr(exercise_id))
    known = exercises(match.group(1))
    for task in known:
        if task.id == exercise_id:
            return task
    raise UnknownExerciseError(exercise=exercise_id, lesson=match.group(1),
                               ids=", ".join(task.id for task in known))
