"""Property tests of the hardened model (beside the state machine of test_game_stateful.py):

- a damaged save either loads to the very same game or is refused with BadSavedGameError;
- any value given to a public model function either works or is refused with the package's own
  error, and a refused move changes nothing.

``benchmarks/fuzz_model.py`` runs the same mutations longer and records the figures in
docs/reliability.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.examples import examples
from tests.helpers.mutations import MUTATIONS, a_saved_game, outcome
from tests.helpers.odd_values import odd_values
from yacht_edu import Dice, Game, RuleError, Scorecard, categories, get_rules, score
from yacht_edu.dice import multiset_chance, multisets, reroll_chances
from yacht_edu.i18n import UnknownLanguageError, set_language

PACKAGE_ERRORS = (RuleError, UnknownLanguageError)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_seed=st.integers(0, 2**32), mutation=st.sampled_from(sorted(MUTATIONS)),
       damage_seed=st.integers(0, 2**32))
@pytest.mark.slow  # half a second or more (the fast loop keeps under a minute and a quarter)
def test_a_damaged_save_loads_the_same_game_or_is_refused(game_seed: int, mutation: str,
                                                          damage_seed: int) -> None:
    original = a_saved_game(random.Random(game_seed))
    damaged = MUTATIONS[mutation](original, random.Random(damage_seed))
    assert outcome(original, damaged) in ("same", "refused")


def test_the_mutations_can_tell_a_crash_from_a_refusal() -> None:
    """The property above can fail: a loader that let a wrong game through would be caught."""
    original = a_saved_game(random.Random(1))
    assert outcome(original, original) == "same"
    assert outcome(original, original[:-1]) == "refused"
    other = a_saved_game(random.Random(2))
    assert outcome(original, other) == "different game"


# -- any value at every public model function ----------------------------------------------------

def a_game_in_a_turn() -> Game:
    game = Game(players=("Asha", "Ravi"), rules="yahtzee", seed=4)
    game.roll()
    return game


CALLS: dict[str, Callable[[Any], object]] = {
    "Dice": lambda x: Dice(x),
    "score(dice)": lambda x: score(x, "choice"),
    "score(box)": lambda x: score((1, 2, 3, 4, 5), x),
    "score(rules)": lambda x: score((1, 2, 3, 4, 5), "choice", x),
    "categories": lambda x: categories(x),
    "get_rules": lambda x: get_rules(x),
    "get_rules(joker)": lambda x: get_rules("yahtzee", joker=x),
    "get_rules(upper_first)": lambda x: get_rules("yahtzee", upper_first=x),
    "Scorecard.empty": lambda x: Scorecard.empty(x),
    "Scorecard.from_filled": lambda x: Scorecard.from_filled(x, "yahtzee"),
    "Scorecard.from_filled(points)": lambda x: Scorecard.from_filled({"chance": x}, "yahtzee"),
    "Scorecard.from_filled(bonuses)": lambda x: Scorecard.from_filled({}, "yahtzee", x),
    "Scorecard.options": lambda x: Scorecard.empty().options(x),
    "Scorecard.fill": lambda x: Scorecard.empty().fill((1, 2, 3, 4, 5), x),
    "Game(players)": lambda x: Game(players=x),
    "Game(rules)": lambda x: Game(rules=x),
    "Game(seed)": lambda x: Game(seed=x),
    "Game(roll_off)": lambda x: Game(roll_off=x),
    "Game.from_json": lambda x: Game.from_json(x),
    "reroll_chances": lambda x: reroll_chances(x),
    "multisets": lambda x: multisets(x),
    "multiset_chance": lambda x: multiset_chance(x),
    "set_language": lambda x: set_language(x),
}
MOVES: dict[str, Callable[[Game, Any], object]] = {
    "roll(keep)": lambda g, x: g.roll(keep=x),
    "roll(positions)": lambda g, x: g.roll(positions=x),
    "roll(result)": lambda g, x: g.roll(result=x),
    "hold": lambda g, x: g.hold(x),
    "release": lambda g, x: g.release(x),
    "toggle": lambda g, x: g.toggle(x),
    "score": lambda g, x: g.score(x),
    "scorecard": lambda g, x: g.scorecard(x),
    "observe": lambda g, x: g.observe(x),
}


@pytest.fixture(autouse=True)
def english() -> Any:
    yield
    set_language("en")


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=odd_values())
@pytest.mark.parametrize("call", sorted(CALLS))
def test_any_value_works_or_is_refused_by_the_packages_error(call: str, value: Any) -> None:
    try:
        CALLS[call](value)
    except PACKAGE_ERRORS as error:
        str(error).encode("utf-8")  # the message itself is printable


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=odd_values())
@pytest.mark.parametrize("move", sorted(MOVES))
def test_any_value_in_a_move_works_or_changes_nothing(move: str, value: Any) -> None:
    game = a_game_in_a_turn()
    before = game.to_json()
    try:
        MOVES[move](game, value)
    except PACKAGE_ERRORS as error:
        str(error).encode("utf-8")
        assert game.to_json() == before
