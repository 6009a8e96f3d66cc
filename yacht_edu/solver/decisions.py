"""The decision table: for each state and hand, the keep before each later roll and the box.

A player who chooses by the scorecard alone (the optimal player, a rule of thumb) makes the same
choice every time it meets the same state and hand.  So its choices can be worked out once, by
the one turn kernel (:func:`~yacht_edu.solver.objective.plan`), written in a table, and then
read by many games at once: :func:`~yacht_edu.solver.play.play_by_table` plays a million games
with a few numpy look-ups per roll instead of planning every turn again.

Each (state, hand) holds one whole number: the box (5 bits), then, for each later roll, the
dice kept as a 5-bit mask over the sorted hand (bit ``i``: the ``i``-th die is kept).  With three
rolls that is 15 bits, a ``uint16``; more rolls take a ``uint32``.  Only the states the solver
works out have a row (equivalent states share one, :class:`~yacht_edu.solver.states.Layer`);
rows are filled when a game first meets a state (:meth:`DecisionTable.rows_for`), or all at once
(:meth:`DecisionTable.fill_all`) for a table saved in the cache.

>>> from yacht_edu.solver import objective_of
>>> table = decision_table(objective_of("optimal", "yacht"))
>>> hand = HAND_INDEX[(1, 6, 6, 6, 6)]
>>> row = table.rows_for(np.array([0]))[0]            # the empty scorecard
>>> KEEPS[table.keep(row, hand, to_come=2)]           # the first roll: keep the four sixes
(6, 6, 6, 6)
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from yacht_edu.hands import HAND_INDEX, HANDS, KEEP_INDEX, KEEPS, NUMBER_OF_DICE, ORDERED_ROLLS
from yacht_edu.rules import Rules
from yacht_edu.solver import cache, compiled
from yacht_edu.solver.objective import ExpectedScore, Objective, RuleOfThumb
from yacht_edu.solver.states import StateSpace, box_rows, chunks
from yacht_edu.solver.turn import plan_turn
from yacht_edu.solver.workers import Ints, can_fork, processors, run_layers, shared_array

#: Bits of the box and of each keep in a packed decision.
BOX_BITS = KEEP_BITS = 5
_MASKS = 1 << NUMBER_OF_DICE
#: States planned together when a table is filled.
FILL_CHUNK = 64
#: Tables filled with at least this many states at once are shared out to helper processes.
FORK_FILL = 4_096


def _mask_of(hand: tuple[int, ...], keep: tuple[int, ...]) -> int:
    """The dice of ``hand`` that make ``keep``: the first of each face, as a bit mask."""
    mask, rest = 0, list(keep)
    for i, face in enumerate(hand):
        if face in rest:
            rest.remove(face)
            mask |= 1 << i
    return mask


@functools.cache
def keep_masks() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32]]:
    """``(mask[hand, keep], keep_of[hand * 32 + mask])``: a keep as dice of the hand and back
    (-1 where the keep is not in the hand; the masks other than the first of each face read
    back as the keep they make)."""
    mask = np.full((len(HANDS), len(KEEPS)), -1, dtype=np.int64)
    keep_of = np.zeros(len(HANDS) * _MASKS, dtype=np.int32)
    for h, hand in enumerate(HANDS):
        for bits in range(_MASKS):
            kept = tuple(face for i, face in enumerate(hand) if bits >> i & 1)
            keep_of[h * _MASKS + bits] = KEEP_INDEX[kept]
            mask[h, KEEP_INDEX[kept]] = _mask_of(hand, kept)
    return mask, keep_of


@functools.cache
def hand_after() -> npt.NDArray[np.uint8]:
    """``hand_after()[keep * 7776 + roll]``: the hand after keeping ``keep`` and rolling the
    other dice, which show the first digits (base 6, lowest first) of the ordered roll ``roll``
    (462 × 7,776 hands, 3.6 MB, worked out at the first use)."""
    hand_of_count = np.zeros(6**6, dtype=np.uint8)  # a hand by its counts of each face, base 6
    for hand, h in HAND_INDEX.items():
        hand_of_count[_count_code(hand)] = h
    digits = np.arange(ORDERED_ROLLS)[:, None] // 6 ** np.arange(NUMBER_OF_DICE) % 6
    rolled = np.zeros((NUMBER_OF_DICE + 1, ORDERED_ROLLS), dtype=np.int64)  # by dice rolled
    rolled[1:] = np.cumsum(6**digits, axis=1).T
    kept = np.array([_count_code(keep) for keep in KEEPS])
    sizes = np.array([NUMBER_OF_DICE - len(keep) for keep in KEEPS])
    table: npt.NDArray[np.uint8] = hand_of_count[kept[:, None] + rolled[sizes]].ravel()
    return table


def _count_code(dice: tuple[int, ...]) -> int:
    """How many of each face, as the digits of a number in base 6 (ones lowest)."""
    return sum(6 ** (face - 1) for face in dice)


def pack(box: Ints, keeps: tuple[Ints, ...], dtype: type[np.unsignedinteger[Any]]
         ) -> npt.NDArray[Any]:
    """A turn's choices as one whole number per (hand, column): the box, then each keep (by
    rolls to come) as a mask over the hand.  ``box`` and ``keeps``: (252, columns)."""
    mask = _flat_masks()
    first_of_hand = np.arange(len(HANDS))[:, None] * len(KEEPS)
    packed = box.astype(np.int32)
    for to_come, keep in enumerate(keeps, start=1):
        packed |= mask.take(first_of_hand + keep) << (BOX_BITS + KEEP_BITS * (to_come - 1))
    return packed.astype(dtype)


@functools.cache
def _flat_masks() -> npt.NDArray[np.int32]:
    """:func:`keep_masks`' masks by ``hand * 462 + keep``."""
    return keep_masks()[0].astype(np.int32).ravel()


