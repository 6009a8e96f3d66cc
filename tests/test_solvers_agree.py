"""The readable backward induction of the lessons (:mod:`yacht_edu.probability.turn`: sympy,
one box at a time, a keep tried as a list of sub-keeps) and the fast solver
(:mod:`yacht_edu.solver`: numpy, one die at a time) are kept side by side on purpose; here they
must agree, as pytudes' ``same(f1, f2, inputs)`` checks two programs on the same inputs.

The states compared:

- every single-turn state of every rule set: each box, each of the 252 hands with 0, 1 or 2
  rolls left, and the fresh turn of 1, 2 and 3 rolls, for the expected score and for the chance
  to make the box — exactly (the fast turn run on Python integers);
- every last turn of a Yacht game (one box open; Yacht has no bonus, so the box alone decides):
  the whole-game solver's value of that scorecard against the readable chain's fresh turn and
  the package's plain solver (:mod:`yacht_edu.solver.plain`, a recursion over scorecards);
- every Yacht scorecard with two boxes open, and a small custom game from its empty scorecard:
  the fast solver against the plain solver.

Scorecards with several open boxes are beyond the readable chain; ``test_solver_small.py``
checks more of them, for every rule set, against the plain solver.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from yacht_edu import Scorecard, categories, custom_rules, get_rules
from yacht_edu.hands import HAND_ROLLS, HANDS, ORDERED_ROLLS
from yacht_edu.probability.turn import best_expected, box_pars, solution
from yacht_edu.rules import RULE_SETS, score_table
from yacht_edu.solver import optimal_expected_score, solve, solve_endgame
from yacht_edu.solver.plain import plain_expected_score
from yacht_edu.solver.turn import best_keeps, pick, roll_the_rest


def same(f1: Callable[..., Any], f2: Callable[..., Any], inputs: Iterable[Any]) -> bool:
    """Do the two functions give the same answer on every input?"""
    return all(f1(*x) == f2(*x) for x in inputs)


def fast_turn(values: list[int], rolls_left: int) -> list[Fraction]:
    """The fast solver's turn arithmetic on exact integers: each hand's worth with
    ``rolls_left`` rolls to come, from the worth of ending the turn with it."""
    worth = np.array([[v] for v in values], dtype=object)  # whole numbers over 6^(5r)
    for _ in range(rolls_left):
        keep = roll_the_rest(worth * ORDERED_ROLLS)
        worth = pick(keep, best_keeps(keep)).reshape(-1, 1)
    return [Fraction(int(w), ORDERED_ROLLS**rolls_left) for w in worth[:, 0]]


def column(rules: str, box: str, aim: str) -> list[int]:
    c = categories(rules).index(box)
    return [int(row[c] > 0) if aim == "chance" else row[c] for row in score_table(rules)]


BOXES = [(rules, box, aim) for rules in RULE_SETS for box in categories(rules)
         for aim in ("chance", "score")]


@pytest.mark.parametrize(("rules", "box", "aim"), BOXES)
def test_every_single_turn_state(rules: str, box: str, aim: str) -> None:
    readable = solution(box, rules, aim)  # type: ignore[arg-type]
    values = column(rules, box, aim)
    for rolls_left in range(3):
        fast = fast_turn(values, rolls_left)
        slow = [Fraction(int(w), ORDERED_ROLLS**rolls_left)
                for w in readable.hands_upto(rolls_left)]
        assert same(fast.__getitem__, slow.__getitem__, ((h,) for h in range(len(HANDS))))
        fresh = sum(n * w for n, w in zip(HAND_ROLLS, fast, strict=True)) / ORDERED_ROLLS
        assert fresh == Fraction(str(readable.fresh(rolls_left + 1)))


def test_box_pars_read_the_exact_best_expected_score() -> None:
    for rules in RULE_SETS:
        ruleset = get_rules(rules)
        pars = box_pars(ruleset)
        for box in categories(rules):
            exact = fast_turn(column(rules, box, "score"), 2)
            fresh = sum(n * w for n, w in zip(HAND_ROLLS, exact, strict=True)) / ORDERED_ROLLS
            assert fresh == Fraction(str(best_expected(box, rules=rules)))
            assert pars[box] == float(fresh)


def yacht_card(open_boxes: Iterable[str]) -> Scorecard:
    """A Yacht scorecard with only ``open_boxes`` open (0 in every other box)."""
    return Scorecard.from_filled({c: 0 for c in categories("yacht") if c not in open_boxes})


@pytest.mark.parametrize("box", categories("yacht"))
def test_every_last_turn_of_yacht(box: str) -> None:
    card = yacht_card([box])
    mean, _ = solve_endgame(card).future(card)
    assert mean == pytest.approx(float(best_expected(box)), rel=1e-12)
    assert plain_expected_score(card) == Fraction(str(best_expected(box)))


@pytest.mark.slow  # 66 scorecards, each a few turns in fractions (seconds)
def test_every_yacht_card_with_two_boxes_open() -> None:
    table = solve("yacht")
    for boxes in itertools.combinations(categories("yacht"), 2):
        card = yacht_card(boxes)
        assert table.future(card)[0] == pytest.approx(float(plain_expected_score(card)),
                                                      abs=1e-9), boxes


@pytest.mark.slow  # about a second or more (the fast loop keeps under a minute and a quarter)
def test_a_small_custom_game_whole() -> None:
    """Four boxes of Yacht, from the empty scorecard: every state of the game."""
    rules = custom_rules("yacht", remove=[c for c in categories("yacht") if c not in
                                          ("sixes", "full_house", "little_straight", "yacht")])
    plain = plain_expected_score(Scorecard.empty(rules))
    assert optimal_expected_score(rules).mean == pytest.approx(float(plain), abs=1e-9)
