"""The lessons' exercises and their checks: the learner does the mathematics, the package checks it.

>>> from yacht_edu.lessons import check
>>> check("01.1", ...).correct is None          # a blank is "not answered yet", never wrong
True

``check(exercise, answer)`` returns a :class:`~yacht_edu.lessons.feedback.Feedback`
(``.correct``: True, False, or None when not answered yet; ``.message`` in the learner's
language, ``lang=`` or the session's); in a notebook it shows as a small coloured box.
``check(exercise, ..., solution=True)`` shows the worked answer; from the third wrong try on, the
hint says so.  ``check`` answers whatever it is given (NaN, an infinity, a number of 5,000
digits, an object that raises, a function that raises or never ends) with a Feedback, never an
exception.

Developer note: the contract of a lesson
=========================================

**Two editions, one source.**  The teacher's edition ``teacher/LL_name.ipynb`` is the source;
``python -m tools.build``, run in a clone of the repository (the build is a tool of the
repository, not part of this package: :mod:`tools.build`), writes the learner's edition
``notebooks/LL_name.ipynb`` (``--check`` writes nothing and exits 1 when the committed learner's
edition is out of date; a test runs it).  Never edit ``notebooks/LL_*.ipynb`` of a lesson that
has a teacher's edition.

**An exercise** has an id ``"LL.N"`` (lesson, number: ``"02.3"``) and is defined in the package,
in ``yacht_edu/lessons/lessonLL.py``, which calls :func:`~yacht_edu.lessons.exercise.register`
at import (the module is found by its name; nothing else to list).  Three kinds
(:mod:`~yacht_edu.lessons.exercise`):

- ``Exercise(id, expected=lambda: ..., decimals=None, hints=..., misconceptions=...,
  wrong_answers=...)`` — one right value; ``expected`` *computes* it with the package (never a
  typed-in number).  Accepted: int, ``Fraction``, ``sympy.Rational``, ``"7/20"``; a float only
  with ``decimals=k`` (then to k places).  Strings compare without case, ``-``/space as ``_``;
  tuples element by element; booleans as booleans.
- ``Prediction(id, actual=lambda: ..., bounds=(0, 1))`` — "predict first": any guess in bounds
  is taken (``correct`` True, ``guess`` True: a participation, shown with a neutral mark, never
  a tick) and the message compares it with the value; a guess out of bounds is refused without
  naming the bounds (they could give the value away): "a chance lies between 0 and 1", or "the
  value cannot be that large".
- ``CodeExercise(id, reference=f, inputs=lambda: [(arg, ...), ...])`` — the learner writes a
  function; it is run, in a forked child process stopped after ``EXERCISE_SECONDS`` seconds, on
  every input, its results compared here with the package's function ``reference``, and the first
  input where they differ is reported.  A function whose body is the blank ``...`` is "not
  answered yet".

The right value in another form is said to be right, with the form to give it in, and is not a
wrong try: a decimal where an exact value is asked (4.2 for 21/5), too few decimal places (0.598
where four are asked), ``5`` for the tuple ``(5,)``, a function computing in floats where
fractions are expected.

``hints`` are catalog ids, general first: the n-th wrong try (counted per exercise in the
session) shows ``hints[n-1]`` (the last one from then on), and from the third on says how to see
the worked answer.  A hint helps: it never gives the answer, in any form (exact, decimal,
percent, the expression that computes it); the worked answer is ``lesson.LL.N.solution`` in the
lesson's catalog part, the method (a formula or a line of Python, or for a code exercise one way
to write the function), shown with the value the package computes by ``check(id, ...,
solution=True)``.  ``misconceptions`` are
``Misconception(name, value=lambda: ...)``: the wrong value the mistaken reasoning gives
(computed, e.g. ``Fraction(1, 6**5)`` for "one yacht, not six"), or for a code exercise a function
that reasons that way; the message ``misconception.<name>`` names it.  ``wrong_answers``
computes at least two plausible wrong answers: the tests make sure each is rejected with a hint.
The tests also feed every exercise its right answer, its blank and its misconceptions, and
require of every lesson 3 to 6 exercises, at least one ``Prediction`` and one ``CodeExercise``.

**Catalog parts.**  Generic messages of ``check`` and the misconceptions several lessons share
are in ``yacht_edu/locale/<lang>/lessons.po``; a lesson's own hints (``lesson.LL.N.hint.1``, ...),
its optional words for a right answer (``lesson.LL.N.right``) and its own misconceptions
(``misconception.<name>``, one lesson's own words: a name no other lesson uses) are in
``lesson_LL.po``, with every exercise's worked answer, ``lesson.LL.N.solution``.  All five
languages (en, hi, bn, kn, ur); ``python -m tools.catalogs --sync`` adds the new English ids to
every language for you to translate, and ``python -m tools.catalogs`` must pass (it fails on an
id defined in two parts).  A lesson's prose is not here: its catalogs,
``course/locale/<lang>/text_LL.po``, are read by the build alone.

**In the teacher's notebook**

- a solution region is nbgrader's: the lines between ``### BEGIN SOLUTION`` and
  ``### END SOLUTION`` in a code cell whose metadata is nbgrader's, e.g.
  ``{"nbgrader": {"grade": false, "grade_id": "02.3", "locked": false, "schema_version": 3,
  "solution": true, "task": false}}`` (``grade_id`` the exercise id).  Build replaces a region at
  the top level of a cell by ``name = ...`` for each name it assigns (``full_houses = ...``), and
  a region inside a function's body by ``...``.  Put only the answer in the region; the check goes
  in the next cell, ``check("02.3", full_houses)``, the cell's last line (so it shows), and names
  the variable (or function) that holds the answer: the nbgrader course grades that name.  Each
  exercise has a name of its own (``full_houses``, ``p_yacht``; a prediction ``guess_<what>``),
  never a shared ``answer``, so a value left from an earlier exercise is never the one checked
  (a test makes sure).
- a teacher note is a markdown cell tagged ``teacher`` (``"metadata": {"tags": ["teacher"]}``);
  build leaves it out.  Start it with ``**Teacher's note — lesson N at a glance**``.  The notes
  of every lesson are also collected in ``docs/teaching.md``, one section per lesson headed
  ``## <the notebook's title>`` (a test checks it): the lesson's goals, prerequisites, a minute
  plan, misconceptions, discussion questions, an exit question, what to run before class.
- learning goals open the lesson as a tick-list (``- [ ] ...``); a predict-first cell asks for
  ``guess = ...`` before the cell that computes the value.
- every number the markdown states (teacher notes included) is checked: the lesson's test
  ``tests/test_lessonLL.py`` calls ``check_figures(path, {"7,776": ..., "25/648": ...})`` from
  ``tests/helpers/lesson_figures.py``, each figure as written with the value the package
  computes (plain: whole numbers up to 12, exercise ids, "5–12 min", numbers in `code`).  Write
  small chances in significant figures or as "1 in N".  No control characters; LaTeX must parse
  (matplotlib's mathtext; a test reads every notebook of both editions).
- commit notebooks without outputs; nbval runs both editions.  Under test
  (``YACHT_EDU_STRICT_CHECKS=1``, set by the root ``conftest.py``) a wrong answer raises, so the
  teacher's edition fails its run if a worked answer goes wrong; blanks stay fine.

**Graded with nbgrader.**  ``python -m tools.build --nbgrader DIR`` writes an nbgrader
course from the teacher's edition (:mod:`tools.course`): solution cells under grade
ids nbgrader accepts (``ex02_3``), after each check a locked graded cell calling
:func:`~yacht_edu.lessons.grade` (which fails unless the answer is right; a prediction is worth
its participation point), and a configuration that keeps the teacher's notes out of the release.
``tests/test_nbgrader.py`` grades right, blank and wrong submissions with nbgrader itself.
"""

from yacht_edu.lessons.exercise import exercise, exercises, lessons
from yacht_edu.lessons.feedback import check
from yacht_edu.lessons.grading import grade

__all__ = ["check", "exercise", "exercises", "grade", "lessons"]
