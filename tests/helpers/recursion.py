"""A plain, slow recursion over a rule set's scorecards, which the solver is checked against
(``test_solver_small.py``, ``test_solver_small_bonus.py``).

The recursion shares no code with the solver: it walks (scorecard, hand, rolls left) with the
model's ``reroll_chances`` and ``Scorecard.options`` / ``Scorecard.fill``, tries every keep as
a subset of the five dice's positions, and remembers what it has worked out.  It carries, next
to the expected points, the lowest and highest mean square among the optimal choices (ties
may differ in spread).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator

from yacht_edu import Scorecard, get_rules
from yacht_edu.dice import reroll_chances
from yacht_edu.rules import Rules

VARIANTS = [
    get_rules("yacht"),
    get_rules("yacht_sum4"),
    *(get_rules("yahtzee", joker=joker, upper_first=first)
      for joker in ("forced", "free", "none") for first in (False, True)),
]

Moments = tuple[float, float, float]  # mean, lowest and highest mean square
TIE = 1e-9


class Recursion:
    """Expected points still to come, by brute force over keeps, for one rule set."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.cards: dict[tuple[object, ...], Scorecard] = {}

    def key(self, card: Scorecard) -> tuple[object, ...]:
        """What of a card matters for the rest of the game: the open boxes, the upper subtotal
        (63 or more is all one), what the yahtzee box holds."""
        yahtzee = card.boxes.get("yahtzee")
        upper = min(card.upper_subtotal, 63) if self.rules.has_upper_bonus else 0
        return (card.open_categories, upper, yahtzee if self.rules.has_yahtzee_bonus else None)

    def future(self, card: Scorecard) -> Moments:
        key = self.key(card)
        self.cards.setdefault(key, card)
        return self._future(key)

    @functools.cache  # noqa: B019 (one Recursion per test)
    def _future(self, key: tuple[object, ...]) -> Moments:
        card = self.cards[key]
        if card.complete:
            return (0.0, 0.0, 0.0)
        return self.expect(key, (), rolls_left=3)

    @functools.cache  # noqa: B019
    def expect(self, key: tuple[object, ...], kept: tuple[int, ...], rolls_left: int) -> Moments:
        """Keep ``kept``, roll the other dice: the moments of the points to come."""
        mean = low = high = 0.0
        for hand, chance in reroll_chances(kept).items():
            m, lo, hi = self.best(key, hand, rolls_left - 1)
            p = float(chance)
            mean, low, high = mean + p * m, low + p * lo, high + p * hi
        return mean, low, high

    @functools.cache  # noqa: B019
    def best(self, key: tuple[object, ...], hand: tuple[int, ...], rolls_left: int) -> Moments:
        if rolls_left == 0:
            choices = list(self.scorings(key, hand))
        else:
            keeps = {tuple(sorted(hand[i] for i in subset))
                     for r in range(6) for subset in itertools.combinations(range(5), r)}
            choices = [self.expect(key, keep, rolls_left) if len(keep) < 5
                       else self.best(key, hand, 0) for keep in keeps]
        top = max(m for m, _, _ in choices)
        tied = [c for c in choices if top - c[0] <= TIE]
        return top, min(c[1] for c in tied), max(c[2] for c in tied)

    def scorings(self, key: tuple[object, ...], hand: tuple[int, ...]) -> Iterator[Moments]:
        card = self.cards[key]
        for option in card.options(hand):
            if option.allowed:
                after = card.fill(hand, option.category)
                gain = after.total - card.total
                m, lo, hi = self.future(after)
                yield gain + m, gain * gain + 2 * gain * m + lo, gain * gain + 2 * gain * m + hi
