"""Backward induction: the worth of every state, from the full scorecard back to the empty one.

The worth of a state is the expected number of points still to come under optimal play, and
its mean square (for the standard deviation).  A state's worth needs only the worth of states
with one more box filled, so the states are worked out a layer at a time (same number of filled
boxes), all states of a layer side by side in numpy arrays:

1. :func:`hand_worth` — end the turn with each of the 252 hands: the best box to score it in
   (what the box adds now plus the worth of the state it leads to);
2. :func:`turn_worth` — the two choices of dice to keep and the first roll
   (see :mod:`yacht_edu.solver.turn`).

The same functions work on floats and, for the exact solve, on Python integers: a layer's
values are then whole numbers over a common denominator, a power of 6 (see
:mod:`yacht_edu.solver.exact`).
"""

from __future__ import annotations

import contextlib
import functools
import mmap
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, NamedTuple, Protocol

import numpy as np
import numpy.typing as npt

from yacht_edu.errors import ArgumentTypeError, SolverStoppedError
from yacht_edu.i18n import Given
from yacht_edu.rules import ROLLS
from yacht_edu.solver.states import BoxRows, Layer, StateSpace, chunks
from yacht_edu.solver.turn import (
    ORDERED_ROLLS,
    best_keeps,
    first_roll,
    pick,
    pick_each,
    roll_the_rest,
    tag,
    untag,
)

__all__ = [
    "Progress",
    "ProgressBar",
    "TurnPlan",
    "best_over_boxes",
    "best_rows",
    "check_progress",
    "follow_plan",
    "hand_worth",
    "keep_worth",
    "open_rows",
    "solve_layers",
    "start_progress",
    "turn_worth",
]

Array = npt.NDArray[Any]
Ints = npt.NDArray[np.intp]

#: Solves of at least this many states are shared out to forked processes; smaller ones (Yacht's
#: 4,096 states) spend less time in threads than in starting processes.
FORK_FROM = 50_000
#: States worked out together: large enough for numpy, small enough for the processor cache
#: (64 took about two thirds of the processor time of 256 in the Yahtzee solve: BENCHMARKS.md).
CHUNK = 64


class ProgressBar(Protocol):
    """What the solver needs of a progress bar (``tqdm.auto.tqdm`` has it)."""

    def update(self, n: int = 1) -> object: ...

    def close(self) -> object: ...


#: Works out a chunk of one layer: (states, mean, mean_square, filled boxes) -> (mean, mean_square).
ChunkSolver = Callable[[npt.NDArray[np.intp], npt.NDArray[Any], npt.NDArray[Any], int],
                       tuple[npt.NDArray[Any], npt.NDArray[Any]]]
#: A factory called as ``progress(total=..., desc=...)`` (e.g. ``tqdm.auto.tqdm``).
Progress = Callable[..., ProgressBar]


class TurnPlan(NamedTuple):
    """A turn worked out for some states (one column each).

    ``box_row[h]``: the score row chosen for hand ``h`` after the last roll;
    ``keeps[r][h]``: the keep (index in ``KEEPS``) chosen for hand ``h`` with ``r + 1`` rolls
    still to come — in a turn of three rolls ``keeps[0]`` after the second roll, ``keeps[1]``
    after the first; ``mean`` and ``mean_square``: the worth of the turn and of what follows
    (the mean of the points and the mean of their square).
    """

    box_row: Ints
    keeps: tuple[Ints, ...]
    mean: Array
    mean_square: Array


def check_progress(progress: object) -> None:
    """Refuse a ``progress`` that is not a progress-bar factory (None or False: no bar)."""
    if progress is not None and progress is not False and not callable(progress):
        raise ArgumentTypeError("error.not_progress", given=Given(progress))


def start_progress(progress: Progress | None, total: int, desc: str) -> ProgressBar | None:
    """A bar from ``progress`` (see :data:`Progress`), or None for no bar."""
    check_progress(progress)
    return progress(total=total, desc=desc) if progress else None


