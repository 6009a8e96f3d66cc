"""The spread of the points still to come under optimal play, by the plain solver's recursion:
the rule sets the solver is checked on (``test_solver_small.py``, ``test_solver_small_bonus.py``)
and the range of mean squares its optimal choices give.

The package's plain solver (:mod:`yacht_edu.solver.plain`) gives the expected points exactly;
this carries, next to them, the lowest and highest mean square among the optimal choices (ties
may differ in spread), in floats, by the same walk over (scorecard, hand, rolls left) — every
keep of every hand, the model's ``reroll_chances``, ``Scorecard.options`` and ``fill`` — and the
plain solver's :class:`~yacht_edu.solver.plain.RestOfGame` to remember each card once.  The fast
solver's mean square must lie in that range.
"""

from __future__ import annotations

import functools

from yacht_edu import Scorecard, get_rules
from yacht_edu.dice import reroll_chances
from yacht_edu.hands import Hand, sub_keeps
from yacht_edu.solver.plain import RestOfGame

__all__ = ["TIE", "VARIANTS", "Moments", "moments"]

#: Every rule set and option: Yacht, its four-of-a-kind variant, Yahtzee's jokers and orders.
VARIANTS = [
    get_rules("yacht"),
    get_rules("yacht_sum4"),
    *(get_rules("yahtzee", joker=joker, upper_first=first)
      for joker in ("forced", "free", "none") for first in (False, True)),
]

Moments = tuple[float, float, float]  # mean, lowest and highest mean square
#: Expected points closer than this are a tie (as the solver's TIE).
TIE = 1e-9


def moments(card: Scorecard) -> Moments:
    """The points still to come from ``card``: their mean, and the lowest and highest mean
    square optimal play can give."""
    return _moments(RestOfGame.of(card))


def _best(choices: list[Moments]) -> Moments:
    top = max(mean for mean, _, _ in choices)
    tied = [choice for choice in choices if top - choice[0] <= TIE]
    return top, min(low for _, low, _ in tied), max(high for _, _, high in tied)


@functools.cache
def _moments(rest: RestOfGame) -> Moments:
    card = rest.card
    if card.complete:
        return (0.0, 0.0, 0.0)

    def scoring(hand: Hand, box: str, gain: int) -> Moments:
        mean, low, high = _moments(RestOfGame.of(card.fill(hand, box)))
        square = gain * gain + 2 * gain * mean
        return gain + mean, square + low, square + high

    @functools.cache
    def hand_moments(hand: Hand, rolls_left: int) -> Moments:
        if rolls_left == 0:
            return _best([scoring(hand, option.box, option.gain)
                          for option in card.options(hand) if option.allowed])
        return _best([keep_moments(kept, rolls_left) for kept in sub_keeps(hand)])

    @functools.cache
    def keep_moments(kept: Hand, rolls_left: int) -> Moments:
        mean = low = high = 0.0
        for hand, chance in reroll_chances(kept).items():
            m, lo, hi = hand_moments(hand, rolls_left - 1)
            p = float(chance)
            mean, low, high = mean + p * m, low + p * lo, high + p * hi
        return mean, low, high

    return keep_moments((), card.rules.rolls)
