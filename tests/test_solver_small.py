"""The fast solver against the package's plain solver (:mod:`yacht_edu.solver.plain`, a plain
recursion over scorecards that shares no code with it), on scorecards with one to three open
boxes, for every rule set and option.

The expected points must agree; the fast solver's mean square must lie in the range the optimal
choices give (ties may differ in spread, :mod:`tests.helpers.spread`).
"""

from __future__ import annotations

import random

import pytest

from tests.helpers.spread import VARIANTS, moments
from yacht_edu import Scorecard
from yacht_edu.dice import multisets
from yacht_edu.rules import Rules
from yacht_edu.solver import solve_endgame
from yacht_edu.solver.plain import plain_expected_score


def random_card(rules: Rules, open_boxes: int, seed: int) -> Scorecard:
    """A card with ``open_boxes`` left, filled through the model with dice that favour the
    upper bonus and the Yahtzee box's 50, so that those rules come into play."""
    rng = random.Random(seed)
    card = Scorecard.empty(rules)
    hands = multisets()
    while len(card.open_boxes) > open_boxes:
        box = rng.choice(card.open_boxes)
        face = rules.face_of(box)
        if face is not None:
            hand = tuple(sorted([face] * rng.choice((2, 3, 4)) + [rng.randint(1, 6)] * 5))[:5]
        elif box in ("yahtzee", "yacht"):
            hand = (rng.randint(1, 6),) * 5 if rng.random() < 0.6 else rng.choice(hands)
        else:
            hand = rng.choice(hands)
        allowed = card.allowed(hand)
        if allowed:
            card = card.fill(hand, box if box in allowed else rng.choice(allowed))
    return card


CASES = [pytest.param(rules, open_boxes, seed, id=f"{rules.label('en')}-{open_boxes}open-{seed}")
         for rules in VARIANTS for open_boxes, seed in ((1, 1), (2, 2), (3, 3))]


@pytest.mark.parametrize(("rules", "open_boxes", "seed"), CASES)
@pytest.mark.slow
def test_fast_solver_agrees_with_the_plain_solver(rules: Rules, open_boxes: int,
                                                  seed: int) -> None:
    card = random_card(rules, open_boxes, seed)
    assert len(card.open_boxes) == open_boxes
    mean, mean_square = solve_endgame(card).future(card)
    assert mean == pytest.approx(float(plain_expected_score(card)), abs=1e-9)
    slow_mean, slow_low, slow_high = moments(card)
    assert slow_mean == pytest.approx(mean, abs=1e-9)
    assert slow_low - 1e-7 <= mean_square <= slow_high + 1e-7
