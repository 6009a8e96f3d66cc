"""The chance of every final score under a player's choices, for every rule set (in floats).

:mod:`~yacht_edu.solver.distribution` gives it exactly (fractions) for the rule sets without
bonuses.  Here the same forward evolution runs in floats for any rule set, Yahtzee included:
start from the empty scorecard with the points 0 for certain, and play a turn at a time,
carrying for each state the chance of each number of points scored so far.  A turn moves that
chance along each way the turn can end — the box row the player's choices (its decision table,
:mod:`~yacht_edu.solver.decisions`) put the final hand in, with the chance of ending with that
hand — to the state it leads to, the points shifted by what the row adds.  After the last turn
only the points remain: the chance of each final score.

Each state keeps its points as one band, from the fewest to the most it can have scored, so the
chances are a few hundred numbers per state, not one per possible total.  Equivalent states
(:class:`~yacht_edu.solver.states.Layer`) share one band: their futures are the same.  The bands
of a turn are spread to the next by the compiled kernel where there is one (native, or numba's:
:mod:`~yacht_edu.solver.compiled`), else in numpy.

Its mean and standard deviation are the solve's, computed the other way round (a test).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from yacht_edu.hands import HANDS, KEEPS, NUMBER_OF_DICE
from yacht_edu.rules import Rules
from yacht_edu.solver import compiled
from yacht_edu.solver.decisions import (
    BOX_BITS,
    KEEP_BITS,
    DecisionTable,
    keep_masks,
    representatives,
)
from yacht_edu.solver.states import StateSpace, box_rows, chunks
from yacht_edu.solver.turn import BLOCKS, HAND_WEIGHTS, PARENTS
from yacht_edu.solver.workers import Ints, Progress, counted

Floats = npt.NDArray[np.float64]
#: States whose turns are worked out together.
CHUNK = 512


@dataclass(frozen=True, eq=False)
class ScoreChances:
    """The chance of every final score: ``chances[score]`` (floats summing to 1)."""

    rules: Rules
    chances: Floats

    @property
    def mean(self) -> float:
        return float(np.arange(len(self.chances)) @ self.chances)

    @property
    def variance(self) -> float:
        scores = np.arange(len(self.chances))
        return float((scores - self.mean) ** 2 @ self.chances)

    @property
    def sd(self) -> float:
        return math.sqrt(self.variance)

    def at_least(self, score: int) -> float:
        """The chance of a final score of ``score`` or more."""
        return float(self.chances[max(score, 0):].sum())

    def __repr__(self) -> str:
        scores = np.flatnonzero(self.chances)
        return (f"ScoreChances({self.rules.name}: scores from {scores[0]} to {scores[-1]}, "
                f"mean {self.mean:.4f}, sd {self.sd:.4f})")


@dataclass(frozen=True)
class Bands:
    """For each state of a layer (by its place in the layer), the chance of each number of
    points scored so far, from ``low[s]`` on: ``chances[start[s]:start[s] + length[s]]``."""

    low: npt.NDArray[np.int64]
    length: npt.NDArray[np.int64]
    start: npt.NDArray[np.int64]
    chances: Floats


def final_score_chances(table: DecisionTable,
                        progress: Progress | None = None) -> ScoreChances:
    """Play ``table``'s choices forwards from the empty scorecard (see the module)."""
    rules = table.rules
    space = StateSpace.of(rules)
    layers = [space.layer(n).solved for n in range(space.number_of_boxes + 1)]
    bands = Bands(np.zeros(1, dtype=np.int64), np.ones(1, dtype=np.int64),
                  np.zeros(1, dtype=np.int64), np.ones(1))
    fast = compiled.worth_it(space.size)
    with counted(progress, space.number_of_boxes, "") as advance:
        for n in range(space.number_of_boxes):
            bands = next_bands(table, layers[n], layers[n + 1], bands, fast)
            advance(1)
    chances = np.zeros(int((bands.low + bands.length).max()))
    for s in range(len(layers[-1])):
        chances[bands.low[s]:bands.low[s] + bands.length[s]] += (
            bands.chances[bands.start[s]:bands.start[s] + bands.length[s]])
    return ScoreChances(rules, chances)


def next_bands(table: DecisionTable, here: Ints, there: Ints, bands: Bands,
               fast: bool = False) -> Bands:
    """The bands of the next layer (states ``there``) after a turn from ``here`` (``fast``:
    spread by the compiled loop)."""
    source, target, gain, chance = transitions(table, here, there, bands)
    low = _each(np.minimum, target, bands.low[source] + gain, len(there), 0)
    high = _each(np.maximum, target, bands.low[source] + bands.length[source] - 1 + gain,
                 len(there), -1)
    length = np.where(high >= low, high - low + 1, 0)
    start = np.concatenate([[0], np.cumsum(length)[:-1]]).astype(np.int64)
    chances = np.zeros(int(length.sum()))
    at = start[target] + bands.low[source] + gain - low[target]
    spread(bands, chances, source, at, chance, fast)
    return Bands(low, length, start, chances)


def _each(ufunc: np.ufunc, where: Ints, values: npt.NDArray[np.int64], size: int,
          missing: int) -> npt.NDArray[np.int64]:
    """For each place below ``size``, ``ufunc.reduce`` of the ``values`` sent there
    (``missing`` where none is)."""
    order = np.argsort(where, kind="stable")
    places, starts = np.unique(where[order], return_index=True)
    found = np.full(size, missing, dtype=np.int64)
    found[places] = ufunc.reduceat(values[order], starts)
    return found


