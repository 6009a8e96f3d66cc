"""Speed of the optimal-strategy solver, its cache, the exact solve and the coach.

Run: python benchmarks/bench_solver.py            (everything, a few minutes)
     python benchmarks/bench_solver.py --quick    (yacht only)
     python benchmarks/bench_solver.py --peer [--repeat N] [--peer-venv DIR]
                                                  (official Yahtzee beside a native peer)

``--peer`` times the full solve of official Yahtzee (forced joker) here and in ``yatzy-solver``, a
native (Rust) solver from PyPI, in the same run, alternating the two, on both cores and on one.
The peer is no dependency of yacht_edu: it lives in a virtual environment of its own (default
``/work/peer-venv``), which the benchmark creates if it is missing, exactly as
``python -m venv DIR && DIR/bin/pip install yatzy-solver`` would.

Each measurement runs in a fresh Python process with its own empty cache directory, so "from
nothing" includes building the tables read from the model, and the peak memory (max resident
set size) is that of the measurement alone.  Figures are printed, never asserted.
"""

from __future__ import annotations

import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from fresh import answer_task, last_json, run_task

SOLVES: list[tuple[str, dict[str, Any]]] = [
    ("yacht", {}),
    ("yacht_sum4", {}),
    ("yahtzee", {"joker": "forced"}),
    ("yahtzee", {"joker": "free"}),
    ("yahtzee", {"joker": "none"}),
    ("yahtzee", {"joker": "forced", "upper_first": True}),
]


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux


def solve_from_nothing(name: str, variant: dict[str, Any]) -> dict[str, Any]:
    from yacht_edu.solver import solve

    wall, cpu = time.perf_counter(), processor_time()
    table = solve(name, **variant)
    wall, cpu = time.perf_counter() - wall, processor_time() - cpu
    expected = table.expected()
    return {"wall": wall, "cpu": cpu, "mean": expected.mean, "sd": expected.sd,
            "peak_mib": peak_mib()}


def load_cached(name: str, variant: dict[str, Any]) -> dict[str, Any]:
    from yacht_edu.solver import solve

    wall = time.perf_counter()
    solve(name, **variant)
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


def coach(name: str, variant: dict[str, Any]) -> dict[str, Any]:
    import random

    from yacht_edu import Scorecard, get_rules
    from yacht_edu.coach import advise
    from yacht_edu.dice import multisets
    from yacht_edu.solver import solve

    rules = get_rules(name, **variant)
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


def solve_only(name: str, variant: dict[str, Any], workers: int) -> dict[str, Any]:
    """One solve with ``workers`` processors, neither reading nor writing the cache."""
    from yacht_edu.solver import solve

    wall, cpu = time.perf_counter(), processor_time()
    table = solve(name, workers=workers, use_cache=False, **variant)
    wall, cpu = time.perf_counter() - wall, processor_time() - cpu
    expected = table.expected()
    return {"wall": wall, "cpu": cpu, "mean": expected.mean, "sd": expected.sd}


def solve_mean_only(name: str, variant: dict[str, Any], workers: int) -> dict[str, Any]:
    """:func:`solve_only` with the mean square left out of the turn (the keeps' second pass):
    what the standard deviation costs.  For this benchmark only: the package computes both."""
    from yacht_edu.solver import backward
    from yacht_edu.solver.turn import best_keeps, first_roll, pick, roll_the_rest

    def mean_only(rows: Any) -> Any:
        def work(states: Any, mean: Any, mean_square: Any, filled: int) -> tuple[Any, Any]:
            worth, _, _ = backward.hand_worth(rows, states, mean, mean_square, local=True)
            for _ in range(rows.space.rules.rolls - 1):
                keeps = roll_the_rest(worth)
                worth = pick(keeps, best_keeps(keeps))
            value = first_roll(worth)
            return value, value * 0

        return work

    backward._float_chunk = mean_only
    return solve_only(name, variant, workers)


