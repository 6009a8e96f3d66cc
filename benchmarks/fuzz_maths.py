"""Attack the mathematics and the faces for a bounded time and print the figures of
docs/reliability.md.  Three attacks (``--attack``; ``all``: each a third of the time):

- ``odd``: odd values at every public function (the calls of ``tests/test_maths_properties.py``):
  each call puts one odd value (None, bools, floats with nan and inf, text with a lone
  surrogate, bytes, dicts, sets, nested lists, numpy scalars and arrays, integers of 5,000
  digits) in one argument; it must answer or be refused by the package's own error with a
  printable message;
- ``keep``: hostile keep rules (``p_within(..., strategy=f)``, ``simulate_turns``, ``kept_by``):
  rules that raise anything, take the wrong arguments, sleep, loop swallowing every interruption,
  cancel the alarm, take all the memory, end Python, return odd values or endless iterators,
  print without end, fork, or call the package themselves; each must answer or be refused by the
  package's error naming it, within the guard's time limit (here 0.5 s) and a few seconds, and
  leave no process behind;
- ``helpers``: idle-helper kills: Yacht solved with two forked processes, and a helper killed or
  paused (SIGKILL, SIGSTOP, SIGTERM, SIGSEGV) either while idle between two layers or at a random
  moment; the solve must end, with ``SolverStoppedError`` or its right table, within a few
  seconds, leave no process behind, and the next solve must equal the one-process table.

Run: python benchmarks/fuzz_maths.py [--seconds 60] [--seed 1] [--attack odd|keep|helpers|all]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import multiprocessing
import os
import platform
import random
import signal
import sys
import threading
import time
import warnings
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from tests.helpers.odd_values import ODD_VALUES
from tests.test_maths_properties import CALLS
from yacht_edu import RuleError, guard
from yacht_edu.dice import Dice
from yacht_edu.errors import SolverStoppedError
from yacht_edu.hands import HANDS
from yacht_edu.i18n import UnknownLanguageError
from yacht_edu.policies import kept_by
from yacht_edu.probability import p_within, simulate_turns
from yacht_edu.solver import backward, solve

ODD = [*ODD_VALUES, 2.0, np.int64(2), np.float64(2.0), np.bool_(True), np.array([1, 2, 3, 4, 5]),
       np.array([]), np.array([[1]]), [True], [1.0], [[1]], {1: 1}, {1, 2}, b"\x01", 10**5000,
       -(10**5000), float("nan"), float("inf"), "x" * 10_000, (6, 6, 6, 6, 6), "yacht",
       "chance", 3]
GROUPS = {
    "probability": ("p_", "count_", "expected_", "one_roll", "score_variable", "explain", "best_",
                    "chances", "keep_values", "simulate_turns", "keep_most", "reroll", "kind",
                    "teacher", "with_decimal", "decimal", "fairness", "face_counts", "first_yacht",
                    "simulate_first"),
    "solver": ("optimal_", "solve", "exact_solution"),
    "coach": ("advise(", "analyse", "luck_and_skill"),
    "strategies and policies": ("strategy_", "simulate(", "compare(", "get_strategy",
                                "as_keep_rule", "keep rule"),
    "custom rule sets": ("custom_rules", "compare_rules"),
    "reach": ("reach_", "beat_the_leader"),
    "play (the board)": ("play(",),
}


def group_of(name: str) -> str:
    return next(group for group, starts in GROUPS.items() if name.startswith(starts))


def attack(seconds: float, rng: random.Random) -> Counter[str]:
    tally: Counter[str] = Counter()
    names = sorted(CALLS)
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        name = rng.choice(names)
        group = group_of(name)
        tally[f"{group}|tried"] += 1
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                CALLS[name](rng.choice(ODD))
            tally[f"{group}|accepted"] += 1
        except (RuleError, UnknownLanguageError) as error:
            str(error).encode("utf-8")
            tally[f"{group}|refused"] += 1
        except Exception as error:  # what the property test forbids: count it, name it
            tally[f"{group}|crashed"] += 1
            print(f"crash: {name}: {type(error).__name__}", file=sys.stderr)
    return tally


# -- hostile keep rules -------------------------------------------------------------------------

#: The guard's time limit during the attack (the package's is 2 s): more rules tried per second.
KEEP_LIMIT = 0.5
#: Seconds a call may take beyond the guard's limit before it counts as a hang.
SLACK = 5.0

KeepRule = Callable[..., Any]


class Nasty(BaseException):
    """An exception no ``except Exception`` catches."""


def _raises(kind: type[BaseException]) -> KeepRule:
    def rule(dice: Dice, rolls_left: int) -> Any:
        raise kind("hostile")
    return rule


def _recurses(dice: Dice, rolls_left: int) -> Any:
    return _recurses(dice, rolls_left)


def _sleeps(dice: Dice, rolls_left: int) -> Any:
    time.sleep(60)


def _swallows(dice: Dice, rolls_left: int) -> Any:
    while True:
        try:
            while True:
                pass
        except BaseException:  # hostile on purpose
            pass


def _cancels_the_alarm(dice: Dice, rolls_left: int) -> Any:
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, signal.SIG_IGN)
    while True:
        pass


def _hoards(dice: Dice, rolls_left: int) -> Any:
    heap = []
    while True:
        heap.append(bytearray(10**7))


def _asks_too_much(dice: Dice, rolls_left: int) -> Any:
    return [6] * 10**10


def _ends_python(dice: Dice, rolls_left: int) -> Any:
    os._exit(rolls_left + 2)


def _kills_itself(dice: Dice, rolls_left: int) -> Any:
    os.kill(os.getpid(), signal.SIGKILL)


def _half_a_generator(dice: Dice, rolls_left: int) -> Iterator[int]:
    yield dice[0]
    raise ValueError("half way")


def _endless(dice: Dice, rolls_left: int) -> Any:
    return itertools.repeat(dice[0])


class _LoopingIterable:
    def __iter__(self) -> Iterator[int]:
        while True:
            pass


class _BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    def __index__(self) -> int:
        raise RuntimeError("no index")


def _prints(dice: Dice, rolls_left: int) -> Any:
    print("x" * 100_000)
    return ()


def _forks(dice: Dice, rolls_left: int) -> Any:
    if os.fork() == 0:
        while True:
            pass
    while True:
        pass


def _nested(dice: Dice, rolls_left: int) -> Any:
    p_within("yacht", 1, strategy=_sleeps, dice=(1, 2, 3, 4, 5))
    return ()


def _designs(dice: Dice, rolls_left: int) -> Any:
    from yacht_edu import custom_rules

    custom_rules(add={"inner": lambda d: 0})
    while True:
        pass


def _sixes(dice: Dice, rolls_left: int) -> Any:
    return [d for d in dice if d == 6]


def _returns(value: object) -> KeepRule:
    return lambda dice, rolls_left: value


#: Hostile keep rules by family (and a few fine ones, which must answer).
KEEP_RULES: dict[str, list[KeepRule]] = {
    "raises": [_raises(kind) for kind in (ZeroDivisionError, KeyError, TypeError, MemoryError,
                                          SystemExit, KeyboardInterrupt, GeneratorExit, Nasty,
                                          StopIteration)] + [_recurses],
    "wrong arguments": [lambda: (), lambda dice: (), lambda dice, rolls, more: (), len],
    "too slow": [_sleeps, _swallows, _cancels_the_alarm, _nested, _designs],
    "too much memory": [_hoards, _asks_too_much],
    "ends Python": [_ends_python, _kills_itself],
    "odd answers": [_returns(value) for value in (
        None, 7, "66", 1.5, [10**5000], [[6]], {6: 1}, np.array(3), np.array([6, 6]),
        _BadRepr(), [_BadRepr()], _LoopingIterable())] + [_half_a_generator, _endless],
    "prints, forks": [_prints, _forks],
    "fine": [_sixes, lambda dice, rolls_left: ()],
}
#: Where a keep rule is handed to the package.
KEEP_CALLS: dict[str, Callable[[KeepRule], object]] = {
    "p_within": lambda rule: p_within("yacht", 2, strategy=rule),
    "p_within(dice=)": lambda rule: p_within("yacht", 1, strategy=rule, dice=(6, 6, 2, 3, 4)),
    "simulate_turns": lambda rule: simulate_turns("yacht", 2, strategy=rule, trials=3),
    "kept_by": lambda rule: kept_by(rule, HANDS[:20], 1),
}


def children_left() -> list[int]:
    """This process's children still running (not zombies waiting to be reaped)."""
    me, found = str(os.getpid()), []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError):
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if fields[1] == me and fields[0] not in ("Z", "X"):
                found.append(int(entry.name))
    return found


