"""The tables shipped in the package (yacht_edu/shipped/*.table) are the solver's numbers, read
the same by the numpy solver and by pure Python, and the coach built on them in pure Python
chooses as the numpy coach does."""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from yacht_edu import shipped
from yacht_edu.game import Game
from yacht_edu.ranking import rank
from yacht_edu.rules import get_rules
from yacht_edu.scorecard import Scorecard
from yacht_edu.shipped.turn import ShippedScore
from yacht_edu.shipped.turn import choice_values as shipped_choice_values
from yacht_edu.solver import cache, choice_values, objective_of, solve
from yacht_edu.solver import ship as ship_module
from yacht_edu.solver.ship import shipped_arrays, table_bytes
from yacht_edu.solver.states import StateSpace, possible_scores

FAST = ["yacht", "yacht_sum4"]
ALL = [*FAST, pytest.param("yahtzee", marks=pytest.mark.slow)]


@pytest.mark.parametrize("name", ALL)
def test_the_shipped_table_is_a_fresh_solve_bit_for_bit(name: str) -> None:
    rules = get_rules(name)
    fresh = solve(rules, use_cache=False)
    found = shipped_arrays(rules)
    assert found is not None, f"run: python -m yacht_edu.solver ship ({name} missing or stale)"
    assert np.array_equal(found["mean"], fresh.mean, equal_nan=True)
    assert np.array_equal(found["mean_square"], fresh.mean_square, equal_nan=True)
    # the file itself is what the build step writes from these arrays, byte for byte
    path = shipped.table_path(rules)
    assert path is not None
    assert path.read_bytes() == table_bytes(rules, fresh.mean, fresh.mean_square)


@pytest.mark.parametrize("name", [*FAST, "yahtzee"])
def test_the_shipped_possible_scores_are_the_solvers(name: str) -> None:
    assert shipped.possible_scores(name) == possible_scores(get_rules(name))


def sampled_cards(name: str, count: int, seed: int) -> Iterator[Game]:
    """Games of one player part-way through, boxes chosen at random (scores of every kind)."""
    rng = random.Random(seed)
    for _ in range(count):
        game = Game(players=("A",), rules=name, seed=rng.randrange(10**9))
        for _ in range(rng.randrange(len(game.rules.boxes))):
            game.roll()
            if rng.random() < 0.5:
                game.roll(positions=[i for i in range(5) if rng.random() < 0.5])
            game.score(rng.choice([o.box for o in game.options() if o.allowed]))
        game.roll()
        yield game


@pytest.mark.parametrize("name", [*FAST, "yahtzee"])
def test_pure_python_reads_what_numpy_reads(name: str) -> None:
    table, pure = solve(name), shipped.shipped_table(name)
    assert pure is not None
    space = StateSpace.of(get_rules(name))
    cards = [g.scorecard("A") for g in sampled_cards(name, 60, seed=1)]
    for card in [Scorecard.empty(name), *cards]:
        assert pure.state_number(card) == space.number_of(card)
        assert pure.future(card) == table.future(card)


@pytest.mark.parametrize("name", [*FAST, "yahtzee"])
def test_the_pure_coach_chooses_as_the_numpy_coach(name: str) -> None:
    """Every choice's worth equal to the last bit, so the ranking (ties within TIE) is the same."""
    numpy_player, pure_player = objective_of("optimal", name), ShippedScore.of(name)
    rng = random.Random(2)
    for game in sampled_cards(name, 12, seed=3):
        card, dice, left = game.scorecard("A"), game.dice, rng.choice([2, 1, 0])
        assert dice is not None
        expected = choice_values(numpy_player, card, dice, left)
        found = shipped_choice_values(pure_player, card, dice, left)
        assert found == expected
        assert rank(found, False) == rank(expected, False)


def test_solve_reads_the_shipped_table_instead_of_solving(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("YACHT_EDU_CACHE", str(tmp_path))

    def no_solving(*args: object, **kwargs: object) -> None:
        raise AssertionError("solved instead of reading the shipped table")

    import yacht_edu.solver as solver

    monkeypatch.setattr(solver, "solve_layers", no_solving)
    cache.clear_memory()
    try:
        table = solver.solve("yacht_sum4")
    finally:
        cache.clear_memory()
    found = shipped_arrays(get_rules("yacht_sum4"))
    assert found is not None and np.array_equal(table.mean, found["mean"])
    assert list(tmp_path.glob("yacht_sum4-float-*.npz")), "kept in the cache as if solved"


def test_a_damaged_or_missing_table_is_not_used(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    for name in shipped.SHIPPED_RULES:
        shutil.copy(shipped.FOLDER / f"{name}.table", tmp_path)
    damaged = bytearray((tmp_path / "yacht.table").read_bytes())
    damaged[-100] ^= 0xFF
    (tmp_path / "yacht.table").write_bytes(bytes(damaged))
    (tmp_path / "yacht_sum4.table").unlink()
    monkeypatch.setattr(shipped, "FOLDER", tmp_path)
    shipped._read.cache_clear()
    try:
        assert shipped.shipped_table("yacht") is None
        assert shipped_arrays(get_rules("yacht")) is None
        assert shipped.shipped_table("yacht_sum4") is None
        assert shipped.shipped_table("yahtzee") is not None
    finally:
        shipped._read.cache_clear()


def test_only_the_built_in_rule_sets_with_their_default_options_are_shipped() -> None:
    assert shipped.table_path(get_rules("yahtzee", joker="free")) is None
    assert shipped.shipped_table(get_rules("yahtzee", upper_first=True)) is None
    with pytest.raises(LookupError):
        ShippedScore.of(get_rules("yahtzee", joker="none"))


def test_the_build_step_writes_every_file(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    solved: list[str] = []

    def quick_solve(rules: object, use_cache: bool = True) -> object:
        solved.append(get_rules(rules).name)  # type: ignore[arg-type]
        return solve(rules)  # type: ignore[arg-type]

    import yacht_edu.solver as solver

    monkeypatch.setattr(solver, "solve", quick_solve)
    assert ship_module.main(["--into", str(tmp_path)]) == 0
    assert solved == list(shipped.SHIPPED_RULES)
    for name in shipped.SHIPPED_RULES:
        assert (tmp_path / f"{name}.table").read_bytes() == (
            shipped.FOLDER / f"{name}.table").read_bytes()
