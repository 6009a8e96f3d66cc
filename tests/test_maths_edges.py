"""The mathematics' and the faces' edges named in issue 11, one by one (the property test over
every public function is test_maths_properties.py)."""

from __future__ import annotations

import gc
import sys
from typing import Any

import numpy as np
import pytest

from tests.helpers.shown import plain
from yacht_edu import Game, RuleError
from yacht_edu.coach import advise, analyse
from yacht_edu.display.numbers import decimal, with_decimal
from yacht_edu.errors import ArgumentTypeError, InvalidKeepError, InvalidPlayersError
from yacht_edu.i18n import LANGUAGES, language, t
from yacht_edu.probability import p_kind_within, p_within
from yacht_edu.probability.fairness import (
    MOST_TALLIED_ROLLS,
    BadCountsError,
    face_counts,
    fairness,
)
from yacht_edu.probability.waiting import BadWaitError, first_yacht
from yacht_edu.reach import beat_the_leader
from yacht_edu.solver import optimal_expected_score, solve

DICE = (6, 6, 6, 2, 1)


def test_filled_as_pairs_is_refused_not_an_attribute_error() -> None:
    with pytest.raises(ArgumentTypeError, match="not a scorecard's filled boxes"):
        advise(DICE, 1, filled=[("fives", 5)])  # type: ignore[arg-type]


@pytest.mark.parametrize("odd", [None, 5, "game", [1, 2]])
def test_analyse_and_beat_the_leader_need_a_game(odd: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="reads a Game"):
        analyse(odd)
    with pytest.raises(ArgumentTypeError, match="is not a game"):
        beat_the_leader(odd)


@pytest.mark.parametrize("switch", ["no", 0, 1, None, np.bool_(True)])
def test_switches_are_real_bools(switch: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="exact is a switch"):
        optimal_expected_score(exact=switch)
    with pytest.raises(ArgumentTypeError, match="use_cache is a switch"):
        solve(use_cache=switch)


def test_yahtzee_bonuses_are_bounded_by_the_turns() -> None:
    with pytest.raises(RuleError, match="yahtzee bonuses"):
        advise(DICE, 1, {"yahtzee": 50}, "yahtzee", yahtzee_bonuses=10**6)


@pytest.mark.parametrize("rolls_left", [np.int64(1), 1])
def test_numpy_integers_are_whole_numbers_at_every_edge(rolls_left: Any) -> None:
    assert advise(np.array(DICE), rolls_left).best == advise(DICE, 1).best
    assert p_within("yacht", np.int64(2)) == p_within("yacht", 2)
    assert p_kind_within(np.int64(3)) == p_kind_within(3)
    assert face_counts(np.array([1, 6, 6])) == (1, 0, 0, 0, 0, 2)
    # a keep rule that answers with numpy integers keeps those dice
    sixes = p_within("yacht", 1, strategy=lambda d, r: [np.int64(v) for v in d if v == 6],
                     dice=DICE)
    assert sixes == p_within("yacht", 1, strategy=lambda d, r: [v for v in d if v == 6], dice=DICE)


@pytest.mark.parametrize("call", [
    lambda v: p_within("yacht", v),
    lambda v: advise(DICE, v),
    lambda v: beat_the_leader(Game(("Asha", "Ravi")), v),
    lambda v: decimal(1, v),
    lambda v: first_yacht().chance_within(v),
    lambda v: fairness([v] * 6),
])
@pytest.mark.parametrize("value", [10**5000, "\ud800", "x" * 10_000, [10**5000]],
                         ids=["huge int", "lone surrogate", "long text", "list of a huge int"])
def test_messages_show_any_value_safely(call: Any, value: Any) -> None:
    with pytest.raises(RuleError) as refused:
        call(value)
    message = str(refused.value)
    message.encode("utf-8")
    assert len(message) < 1000


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("rolls", "dice"), [(1, DICE), (2, None)], ids=["dice", "a turn"])
def test_a_keep_rule_keeping_a_huge_number_is_refused_in_the_learners_language(
        lang: str, rolls: int, dice: tuple[int, ...] | None) -> None:
    """Found by the random search: the message showed the keep with str(), and Python refuses
    to write an int of more than 4,300 digits (a bare ValueError)."""
    with language(lang), pytest.raises(InvalidKeepError) as refused:
        p_within("yacht", rolls, strategy=lambda d, r: (0, -10**5000), dice=dice)
    assert refused.value.msgid == "error.keep_not_in_dice"
    assert f"{plain(t('value.huge_int', lang, count=5001))}-0" in plain(refused.value.message(lang))


def test_counts_that_cannot_be_worked_out_are_refused() -> None:
    with pytest.raises(ArgumentTypeError, match="decimal places"):
        with_decimal(1, places=10**30)
    with pytest.raises(BadWaitError, match="at most 10000"):
        first_yacht().chance_within(10**30)
    with pytest.raises(BadCountsError, match="not a list of counts"):
        fairness(None)  # type: ignore[arg-type]
    with pytest.raises(BadCountsError):
        fairness([10**10] * 6)
    with pytest.raises(BadCountsError, match="not 7"):
        face_counts([1, 7])


def test_play_refuses_what_game_refuses_and_leaves_no_half_made_widget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("anywidget")
    from yacht_edu.widgets import play

    unraisable: list[object] = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    with pytest.raises(InvalidPlayersError) as by_game:
        Game(players=[])
    with pytest.raises(InvalidPlayersError) as by_play:
        play(players=[])
    assert str(by_play.value) == str(by_game.value)
    for settle in (float("nan"), -1, float("inf"), "1"):
        with pytest.raises(RuleError, match="settle"):
            play(settle=settle)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="chances is a switch"):
        play(chances="no")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="is not a game"):
        play(game=5)  # type: ignore[arg-type]
    gc.collect()
    assert unraisable == []


# -- issue 25 --------------------------------------------------------------------------------------


@pytest.mark.parametrize("player", [None, "Asha", 5])
def test_beat_the_leader_of_no_game_is_the_packages_error(player: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="is not a game"):
        beat_the_leader(None, player)  # type: ignore[arg-type]


@pytest.mark.parametrize(("counts", "p"), [
    ([MOST_TALLIED_ROLLS] * 6, 1.0), ([MOST_TALLIED_ROLLS - 1, MOST_TALLIED_ROLLS] * 3, 1.0),
    ([MOST_TALLIED_ROLLS, 0, 0, 0, 0, 0], 0.0), ([MOST_TALLIED_ROLLS] * 5 + [0], 0.0)])
def test_fairness_at_its_largest_counts_is_answered(counts: list[int], p: float) -> None:
    # 6 x 10^9 rolls squared is past a 64-bit integer: this raised OverflowError (issue 25).
    result = fairness(counts, simulations=1_000)
    assert result.rolls == sum(counts)
    assert result.simulated_p_value == pytest.approx(p, abs=0.05)
    assert result.p_value_float == pytest.approx(p, abs=0.05)
    assert np.isfinite(result.simulated).all()


def test_the_simulated_statistic_is_the_same_whole_number_as_before() -> None:
    from yacht_edu.probability.fairness import simulated_statistics

    counts = np.random.default_rng(3).multinomial(600, [1 / 6] * 6, size=50)
    rng_statistics = simulated_statistics(600, 50, 3)
    assert rng_statistics.tolist() == (6 * (counts**2).sum(axis=1) - 600**2).tolist()


def test_an_advice_for_a_target_of_5000_digits_has_a_repr() -> None:
    advice = advise(DICE, 2, target=10**5000)
    shown = repr(advice)
    assert "a whole number of 5001 digits" in shown and "chance 0.000000" in shown
