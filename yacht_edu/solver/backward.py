"""Backward induction: the worth of every state, from the full scorecard back to the empty one.

The worth of a state is the expected number of points still to come under optimal play, and
its mean square (for the standard deviation).  A state's worth needs only the worth of states
with one more box filled, so the states are worked out a layer at a time (same number of filled
boxes), all states of a layer side by side in numpy arrays:

1. :func:`hand_worth` — end the turn with each of the 252 hands: the best box to score it in
   (what the box adds now plus the worth of the state it leads to);
2. :func:`~yacht_edu.solver.turn.plan_turn` — a choice of keep before each later roll, and the
   first roll (the one turn kernel, :mod:`yacht_edu.solver.turn`);
3. :func:`~yacht_edu.solver.workers.run_layers` — the layers, from the full card back (the one
   layer driver, shared with the target's table).

The same functions work on floats and, for the exact solve, on Python integers: a layer's
values are then whole numbers over a common denominator, a power of 6 (see
:mod:`yacht_edu.solver.exact`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
import numpy.typing as npt

from yacht_edu.expected import Expected  # pure Python: the browser edition gives it too
from yacht_edu.ranking import TIE
from yacht_edu.rules import Rules
from yacht_edu.scorecard import Scorecard
from yacht_edu.solver import compiled
from yacht_edu.solver.states import BoxRows, Layer, StateSpace, chunks
from yacht_edu.solver.turn import (
    TIE_COLUMNS,
    TurnPlan,
    first_roll,
    pick,
    pick_each,
    plan_turn,
    roll_the_rest,
    tag,
    untag,
)
from yacht_edu.solver.workers import (
    FORK_FROM,
    Array,
    Ints,
    Progress,
    can_fork,
    processors,
    run_layers,
    shared_array,
)

if TYPE_CHECKING:
    pass



#: States worked out together: large enough for numpy, small enough for the processor cache
#: (a 462-keep array of 256 states is about 0.95 MB, more than a core's 1 MiB L2 with several
#: held).  Measured on a sample of the Yahtzee solve, chunks of 32 / 48 / 64 / 96 / 256 states:
#: 0.41 / 0.33 / 0.28–0.29 / 0.29 / 0.50–0.52 s; 64 took a third less processor time than 256
#: (docs/benchmarks-history.md, "The first round").
CHUNK = 64
#: The same for the compiled chunk (:mod:`~yacht_edu.solver.compiled`), whose work arrays are
#: kept from chunk to chunk: the Yahtzee solve in one process took 1.45 s of processor time in
#: chunks of 128 against 1.60 s in chunks of 64, and the same (1.4-1.7 s) with two processes
#: (docs/benchmarks-history.md, "The solve at 0.6 of the peer").
COMPILED_CHUNK = 128

#: Works out a chunk of one layer: (states, mean, mean_square, filled boxes) -> (mean, mean_square).
ChunkSolver = Callable[[npt.NDArray[np.intp], npt.NDArray[Any], npt.NDArray[Any], int],
                       tuple[npt.NDArray[Any], npt.NDArray[Any]]]


@dataclass(frozen=True, eq=False)
class OptimalTable:
    """A solved rule set: for every state, the expected points still to come and the mean of
    their square (``nan`` for states no game reaches)."""

    rules: Rules
    mean: npt.NDArray[np.float64]
    mean_square: npt.NDArray[np.float64]

    @property
    def space(self) -> StateSpace:
        return StateSpace.of(self.rules)

    def future(self, card: Scorecard) -> tuple[float, float]:
        """The points still to come from ``card``: their mean and their mean square."""
        state = self.space.number_of(card)
        return float(self.mean[state]), float(self.mean_square[state])

    def expected(self, card: Scorecard | None = None) -> Expected:
        """The expected final score from ``card`` (default: an empty scorecard)."""
        card = Scorecard.empty(self.rules) if card is None else card
        mean, mean_square = self.future(card)
        variance = max(mean_square - mean * mean, 0.0)
        return Expected(card.total + mean, math.sqrt(variance), variance)


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


def best_rows_then(rows: BoxRows, first: Array, second: Array, used: Ints,
                   allowed: npt.NDArray[np.bool_]) -> Ints:
    """For each hand, the position in ``used`` of the allowed row with the highest ``first``
    value; among rows within :data:`~yacht_edu.ranking.TIE` of it, the row
    :func:`best_rows` would choose by ``second``.  Arguments as for :func:`best_rows`."""
    box_of = rows.row_box[used]
    starts = np.flatnonzero(np.diff(box_of, prepend=-1))
    # one row per open box for each hand: (boxes, 252) positions in ``used``
    where = np.stack([start + rows.row_in_box[box_of[start]] for start in starts.tolist()])
    lowest = -np.finfo(np.float64).max
    chosen = np.empty((where.shape[1], first.shape[1]), dtype=np.intp)
    for begin in range(0, first.shape[1], TIE_COLUMNS):
        part = slice(begin, begin + TIE_COLUMNS)
        open_here = allowed[where, part]
        firsts = np.where(open_here, first[where, part], -np.inf)
        near = open_here & (firsts >= firsts.max(axis=0) - TIE)
        liked = tag(np.where(open_here, second[where, part], lowest), where[:, :, None])
        at = np.where(near, liked, -np.inf).argmax(axis=0)
        chosen[:, part] = np.take_along_axis(where[:, :, None], at[None], axis=0)[0]
    return chosen


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


def solve_layers(space: StateSpace, rows: BoxRows, *, within: int = 0,
                 progress: Progress | None = None, workers: int | None = None,
                 solve_chunk: ChunkSolver | None = None,
                 exact: bool = False) -> tuple[Array, Array]:
    """Every reachable state's worth and mean square (NaN for unreachable states).

    ``within``: only the states whose filled boxes include these (an endgame).  ``workers``:
    how many processors share each layer (default: all).  The default ``solve_chunk`` is the
    optimal float solve, shared out to helper processes if it is large (:data:`FORK_FROM`);
    strategies and the exact solve pass their own, run in threads (``exact=True``: Python
    integers, one worker since they hold Python's lock).
    """
    layers = [space.layer(n, within) for n in range(space.number_of_boxes + 1)]
    helpers = 1 if exact else (workers or processors())
    forked = (solve_chunk is None and helpers > 1 and can_fork()
              and sum(len(layer.solved) for layer in layers) >= FORK_FROM)
    states = sum(len(layer.solved) for layer in layers[:-1])
    work, size = (solve_chunk, CHUNK) if solve_chunk else _float_chunk(rows, states)
    job = _ExpectedJob.of(work, size, layers, space.size, exact, forked)
    run_layers(job, space.number_of_boxes, progress=progress, helpers=helpers, forked=forked,
               total=sum(len(layer.solved) for layer in layers[:-1]),
               desc=space.rules.label())
    if forked:  # ordinary arrays, not the shared memory
        return np.array(job.mean), np.array(job.mean_square)
    return job.mean, job.mean_square


class _ExpectedJob(NamedTuple):
    """A solve in progress: what every worker reads and the layer's results it writes."""

    work: ChunkSolver
    chunk: int
    layers: list[Layer]
    mean: Array
    mean_square: Array
    layer_mean: Array
    layer_mean_square: Array

    @classmethod
    def of(cls, work: ChunkSolver, chunk: int, layers: list[Layer], size: int, exact: bool,
           forked: bool) -> _ExpectedJob:
        """The job of ``work`` on ``chunk`` states at a time, ``size`` states in all."""
        # Exact: every state of a rule set without bonuses is reachable (and 0 is harmless).
        dtype = object if exact else np.float64
        mean = shared_array(size, 0 if exact else np.nan, dtype, forked)
        mean_square = shared_array(size, mean[0], dtype, forked)
        mean[layers[-1].copies] = 0
        mean_square[layers[-1].copies] = 0
        largest = max(len(layer.solved) for layer in layers)
        return cls(work, chunk, layers, mean, mean_square,
                   shared_array(largest, 0, dtype, forked),
                   shared_array(largest, 0, dtype, forked))

    def parts(self, filled: int) -> list[tuple[int, int, int]]:
        solved = self.layers[filled].solved
        return [(filled, part.start, min(part.stop, len(solved)))
                for part in chunks(solved, self.chunk)]

    def solve_part(self, part: tuple[int, int, int]) -> int:
        """Work out states ``start:stop`` of the layer with ``filled`` boxes filled."""
        filled, start, stop = part
        states = self.layers[filled].solved[start:stop]
        self.layer_mean[start:stop], self.layer_mean_square[start:stop] = self.work(
            states, self.mean, self.mean_square, filled)
        return stop - start

    def layer_done(self, filled: int) -> None:
        layer = self.layers[filled]
        self.mean[layer.copies] = self.layer_mean[layer.copy_of]
        self.mean_square[layer.copies] = self.layer_mean_square[layer.copy_of]


def _float_chunk(rows: BoxRows, states: int) -> tuple[ChunkSolver, int]:
    """The optimal solve of a chunk, and the states in a chunk: compiled (native or numba:
    :func:`~yacht_edu.solver.compiled.backend`) where the solve of ``states`` states is worth it
    (:func:`~yacht_edu.solver.compiled.worth_it`), else in numpy (the reference)."""
    _ = rows.row_in_box  # worked out here once, not again in every forked helper

    def in_numpy(states: Ints, mean: Array, mean_square: Array,
                 filled: int) -> tuple[Array, Array]:
        worth, squares, _ = hand_worth(rows, states, mean, mean_square, local=True)
        plan = plan_turn((worth, squares), None, rows.space.rules.rolls)
        return plan.worth[0], plan.worth[1]

    if not compiled.worth_it(states):
        return in_numpy, CHUNK
    kernel = compiled.chunk_kernel()  # compiled now, before any helper is forked

    def work(states: Ints, mean: Array, mean_square: Array, filled: int) -> tuple[Array, Array]:
        if len(states) == 1:  # numpy's einsum adds a single column's hands in its own order
            return in_numpy(states, mean, mean_square, filled)
        return kernel(rows, states, mean, mean_square)

    return work, COMPILED_CHUNK
