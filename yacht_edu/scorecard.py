"""One player's scorecard: what is filled, what each box would add now, and why a box is closed.

A :class:`Scorecard` is an immutable value: :meth:`Scorecard.fill` returns a new one.  This module
is the one place for the rules that depend on the boxes already filled: the 35-point upper bonus,
the 100-point Yahtzee bonus, the joker rule under each ``joker`` option, and ``upper_first``.

>>> card = Scorecard.empty("yacht").fill((5, 5, 5, 2, 1), "fives")
>>> card.total, card["fives"], card.is_open("fives")
(15, 15, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from yacht_edu.checks import whole_number
from yacht_edu.dice import Dice
from yacht_edu.errors import (
    ArgumentTypeError,
    BoxUsedError,
    JokerRuleError,
    RuleError,
    UpperSectionFirstError,
)
from yacht_edu.i18n import BoxName, BoxNames, Given
from yacht_edu.rules import (
    Rules,
    RulesLike,
    get_rules,
    hand_of,
    is_five_of_a_kind,
)
from yacht_edu.shown import shown_by

__all__ = ["Option", "Scorecard"]


@dataclass(frozen=True)
class Option:
    """What one box offers for the dice in hand: may it be chosen, why not, what it adds."""

    box: str
    allowed: bool
    points: int
    bonus: int
    reason: RuleError | None = field(default=None, compare=False)

    @property
    def gain(self) -> int:
        """Points this choice adds to the total now: the box plus any bonus it earns."""
        return self.points + self.bonus


@dataclass(frozen=True)
class Scorecard:
    """The boxes of one player: ``None`` for an open box, else its score."""

    rules: Rules
    boxes: Mapping[str, int | None]
    yahtzee_bonuses: int = 0

    @classmethod
    def empty(cls, rules: RulesLike = "yacht") -> Scorecard:
        ruleset = get_rules(rules)
        return cls(ruleset, MappingProxyType(dict.fromkeys(ruleset.boxes)))

    @classmethod
    def from_filled(cls, filled: Mapping[str, int], rules: RulesLike = "yacht",
                    yahtzee_bonuses: int = 0) -> Scorecard:
        """A scorecard with ``filled`` boxes already scored (for the coach and for lessons)."""
        card = cls.empty(rules)
        if not isinstance(filled, Mapping):
            raise ArgumentTypeError("error.filled_not_mapping", given=Given(filled))
        for box, points in filled.items():
            card.rules.check_box(box)
            whole = whole_number(points)
            if whole is None or whole < 0:
                raise RuleError("error.bad_box_score", box=BoxName(box),
                                value=Given(points))
        bonuses = whole_number(yahtzee_bonuses)
        if bonuses is None or not 0 <= bonuses < card.rules.turns:
            raise RuleError("error.bad_bonus_count", given=Given(yahtzee_bonuses),
                            most=card.rules.turns - 1)
        boxes = {c: whole_number(filled.get(c)) for c in card.rules.boxes}
        return cls(card.rules, MappingProxyType(boxes), bonuses)

    # -- reading the card ---------------------------------------------------------------------

    def __getitem__(self, box: str) -> int | None:
        return self.boxes[self.rules.check_box(box)]

    def __iter__(self) -> Iterator[str]:
        return iter(self.boxes)

    def is_open(self, box: str) -> bool:
        return self[box] is None

    @property
    def open_boxes(self) -> tuple[str, ...]:
        return tuple(c for c, v in self.boxes.items() if v is None)

    @property
    def filled(self) -> dict[str, int]:
        return {c: v for c, v in self.boxes.items() if v is not None}

    @property
    def complete(self) -> bool:
        return not self.open_boxes

    @property
    def upper_subtotal(self) -> int:
        return sum(self.boxes[c] or 0 for c in self.rules.upper_section)

    @property
    def upper_bonus(self) -> int:
        """The upper bonus once earned (yahtzee: 35 once the upper section reaches 63)."""
        rule = self.rules.upper_bonus_rule
        return rule[1] if rule is not None and self.upper_subtotal >= rule[0] else 0

    @property
    def lower_subtotal(self) -> int:
        return sum(self.boxes[c] or 0 for c in self.rules.lower_section)

    @property
    def yahtzee_bonus(self) -> int:
        return self.rules.bonus_points * self.yahtzee_bonuses

    @property
    def in_bonus_box(self) -> int | None:
        """What the bonus box (yahtzee's yahtzee box) holds where a joker rule reads it; None
        while it is open, or where the rules have no yahtzee bonus."""
        box = self.rules.bonus_box
        return self.boxes[box] if box is not None and self.rules.has_yahtzee_bonus else None

    @property
    def bonus_box_full(self) -> bool:
        """Whether the bonus box holds its five of a kind (yahtzee's 50), so that a further five
        of a kind earns the yahtzee bonus."""
        return self.in_bonus_box is not None and self.in_bonus_box == self.rules.bonus_box_score

    @property
    def total(self) -> int:
        return sum(self.filled.values()) + self.upper_bonus + self.yahtzee_bonus

    # -- the rules that read the card ---------------------------------------------------------

    def joker_applies(self, dice: Dice | Iterable[int]) -> bool:
        """A five of a kind with the bonus box (yahtzee's yahtzee box) already filled, under a
        joker rule."""
        return self.in_bonus_box is not None and is_five_of_a_kind(dice)

    def earns_yahtzee_bonus(self, dice: Dice | Iterable[int]) -> bool:
        return self.joker_applies(dice) and self.bonus_box_full

    def points(self, dice: Dice | Iterable[int], box: str) -> int:
        """What the box itself would hold: the plain score, or the joker's 25/30/40."""
        rules = self.rules
        plain = rules.score(dice, box)
        fixed = rules.joker_scores.get(box)
        if fixed is None or not self.joker_applies(dice):
            return plain
        if rules.joker == "forced":
            return fixed
        face = hand_of(dice)[0]  # "free": fixed only once the matching upper box is filled
        return fixed if not self.is_open(rules.upper_section[face - 1]) else plain

    def refusal(self, dice: Dice | Iterable[int], box: str) -> RuleError | None:
        """Why ``box`` may not be chosen for these dice now, or None if it may."""
        rules = self.rules
        if not self.is_open(box):
            return BoxUsedError(box=BoxName(box), count=self.boxes[box])
        upper_open = [c for c in rules.upper_section if self.is_open(c)]
        if rules.upper_first and box in rules.lower_section and upper_open:
            return UpperSectionFirstError(box=BoxName(box),
                                          left=BoxNames(upper_open))
        if not (self.joker_applies(dice) and rules.joker == "forced"):
            return None
        must = self.joker_boxes(dice)
        if box in must:
            return None
        return JokerRuleError(box=BoxName(box), choices=BoxNames(must))

    def joker_boxes(self, dice: Dice | Iterable[int]) -> tuple[str, ...]:
        """The boxes the forced joker rule allows for this five of a kind (docs/rules.md#joker)."""
        rules = self.rules
        face_box = rules.upper_section[hand_of(dice)[0] - 1]
        if self.is_open(face_box):
            return (face_box,)
        lower = [c for c in rules.lower_section if self.is_open(c)]
        upper_open = [c for c in rules.upper_section if self.is_open(c)]
        if lower and not (rules.upper_first and upper_open):
            return tuple(lower)
        return tuple(upper_open)

    def bonus(self, dice: Dice | Iterable[int], box: str) -> int:
        """Bonus points that scoring ``box`` now would earn (yahtzee bonus, upper bonus)."""
        rules = self.rules
        extra = rules.bonus_points if self.earns_yahtzee_bonus(dice) else 0
        if rules.upper_bonus_rule is not None and box in rules.upper_section:
            threshold, points = rules.upper_bonus_rule
            before = self.upper_subtotal
            if before < threshold <= before + self.points(dice, box):
                extra += points
        return extra

    def option(self, dice: Dice | Iterable[int], box: str) -> Option:
        self.rules.check_box(box)
        if not self.is_open(box):
            return Option(box, False, self.boxes[box] or 0, 0,
                          self.refusal(dice, box))
        reason = self.refusal(dice, box)
        return Option(box, reason is None, self.points(dice, box),
                      self.bonus(dice, box), reason)

    def options(self, dice: Dice | Iterable[int]) -> tuple[Option, ...]:
        """For every box in scorecard order: may it be chosen now, why not, what it would add."""
        dice = Dice(hand_of(dice))
        return tuple(self.option(dice, c) for c in self.rules.boxes)

    def allowed(self, dice: Dice | Iterable[int]) -> tuple[str, ...]:
        """The boxes that may be chosen for these dice now."""
        return tuple(o.box for o in self.options(dice) if o.allowed)

    def fill(self, dice: Dice | Iterable[int], box: str) -> Scorecard:
        """A new scorecard with ``dice`` scored in ``box``; raises if that is not allowed."""
        self.rules.check_box(box)
        reason = self.refusal(dice, box)
        if reason is not None:
            raise reason
        boxes = dict(self.boxes)
        boxes[box] = self.points(dice, box)
        bonuses = self.yahtzee_bonuses + int(self.earns_yahtzee_bonus(dice))
        return Scorecard(self.rules, MappingProxyType(boxes), bonuses)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Scorecard) and self.rules == other.rules
                and dict(self.boxes) == dict(other.boxes)
                and self.yahtzee_bonuses == other.yahtzee_bonuses)

    def __hash__(self) -> int:
        return hash((self.rules, tuple(self.boxes.items()), self.yahtzee_bonuses))

    def __repr__(self) -> str:
        filled = ", ".join(f"{c}={v}" for c, v in self.filled.items())
        return f"Scorecard({self.rules!r}, total={self.total}, filled={{{filled}}})"

    def _repr_html_(self) -> str:
        return shown_by(self, "yacht_edu.display.scorecard", "scorecard_html")
