"""Lesson 8, play to win: its figures and its exercises' values, each computed a second way
(brute force over the rolls of the dice, the closed form (91/216)^5, the solver's own moments,
numpy's and statistics' means and standard deviations of the seeded games).

The target player's tie rule, which the lesson states: among choices of equal chance of reaching
the target, the one with the higher expected final score.  A brute force of Ben's last roll and
of a last turn checks that the coach plays by it."""

from __future__ import annotations

import itertools
import json
import math
import statistics
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import pytest

import yacht_edu as ye
from tests.helpers.lesson_figures import check_figures
from tests.helpers.target_player import final_scores, moments
from yacht_edu.lessons import check, exercise
from yacht_edu.lessons.lesson08 import (
    ASHA_TOTAL,
    BEN_DICE,
    BEN_FILLED,
    FAR,
    GAMES,
    SEED,
    all_sixes_within_three,
    chance_last_roll,
    cost_of_playing_far,
    far_scores,
    mean_keep,
    target_keep,
)
from yacht_edu.reach import reach_curves
from yacht_edu.solver import optimal_expected_score, optimal_score_distribution
from yacht_edu.strategies import simulate

LESSON = Path(__file__).resolve().parents[1] / "teacher" / "08_play_to_win.ipynb"
ONLY_CHOICE = {box: 0 for box in ye.categories() if box != "choice"}


def rolls(dice: int) -> list[tuple[int, ...]]:
    return list(itertools.product(range(1, 7), repeat=dice))


def by_brute_force(kept: tuple[int, ...], need: int) -> Fraction:
    """Keep, roll the rest once: the share of ordered rolls whose five dice add up to ``need``."""
    every = rolls(5 - len(kept))
    return Fraction(sum(1 for r in every if sum(kept) + sum(r) >= need), len(every))


@cache
def best_last_roll(hand: tuple[int, ...], need: int) -> Fraction:
    keeps = {tuple(sorted(k)) for n in range(6) for k in itertools.combinations(hand, n)}
    return max(by_brute_force(k, need) for k in keeps)


def two_rolls_left(kept: tuple[int, ...], need: int) -> Fraction:
    """Keep, roll the rest, then keep the best for the last roll: brute force."""
    every = rolls(5 - len(kept))
    return sum((best_last_roll(tuple(sorted(kept + r)), need) for r in every),
               Fraction(0)) / len(every)


@pytest.mark.slow
def test_every_number_the_lesson_states_is_the_packages() -> None:
    dist = optimal_score_distribution("yacht")
    mean, sd = float(dist.mean), dist.sd
    curves = reach_curves("yacht")
    widest = int(curves.targets[int(np.argmax(curves.gap))])
    sixes = all_sixes_within_three()
    need = ASHA_TOTAL + 1 - sum(BEN_FILLED.values())
    ahead = ye.advise((6, 6, 5, 3, 2), 2, filled=BEN_FILLED, target=168 + 1)
    far = far_scores()
    aiming_far, aiming_near = moments(final_scores(FAR)), moments(final_scores(120))
    check_figures(LESSON, {
        "166.96": dist.mean, "167": round(mean), "200": 200,
        "16.68": 100 * dist.at_least(200), "21.81": 100 * ye.reach_probability(200),
        "5/6": Fraction(sum(1 for r in rolls(1) if r != (6,)), 6),
        "91/216": 1 - Fraction(5, 6) ** 3, "75": round(1 / sixes), "7,776": 6**5,
        "30": 30,
        # Ben: 28 wins outright, 27 ties (a shared win); his keep 6-5-5 reaches 28 with 1/36,
        # the expected-score keep 6-5-5-4 averages 23.5 from choice
        "174": ASHA_TOTAL, "147": sum(BEN_FILLED.values()), "28": need, "27": need - 1,
        "1/36": chance_last_roll(target_keep(), need),
        "23.5": sum(mean_keep()) + Fraction(7, 2) * (5 - len(mean_keep())),
        "168": 168, "22": 168 + 1 - sum(BEN_FILLED.values()),
        "150": 150, "188": widest, "32": round(100 * curves.best[widest]),
        "26": round(100 * curves.expected_player[widest]), "250": FAR, "100": 100,
        "34.98": sd, "2,000": GAMES, "34.2": statistics.pstdev(far), "120": 120,
        # what playing for 250 costs in the seeded run, give or take its standard error
        "6.9": mean - statistics.mean(far), "0.8": statistics.pstdev(far) / math.sqrt(GAMES),
        # ... and exactly: the target player's final scores played forwards, every outcome
        # with its chance (tests/helpers/target_player.py)
        "160.63": aiming_far.mean, "6.32": mean - aiming_far.mean, "35.35": aiming_far.sd,
        "33.88": aiming_near.sd,
        "0.0079": curves.best[250], "0.0039": curves.expected_player[250],
    })
    assert 4 < 100 * (ye.reach_probability(200) - float(dist.at_least(200))) < 6  # "about 5"
    assert curves.best[250] > 2 * curves.expected_player[250]   # "twice the other's"
    assert ahead.best.choice == (2, 3, 5, 6, 6) and ahead.best.chance == 1   # ahead: stop
    assert ye.advise((6, 6, 5, 3, 2), 2, filled=BEN_FILLED).best.choice != (2, 3, 5, 6, 6)
    assert abs(ahead.of((5, 6, 6)).chance - float(two_rolls_left((5, 6, 6), 22))) < 1e-12
    # "about 5 games in 100 for any target from 150 to 200, far less far from the average"
    assert all(0.045 < curves.gap[target] <= curves.gap[widest] for target in range(150, 201))
    assert curves.gap[100] < curves.gap[widest] / 4 and curves.gap[250] < curves.gap[widest] / 4