def attack_keep_rules(seconds: float, rng: random.Random) -> Counter[str]:
    tally: Counter[str] = Counter()
    guard.FUNCTION_SECONDS = KEEP_LIMIT
    families, calls = sorted(KEEP_RULES), sorted(KEEP_CALLS)
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        family = rng.choice(families)
        rule, call = rng.choice(KEEP_RULES[family]), rng.choice(calls)
        tally[f"{family}|tried"] += 1
        started = time.monotonic()
        with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                KEEP_CALLS[call](rule)
                outcome = "answered"
            except RuleError as error:
                str(error).encode("utf-8")
                outcome = "refused"
                tally[f"{family}|{error.msgid}"] += 1
            except BaseException as error:  # what the guard forbids: count it, name it
                outcome = "crashed"
                print(f"crash: {family} at {call}: {type(error).__name__}", file=sys.stderr)
        took = time.monotonic() - started
        tally["slowest ms"] = max(tally["slowest ms"], round(took * 1000))
        if took > KEEP_LIMIT + SLACK:
            outcome = "hung"
        left = children_left()
        if left:
            tally[f"{family}|left a process"] += 1
            for pid in left:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
        tally[f"{family}|{outcome}"] += 1
    return tally


def print_keep_rules(tally: Counter[str]) -> None:
    print("| keep rules | tried | refused by the package | answered | crashed | hung | "
          "left a process |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for family in KEEP_RULES:
        print(f"| {family} | {tally[f'{family}|tried']:,} | {tally[f'{family}|refused']:,} | "
              f"{tally[f'{family}|answered']:,} | {tally[f'{family}|crashed']:,} | "
              f"{tally[f'{family}|hung']:,} | {tally[f'{family}|left a process']:,} |")
    said: Counter[str] = Counter()
    for key, n in tally.items():
        if "|" in key and "." in key.split("|")[1]:  # a message id
            said[key.split("|")[1]] += n
    print("Refusals by message: " + ", ".join(f"`{msgid}` {n:,}"
                                                for msgid, n in said.most_common()))
    print(f"Slowest call: {tally['slowest ms'] / 1000:.2f} s (the guard's limit: {KEEP_LIMIT} s)")


# -- idle-helper kills ---------------------------------------------------------------------------

#: Seconds within which a solve whose helper was killed or paused must end.
SOLVE_BOUND = 10.0
SIGNALS = {"SIGKILL": signal.SIGKILL, "SIGSTOP": signal.SIGSTOP, "SIGTERM": signal.SIGTERM,
           "SIGSEGV": signal.SIGSEGV}


def signal_a_helper(sign: int, rng: random.Random) -> bool:
    helpers = multiprocessing.active_children()
    if not helpers:
        return False
    with contextlib.suppress(OSError):
        os.kill(rng.choice(helpers).pid or 0, sign)
    return True


def one_killed_solve(moment: str, name: str, rng: random.Random,
                     alone: npt.NDArray[np.float64]) -> str:
    """One Yacht solve with two forked processes, a helper signalled at ``moment``: stopped,
    finished (with ``alone``, the one-process table), or what went wrong."""
    sign = SIGNALS[name]
    layer_done = backward._ExpectedJob.layer_done
    at_layer = rng.randrange(12)
    sent: list[bool] = []

    def signalled_between_layers(job: backward._ExpectedJob, filled: int) -> None:
        layer_done(job, filled)
        if filled == at_layer and not sent:
            sent.append(signal_a_helper(sign, rng))
            time.sleep(0.05)  # the helper lies idle, waiting for the next layer

    timer = threading.Timer(rng.uniform(0, 0.4), lambda: sent.append(signal_a_helper(sign, rng)))
    if moment == "idle":
        backward._ExpectedJob.layer_done = signalled_between_layers  # type: ignore[method-assign, assignment]
    else:
        timer.start()
    try:
        table = solve("yacht", workers=2, use_cache=False).mean
        outcome = "finished" if np.array_equal(table, alone, equal_nan=True) else "wrong table"
    except SolverStoppedError as error:
        str(error).encode("utf-8")
        outcome = "stopped"
    except BaseException as error:  # what the team forbids: count it, name it
        outcome = "crashed"
        print(f"crash: {name} {moment}: {type(error).__name__}: {error}", file=sys.stderr)
    finally:
        timer.cancel()
        if timer.is_alive():
            timer.join()
        backward._ExpectedJob.layer_done = layer_done  # type: ignore[method-assign]
    return outcome if any(sent) else "over before the signal"


def attack_helpers(seconds: float, rng: random.Random) -> Counter[str]:
    tally: Counter[str] = Counter()
    backward.FORK_FROM = 0  # type: ignore[attr-defined]  # fork even for Yacht
    alone = solve("yacht", workers=1, use_cache=False).mean
    started = time.monotonic()
    solve("yacht", workers=2, use_cache=False)
    tally["plain solve ms"] = round((time.monotonic() - started) * 1000)
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        moment, name = rng.choice(["idle", "any moment"]), rng.choice(sorted(SIGNALS))
        kind = f"{name}, {moment}"
        tally[f"{kind}|tried"] += 1
        started = time.monotonic()
        outcome = one_killed_solve(moment, name, rng, alone)
        took = time.monotonic() - started
        if outcome == "stopped":
            tally["slowest stop ms"] = max(tally["slowest stop ms"], round(took * 1000))
        if took > SOLVE_BOUND:
            outcome = "hung"
        tally[f"{kind}|{outcome}"] += 1
        if multiprocessing.active_children() or children_left():
            tally[f"{kind}|left a process"] += 1
        after = solve("yacht", workers=2, use_cache=False).mean
        if not np.array_equal(after, alone, equal_nan=True):
            tally[f"{kind}|next solve wrong"] += 1
    return tally


def print_helpers(tally: Counter[str]) -> None:
    print("| helper signalled | tried (solve over before the signal) | SolverStoppedError | "
          "finished, right table | wrong table | crashed | hung | left a process | "
          "next solve wrong |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for name in sorted(SIGNALS):
        for moment in ("idle", "any moment"):
            kind = f"{name}, {moment}"
            print(f"| {kind} | {tally[f'{kind}|tried']:,} "
                  f"({tally[f'{kind}|over before the signal']:,}) | {tally[f'{kind}|stopped']:,} | "
                  f"{tally[f'{kind}|finished']:,} | {tally[f'{kind}|wrong table']:,} | "
                  f"{tally[f'{kind}|crashed']:,} | "
                  f"{tally[f'{kind}|hung']:,} | {tally[f'{kind}|left a process']:,} | "
                  f"{tally[f'{kind}|next solve wrong']:,} |")
    print(f"Slowest solve that stopped: {tally['slowest stop ms'] / 1000:.2f} s "
          f"(a whole Yacht solve, nothing signalled: {tally['plain solve ms'] / 1000:.2f} s)")


def print_odd(tally: Counter[str], seconds: float) -> None:
    print(f"{sum(v for k, v in tally.items() if k.endswith('|tried')):,} calls to "
          f"{len(CALLS)} argument positions in {seconds:.0f} s")
    print("| functions | calls | refused by the package | accepted | crashed |")
    print("| --- | --- | --- | --- | --- |")
    for group in GROUPS:
        print(f"| {group} | {tally[f'{group}|tried']:,} | {tally[f'{group}|refused']:,} | "
              f"{tally[f'{group}|accepted']:,} | {tally[f'{group}|crashed']:,} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--attack", choices=["odd", "keep", "helpers", "all"], default="all")
    args = parser.parse_args()
    for name in CALLS:  # every call belongs to a group of the table
        group_of(name)
    chosen = ["odd", "keep", "helpers"] if args.attack == "all" else [args.attack]
    share = args.seconds / len(chosen)
    rng = random.Random(args.seed)
    print(f"Python {platform.python_version()}, {platform.machine()}, seed {args.seed}")
    if "odd" in chosen:
        started = time.perf_counter()
        tally = attack(share, rng)
        print_odd(tally, time.perf_counter() - started)
    if "keep" in chosen:
        print_keep_rules(attack_keep_rules(share, rng))
    if "helpers" in chosen:
        print_helpers(attack_helpers(share, rng))


if __name__ == "__main__":
    main()
