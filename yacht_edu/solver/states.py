"""The scorecard states the solver works over, and what each box offers in each of them.

A *state* is all of a scorecard that matters for the rest of the game:

- which boxes are filled (a bit mask, bit ``i`` for ``rules.boxes[i]``);
- for ``yahtzee``, the upper subtotal, capped at 63 (above it only "bonus earned" matters);
- for ``yahtzee`` with a joker rule, whether the yahtzee box holds 50 (the +100 bonus).

Points already scored do not matter for the rest of the game, so the solver's values are the
*points still to come*; the expected final score is the card's total plus that.

What a box gives for a hand is read from the model, never re-implemented: the plain scores from
:meth:`Rules.score <yacht_edu.rules.Rules.score>` over the 252 hands, and everything that
depends on the card (the 35-point upper bonus, ``upper_first``, the joker rule and its +100)
from :meth:`Scorecard.options <yacht_edu.scorecard.Scorecard.options>` on a few representative
scorecards — see :class:`BoxRows`.

>>> space = StateSpace.of("yahtzee")
>>> space.size, len(space.upper_sums(0b000001))      # 2^13 × 64 × 2; aces alone: 0..5
(1048576, 6)
>>> space.state_of(Scorecard.from_filled({"aces": 3, "yahtzee": 50}, "yahtzee"))
State(filled=0b0100000000001, upper=3, fifty=1)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from yacht_edu.errors import RuleError
from yacht_edu.hands import FACES, HANDS, NUMBER_OF_DICE
from yacht_edu.rules import UPPER_BONUS_THRESHOLD, Rules, RulesLike, get_rules, score_table
from yacht_edu.scorecard import Scorecard
from yacht_edu.solver.workers import Ints

#: Upper subtotals 0..63; 63 stands for "63 or more".
UPPER_CAP = UPPER_BONUS_THRESHOLD
#: The most an upper box can hold (five sixes).
UPPER_POINTS = 6 * NUMBER_OF_DICE
#: The upper boxes' bits in a state's filled boxes (the first six boxes).
UPPER_BOXES = 0b111111


class State(NamedTuple):
    """One state: filled boxes (bit mask), upper subtotal (capped), yahtzee box holds 50."""

    filled: int
    upper: int = 0
    fifty: int = 0

    def __repr__(self) -> str:
        return f"State(filled=0b{self.filled:013b}, upper={self.upper}, fifty={self.fifty})"


class Layer(NamedTuple):
    """The states with the same number of filled boxes, as the solver computes them.

    ``solved`` are the states worked out (one per class of equivalent states); ``copies`` lists
    every reachable state with the position in ``solved`` of the state whose values it shares.

    A measured optimisation, counted rather than timed: upper subtotals that cannot change what
    is to come (the bonus out of reach, or the upper section full) share one future
    (:meth:`StateSpace.upper_classes`), so the Yahtzee solve works out 359,424 of its 536,448
    reachable states, in the 5,621 chunks of 64 of docs/benchmarks-history.md ("The second
    round"), and copies the values of the rest, one indexed copy per layer.
    """

    solved: Ints
    copies: Ints
    copy_of: Ints


@dataclass(frozen=True)
class StateSpace:
    """All states of one rule set, numbered ``(filled × uppers + upper) × fifties + fifty``.

    Make one with :meth:`StateSpace.of`.
    """

    rules: Rules

    @classmethod
    def of(cls, rules: RulesLike) -> StateSpace:
        return _space(get_rules(rules))

    @property
    def number_of_boxes(self) -> int:
        return len(self.rules.boxes)

    @property
    def uppers(self) -> int:
        """How many upper subtotals are told apart: 64 with the upper bonus, else 1."""
        return UPPER_CAP + 1 if self.rules.has_upper_bonus else 1

    @property
    def fifties(self) -> int:
        """2 when the yahtzee box holding 50 matters (the +100 bonus), else 1."""
        return 2 if self.rules.has_yahtzee_bonus else 1

    @property
    def sub_states(self) -> int:
        """States per set of filled boxes: upper subtotals × (yahtzee box holds 50 or not)."""
        return self.uppers * self.fifties

    @property
    def size(self) -> int:
        return (1 << self.number_of_boxes) * self.sub_states

    @property
    def full(self) -> int:
        """The mask of a complete scorecard."""
        return (1 << self.number_of_boxes) - 1

    @property
    def yahtzee_bit(self) -> int:
        """The bit of the yahtzee box (0 when the rules have no yahtzee bonus)."""
        return 1 << self.rules.boxes.index(self.rules.bonus_box) if self.fifties == 2 else 0

    def index(self, filled: npt.ArrayLike, upper: npt.ArrayLike = 0,
              fifty: npt.ArrayLike = 0) -> Ints:
        """The numbers of states (works on arrays)."""
        upper = np.minimum(upper, UPPER_CAP) if self.uppers > 1 else np.zeros_like(upper)
        number = (np.asarray(filled, dtype=np.intp) * self.uppers + upper) * self.fifties
        return number + (np.asarray(fifty, dtype=np.intp) if self.fifties > 1 else 0)

    def unpack(self, index: npt.ArrayLike) -> tuple[Ints, Ints, Ints]:
        """``(filled, upper, fifty)`` arrays of state numbers."""
        number = np.asarray(index, dtype=np.intp)
        rest, fifty = np.divmod(number, self.fifties)
        filled, upper = np.divmod(rest, self.uppers)
        return filled, upper, fifty

    def state_of(self, card: Scorecard) -> State:
        """The state of a scorecard of these rules."""
        if card.rules != self.rules:
            raise RuleError("solver.error.other_rules", solver=repr(self.rules),
                            card=repr(card.rules))
        filled = sum(1 << i for i, c in enumerate(self.rules.boxes) if not card.is_open(c))
        upper = min(card.upper_subtotal, UPPER_CAP) if self.uppers > 1 else 0
        fifty = int(self.fifties > 1 and card.bonus_box_full)
        return State(filled, upper, fifty)

    def number_of(self, card: Scorecard) -> int:
        return int(self.index(*self.state_of(card)))

    def example_card(self, state: State) -> Scorecard:
        """A scorecard in ``state`` (the upper subtotal put in the first filled upper box)."""
        filled = {c: 0 for i, c in enumerate(self.rules.boxes) if state.filled >> i & 1}
        upper_filled = [c for c in self.rules.upper_section if c in filled]
        if upper_filled:
            filled[upper_filled[0]] = state.upper
        box = self.rules.bonus_box
        if box is not None and box in filled and state.fifty:
            filled[box] = self.rules.bonus_box_score
        return Scorecard.from_filled(filled, self.rules)

    @functools.cache  # noqa: B019 (the space is a cached, immutable value)
    def upper_sums(self, upper_filled: int) -> tuple[int, ...]:
        """The upper subtotals (capped) reachable with these upper boxes filled (a 6-bit mask)."""
        if self.uppers == 1:
            return (0,)
        sums = {0}
        for face in FACES:
            if upper_filled >> (face - 1) & 1:
                sums = {min(UPPER_CAP, s + face * n) for s in sums
                        for n in range(NUMBER_OF_DICE + 1)}
        return tuple(sorted(sums))

    def upper_classes(self, upper_filled: int) -> list[list[int]]:
        """Reachable subtotals grouped by equal future: all alike once the upper section is
        full, or once the bonus threshold (63, or a custom rule set's) is out of reach (every
        open upper box scoring five dice)."""
        sums = self.upper_sums(upper_filled)
        if upper_filled == 0b111111 or self.rules.upper_bonus_rule is None:
            return [list(sums)]
        most = NUMBER_OF_DICE * sum(f for f in FACES if not upper_filled >> (f - 1) & 1)
        threshold = self.rules.upper_bonus_rule[0]
        hopeless = [s for s in sums if s + most < threshold]
        hopeful = [[s] for s in sums if s + most >= threshold]
        return ([hopeless] if hopeless else []) + hopeful

    def masks(self, filled_boxes: int) -> Iterator[int]:
        """Every mask with this many boxes filled."""
        for chosen in itertools.combinations(range(self.number_of_boxes), filled_boxes):
            yield sum(1 << i for i in chosen)

    def layer(self, filled_boxes: int, within: int = 0) -> Layer:
        """The reachable states with ``filled_boxes`` filled (only masks containing ``within``)."""
        masks = np.array(list(self.masks(filled_boxes)), dtype=np.intp)
        masks = masks[masks & within == within]
        solved, copies, copy_of = [], [], []
        count = 0
        for upper_filled in np.unique(masks & 0b111111).tolist():
            groups = self.upper_classes(upper_filled)
            firsts = np.array([group[0] for group in groups], dtype=np.intp)
            members = np.array([s for group in groups for s in group], dtype=np.intp)
            group_of = np.repeat(np.arange(len(groups)), [len(group) for group in groups])
            these = masks[masks & 0b111111 == upper_filled]
            for has_yahtzee in (False, True):
                part = these[((these & self.yahtzee_bit) != 0) == has_yahtzee]
                for fifty in (0, 1) if has_yahtzee else (0,):
                    solved.append(self.index(part[:, None], firsts[None, :], fifty).ravel())
                    copies.append(self.index(part[:, None], members[None, :], fifty).ravel())
                    copy_of.append((count + len(groups) * np.arange(len(part))[:, None]
                                    + group_of[None, :]).ravel())
                    count += len(part) * len(groups)
        if not solved:
            return Layer(*(np.zeros(0, dtype=np.intp),) * 3)
        in_order = np.argsort(np.concatenate(solved))  # neighbours share their lower boxes
        renumber = np.empty_like(in_order)
        renumber[in_order] = np.arange(len(in_order))
        return Layer(np.concatenate(solved)[in_order], np.concatenate(copies),
                     renumber[np.concatenate(copy_of)])


@functools.cache
def _space(rules: Rules) -> StateSpace:
    return StateSpace(rules)


# -- what each box offers ------------------------------------------------------------------------


class RowsInStates(NamedTuple):
    """For a batch of states, each score row: may it be chosen, what it adds, where it leads."""

    allowed: npt.NDArray[np.bool_]
    gain: npt.NDArray[np.int64]
    next: Ints


class OfferTables(NamedTuple):
    """What each score row offers, as :meth:`BoxRows.in_states` reads it: a measured
    optimisation, in_states 2.2 times faster than working each chunk's out anew
    (docs/benchmarks-history.md, "The solve at 0.6 of the peer").

    A state's number is its filled boxes times ``per_card``, plus ``sub`` (its upper subtotal
    and whether the yahtzee box holds 50).  Where a row leads, less the filled boxes' part
    (``(filled | the row's box) × per_card``), and what it adds depend on the row and ``sub``
    alone: ``after[row × per_card + sub]`` and ``gain[...]``.  A joker row in a state whose
    yahtzee box is filled depends on the open boxes' situation too (:data:`JOKER_SITUATIONS`):
    its part of the ``joker_*`` tables starts at ``joker_start[row]``, then by situation and
    ``sub``; ``joker_allowed`` holds if its box is open.
    """

    per_card: int
    yahtzee_bit: int
    lower_boxes: int
    gain: npt.NDArray[np.int64]
    after: Ints
    joker_start: Ints
    joker_allowed: npt.NDArray[np.bool_]
    joker_gain: npt.NDArray[np.int64]
    joker_after: Ints


# Joker situations are told apart by three facts about the open boxes (docs/rules.md#joker):
# is the upper box of the rolled face open, is another upper box open, is a lower box open.
JOKER_SITUATIONS = tuple(itertools.product((False, True), repeat=3))


@dataclass(frozen=True, eq=False)
class BoxRows:
    """Every way of filling a box, as *rows*: one per (box, points) and, where a joker rule
    applies, one per (box, face of the five of a kind).

    ``row_of[c, h]`` is the row that hand ``h`` fills when scored in box ``c``.  Everything that
    depends on the card is read from :meth:`Scorecard.options` on representative cards:

    - ``allowed_plain[c, any upper open]``: the ``upper_first`` variant;
    - ``upper_bonus_points[u, points]``: what reaching 63 adds;
    - ``joker_*[face, fifty, situation, c]`` for a five of a kind once the yahtzee box is filled:
      may ``c`` be chosen, the points it holds (the joker's 25/30/40), the bonus (+100).
    """

    space: StateSpace
    row_box: Ints
    row_points: npt.NDArray[np.int64]
    row_face: Ints  # the face of a joker row, 0 for a plain row
    row_of: Ints
    plain_points: npt.NDArray[np.int64]  # (252, boxes): Rules.score
    allowed_plain: npt.NDArray[np.bool_]  # (boxes, 2)
    upper_bonus_points: npt.NDArray[np.int64]  # (64, 31)
    joker_allowed: npt.NDArray[np.bool_]  # (7, 2, 8, boxes), face 0 unused
    joker_points: npt.NDArray[np.int64]
    joker_bonus: npt.NDArray[np.int64]

    @property
    def rows(self) -> int:
        return len(self.row_box)

    @functools.cached_property
    def row_in_box(self) -> Ints:
        """``row_in_box[c, h]``: which of box ``c``'s rows hand ``h`` fills, counted from the
        box's first row."""
        first_row = np.searchsorted(self.row_box, np.arange(self.space.number_of_boxes))
        return self.row_of - first_row[:, None]

    @property
    def has_joker(self) -> bool:
        return self.space.fifties == 2

    def fingerprint(self) -> bytes:
        """Every number read from the model, as bytes (a saved table is stale if they change)."""
        parts = (self.plain_points, self.allowed_plain, self.upper_bonus_points, self.joker_allowed,
                 self.joker_points, self.joker_bonus)
        return b"".join(np.ascontiguousarray(p).astype(np.int64).tobytes() for p in parts)

    def rows_of_boxes(self, boxes: Sequence[int]) -> Ints:
        """The rows of these boxes (each box's rows are consecutive)."""
        starts = np.searchsorted(self.row_box, boxes)
        ends = np.searchsorted(self.row_box, boxes, side="right")
        return np.concatenate([np.arange(a, b) for a, b in zip(starts, ends, strict=True)])

    def in_states(self, states: Ints, rows: Ints | None = None) -> RowsInStates:
        """Each row (or only ``rows``) in each state: arrays of shape (rows, states), read from
        the tables of :attr:`offers` (see :class:`OfferTables`)."""
        tables = self.offers
        per_card = tables.per_card
        filled, sub = np.divmod(np.asarray(states, dtype=np.intp), per_card)
        chosen = np.arange(self.rows) if rows is None else rows
        # First per box: is it open, may an ordinary hand go there, the filled boxes after it.
        bit = self._box_bits
        upper_open = ((filled & UPPER_BOXES) != UPPER_BOXES).astype(np.intp)
        allowed_box = ((filled & bit) == 0) & self.allowed_plain[:, upper_open]
        filled_after = (filled | bit) * per_card
        # Then per row, from the tables by (row, sub).
        box = self.row_box[chosen]
        at = chosen[:, None] * per_card + sub
        allowed = allowed_box.take(box, axis=0)
        after = filled_after.take(box, axis=0)
        after += tables.after.take(at)
        gain = tables.gain.take(at)
        if tables.yahtzee_bit:  # a yahtzee bonus: joker rules
            self._jokers(chosen, filled, sub, allowed, gain, after)
        return RowsInStates(allowed, gain, after)

    def _jokers(self, chosen: Ints, filled: Ints, sub: Ints, allowed: npt.NDArray[np.bool_],
                gain: npt.NDArray[np.int64], after: Ints) -> None:
        """Overwrite the joker rows in the states where a joker rule applies."""
        tables = self.offers
        joker = (filled & tables.yahtzee_bit).nonzero()[0]
        rows = self.row_face[chosen].nonzero()[0] if len(joker) else joker
        if not len(rows):
            return
        filled_here = filled[joker]
        # The situation of a five of each face in each state (see JOKER_SITUATIONS), then the
        # place in the tables of each joker row in each state.
        face_bit = self._box_bits[:6]
        other_upper = UPPER_BOXES & ~face_bit
        situation = (4 * ((filled_here & face_bit) == 0)
                     + 2 * ((filled_here & other_upper) != other_upper)
                     + ((~filled_here & tables.lower_boxes) != 0))
        situation *= tables.per_card
        situation += sub[joker]
        at = situation.take(self.row_face[chosen[rows]] - 1, axis=0)
        at += tables.joker_start[chosen[rows]][:, None]
        box_bit = self._box_bits[self.row_box[chosen[rows]]]
        where = rows if len(joker) == len(filled) else np.ix_(rows, joker)
        allowed[where] = ((filled_here & box_bit) == 0) & tables.joker_allowed.take(at)
        gain[where] = tables.joker_gain.take(at)
        after[where] = (filled_here | box_bit) * tables.per_card + tables.joker_after.take(at)

    @functools.cached_property
    def _box_bits(self) -> Ints:
        return 1 << np.arange(self.space.number_of_boxes)[:, None]

    @functools.cached_property
    def offers(self) -> OfferTables:
        """What every row offers, by the part of a state that is not its filled boxes (see
        :class:`OfferTables`): worked out here once from the model's tables."""
        space = self.space
        upper, fifty = np.divmod(np.arange(space.sub_states), space.fifties)
        points = self.row_points[:, None]
        gain = points + self._bonus_gained(self.row_box, points, upper)
        after = self._after(np.repeat(space.index(0, upper, fifty)[None, :], self.rows, axis=0),
                            self.row_box, points, upper, fifty)
        # The joker rows, by (joker row, situation, sub).
        rows = np.flatnonzero(self.row_face)
        start = np.full(self.rows, -1, dtype=np.intp)
        start[rows] = np.arange(len(rows)) * len(JOKER_SITUATIONS) * space.sub_states
        upper, fifty = (np.tile(each, len(JOKER_SITUATIONS)) for each in (upper, fifty))
        situation = np.repeat(np.arange(len(JOKER_SITUATIONS)), space.sub_states)
        box = self.row_box[rows]
        at = (self.row_face[rows][:, None], fifty[None, :], situation[None, :], box[:, None])
        joker_points = self.joker_points[at]
        joker_gain = (joker_points + self.joker_bonus[at]
                      + self._bonus_gained(box, joker_points, upper))
        joker_after = self._after(np.repeat(space.index(0, upper, fifty)[None, :], len(rows),
                                            axis=0), box, joker_points, upper, fifty)
        return OfferTables(space.sub_states, space.yahtzee_bit, space.full & ~UPPER_BOXES,
                           gain.ravel(), after.ravel(), start, self.joker_allowed[at].ravel(),
                           joker_gain.ravel(), joker_after.ravel())

    def _after(self, following: Ints, box: Ints, points: npt.NDArray[np.int64],
               upper: Ints, fifty: Ints) -> Ints:
        """The states the rows lead to: ``following`` (a new array, changed in place) with the
        upper subtotal and the yahtzee box's 50 brought up to date."""
        space = self.space
        if space.uppers > 1:
            uppers = np.searchsorted(box, 6)  # rows of the upper boxes come first
            raised = np.minimum(points[:uppers], UPPER_CAP - upper[None, :])
            following[:uppers] += raised * space.fifties
        if space.fifties > 1:
            bonus_box = space.rules.boxes.index(space.rules.bonus_box)
            first, last = np.searchsorted(box, [bonus_box, bonus_box + 1])
            full = points[first:last] == space.rules.bonus_box_score
            following[first:last] += full - fifty[None, :]
        return following

    def _bonus_gained(self, box: Ints, points: npt.NDArray[np.int64],
                     upper: Ints) -> npt.NDArray[np.int64]:
        bonus = np.zeros((len(box), len(upper)), dtype=np.int64)
        if self.space.uppers > 1:
            uppers = np.searchsorted(box, 6)
            bonus[:uppers] = self.upper_bonus_points[upper[None, :],
                                                     np.minimum(points[:uppers], UPPER_POINTS)]
        return bonus


def box_rows(rules: RulesLike) -> BoxRows:
    """The :class:`BoxRows` of a rule set (read from the model once, then kept)."""
    return _box_rows(get_rules(rules))


@functools.cache
def _box_rows(rules: Rules) -> BoxRows:
    space = StateSpace.of(rules)
    boxes = rules.boxes
    plain = np.array(score_table(rules), dtype=np.int64)  # rows: HANDS; columns: boxes
    five_of_a_kind = {hand[0]: h for h, hand in enumerate(HANDS) if len(set(hand)) == 1}
    row_box: list[int] = []
    row_points: list[int] = []
    row_face: list[int] = []
    row_of = np.zeros((len(boxes), len(HANDS)), dtype=np.intp)
    for c in range(len(boxes)):
        values = sorted(set(plain[:, c].tolist()))
        first = len(row_box)
        row_box += [c] * len(values)
        row_points += values
        row_face += [0] * len(values)
        row_of[c] = first + np.searchsorted(values, plain[:, c])
        if space.fifties == 2:
            for face, h in five_of_a_kind.items():
                row_of[c, h] = len(row_box)
                row_box.append(c)
                row_points.append(int(plain[h, c]))
                row_face.append(face)
    if len(row_box) >= 512:
        raise AssertionError("more score rows than tags (512)")  # cannot happen with 5 dice
    joker = _joker_tables(rules) if space.fifties == 2 else _no_jokers(len(boxes))
    return BoxRows(space, np.array(row_box, dtype=np.intp),
                   np.array(row_points, dtype=np.int64), np.array(row_face, dtype=np.intp),
                   row_of, plain, _allowed_plain(rules), _upper_bonus_table(rules), *joker)


def _allowed_plain(rules: Rules) -> npt.NDArray[np.bool_]:
    """May each box take an ordinary hand: [box, 0] with the upper section full, [box, 1] not."""
    ordinary = (1, 2, 3, 4, 6)
    empty = Scorecard.empty(rules)
    upper_full = Scorecard.from_filled(dict.fromkeys(rules.upper_section, 0), rules)
    allowed = np.ones((len(rules.boxes), 2), dtype=bool)
    for c, box in enumerate(rules.boxes):
        allowed[c, 1] = empty.option(ordinary, box).allowed
        if box in rules.lower_section:
            allowed[c, 0] = upper_full.option(ordinary, box).allowed
    return allowed


def _upper_bonus_table(rules: Rules) -> npt.NDArray[np.int64]:
    """``[subtotal before, points]``: the upper bonus earned by scoring ``points`` up there."""
    table = np.zeros((UPPER_CAP + 1, UPPER_POINTS + 1), dtype=np.int64)
    if not rules.has_upper_bonus:
        return table
    upper = rules.upper_section
    for face, before in itertools.product(FACES, range(UPPER_CAP + 1)):
        card = Scorecard.from_filled({upper[face % 6]: before}, rules)  # another upper box
        other = 1 if face != 1 else 2
        for n in range(NUMBER_OF_DICE + 1):
            dice = (face,) * n + (other,) * (NUMBER_OF_DICE - n)
            table[before, face * n] = card.bonus(dice, upper[face - 1])
    return table


def _no_jokers(boxes: int) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.int64],
                                    npt.NDArray[np.int64]]:
    shape = (7, 2, 8, boxes)
    return (np.zeros(shape, dtype=bool), np.zeros(shape, dtype=np.int64),
            np.zeros(shape, dtype=np.int64))


def _joker_tables(rules: Rules) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.int64],
                                         npt.NDArray[np.int64]]:
    """What a five of a kind may do once the yahtzee box is filled, per situation, read from
    :meth:`Scorecard.options` on one representative card per (face, 0 or 50, situation)."""
    allowed, points, bonus = _no_jokers(len(rules.boxes))
    bonus_box = rules.bonus_box
    if bonus_box is None:
        return allowed, points, bonus
    lower = [c for c in rules.lower_section if c != bonus_box]
    for face, fifty, (face_open, other_upper_open, lower_open) in itertools.product(
            FACES, (0, 1), JOKER_SITUATIONS):
        face_box = rules.upper_section[face - 1]
        closed = {bonus_box: rules.bonus_box_score if fifty else 0}
        closed.update({c: 0 for c in rules.upper_section
                       if not (face_open if c == face_box else other_upper_open)})
        closed.update({c: 0 for c in lower if not lower_open})
        card = Scorecard.from_filled(closed, rules)
        situation = 4 * face_open + 2 * other_upper_open + lower_open
        for c, option in enumerate(card.options((face,) * NUMBER_OF_DICE)):
            if card.is_open(option.box):
                allowed[face, fifty, situation, c] = option.allowed
                points[face, fifty, situation, c] = option.points
                bonus[face, fifty, situation, c] = option.bonus
    return allowed, points, bonus


def possible_scores(rules: Rules) -> dict[str, frozenset[int]]:
    """Every score a box can hold under these rules (plain and joker), read from the
    solver's score rows."""
    rows = box_rows(rules)
    found: dict[str, set[int]] = {c: set() for c in rules.boxes}
    for box, points in zip(rows.row_box, rows.row_points, strict=True):
        found[rules.boxes[box]].add(int(points))
    for c, name in enumerate(rules.boxes):
        allowed = rows.joker_allowed[..., c]
        found[name].update(int(p) for p in np.unique(rows.joker_points[..., c][allowed]))
    return {c: frozenset(points) for c, points in found.items()}


def chunks(items: Sequence[int] | Ints, size: int) -> Iterator[slice]:
    """Slices cutting ``items`` into pieces of at most ``size``."""
    for start in range(0, len(items), size):
        yield slice(start, start + size)
