"""The three rule sets: ``yacht`` (default), ``yacht_sum4`` and ``yahtzee`` — what each box scores.

Every scoring rule of the package lives here; the scorecard adds only what depends on the boxes
already filled (bonuses, the joker rule, ``upper_first``).

>>> score((5, 5, 5, 2, 1), "fives")
15
>>> score((3, 3, 3, 3, 3), "four_of_a_kind"), score((4, 4, 4, 4, 1), "four_of_a_kind", "yacht_sum4")
(12, 17)
>>> categories("yahtzee")[:2]
('aces', 'twos')
>>> get_rules("yahtzee", joker="free")
Rules('yahtzee', joker='free', upper_first=False)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from yacht_edu.dice import FACES, Dice, Hand
from yacht_edu.errors import UnknownBoxError, UnknownRulesError
from yacht_edu.hands import HANDS
from yacht_edu.i18n import Given

__all__ = [
    "JOKER_OPTIONS",
    "RULE_SETS",
    "Joker",
    "Rules",
    "RulesLike",
    "categories",
    "get_rules",
    "score",
    "score_table",
]

Joker = Literal["forced", "free", "none"]
JOKER_OPTIONS: tuple[Joker, ...] = ("forced", "free", "none")
RULE_SETS = ("yacht", "yacht_sum4", "yahtzee")

UPPER_YACHT = ("ones", "twos", "threes", "fours", "fives", "sixes")
UPPER_YAHTZEE = ("aces", "twos", "threes", "fours", "fives", "sixes")
LOWER_YACHT = ("full_house", "four_of_a_kind", "little_straight", "big_straight", "choice", "yacht")
LOWER_YAHTZEE = (
    "three_of_a_kind", "four_of_a_kind", "full_house", "small_straight", "large_straight",
    "yahtzee", "chance",
)

#: Rolls in a turn, for every built-in rule set.
ROLLS = 3

# The numbers of the yahtzee scorecard (docs/rules.md#yahtzee).
UPPER_BONUS_THRESHOLD = 63
#: Points the upper bonus and each yahtzee bonus are worth.
UPPER_BONUS_POINTS = 35
YAHTZEE_BONUS_POINTS = 100
FIXED_SCORES: Mapping[str, int] = {"full_house": 25, "small_straight": 30, "large_straight": 40}


def hand_counts(hand: Hand) -> tuple[int, ...]:
    return tuple(hand.count(face) for face in FACES)


def of_a_kind(hand: Hand, n: int) -> int | None:
    """The face shown by at least ``n`` dice, or None."""
    return next((face for face in FACES if hand.count(face) >= n), None)


def is_full_house(hand: Hand) -> bool:
    """Three of one face and two of a *different* face."""
    return sorted(c for c in hand_counts(hand) if c) == [2, 3]


def has_run(hand: Hand, length: int) -> bool:
    """``length`` consecutive faces among the dice."""
    faces = set(hand)
    return any(all(f + i in faces for i in range(length)) for f in FACES)


def upper(face: int) -> Callable[[Hand], int]:
    def box(hand: Hand) -> int:
        return face * hand.count(face)

    box.__doc__ = f"The sum of the dice showing {face}."
    return box


def yacht_four_of_a_kind(hand: Hand) -> int:
    face = of_a_kind(hand, 4)
    return 0 if face is None else 4 * face


def sum_if(test: Callable[[Hand], bool]) -> Callable[[Hand], int]:
    return lambda hand: sum(hand) if test(hand) else 0


def fixed_if(points: int, test: Callable[[Hand], bool]) -> Callable[[Hand], int]:
    return lambda hand: points if test(hand) else 0


def five_of_a_kind(hand: Hand) -> bool:
    return len(set(hand)) == 1


def yacht_boxes(four_of_a_kind: Callable[[Hand], int]) -> dict[str, Callable[[Hand], int]]:
    return {
        **{name: upper(face) for name, face in zip(UPPER_YACHT, FACES, strict=True)},
        "full_house": sum_if(is_full_house),
        "four_of_a_kind": four_of_a_kind,
        "little_straight": fixed_if(30, lambda h: h == (1, 2, 3, 4, 5)),
        "big_straight": fixed_if(30, lambda h: h == (2, 3, 4, 5, 6)),
        "choice": sum,
        "yacht": fixed_if(50, five_of_a_kind),
    }


BOXES: Mapping[str, Mapping[str, Callable[[Hand], int]]] = {
    "yacht": yacht_boxes(yacht_four_of_a_kind),
    "yacht_sum4": yacht_boxes(sum_if(lambda h: of_a_kind(h, 4) is not None)),
    "yahtzee": {
        **{name: upper(face) for name, face in zip(UPPER_YAHTZEE, FACES, strict=True)},
        "three_of_a_kind": sum_if(lambda h: of_a_kind(h, 3) is not None),
        "four_of_a_kind": sum_if(lambda h: of_a_kind(h, 4) is not None),
        "full_house": fixed_if(25, is_full_house),
        "small_straight": fixed_if(30, lambda h: has_run(h, 4)),
        "large_straight": fixed_if(40, lambda h: has_run(h, 5)),
        "yahtzee": fixed_if(50, five_of_a_kind),
        "chance": sum,
    },
}


@dataclass(frozen=True)
class Rules:
    """A rule set with its variant (yahtzee's ``joker`` and ``upper_first`` switches, see
    docs/rules.md#variants).  Make one with :func:`get_rules`."""

    name: str = "yacht"
    joker: Joker = "forced"
    upper_first: bool = False
    scorers: Mapping[str, Callable[[Hand], int]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or self.name not in RULE_SETS:
            raise UnknownRulesError(
                "error.unknown_rule_set", name=Given(self.name), choices=", ".join(RULE_SETS)
            )
        if not isinstance(self.joker, str) or self.joker not in JOKER_OPTIONS:
            raise UnknownRulesError(
                "error.unknown_joker", value=Given(self.joker), choices=", ".join(JOKER_OPTIONS)
            )
        if not isinstance(self.upper_first, bool):
            raise UnknownRulesError("error.upper_first_not_bool", value=Given(self.upper_first))
        # A str subclass (numpy's str_) becomes a plain str, so reprs and cache names agree.
        object.__setattr__(self, "name", str(self.name))
        object.__setattr__(self, "joker", str(self.joker))
        if self.name != "yahtzee" and (self.joker != "forced" or self.upper_first):
            raise UnknownRulesError("error.option_not_for", name=self.name)
        object.__setattr__(self, "scorers", BOXES[self.name])

    @property
    def is_yahtzee(self) -> bool:
        return self.name == "yahtzee"

    @property
    def boxes(self) -> tuple[str, ...]:
        """The boxes in scorecard order."""
        return tuple(self.scorers)

    @property
    def upper_section(self) -> tuple[str, ...]:
        """The six number boxes, ones (or aces) to sixes."""
        return self.boxes[:6]

    @property
    def lower_section(self) -> tuple[str, ...]:
        return self.boxes[6:]

    @property
    def has_upper_bonus(self) -> bool:
        """Whether 63 in the upper section earns 35 more."""
        return self.is_yahtzee

    @property
    def has_yahtzee_bonus(self) -> bool:
        """Whether a further five of a kind earns 100 while the yahtzee box holds 50."""
        return self.is_yahtzee and self.joker != "none"

    @property
    def rolls(self) -> int:
        """Rolls in a turn (3; a custom rule set may choose 1 to 6)."""
        return ROLLS

    @property
    def upper_bonus_rule(self) -> tuple[int, int]:
        """The upper bonus as (threshold, points): 63 or more in the upper section earns 35."""
        return UPPER_BONUS_THRESHOLD, UPPER_BONUS_POINTS

    @property
    def yahtzee_bonus_points(self) -> int:
        """What each further five of a kind earns while the yahtzee box holds 50."""
        return YAHTZEE_BONUS_POINTS

    @property
    def joker_scores(self) -> Mapping[str, int]:
        """What the joker rule lets a five of a kind score in the boxes with a fixed score."""
        return FIXED_SCORES

    @property
    def variant(self) -> dict[str, object]:
        """The rule variant: the switches a rule set has and how they are set (yahtzee's joker
        and upper_first; nothing for yacht); used in reprs and saved games."""
        return {"joker": self.joker, "upper_first": self.upper_first} if self.is_yahtzee else {}

    @property
    def turns(self) -> int:
        """Turns per player: one per box."""
        return len(self.scorers)

    def face_of(self, box: str) -> int | None:
        """The face an upper box counts (1..6), or None for a lower box."""
        section = self.upper_section
        return section.index(box) + 1 if box in section else None

    def check_box(self, box: object) -> str:
        if not isinstance(box, str) or box not in self.scorers:
            raise UnknownBoxError(
                box=Given(box), rules=self.name,
                choices=", ".join(self.boxes),  # the ids a learner types, not translated
            )
        return box

    def score(self, dice: Dice | Iterable[int], box: str) -> int:
        """The box's score for these dice, with no scorecard context (no bonus, no joker)."""
        return self.scorers[self.check_box(box)](hand_of(dice))

    def __repr__(self) -> str:
        shown = "".join(f", {key}={value!r}" for key, value in self.variant.items())
        return f"Rules({self.name!r}{shown})"

    def label(self, lang: str | None = None) -> str:
        """The rule set and its options in words, as a game always shows them."""
        from yacht_edu.i18n import t

        words = t(f"rules.{self.name}", lang)
        if self.is_yahtzee:
            words += " · " + t(f"rules.joker_{self.joker}", lang)
            if self.upper_first:
                words += " · " + t("rules.upper_first", lang)
        return words


RulesLike = str | Rules


def get_rules(name: RulesLike = "yacht", **variant: object) -> Rules:
    """The rule set ``name`` (``"yacht"``, ``"yacht_sum4"`` or ``"yahtzee"``) with its ``variant``.

    ``get_rules("yahtzee", joker="free", upper_first=True)``; a :class:`Rules` is returned as it is.
    """
    if isinstance(name, Rules):
        if variant:
            return get_rules(name.name, **{**name.variant, **variant})
        return name
    unknown = set(variant) - {"joker", "upper_first"}
    if unknown:
        raise UnknownRulesError(
            "error.unknown_option", option=", ".join(sorted(unknown)), choices="joker, upper_first"
        )
    return Rules(name, **variant)  # type: ignore[arg-type]


def categories(rules: RulesLike = "yacht") -> tuple[str, ...]:
    """The box names of a rule set, in scorecard order."""
    return get_rules(rules).boxes


def score(dice: Dice | Iterable[int], box: str, rules: RulesLike = "yacht") -> int:
    """The points ``dice`` score in ``box``: no scorecard context (no bonus, no joker)."""
    return get_rules(rules).score(dice, box)


@functools.cache
def score_table(rules: RulesLike = "yacht") -> tuple[tuple[int, ...], ...]:
    """Every box's plain score for every hand: ``table[h][c]`` is hand
    :data:`yacht_edu.hands.HANDS` ``[h]`` scored in ``categories(rules)[c]``.  This is the one
    score table: the one-roll counts, the chains of a turn and the solver all read it.

    >>> table = score_table("yacht")
    >>> len(table), len(table[0]), table[-1][-1]
    (252, 12, 50)
    """
    ruleset = get_rules(rules)
    boxes = [ruleset.scorers[c] for c in ruleset.boxes]
    return tuple(tuple(box(hand) for box in boxes) for hand in HANDS)


def hand_of(dice: Dice | Iterable[int]) -> Hand:
    """The sorted faces of five valid dice (a :class:`Dice` or any five whole numbers 1..6)."""
    return dice.hand if isinstance(dice, Dice) else Dice(dice).hand


def is_five_of_a_kind(dice: Dice | Iterable[int]) -> bool:
    return five_of_a_kind(hand_of(dice))

