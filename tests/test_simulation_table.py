"""The fast simulator (a decision table read by many games at once) against the simulator that
plans every turn: the same choices in every state and the same games for the same seed; and its
final scores against the exact distribution of the optimal Yacht score, a rule of thumb's
computed expected score and the published Yahtzee mean (Monte-Carlo bounds of 4 standard
errors)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from yacht_edu import get_rules
from yacht_edu.hands import HAND_INDEX, HANDS, KEEPS, ORDERED_ROLLS
from yacht_edu.solver import compiled as solver_compiled
from yacht_edu.solver import objective_of, optimal_score_distribution, play_games, solve
from yacht_edu.solver.decisions import DecisionTable, decision_table, hand_after, pack
from yacht_edu.solver.objective import plan
from yacht_edu.solver.play import AHEAD_FROM, distinct, play_by_table
from yacht_edu.solver.states import StateSpace, box_rows
from yacht_edu.strategies import simulate, strategy_expected_score


def test_the_hand_after_a_keep_is_the_keep_and_the_first_dice_of_the_roll() -> None:
    # The ordered roll r shows the faces r % 6 + 1, r // 6 % 6 + 1, ... (lowest digit first).
    for keep in [(), (6,), (2, 2), (1, 3, 5), (4, 4, 4, 4), (1, 2, 3, 4, 5)]:
        k = KEEPS.index(keep)
        for roll in (0, 1, 7, 1555, 7775):
            faces = [roll // 6**i % 6 + 1 for i in range(5)]
            hand = tuple(sorted(keep + tuple(faces[:5 - len(keep)])))
            assert HANDS[hand_after()[k * ORDERED_ROLLS + roll]] == hand


def test_every_hand_after_a_keep_comes_as_often_as_rolling_the_other_dice() -> None:
    # Keeping (6, 6) and rolling three dice: each hand as often as its orderings of the rest.
    k = KEEPS.index((6, 6))
    counts = np.bincount(hand_after()[k * ORDERED_ROLLS:(k + 1) * ORDERED_ROLLS],
                         minlength=len(HANDS))
    assert counts[HAND_INDEX[(6, 6, 6, 6, 6)]] == 36  # 1 ordering of three sixes × 36 for the rest
    assert counts[HAND_INDEX[(1, 2, 3, 6, 6)]] == 36 * 6  # 3! orderings of 1, 2, 3
    assert counts.sum() == ORDERED_ROLLS and counts[HAND_INDEX[(1, 1, 1, 1, 1)]] == 0


def test_distinct_is_numpy_unique() -> None:
    values = np.random.default_rng(3).integers(0, 50, size=400)
    found, where = distinct(values, 50)
    expected, inverse = np.unique(values, return_inverse=True)
    assert np.array_equal(found, expected) and np.array_equal(where, inverse)


@pytest.mark.parametrize("compiled", ["0", "1", "numba"])
@pytest.mark.parametrize(("player", "rules"), [("optimal", "yacht"), ("beat_par", "yacht"),
                                               ("chase_five", "yacht_sum4"),
                                               ("optimal", "yahtzee")])
def test_the_table_holds_the_planners_choices(player: str, rules: str, compiled: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # Every state a game can reach (a sample of 600 for Yahtzee), its own choices as the
    # planner works them out for it, against the table's row (often another state's: equivalent
    # states share a row).  The optimal player's table is filled by the compiled chunk (the
    # native one, or numba's), else by the planner's numpy: all three.
    monkeypatch.setenv("YACHT_EDU_COMPILED", compiled)
    monkeypatch.setattr(solver_compiled, "COMPILE_FROM", 0)  # Yacht's few states compiled too
    objective = objective_of(player, rules)
    table = DecisionTable.empty(objective)
    space = StateSpace.of(rules)
    reachable = np.flatnonzero(_reachable(space))
    if len(reachable) > 600:
        reachable = np.random.default_rng(1).choice(reachable, 600, replace=False)
    rows = table.rows_for(reachable)
    turn = plan(objective, reachable, np.zeros(len(reachable), dtype=np.int64))
    packed = pack(box_rows(rules).row_box[turn.box_row], turn.keeps, table.choices.dtype.type)
    assert np.array_equal(table.choices[rows].T, packed)


def _reachable(space: StateSpace) -> np.ndarray:
    found = np.zeros(space.size, dtype=bool)
    for n in range(space.number_of_boxes + 1):
        found[space.layer(n).copies] = True
    return found


def test_a_table_is_filled_as_games_meet_states_and_kept() -> None:
    objective = objective_of("optimal", "yacht")
    table = decision_table(objective)
    assert decision_table(objective_of("optimal", "yacht")) is table  # one per solved table
    play_by_table(table, 50, np.random.default_rng(2))
    met = table.count
    assert 0 < met <= 4096 and (table.row_of_state >= 0).sum() == met  # Yacht: no copies
    table.fill_all()
    assert table.count == 4096 - 1  # every state but the full scorecard


@pytest.mark.parametrize(("rules", "player", "games"),
                         [("yacht", "optimal", 3_000), ("yacht", "beat_par", 3_000),
                          ("yacht_sum4", "chase_five", 3_000), ("yahtzee", "optimal", 1_000),
                          ("yahtzee", "best_box_now", 500)])
def test_the_same_games_as_the_planner_for_the_same_seed(rules: str, player: str,
                                                        games: int) -> None:
    # The same dice and the same choices: every game ends with the same score, so the two
    # simulators' statistics on any seed are the same.
    objective = objective_of(player, rules)
    planned = play_games(objective, games, np.random.default_rng(101))
    tabled = simulate(player, rules, games=games, seed=101).scores
    assert np.array_equal(planned, tabled)


def test_the_dice_drawn_ahead_are_the_dice_drawn_in_turn() -> None:
    # Above AHEAD_FROM games the next roll is drawn in a second thread: the same games.
    objective = objective_of("chase_five", "yacht")
    games = AHEAD_FROM + 1
    planned = play_games(objective, games, np.random.default_rng(7))
    assert np.array_equal(play_by_table(decision_table(objective), games,
                                        np.random.default_rng(7)), planned)


def test_the_exact_optimal_yacht_distribution_within_monte_carlo_bounds() -> None:
    # 200,000 table games against the exact chance of every final score: "at least x" within
    # 4 standard errors, the mean within 4 standard errors of the exact mean, and a chi-square
    # test over bins of 10 points (p above 0.001).
    games = simulate("optimal", "yacht", games=200_000, seed=17)
    exact = optimal_score_distribution("yacht")
    for threshold in (100, 140, 160, 170, 180, 200, 230, 260):
        p = float(exact.at_least(threshold))
        seen = float(np.mean(games.scores >= threshold))
        assert abs(seen - p) <= 4 * math.sqrt(p * (1 - p) / games.games) + 1e-12
    assert abs(games.mean - float(exact.mean)) <= 4 * exact.sd / math.sqrt(games.games)
    chances = np.zeros(40)
    for score in exact:
        chances[min(score // 10, 39)] += float(exact.fraction(score))
    seen_bins = np.bincount(np.minimum(games.scores // 10, 39), minlength=40)
    kept = chances * games.games >= 5  # the chi-square test wants 5 or more expected
    observed = np.append(seen_bins[kept], seen_bins[~kept].sum())
    expected = np.append(chances[kept], chances[~kept].sum()) * games.games
    from scipy import stats  # here: not imported by every pytest process that collects this file

    assert stats.chisquare(observed, expected).pvalue > 1e-3


@pytest.mark.parametrize("player", ["best_box_now", "beat_par"])
def test_a_rule_of_thumb_simulated_by_its_table_meets_its_computed_score(player: str) -> None:
    expected = strategy_expected_score(player, "yacht")
    games = simulate(player, "yacht", games=50_000, seed=4)
    assert abs(games.mean - expected.mean) <= 4 * games.standard_error
    assert games.sd == pytest.approx(expected.sd, rel=0.02)


@pytest.mark.slow
def test_a_yahtzee_simulation_meets_the_published_optimal_mean() -> None:
    # docs/rules.md#published-figures: yahtzee, joker="forced": 254.5877, sd 59.61 (public
    # third-party solvers of the official rule): 100,000 games within 4 standard errors; the
    # standard deviation within 2% of the solve's.
    expected = solve(get_rules("yahtzee")).expected()
    games = simulate("optimal", "yahtzee", games=100_000, seed=3)
    assert abs(games.mean - 254.5877) <= 4 * games.standard_error
    assert games.sd == pytest.approx(expected.sd, rel=0.02)


def test_same_seed_same_games_and_a_target_still_planned() -> None:
    first = simulate("optimal", games=1_000, seed=8)
    assert np.array_equal(first.scores, simulate("optimal", games=1_000, seed=8).scores)
    assert not np.array_equal(first.scores, simulate("optimal", games=1_000, seed=9).scores)
    objective = objective_of("optimal", "yacht", target=200)
    planned = play_games(objective, 300, np.random.default_rng(5))
    assert np.array_equal(simulate(games=300, seed=5, target=200).scores, planned)
