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
    monkeypatch.setattr(guard, "FUNCTION_SECONDS", SHORT)


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
    monkeypatch.setattr(importlib.import_module("yacht_edu.lessons.exercise"), "EXERCISE_SECONDS",
                        SHORT)

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


# -- the third review's escapes (reliability-3, G1-G5): each reproducer, and no process left ------


def descendants() -> set[int]:
    """This process's descendants that are alive (not zombies), from ``/proc``."""
    parents: dict[int, int] = {}
    states: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            parents[int(entry.name)], states[int(entry.name)] = int(fields[1]), fields[0]
    found: set[int] = set()
    queue = [os.getpid()]
    while queue:
        pid = queue.pop()
        for child, parent in parents.items():
            if parent == pid and child not in found:
                found.add(child)
                queue.append(child)
    return {pid for pid in found if states.get(pid) not in ("Z", "X")}


@pytest.fixture
def no_process_left() -> Iterator[None]:
    """The test leaves no process of its own running (under this one)."""
    before = descendants()
    yield
    deadline = time.monotonic() + BOUND
    while descendants() - before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not descendants() - before


def exercise_module() -> Any:
    return importlib.import_module("yacht_edu.lessons.exercise")


def two_pairs(hand: Sequence[int]) -> int:
    pairs = [face for face in set(hand) if list(hand).count(face) >= 2]
    return sum(hand) if len(pairs) == 2 else 0


class Payload(sympy.Symbol):  # type: ignore[misc]
    """G1: a learner's sympy value whose unpickling would change how answers are compared."""

    def __reduce__(self) -> Any:
        return (exec, ("import sys\nsys.modules['yacht_edu.lessons.exercise'].same = "
                       "lambda *a, **k: True",))


@forks
@pytest.mark.usefixtures("no_process_left")
def test_an_answer_never_runs_code_in_the_kernel() -> None:
    """G1: a sympy value holding a learner's object whose ``__reduce__`` runs code, and a
    numpy structured array with an object field: refused with a message naming them; the
    kernel's comparison is untouched and a wrong function is still wrong."""
    same = exercise_module().same
    feedback = check(CODE, lambda hand: sympy.Tuple(Payload("x")), lang="en")
    assert feedback.correct is False and "(x,)" in feedback.message
    assert t("lessons.not_yet", "en") in feedback.message
    odd = np.zeros(2, dtype=[("a", object)])
    refused = check(CODE, lambda hand: odd, lang="en")
    assert refused.correct is False and "array(" in refused.message
    assert exercise_module().same is same
    assert check(CODE, lambda hand: 12345).correct is False
    assert check(CODE, two_pairs).correct is True


@forks
def test_an_answer_written_into_the_pipe_by_the_function_is_not_believed() -> None:
    """G1: the function writes its own bytes into the pipe its answers go back on (it inherits
    it), then ends: ``check()`` says so in its feedback, never raises."""
    def writes(header: bytes, body: bytes) -> Callable[[Sequence[int]], int]:
        def forge(hand: Sequence[int]) -> int:
            pipes = []
            for name in os.listdir("/proc/self/fd"):
                with contextlib.suppress(OSError):
                    if os.readlink(f"/proc/self/fd/{name}").startswith("pipe:"):
                        pipes.append(int(name))
            os.write(max(pipes), header + body)  # the newest: the one its answers go back on
            os._exit(0)
        return forge

    import contextlib
    import struct

    for header, body in ((b"", b"garbage"), (struct.pack("!Q", 5), b"[1,2]"),
                         (struct.pack("!Q", 40), b'{"outcome": ["refused", "os:system"')):
        feedback = check(CODE, writes(header, body), lang="en")
        assert feedback.correct is False, feedback.message
        assert any(key in feedback.message for key in (
            t("guard.error.interfered", "en", function="forge", input="(1, 2, 3, 4, 5)"),
            "stopped the Python"))


