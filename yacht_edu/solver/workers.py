"""The one layer driver: a solve worked out a layer of states at a time, its parts shared out.

Every table the package solves — the expected score (:mod:`~yacht_edu.solver.backward`), a
rule of thumb's expected score, the exact solve and the chance to reach a target
(:mod:`~yacht_edu.solver.target`) — needs, for a state, only the states with one more box filled.
So :func:`run_layers` works from the full scorecard back to the empty one, a layer at a time, and
shares each layer's parts out: to nobody (one worker), to threads, or to forked processes.

The forked team is a measured optimisation (``benchmarks/bench_solver.py``, BENCHMARKS.md): the
Yahtzee solve's numpy steps are small, so threads would queue for Python's lock between them;
forked processes share the tables in anonymous shared memory and take the next part from a
counter there, one message each way per layer.
"""

from __future__ import annotations

import contextlib
import mmap
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
from collections.abc import Callable, Hashable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from yacht_edu.errors import ArgumentTypeError, SolverStoppedError
from yacht_edu.i18n import Given

Array = npt.NDArray[Any]
Ints = npt.NDArray[np.intp]
#: One part of a layer, as a job names it (sent to forked helpers, so it must pickle).
Part = Hashable

#: Solves of at least this many states are shared out to forked processes; smaller ones (Yacht's
#: 4,096 states) spend less time in threads than in starting processes.  Measured when it was
#: set, only the outcome recorded: Yacht's solve stayed at 0.18–0.21 s of processor time while
#: Yahtzee's forked (docs/benchmarks-history.md, "The Yahtzee solve beside a native peer").
FORK_FROM = 50_000


class ProgressBar(Protocol):
    """What the solver needs of a progress bar (``tqdm.auto.tqdm`` has it)."""

    def update(self, n: int = 1) -> object: ...

    def close(self) -> object: ...


#: A factory called as ``progress(total=..., desc=...)`` (e.g. ``tqdm.auto.tqdm``).
Progress = Callable[..., ProgressBar]


def default_progress() -> Progress | None:
    """``tqdm``'s progress bar if it is installed (the ``lab`` extra): a first solve takes
    seconds."""
    try:
        from tqdm.auto import tqdm  # optional
    except ImportError:  # pragma: no cover - tqdm comes with the lab extra
        return None
    return tqdm  # type: ignore[no-any-return]


def check_progress(progress: object) -> None:
    """Refuse a ``progress`` that is not a progress-bar factory (None or False: no bar)."""
    if progress is not None and progress is not False and not callable(progress):
        raise ArgumentTypeError("error.not_progress", given=Given(progress))


def start_progress(progress: Progress | None, total: int, desc: str) -> ProgressBar | None:
    """A bar from ``progress`` (see :data:`Progress`), or None for no bar."""
    check_progress(progress)
    return progress(total=total, desc=desc) if progress else None


@contextlib.contextmanager
def counted(progress: Progress | None, total: int, desc: str) -> Iterator[Callable[[int], None]]:
    """``advance(n)`` that moves a bar of ``total`` steps (none without ``progress``), and the bar
    closed when the work ends, however it ends."""
    bar = start_progress(progress, total, desc)

    def advance(steps: int) -> None:
        if bar is not None:
            bar.update(steps)

    try:
        yield advance
    finally:
        if bar is not None:
            bar.close()


class LayerJob(Protocol):
    """A solve a layer at a time: the parts of a layer, how to work one out, and what to do
    once a layer is done (in the solving process only)."""

    def parts(self, filled: int) -> list[Any]: ...

    def solve_part(self, part: Any) -> int: ...

    def layer_done(self, filled: int) -> None: ...


def run_layers(job: LayerJob, boxes: int, *, total: int, desc: str,
               progress: Progress | None = None, helpers: int = 1,
               forked: bool = False) -> None:
    """Work out the layers with ``boxes - 1`` down to 0 filled boxes, each part once.

    ``helpers``: how many share each layer (this process included); ``forked``: helper
    processes rather than threads (the job's arrays must then be :func:`shared_array`\\ s).
    ``total``: the states a bar counts, ``desc`` its label.
    """
    with counted(progress, total, desc) as advance, _helpers(job, helpers, forked) as run:
        for filled in range(boxes - 1, -1, -1):
            for done in run(filled):
                advance(done)
            job.layer_done(filled)


def shared_array(shape: int | tuple[int, ...], fill: object, dtype: Any,
                 shared: bool) -> Array:
    """An array of ``shape`` filled with ``fill``; ``shared``: in memory that forked processes
    share (anonymous shared memory)."""
    if not shared:
        return np.full(shape, fill, dtype=dtype)
    size = int(np.prod(shape))
    memory = mmap.mmap(-1, max(size, 1) * np.dtype(dtype).itemsize)
    table = np.frombuffer(memory, dtype=dtype, count=size).reshape(shape)
    table[...] = fill
    return table


def processors() -> int:
    """The processors this process may run on: its CPU affinity where the system tells it
    (``taskset``, a container's CPU set), else every processor of the machine."""
    try:
        return max(len(os.sched_getaffinity(0)), 1)
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def can_fork() -> bool:
    """Helper processes are started by forking this one: on Linux, and not from a daemon."""
    return (sys.platform == "linux" and "fork" in multiprocessing.get_all_start_methods()
            and not multiprocessing.current_process().daemon)