def test_all_sixes_agrees_with_the_closed_form_and_the_target_table() -> None:
    one_die = Fraction(sum(1 for r in rolls(3) if 6 in r), 6**3)      # a six by the third roll
    assert all_sixes_within_three() == one_die**5 == Fraction(91, 216) ** 5
    assert exercise("08.2").example() == all_sixes_within_three()
    assert abs(ye.reach_probability(30, filled=ONLY_CHOICE) - float(one_die**5)) < 1e-9


def test_one_step_of_the_recursion_is_brute_force() -> None:
    for kept, need in [((), 18), ((6,), 22), ((6, 6, 5), 25), ((5, 5, 4, 4, 2), 20),
                       ((1, 1), 29), ((6, 6), 30)]:
        assert chance_last_roll(kept, need) == by_brute_force(kept, need)


def test_bens_keep_is_the_brute_force_best_of_his_last_roll() -> None:
    need = ASHA_TOTAL + 1 - sum(BEN_FILLED.values())
    keeps = {tuple(sorted(k)) for n in range(6) for k in itertools.combinations(BEN_DICE, n)}
    chances = {keep: by_brute_force(keep, need) for keep in keeps}
    best = max(chances.values())
    assert [keep for keep, chance in chances.items() if chance == best] == [target_keep()]
    assert target_keep() == (5, 5, 6) and best == Fraction(1, 36)
    assert mean_keep() == (4, 5, 5, 6) and chances[mean_keep()] == 0   # it cannot reach 28
    assert exercise("08.4").example() == target_keep()
    assert check("08.4", mean_keep()).misconception == "played_for_the_mean"
    ben = ye.advise(BEN_DICE, 1, filled=BEN_FILLED, target=ASHA_TOTAL + 1)
    for keep, chance in chances.items():
        assert abs(ben.of(keep).chance - float(chance)) < 1e-9


def test_at_a_tie_of_chances_the_target_player_keeps_the_higher_expected_score() -> None:
    # Certain (5 needed from choice: every keep reaches it) or out of reach (31 needed), every
    # keep has the same chance: the coach then keeps as the expected-score player does.
    sure = ye.advise(BEN_DICE, 1, filled=BEN_FILLED, target=sum(BEN_FILLED.values()) + 5)
    assert sure.best.chance == 1 and sure.best.choice == mean_keep()
    # Out of reach (more than 30 from choice): every keep has chance 0, and the coach keeps as
    # the expected-score player does.
    hopeless = ye.advise(BEN_DICE, 1, filled=BEN_FILLED, target=sum(BEN_FILLED.values()) + 31)
    assert hopeless.best.chance == 0 and hopeless.best.choice == mean_keep()


