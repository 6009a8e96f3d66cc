"""A million games: the fast simulator (a decision table read by all games at once) for the
optimal player and a rule of thumb, in both rule sets; and the chance of every final Yahtzee
score (the forward evolution).

Run: python benchmarks/bench_simulation.py [--games N]

Each rule set in a fresh process with an empty cache directory: first the solved table (not
counted here; both rule sets ship theirs in the package, so this reads the shipped table:
bench_solver.py times a real solve), then the first million games, which fill the decision table
as they meet states ("cold table"), then another million with the table filled ("warm").  The
chance of every final score likewise starts from the shipped table, and counts filling the
decision table and playing it forwards.  Which compiled path runs (native, numba) or numpy alone is
printed: ``YACHT_EDU_COMPILED=numba`` in the environment measures numba's, ``YACHT_EDU_COMPILED=0``
numpy alone.
Figures are printed with the processor seconds beside the wall seconds and the load average
(both cores are used: the dice are drawn a roll ahead in a second thread, and a large table
is filled by forked helpers).  Printed, never asserted.
"""

from __future__ import annotations

import os
import platform
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from fresh import answer_task, run_task


def processor_time() -> float:
    """Processor time of this process (all its threads) and of its finished helpers."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def timed(call: Any) -> tuple[Any, float, float]:
    wall, cpu = time.perf_counter(), processor_time()
    result = call()
    return result, time.perf_counter() - wall, processor_time() - cpu


def games(rules: str, player: str, count: int) -> dict[str, Any]:
    from yacht_edu.solver import solve
    from yacht_edu.strategies import simulate

    solve(rules)
    _, cold_wall, cold_cpu = timed(lambda: simulate(player, rules, games=count, seed=1))
    warm, warm_wall, warm_cpu = timed(lambda: simulate(player, rules, games=count, seed=2))
    return {"cold_wall": cold_wall, "cold_cpu": cold_cpu, "wall": warm_wall, "cpu": warm_cpu,
            "mean": warm.mean, "sd": warm.sd, "peak_mib": peak_mib()}


def final_scores(rules: str) -> dict[str, Any]:
    from yacht_edu.solver import optimal_score_chances, solve

    solve(rules)
    chances, wall, cpu = timed(lambda: optimal_score_chances(rules))
    return {"wall": wall, "cpu": cpu, "mean": chances.mean, "sd": chances.sd,
            "peak_mib": peak_mib()}


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


TASKS: dict[str, Callable[..., dict[str, Any]]] = {"games": games, "final_scores": final_scores}


def main(count: int) -> None:
    from yacht_edu.solver import compiled

    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.2f}; compiled: "
          f"{compiled.backend() or 'no (numpy alone)'}")
    print(f"\n{count:,} games at once, seeded; the decision table filled by the first {count:,} "
          "(cold), then read by the next (warm)")
    for rules in ("yacht", "yahtzee"):
        for player in ("optimal", "beat_par"):
            with tempfile.TemporaryDirectory() as cache:
                found = run_task(__file__, "games", rules, player, count, cache=cache)
            print(f"{rules:<8} {player:<8} warm {count / found['wall']:10,.0f} games/s "
                  f"({found['wall']:5.2f} s, cpu {found['cpu']:5.2f} s); cold "
                  f"{count / found['cold_wall']:10,.0f} games/s ({found['cold_wall']:5.2f} s, "
                  f"cpu {found['cold_cpu']:5.2f} s); mean {found['mean']:.3f}, sd "
                  f"{found['sd']:.3f}; peak {found['peak_mib']:.0f} MiB; load "
                  f"{os.getloadavg()[0]:.2f}", flush=True)
    print("\nthe chance of every final score under optimal play (the solved table loaded; the "
          "decision table filled, then played forwards)")
    for rules in ("yacht", "yahtzee"):
        with tempfile.TemporaryDirectory() as cache:
            found = run_task(__file__, "final_scores", rules, cache=cache)
        print(f"{rules:<8} {found['wall']:6.2f} s (cpu {found['cpu']:5.2f} s), mean "
              f"{found['mean']:.4f}, sd {found['sd']:.4f}, peak {found['peak_mib']:.0f} MiB; "
              f"load {os.getloadavg()[0]:.2f}", flush=True)
    print(f"\nload average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    if not answer_task(TASKS):
        main(int(sys.argv[sys.argv.index("--games") + 1]) if "--games" in sys.argv
             else 1_000_000)
