"""Ticking Coach on a cold Yahtzee board: how soon the panel says it is working, how soon its
progress bar first moves, and how soon the first advice is there.

Each run is a fresh process with an empty solver cache (nothing solved, nothing imported), a
two-player Yahtzee board rolled once, and the intent the Coach switch sends (``{"intent":
"panel", "panel": "coach", "on": true}``).  Times are the kernel's, from the intent arriving to
each state the view receives (the browser adds its 20–60 ms: see BENCHMARKS.md), and the
processor seconds of this process to the first advice.  Since the tables ship in the package
(:mod:`yacht_edu.shipped`), nothing is solved: the first advice reads the shipped table.

Run: python benchmarks/bench_coach_first.py [--repeat N] [rule set]   (default: 3, yahtzee)
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import sys
import tempfile
import time
from typing import Any

from fresh import answer_task, run_task


def cold_coach(rules: str) -> dict[str, Any]:
    """In this (fresh) process: tick Coach on a rolled board; seconds to each sign of it."""
    from yacht_edu.widgets import play

    view = play(("Asha", "Ravi"), rules=rules, seed=1, settle=0)
    view.roll()
    seen: dict[str, float] = {}
    start, cpu = time.perf_counter(), time.process_time()

    def state_changed(change: Any) -> None:
        coach = change["new"].get("coach") or {}
        if coach.get("working"):
            seen.setdefault("working_s", time.perf_counter() - start)
        elif coach.get("sentence"):
            seen.setdefault("advice_s", time.perf_counter() - start)
            seen.setdefault("advice_cpu_s", time.process_time() - cpu)

    def progress_changed(change: Any) -> None:
        if change["new"] >= 0:
            seen.setdefault("progress_s", time.perf_counter() - start)

    view.observe(state_changed, names="state")
    view.observe(progress_changed, names="progress")
    view.receive({"intent": "panel", "panel": "coach", "on": True})
    return {key: round(value, 3) for key, value in seen.items()}


def main(argv: list[str]) -> None:
    repeat = 3
    if "--repeat" in argv:
        at = argv.index("--repeat")
        repeat = int(argv[at + 1])
        del argv[at:at + 2]
    rules = argv[0] if argv else "yahtzee"
    print(f"{platform.python_version()}, {os.cpu_count()} cores, load before "
          f"{os.getloadavg()[0]:.2f}")
    runs = []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as cache:
            runs.append(run_task(__file__, "cold_coach", rules, cache=cache))
        print(json.dumps(runs[-1]))
    for key in ("working_s", "progress_s", "advice_s", "advice_cpu_s"):
        values = [run[key] for run in runs if key in run]
        if values:
            print(f"{rules}: {key} median {statistics.median(values):.3f} s, "
                  f"min {min(values):.3f}, max {max(values):.3f} (n = {len(values)})")
    print(f"load after {os.getloadavg()[0]:.2f}")


if __name__ == "__main__" and not answer_task({"cold_coach": cold_coach}):
    main(sys.argv[1:])
