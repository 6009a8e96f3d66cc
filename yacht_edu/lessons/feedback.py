"""``check(exercise, answer)``: judge an answer and say, in the learner's language, what next.

A wrong answer gets a hint, graded by how many wrong tries this exercise has had in the session:
the general nudge first, the more specific ones after; a hint is never the answer.  A recognised
mistake is named.  From the :data:`ASK_AFTER`-th wrong try the message also says how to see the
worked answer, ``check(exercise, ..., solution=True)``, which shows it whenever asked.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from yacht_edu import sender
from yacht_edu.i18n import catalog, check_language, plural_catalog, t, tn
from yacht_edu.lessons.exercise import Task, Verdict, exercise
from yacht_edu.shown import shown_by

__all__ = ["ASK_AFTER", "GUESS_MARK", "STRICT", "Feedback", "WrongAnswerError", "check",
           "reset_tries", "tries", "worked_answer"]

#: Set to ``1`` while lessons run under test: a wrong answer is then an error, so the teacher's
#: edition fails its test run when one of its worked answers goes wrong.
STRICT = "YACHT_EDU_STRICT_CHECKS"
#: From this many wrong tries on, the hint says how to ask for the worked answer.
ASK_AFTER = 3

_tries: Counter[str] = Counter()


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer: ``correct`` (True, False, or None when not answered yet),
    a ``message`` in the learner's language, the ``misconception`` recognised (if any) and the
    number of wrong ``tries`` so far.  ``guess`` is True for a prediction taken: it counts as
    answered (``correct`` True), and shows a neutral mark, not a tick, since a guess is never
    right or wrong.  In a notebook it shows itself as a small coloured box."""

    exercise: str
    correct: bool | None
    message: str
    misconception: str | None = None
    tries: int = 0
    lang: str = "en"
    guess: bool = False

    @property
    def answered(self) -> bool:
        """False while the answer is still the blank ``...`` (or None)."""
        return self.correct is not None

    @property
    def mark(self) -> str:
        """✔ right, ✘ not yet, … not answered, ✎ a guess taken."""
        return GUESS_MARK if self.guess else _MARK[self.correct]

    def __str__(self) -> str:
        return f"{self.exercise} {self.mark} {self.message}"

    def _repr_pretty_(self, printer: object, cycle: bool) -> None:
        printer.text(str(self))  # type: ignore[attr-defined]

    def _repr_html_(self) -> str:
        return shown_by(self, "yacht_edu.lessons.face", "feedback_html")


_MARK = {True: "✔", False: "✘", None: "…"}
#: The neutral mark of a prediction: noted, neither right nor wrong.
GUESS_MARK = "✎"


class WrongAnswerError(AssertionError):
    """A wrong answer while lessons run under test (``YACHT_EDU_STRICT_CHECKS=1``)."""


def check(exercise_id: str, answer: object, *, lang: str | None = None,
          solution: bool = False) -> Feedback:
    """Judge ``answer`` to the exercise ``exercise_id`` (``"02.3"``) and say what next.

    ``lang`` is the language of the message (default: the session's language).  A blank
    (``...``) is "not answered yet", never wrong.  ``solution=True`` also shows the worked
    answer (the value, and how it is found): the answer is judged, but a wrong one is not
    counted as a try and gets no hint.

    >>> check("01.1", ...).correct is None
    True
    """
    feedback = judged(exercise(exercise_id), answer, check_language(lang), solution=solution)
    if feedback.correct is not None and not solution:
        share(feedback)
    if feedback.correct is False and os.environ.get(STRICT) == "1":
        raise WrongAnswerError(str(feedback))
    return feedback


def judged(task: Task, answer: object, lang: str, *, solution: bool = False,
           counted: bool = True) -> Feedback:
    """The feedback on one answer, in ``lang``: a wrong answer is a try (``counted``; grading
    is not one) and gets the hint of its try, or with ``solution`` the worked answer instead."""
    verdict = task.judge(answer)
    if counted and verdict.correct is False and verdict.counts and not solution:
        _tries[task.id] += 1
    said = message(task, verdict, lang, hints=not solution)
    if solution:  # the verdict on a given answer, then the worked answer
        said = " ".join(filter(None, [said if verdict.correct is not None else "",
                                      worked_answer(task, lang)]))
    return Feedback(task.id, verdict.correct, said, verdict.misconception, _tries[task.id],
                    lang, verdict.guess)


def share(feedback: Feedback) -> None:
    """Tell the class service (on a hub that has one; else nothing) how this check went."""
    assert feedback.correct is not None
    sender.send(sender.check_event(feedback.exercise, feedback.correct, feedback.guess,
                                   feedback.tries, feedback.misconception, feedback.lang))


def message(task: Task, verdict: Verdict, lang: str, *, hints: bool = True) -> str:
    """The words of a verdict: its own message, the misconception named, the hint of this try
    (``hints``), and from the :data:`ASK_AFTER`-th wrong try how to ask for the worked answer."""
    if verdict.correct is None:
        return words(verdict.msgid or "lessons.not_answered", lang, verdict.params)
    if verdict.correct:
        parts = [words(verdict.msgid or "lessons.right", lang, verdict.params)]
        if f"lesson.{task.id}.right" in catalog("en"):
            parts.append(t(f"lesson.{task.id}.right", lang))
        return " ".join(parts)
    parts = [t("lessons.not_yet", lang)]
    if verdict.misconception is not None:
        parts.append(t(f"misconception.{verdict.misconception}", lang))
    if verdict.msgid is not None:
        parts.append(words(verdict.msgid, lang, verdict.params))
    if verdict.counts and hints:
        parts.append(hint(task, _tries[task.id], lang))
        if _tries[task.id] >= ASK_AFTER:
            parts.append(t("lessons.ask_solution", lang, exercise=task.id))
    return " ".join(parts)


def words(msgid: str, lang: str, params: Mapping[str, object]) -> str:
    """A message with its parameters; a message with plural forms takes the form of its
    ``count``."""
    count = params.get("count")
    if isinstance(count, int) and msgid in plural_catalog("en"):
        return tn(msgid, count, lang, **{k: v for k, v in params.items() if k != "count"})
    return t(msgid, lang, **params)


def hint(task: Task, wrong_tries: int, lang: str) -> str:
    """The hint for the ``wrong_tries``-th wrong try: general first, then more specific."""
    if not task.hints:
        return t("lessons.try_again", lang)
    return t(task.hints[min(max(wrong_tries, 1), len(task.hints)) - 1], lang)


def worked_answer(task: Task, lang: str) -> str:
    """The worked answer: the value the package computes and how it is found
    (``lesson.LL.N.solution``), or for a code exercise one way to write the function."""
    method = t(f"lesson.{task.id}.solution", lang)
    value = task.answer_shown(lang)
    if value is None:
        return t("lessons.solution.code", lang, method=method)
    return t("lessons.solution", lang, value=value, method=method)


def tries(exercise_id: str) -> int:
    """How many wrong tries the exercise has had in this session."""
    return _tries[exercise(exercise_id).id]


def reset_tries(exercise_id: str | None = None) -> None:
    """Start counting wrong tries again, for one exercise or for all."""
    if exercise_id is None:
        _tries.clear()
    else:
        _tries.pop(exercise(exercise_id).id, None)
