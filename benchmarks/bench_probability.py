"""How fast are the exact answers of yacht_edu.probability, against brute force on ordered rolls?

Run once, from the repository root:  python benchmarks/bench_probability.py

Prints, in seconds or milliseconds (wall clock, best of a few repeats):
- importing yacht_edu.probability (sympy included);
- the whole teacher table of each rule set, cold (every cache cleared, model caches too) and
  cached; the targets are < 2 s cold and < 10 ms for a cached query;
- p_within from a moment of a turn and chances() for the widgets' panel, cold and cached;
- brute force measured in the same run:
  * plain Python over the 7,776 ordered rolls, for the one-roll column of a table;
  * plain Python from a moment with one roll left (32 subsets of positions × every ordered
    outcome of the thrown dice);
  * numpy over the ordered rolls (the 32 subsets as sums over array axes, exact int64), for the
    three-roll column of a table: a fresh turn of three rolls in plain Python over ordered rolls
    would take ~2.6e8 steps per box, so it is not run.
"""

from __future__ import annotations

import itertools
import statistics
import time
from collections.abc import Callable, Iterator

T0 = time.perf_counter()
import yacht_edu.probability as probability  # noqa: E402

IMPORT_SECONDS = time.perf_counter() - T0

import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402
from sympy import Rational  # noqa: E402

from yacht_edu.dice import clear_dice_caches, multisets  # noqa: E402
from yacht_edu.hands import Hand  # noqa: E402
from yacht_edu.probability.turn import clear_probability_caches, hand_chances  # noqa: E402
from yacht_edu.rules import RULE_SETS, get_rules, score  # noqa: E402

ORDERED = list(itertools.product(range(1, 7), repeat=5))
MOMENT = ((2, 3, 4, 5, 5), "little_straight")  # dice in hand, the box a learner hopes for


def clear_everything() -> None:
    """A cold start: the package's caches and the model's."""
    clear_probability_caches()
    clear_dice_caches()


def best_of(action: Callable[[], object], repeats: int = 5, cold: bool = False) -> float:
    """The fastest of ``repeats`` runs, in seconds."""
    times = []
    for _ in range(repeats):
        if cold:
            clear_everything()
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def per_call(action: Callable[[], object], calls: int = 200) -> float:
    """Seconds per call of an already warm ``action`` (median of 5 batches)."""
    action()
    batches = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(calls):
            action()
        batches.append((time.perf_counter() - start) / calls)
    return statistics.median(batches)


# -- brute force on ordered rolls ---------------------------------------------------------------


def brute_one_roll_column(rules: str) -> list[Rational]:
    """Plain Python: score every ordered roll in every box."""
    return [Rational(sum(score(roll, c, rules) > 0 for roll in ORDERED), 7776)
            for c in get_rules(rules).boxes]


def brute_from_moment(dice: tuple[int, ...], box: str, rules: str = "yacht") -> Rational:
    """Plain Python, one roll left: the best of the 32 subsets of positions, each averaged over
    every ordered outcome of the thrown dice."""
    best = Rational(0)
    for kept in itertools.product((False, True), repeat=5):
        thrown = [i for i in range(5) if not kept[i]]
        made = 0
        for faces in itertools.product(range(1, 7), repeat=len(thrown)):
            roll = list(dice)
            for position, face in zip(thrown, faces, strict=True):
                roll[position] = face
            made += score(roll, box, rules) > 0
        best = max(best, Rational(made, 6 ** len(thrown)))
    return best


def numpy_fresh_turn(box: str, rules: str, aim: str, rolls: int = 3) -> Rational:
    """numpy over the ordered rolls: the 32 subsets of positions as sums over array axes."""
    shape = (6,) * 5
    scores = np.array([score(roll, box, rules) for roll in ORDERED], dtype=np.int64)
    worths: npt.NDArray[np.int64] = (
        scores if aim == "score" else (scores > 0).astype(np.int64)).reshape(shape)
    for _ in range(rolls - 1):
        best = np.zeros(shape, dtype=np.int64)
        for kept in itertools.product((False, True), repeat=5):
            thrown = tuple(i for i in range(5) if not kept[i])
            total = worths.sum(axis=thrown, keepdims=True) * 6 ** (5 - len(thrown))
            best = np.maximum(best, np.broadcast_to(total, shape))
        worths = best
    return Rational(int(worths.sum()), 6 ** (5 * rolls))


