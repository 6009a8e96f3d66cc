"""A fourth rule set solved: Scandinavian Yatzy (the value of ``tests/test_yatzy.py``, 2^15 × 64 =
2,097,152 states, the solver's :data:`~yacht_edu.solver.MOST_STATES`) beside Yahtzee (1,048,576).

Run: python benchmarks/bench_yatzy.py [--repeat N]

Each solve runs in a fresh Python process with an empty cache directory and reads nothing saved
(``use_cache=False``); the two rule sets alternate.  Printed: the solve's wall seconds, the
processor seconds of the whole process (its threads and helpers included), its peak memory, and
the optimal expected score.  Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from fresh import answer_task, run_task

ROOT = Path(__file__).resolve().parents[1]


def solve_once(name: str) -> dict[str, Any]:
    sys.path.insert(0, str(ROOT))
    from tests.test_yatzy import YATZY
    from yacht_edu.solver import solve  # imports are not timed

    rules = YATZY if name == "yatzy" else name
    start, cpu = time.perf_counter(), time.process_time()
    table = solve(rules, use_cache=False)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"wall": wall, "cpu": cpu + children.ru_utime + children.ru_stime, "peak": peak,
            "mean": table.expected().mean, "states": table.space.size}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} processors, "
          f"Python {platform.python_version()}, load {os.getloadavg()[0]:.2f}")
    found: dict[str, list[dict[str, Any]]] = {"yatzy": [], "yahtzee": []}
    for _ in range(repeat):
        for name, runs in found.items():
            with tempfile.TemporaryDirectory() as cache:
                runs.append(run_task(__file__, "solve", name, cache=cache))
    for name, runs in found.items():
        walls = ", ".join(f"{run['wall']:.2f}" for run in runs)
        print(f"{name}: {runs[0]['states']:,} states, mean {runs[0]['mean']:.4f}; solve wall "
              f"median {statistics.median(r['wall'] for r in runs):.2f} s ({walls}), processor "
              f"{statistics.median(r['cpu'] for r in runs):.2f} s, peak "
              f"{max(r['peak'] for r in runs):.0f} MiB")
    print(f"load afterwards {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    if not answer_task({"solve": solve_once}):
        main()