def hand_worth(rows: BoxRows, states: Ints, mean: Array, mean_square: Array,
               scale: int = 1, local: bool = False) -> tuple[Array, Array, Ints]:
    """End the turn with each hand, scored in its best box: worth, mean square, row chosen.

    Arrays of shape (252, states).  ``scale`` is the denominator of ``mean`` and ``mean_square``
    for exact (object) arrays, 1 for floats.  ``local``: skip numbering the rows chosen (the
    float solve does not need them).
    """
    used = open_rows(rows, states)
    offer = rows.in_states(states, used)
    after, after_mean_square = mean.take(offer.next), mean_square.take(offer.next)
    gain = offer.gain.astype(object if mean.dtype == object else np.float64)
    if scale != 1:
        gain_scaled, gain_square = gain * scale, gain * gain * scale
    else:  # the same values with two operations fewer
        gain_scaled, gain_square = gain, gain * gain
    with np.errstate(invalid="ignore"):  # rows not allowed may lead to unreachable states
        worth = gain_scaled + after
        squares = gain_square + 2 * gain * after + after_mean_square
    chosen = best_rows(rows, worth, used, offer.allowed)
    best_worth, best_squares = pick_each((worth, squares), chosen)
    return best_worth, best_squares, chosen if local else used[chosen]


def open_rows(rows: BoxRows, states: Ints) -> Ints:
    """The score rows of the boxes open in at least one of ``states``."""
    filled_in_all = int(np.bitwise_and.reduce(rows.space.unpack(states)[0]))
    return _open_rows(rows, filled_in_all)


@functools.lru_cache(maxsize=4096)
def _open_rows(rows: BoxRows, filled: int) -> Ints:
    used = rows.rows_of_boxes([c for c in range(rows.space.number_of_boxes) if not filled >> c & 1])
    used.flags.writeable = False
    return used


def best_rows(rows: BoxRows, values: Array, used: Ints, allowed: npt.NDArray[np.bool_]) -> Ints:
    """For each hand, the position in ``used`` of the allowed row with the highest value.

    ``used``: every row of some boxes, box after box, as :func:`open_rows` gives them.
    ``values`` and ``allowed``: one per row of ``used`` and state.  Among equal values (see
    :func:`~yacht_edu.solver.turn.tag`) the later row wins.
    """
    if values.dtype == object:
        lowest = min((v for v in values[allowed]), default=0) - 1
    else:
        lowest = -np.finfo(np.float64).max
    tagged = tag(np.where(allowed, values, lowest), np.arange(len(used))[:, None])
    return untag(best_over_boxes(rows, tagged, used))


def best_over_boxes(rows: BoxRows, values: Array, used: Ints) -> Array:
    """For each hand, the highest of ``values`` (one per row of ``used`` and column) over the
    rows the hand fills in each box: shape (252, columns).  ``used`` as for :func:`best_rows`."""
    box_of = rows.row_box[used]
    starts = np.flatnonzero(np.diff(box_of, prepend=-1)).tolist()
    if not starts:
        raise ValueError("no open box")
    blocks = zip(starts, [*starts[1:], len(used)], strict=True)  # a box's rows are consecutive

    def offered(start: int, stop: int) -> Array:
        chosen: Array = values[start:stop].take(rows.row_in_box[box_of[start]], axis=0)
        return chosen

    best = offered(*next(blocks))
    for start, stop in blocks:
        np.maximum(best, offered(start, stop), out=best)
    return best


def follow_plan(rows: BoxRows, states: Ints, plan: TurnPlan, mean: Array,
                mean_square: Array) -> tuple[Array, Array]:
    """The worth of a turn played by a fixed ``plan`` (rows and keeps chosen beforehand),
    with ``mean`` and ``mean_square`` the worth of the states after it under the same strategy."""
    offer = rows.in_states(states)
    row = plan.box_row
    gain, after_states = pick_each((offer.gain, offer.next), row)
    gain = gain.astype(np.float64)
    after, after_mean_square = mean[after_states], mean_square[after_states]
    worth, squares = gain + after, gain * gain + 2 * gain * after + after_mean_square
    for keep in plan.keeps:
        worth, squares = pick(roll_the_rest(worth), keep), pick(roll_the_rest(squares), keep)
    return first_roll(worth), first_roll(squares)


def _keep_best(worth: Array, squares: Array, exact: bool) -> tuple[Array, Array, Ints, Array,
                                                                       Array]:
    """One roll with a choice of keep before it: the keeps' worth, then each hand's best keep."""
    if exact:  # averages of six stay whole: count in 6**5-ths
        worth, squares = worth * ORDERED_ROLLS, squares * ORDERED_ROLLS
    keep_worth, keep_squares = roll_the_rest(worth), roll_the_rest(squares)
    keep = best_keeps(keep_worth)
    best_worth, best_squares = pick_each((keep_worth, keep_squares), keep)
    return best_worth, best_squares, keep, keep_worth, keep_squares


