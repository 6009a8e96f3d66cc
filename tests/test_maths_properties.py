"""Property tests of the mathematics' and the faces' edges (the model's are in
test_model_properties.py): any value given to a public function of probability/, solver/,
coach, strategies, policies, reach or ``play`` either works or is refused with the package's own
error and a printable message — never an exception from numpy, collections, int() or sympy.

Each call puts the odd value in one argument and keeps the others cheap (Yacht, whose table is
solved once and cached), so a value that is accepted answers quickly.
``benchmarks/fuzz_maths.py`` runs the same calls longer and records the figures in
docs/reliability.md.
"""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from tests.helpers.examples import examples
from tests.helpers.grid import check_every
from tests.helpers.odd_values import odd_values
from yacht_edu import Dice, Game, RuleError, coach, luck, policies, reach, solver, strategies
from yacht_edu import probability as p
from yacht_edu.compare import compare_rules
from yacht_edu.custom import custom_rules
from yacht_edu.display import numbers
from yacht_edu.i18n import UnknownLanguageError, set_language
from yacht_edu.probability import fairness, waiting
from yacht_edu.probability.kind_chain import explain_kind_chain
from yacht_edu.probability.one_roll import explain_one_roll

PACKAGE_ERRORS = (RuleError, UnknownLanguageError)
YACHT = (6, 6, 6, 2, 1)


def a_yacht_game() -> Game:
    game = Game(players=("Asha", "Ravi"), rules="yacht", seed=4)
    game.roll()
    return game


def no_widgets() -> Any:
    pytest.importorskip("anywidget")
    from yacht_edu.widgets import play

    return play


