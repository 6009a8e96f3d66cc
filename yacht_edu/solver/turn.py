"""One turn, worked out for many columns at once: the one turn kernel of every objective.

Every turn has the same shape, whatever is on the scorecard and whatever the player wants: roll
five dice, keep some, roll the rest, ... (``rules.rolls`` rolls), score.  Only the last step
depends on the scorecard and on the objective (the expected score, the chance to reach a target,
a rule of thumb).  So a turn is computed backwards from the ``values`` of the 252 final hands
(what ending the turn with that hand is worth), one column per state, or per (state, points
still needed) for a target — :func:`turn_backward`, made of three steps:

1. :func:`roll_the_rest` — what each of the 462 keeps is worth: the average over the dice still
   to roll.  Rolling ``n`` dice is rolling one die, then ``n - 1`` more, so a keep is worth the
   average of the six keeps with one more die: 6 numbers per keep instead of a 462 × 252 matrix.
2. :func:`best_keeps` — for each hand, the keep (one of its sub-multisets) that is worth most.
   The best keep inside a hand is either the hand itself or the best keep inside one of the
   hands with one die fewer, so the search also goes one die at a time.
3. :func:`first_roll` — the turn before its first roll: the average over the 252 hands, each
   weighted by its chance.

The arrays are numpy arrays of ``float64`` for the fast solve, or of Python ``int`` (dtype
object) for the exact one; the same functions serve both.

>>> import numpy as np
>>> from yacht_edu.hands import HAND_INDEX, HANDS, KEEP_INDEX, KEEPS
>>> values = np.array([[float(sum(hand))] for hand in HANDS])   # score the sum of the dice
>>> round(float(first_roll(values)[0]), 6)                        # 5 dice × 3.5
17.5
>>> keep = roll_the_rest(values)
>>> float(keep[KEEP_INDEX[(6, 6, 6, 6)], 0])                      # 24 + one die
27.5
>>> KEEPS[int(best_keeps(keep)[HAND_INDEX[(1, 2, 6, 6, 6)], 0])]  # keep the sixes
(6, 6, 6)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from yacht_edu import hands as core
from yacht_edu.hands import (
    HANDS,
    KEEP_INDEX,
    KEEPS,
    NUMBER_OF_DICE,
    ORDERED_ROLLS,
    Hand,
    multisets,
    one_more_die,
)
from yacht_edu.ranking import TIE  # a tie: defined beside the ranking it shapes
from yacht_edu.solver.workers import Array, Ints


def _block(size: int) -> slice:
    """The keeps of ``size`` dice: a contiguous block of :data:`KEEPS`."""
    start = sum(len(multisets(smaller)) for smaller in range(size))
    return slice(start, start + len(multisets(size)))  # the core's order: by size


BLOCKS = tuple(_block(size) for size in range(NUMBER_OF_DICE + 1))

# For each keep of fewer than five dice, the six keeps with one more die (faces 1..6).
CHILDREN = tuple(
    np.array([one_more_die(keep) for keep in KEEPS[BLOCKS[size]]], dtype=np.intp)
    for size in range(NUMBER_OF_DICE)
)
# The same, face by face: the keeps with a one added, then those with a two added, ...
_CHILDREN_BY_FACE = tuple(np.ascontiguousarray(children.T).ravel() for children in CHILDREN)


def _one_die_fewer(keep: Hand) -> list[int]:
    """The distinct keeps with one die of ``keep`` put back (one per different face)."""
    return sorted({KEEP_INDEX[keep[:i] + keep[i + 1:]] for i in range(len(keep))})


def _parents(size: int) -> tuple[tuple[slice, Ints], ...]:
    """For the keeps of ``size`` dice: (which keeps, their i-th keep with one die fewer), for
    i = 0, 1, ...  Keeps with more different faces come first, so "which" is a slice."""
    fewer = [_one_die_fewer(keep) for keep in KEEPS[BLOCKS[size]]]
    start = BLOCKS[size].start
    return tuple(
        (slice(start, start + sum(len(f) > i for f in fewer)),
         np.array([f[i] for f in fewer if len(f) > i], dtype=np.intp))
        for i in range(max(map(len, fewer)))
    )


# For each keep of 1..5 dice, the keeps with one die fewer.
PARENTS = ((), *(_parents(size) for size in range(1, NUMBER_OF_DICE + 1)))

#: In how many of the 7,776 ordered rolls each hand appears (sums to 7,776).
HAND_ROLLS: npt.NDArray[np.int64] = np.array(core.HAND_ROLLS, dtype=np.int64)
#: The chance of each hand in one roll of five dice.
HAND_WEIGHTS: npt.NDArray[np.float64] = HAND_ROLLS / ORDERED_ROLLS


# -- tags: the best value and where it came from, in one ``np.maximum`` -------------------------
# A measured optimisation: each step of the keeps' search is one ``np.maximum`` that carries the
# winning keep's index with its value, where an untagged search would need a comparison and an
# ``np.where`` beside each maximum to know which keep won.  Timed with
# ``benchmarks/bench_solver.py`` and kept for speed when tags became sign-aware; the figures
# recorded are its share of the Yahtzee solve's profile, ``best_keeps`` with ``tag``/``untag``
# 16% (docs/benchmarks-history.md, "The first round"), and the sign-aware tag as one suspect for
# the redesign's solve a tenth slower ("Solve time before/after the one-house redesign").

#: Tags fit in 9 bits: at most 511 rows (462 keeps, a few hundred score rows).
TAG_BITS = 9
_TAG_MASK = (1 << TAG_BITS) - 1


def tag(values: Array, tags: Array) -> Array:
    """``values`` marked with ``tags`` (whole numbers below 512) so that a maximum keeps both:
    the argmax and the max in one ``np.maximum``, which the benchmark shows is worth it
    (``benchmarks/bench_solver.py``).  Among equal values the larger tag wins.

    For Python integers the value is multiplied by 512 and the tag added, which changes no order.
    For floats the tag replaces the last 9 of the 52 mantissa bits: a relative change below
    1.2e-13, so values closer than that count as equal — the only invariant, and the reason a
    tagged value is never read as a value (callers read the value through the tag).  A negative
    float grows in size as its bits grow, so it carries ``511 - tag``.  Values must be finite.
    """
    if values.dtype == object:
        return values * (1 << TAG_BITS) + tags
    bits = values.view(np.int64)
    marked = bits & ~_TAG_MASK
    marked |= tags
    if values.min(initial=0.0) < 0:  # rare (a strategy's liking): 511 - tag where negative
        marked ^= (bits >> 63) & _TAG_MASK
    return marked.view(np.float64)


def untag(tagged: Array) -> npt.NDArray[np.intp]:
    """The tags of :func:`tag`-ged values."""
    if tagged.dtype == object:
        return (tagged % (1 << TAG_BITS)).astype(np.intp)
    bits = tagged.view(np.int64)
    return ((bits & _TAG_MASK) ^ ((bits >> 63) & _TAG_MASK)).astype(np.intp, copy=False)


# -- the three steps of a turn -----------------------------------------------------------------


def roll_the_rest(hand_values: Array) -> Array:
    """What each of the 462 keeps is worth when the other dice are rolled: shape (462, columns).

    ``hand_values`` has one row per hand (252) and any number of columns.  Exact (object)
    arrays must be scaled so that the averages are whole: multiply them by 6 ** 5 first.
    """
    columns = hand_values.shape[1]
    worth = np.empty((len(KEEPS), columns), dtype=hand_values.dtype)
    worth[BLOCKS[NUMBER_OF_DICE]] = hand_values
    for size in range(NUMBER_OF_DICE - 1, -1, -1):
        block = worth[BLOCKS[size]]
        # Measured: ``take`` and a sum over the first axis, 48 µs for 64 states where indexing
        # the (keep, face) pairs and summing over the faces took 82 µs; the same additions in
        # the same order, so the same bits (docs/benchmarks-history.md, "The second round", 2).
        children = worth.take(_CHILDREN_BY_FACE[size], axis=0)
        np.add.reduce(children.reshape(6, len(block), columns), axis=0, out=block)
        if worth.dtype == object:
            block //= 6
        else:
            block *= 1 / 6
    return worth


def roll_forward(keep_chances: Array) -> Array:
    """Where the dice end up: chances on the 462 keeps -> chances on the 252 hands.

    The counterpart of :func:`roll_the_rest`, run forwards: each keep passes its chance on to
    its six keeps with one more die, a sixth each.  Exact (object) chances must be scaled so
    that the sixths are whole: multiply them by 6 ** 5 first.
    """
    chances = np.array(keep_chances, copy=True)
    for size in range(NUMBER_OF_DICE):
        share = chances[BLOCKS[size]]
        share = share // 6 if chances.dtype == object else share * (1 / 6)
        np.add.at(chances, CHILDREN[size].ravel(), np.repeat(share, 6, axis=0))
    return chances[BLOCKS[NUMBER_OF_DICE]]


def best_keeps(keep_values: Array) -> npt.NDArray[np.intp]:
    """For each hand, the index in :data:`KEEPS` of its best keep: shape (252, columns).

    Among keeps of equal worth (see :func:`tag`) the later one in :data:`KEEPS` is chosen (more
    dice kept).
    """
    return untag(best_of_sub_keeps(tag(keep_values, np.arange(len(KEEPS))[:, None])))


def best_of_sub_keeps(keep_values: Array) -> Array:
    """For each hand, the highest value among its keeps: shape (252, columns).

    Works in place, a die at a time: each keep of ``keep_values`` then holds the best value of
    its own sub-keeps (itself included).
    """
    for size in range(1, NUMBER_OF_DICE + 1):
        for keeps_here, one_fewer in PARENTS[size]:
            np.maximum(keep_values[keeps_here], keep_values.take(one_fewer, axis=0),
                       out=keep_values[keeps_here])
    return keep_values[BLOCKS[NUMBER_OF_DICE]]


def first_roll(hand_values: Array) -> Array:
    """The turn's worth before its first roll: the hands' values weighted by their chances.

    For exact (object) arrays the result is 6 ** 5 times the worth (a whole number).
    """
    if hand_values.dtype == object:
        return (HAND_ROLLS.astype(object)[:, None] * hand_values).sum(axis=0)  # type: ignore[no-any-return]
    # einsum, not ``@``: the matrix product calls BLAS, whose threads crawl when the machine is
    # busy (the target table's solve took twice as long under load: BENCHMARKS.md)
    worth: Array = np.einsum("h,hc->c", HAND_WEIGHTS, hand_values)
    return worth


def pick(values: Array, rows: Ints, first_column: int = 0) -> Array:
    """``values[rows[i, c], first_column + c]``: one row per column, e.g. each hand's best keep.

    ``values[rows, columns]`` says the same; the flat positions below are about a fifth faster
    (a hot spot of the solve, measured with ``benchmarks/bench_solver.py``).
    """
    return pick_each((values,), rows, first_column)[0]


def pick_each(arrays: tuple[Array, ...], rows: Ints, first_column: int = 0) -> list[Array]:
    """:func:`pick` from several arrays of the same shape, working out the positions once."""
    columns = arrays[0].shape[1]
    # Measured: flat positions and one ``take`` per array, 23 µs where ``values[rows, columns]``
    # took 30 µs (docs/benchmarks-history.md, "The second round", 2).
    flat = rows * columns
    flat += first_column + np.arange(rows.shape[1])
    return [np.ascontiguousarray(values).ravel().take(flat) for values in arrays]


# -- a whole turn, backwards ---------------------------------------------------------------------

#: Chooses a keep for each hand and column: (the keeps' values — the objective's, then any
#: carried along —, rolls still to come) -> an index in :data:`KEEPS` per hand and column.
KeepChooser = Callable[[Sequence[Array], int], Ints]


def best_keeps_by_value(keep_values: Sequence[Array], to_come: int) -> Ints:
    """The keep worth most by the first of ``keep_values`` (ties: more dice kept)."""
    return best_keeps(keep_values[0])


def turn_backward(hands: Sequence[Array], rolls: int,
                  choose: KeepChooser | None = best_keeps_by_value) -> tuple[list[Array],
                                                                             list[Ints]]:
    """The hands' values after the turn's first roll, from their values after its last.

    ``hands``: the objective's values of ending the turn with each hand (252 rows), then any
    values carried along the same choices (a mean square, an expected score).  Before each of
    the ``rolls - 1`` later rolls, each hand's keep is chosen by ``choose`` (None: only the best
    value is wanted, no choice recorded — the fastest).  Returns the values and the keeps
    chosen, ``keeps[r]`` with ``r + 1`` rolls still to come.  Exact (object) values are
    counted in 6 ** 5-ths more per roll.
    """
    keeps: list[Ints] = []
    values = list(hands)
    for to_come in range(1, rolls):
        if values[0].dtype == object:  # averages of six stay whole: count in 6**5-ths
            values = [v * ORDERED_ROLLS for v in values]
        keep_values = [roll_the_rest(v) for v in values]
        if choose is None:
            values = [best_of_sub_keeps(keep_values[0])]
            continue
        keep = choose(keep_values, to_come)
        keeps.append(keep)
        values = pick_each(tuple(keep_values), keep)
    return values, keeps


# -- ties broken by a second value -------------------------------------------------------------

#: Each hand's keeps (its sub-multisets), the keep with the most dice first, padded with the
#: hand itself: shape (252, 32).
SUB_KEEPS: npt.NDArray[np.intp] = np.array(
    [(ks := sorted(core.sub_keep_indices(hand), reverse=True)) + ks[:1] * (32 - len(ks))
     for hand in HANDS], dtype=np.intp)
#: Columns worked out together when ties are broken (a (252, 32, columns) array each).
TIE_COLUMNS = 256


def best_keeps_then(keep_values: Sequence[Array], to_come: int) -> Ints:
    """Each hand's keep with the highest first value; among keeps within :data:`TIE` of it, the
    one :func:`best_keeps` would choose by the second value (the highest; then more dice)."""
    first, second = keep_values[0], keep_values[1]
    best = best_of_sub_keeps(first.copy())
    chosen = np.empty(best.shape, dtype=np.intp)
    for start in range(0, best.shape[1], TIE_COLUMNS):
        part = slice(start, start + TIE_COLUMNS)
        near = first[SUB_KEEPS, part] >= best[:, None, part] - TIE
        liked = tag(second[SUB_KEEPS, part], SUB_KEEPS[:, :, None])
        pick_at = np.where(near, liked, -np.inf).argmax(axis=1)
        chosen[:, part] = np.take_along_axis(SUB_KEEPS[:, :, None], pick_at[:, None, :],
                                             axis=1)[:, 0, :]
    return chosen

class TurnPlan(NamedTuple):
    """A turn worked out for some columns (a state each, or a state and the points needed).

    ``box_row[h, c]``: the score row chosen for hand ``h`` after the last roll (empty where a
    caller chose no rows); ``keeps[r][h, c]``: the keep (index in :data:`KEEPS`) chosen for hand
    ``h`` with ``r + 1`` rolls still to come (``keeps[-1]`` after the first roll);
    ``worth``: the turn's worth before its first roll, the objective's value first (an expected
    number of points, or a chance), then the values carried along (a mean square, ...).
    """

    box_row: Ints
    keeps: tuple[Ints, ...]
    worth: tuple[Array, ...]


def plan_turn(hands: Sequence[Array], box_row: Ints | None, rolls: int,
              choose: KeepChooser | None = best_keeps_by_value) -> TurnPlan:
    """:func:`turn_backward` and :func:`first_roll`: the whole turn from the hands' values."""
    values, keeps = turn_backward(hands, rolls, choose)
    rows = np.zeros((0, values[0].shape[1]), dtype=np.intp) if box_row is None else box_row
    return TurnPlan(rows, tuple(keeps), tuple(first_roll(v) for v in values))


def keeps_worth(hands: Sequence[Array], to_come: int,
                choose: KeepChooser = best_keeps_by_value) -> list[Array]:
    """Every keep's values (462 rows) with ``to_come`` rolls still to come (at least 1), the
    later keeps chosen by ``choose``."""
    values, _ = turn_backward(hands, to_come, choose)
    if values[0].dtype == object:
        values = [v * ORDERED_ROLLS for v in values]
    return [roll_the_rest(v) for v in values]
