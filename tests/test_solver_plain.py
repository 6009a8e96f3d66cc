"""The plain solver (:mod:`yacht_edu.solver.plain`) stays what the lessons and the solver's front
say it is: one screen of code a learner can read, reading the model only (no numpy, nothing of
the fast solver), refusing what is not a scorecard in the learner's language.  That it computes
what the fast solver computes is checked in ``test_solvers_agree.py`` and
``test_solver_small*.py``.
"""

from __future__ import annotations

import ast
import io
import tokenize
from fractions import Fraction
from pathlib import Path

import pytest

from yacht_edu import Scorecard
from yacht_edu.errors import ArgumentTypeError
from yacht_edu.solver.plain import plain_expected_score

PLAIN = Path(__file__).resolve().parents[1] / "yacht_edu" / "solver" / "plain.py"
#: The model: what the plain solver may read.
MODEL = {"yacht_edu.dice", "yacht_edu.hands", "yacht_edu.scorecard", "yacht_edu.rules",
         "yacht_edu.errors", "yacht_edu.i18n"}


def lines_of_code(source: str) -> int:
    """Lines holding code: no blank lines, comments or docstrings."""
    tree = ast.parse(source)
    docstrings = {line for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
                  and ast.get_docstring(node) is not None
                  for line in range(node.body[0].lineno, (node.body[0].end_lineno or 0) + 1)}
    code = {token.start[0] for token in tokenize.generate_tokens(io.StringIO(source).readline)
            if token.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE,
                                  tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER)}
    return len(code - docstrings)


def test_it_fits_on_one_screen() -> None:
    assert lines_of_code(PLAIN.read_text(encoding="utf-8")) <= 70


def test_it_reads_the_model_only() -> None:
    imported: set[str] = set()
    for node in ast.walk(ast.parse(PLAIN.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
    assert {name for name in imported if name.startswith("yacht_edu")} <= MODEL
    assert imported - MODEL <= {"__future__", "functools", "dataclasses", "fractions"}


def test_a_full_card_has_nothing_to_come() -> None:
    card = Scorecard.from_filled(dict.fromkeys(Scorecard.empty("yahtzee").boxes, 1), "yahtzee")
    assert plain_expected_score(card) == Fraction(0)


@pytest.mark.parametrize("given", [None, "yacht", {"ones": 3}])
def test_it_wants_a_scorecard(given: object) -> None:
    with pytest.raises(ArgumentTypeError):
        plain_expected_score(given)  # type: ignore[arg-type]
