"""One guard for every function a learner hands the package: keep rules, box rules, answers to
exercises.  Each way a learner's function used to escape (issue 25 item 4) is a test here."""

from __future__ import annotations

import importlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import sympy

import yacht_edu as ye
from yacht_edu import guard
from yacht_edu.dice import Dice
from yacht_edu.errors import InvalidKeepError, LearnerFunctionError, RuleDesignError, RuleError
from yacht_edu.i18n import LANGUAGES, t
from yacht_edu.lessons import check
from yacht_edu.policies import Strategy, kept_by, points_now
from yacht_edu.strategies import strategy_expected_score

#: Seconds within which a stopped function's error must come (the limit is made short below).
BOUND = 5.0
SHORT = 0.3

forks = pytest.mark.skipif(not guard.can_fork(), reason="a forked child on Linux only")


@pytest.fixture
def short_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "TIME_LIMIT", SHORT)


def refused(call: Callable[[], object], error: type[RuleError] = LearnerFunctionError,
            ) -> RuleError:
    started = time.monotonic()
    with pytest.raises(error) as raised:
        call()
    assert time.monotonic() - started < BOUND
    return raised.value


def said_everywhere(error: RuleError, *words: str) -> None:
    for lang in LANGUAGES:
        message = error.message(lang)
        assert all(word in message for word in words), (lang, message)


# -- keep rules -----------------------------------------------------------------------------------