def brute_table(rules: str) -> list[tuple[Rational, Rational, Rational]]:
    """The teacher table the brute-force way: plain one-roll column, numpy turn columns."""
    ones = brute_one_roll_column(rules)
    return [(one, numpy_fresh_turn(c, rules, "chance"), numpy_fresh_turn(c, rules, "score"))
            for one, c in zip(ones, get_rules(rules).boxes, strict=True)]


# -- the report ---------------------------------------------------------------------------------


def bench_tables() -> None:
    print(f"{'teacher table':<14}{'cold':>10}{'cached':>12}{'brute force':>14}{'ratio':>10}")
    for rules in RULE_SETS:
        def table(r: str = rules) -> object:
            return probability.teacher_table(r)

        cold = best_of(table, repeats=3, cold=True)
        cached = per_call(table, calls=20)
        start = time.perf_counter()
        brute = brute_table(rules)
        brute_seconds = time.perf_counter() - start
        exact = [row[2:] for row in probability.teacher_table(rules).rows]
        assert brute == exact, "brute force disagrees"
        print(f"{rules:<14}{cold:>9.3f}s{cached * 1000:>10.3f}ms{brute_seconds:>13.2f}s"
              f"{brute_seconds / cold:>9.0f}×")
    print("  (ratio = brute force / cold exact; brute force: plain-Python one-roll column,")
    print("   numpy ordered-roll columns for three rolls)")


def bench_moment() -> None:
    dice, box = MOMENT

    def one_left() -> object:
        return probability.p_within(box, 1, dice=dice)

    def two_left() -> object:
        return probability.p_within(box, 2, dice=dice)

    cold = best_of(one_left, cold=True)
    cached = per_call(one_left, calls=2000)
    start = time.perf_counter()
    brute = brute_from_moment(dice, box)
    brute_seconds = time.perf_counter() - start
    assert brute == one_left(), "brute force disagrees"
    print(f"p_within({box!r}, 1, dice={dice}):")
    print(f"  cold {cold * 1000:.1f} ms, cached {cached * 1e6:.1f} µs; plain brute force "
          f"{brute_seconds * 1000:.0f} ms (ratio cold {brute_seconds / cold:.0f}×, "
          f"cached {brute_seconds / cached:.0f}×)")
    print(f"  with 2 rolls left: cold {best_of(two_left, cold=True) * 1000:.1f} ms, cached "
          f"{per_call(two_left) * 1e6:.1f} µs (plain brute force: ~1.3e8 steps, not run)")


def bench_panel() -> None:
    dice, _ = MOMENT
    for rules in RULE_SETS:
        hands = itertools.cycle(multisets())

        def same_dice(r: str = rules) -> object:
            return probability.chances(dice, 2, r)

        def new_dice(r: str = rules, h: Iterator[Hand] = hands) -> object:
            hand_chances.cache_clear()  # the box's worths stay cached, the panel is new
            return probability.chances(next(h), 2, r)

        cold = best_of(same_dice, cold=True)
        new = per_call(new_dice, calls=252)
        again = per_call(same_dice, calls=2000)
        print(f"chances(dice, 2, {rules!r}): cold {cold * 1000:.0f} ms, warm rule set and new "
              f"dice {new * 1e6:.0f} µs, the same dice again {again * 1e6:.1f} µs")


def main() -> None:
    print(f"import yacht_edu.probability (sympy included): {IMPORT_SECONDS:.2f} s")
    print()
    bench_tables()
    print()
    bench_moment()
    bench_panel()


if __name__ == "__main__":
    main()