def test_what_comes_back_is_read_as_data_only() -> None:
    """G1: the reader of the child's message builds only plain values and the package's own
    errors; a message naming any other class, or garbled, is refused as garbled."""
    import json as json_module

    def message(outcome: object) -> bytes:
        return json_module.dumps({"outcome": outcome, "printed": ""}).encode()

    error, _ = guard._read_message(message(["refused", "os:system", "error.rule", []]))
    assert type(error) is RuleError
    error, _ = guard._read_message(message(["refused", "yacht_edu.errors:InvalidKeepError",
                                            "probability.error.keep_not_values",
                                            [["keep", ["g", ["w", "Odd()"]]]]]))
    assert isinstance(error, InvalidKeepError) and "Odd()" in str(error)
    values, _ = guard._read_message(message(["answers", [["q", "1", "3"], ["t", [["i", "ff"]]],
                                                         ["f", float.hex(0.5)], ["s", "x"]]]))
    assert values == [Fraction(1, 3), (255,), 0.5, "x"]
    from random import Random

    pick = Random(29)
    garbled = 0
    for _ in range(2000):  # garbage of every shape: garbled, or plain data, nothing else
        chosen = pick.choice([
            bytes(pick.randrange(256) for _ in range(pick.randrange(40))),
            message([pick.choice(["answers", "refused", "failed", 3, None]),
                     *[pick.choice([[], ["i", "zz"], ["x"], {"a": 1}, "s", 1.5, [["q"]],
                                    [["n"], ["e"]], ["t", [["b", True]]], "error.rule"])
                       for _ in range(pick.randrange(4))]]),
            b"[" * 100_000])
        try:
            outcome, printed = guard._read_message(chosen)
        except guard._GarbledError:
            garbled += 1
            continue
        assert isinstance(printed, str)
        assert isinstance(outcome, (guard._FailedError, RuleError)) or (
            isinstance(outcome, list) and guard.plain(outcome) == outcome)
    assert garbled > 1000


@forks
def test_a_process_that_leaves_its_session_is_ended_too(tmp_path: Path) -> None:
    """G2, the review's reproducer: the function forks, the child calls ``os.setsid()`` and
    forks a process that spins (20 s at most here), then the function returns: every process
    it started is gone once ``check()`` answers.  It leaves one spinner, at its first call (one
    at every hand's call kept both processors busy until the time limit)."""
    started: list[int] = []

    def escapes(hand: Sequence[int]) -> int:
        if started:
            return 0
        started.append(1)
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                (tmp_path / f"spinner{os.getpid()}").write_text("")
                ends = time.monotonic() + 20
                while time.monotonic() < ends:
                    pass
                os._exit(0)
            os._exit(0)
        waited = time.monotonic() + BOUND  # the spinner has started before the answer is sent
        while not any(tmp_path.iterdir()) and time.monotonic() < waited:
            time.sleep(0.01)
        return 0

    feedback = check(CODE, escapes, lang="en")
    assert feedback.correct is False
    spinners = [int(path.name.removeprefix("spinner")) for path in tmp_path.iterdir()]
    assert spinners and all(gone(pid) for pid in spinners)


@forks
@pytest.mark.usefixtures("short_limit", "no_process_left")
def test_a_function_cannot_make_itself_the_packages(monkeypatch: pytest.MonkeyPatch) -> None:
    """G3: ``__module__`` set to the package's does not make a learner's function ours: it is
    still stopped in ``check()``, ``p_within`` and ``custom_rules``."""
    monkeypatch.setattr(exercise_module(), "EXERCISE_SECONDS", SHORT)

    def spin(*args: Any) -> Any:
        while True:
            pass

    for module in ("yacht_edu.custom", "yacht_edu.strategies", "yacht_edu"):
        spin.__module__ = module
        assert not guard.is_ours(spin)
        started = time.monotonic()
        assert check(CODE, spin).correct is False
        assert time.monotonic() - started < BOUND
        assert refused(lambda: ye.p_within("yacht", strategy=spin)).msgid == "guard.error.too_slow"
        assert refused(lambda: ye.custom_rules(add={"spin": spin}),
                       RuleDesignError).msgid == "guard.error.too_slow"


def test_ours_is_where_the_code_was_written() -> None:
    import functools

    from yacht_edu import rules

    assert guard.is_ours(ye.policies.keep_most_common) and guard.is_ours(rules.upper(3))
    assert not guard.is_ours(sum) and not guard.is_ours(functools.partial(rules.upper(3)))
    assert not guard.is_ours(lambda hand: 0)