@dataclass(eq=False)
class DecisionTable:
    """The choices of ``objective`` (which must choose by the state alone), a row per state
    met so far.

    ``row_of_state[state]``: the row of a state's choices, -1 until they are worked out;
    ``choices[row, hand]``: packed as :func:`pack` packs them.
    """

    objective: Objective
    row_of_state: npt.NDArray[np.int32]
    choices: npt.NDArray[Any]
    count: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @classmethod
    def empty(cls, objective: Objective) -> DecisionTable:
        space = StateSpace.of(objective.rules)
        return cls(objective, np.full(space.size, -1, dtype=np.int32),
                   np.zeros((0, len(HANDS)), dtype=choice_type(objective.rules)))

    @property
    def rules(self) -> Rules:
        return self.objective.rules

    def rows_for(self, states: Ints) -> npt.NDArray[np.int32]:
        """The row of each state's choices, working out those not yet in the table."""
        rows = self.row_of_state[states]
        if (rows < 0).any():
            with self.lock:
                self.fill(distinct_states(representatives(self.rules)[states[rows < 0]],
                                          len(self.row_of_state)))
                rows = self.row_of_state[states]
        return rows

    def fill(self, states: Ints) -> None:
        """Work out the choices of ``states`` (representatives without a row yet)."""
        states = states[self.row_of_state[states] < 0]
        start = self.count
        self._grow(start + len(states))
        self.choices[start:start + len(states)] = self.planned(states)
        self.count = start + len(states)
        self._point_copies(states, np.arange(start, self.count, dtype=np.int32))

    def planned(self, states: Ints) -> npt.NDArray[Any]:
        """The packed choices of ``states``: (states, 252), shared out to forked helper
        processes when there are many (the optimal player only: a learner's rule of thumb
        runs here, under the guard)."""
        optimal = isinstance(self.objective, ExpectedScore)
        forked = optimal and len(states) >= FORK_FILL and processors() > 1 and can_fork()
        if self._compiled():
            compiled.chunk_kernel()  # compiled (or loaded) once, before any helper is forked
        job = _FillJob(self, states, shared_array((len(states), len(HANDS)), 0,
                                                  self.choices.dtype, forked))
        run_layers(job, 1, total=len(states), desc="", helpers=processors() if forked else 1,
                   forked=forked)
        return np.array(job.choices)

    def plan(self, states: Ints) -> npt.NDArray[Any]:
        """The packed choices of ``states``: (252, states).  Only the value the objective
        maximises is carried through the turn (not the mean square); the optimal player's by
        the compiled chunk where it is here and it pays (the same choices)."""
        if self._compiled():
            return self._compiled_plan(states)
        hands, box_row = self.objective.hands(states, np.zeros(len(states), dtype=np.int64))
        turn = plan_turn(hands[:1], box_row, self.rules.rolls, self.objective.choose_keeps)
        return pack(box_of_rows(self.rules)[turn.box_row], turn.keeps, self.choices.dtype.type)

    def _compiled(self) -> bool:
        """Whether the optimal player's choices are planned by the compiled chunk: for a rule
        set of many states (:func:`~yacht_edu.solver.compiled.worth_it`)."""
        return (isinstance(self.objective, ExpectedScore)
                and compiled.worth_it(StateSpace.of(self.rules).size))

    def _compiled_plan(self, states: Ints) -> npt.NDArray[Any]:
        assert isinstance(self.objective, ExpectedScore)
        table, rows = self.objective.table, box_rows(self.rules)
        choices: list[Ints] = []
        compiled.chunk_kernel()(rows, states, table.mean, table.mean_square, choices)
        return pack(rows.row_box[choices[0]], tuple(choices[1:]), self.choices.dtype.type)

    def fill_all(self) -> None:
        """Work out every reachable state's choices (for a table saved whole)."""
        space = StateSpace.of(self.rules)
        solved = np.concatenate([space.layer(n).solved for n in range(space.number_of_boxes)])
        with self.lock:
            self.fill(solved)

    def _grow(self, size: int) -> None:
        if size > len(self.choices):
            bigger = np.zeros((max(size, 2 * len(self.choices)), len(HANDS)),
                              dtype=self.choices.dtype)
            bigger[:self.count] = self.choices[:self.count]
            self.choices = bigger

    def _point_copies(self, states: Ints, rows: npt.NDArray[np.int32]) -> None:
        """Give every state equivalent to one of ``states`` its row."""
        representative = representatives(self.rules)
        first = np.full(len(representative), -1, dtype=np.int32)
        first[states] = rows
        found = first[np.maximum(representative, 0)]
        self.row_of_state[:] = np.where((representative >= 0) & (found >= 0), found,
                                        self.row_of_state)

    def keep(self, row: int, hand: int, to_come: int) -> int:
        """The keep (by index in :data:`~yacht_edu.hands.KEEPS`) of row ``row`` from ``hand``
        with ``to_come`` rolls still to come."""
        mask = int(self.choices[row, hand]) >> (BOX_BITS + KEEP_BITS * (to_come - 1))
        return int(keep_masks()[1][hand * _MASKS + (mask & (_MASKS - 1))])

    def box(self, row: int, hand: int) -> int:
        """The box (by its place in ``rules.boxes``) of row ``row`` for ``hand``."""
        return int(self.choices[row, hand]) & ((1 << BOX_BITS) - 1)


