"""Grading an exercise for marks: :func:`grade` fails unless the answer is right.

:func:`~yacht_edu.lessons.check` is for learning: it never fails, a blank is "not answered yet"
and a wrong answer gets a hint.  An autograder needs the opposite: a graded cell earns its points
only when it runs without an error (nbgrader's rule).  ``grade(exercise_id, answer)`` asks
``check`` and raises :class:`~yacht_edu.lessons.feedback.WrongAnswerError` (an
:class:`AssertionError`) with the feedback's words unless the answer is right; a right answer
prints the feedback.

>>> grade("01.1", 28)
01.1 ✔ Right!
>>> grade("01.1", ...)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
yacht_edu.lessons.feedback.WrongAnswerError: 01.1 … Not answered yet: replace the ...

A prediction has no right value: any guess in its range earns its participation point, a blank
or a guess out of range none.  What each exercise is worth (:func:`points`) and the grade ids of
its cells in an nbgrader course (:func:`answer_cell_id`, :func:`graded_cell_id`) are decided
here too.

>>> answer_cell_id("02.1"), graded_cell_id("02.1")
('ex02_1', 'ex02_1_test')
"""

from __future__ import annotations

import contextlib
import io
import warnings

from yacht_edu.i18n import check_language
from yacht_edu.lessons.exercise import Prediction, Task, exercise
from yacht_edu.lessons.feedback import WrongAnswerError, judged

#: A prediction is worth its participation point only.
PREDICTION_POINTS = 1
#: An exercise with a right answer (a value or a function) is worth this many points.
RIGHT_ANSWER_POINTS = 2


def grade(exercise_id: str, answer: object, *, lang: str | None = None) -> None:
    """Raise :class:`~yacht_edu.lessons.feedback.WrongAnswerError` unless ``answer`` is right.

    The verdict is :func:`~yacht_edu.lessons.check`'s (a prediction in its range counts as
    right); a blank fails.  Grading is not a try: the count of wrong tries, which makes the
    hints of ``check`` more specific, stays as it was, and a wrong answer's message carries the
    hint of the tries already made (the first hint when there were none), not the next one.
    Warnings and anything written to ``sys.stderr`` while judging are dropped: nbgrader takes
    any error output of a graded cell for a failure, and the verdict alone decides.  A right
    answer prints the feedback.
    """
    task = exercise(exercise_id)
    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        feedback = judged(task, answer, check_language(lang), counted=False)
    if feedback.correct is not True:
        raise WrongAnswerError(str(feedback))
    print(feedback)


def points(task: Task) -> int:
    """What an exercise is worth in a graded course (a prediction: its participation point)."""
    return PREDICTION_POINTS if isinstance(task, Prediction) else RIGHT_ANSWER_POINTS


def answer_cell_id(exercise_id: str) -> str:
    """The nbgrader grade id of an exercise's answer cell: ``"ex02_1"`` for ``"02.1"``.

    nbgrader takes only letters, digits, ``_`` and ``-`` in a grade id.
    """
    return "ex" + exercise(exercise_id).id.replace(".", "_")


def graded_cell_id(exercise_id: str) -> str:
    """The nbgrader grade id of an exercise's graded test cell: ``"ex02_1_test"``."""
    return answer_cell_id(exercise_id) + "_test"