CALLS: dict[str, Callable[[Any], object]] = {
    # probability: one roll
    "p_one_roll(box)": lambda x: p.p_one_roll(x),
    "p_one_roll(rules)": lambda x: p.p_one_roll("yacht", x),
    "count_one_roll(box)": lambda x: p.count_one_roll(x),
    "expected_one_roll(rules)": lambda x: p.expected_one_roll("choice", x),
    "one_roll_distribution(box)": lambda x: p.one_roll_distribution(x),
    "score_variable(name)": lambda x: p.score_variable("choice", "yacht", x),
    "explain_one_roll(lang)": lambda x: explain_one_roll("yacht", "yacht", x),
    # probability: a turn
    "p_within(box)": lambda x: p.p_within(x),
    "p_within(rolls)": lambda x: p.p_within("yacht", x),
    "p_within(rules)": lambda x: p.p_within("yacht", 2, x),
    "p_within(strategy)": lambda x: p.p_within("yacht", 2, "yacht", x),
    "p_within(dice)": lambda x: p.p_within("yacht", 1, dice=x),
    "best_expected(rolls)": lambda x: p.best_expected("choice", x),
    "best_expected(dice)": lambda x: p.best_expected("choice", 1, dice=x),
    "chances(dice)": lambda x: p.chances(x, 1),
    "chances(rolls_left)": lambda x: p.chances(YACHT, x),
    "keep_values(dice)": lambda x: p.keep_values("yacht", x),
    "keep_values(aim)": lambda x: p.keep_values("yacht", YACHT, 1, "yacht", x),
    "best_keep(dice)": lambda x: p.best_keep("yacht", x),
    "best_keep(rolls_left)": lambda x: p.best_keep("yacht", YACHT, x),
    "simulate_turns(trials)": lambda x: p.simulate_turns("yacht", trials=x),
    "simulate_turns(seed)": lambda x: p.simulate_turns("yacht", trials=3, seed=x),
    "keep_most_common(dice)": lambda x: p.keep_most_common(x),
    "keep_most_common(rolls_left)": lambda x: p.keep_most_common(YACHT, x),
    "reroll_all(dice)": lambda x: p.reroll_all(x),
    # probability: the kind chain, the table, exact numbers, fairness, waiting
    "kind_chain": lambda x: p.kind_chain(x),
    "p_kind_within": lambda x: p.p_kind_within(x),
    "expected_rolls_to_kind": lambda x: p.expected_rolls_to_kind(x),
    "kind_of": lambda x: p.kind_of(x),
    "kind_limit": lambda x: p.kind_limit(x),
    "kind_state_labels(lang)": lambda x: p.kind_state_labels(5, x),
    "explain_kind_chain": lambda x: explain_kind_chain(x),
    "teacher_table(rules)": lambda x: p.teacher_table(x),
    "teacher_table(rolls)": lambda x: p.teacher_table(rolls=x),
    "with_decimal": lambda x: numbers.with_decimal(x),
    "with_decimal(places)": lambda x: numbers.with_decimal(p.p_one_roll("yacht"), x),
    "decimal(places)": lambda x: numbers.decimal(p.p_one_roll("yacht"), x),
    "fairness(counts)": lambda x: fairness.fairness(x, simulations=10),
    "fairness(simulations)": lambda x: fairness.fairness([5] * 6, simulations=x),
    "fairness(seed)": lambda x: fairness.fairness([5] * 6, simulations=10, seed=x),
    "face_counts": lambda x: fairness.face_counts(x),
    "first_yacht(turns)": lambda x: waiting.first_yacht().chance_within(x),
    "simulate_first_yacht(players)": lambda x: waiting.simulate_first_yacht(x),
    "simulate_first_yacht(seed)": lambda x: waiting.simulate_first_yacht(10, seed=x),
    # the solver
    "optimal_expected_score(rules)": lambda x: solver.optimal_expected_score(x),
    "optimal_expected_score(exact)": lambda x: solver.optimal_expected_score(exact=x),
    "optimal_score_distribution(rules)": lambda x: solver.optimal_score_distribution(x),
    "solve(rules)": lambda x: solver.solve(x),
    "solve(use_cache)": lambda x: solver.solve(use_cache=x),
    "solve(workers)": lambda x: solver.solve(workers=x),
    "solve_endgame(card)": lambda x: solver.solve_endgame(x),
    "exact_solution(rules)": lambda x: solver.exact_solution(x),
    # the coach
    "advise(situation)": lambda x: coach.advise(x, 1),
    "advise(rolls_left)": lambda x: coach.advise(YACHT, x),
    "advise(filled)": lambda x: coach.advise(YACHT, 1, x),
    "advise(filled points)": lambda x: coach.advise(YACHT, 1, {"fives": x}),
    "advise(rules)": lambda x: coach.advise(YACHT, 1, None, x),
    "advise(yahtzee_bonuses)": lambda x: coach.advise(YACHT, 1, None, "yahtzee",
                                                      yahtzee_bonuses=x),
    "advise(target)": lambda x: coach.advise(YACHT, 1, target=x),
    "advise(points)": lambda x: coach.advise(YACHT, 1, target=100, points=x),
    "analyse": lambda x: coach.analyse(x),
    "luck_and_skill": lambda x: luck.luck_and_skill(x),
    # strategies and policies
    "strategy_expected_score(strategy)": lambda x: strategies.strategy_expected_score(x),
    "strategy_expected_score(rules)": lambda x: strategies.strategy_expected_score(
        "best_box_now", x),
    "simulate(strategy)": lambda x: strategies.simulate(x, games=2),
    "simulate(games)": lambda x: strategies.simulate("best_box_now", games=x),
    "simulate(seed)": lambda x: strategies.simulate("best_box_now", games=2, seed=x),
    "compare(games)": lambda x: strategies.compare(games=x),
    "get_strategy": lambda x: policies.get_strategy(x),
    "as_keep_rule": lambda x: policies.as_keep_rule(x),
    "keep rule returning it": lambda x: p.p_within("yacht", 1, strategy=lambda d, r: x,
                                                    dice=(*YACHT[:4], 3)),
    # the target
    "reach_probability(target)": lambda x: reach.reach_probability(x),
    "reach_probability(rules)": lambda x: reach.reach_probability(100, x),
    "reach_probability(filled)": lambda x: reach.reach_probability(100, filled=x),
    "reach_probability(points)": lambda x: reach.reach_probability(100, points=x),
    "beat_the_leader(game)": lambda x: reach.beat_the_leader(x),
    "beat_the_leader(player)": lambda x: reach.beat_the_leader(a_yacht_game(), x),
    "simulate(target)": lambda x: strategies.simulate(games=2, target=x),
    "simulate(strategy, target)": lambda x: strategies.simulate(x, games=2, target=100),
    # custom rule sets and their comparison
    "custom_rules(base)": lambda x: custom_rules(x),
    "custom_rules(name)": lambda x: custom_rules(name=x),
    "custom_rules(rolls)": lambda x: custom_rules(rolls=x),
    "custom_rules(scores)": lambda x: custom_rules(scores=x),
    "custom_rules(scores points)": lambda x: custom_rules(scores={"full_house": x}),
    "custom_rules(add)": lambda x: custom_rules(add=x),
    "custom_rules(add returning it)": lambda x: custom_rules(add={"odd": lambda dice: x}),
    "custom_rules(remove)": lambda x: custom_rules(remove=x),
    "custom_rules(upper_bonus_rule)": lambda x: custom_rules("yahtzee", upper_bonus_rule=x),
    "custom_rules(yahtzee_bonus)": lambda x: custom_rules("yahtzee", yahtzee_bonus=x),
    "custom_rules(joker)": lambda x: custom_rules("yahtzee", joker=x),
    "custom_rules(upper_first)": lambda x: custom_rules("yahtzee", upper_first=x),
    "compare_rules(rule_sets)": lambda x: compare_rules(x),
    "compare_rules(a rule set)": lambda x: compare_rules(["yacht", x]),
    # the face every lesson starts with
    "play(players)": lambda x: no_widgets()(x),
    "play(rules)": lambda x: no_widgets()(rules=x),
    "play(seed)": lambda x: no_widgets()(seed=x),
    "play(lang)": lambda x: no_widgets()(lang=x),
    "play(game)": lambda x: no_widgets()(game=x),
    "play(chances)": lambda x: no_widgets()(chances=x),
    "play(coach)": lambda x: no_widgets()(coach=x),
    "play(settle)": lambda x: no_widgets()(settle=x),
}