def test_a_keep_rule_that_raises_is_named_with_its_input() -> None:
    def halves(dice: Dice, rolls_left: int) -> list[int]:
        return [1 // 0]

    error = refused(lambda: ye.p_within("yacht", strategy=halves))
    assert error.msgid == "guard.error.raised"
    assert error.params["function"] == "halves"
    assert error.params["input"] == "Dice(1, 2, 3, 4, 5), 1"
    said_everywhere(error, "halves", "ZeroDivisionError", "Dice(1, 2, 3, 4, 5), 1")
    assert isinstance(error, ValueError)  # a RuleError like every refusal


def test_a_keep_rule_with_the_wrong_arguments_is_named() -> None:
    error = refused(lambda: ye.p_within("yacht", strategy=lambda dice: ()))  # type: ignore
    assert error.msgid == "guard.error.raised" and error.params["function"] == "<lambda>"
    said_everywhere(error, "<lambda>", "TypeError")


def test_a_callable_without_a_name_is_named_as_python_writes_it() -> None:
    class Rule:
        def __call__(self, dice: Dice, rolls_left: int) -> tuple[int, ...]:
            raise KeyError("no")

        def __repr__(self) -> str:
            return "Rule()"

    error = refused(lambda: ye.p_within("yacht", strategy=Rule()))
    assert error.params["function"] == "Rule()"


@forks
@pytest.mark.usefixtures("short_limit")
def test_a_sleeping_keep_rule_is_stopped() -> None:
    def sleepy(dice: Dice, rolls_left: int) -> tuple[int, ...]:
        time.sleep(60)
        return ()

    error = refused(lambda: ye.p_within("yacht", strategy=sleepy))
    assert error.msgid == "guard.error.too_slow"
    said_everywhere(error, "sleepy", "0.3")


@pytest.mark.slow  # about a second or more (the fast loop keeps under a minute and a quarter)
@forks
def test_a_keep_rule_that_takes_all_the_memory_is_stopped() -> None:
    def hoard(dice: Dice, rolls_left: int) -> tuple[int, ...]:
        heap = []
        while True:  # 100 MB at a time: past the limit in a few steps, long before the clock's
            heap.append(bytearray(10**8))

    error = refused(lambda: ye.p_within("yacht", strategy=hoard))
    assert error.msgid == "guard.error.memory"
    said_everywhere(error, "hoard", str(guard.MEMORY_LIMIT // 2**20))
    assert len(bytearray(10**8)) == 10**8  # this process keeps its memory


@forks
def test_a_keep_rule_that_ends_python_is_named() -> None:
    def leave(dice: Dice, rolls_left: int) -> tuple[int, ...]:
        os._exit(3)

    error = refused(lambda: ye.p_within("yacht", strategy=leave))
    assert error.msgid == "guard.error.stopped" and error.params["function"] == "leave"
    said_everywhere(error, "leave", "3")
    exits = refused(lambda: ye.p_within("yacht", strategy=lambda d, r: sys.exit(0)))
    assert exits.msgid == "guard.error.raised" and "SystemExit" in str(exits)


def test_what_a_keep_rule_returns_may_fail_too() -> None:
    def broken(dice: Dice, rolls_left: int) -> Iterator[int]:
        yield 6
        raise RuntimeError("half way")

    error = refused(lambda: ye.p_within("yacht", strategy=broken))
    assert error.msgid == "guard.error.raised" and "half way" in str(error)


def test_the_package_own_words_about_a_keep_come_back_as_they_are() -> None:
    error = refused(lambda: ye.p_within("yacht", 2, strategy=lambda d, r: (7,)), InvalidKeepError)
    assert error.msgid == "error.keep_not_in_dice"
    odd = refused(lambda: ye.p_within("yacht", 2, strategy=lambda d, r: (1, object())),  # type: ignore[arg-type, return-value]
                  InvalidKeepError)
    assert odd.msgid == "probability.error.keep_not_values" and "object object" in str(odd)


def test_kept_by_asks_once_for_a_whole_table() -> None:
    def sixes(dice: Dice, rolls_left: int) -> list[int]:
        return [d for d in dice if d == 6]

    hands = [(1, 2, 3, 6, 6), (6, 6, 6, 6, 6), (1, 1, 1, 1, 1)]
    assert kept_by(sixes, hands, 1) == ((6, 6), (6, 6, 6, 6, 6), ())
    with pytest.raises(LearnerFunctionError, match=r"<lambda> .* Dice\(1, 2, 3, 6, 6\), 1"):
        kept_by(lambda d, r: [*sixes(d, r), 1 // (d[0] - 1)], hands, 1)


def test_a_learners_keep_rule_plays_whole_games_like_the_packages() -> None:
    def most_common(dice: Dice, rolls_left: int) -> tuple[int, ...]:
        face = max(range(1, 7), key=lambda f: (list(dice).count(f), f))
        return (face,) * list(dice).count(face)

    mine = strategy_expected_score(Strategy("mine", points_now, most_common))
    assert mine == strategy_expected_score("chase_five")
    with pytest.raises(LearnerFunctionError, match="ZeroDivisionError"):
        strategy_expected_score(Strategy("mine", points_now,
                                         lambda d, r: most_common(d, r)[5:6] * (1 // 0)))


# -- box rules ------------------------------------------------------------------------------------


@forks
@pytest.mark.usefixtures("short_limit")
def test_a_box_that_swallows_every_interruption_is_stopped() -> None:
    def stubborn(dice: Sequence[int]) -> int:
        while True:
            try:
                while True:
                    pass
            except BaseException:  # the point: it swallows the old alarm
                pass

    error = refused(lambda: ye.custom_rules(add={"stubborn": stubborn}), RuleDesignError)
    assert error.msgid == "guard.error.too_slow" and error.params["input"] == "(1, 2, 3, 4, 5)"


@forks
@pytest.mark.usefixtures("short_limit")
def test_a_box_that_cancels_the_alarm_is_stopped() -> None:
    def cancels(dice: Sequence[int]) -> int:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_IGN)
        while True:
            pass

    error = refused(lambda: ye.custom_rules(add={"cancels": cancels}), RuleDesignError)
    assert error.msgid == "guard.error.too_slow"


@forks
@pytest.mark.usefixtures("short_limit")
def test_a_box_that_designs_rules_itself_is_stopped() -> None:
    def nested(dice: Sequence[int]) -> int:
        ye.custom_rules(add={"inner": lambda d: 0})  # its own limit must not end the outer one
        while True:
            pass

    error = refused(lambda: ye.custom_rules(add={"nested": nested}), RuleDesignError)
    assert error.msgid == "guard.error.too_slow" and error.params["function"] == "nested"


def test_a_box_may_design_rules_itself() -> None:
    def via_inner(dice: Sequence[int]) -> int:
        inner = ye.custom_rules(add={"inner": lambda d: sum(d)})
        return inner.score(tuple(dice), "inner")

    rules = ye.custom_rules(add={"total": via_inner})
    assert rules.score((1, 2, 3, 4, 6), "total") == 16
    failing = refused(lambda: ye.custom_rules(add={"outer": lambda d: ye.custom_rules(
        add={"inner": lambda e: 1 // 0})}), RuleDesignError)
    assert failing.msgid == "guard.error.raised" and "raised RuleDesignError" in str(failing)


@forks
@pytest.mark.usefixtures("short_limit")
def test_a_design_made_outside_the_main_thread_is_stopped_too() -> None:
    def spins(dice: Sequence[int]) -> int:
        while True:
            pass

    found: list[RuleError] = []

    def design() -> None:
        try:
            ye.custom_rules(add={"spins": spins})
        except RuleDesignError as error:
            found.append(error)

    worker = threading.Thread(target=design)
    started = time.monotonic()
    worker.start()
    worker.join(BOUND)
    assert not worker.is_alive() and time.monotonic() - started < BOUND
    assert [error.msgid for error in found] == ["guard.error.too_slow"]


def gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (dead, or a zombie waiting to be reaped)."""
    deadline = time.monotonic() + BOUND
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return True
        if state in ("Z", "X"):
            return True
        time.sleep(0.05)
    return False


@forks
@pytest.mark.usefixtures("short_limit")
def test_a_stopped_function_leaves_no_process_behind(tmp_path: Path) -> None:
    def breeds(dice: Sequence[int]) -> int:
        if os.fork() == 0:  # a child of its own, spinning
            (tmp_path / "grandchild").write_text(str(os.getpid()))
            while True:
                pass
        (tmp_path / "child").write_text(str(os.getpid()))
        while True:
            pass

    refused(lambda: ye.custom_rules(add={"breeds": breeds}), RuleDesignError)
    for name in ("child", "grandchild"):
        assert gone(int((tmp_path / name).read_text())), name


# -- answers to exercises -------------------------------------------------------------------------


CODE = "11.4"  # two pairs: a function of a hand


@pytest.mark.slow  # waits for the time limit: about 2 s
def test_a_function_that_loops_in_check_gets_feedback_saying_so(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(importlib.import_module("yacht_edu.lessons.exercise"), "TIME_LIMIT", SHORT)

    def loops(hand: Sequence[int]) -> int:
        while True:
            pass

    started = time.monotonic()
    feedback = check(CODE, loops, lang="en")
    assert time.monotonic() - started < BOUND
    assert feedback.correct is False
    assert t("guard.error.too_slow", "en", function="loops", seconds=SHORT,
             input="(1, 2, 3, 4, 5)") in feedback.message
    for lang in LANGUAGES:
        assert "loops" in check(CODE, loops, lang=lang).message


def test_a_function_that_raises_in_check_gets_feedback_naming_it() -> None:
    def divides(hand: Sequence[int]) -> int:
        return 1 // (hand[0] - 1)

    feedback = check(CODE, divides, lang="en")
    assert feedback.correct is False
    assert "divides" in feedback.message and "ZeroDivisionError" in feedback.message


def test_check_still_knows_a_right_a_wrong_and_a_blank_function() -> None:
    def two_pairs(hand: Sequence[int]) -> int:
        pairs = [face for face in set(hand) if list(hand).count(face) >= 2]
        return sum(hand) if len(pairs) == 2 else 0

    assert check(CODE, two_pairs).correct is True
    assert check(CODE, lambda hand: sum(hand)).correct is False
    assert check(CODE, lambda hand: ...).correct is None


def test_an_answer_that_cannot_come_back_is_shown_as_python_writes_it() -> None:
    class Odd:
        def __repr__(self) -> str:
            return "Odd()"

    feedback = check(CODE, lambda hand: Odd(), lang="en")
    assert feedback.correct is False and "Odd()" in feedback.message


# -- the guard itself -----------------------------------------------------------------------------


def test_the_packages_own_functions_run_here(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_child(*args: Any) -> list[Any]:
        raise AssertionError("the package's own function was sent to a child")

    monkeypatch.setattr(guard, "_in_a_child", no_child)
    assert ye.p_within("yacht", strategy="keep_most_common") > 0
    assert guard.is_ours(ye.policies.keep_most_common) and not guard.is_ours(lambda: 0)


@pytest.mark.usefixtures("short_limit")
def test_where_python_cannot_fork_the_table_runs_here_under_an_alarm(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "can_fork", lambda: False)

    def sleepy(dice: Dice, rolls_left: int) -> tuple[int, ...]:
        time.sleep(60)
        return ()

    assert refused(lambda: ye.p_within("yacht", strategy=sleepy)).msgid == "guard.error.too_slow"
    error = refused(lambda: ye.p_within("yacht", strategy=lambda d, r: [1 // 0]))
    assert error.msgid == "guard.error.raised"
    assert ye.p_within("yacht", strategy=lambda d, r: ()) > 0


def test_values_sent_back_are_plain() -> None:
    plain = [1, 2.5, "x", None, Fraction(1, 3), (1, [2, {3: 4}])]
    for value in plain:
        assert guard.sent_back(value) == value
    assert guard.sent_back(sympy.Rational(1, 3)) == Fraction(1, 3)
    for odd in (lambda: 0, threading.Lock(), [lambda: 0]):
        assert isinstance(guard.sent_back(odd), guard.Shown)
    assert repr(guard.Shown("Odd()")) == "Odd()"


def test_with_no_process_to_spare_the_table_runs_here(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_fork() -> int:
        raise OSError("Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", no_fork)
    assert ye.p_within("yacht", strategy=lambda d, r: ()) > 0
    error = refused(lambda: ye.p_within("yacht", strategy=lambda d, r: [1 // 0]))
    assert error.msgid == "guard.error.raised"