def processor_time() -> float:
    """Processor time of this process and of its finished helper processes."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


TASKS: dict[str, Callable[..., dict[str, Any]]] = {
    "solve": solve_from_nothing, "load": load_cached, "exact": exact, "coach": coach,
    "simulate": simulate_speed, "solve_only": solve_only, "solve_mean_only": solve_mean_only}


def run(cache: str, task: str, *args: Any) -> dict[str, Any]:
    """One task in a fresh process sharing ``cache`` as its cache directory."""
    return run_task(__file__, task, *args, cache=cache)


def label(name: str, variant: dict[str, Any]) -> str:
    return name + "".join(f" {k}={v}" for k, v in variant.items())


def main(quick: bool) -> None:
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.2f}")
    solves = SOLVES[:2] if quick else SOLVES
    print("\nsolve from nothing (empty cache), then load the saved table in a new process")
    print(f"{'rule set':<40} {'wall s':>8} {'cpu s':>8} {'peak MiB':>9} {'load s':>7}  "
          f"{'mean':>10} {'sd':>7}")
    with tempfile.TemporaryDirectory() as cache:
        for name, variant in solves:
            solved = run(cache, "solve", name, variant)
            loaded = run(cache, "load", name, variant)
            print(f"{label(name, variant):<40} {solved['wall']:8.2f} {solved['cpu']:8.2f} "
                  f"{solved['peak_mib']:9.0f} {loaded['wall']:7.3f}  {solved['mean']:10.4f} "
                  f"{solved['sd']:7.3f}", flush=True)
        print("\nexact solve (sympy.Rational) and the exact distribution of the optimal score")
        for name in ("yacht", "yacht_sum4"):
            result = run(cache, "exact", name)
            print(f"{name:<12} exact solve {result['wall']:6.2f} s, distribution "
                  f"{result['distribution']:6.2f} s, {result['scores']} scores, peak "
                  f"{result['peak_mib']:.0f} MiB, mean {result['float']:.13f}", flush=True)
        print("\ncoach latency, table loaded (300 random situations)")
        for name, variant in solves[:1] + ([] if quick else [SOLVES[2]]):
            result = run(cache, "coach", name, variant)
            print(f"{label(name, variant):<28} median {result['median_ms']:6.2f} ms, 95% "
                  f"{result['p95_ms']:6.2f} ms, max {result['max_ms']:6.2f} ms", flush=True)
        print("\nsimulation of the optimal strategy (20,000 games at once)")
        for name in ("yacht",) if quick else ("yacht", "yahtzee"):
            result = run(cache, "simulate", name)
            print(f"{name:<12} {result['games_per_s']:10.0f} games/s", flush=True)
    print(f"\nload average at the end {os.getloadavg()[0]:.2f}")


# -- the native peer -----------------------------------------------------------------------------

#: The peer's rule set that is ours ``yahtzee`` with ``joker="forced"`` (its value is checked).
PEER_VARIANT = "american+forced-joker"
#: Run in the peer's environment: one full solve, its time and the empty scorecard's value.
PEER_SOLVE = """
import json, sys, time
import yatzy_solver
variant = yatzy_solver.Variant(sys.argv[1])
wall, cpu = time.perf_counter(), time.process_time()
solver = yatzy_solver.Solver.build(variant)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
print(json.dumps({"wall": wall, "cpu": cpu, "version": yatzy_solver.__version__,
                  "mean": solver.state_value("upper 0 | filled -")}))
"""


def peer_python(venv: str) -> str:
    """The peer's interpreter, its environment made first if it is missing."""
    python = os.path.join(venv, "bin", "python")
    if not os.path.exists(python):
        print(f"creating {venv} with yatzy-solver (python -m venv, pip install)", flush=True)
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([python, "-m", "pip", "install", "--quiet", "yatzy-solver"], check=True)
    return python


def one_thread_env() -> dict[str, str]:
    """The environment that keeps the peer (rayon) and numpy's BLAS on one core."""
    return {**os.environ, "RAYON_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1",
            "OMP_NUM_THREADS": "1"}