@pytest.mark.slow
def test_the_spreads_are_the_solvers_and_numpys() -> None:
    solver = optimal_expected_score("yacht", exact=True)
    dist = optimal_score_distribution("yacht")
    assert dist.mean == solver.mean and dist.variance == solver.variance
    assert abs(dist.sd - math.sqrt(float(solver.variance))) < 1e-9
    scores = np.array(far_scores())
    cost = float(dist.mean) - float(scores.mean())
    assert abs(float(exercise("08.5").example()) - cost) < 1e-9  # type: ignore[arg-type]
    assert abs(float(cost_of_playing_far()) - cost) < 1e-9
    # Ties broken by the expected score: playing for a target barely moves the spread (within
    # two points of the expected-score player's, either way) and costs points on average, more
    # than two of the simulation's standard errors.
    near = simulate(games=GAMES, seed=SEED, target=120).scores
    for scores_of_target in (scores, near):
        assert abs(float(scores_of_target.std()) - dist.sd) < 2
        standard_error = float(scores_of_target.std()) / math.sqrt(GAMES)
        assert float(dist.mean) - float(scores_of_target.mean()) > 2 * standard_error


@pytest.mark.slow
def test_the_cost_of_playing_far_is_no_accident_of_the_seed() -> None:
    """A second, larger sample of the target player (other dice: seed 9, 20,000 games) agrees
    with the lesson's cost within four of its standard errors, and reaches 250 as often as the
    target table says (a Monte-Carlo bound on both)."""
    exact_mean = float(optimal_score_distribution("yacht").mean)
    other = simulate(games=20_000, seed=SEED + 1, target=FAR)
    error = float(other.scores.std()) / math.sqrt(other.games)
    assert abs((exact_mean - other.mean) - float(cost_of_playing_far())) < 4 * error + 0.8
    chance = ye.reach_probability(FAR)
    assert abs(other.chance - chance) < 4 * math.sqrt(chance * (1 - chance) / other.games)


@pytest.mark.slow
def test_the_exact_cost_and_spread_agree_with_the_seeded_games_and_the_target_table() -> None:
    """The target player's exact final scores (every outcome played forwards with its chance,
    tests/helpers/target_player.py) against three other computations: the seeded games within
    three standard errors of the exact mean, the target table's chance of reaching the target,
    and the audit's own solver, written without yacht_edu (lessons-audit-3.md §1.2: 160.63297
    and 35.35158 playing for 250, 161.00464 and 33.87510 playing for 120)."""
    for target, seed, games in ((FAR, SEED, GAMES), (FAR, SEED + 1, 20_000), (120, SEED, GAMES)):
        chances = final_scores(target)
        exact = moments(chances)
        assert abs(exact.total - 1) < 1e-9
        run = simulate(games=games, seed=seed, target=target)
        assert abs(run.mean - exact.mean) < 3 * exact.sd / math.sqrt(games), (target, seed)
        reached = math.fsum(chance for score, chance in chances.items() if score >= target)
        assert abs(reached - ye.reach_probability(target)) < 1e-9
    far, near = moments(final_scores(FAR)), moments(final_scores(120))
    assert abs(far.mean - 160.63297) < 1e-4 and abs(far.sd - 35.35158) < 1e-4
    assert abs(near.mean - 161.00464) < 1e-3 and abs(near.sd - 33.87510) < 1e-3


def test_the_target_players_games_are_shown_after_exercise_08_5() -> None:
    """Shown before 08.5, the simulation's mean made the exercise a subtraction of two printed
    numbers (lessons-audit-3.md §2.1): the learner computes it from ``far.scores`` first."""
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    code = ["".join(cell["source"]).strip() for cell in cells]
    checked = next(n for n, text in enumerate(code) if text.startswith('check("08.5"'))
    shown = [n for n, text in enumerate(code) if text.split("\n")[-1] == "far"]
    assert shown and min(shown) > checked
