"""The chance of every final score in floats (the forward evolution of
yacht_edu/solver/final_scores.py): Yacht's against the exact distribution (fractions, another
program: yacht_edu/solver/distribution.py), Yahtzee's against the solve's mean and standard
deviation (the published figures) and against seeded games (Monte-Carlo bounds)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from yacht_edu.hands import KEEPS
from yacht_edu.solver import (
    compiled,
    final_scores,
    objective_of,
    optimal_score_chances,
    optimal_score_distribution,
    solve,
)
from yacht_edu.solver.cache import clear_memory
from yacht_edu.solver.decisions import DecisionTable
from yacht_edu.solver.final_scores import final_score_chances, roll_kept
from yacht_edu.solver.turn import HAND_WEIGHTS
from yacht_edu.strategies import simulate


@pytest.mark.parametrize("rules", [
    "yacht",
    # its exact distribution is solved in fractions for this test alone: seconds
    pytest.param("yacht_sum4", marks=pytest.mark.slow),
])
def test_the_chances_are_the_exact_distribution(rules: str) -> None:
    chances = optimal_score_chances(rules)
    exact = optimal_score_distribution(rules)
    assert set(np.flatnonzero(chances.chances).tolist()) == set(exact)
    for score in exact:
        assert chances.chances[score] == pytest.approx(float(exact.fraction(score)), rel=1e-11,
                                                       abs=1e-300)
    assert chances.mean == pytest.approx(float(exact.mean), rel=1e-14)
    assert chances.sd == pytest.approx(exact.sd, rel=1e-12)
    assert chances.at_least(200) == pytest.approx(float(exact.at_least(200)), rel=1e-12)


@pytest.mark.parametrize("backend", ["native", "numba"])
@pytest.mark.parametrize("batch", [final_scores.SPREAD_BATCH, 1000, 1])
def test_numpy_and_the_compiled_kernel_spread_the_same_chances(
        monkeypatch: pytest.MonkeyPatch, batch: int, backend: str) -> None:
    # numpy spreads the bands a batch of entries at a time (one way per batch at the least):
    # the same additions in the same order as the compiled loops (native and numba's),
    # whatever the batches.
    if backend == "numba":
        pytest.importorskip("numba", reason="numba's kernel needs numba (the test extra)")
    table = DecisionTable.empty(objective_of("optimal", "yacht"))
    monkeypatch.setenv("YACHT_EDU_COMPILED", "0")
    monkeypatch.setattr(final_scores, "SPREAD_BATCH", batch)
    reference = final_score_chances(table).chances
    monkeypatch.setenv("YACHT_EDU_COMPILED", "1" if backend == "native" else "numba")
    monkeypatch.setattr(compiled, "COMPILE_FROM", 0)  # compiled for Yacht's few states too
    assert compiled.backend() == backend
    assert np.array_equal(final_score_chances(table).chances, reference)


def test_rolling_the_dice_not_kept_gives_each_hand_its_chance() -> None:
    # Keeping nothing is a fresh roll of five dice: each hand's chance in one roll.
    on_keeps = np.zeros((len(KEEPS), 1))
    on_keeps[KEEPS.index(())] = 1.0
    assert roll_kept(on_keeps)[:, 0] == pytest.approx(HAND_WEIGHTS, rel=1e-14)


@pytest.mark.slow
def test_yahtzee_chances_meet_the_solve_and_the_published_figures() -> None:
    # docs/rules.md#published-figures: yahtzee, joker="forced": 254.5877, sd 59.61 (public
    # third-party solvers of the official rule, 254.58772873…); the solve's sd 59.6076.  And
    # 100,000 seeded games: "at least x" within 4 standard errors.
    clear_memory()
    chances = optimal_score_chances("yahtzee")
    solved = solve("yahtzee").expected()
    assert chances.chances.sum() == pytest.approx(1.0, abs=1e-12)
    assert abs(chances.mean - 254.5877) < 1e-4 and abs(chances.mean - 254.58772873) < 1e-8
    assert chances.mean == pytest.approx(solved.mean, rel=1e-12)
    assert round(chances.sd, 4) == 59.6076 and chances.sd == pytest.approx(solved.sd, rel=1e-9)
    games = simulate("optimal", "yahtzee", games=100_000, seed=29)
    for threshold in (150, 200, 250, 300, 400, 500):
        p = chances.at_least(threshold)
        seen = float(np.mean(games.scores >= threshold))
        assert abs(seen - p) <= 4 * math.sqrt(p * (1 - p) / games.games) + 1e-12
