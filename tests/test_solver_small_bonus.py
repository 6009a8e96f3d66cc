"""The fast solver against the package's plain solver (:mod:`yacht_edu.solver.plain`) where the
upper bonus, the Yahtzee bonus and the joker rule decide: the yahtzee box already holds 50 or 0,
the upper section is a few points from 63, and the open boxes include the boxes a joker goes to.
The mean square must lie in the range of the optimal choices (:mod:`tests.helpers.spread`).
"""

from __future__ import annotations

import pytest

from tests.helpers.spread import VARIANTS, moments
from yacht_edu import Scorecard
from yacht_edu.rules import Rules
from yacht_edu.solver import solve_endgame
from yacht_edu.solver.plain import plain_expected_score

# Situations where the bonuses and the joker rule decide (yahtzee box already holding 50 or 0).
SPECIAL = [
    ({"aces": 3, "twos": 6, "threes": 9, "fours": 12, "yahtzee": 50, "three_of_a_kind": 20,
      "four_of_a_kind": 0, "small_straight": 30, "large_straight": 40, "chance": 22},
     ("fives", "sixes", "full_house")),
    ({"aces": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "yahtzee": 0,
      "three_of_a_kind": 20, "four_of_a_kind": 0, "large_straight": 40, "chance": 22},
     ("sixes", "full_house", "small_straight")),
    ({"twos": 8, "threes": 9, "fours": 12, "fives": 20, "sixes": 18, "yahtzee": 50,
      "three_of_a_kind": 20, "four_of_a_kind": 0, "small_straight": 30, "chance": 22},
     ("aces", "full_house", "large_straight")),
]


@pytest.mark.parametrize("rules", VARIANTS[2:], ids=lambda r: r.label("en"))
@pytest.mark.parametrize(("filled", "left"), SPECIAL, ids=["fifty", "zero", "aces-open"])
@pytest.mark.slow
def test_solver_agrees_where_bonus_and_joker_decide(rules: Rules, filled: dict[str, int],
                                                    left: tuple[str, ...]) -> None:
    card = Scorecard.from_filled(filled, rules)
    assert card.open_boxes == tuple(c for c in rules.boxes if c in left)
    mean, mean_square = solve_endgame(card).future(card)
    assert mean == pytest.approx(float(plain_expected_score(card)), abs=1e-9)
    slow_mean, slow_low, slow_high = moments(card)
    assert slow_mean == pytest.approx(mean, abs=1e-9)
    assert slow_low - 1e-7 <= mean_square <= slow_high + 1e-7
