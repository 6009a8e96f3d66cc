"""Speed of the optimal-strategy solver, its cache, the exact solve and the coach.

Run: python benchmarks/bench_solver.py            (everything, a few minutes)
     python benchmarks/bench_solver.py --quick    (yacht only)
     python benchmarks/bench_solver.py --peer [--repeat N] [--peer-venv DIR]
                                          [--ours-python PYTHON]
                                                  (official Yahtzee beside a native peer)

Every "solved from nothing" row is a real solve (``solve(..., use_cache=False)``): neither the
tables shipped in the package (``yacht_edu/shipped/``) nor any cache is read.  The "shipped"
column is the other thing a newcomer meets, a rule set's first ``solve()`` with an empty cache
when the package ships its table (reading it, and saving it into the cache); "load" reads that
saved table again in a new process.

``--peer`` times the full solve of official Yahtzee (forced joker) here and in ``yatzy-solver``, a
native (Rust) solver from PyPI, in the same run, alternating the two, on both cores and on one
(both pinned to core 0).  Ours four times in each round, each a fresh process with an empty
``YACHT_EDU_CACHE`` solving from nothing: with the native kernels the wheel carries (compiled
ahead: the first run after installing is like every other), with numba's cache empty (numba
compiling, as a wheel without native kernels meets it), with numba's compiled code kept from an
uncounted run before (every later run), and in numpy alone.
The peer is no dependency of yacht_edu: it lives in a virtual environment of its own (default
``/work/peer-venv``), which the benchmark creates if it is missing, exactly as
``python -m venv DIR && DIR/bin/pip install yatzy-solver`` would.  ``--ours-python PYTHON`` runs
ours with another interpreter (say, a virtual environment with only ``yacht_edu[fast]``: numba
imports scipy at its start where scipy is installed, 0.2 s; the benchmark says which).

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
    """A real solve (neither the shipped table nor the cache read), then the first ``solve()``
    with the cache empty: the shipped table read where the package ships one (else solved
    again), and saved into the cache."""
    from yacht_edu.rules import get_rules
    from yacht_edu.solver import solve
    from yacht_edu.solver.cache import clear_memory
    from yacht_edu.solver.ship import shipped_arrays

    wall, cpu = time.perf_counter(), processor_time()
    table = solve(name, use_cache=False, **variant)
    wall, cpu = time.perf_counter() - wall, processor_time() - cpu
    expected = table.expected()
    peak = peak_mib()
    clear_memory()
    shipped = shipped_arrays(get_rules(name, **variant)) is not None
    first = time.perf_counter()
    solve(name, **variant)
    first = time.perf_counter() - first
    return {"wall": wall, "cpu": cpu, "mean": expected.mean, "sd": expected.sd,
            "peak_mib": peak, "shipped": first if shipped else None}


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


def solve_only(name: str, variant: dict[str, Any], workers: int | None) -> dict[str, Any]:
    """One solve with ``workers`` processors (None: the default, every processor this process
    may use), neither reading nor writing the cache."""
    from yacht_edu.solver import compiled, solve

    wall, cpu = time.perf_counter(), processor_time()
    backend = compiled.backend()
    if backend:  # as the solve would first thing: numba compiles or loads the chunk
        compiled.chunk_kernel()
    compiling = time.perf_counter() - wall
    table = solve(name, workers=workers, use_cache=False, **variant)
    wall, cpu = time.perf_counter() - wall, processor_time() - cpu
    expected = table.expected()
    return {"wall": wall, "cpu": cpu, "mean": expected.mean, "sd": expected.sd,
            "backend": backend or "numpy",
            **({"compiling": compiling} if backend == "numba" else {})}


def solve_mean_only(name: str, variant: dict[str, Any], workers: int) -> dict[str, Any]:
    """:func:`solve_only` with the mean square left out of the turn (the keeps' second pass):
    what the standard deviation costs, in numpy (the compiled chunk always carries both).  For
    this benchmark only: the package computes both."""
    from yacht_edu.solver import backward
    from yacht_edu.solver.turn import best_keeps, first_roll, pick, roll_the_rest

    def mean_only(rows: Any, states: int) -> Any:
        def work(states: Any, mean: Any, mean_square: Any, filled: int) -> tuple[Any, Any]:
            worth, _, _ = backward.hand_worth(rows, states, mean, mean_square, local=True)
            for _ in range(rows.space.rules.rolls - 1):
                keeps = roll_the_rest(worth)
                worth = pick(keeps, best_keeps(keeps))
            value = first_roll(worth)
            return value, value * 0

        return work, backward.CHUNK

    backward._float_chunk = mean_only
    return solve_only(name, variant, workers)


def compiled_state() -> str:
    """Whether the solves here run compiled (native or numba) or in numpy, as this environment
    has it."""
    from yacht_edu.solver import compiled

    return compiled.backend() or "no (numpy alone)"


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
    print(f"\nsolved from nothing (solve(..., use_cache=False): no shipped table, no cache; "
          f"compiled: {compiled_state()}); 'shipped': the first solve() with the cache empty "
          "reading the package's table and saving it; 'load': that saved table read in a new "
          "process")
    print(f"{'rule set':<40} {'wall s':>8} {'cpu s':>8} {'peak MiB':>9} {'shipped s':>9} "
          f"{'load s':>7}  {'mean':>10} {'sd':>7}")
    with tempfile.TemporaryDirectory() as cache:
        for name, variant in solves:
            solved = run(cache, "solve", name, variant)
            loaded = run(cache, "load", name, variant)
            shipped = "-" if solved["shipped"] is None else f"{solved['shipped']:.3f}"
            print(f"{label(name, variant):<40} {solved['wall']:8.2f} {solved['cpu']:8.2f} "
                  f"{solved['peak_mib']:9.0f} {shipped:>9} {loaded['wall']:7.3f}  "
                  f"{solved['mean']:10.4f} {solved['sd']:7.3f}", flush=True)
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


#: Ours: (label, environment, numba's compiled code kept from an uncounted run before).
#: "native": the kernels the wheel carries, compiled ahead (nothing compiles at run time: the
#: first run after installing is every run); "numba first": numba's path, its cache empty, as
#: the first solve after installing meets it where the wheel has no native kernels (numba
#: compiles the chunk, and that counts); "numba cached": the same with numba's compiled code
#: kept, as every later run; "numpy": neither (YACHT_EDU_COMPILED=0).  Each solves from
#: nothing, with an empty YACHT_EDU_CACHE.
OURS = (("native", {"YACHT_EDU_COMPILED": "1"}, False),
        ("numba first", {"YACHT_EDU_COMPILED": "numba"}, False),
        ("numba cached", {"YACHT_EDU_COMPILED": "numba"}, True),
        ("numpy", {"YACHT_EDU_COMPILED": "0"}, False))


def whole_process(command: list[str], env: dict[str, str], cores: int) -> dict[str, Any]:
    """Run ``command`` from start to exit (pinned to core 0 for one core): the JSON it prints,
    with the whole process's wall and processor seconds (its helpers included)."""
    pin = ["taskset", "-c", "0"] if cores == 1 else []
    before, wall = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    result = last_json(pin + command, env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    result["process_wall"] = time.perf_counter() - wall
    result["process_cpu"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return result


def run_peer(python: str, cores: int) -> dict[str, Any]:
    env = one_thread_env() if cores == 1 else dict(os.environ)
    return whole_process([python, "-c", PEER_SOLVE, PEER_VARIANT], env, cores)


def run_ours(python: str, cores: int, extra: dict[str, str], kept_jit: str | None,
             task: str = "solve_only") -> dict[str, Any]:
    """One solve of ours in a fresh process; ``kept_jit``: numba's cache directory to keep
    (None: an empty one)."""
    env = {**(one_thread_env() if cores == 1 else os.environ), **extra}
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as empty:
        env.update(YACHT_EDU_CACHE=cache, NUMBA_CACHE_DIR=kept_jit or empty)
        command = [python, __file__, "--task",
                   json.dumps([task, "yahtzee", {"joker": "forced"}, None])]
        return whole_process(command, env, cores)


def has_scipy(python: str) -> bool:
    """Whether ``python`` has scipy, which numba imports at its start (about 0.2 s)."""
    found = subprocess.run([python, "-c", "import importlib.util as u; "
                            "print(u.find_spec('scipy') is not None)"],
                           capture_output=True, text=True, check=True)
    return found.stdout.strip() == "True"


def spread(times: list[float]) -> str:
    return f"median {statistics.median(times):6.2f} s (min {min(times):.2f}, max {max(times):.2f})"


def main_peer(repeat: int, venv: str, ours_python: str) -> None:
    python = peer_python(venv)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, load average {os.getloadavg()}")
    print(f"official Yahtzee, forced joker: yacht_edu vs yatzy-solver ({PEER_VARIANT}), "
          f"{repeat} alternating rounds after one uncounted round, fresh processes; ours solves "
          "from nothing (YACHT_EDU_CACHE empty, no shipped table read) four ways: 'native' the "
          "wheel's kernels compiled ahead (every run, the first after installing too), 'numba "
          "first' numba's cache empty (compiling), 'numba cached' numba's compiled code kept, "
          "'numpy' neither; one core: both pinned to core 0 (taskset)")
    scipy = "installed: numba imports it" if has_scipy(ours_python) else "not installed"
    print(f"ours: {ours_python} (scipy {scipy})")
    print("times: 'solve' inside the process (from the call to the table; of it 'compiling', "
          "numba compiling or loading the chunk), 'process' the whole process from start to exit "
          "(interpreter, imports, compiling), 'cpu' the whole process's processor seconds with "
          "its helpers (the figure least moved by other load)")
    with tempfile.TemporaryDirectory() as kept_jit:
        for cores in (2, 1):
            runs: dict[str, list[dict[str, Any]]] = {"peer": [],
                                                     **{label: [] for label, _, _ in OURS}}
            for counted in range(repeat + 1):
                for label, extra, kept in OURS:
                    runs[label].append(run_ours(ours_python, cores, extra,
                                                kept_jit if kept else None))
                    if label == OURS[0][0]:
                        runs["peer"].append(run_peer(python, cores))
                line = ", ".join(f"{name} {r[-1]['wall']:5.2f} s (process "
                                 f"{r[-1]['process_wall']:5.2f} s, cpu "
                                 f"{r[-1]['process_cpu']:5.2f})" for name, r in runs.items())
                print(f"  {cores} core(s){'' if counted else ' (uncounted)'}: {line}, load "
                      f"{os.getloadavg()[0]:.2f}", flush=True)
            for each in runs.values():
                del each[0]
            report_peer(cores, runs)
    print(f"load average at the end {os.getloadavg()}")


def report_peer(cores: int, runs: dict[str, list[dict[str, Any]]]) -> None:
    peer = runs["peer"]
    for label, _, _ in OURS:
        ours = runs[label]
        if abs(ours[0]["mean"] - peer[0]["mean"]) > 1e-9:
            raise SystemExit(f"not the same game: {ours[0]['mean']} here, {peer[0]['mean']} in "
                             "the peer")
        for kind, key in (("solve", "wall"), ("process", "process_wall"), ("cpu", "process_cpu")):
            ratios = [a[key] / b[key] for a, b in zip(ours, peer, strict=True)]
            if ours[0]["backend"] != label.split()[0]:
                raise SystemExit(f"'{label}' ran {ours[0]['backend']}: no native kernels here? "
                                 "(pip install -e . builds them: hatch_build.py)")
            print(f"{cores} core(s), {kind:<7}: yacht_edu {label:<12} "
                  f"{spread([r[key] for r in ours])}, peer {peer[0]['version']} "
                  f"{spread([r[key] for r in peer])}; ratio ours / peer, median of the pairs "
                  f"{statistics.median(ratios):.2f}x", flush=True)
        if "compiling" in ours[0]:
            print(f"{cores} core(s), compiling: yacht_edu {label:<12} "
                  f"{spread([r['compiling'] for r in ours])} of the solve", flush=True)
    print(f"{cores} core(s): mean {ours[0]['mean']:.6f}, sd {ours[0]['sd']:.4f} (the peer's mean "
          f"{peer[0]['mean']:.6f}; it solves the mean only)")


def option(name: str, default: str) -> str:
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


if __name__ == "__main__":
    if answer_task(TASKS):
        pass  # a measurement in its own process (see fresh.py)
    elif "--peer" in sys.argv:
        main_peer(int(option("--repeat", "3")), option("--peer-venv", "/work/peer-venv"),
                  option("--ours-python", sys.executable))
    else:
        main("--quick" in sys.argv)
