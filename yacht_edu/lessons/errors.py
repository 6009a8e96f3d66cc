"""What can go wrong when asking for an exercise, each with a message that says what to do.

All are :class:`~yacht_edu.errors.RuleError` (so :class:`ValueError`), with their messages in the
catalog part ``lessons.po``.
"""

from __future__ import annotations

from yacht_edu.errors import RuleError


class UnknownExerciseError(RuleError):
    """An exercise id that is not ``"LL.N"`` or names no exercise of its lesson."""

    default_msgid = "lessons.error.unknown_exercise"


class UnknownLessonError(RuleError):
    """A lesson number that has no exercises."""

    default_msgid = "lessons.error.unknown_lesson"