def transitions(table: DecisionTable, here: Ints, there: Ints,
                bands: Bands) -> tuple[Ints, Ints, npt.NDArray[np.int64], Floats]:
    """Every way a turn from a state of ``here`` with some chance ends: (the state's place in
    ``here``, the place in ``there`` of the state it leads to, the points it adds, its
    chance)."""
    reached = np.flatnonzero(bands.length > 0)
    place = _place_in(there, StateSpace.of(table.rules).size)
    found: list[tuple[Ints, Ints, npt.NDArray[np.int64], Floats]] = []
    for part in chunks(reached, CHUNK):
        columns = reached[part]
        states = here[columns]
        rows_chance = row_chances(table, states)
        row, column = np.nonzero(rows_chance)
        offer = box_rows(table.rules).in_states(states)
        following = representatives(table.rules)[offer.next[row, column]]
        found.append((columns[column], place[following], offer.gain[row, column],
                      rows_chance[row, column]))
    return tuple(np.concatenate(parts) for parts in zip(*found, strict=True))  # type: ignore[return-value]


def row_chances(table: DecisionTable, states: Ints) -> Floats:
    """The chance that a turn from each of ``states`` ends in each score row: (rows, states)."""
    at = table.rows_for(states)  # first: it may fill the table
    choices = table.choices[at].T.astype(np.int64)  # (252, states)
    keep_of = keep_masks()[1]
    hands = np.arange(len(HANDS))[:, None]
    hand = np.broadcast_to(HAND_WEIGHTS[:, None], choices.shape)  # after the first roll
    for to_come in range(table.rules.rolls - 1, 0, -1):
        mask = choices >> (BOX_BITS + KEEP_BITS * (to_come - 1)) & ((1 << KEEP_BITS) - 1)
        hand = roll_kept(_summed(keep_of[hands * (1 << KEEP_BITS) + mask], hand, len(KEEPS)))
    rows = box_rows(table.rules)
    row = rows.row_of[choices & ((1 << BOX_BITS) - 1), hands]
    return _summed(row, hand, rows.rows)


def _summed(where: Ints, chances: Floats, size: int) -> Floats:
    """``found[where[i, c], c] += chances[i, c]``: a (size, columns) array."""
    columns = where.shape[1]
    flat = (where * columns + np.arange(columns)).ravel()
    found: Floats = np.bincount(flat, chances.ravel(), size * columns).astype(np.float64)
    return found.reshape(size, columns)


def roll_kept(on_keeps: Floats) -> Floats:
    """Chances on the 462 keeps -> chances on the 252 hands once the other dice are rolled: a
    keep passes a sixth of its chance to each keep with one more die, which gathers them from
    its keeps with one die fewer (:data:`~yacht_edu.solver.turn.PARENTS`)."""
    chances = on_keeps.copy()
    for size in range(1, NUMBER_OF_DICE + 1):
        for keeps_here, one_fewer in PARENTS[size]:
            chances[keeps_here] += chances.take(one_fewer, axis=0) * (1 / 6)
    hands: Floats = chances[BLOCKS[NUMBER_OF_DICE]]
    return hands


def _place_in(states: Ints, size: int) -> Ints:
    place = np.full(size, -1, dtype=np.intp)
    place[states] = np.arange(len(states))
    return place


def spread(bands: Bands, chances: Floats, source: Ints, at: Ints, chance: Floats,
           fast: bool = False) -> None:
    """``chances[at[i]:at[i] + length] += chance[i] × the band of state source[i]``, for each
    way ``i`` a turn ends, in that order: by the compiled loop if ``fast`` (a rule set of many
    states, a compiled kernel here: :func:`~yacht_edu.solver.compiled.worth_it`), else in numpy (the
    same additions in the same order, so the same chances to the last bit: a test)."""
    if fast:
        compiled.spread_kernel()(bands.chances, bands.start, bands.length, chances,
                         source.astype(np.int64), at.astype(np.int64), chance)
        return
    lengths = bands.length[source]
    ends = np.cumsum(lengths)
    first = 0
    while first < len(source):  # a batch of ways at a time, about SPREAD_BATCH entries
        last = max(int(np.searchsorted(ends, ends[first] - lengths[first] + SPREAD_BATCH,
                                       side="right")), first + 1)
        _spread_batch(bands, chances, source[first:last], at[first:last],
                      chance[first:last], lengths[first:last])
        first = last


#: Band entries spread together by numpy (about 40 bytes of work arrays each).
SPREAD_BATCH = 1 << 21


def _spread_batch(bands: Bands, chances: Floats, source: Ints, at: Ints, chance: Floats,
                  lengths: npt.NDArray[np.int64]) -> None:
    """:func:`spread` for a few ways, every entry of their bands listed: way by way, then
    along the band (``np.add.at`` adds them in that order, as the compiled loop does)."""
    entry = _entries(int(lengths.sum()))  # the batch's entries, the first of way i at first[i]
    first = np.cumsum(lengths) - lengths
    values = np.repeat(chance, lengths)
    values *= bands.chances.take(np.repeat(bands.start[source] - first, lengths) + entry)
    np.add.at(chances, np.repeat(at - first, lengths) + entry, values)


@functools.cache
def _counting(size: int) -> npt.NDArray[np.int64]:
    return np.arange(size)


def _entries(size: int) -> npt.NDArray[np.int64]:
    """``np.arange(size)``, from one kept array when it fits (one pass fewer per batch)."""
    return _counting(SPREAD_BATCH)[:size] if size <= SPREAD_BATCH else np.arange(size)
