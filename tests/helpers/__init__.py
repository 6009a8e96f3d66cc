"""Code the tests and the benchmarks share, imported as ``tests.helpers.<module>``.

``tests`` is a package, and pytest puts the clone's root on ``sys.path`` (the root conftest.py
is there), so every test imports these without touching ``sys.path``; the benchmarks find them
the same way, the editable install putting the clone's root on the path
(``dev-mode-dirs`` in pyproject.toml).

- :mod:`tests.helpers.answer_forms`: the forms an exercise's answer takes in a lesson's text
  (fraction, decimals, percentage, "1 in N", a word or a tuple as code writes it);
- :mod:`tests.helpers.big_saves`: saved games of every shape up to the 2 MB a save may have;
- :mod:`tests.helpers.examples`: how many examples a property test tries, by Hypothesis profile;
- :mod:`tests.helpers.hostile`: answers that try to break a lesson's ``check``;
- :mod:`tests.helpers.lesson_figures`: every number a lesson states, checked against the package;
- :mod:`tests.helpers.mutations`: ways to damage a saved game;
- :mod:`tests.helpers.odd_values`: odd values to give to every public function;
- :mod:`tests.helpers.spread`: the rule sets the solver is checked on, and the spread (mean
  square) of optimal play by the plain solver's recursion;
- :mod:`tests.helpers.submissions`: students' right, blank and wrong submissions of an nbgrader
  release of a lesson;
- :mod:`tests.helpers.timing`: processor time of work, and how it grows when the input doubles.
"""