@contextlib.contextmanager
def _helpers(job: LayerJob, helpers: int,
             forked: bool) -> Iterator[Callable[[int], Iterable[int]]]:
    """Something that runs a layer's parts and yields how many states each part had."""
    if helpers == 1:
        yield lambda filled: map(job.solve_part, job.parts(filled))
    elif forked:
        with Team(job, helpers - 1) as team:
            yield team.run
    else:
        with ThreadPoolExecutor(helpers) as threads:
            yield lambda filled: threads.map(job.solve_part, job.parts(filled))


#: Seconds between looks at the helpers while this process waits for them: a helper that died or
#: was paused (SIGSTOP) is noticed within about this long.  Only a wait longer than this looks,
#: so a solve that goes well never does.
PATIENCE = 0.25


class Team:
    """This process and ``size`` forked helpers, sharing out each layer's parts.

    Each layer costs one message to every helper (the number of filled boxes: each helper works
    out the layer's parts itself) and one back: the parts are handed out through a counter in
    shared memory (whoever is free takes the next part), so no process waits for a message
    between parts and this process works too, instead of feeding a pool.

    Measured (docs/benchmarks-history.md, "The first round" and "The second round", 1): two
    threads spent 12.5 s of processor time on the Yahtzee solve where one spent 8.2 s (they
    queue for Python's lock between numpy's small calls); a ``multiprocessing.Pool`` fed one task
    per chunk (5,621) cost the solving process 2.5 s of processor time while it waited; with the
    team, the two processes spent 6.0 s in all for a 2.9 s solve, as one process alone.

    A helper that dies or is paused at any moment — while working, while holding the counter,
    while idle between layers — stops the solve with :class:`SolverStoppedError`: every wait
    for a helper is a wait of :data:`PATIENCE` seconds, after which this process looks whether
    each helper is still running.
    """

    def __init__(self, job: LayerJob, size: int) -> None:
        context = multiprocessing.get_context("fork")
        self.job = job
        self.lock = context.Lock()
        self.next_part = shared_array(1, 0, np.int64, shared=True)
        self.links: list[Any] = []
        self.helpers: list[Any] = []
        for _ in range(size):
            here, there = context.Pipe()
            helper = context.Process(target=self._help, args=(there,), daemon=True)
            helper.start()
            there.close()
            self.links.append(here)
            self.helpers.append(helper)

    def __enter__(self) -> Team:
        return self

    def __exit__(self, *exc_info: object) -> None:
        for link in self.links:
            with contextlib.suppress(OSError):
                link.send(None)
        for helper in self.helpers:
            helper.join(timeout=1 if exc_info[0] is None else 0)
            if helper.is_alive():
                helper.kill()  # SIGKILL: it also ends a paused helper, which SIGTERM would not
                helper.join()
        for link in self.links:
            link.close()

    def take(self) -> int:
        """The number of the next part nobody has taken."""
        while not self.lock.acquire(timeout=PATIENCE):
            self.check_helpers()  # the holder may have died or been paused holding it
        try:
            part = int(self.next_part[0])
            self.next_part[0] = part + 1
        finally:
            self.lock.release()
        return part

    def work(self, parts: list[Any]) -> Iterator[int]:
        while (part := self.take()) < len(parts):
            yield self.job.solve_part(parts[part])

    def run(self, filled: int) -> Iterator[int]:
        """Work out the layer with ``filled`` boxes filled, with the helpers."""
        self.next_part[0] = 0
        for link, helper in zip(self.links, self.helpers, strict=True):
            try:
                link.send(filled)
            except OSError:  # its end is closed: it has died
                helper.join(timeout=PATIENCE)
                raise SolverStoppedError("solver.error.helper_stopped",
                                         code=helper.exitcode) from None
        yield from self.work(self.job.parts(filled))
        for link, helper in zip(self.links, self.helpers, strict=True):
            while not multiprocessing.connection.wait([link, helper.sentinel], PATIENCE):
                self.check_helpers()
            yield self.answer(link, helper)

    def answer(self, link: Any, helper: Any) -> int:
        """How many states ``helper`` solved in this layer (it has answered or ended)."""
        try:
            done = link.recv() if link.poll() else None
        except (EOFError, OSError):  # it closed its end: it has stopped
            done = None
        if done is None:
            helper.join(timeout=1)
            raise SolverStoppedError("solver.error.helper_stopped", code=helper.exitcode)
        if isinstance(done, str):
            raise SolverStoppedError("solver.error.helper_failed", error=done)
        return int(done)

    def check_helpers(self) -> None:
        """Stop the solve if a helper has died or is paused."""
        for helper in self.helpers:
            if helper.exitcode is not None:
                raise SolverStoppedError("solver.error.helper_stopped", code=helper.exitcode)
            if is_paused(helper.pid):
                raise SolverStoppedError("solver.error.helper_paused", pid=helper.pid)

    def _help(self, link: Any) -> None:
        """A helper's life: work on each layer it is sent, say how many states it solved."""
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # an interrupt is this process's to handle
        with contextlib.suppress(EOFError, OSError):  # the solving process has gone: end too
            while (filled := link.recv()) is not None:
                try:
                    done: int | str = sum(self.work(self.job.parts(filled)))
                except Exception as error:  # reported to the solving process, which raises
                    done = f"{type(error).__name__}: {error}"
                link.send(done)


def is_paused(pid: int) -> bool:
    """Whether process ``pid`` is stopped by a signal (SIGSTOP, SIGTSTP) or a debugger
    (Linux's ``/proc``; elsewhere, never)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] in (b"T", b"t")
    except (OSError, IndexError):
        return False
