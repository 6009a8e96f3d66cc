"""A grid of cases checked in one test: every case is checked, and the test fails naming every
case that failed and why, not only the first (a test stops at its first failed ``assert``).

One test instead of one per case: a grid of a thousand cases is one item to collect, schedule
and report, in each pytest process, and still loses no assertion.
"""

from __future__ import annotations

import itertools
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

import pytest

from yacht_edu.i18n import LANGUAGES
from yacht_edu.lessons.exercise import Task
from yacht_edu.lessons.feedback import reset_tries

Case = TypeVar("Case")
TaskKind = TypeVar("TaskKind", bound=Task)


def check_every(cases: Iterable[Case], check: Callable[[Case], object],
                name: Callable[[Case], str] = str) -> None:
    """Run ``check`` on every case; fail with one line for each case whose check failed.

    A check fails as a test does: a failed ``assert`` (pytest's message with it), any other
    exception, or ``pytest.fail``.
    """
    cases = list(cases)
    assert cases, "a grid without a case checks nothing"
    found = failures(cases, check, name)
    if found:
        pytest.fail(f"{len(found)} of {len(cases)} cases failed:\n" + "\n".join(found),
                    pytrace=False)


def for_each(cases: Iterable[Case] | Callable[[], Iterable[Case]],
             name: Callable[[Case], str] = str,
             fresh: Callable[[], object] | None = None,
             ) -> Callable[[Callable[[Case], object]], Callable[[], None]]:
    """A test of one case made one test of every case: ``@for_each(CASES)`` on
    ``def test_x(case)`` gives a ``test_x()`` that checks every case (:func:`check_every`).

    ``cases`` may be a function that lists them, to work them out when the test runs rather than
    when it is collected (in every pytest process); ``fresh`` runs before each case and after
    the last (a reset of what the cases must not share).
    """
    def every_case(check_one: Callable[[Case], object]) -> Callable[[], None]:
        def checked(case: Case) -> object:
            if fresh is not None:
                fresh()
            return check_one(case)

        def test() -> None:
            try:
                check_every(cases() if callable(cases) else cases, checked, name)
            finally:
                if fresh is not None:
                    fresh()

        test.__name__, test.__qualname__ = check_one.__name__, check_one.__qualname__
        test.__doc__, test.__module__ = check_one.__doc__, check_one.__module__
        return test
    return every_case


def failures(cases: Iterable[Case], check: Callable[[Case], object],
             name: Callable[[Case], str] = str) -> list[str]:
    """One line for each case whose check failed: the case, where and what went wrong."""
    found = []
    for case in cases:
        try:
            check(case)
        except (Exception, pytest.fail.Exception) as error:
            found.append(f"{name(case)}: {why(error)}")
    return found


def why(error: BaseException) -> str:
    """The error's kind, the line that raised it and its message."""
    where = traceback.extract_tb(error.__traceback__)[-1]
    message = str(error).strip().replace("\n", "\n    ")
    return f"{type(error).__name__} at {Path(where.filename).name}:{where.lineno}: {message}"


# -- the lessons' exercises --------------------------------------------------------------------

def each_task(tasks: Iterable[TaskKind] | Callable[[], Iterable[TaskKind]],
              ) -> Callable[[Callable[[TaskKind], object]], Callable[[], None]]:
    """One test of every exercise in ``tasks``, each counting its own wrong tries from none; it
    fails naming every exercise that failed."""
    return for_each(tasks, name=lambda task: task.id, fresh=reset_tries)


def each_task_in_each_language(tasks: Iterable[TaskKind] | Callable[[], Iterable[TaskKind]],
                               ) -> Callable[[Callable[[tuple[TaskKind, str]], object]],
                                             Callable[[], None]]:
    """Likewise for every exercise in every language: the test is given (exercise, language)."""
    def cases() -> list[tuple[TaskKind, str]]:
        return list(itertools.product(tasks() if callable(tasks) else tasks, LANGUAGES))

    return for_each(cases, name=lambda case: f"{case[0].id} in {case[1]}", fresh=reset_tries)