class _FillJob(NamedTuple):
    """Filling a table as a one-layer job of :func:`~yacht_edu.solver.workers.run_layers`."""

    table: DecisionTable
    states: Ints
    choices: npt.NDArray[Any]

    def parts(self, filled: int) -> list[slice]:
        return list(chunks(self.states, FILL_CHUNK))

    def solve_part(self, part: slice) -> int:
        here = self.states[part]
        self.choices[part] = self.table.plan(here).T
        return len(here)

    def layer_done(self, filled: int) -> None:
        pass


def distinct_states(states: Ints, size: int) -> Ints:
    """``np.unique(states)`` for whole numbers below ``size``, by marking them (a million games'
    states in a few milliseconds, where sorting or hashing them takes ten times as long)."""
    seen = np.zeros(size, dtype=bool)
    seen[states] = True
    return np.flatnonzero(seen)


def choice_type(rules: Rules) -> type[np.unsignedinteger[Any]]:
    """``uint16`` when a packed turn fits (up to three rolls), else ``uint32``."""
    bits = BOX_BITS + KEEP_BITS * (rules.rolls - 1)
    if bits > 32 or len(rules.boxes) > 1 << BOX_BITS:
        raise ValueError(f"{rules!r}: a turn's choices do not fit in 32 bits")
    return np.uint16 if bits <= 16 else np.uint32


def box_of_rows(rules: Rules) -> Ints:
    """The box of each score row."""
    return box_rows(rules).row_box


@functools.cache
def representatives(rules: Rules) -> npt.NDArray[np.int64]:
    """For each state, the state whose choices it shares (the one the solver works out;
    -1 for a state no game reaches)."""
    space = StateSpace.of(rules)
    found = np.full(space.size, -1, dtype=np.int64)
    for n in range(space.number_of_boxes + 1):
        layer = space.layer(n)
        found[layer.copies] = layer.solved[layer.copy_of]
    found.flags.writeable = False
    return found


#: The decision tables kept for the session, the latest used last.
_tables: dict[Hashable, DecisionTable] = cache.memory()  # emptied by cache.clear_memory too
_tables_lock = threading.Lock()
#: How many tables are kept (a learner's strategies each make one).
KEPT_TABLES = 8


def decision_table(objective: Objective) -> DecisionTable:
    """The decision table of ``objective``, kept for the session: one per solved table (the
    optimal player) or per strategy and rule set (a rule of thumb)."""
    key = _key(objective)
    with _tables_lock:
        found = _tables.pop(key, None)
        if found is None:
            found = DecisionTable.empty(objective)
        _tables[key] = found
        while len(_tables) > KEPT_TABLES:
            del _tables[next(iter(_tables))]
        return found


def _key(objective: Objective) -> Hashable:
    """What makes two objectives choose alike (the table object for the optimal player: the
    table kept with it keeps it alive, so its ``id`` is not reused)."""
    if isinstance(objective, ExpectedScore):
        return ("optimal", id(objective.table))
    if isinstance(objective, RuleOfThumb):
        return ("rule of thumb", objective.strategy, objective.rules)
    raise TypeError(f"{objective!r} does not choose by the state alone")


def clear_tables() -> None:
    """Forget the decision tables kept in memory."""
    with _tables_lock:
        _tables.clear()
