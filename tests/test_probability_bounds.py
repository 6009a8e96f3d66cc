"""Every count a learner types has a documented maximum and a clear error beyond it; the closed
form in n answers for any n; memoised results are bounded, so memory is given back."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable

import pytest
import sympy

from yacht_edu.probability import (
    best_expected,
    best_keep,
    chances,
    keep_values,
    n,
    one_roll,
    p_kind_within,
    p_within,
    simulate_turns,
    turn,
)
from yacht_edu.probability.errors import InvalidCountError, InvalidRollsError
from yacht_edu.probability.turn import MAX_TRIALS, MOST_ASKED_ROLLS
from yacht_edu.strategies import MAX_GAMES, simulate


@pytest.mark.parametrize("ask", [
    lambda rolls: p_within("yacht", rolls),
    lambda rolls: p_within("yacht", rolls, strategy="keep_most_common"),
    lambda rolls: p_within("yacht", rolls, dice=(6, 6, 6, 6, 2)),
    lambda rolls: best_expected("choice", rolls),
    lambda rolls: chances(None, rolls),
    lambda rolls: chances((6, 6, 6, 6, 2), rolls),
    lambda rolls: keep_values("yacht", (6, 6, 6, 6, 2), rolls),
    lambda rolls: best_keep("yacht", (6, 6, 6, 6, 2), rolls),
    lambda rolls: simulate_turns("yacht", rolls, trials=1),
])
def test_too_many_rolls_is_a_clear_error(ask: Callable[[int], object]) -> None:
    for rolls in (MOST_ASKED_ROLLS + 1, 3000, 2**64):
        with pytest.raises(InvalidRollsError, match=f"{MOST_ASKED_ROLLS} at most"):
            ask(rolls)


def test_the_message_names_the_closed_form_in_every_language() -> None:
    with pytest.raises(InvalidRollsError) as caught:
        p_within("yacht", 2**64)
    for lang in ("en", "hi", "bn", "kn", "ur"):
        message = caught.value.message(lang)
        assert str(2**64) in message and "p_kind_within(5).evalf(subs={n: " in message


def test_the_largest_allowed_count_still_answers() -> None:
    # The chain and the closed form agree at the maximum (two independent computations).
    exact = p_within("yacht", MOST_ASKED_ROLLS, strategy="keep_most_common")
    assert exact == p_kind_within(5).subs(n, MOST_ASKED_ROLLS)


def test_the_closed_form_answers_for_any_n() -> None:
    # 1 - P(not five alike within n) tends to 1; at n = 2**64 the missing chance is (5/6)**n-ish,
    # far below any float: the answer is 1 to every digit shown.
    closed = p_kind_within(5)
    assert closed.evalf(30, subs={n: 2**64}) == sympy.Float(1, 30)
    small = closed.evalf(30, subs={n: 200})
    assert abs(small - 1) < sympy.Rational(5, 6) ** 200 * 4


def test_too_many_trials_and_games() -> None:
    with pytest.raises(InvalidRollsError, match=str(MAX_TRIALS)):
        simulate_turns("yacht", trials=MAX_TRIALS + 1)
    with pytest.raises(InvalidRollsError, match="whole number"):
        simulate_turns("yacht", trials=2.5)  # type: ignore[arg-type]
    assert simulate_turns("yacht", trials=0) == []
    for games in (0, MAX_GAMES + 1, 10**30, True, 1.5):
        with pytest.raises(InvalidCountError, match=f"at least 1 and at most {MAX_GAMES}"):
            simulate("best_box_now", games=games)  # type: ignore[arg-type]


def test_memoised_results_are_bounded() -> None:
    kind_chain = importlib.import_module("yacht_edu.probability.kind_chain")
    cached = [turn.named_solution, turn.hand_chances, turn.fresh_chances, turn.chain,
              one_roll._count_scoring, one_roll._distribution, kind_chain._chain,
              kind_chain._p_within, kind_chain._expected_rolls]
    for function in cached:
        info = function.cache_info()
        assert isinstance(info, functools._CacheInfo) and info.maxsize is not None, function
