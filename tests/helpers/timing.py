"""How long a piece of work takes, measured so that a machine shared with other work cannot
fail a test, and how that time grows when the input doubles.

Time is the processor time of this process (other processes on the machine only ever add to
the wall clock), the least of several runs, with the garbage collector held off during each run
(its cost comes in bursts at moments no test chooses).  Work that grows linearly with its input
takes about twice as long on an input twice as large; work that grows quadratically, four times.
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Callable

#: Runs of each size; the least time counts.
RUNS = 5


def cpu_seconds(work: Callable[[], object], runs: int = RUNS) -> float:
    """The least processor time ``work()`` takes over ``runs`` runs."""
    return min(_once(work) for _ in range(runs))


def growth(work_on: Callable[[int], Callable[[], object]], size: int, runs: int = RUNS) -> float:
    """How many times longer the work takes on an input of ``2 * size`` than of ``size``:
    about 2 when it is linear, 4 when it is quadratic.  ``work_on(n)`` makes the input of size
    ``n`` (not timed) and returns the work to time; the two sizes are run in turn."""
    small, large = work_on(size), work_on(2 * size)
    best_small = best_large = math.inf
    for _ in range(runs):
        best_small = min(best_small, _once(small))
        best_large = min(best_large, _once(large))
    return best_large / best_small


def _once(work: Callable[[], object]) -> float:
    gc.disable()
    try:
        started = time.process_time()
        work()
        return time.process_time() - started
    finally:
        gc.enable()


def refused(load: Callable[[], object], error: type[Exception]) -> Callable[[], object]:
    """``load`` as work to time, whether it succeeds or raises ``error`` (anything else raises)."""
    def work() -> object:
        try:
            return load()
        except error as refusal:
            return refusal

    return work
