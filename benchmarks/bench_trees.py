"""The same solves timed in two checkouts of the package, alternating fresh processes.

Run: python benchmarks/bench_trees.py BEFORE_DIR AFTER_DIR [--repeat N]

Each run imports the package of its folder (``PYTHONPATH``) in a fresh process with an empty
cache and times one solve from nothing.  Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile

TASKS = {
    "yahtzee": "from yacht_edu.solver import solve; solve('yahtzee', use_cache=False)",
    "yacht": "from yacht_edu.solver import solve; solve('yacht', use_cache=False)",
    # the target table through its own module, which both checkouts have
    "target": ("from yacht_edu.solver.target import solve_target; "
               "solve_target('yacht', use_cache=False)"),
    "custom": ("import yacht_edu as ye; from yacht_edu.solver import solve; "
               "solve(ye.custom_rules('yacht', rolls=4), use_cache=False)"),
}
TIMED = ("import time, yacht_edu.solver\nstart = time.perf_counter()\n{task}\n"
         "print(time.perf_counter() - start)")


def time_once(folder: str, task: str) -> float:
    """One solve's seconds in a fresh process importing the package of ``folder``."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "PYTHONPATH": folder, "YACHT_EDU_CACHE": cache}
        done = subprocess.run([sys.executable, "-c", TIMED.format(task=task)], cwd=folder,
                              env=env, capture_output=True, text=True, check=True)
    return float(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    times: dict[str, dict[str, list[float]]] = {name: {"before": [], "after": []}
                                                for name in TASKS}
    for _ in range(args.repeat):
        for name, task in TASKS.items():
            for side in ("before", "after"):
                times[name][side].append(time_once(getattr(args, side), task))
    print(f"load average {os.getloadavg()}")
    for name, sides in times.items():
        print(name, {side: [round(t, 3) for t in sorted(ts)] for side, ts in sides.items()})


if __name__ == "__main__":
    main()