@pytest.mark.usefixtures("no_process_left")
def test_a_strategys_box_rule_is_guarded() -> None:
    """G4: ``Strategy(box_rule=f)`` in ``simulate``: a rule that raises or gives text is named
    in the package's error; a learner's rule liking what the package's ``points_now`` likes
    plays exactly as it does."""
    from yacht_edu.strategies import simulate

    divides = refused(lambda: simulate(Strategy("best_box_now", box_rule=lambda r, g, b: 1 / 0),  # type: ignore[arg-type, return-value]
                                       games=10))
    assert divides.msgid == "guard.error.raised" and "ZeroDivisionError" in str(divides)
    text = refused(lambda: simulate(Strategy("mine", box_rule=lambda r, g, b: "x"),  # type: ignore[arg-type, return-value]
                                    games=10))
    assert text.msgid == "guard.error.box_rule" and "'x'" in str(text)
    said_everywhere(text, "'x'")
    mine = Strategy("mine", box_rule=lambda rules, gain, box: gain)
    assert strategy_expected_score(mine) == strategy_expected_score("best_box_now")
    assert np.array_equal(simulate(mine, games=20, seed=3).scores,
                          simulate("best_box_now", games=20, seed=3).scores)


@forks
@pytest.mark.usefixtures("short_limit", "no_process_left")
def test_a_box_rule_that_loops_is_stopped() -> None:
    def loops(rules: Any, gain: Any, box: Any) -> Any:
        while True:
            pass

    from yacht_edu.strategies import simulate

    assert refused(lambda: simulate(Strategy("mine", box_rule=loops), games=5)
                   ).msgid == "guard.error.too_slow"


@forks
@pytest.mark.usefixtures("no_process_left")
def test_a_right_function_that_leaves_a_process_holding_the_pipe_is_right() -> None:
    """G5: a right function whose child sleeps holding the answers' pipe is judged right, at
    once (not "took more than 10 seconds")."""
    def holds(hand: Sequence[int]) -> int:
        if not hasattr(holds, "forked"):
            holds.forked = True  # type: ignore[attr-defined]
            if os.fork() == 0:
                time.sleep(30)
                os._exit(0)
        return two_pairs(hand)

    started = time.monotonic()
    feedback = check(CODE, holds, lang="en")
    assert feedback.correct is True, feedback.message
    assert time.monotonic() - started < BOUND


@pytest.mark.usefixtures("no_process_left")
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_input_in_a_function_gets_its_own_message(lang: str) -> None:
    """G5: ``input()`` (or reading stdin) in a learner's function: the message says it cannot
    ask for input, in the learner's language."""
    def asks(hand: Sequence[int]) -> int:
        return int(input("a number? "))

    def reads(hand: Sequence[int]) -> int:
        return int(sys.stdin.readline())

    for function in (asks, reads):
        feedback = check(CODE, function, lang=lang)
        assert feedback.correct is False
        assert t("guard.error.input", lang, function=function.__name__,
                 input="(1, 2, 3, 4, 5)") in feedback.message


def test_plain_answers_of_every_kind_come_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the child converts: sympy and numpy numbers, arrays and matrices of one row; an
    object of the learner's own is refused naming it (in the child and in this process)."""
    assert check(CODE, lambda hand: sympy.Integer(two_pairs(hand))).correct is True
    assert check(CODE, lambda hand: np.int64(two_pairs(hand))).correct is True
    assert guard.plain(sympy.Matrix([[1, sympy.Rational(1, 2)]])) == (1, Fraction(1, 2))
    assert guard.plain(np.array([[1, 2], [3, 4]])) == [[1, 2], [3, 4]]
    assert guard.plain(np.bool_(True)) is True and guard.plain(sympy.true) is True
    assert guard.plain(sympy.zoo) != guard.plain(sympy.zoo)  # nan
    for where in (guard.can_fork, lambda: False):
        monkeypatch.setattr(guard, "can_fork", where)

        class Odd:
            def __repr__(self) -> str:
                return "Odd()"

        feedback = check(CODE, lambda hand: Odd(), lang="en")
        assert feedback.correct is False and "Odd()" in feedback.message
        assert t("guard.error.not_plain", "en", function="<lambda>", value="Odd()",
                 input="(1, 2, 3, 4, 5)") in feedback.message
