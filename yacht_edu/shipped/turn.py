"""One turn of the optimal player, worked out in pure Python from a shipped table.

The shipped table says what every scorecard is worth (:mod:`yacht_edu.shipped`); the coach
needs one more thing, what each choice of *this* turn is worth, and that is one turn of the
solver's recursion (read :mod:`yacht_edu.solver.plain` for the idea):

1. :func:`end_of_turn` — each of the 252 hands, scored in its best box: the points the box adds
   now plus what the scorecard it leaves is worth (the table's numbers);
2. :func:`roll_the_rest` — each of the 462 keeps: the average, over the dice thrown again, of
   the hands that come out, one die at a time;
3. :func:`keeps_worth` — with more rolls to come, each hand is worth its best keep.

The same additions in the same order as the numpy solver (:mod:`yacht_edu.solver.turn`), so the
numbers agree with the numpy coach's to the last digits, and the choices are the same (ties:
within :data:`~yacht_edu.ranking.TIE`).  About 40 ms for a scorecard's first question in
CPython (0.1–0.2 s in the browser), then the turn's other questions at once.

>>> from yacht_edu.dice import Dice
>>> player = ShippedScore.of("yacht")
>>> card = Scorecard.empty("yacht")
>>> found = dict(choice_values(player, card, Dice(1, 2, 2, 4, 6), rolls_left=2))
>>> round(found[(6,)].expected, 2), round(found[(4, 6)].expected, 2)   # as yacht_edu.coach
(164.24, 164.02)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field

from yacht_edu.dice import Dice
from yacht_edu.hands import FIRST_HAND, HANDS, KEEP_INDEX, KEEPS, one_more_die, sub_keep_indices
from yacht_edu.ranking import ChoiceValue, ChoiceWorth, after_filling, expected_worth
from yacht_edu.rules import Rules, RulesLike, get_rules
from yacht_edu.scorecard import Scorecard
from yacht_edu.shipped import ShippedTable, shipped_table

#: (expected points to come, their mean square): what a hand or a keep is worth.
Worth = tuple[float, float]


@dataclass(frozen=True, eq=False)
class ShippedScore:
    """The optimal player (the highest expected final score), read from a shipped table: what
    the coach asks of an objective (:class:`yacht_edu.solver.objective.ExpectedScore`)."""

    table: ShippedTable
    #: Each state's hands at the end of the turn, then its keeps with 1, 2 ... rolls to come:
    #: the three decisions of a turn (and a board's every click) share them.
    turns: dict[tuple[int, int], list[Worth]] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, rules: RulesLike) -> ShippedScore:
        """The player of a shipped rule set (LookupError for one not shipped)."""
        return _player(get_rules(rules))

    @property
    def rules(self) -> Rules:
        return self.table.rules

    @property
    def target(self) -> int | None:
        return None

    def before_roll(self, card: Scorecard, points: int) -> ChoiceWorth:
        mean, mean_square = self.table.future(card)
        return self.worth((mean, mean_square), card)

    def filled(self, card: Scorecard, after: Scorecard, points: int) -> tuple[float, float]:
        return after_filling(after.total - card.total, *self.table.future(after))

    def worth(self, values: Sequence[float], card: Scorecard) -> ChoiceWorth:
        return expected_worth(values, card.total)


@functools.lru_cache(maxsize=8)
def _player(rules: Rules) -> ShippedScore:
    table = shipped_table(rules)
    if table is None:
        raise LookupError(rules.label())
    return ShippedScore(table)


#: The most (state, rolls to come) a player keeps worked out; then it starts again.
MOST_KEPT = 4096


def turn_values(player: ShippedScore, card: Scorecard, to_come: int) -> list[Worth]:
    """The 252 hands' worth at the end of the turn (``to_come`` 0), or the 462 keeps' with
    ``to_come`` rolls still to come, for ``card``'s state, worked out once."""
    key = (player.table.state_number(card), to_come)
    found = player.turns.get(key)
    if found is None:
        if len(player.turns) >= MOST_KEPT:
            player.turns.clear()
        found = (end_of_turn(player, card) if to_come == 0
                 else keeps_worth(turn_values(player, card, 0), to_come))
        player.turns[key] = found
    return found


def end_of_turn(player: ShippedScore, card: Scorecard) -> list[Worth]:
    """Each hand (in :data:`~yacht_edu.hands.HANDS` order) scored in its best box; among boxes
    of equal worth, the later one."""
    after: dict[tuple[str, int], Worth] = {}  # the future of each (box, points): few of them
    hands: list[Worth] = []
    for hand in HANDS:
        best: Worth | None = None
        for option in card.options(hand):
            if not option.allowed:
                continue
            key = (option.box, option.points)
            if key not in after:
                after[key] = player.table.future(card.fill(hand, option.box))
            mean, mean_square = after[key]
            gain = option.gain
            worth = gain + mean
            if best is None or worth >= best[0]:
                best = (worth, gain * gain + 2 * gain * mean + mean_square)
        if best is None:
            raise ValueError("no open box")
        hands.append(best)
    return hands


def roll_the_rest(hands: Sequence[Worth]) -> list[Worth]:
    """What each of the 462 keeps is worth when the other dice are thrown: the average of its
    six keeps with one more die, from the five-dice keeps (the hands) down."""
    worth: list[Worth] = [(0.0, 0.0)] * FIRST_HAND + list(hands)
    for at in range(FIRST_HAND - 1, -1, -1):  # keeps by size, largest first
        children = [worth[child] for child in one_more_die(KEEPS[at])]
        total = sum_in_order(child[0] for child in children)
        squares = sum_in_order(child[1] for child in children)
        worth[at] = (total * (1 / 6), squares * (1 / 6))
    return worth


def sum_in_order(values: object) -> float:
    """Left to right, as numpy adds the six faces (``sum`` would start from the integer 0)."""
    total = 0.0
    for value in values:  # type: ignore[attr-defined]
        total += value
    return total


def keeps_worth(hands: Sequence[Worth], to_come: int) -> list[Worth]:
    """Every keep's worth (462) with ``to_come`` rolls still to come (at least 1): before each
    later roll, each hand keeps its best keep (ties: more dice kept)."""
    values = list(hands)
    for _ in range(1, to_come):
        keeps = roll_the_rest(values)
        values = [keeps[best_keep(keeps, hand)] for hand in HANDS]
    return roll_the_rest(values)


def best_keep(keeps: Sequence[Worth], hand: tuple[int, ...]) -> int:
    """The index of ``hand``'s best keep (among equals the later one: more dice kept)."""
    best = -1
    for at in sub_keep_indices(hand):
        if best < 0 or keeps[at][0] >= keeps[best][0]:
            best = at
    return best


def choice_values(player: ShippedScore, card: Scorecard, dice: Dice, rolls_left: int,
                  points: int | None = None) -> list[tuple[ChoiceValue, ChoiceWorth]]:
    """Every legal choice of a moment and its worth, as
    :func:`yacht_edu.solver.objective.choice_values` gives them: a keep (sorted values; keeping
    all five is stopping to score) with rolls left, else a box."""
    if rolls_left == 0:
        return [(option.box, player.worth(player.filled(card, card.fill(dice, option.box), 0),
                                          card))
                for option in card.options(dice) if option.allowed]
    now = turn_values(player, card, rolls_left)
    stop = turn_values(player, card, 1)
    found: list[tuple[ChoiceValue, ChoiceWorth]] = []
    for at in sub_keep_indices(dice.hand):
        keep = KEEPS[at]
        values = stop if len(keep) == len(dice) else now
        found.append((keep, player.worth(values[KEEP_INDEX[keep]], card)))
    return found
