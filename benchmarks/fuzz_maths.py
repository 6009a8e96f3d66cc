"""Give odd values to every public function of the mathematics and the faces for a bounded time,
and print the figures of docs/reliability.md (the calls of ``tests/test_maths_properties.py``).

Each call puts one odd value (None, bools, floats with nan and inf, text with a lone surrogate,
bytes, dicts, sets, nested lists, numpy scalars and arrays, integers of 5,000 digits) in one
argument; it must answer or be refused by the package's own error with a printable message.

Run: python benchmarks/fuzz_maths.py [--seconds 60] [--seed 1]
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
import warnings
from collections import Counter

import numpy as np

from tests.helpers.odd_values import ODD_VALUES
from tests.test_maths_properties import CALLS
from yacht_edu import RuleError
from yacht_edu.i18n import UnknownLanguageError

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
    "coach": ("advise(", "analyse"),
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for name in CALLS:  # every call belongs to a group of the table
        group_of(name)
    started = time.perf_counter()
    tally = attack(args.seconds, random.Random(args.seed))
    print(f"{sum(v for k, v in tally.items() if k.endswith('|tried')):,} calls to "
          f"{len(CALLS)} argument positions in {time.perf_counter() - started:.0f} s "
          f"(Python {platform.python_version()}, {platform.machine()})")
    print("| functions | calls | refused by the package | accepted | crashed |")
    print("| --- | --- | --- | --- | --- |")
    for group in GROUPS:
        print(f"| {group} | {tally[f'{group}|tried']:,} | {tally[f'{group}|refused']:,} | "
              f"{tally[f'{group}|accepted']:,} | {tally[f'{group}|crashed']:,} |")


if __name__ == "__main__":
    main()
