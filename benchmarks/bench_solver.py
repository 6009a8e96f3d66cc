"""Speed of the optimal-strategy solver, its cache, the exact solve and the coach.

Run: python benchmarks/bench_solver.py            (everything, a few minutes)
     python benchmarks/bench_solver.py --quick    (yacht only)

Each measurement runs in a fresh Python process with its own empty cache directory, so "from
nothing" includes building the tables read from the model, and the peak memory (max resident
set size) is that of the measurement alone.  Figures are printed, never asserted.
"""

from __future__ import annotations

import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

SOLVES = [
    ("yacht", {}),
    ("yacht_sum4", {}),
    ("yahtzee", {"joker": "forced"}),
    ("yahtzee", {"joker": "free"}),
    ("yahtzee", {"joker": "none"}),
    ("yahtzee", {"joker": "forced", "upper_first": True}),
]


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux


def solve_from_nothing(name: str, options: dict[str, Any]) -> dict[str, Any]:
    from yacht_edu.solver import solve

    wall, cpu = time.perf_counter(), time.process_time()
    table = solve(name, **options)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    expected = table.expected()
    return {"wall": wall, "cpu": cpu, "mean": expected.mean, "sd": expected.sd,
            "peak_mib": peak_mib()}


def load_cached(name: str, options: dict[str, Any]) -> dict[str, Any]:
    from yacht_edu.solver import solve

    wall = time.perf_counter()
    solve(name, **options)
    return {"wall": time.perf_counter() - wall}


def exact(name: str) -> dict[str, Any]:
    from yacht_edu.solver import optimal_expected_score, optimal_score_distribution

    wall = time.perf_counter()
    result = optimal_expected_score(name, exact=True)
    solved = time.perf_counter() - wall
    distribution = optimal_score_distribution(name)
    return {"wall": solved, "distribution": time.perf_counter() - wall - solved,
            "mean": str(result.mean), "float": float(result.mean),
            "scores": len(distribution), "peak_mib": peak_mib()}


def coach(name: str, options: dict[str, Any]) -> dict[str, Any]:
    import random

    from yacht_edu import Scorecard, get_rules
    from yacht_edu.coach import advise
    from yacht_edu.dice import multisets
    from yacht_edu.solver import solve

    rules = get_rules(name, **options)
    solve(rules)  # the table is saved: this loads it
    rng = random.Random(1)
    times = []
    for _ in range(300):
        card = Scorecard.empty(rules)
        for _ in range(rng.randrange(rules.turns)):
            hand = rng.choice(multisets())
            card = card.fill(hand, rng.choice(card.allowed(hand)))
        hand = rng.choice(multisets())
        start = time.perf_counter()
        advise(hand, rng.choice((0, 1, 2)), filled=card.filled, rules=rules,
               yahtzee_bonuses=card.yahtzee_bonuses)
        times.append(time.perf_counter() - start)
    times.sort()
    return {"median_ms": 1000 * statistics.median(times),
            "p95_ms": 1000 * times[int(0.95 * len(times))], "max_ms": 1000 * times[-1]}


def simulate_speed(name: str) -> dict[str, Any]:
    from yacht_edu.strategies import simulate

    simulate("optimal", name, games=10)  # the table
    wall = time.perf_counter()
    simulate("optimal", name, games=20_000, seed=1)
    return {"games_per_s": 20_000 / (time.perf_counter() - wall)}


TASKS = {"solve": solve_from_nothing, "load": load_cached, "exact": exact, "coach": coach,
         "simulate": simulate_speed}


def run(cache: str, task: str, *args: Any) -> dict[str, Any]:
    """One task in a fresh process sharing ``cache`` as its cache directory."""
    env = {**os.environ, "YACHT_EDU_CACHE": cache}
    done = subprocess.run([sys.executable, __file__, "--task", json.dumps([task, *args])],
                          env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def label(name: str, options: dict[str, Any]) -> str:
    return name + "".join(f" {k}={v}" for k, v in options.items())


def main(quick: bool) -> None:
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.2f}")
    solves = SOLVES[:2] if quick else SOLVES
    print("\nsolve from nothing (empty cache), then load the saved table in a new process")
    print(f"{'rule set':<40} {'wall s':>8} {'cpu s':>8} {'peak MiB':>9} {'load s':>7}  "
          f"{'mean':>10} {'sd':>7}")
    with tempfile.TemporaryDirectory() as cache:
        for name, options in solves:
            solved = run(cache, "solve", name, options)
            loaded = run(cache, "load", name, options)
            print(f"{label(name, options):<40} {solved['wall']:8.2f} {solved['cpu']:8.2f} "
                  f"{solved['peak_mib']:9.0f} {loaded['wall']:7.3f}  {solved['mean']:10.4f} "
                  f"{solved['sd']:7.3f}", flush=True)
        print("\nexact solve (sympy.Rational) and the exact distribution of the optimal score")
        for name in ("yacht", "yacht_sum4"):
            result = run(cache, "exact", name)
            print(f"{name:<12} exact solve {result['wall']:6.2f} s, distribution "
                  f"{result['distribution']:6.2f} s, {result['scores']} scores, peak "
                  f"{result['peak_mib']:.0f} MiB, mean {result['float']:.13f}", flush=True)
        print("\ncoach latency, table loaded (300 random situations)")
        for name, options in solves[:1] + ([] if quick else [SOLVES[2]]):
            result = run(cache, "coach", name, options)
            print(f"{label(name, options):<28} median {result['median_ms']:6.2f} ms, 95% "
                  f"{result['p95_ms']:6.2f} ms, max {result['max_ms']:6.2f} ms", flush=True)
        print("\nsimulation of the optimal strategy (20,000 games at once)")
        for name in ("yacht",) if quick else ("yacht", "yahtzee"):
            result = run(cache, "simulate", name)
            print(f"{name:<12} {result['games_per_s']:10.0f} games/s", flush=True)
    print(f"\nload average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    if "--task" in sys.argv:
        task, *arguments = json.loads(sys.argv[sys.argv.index("--task") + 1])
        print(json.dumps(TASKS[task](*arguments)))
    else:
        main("--quick" in sys.argv)
