"""The full solves against the published figures of docs/rules.md#published-figures, each
test naming its source.

Each Yahtzee variant is solved once per test session into a temporary cache directory shared by
the solver, coach and strategy tests (the first test module to need it pays the few seconds).
"""

from __future__ import annotations

import pytest

from yacht_edu import Scorecard, get_rules, optimal_expected_score
from yacht_edu.solver import solve

pytestmark = pytest.mark.slow  # whole solves: seconds to minutes each


def test_forced_joker_matches_the_public_solvers() -> None:
    # docs/rules.md#published-figures: yahtzee, joker="forced": 254.5877, sd 59.61 — the value
    # listed by public third-party solvers for the official forced joker, 254.58772873…
    result = optimal_expected_score("yahtzee", joker="forced")
    assert abs(result.mean - 254.5877) < 1e-4
    assert abs(result.mean - 254.58772873) < 1e-8
    assert round(result.sd, 2) == 59.61


def test_free_joker_matches_verhoeff_and_glenn() -> None:
    # docs/rules.md#published-figures: yahtzee, joker="free": 254.5896, sd 59.61 — T. Verhoeff,
    # optimal solitaire Yahtzee player; J. Glenn, "An Optimal Strategy for Yahtzee" (2006).
    result = optimal_expected_score("yahtzee", joker="free")
    assert abs(result.mean - 254.5896) < 1e-4
    assert round(result.sd, 2) == 59.61


def test_no_bonus_no_joker_matches_glenn() -> None:
    # docs/rules.md#published-figures: yahtzee, joker="none": 245.87, sd 39.82 — J. Glenn,
    # CS-TR-0002 (2006), "no Yahtzee bonus, no joker".  Published to two decimals, so compared
    # at two decimals.
    result = optimal_expected_score("yahtzee", joker="none")
    assert round(result.mean, 2) == 245.87
    assert round(result.sd, 2) == 39.82


def test_the_free_joker_is_worth_a_little_more_than_the_forced_one() -> None:
    # Any box is allowed under "free" where "forced" prescribes one: never worse.
    forced = solve("yahtzee", joker="forced")
    free = solve("yahtzee", joker="free")
    assert free.expected().mean - forced.expected().mean == pytest.approx(0.0019, abs=1e-4)


def test_a_filled_card_is_worth_its_total() -> None:
    rules = get_rules("yahtzee", joker="forced")
    table = solve(rules)
    card = Scorecard.from_filled(dict.fromkeys(rules.boxes, 0) | {"sixes": 30,
                                 "yahtzee": 50}, rules, yahtzee_bonuses=2)
    assert table.expected(card).mean == card.total == 30 + 50 + 200
    assert table.expected(card).sd == 0.0


def test_the_upper_bonus_is_still_worth_something_one_box_before() -> None:
    # Five boxes of the upper section at 3 of each face (45): sixes must bring 18 for the 35.
    rules = get_rules("yahtzee", joker="forced")
    table = solve(rules)
    short = Scorecard.from_filled({"aces": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15},
                                  rules)
    hopeless = Scorecard.from_filled({"aces": 0, "twos": 0, "threes": 0, "fours": 0,
                                      "fives": 0}, rules)
    gap = table.expected(short).mean - short.total - (table.expected(hopeless).mean
                                                      - hopeless.total)
    assert 0 < gap < 35
