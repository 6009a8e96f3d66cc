"""Speed of custom rule sets: defining one, solving it, reloading it by content, comparing it.

Run: python benchmarks/bench_custom.py            (Yacht-sized variants and one Yahtzee variant)
     python benchmarks/bench_custom.py --quick    (Yacht-sized variants only)

Each solve runs in a fresh Python process with an empty cache directory (numpy imported and the
model's tables built inside the measurement); "reload" is a new process defining the same variant
under another name, which finds the saved table by its content; "again" defines it once more in
the same process (the table in memory).  Figures are printed, never asserted.
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import time
from typing import Any

from fresh import answer_task, run_task

#: (label, custom_rules arguments); "two_pairs" stands for the box function below.
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    *((f"yacht, {r} rolls", {"rolls": r}) for r in range(1, 7)),
    ("yacht, full house 25, two pairs for little straight",
     {"scores": {"full_house": 25}, "remove": ["little_straight"], "add": "two_pairs"}),
    ("yacht_sum4, 4 rolls", {"base": "yacht_sum4", "rolls": 4}),
]
YAHTZEE = ("yahtzee, 4 rolls, bonus 50 at 63", {"base": "yahtzee", "rolls": 4,
                                                "upper_bonus_rule": [63, 50]})


def two_pairs(dice: tuple[int, ...]) -> int:
    pairs = [face for face in set(dice) if dice.count(face) >= 2]
    return sum(dice) if len(pairs) == 2 else 0


def variant(arguments: dict[str, Any], name: str | None = None) -> Any:
    from yacht_edu import custom_rules

    given = dict(arguments)
    if given.get("add") == "two_pairs":
        given["add"] = {"two_pairs": two_pairs}
    if "upper_bonus_rule" in given:
        given["upper_bonus_rule"] = tuple(given["upper_bonus_rule"])
    return custom_rules(given.pop("base", "yacht"), name=name, **given)


def solve_from_nothing(arguments: dict[str, Any]) -> dict[str, Any]:
    from yacht_edu.solver import solve  # imports (numpy, the solver) are not timed

    wall = time.perf_counter()
    rules = variant(arguments)
    defined = time.perf_counter() - wall
    table = solve(rules)
    expected = table.expected()
    return {"define": defined, "wall": time.perf_counter() - wall, "mean": expected.mean,
            "sd": expected.sd, "states": table.space.size}


def reload(arguments: dict[str, Any]) -> dict[str, Any]:
    from yacht_edu.solver import solve

    wall = time.perf_counter()
    solve(variant(arguments, name="the same, named otherwise"))
    return {"wall": time.perf_counter() - wall}


def resolve_in_memory(arguments: dict[str, Any]) -> dict[str, Any]:
    from yacht_edu.solver import solve

    solve(variant(arguments))
    wall = time.perf_counter()
    solve(variant(arguments, name="defined again"))
    return {"wall": time.perf_counter() - wall}


def compare(arguments: dict[str, Any]) -> dict[str, Any]:
    from yacht_edu.compare import compare_rules
    from yacht_edu.solver import solve

    rules = variant(arguments)
    solve("yacht"), solve(rules)
    wall = time.perf_counter()
    compare_rules(["yacht", rules])
    return {"wall": time.perf_counter() - wall}


TASKS = {"solve": solve_from_nothing, "reload": reload, "memory": resolve_in_memory,
         "compare": compare}


def run(cache: str, task: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return run_task(__file__, task, arguments, cache=cache)


def main(quick: bool) -> None:
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.2f}")
    print(f"\n{'variant':<52} {'states':>8} {'define s':>9} {'solve s':>8} {'reload s':>9} "
          f"{'again s':>8} {'compare s':>10} {'mean':>9} {'sd':>6}")
    for name, arguments in VARIANTS if quick else [*VARIANTS, YAHTZEE]:
        with tempfile.TemporaryDirectory() as cache:
            solved = run(cache, "solve", arguments)
            again = run(cache, "reload", arguments)
            memory = run(cache, "memory", arguments)
            compared = run(cache, "compare", arguments) if name != YAHTZEE[0] else {"wall": 0}
        print(f"{name:<52} {solved['states']:>8} {solved['define']:>9.3f} {solved['wall']:>8.2f} "
              f"{again['wall']:>9.3f} {memory['wall']:>8.4f} {compared['wall']:>10.2f} "
              f"{solved['mean']:>9.4f} "
              f"{solved['sd']:>6.2f}")
    print(f"\nload average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    if not answer_task(TASKS):
        main("--quick" in sys.argv)
