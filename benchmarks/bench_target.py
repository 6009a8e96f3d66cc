"""Speed of the target solver (issue 13): the whole table from nothing, loading it, a query.

Run: python benchmarks/bench_target.py

Each measurement runs in a fresh Python process with its own empty cache directory, so "from
nothing" includes building what the solver reads from the model.  "load" is the first call of a
new process (reading and checksumming the saved table); "query" a call once it is in memory.
Figures are printed, never asserted.
"""

from __future__ import annotations

import os
import platform
import resource
import statistics
import tempfile
import time
from collections.abc import Callable
from typing import Any

from fresh import answer_task, run_task


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux


def solve_from_nothing(name: str, workers: int | None) -> dict[str, Any]:
    from yacht_edu.solver import solve_target

    wall, cpu = time.perf_counter(), time.process_time()
    table = solve_target(name, workers=workers)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    from yacht_edu import reach_probability

    return {"wall": wall, "cpu": cpu, "peak_mib": peak_mib(), "p200": reach_probability(200, name),
            "size_mib": table.chance.nbytes / 2**20}


def load_and_query(name: str) -> dict[str, Any]:
    import random

    from yacht_edu import reach_probability
    from yacht_edu.scorecard import Scorecard

    wall = time.perf_counter()
    reach_probability(200, name)
    first = time.perf_counter() - wall
    rng = random.Random(1)
    times = []
    for _ in range(300):
        card = Scorecard.empty(name)
        for _ in range(rng.randrange(12)):
            hand = tuple(sorted(rng.randint(1, 6) for _ in range(5)))
            card = card.fill(hand, rng.choice(card.allowed(hand)))
        start = time.perf_counter()
        reach_probability(rng.randrange(100, 260), name, filled=card.filled)
        times.append(time.perf_counter() - start)
    times.sort()
    return {"first": first, "median_ms": 1000 * statistics.median(times),
            "max_ms": 1000 * times[-1]}


def advise_target_speed(name: str) -> dict[str, Any]:
    import random

    from yacht_edu import advise, reach_probability

    reach_probability(200, name)  # load the table
    rng = random.Random(2)
    times = []
    for _ in range(200):
        hand = [rng.randint(1, 6) for _ in range(5)]
        start = time.perf_counter()
        advise(hand, rng.choice((0, 1, 2)), rules=name, target=rng.randrange(120, 260))
        times.append(time.perf_counter() - start)
    times.sort()
    return {"median_ms": 1000 * statistics.median(times),
            "p95_ms": 1000 * times[int(0.95 * len(times))]}


TASKS: dict[str, Callable[..., dict[str, Any]]] = {
    "solve": solve_from_nothing, "load": load_and_query, "advise": advise_target_speed}


def run(cache: str, task: str, *args: Any) -> dict[str, Any]:
    return run_task(__file__, task, *args, cache=cache)


def main() -> None:
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.2f}")
    print(f"{'rule set':<12} {'workers':>7} {'solve s':>8} {'cpu s':>7} {'MiB':>5} "
          f"{'table MiB':>9} {'load s':>7} {'query ms':>9} {'max ms':>7} {'advise ms':>9}  "
          "P(>=200)")
    for name in ("yacht", "yacht_sum4"):
        for workers in (None, 1):
            with tempfile.TemporaryDirectory() as cache:
                solved = run(cache, "solve", name, workers)
                loaded = run(cache, "load", name)
                advised = run(cache, "advise", name)
            print(f"{name:<12} {workers or os.cpu_count():>7} {solved['wall']:8.2f} "
                  f"{solved['cpu']:7.2f} {solved['peak_mib']:5.0f} {solved['size_mib']:9.1f} "
                  f"{loaded['first']:7.3f} {loaded['median_ms']:9.3f} {loaded['max_ms']:7.3f} "
                  f"{advised['median_ms']:9.2f}  {solved['p200']:.10f}", flush=True)


if __name__ == "__main__":
    if not answer_task(TASKS):
        main()
