"""The exercises of the lessons: what each expects, computed by the package, and how it judges.

Three kinds, all frozen values registered by the lesson modules (``lesson01.py`` ...):

- :class:`Exercise` — a value: a count, a chance, a box; the expected value is a function the
  package computes, never a number typed in;
- :class:`Prediction` — a guess written *before* the computation: any guess in range is taken
  (a participation, never right or wrong), and the feedback compares it with the value;
- :class:`CodeExercise` — a function the learner writes, run against the package's own function
  on every relevant input.

Each may name :class:`Misconception` s: a wrong answer a class commonly gives, computed the way
the mistaken reasoning computes it, and recognised by name when a learner gives it.

Whatever the answer — NaN, an infinity, a number of 5,000 digits, an object that raises when it
is compared or written out, a function that raises or never ends — the judge says something a
learner can act on.  The right value in another form (a decimal where an exact fraction is
asked, too few decimal places, ``5`` for the tuple ``(5,)``, floats from a function where
fractions are expected) is said to be the right value, with the form to give it in: a form to
fix, not a wrong try.

A learner's function runs where it can be stopped (:func:`yacht_edu.guard.answers`: in a forked
child process, killed after :data:`EXERCISE_SECONDS` seconds); its results come back to this
process, which compares them.
"""

from __future__ import annotations

import inspect
import pkgutil
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from importlib import import_module
from types import MappingProxyType
from typing import Any, NamedTuple

from yacht_edu import guard
from yacht_edu.display.numbers import with_decimal
from yacht_edu.errors import RuleError
from yacht_edu.i18n import Given
from yacht_edu.lessons.answers import (
    answer_text,
    decimal_of,
    exact,
    flat,
    not_finite,
    rounded_places,
    same,
    written_decimal,
)
from yacht_edu.lessons.errors import UnknownExerciseError, UnknownLessonError

_ID = re.compile(r"^(\d{2})\.(\d+)$")
#: Seconds a learner's function may take for all the inputs of a code exercise.
EXERCISE_SECONDS = 10.0


class Verdict(NamedTuple):
    """What an exercise makes of one answer, before the hints and the language are added.

    ``correct`` is None for a blank; ``msgid`` and ``params`` name the message that says why
    (None when the graded hints should speak); ``misconception`` names a recognised mistake;
    ``counts`` is False for an answer written in a form that cannot be judged, or the right
    value in another form (not a wrong try, and no hint); ``guess`` is True for a prediction
    taken (a participation, shown with a neutral mark).
    """

    correct: bool | None
    msgid: str | None = None
    params: Mapping[str, object] = MappingProxyType({})
    misconception: str | None = None
    counts: bool = True
    guess: bool = False


def before_judging(answer: object, *, number: bool = True) -> Verdict | None:
    """The verdict given before an answer is judged, or None to judge it: "not answered yet"
    for the blank ``...``, and for ``None`` (what ``answer = print(x)`` stores) the same, saying
    that print gives back None; where a ``number`` is asked, NaN or an infinity is not an
    answer (the verdict says where such a value comes from)."""
    if answer is Ellipsis:
        return Verdict(None, "lessons.not_answered")
    if answer is None:
        return Verdict(None, "lessons.none_answer")
    if number and not_finite(answer):
        return Verdict(False, "lessons.not_finite", {"answer": Given(answer)}, counts=False)
    return None


def percentage(answer: object) -> str | None:
    """The chance a percentage writes, as a decimal: ``"59.81%"``, ``"59.81 %"`` and, since no
    chance is more than 1, a number above 1 up to 100 (``59.81``) give ``"0.5981"``; None for
    anything else.

    >>> percentage("59.81%"), percentage(59.81), percentage(" 60 %"), percentage(0.5981)
    ('0.5981', '0.5981', '0.60', None)
    """
    signed = isinstance(answer, str) and str.strip(answer).endswith("%")
    if isinstance(answer, str) and signed:
        answer = str.strip(str.strip(answer)[:-1])  # str's own methods, never a subclass's
    written = written_decimal(answer, whole=True)
    if written is None:
        return None
    number, places = written
    if not signed and not 1 < number <= 100:
        return None
    chance = Decimal(number.numerator) / Decimal(number.denominator) / 100
    return format(chance.quantize(Decimal(1).scaleb(-places - 2)), "f")


