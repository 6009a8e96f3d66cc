"""The plain solver: the best expected score, by a plain recursion over scorecards.

Read this first.  It is the whole idea of the solver in one screen, in exact fractions, reading
only the model (:meth:`Scorecard.options <yacht_edu.scorecard.Scorecard.options>`, which scores
each box with :meth:`Rules.score <yacht_edu.rules.Rules.score>` and adds the bonuses, and
:meth:`Scorecard.fill <yacht_edu.scorecard.Scorecard.fill>`).  What a scorecard is worth is the
average, over the turn's first roll, of the best the hand that comes out leads to:

- with rolls left, a hand is worth its best *keep* (any of its dice, or all five: stop rolling);
- a keep is worth the average, over the dice thrown again, of the hands that come out;
- with no roll left, a hand is worth its best *box*: the points it adds now, plus what the
  scorecard it leaves is worth — the same question, one box fewer.

It is slow (every keep of every hand, in fractions), so it is for small games and for the last
turns of big ones.  :mod:`yacht_edu.solver` computes the same for every scorecard at once, with
measured optimisations.

>>> from yacht_edu import Scorecard
>>> last_turn = Scorecard.from_filled({"ones": 3, "twos": 8, "threes": 9, "fours": 12,
...     "fives": 15, "sixes": 18, "full_house": 0, "four_of_a_kind": 16,
...     "little_straight": 30, "big_straight": 0, "yacht": 0}, "yacht")
>>> plain_expected_score(last_turn)                 # only choice is open: 5 dice, 14/3 each
Fraction(70, 3)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from fractions import Fraction

from yacht_edu.dice import reroll_chances
from yacht_edu.errors import ArgumentTypeError
from yacht_edu.hands import Hand, sub_keeps
from yacht_edu.i18n import Given
from yacht_edu.rules import Rules
from yacht_edu.scorecard import Scorecard

__all__ = ["to_come"]


def plain_expected_score(card: Scorecard) -> Fraction:
    """The expected points still to come from ``card``, every turn played as well as it can be
    (0 on a full card; from an empty one, the game's optimal expected score)."""
    if not isinstance(card, Scorecard):
        raise ArgumentTypeError("solver.error.not_a_card", given=Given(card))
    return to_come(RestOfGame.of(card))


@dataclass(frozen=True)
class RestOfGame:
    """A scorecard as the rest of the game sees it.  Its rules read only its open boxes, its
    upper subtotal (up to the bonus's threshold) and what the yahtzee box holds (50 earns the
    bonus; filled, it brings the joker in), so two cards alike in those have the same future and
    are worked out once."""

    card: Scorecard = field(compare=False)
    rules: Rules
    open_boxes: tuple[str, ...]
    upper: int
    yahtzee: int | None

    @classmethod
    def of(cls, card: Scorecard) -> RestOfGame:
        rules = card.rules
        bonus = rules.upper_bonus_rule
        upper = 0 if bonus is None else min(card.upper_subtotal, bonus[0])
        return cls(card, rules, card.open_boxes, upper, card.in_bonus_box)


@functools.cache
def to_come(rest: RestOfGame) -> Fraction:
    """The expected points of the rest of the game: one turn, then the card it leaves."""
    card = rest.card
    if card.complete:
        return Fraction(0)

    @functools.cache
    def hand_worth(hand: Hand, rolls_left: int) -> Fraction:
        if rolls_left == 0:  # the best box: points now, plus the rest of the game after it
            return max(option.gain + to_come(RestOfGame.of(card.fill(hand, option.box)))
                       for option in card.options(hand) if option.allowed)
        return max(keep_worth(kept, rolls_left) for kept in sub_keeps(hand))

    @functools.cache
    def keep_worth(kept: Hand, rolls_left: int) -> Fraction:
        """Keep ``kept``, throw the other dice: the average worth of the hands that come out."""
        return sum((chance * hand_worth(hand, rolls_left - 1)
                    for hand, chance in reroll_chances(kept).items()), Fraction(0))

    return keep_worth((), card.rules.rolls)