def turn_worth(worth: Array, squares: Array, box_row: Ints | None = None,
               rolls: int = ROLLS) -> TurnPlan:
    """The turn of ``rolls`` rolls before its first roll, from the hands' worth and mean
    squares (252 rows): a choice of keep before every roll but the first."""
    exact = worth.dtype == object
    keeps = []
    for _ in range(rolls - 1):
        worth, squares, keep, _, _ = _keep_best(worth, squares, exact)
        keeps.append(keep)
    empty = np.zeros((0, worth.shape[1]), dtype=np.intp)
    return TurnPlan(empty if box_row is None else box_row, tuple(keeps),
                    first_roll(worth), first_roll(squares))


def keep_worth(worth: Array, squares: Array, rolls_left: int) -> tuple[Array, Array]:
    """Every keep's worth and mean square with ``rolls_left`` rolls to come (at least 1)."""
    exact = worth.dtype == object
    for _ in range(rolls_left):
        worth, squares, _, keeps, keep_squares = _keep_best(worth, squares, exact)
    return keeps, keep_squares


def solve_layers(space: StateSpace, rows: BoxRows, *, within: int = 0,
                 progress: Progress | None = None, workers: int | None = None,
                 solve_chunk: ChunkSolver | None = None,
                 exact: bool = False) -> tuple[Array, Array]:
    """Every reachable state's worth and mean square (NaN for unreachable states).

    ``within``: only the states whose filled boxes include these (an endgame).  ``workers``:
    how many processors share each layer (default: all).  The default ``solve_chunk`` is the
    optimal float solve, shared out to helper processes if it is large (see :func:`_helpers`,
    :data:`FORK_FROM`); strategies and the exact solve pass their own, run in threads
    (``exact=True``: Python integers, one worker since they hold Python's lock).
    """
    layers = [space.layer(n, within) for n in range(space.number_of_boxes + 1)]
    helpers = 1 if exact else (workers or os.cpu_count() or 1)
    forked = (solve_chunk is None and helpers > 1 and _can_fork()
              and sum(len(layer.solved) for layer in layers) >= FORK_FROM)
    # Exact: every state of a rule set without bonuses is reachable (and 0 is harmless).
    mean = _table(space.size, 0 if exact else np.nan, object if exact else np.float64, forked)
    mean_square = _table(space.size, mean[0], mean.dtype, forked)
    mean[layers[-1].copies] = 0
    mean_square[layers[-1].copies] = 0
    largest = max(len(layer.solved) for layer in layers)
    layer_mean = _table(largest, 0, mean.dtype, forked)
    layer_mean_square = _table(largest, 0, mean.dtype, forked)
    job = _Job(solve_chunk or _float_chunk(rows), layers, mean, mean_square, layer_mean,
               layer_mean_square)
    bar = start_progress(progress, sum(len(layer.solved) for layer in layers[:-1]),
                         space.rules.label("en"))
    try:
        with _helpers(job, helpers, forked) as run:
            for filled in range(space.number_of_boxes - 1, -1, -1):
                layer = layers[filled]
                parts = [(filled, part.start, min(part.stop, len(layer.solved)))
                         for part in chunks(layer.solved, CHUNK)]
                for done in run(parts):
                    if bar is not None:
                        bar.update(done)
                mean[layer.copies] = layer_mean[layer.copy_of]
                mean_square[layer.copies] = layer_mean_square[layer.copy_of]
    finally:
        if bar is not None:
            bar.close()
    if forked:  # ordinary arrays, not the shared memory
        return np.array(mean), np.array(mean_square)
    return mean, mean_square


class _Job(NamedTuple):
    """A solve in progress: what every worker reads and the layer's results it writes."""

    work: ChunkSolver
    layers: list[Layer]
    mean: Array
    mean_square: Array
    layer_mean: Array
    layer_mean_square: Array

    def solve_part(self, part: tuple[int, int, int]) -> int:
        """Work out states ``start:stop`` of the layer with ``filled`` boxes filled."""
        filled, start, stop = part
        states = self.layers[filled].solved[start:stop]
        self.layer_mean[start:stop], self.layer_mean_square[start:stop] = self.work(
            states, self.mean, self.mean_square, filled)
        return stop - start