def in_order(answer: object) -> object:
    """A keep of dice written in any order, as the package writes a keep: smallest die first
    (anything that is not a list of numbers, as it is).

    >>> in_order((6, 5, 5)), in_order([6, "x"]), in_order("655")
    ((5, 5, 6), [6, 'x'], '655')
    """
    parts = flat(answer)
    try:
        if (not isinstance(parts, Sequence) or isinstance(parts, str)
                or not all(exact(part) is not None for part in parts)):
            return answer
        return tuple(sorted(parts, key=lambda part: exact(part) or 0))
    except Exception:  # a learner's sequence that raises when read: judged as it is
        return answer


@dataclass(frozen=True)
class Misconception:
    """A common wrong answer: its name (catalog id ``misconception.<name>``) and its value.

    ``value`` computes the answer the mistaken reasoning gives (for a code exercise: a function
    that reasons that way).  A name is one message: two exercises share a name only when the
    same words fit both.
    """

    name: str
    value: Callable[[], object]


def _nothing() -> tuple[Any, ...]:
    return ()


@dataclass(frozen=True)
class Task:
    """What every exercise has: an id ``"LL.N"``, graded hints and the misconceptions it names.

    ``hints`` are catalog ids, the general nudge first and the more specific after more wrong
    tries (a hint, never the answer: the worked answer is ``lesson.LL.N.solution``, shown when
    asked for); ``wrong_answers`` computes plausible wrong answers that the tests make sure are
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

    def answer_shown(self, lang: str) -> str | None:
        """The right value as the worked answer writes it (None for a function)."""
        value = self.example()
        number = exact(value)
        if number is not None and not isinstance(value, str):
            return with_decimal(number, getattr(self, "decimals", None) or 4, lang)
        return answer_text(value)


#: Each exercise's value, worked out once per session: the package's computation is
#: deterministic (seeded where it simulates), and some take seconds (a whole solve).
_WORKED_OUT: dict[str, object] = {}


def worked_out(exercise: str, compute: Callable[[], object]) -> object:
    """The value of ``exercise``, computed by ``compute`` the first time it is asked for."""
    if exercise not in _WORKED_OUT:
        _WORKED_OUT[exercise] = compute()
    return _WORKED_OUT[exercise]


@dataclass(frozen=True)
class Exercise(Task):
    """An exercise with one right value, which ``expected`` computes with the package.

    ``decimals``: the exercise asks for a decimal to this many places (a float is then accepted
    when it rounds to the value); None: only exact forms (int, Fraction, sympy, ``"a/b"``).
    ``chance``: the value is a chance, so a percentage (``59.81`` or ``"59.81%"`` for 0.5981)
    is read as the chance it writes, and right with a word on the form.  ``in_any_order``: the
    value is a keep of dice, the same keep in any order (``(6, 5, 5)`` is ``(5, 5, 6)``).
    """

    expected: Callable[[], object] = field(default=_nothing, compare=False)
    decimals: int | None = None
    chance: bool = False
    in_any_order: bool = False

    def example(self) -> object:
        return worked_out(self.id, self.expected)

    def judge(self, answer: object) -> Verdict:
        early = before_judging(answer)
        if early is not None:
            return early
        if self.in_any_order:
            answer = in_order(answer)
        want = self.example()
        if same(answer, want, self.decimals):
            return Verdict(True)
        mistakes = [(mistake.name, mistake.value()) for mistake in self.misconceptions]
        for name, value in mistakes:
            if same(answer, value, self.decimals):
                return Verdict(False, misconception=name)
        written = percentage(answer) if self.chance else None
        if written is not None:
            return self.judge_percentage(answer, written)
        other_form = self.right_in_another_form(answer, want)
        if other_form is not None:
            return other_form
        for name, value in mistakes:  # a mistake's value rounded, as the learner rounded it
            if rounded_places(answer, value, whole=self.decimals is not None) is not None:
                return Verdict(False, misconception=name)
        return self.form_problem(answer, want) or Verdict(False)

    def judge_percentage(self, answer: object, chance: str) -> Verdict:
        """A percentage judged as the chance it writes (``chance``, a decimal): right with a
        word on the form, or wrong as that chance is."""
        verdict = self.judge(chance)
        if verdict.correct:
            return Verdict(True, "lessons.form.percentage",
                           {"answer": answer_text(answer), "chance": chance})
        return verdict

    def right_in_another_form(self, answer: object, want: object) -> Verdict | None:
        """The right value written in a form the question does not ask for: a decimal for an
        exact value, too few decimal places, a number for a tuple of one."""
        if isinstance(want, tuple) and len(want) == 1 and same(answer, want[0], self.decimals):
            return Verdict(False, "lessons.form.one_tuple", {"tuple": answer_text((answer,))},
                           counts=False)
        if isinstance(want, tuple):
            parts = flat(answer)
            if not (isinstance(parts, Sequence) and not isinstance(parts, str)
                    and len(parts) == len(want)):
                return None
            rounded = [self.rounded(part, value) for part, value in zip(parts, want, strict=True)
                       if not same(part, value, self.decimals)]
            return self.rounding_verdict(parts=True) if rounded and all(rounded) else None
        return self.rounding_verdict(parts=False) if self.rounded(answer, want) else None

    def rounded(self, answer: object, want: object) -> bool:
        """True when ``answer`` is ``want`` rounded (a whole number counts where decimals are
        asked) to fewer places than the question asks."""
        places = rounded_places(answer, want, whole=self.decimals is not None)
        return places is not None and (self.decimals is None or places < self.decimals)

    def rounding_verdict(self, *, parts: bool) -> Verdict:
        """The right value rounded: as an exact fraction (or fractions), or to the places the
        question asks."""
        if self.decimals is not None:
            return Verdict(False, "lessons.form.places", {"count": self.decimals}, counts=False)
        return Verdict(False, "lessons.form.fractions" if parts else "lessons.form.fraction",
                       counts=False)

    def form_problem(self, answer: object, want: object) -> Verdict | None:
        """A verdict for an answer written in a form the exercise cannot take, else None."""
        parts = flat(answer)
        if (self.decimals is None and isinstance(want, tuple) and isinstance(parts, Sequence)
                and not isinstance(parts, str)
                and any(decimal_of(part) is not None for part in parts)):
            return Verdict(False, "lessons.not_exact", counts=False)
        if exact(want) is None:
            return None
        if decimal_of(answer) is not None and self.decimals is None:
            return Verdict(False, "lessons.not_exact", counts=False)
        if exact(answer) is None and decimal_of(answer) is None:
            return Verdict(False, "lessons.unreadable", {"answer": Given(answer)}, counts=False)
        return None


@dataclass(frozen=True)
class Prediction(Task):
    """A guess written before the value is computed: every guess in ``bounds`` is taken.

    The feedback says how far the guess was from the value (which ``actual`` computes), with a
    neutral mark: a prediction is a participation, never right or wrong.  A guess outside
    ``bounds`` (for a chance: 0 to 1) is refused, saying only that no value is that small or
    that large (a chance: between 0 and 1), never the bounds, which could give the value away.
    """

    actual: Callable[[], object] = field(default=_nothing, compare=False)
    bounds: tuple[Fraction | int, Fraction | int] | None = (Fraction(0), Fraction(1))
    #: An exercise that works the value out later in the lesson: until then the feedback notes
    #: the guess and names that exercise, without the value (which would answer it).
    value_after: str | None = None
    #: A guess within this share of the value is called close (a tenth: 10 %).
    close: Fraction = Fraction(1, 10)

    def example(self) -> object:
        return worked_out(self.id, self.actual)

    def judge(self, answer: object) -> Verdict:
        early = before_judging(answer)
        if early is not None:
            return early
        if (tuple(self.bounds or ()) == (0, 1) and isinstance(answer, str)
                and str.strip(answer).endswith("%")):
            answer = percentage(answer) or answer  # a chance guessed as a percentage
        guess = exact(answer)
        if guess is None and decimal_of(answer) is not None:
            guess = Fraction(decimal_of(answer) or 0)
        if guess is None:
            return Verdict(False, "lessons.unreadable", {"answer": Given(answer)}, counts=False)
        shown = answer_text(answer)
        if self.bounds is not None and not self.bounds[0] <= guess <= self.bounds[1]:
            return Verdict(False, self.out_of_range(guess), {"guess": shown}, counts=False)
        if self.value_after is not None:
            return Verdict(True, "lessons.predict.later",
                           {"guess": shown, "exercise": self.value_after}, guess=True)
        value = exact(self.example())
        assert value is not None, f"the prediction {self.id} compares with an exact value"
        params: dict[str, object] = {"guess": shown, "value": with_decimal(value)}
        if value == 0 or abs(guess - value) <= self.close * abs(value):
            return Verdict(True, "lessons.predict.close", params, guess=True)
        return Verdict(True, "lessons.predict.high" if guess > value else "lessons.predict.low",
                       params, guess=True)

    def out_of_range(self, guess: Fraction) -> str:
        """The message for a guess no value can be: for a chance, that a chance lies between
        0 and 1; else that it is below the least (or above the most) the value can be."""
        assert self.bounds is not None
        if tuple(self.bounds) == (0, 1):
            return "lessons.predict.not_a_chance"
        return ("lessons.predict.below_possible" if guess < self.bounds[0]
                else "lessons.predict.above_possible")


Inputs = Callable[[], Iterable[tuple[object, ...]]]


@dataclass(frozen=True)
class CodeExercise(Task):
    """The learner writes a function; it must agree with ``reference`` on every one of ``inputs``.

    ``inputs`` gives the argument tuples to try (for dice: every hand, or every ordered roll).
    A function whose body is still the blank ``...`` is not written yet; the learner's function
    runs where it can be stopped (:mod:`yacht_edu.guard`, :data:`EXERCISE_SECONDS` seconds in all).
    """

    reference: Callable[..., object] = field(default=_nothing, compare=False)
    inputs: Inputs = field(default=_nothing, compare=False)

    def example(self) -> object:
        return self.reference

    def answer_shown(self, lang: str) -> str | None:
        return None

    def judge(self, answer: object) -> Verdict:
        early = before_judging(answer, number=False)
        if early is not None:
            return early
        if not callable(answer):
            return Verdict(False, "lessons.code.not_a_function", {"answer": Given(answer)},
                           counts=False)
        if is_blank_function(answer, stub=True):  # nbgrader's release of the exercise
            return Verdict(None, "lessons.code.not_written.stub")
        cases = list(self.inputs())
        try:  # every input at once, where the learner's function can be stopped
            results = guard.answers(answer, cases, lambda args, got: got,
                                    seconds=EXERCISE_SECONDS)
        except RuleError as failed:  # it raised, ran too long, took too much memory, ended
            return Verdict(False, failed.msgid, failed.params)
        if results and (results[0] is Ellipsis
                        or (results[0] is None and is_blank_function(answer))):
            return Verdict(None, "lessons.code.not_written")
        floats: Verdict | None = None
        for args, got in zip(cases, results, strict=True):
            if got is None:
                return Verdict(False, "lessons.code.returns_none", {"input": _args(args)},
                               counts=False)
            want = self.reference(*args)
            if same(got, want):
                continue
            if not_finite(got):
                return Verdict(False, "lessons.code.not_finite",
                               {"input": _args(args), "got": answer_text(got)})
            if in_floats(got, want):
                floats = floats or Verdict(False, "lessons.code.floats",
                                           {"input": _args(args), "got": answer_text(got),
                                            "expected": answer_text(want)}, counts=False)
                continue
            return self.recognise(cases, results) or Verdict(
                False, "lessons.code.differs",
                {"input": _args(args), "got": answer_text(got), "expected": answer_text(want)})
        return floats or Verdict(True, "lessons.code.right", {"count": len(cases)})

    def recognise(self, cases: list[tuple[object, ...]],
                  results: list[object]) -> Verdict | None:
        """A misconception whose function agrees with the learner's ``results`` on every input
        (``cases``), if any."""
        for mistake in self.misconceptions:
            wrong = mistake.value()
            assert callable(wrong), f"a misconception of {self.id} must give a function"
            if all(same(got, wrong(*args)) for args, got in zip(cases, results, strict=True)):
                return Verdict(False, misconception=mistake.name)
        return None


def in_floats(got: object, want: object) -> bool:
    """True when ``got`` is the exact ``want`` (or a tuple of them) worked out in floats: equal
    but for the float's rounding (a millionth of a millionth of the value)."""
    if isinstance(want, tuple):
        parts = flat(got)
        return (isinstance(parts, Sequence) and not isinstance(parts, str)
                and len(parts) == len(want)
                and all(same(p, w) or in_floats(p, w) for p, w in zip(parts, want, strict=True)))
    value, number = decimal_of(got), exact(want)
    if value is None or number is None or not_finite(got):
        return False
    return abs(Fraction(value) - number) <= Fraction(1, 10**12) * max(Fraction(1), abs(number))


def is_blank_function(function: object, *, stub: bool = False) -> bool:
    """True for a function whose body does nothing (the learner's edition leaves ``...``): it
    names nothing and has no local variable beyond its parameters; ``stub``: instead, a body
    that only raises ``NotImplementedError`` (nbgrader's release, which writes
    ``raise NotImplementedError()`` where the answer goes).

    >>> def written(dice):
    ...     raise NotImplementedError()
    >>> is_blank_function(written), is_blank_function(written, stub=True)
    (False, True)
    """
    try:
        code = getattr(function, "__code__", None)
        if not inspect.iscode(code):
            return False
        parameters = (code.co_argcount + code.co_kwonlyargcount
                      + bool(code.co_flags & inspect.CO_VARARGS)
                      + bool(code.co_flags & inspect.CO_VARKEYWORDS))
    except Exception:  # a learner's callable whose attributes raise: not the blank
        return False
    names = ("NotImplementedError",) if stub else ()
    return tuple(code.co_names) == names and code.co_nlocals == parameters


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
