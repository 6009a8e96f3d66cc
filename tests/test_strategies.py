"""Strategies to compare: their rules against plain functions and the model, their computed
expected scores against seeded simulations (within 4 standard errors), and the optimal one
above them all."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import numpy as np
import pytest

from yacht_edu import Scorecard, get_rules, optimal_expected_score, solver
from yacht_edu.dice import multisets
from yacht_edu.hands import HAND_INDEX, KEEPS
from yacht_edu.policies import (
    GAME_STRATEGIES,
    STRATEGIES,
    UnknownStrategyError,
    get_strategy,
    keep_most_common,
)
from yacht_edu.probability.turn import box_pars
from yacht_edu.solver.objective import plan as plan_of
from yacht_edu.solver.states import StateSpace
from yacht_edu.strategies import compare, simulate, strategy_expected_score

NAMED = [name for name in GAME_STRATEGIES if name != "optimal"]



def test_keep_most_common() -> None:
    assert keep_most_common((1, 2, 3, 4, 6)) == (6,)
    assert keep_most_common((2, 2, 5, 5, 6)) == (5, 5)
    assert keep_most_common((3, 3, 3, 3, 3)) == (3, 3, 3, 3, 3)
    for hand in multisets():
        kept = keep_most_common(hand)
        assert len(set(kept)) == 1 and all(hand.count(kept[0]) >= hand.count(f) for f in hand)


def test_par_of_the_yacht_box_is_50_times_the_chance_of_five_alike() -> None:
    # OEIS A096256 / docs/rules.md#exact-chances: five of a kind within three rolls, keeping the
    # most common face, 2783176/60466176 = 347897/7558272.
    par = box_pars(get_rules("yacht"))["yacht"]
    assert par == pytest.approx(50 * float(Fraction(347897, 7558272)), rel=1e-12)


def test_par_of_choice_is_the_best_expected_sum() -> None:
    # A whole turn played for the sum of the dice, by brute force over the 252 hands and every
    # keep (subsets of positions) with the model's reroll_chances.
    import functools
    import itertools

    from yacht_edu.dice import reroll_chances

    @functools.cache
    def best(hand: tuple[int, ...], rolls: int) -> float:
        keeps = {tuple(sorted(hand[i] for i in subset))
                 for r in range(5) for subset in itertools.combinations(range(5), r)}
        stop = float(sum(hand))
        if rolls == 0:
            return stop
        return max(stop, *(sum(float(p) * best(h, rolls - 1)
                               for h, p in reroll_chances(k).items()) for k in keeps))

    slow = sum(float(p) * best(h, 2) for h, p in reroll_chances(()).items())
    assert box_pars(get_rules("yacht"))["choice"] == pytest.approx(slow, rel=1e-12)


@pytest.mark.parametrize("name", NAMED)
def test_boxes_chosen_are_the_preferred_allowed_ones(name: str) -> None:
    rules = get_rules("yahtzee", joker="forced")
    strategy = get_strategy(name)
    space = StateSpace.of(rules)
    rng = random.Random(4)
    states = []
    cards = []
    for _ in range(20):
        card = Scorecard.empty(rules)
        for _ in range(rng.randrange(12)):
            hand = rng.choice(multisets())
            card = card.fill(hand, rng.choice(card.allowed(hand)))
        cards.append(card)
        states.append(space.number_of(card))
    plan = plan_of(solver.objective_of(strategy, rules), np.array(states),
                   np.zeros(len(states), dtype=np.int64))
    pars = box_pars(rules) if name == "beat_par" else dict.fromkeys(rules.boxes, 0.0)
    for column, card in enumerate(cards):
        for hand in rng.sample(multisets(), 10):
            options = [o for o in card.options(hand) if o.allowed]
            liked = max(o.gain - pars[o.box] for o in options)
            row = plan.box_row[HAND_INDEX[hand], column]
            chosen = rules.boxes[int(box_rows_of(rules)[row])]
            option = next(o for o in options if o.box == chosen)
            assert option.gain - pars[chosen] == pytest.approx(liked, abs=1e-9)


def box_rows_of(rules: object) -> np.ndarray:
    from yacht_edu.solver.states import box_rows

    return box_rows(rules).row_box  # type: ignore[arg-type]


def test_chase_five_keeps_the_most_common_face() -> None:
    plan = plan_of(solver.objective_of("chase_five", "yacht"), np.array([0, 5]),
                   np.zeros(2, dtype=np.int64))
    for hand, h in HAND_INDEX.items():
        for keeps in plan.keeps:
            assert {KEEPS[k] for k in keeps[h]} == {keep_most_common(hand)}


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["yacht", "yacht_sum4"])
@pytest.mark.parametrize("name", [*NAMED, "optimal"])
def test_computed_expected_score_within_4_standard_errors_of_simulation(name: str,
                                                                       rules: str) -> None:
    expected = strategy_expected_score(name, rules)
    games = simulate(name, rules, games=8_000, seed=23)
    assert abs(games.mean - expected.mean) <= 4 * games.standard_error
    assert games.sd == pytest.approx(expected.sd, rel=0.05)


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["yacht", "yacht_sum4"])
def test_optimal_is_above_every_named_strategy(rules: str) -> None:
    best = optimal_expected_score(rules).mean
    scores = {name: strategy_expected_score(name, rules).mean for name in NAMED}
    assert all(best > score for score in scores.values())
    assert scores["chase_five"] < scores["best_box_now"] < scores["beat_par"]


@pytest.mark.slow
def test_yahtzee_optimal_simulation_and_the_strategies_below_it() -> None:
    # The optimal strategy's simulated mean within 4 standard errors of the computed 254.5877;
    # each named strategy's simulated mean (plus 4 standard errors) below it.
    rules = get_rules("yahtzee", joker="forced")
    best = optimal_expected_score(rules)
    optimal = simulate("optimal", rules, games=3_000, seed=5)
    assert abs(optimal.mean - best.mean) <= 4 * optimal.standard_error
    for name in NAMED:
        games = simulate(name, rules, games=1_000, seed=5)
        assert games.mean + 4 * games.standard_error < best.mean


def test_simulation_is_seeded_and_summarised() -> None:
    one = simulate("best_box_now", games=500, seed=8)
    assert np.array_equal(one.scores, simulate("best_box_now", games=500, seed=8).scores)
    assert not np.array_equal(one.scores, simulate("best_box_now", games=500, seed=9).scores)
    assert sum(one.histogram().values()) == 500 and one.games == 500
    assert one.standard_error == pytest.approx(one.sd / math.sqrt(500))
    assert "500 games" in repr(one) and "yacht-simulation" in one._repr_html_()


@pytest.mark.slow
def test_compare_lists_every_strategy() -> None:
    table = compare("yacht", games=300, seed=1)
    assert set(table) == set(GAME_STRATEGIES) == {"best_box_now", "chase_five", "beat_par",
                                                  "optimal"}
    assert table["optimal"][0].mean == pytest.approx(166.955, abs=1e-3)


def test_bad_names_and_counts() -> None:
    with pytest.raises(UnknownStrategyError, match="beat_par"):
        get_strategy("lucky")
    with pytest.raises(UnknownStrategyError, match="beat_par"):
        plan_of(solver.objective_of("reroll_all", "yacht"), np.array([0]),  # no box rule
                    np.zeros(1, dtype=np.int64))
    with pytest.raises(ValueError, match="at least 1"):
        simulate("optimal", games=0)
    assert get_strategy(STRATEGIES["beat_par"]) is STRATEGIES["beat_par"]
    assert "par" in STRATEGIES["beat_par"].description("en")


def test_one_vocabulary_for_a_box_and_a_game() -> None:
    from yacht_edu import probability

    assert STRATEGIES["chase_five"].keep_rule is keep_most_common
    # The game strategy's keep rule plays a single box exactly as the keep rule by its name does.
    assert probability.p_within("yacht", 3, strategy=STRATEGIES["chase_five"]) == \
        probability.p_within("yacht", 3, strategy="keep_most_common") == \
        probability.p_within("yacht", 3, strategy=keep_most_common)