#: Calls that accept some values only after seconds of work (every strategy's exact expected
#: score, the exact solve): in the full run, not in the fast loop.
SLOW_CALLS = frozenset({"compare(games)", "optimal_expected_score(exact)"})


def calls() -> list[Any]:
    return [pytest.param(name, marks=pytest.mark.slow) if name in SLOW_CALLS else name
            for name in sorted(CALLS)]


@pytest.fixture(autouse=True)
def english() -> Any:
    yield
    set_language("en")


def works_or_is_refused(call: Callable[[Any], object], value: Any) -> None:
    """The call answers, or refuses ``value`` with the package's error and a printable message."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a fairness test of few rolls warns; that is fine
            call(value)
    except PACKAGE_ERRORS as error:
        str(error).encode("utf-8")


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=odd_values())
@pytest.mark.parametrize("call", calls())
def test_any_value_works_or_is_refused_by_the_packages_error(call: str, value: Any) -> None:
    works_or_is_refused(CALLS[call], value)


NAMED = [None, True, 1.5, float("nan"), "x", "\ud800", b"\x01", {1: 2}, {"odd": "roll"}, {1, 2},
         [[1]], np.array([[1, 2]]), np.int64(3), np.float64(2.0), 10**5000]


def named_value_at(case: tuple[str, int]) -> None:
    """One call with one named value, in English whatever the call chose."""
    call, number = case
    try:
        works_or_is_refused(CALLS[call], NAMED[number])
    finally:
        set_language("en")


def case_name(case: tuple[str, int]) -> str:
    call, number = case
    return f"{call} with NAMED[{number}] ({type(NAMED[number]).__name__})"


@pytest.mark.parametrize("names", [
    pytest.param(sorted(set(CALLS) - SLOW_CALLS), id="calls"),
    pytest.param(sorted(SLOW_CALLS), id="slow calls", marks=pytest.mark.slow),
])
def test_the_named_odd_values_are_refused_or_work(names: list[str]) -> None:
    """The values the issue names, every one at every call (Hypothesis may miss some); a failure
    names every call and value that escaped."""
    check_every(itertools.product(names, range(len(NAMED))), named_value_at, case_name)


def test_the_property_can_fail() -> None:
    """An error from inside (here sympy's) is not taken for a refusal."""
    with pytest.raises(TypeError):
        works_or_is_refused(lambda x: x + Dice(1, 2, 3, 4, 5), object())