def run_peer(python: str, cores: int) -> dict[str, Any]:
    env = one_thread_env() if cores == 1 else dict(os.environ)
    return last_json([python, "-c", PEER_SOLVE, PEER_VARIANT], env)


def run_ours(cores: int, task: str = "solve_only") -> dict[str, Any]:
    env = one_thread_env() if cores == 1 else dict(os.environ)
    return run_task(__file__, task, "yahtzee", {"joker": "forced"}, cores, env=env)


def spread(times: list[float]) -> str:
    return f"median {statistics.median(times):6.2f} s (min {min(times):.2f}, max {max(times):.2f})"


def main_peer(repeat: int, venv: str) -> None:
    python = peer_python(venv)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, load average {os.getloadavg()}")
    print(f"official Yahtzee, forced joker: yacht_edu vs yatzy-solver ({PEER_VARIANT}), "
          f"{repeat} alternating runs each, fresh processes, nothing cached")
    for cores in (os.cpu_count() or 1, 1):
        ours: list[dict[str, Any]] = []
        theirs: list[dict[str, Any]] = []
        mean_only: list[dict[str, Any]] = []
        for _ in range(repeat):
            ours.append(run_ours(cores))
            theirs.append(run_peer(python, cores))
            mean_only.append(run_ours(cores, "solve_mean_only"))
            print(f"  {cores} core(s): ours {ours[-1]['wall']:6.2f} s (cpu {ours[-1]['cpu']:6.2f}),"
                  f" peer {theirs[-1]['wall']:6.2f} s (cpu {theirs[-1]['cpu']:6.2f}),"
                  f" ours mean alone {mean_only[-1]['wall']:6.2f} s"
                  f" (cpu {mean_only[-1]['cpu']:6.2f}), load {os.getloadavg()[0]:.2f}", flush=True)
        mean_ours, mean_theirs = ours[0]["mean"], theirs[0]["mean"]
        if abs(mean_ours - mean_theirs) > 1e-9:
            raise SystemExit(f"not the same game: {mean_ours} here, {mean_theirs} in the peer")
        walls_ours = [r["wall"] for r in ours]
        walls_theirs = [r["wall"] for r in theirs]
        ratios = [a / b for a, b in zip(walls_ours, walls_theirs, strict=True)]
        print(f"{cores} core(s): yacht_edu {spread(walls_ours)}  mean {mean_ours:.6f}, "
              f"sd {ours[0]['sd']:.4f}")
        print(f"{cores} core(s): peer {theirs[0]['version']:<7} {spread(walls_theirs)}  mean "
              f"{mean_theirs:.6f} (the mean only)")
        print(f"{cores} core(s): ratio yacht_edu / peer: median of the pairs "
              f"{statistics.median(ratios):.2f}x, of the medians "
              f"{statistics.median(walls_ours) / statistics.median(walls_theirs):.2f}x", flush=True)
        alone = [r["wall"] for r in mean_only]
        if abs(mean_only[0]["mean"] - mean_ours) > 1e-9:
            raise SystemExit(f"the mean alone differs: {mean_only[0]['mean']}, not {mean_ours}")
        alone_ratios = [a / b for a, b in zip(alone, walls_theirs, strict=True)]
        print(f"{cores} core(s): yacht_edu, the mean alone (no mean square) {spread(alone)}; "
              f"ratio to the peer: median of the pairs {statistics.median(alone_ratios):.2f}x",
              flush=True)
    print(f"load average at the end {os.getloadavg()}")


def option(name: str, default: str) -> str:
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


if __name__ == "__main__":
    if answer_task(TASKS):
        pass  # a measurement in its own process (see fresh.py)
    elif "--peer" in sys.argv:
        main_peer(int(option("--repeat", "3")), option("--peer-venv", "/work/peer-venv"))
    else:
        main("--quick" in sys.argv)