def _table(size: int, fill: object, dtype: Any, shared: bool) -> Array:
    """An array of ``size`` values; ``shared``: in memory that forked processes share."""
    if not shared:
        return np.full(size, fill, dtype=dtype)
    memory = mmap.mmap(-1, max(size, 1) * np.dtype(dtype).itemsize)  # anonymous and shared
    table = np.frombuffer(memory, dtype=dtype, count=size)
    table[:] = fill
    return table


def _can_fork() -> bool:
    """Helper processes are started by forking this one: on Linux, and not from a daemon."""
    return (sys.platform == "linux" and "fork" in multiprocessing.get_all_start_methods()
            and not multiprocessing.current_process().daemon)


@contextlib.contextmanager
def _helpers(job: _Job, helpers: int,
             forked: bool) -> Iterator[Callable[[list[tuple[int, int, int]]], Iterable[int]]]:
    """Something that runs a layer's parts and yields how many states each part had.

    Float solves fork ``helpers - 1`` processes that share the arrays and work beside this one
    (each its own Python, so all processors work: threads would queue for Python's lock between
    numpy's small steps); other solves use threads, or none for one helper.
    """
    if helpers == 1:
        yield lambda parts: map(job.solve_part, parts)
    elif forked:
        with _Team(job, helpers - 1) as team:
            yield team.run
    else:
        with ThreadPoolExecutor(helpers) as threads:
            yield lambda parts: threads.map(job.solve_part, parts)


class _Team:
    """This process and ``size`` forked helpers, sharing out each layer's parts.

    Each layer costs one message to every helper and one back: the parts are handed out through
    a counter in shared memory (whoever is free takes the next part), so no process waits for a
    message between parts and this process works too, instead of feeding a pool.
    """

    def __init__(self, job: _Job, size: int) -> None:
        context = multiprocessing.get_context("fork")
        self.job = job
        self.lock = context.Lock()
        self.next_part = _table(1, 0, np.int64, shared=True)
        self.links: list[Any] = []
        self.helpers: list[Any] = []
        for _ in range(size):
            here, there = context.Pipe()
            helper = context.Process(target=self._help, args=(there,), daemon=True)
            helper.start()
            there.close()
            self.links.append(here)
            self.helpers.append(helper)

    def __enter__(self) -> _Team:
        return self

    def __exit__(self, *exc_info: object) -> None:
        for link in self.links:
            with contextlib.suppress(OSError):
                link.send(None)
        for helper in self.helpers:
            helper.join(timeout=1 if exc_info[0] is None else 0)
            if helper.is_alive():
                helper.terminate()
                helper.join()
        for link in self.links:
            link.close()

    def take(self) -> int:
        """The number of the next part nobody has taken."""
        with self.lock:
            part = int(self.next_part[0])
            self.next_part[0] = part + 1
        return part

    def work(self, parts: list[tuple[int, int, int]]) -> Iterator[int]:
        while (part := self.take()) < len(parts):
            yield self.job.solve_part(parts[part])

    def run(self, parts: list[tuple[int, int, int]]) -> Iterator[int]:
        self.next_part[0] = 0
        for link in self.links:
            link.send(parts)
        yield from self.work(parts)
        for link, helper in zip(self.links, self.helpers, strict=True):
            multiprocessing.connection.wait([link, helper.sentinel])
            try:
                done = link.recv() if link.poll() else None
            except EOFError:  # it closed its end: it has stopped
                done = None
            if done is None:
                helper.join(timeout=1)
                raise SolverStoppedError("solver.error.helper_stopped", code=helper.exitcode)
            if isinstance(done, str):
                raise SolverStoppedError("solver.error.helper_failed", error=done)
            yield done

    def _help(self, link: Any) -> None:
        """A helper's life: work on each layer it is sent, say how many states it solved."""
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # an interrupt is this process's to handle
        while (parts := link.recv()) is not None:
            try:
                link.send(sum(self.work(parts)))
            except Exception as error:  # reported to the solving process, which raises
                link.send(f"{type(error).__name__}: {error}")


def _float_chunk(rows: BoxRows) -> ChunkSolver:
    _ = rows.row_in_box  # worked out here once, not again in every forked helper

    def work(states: Ints, mean: Array, mean_square: Array, filled: int) -> tuple[Array, Array]:
        worth, squares, _ = hand_worth(rows, states, mean, mean_square, local=True)
        plan = turn_worth(worth, squares, rolls=rows.space.rules.rolls)
        return plan.mean, plan.mean_square

    return work
