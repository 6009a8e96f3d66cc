"""A rule set is one frozen value: its boxes and what each scores, the rolls of a turn, the upper
bonus, the bonus box and the joker rule, its name.  Three are built in: ``yacht`` (default),
``yacht_sum4`` and ``yahtzee``.

Every scoring rule of the package lives here, as data; the scorecard reads it and adds only what
depends on the boxes already filled (bonuses, the joker rule, ``upper_first``).  No code asks a
rule set's name what it does: a new rule set is one more value (see ``tests/test_yatzy.py``).

>>> score((5, 5, 5, 2, 1), "fives")
15
>>> score((3, 3, 3, 3, 3), "four_of_a_kind"), score((4, 4, 4, 4, 1), "four_of_a_kind", "yacht_sum4")
(12, 17)
>>> categories("yahtzee")[:2]
('aces', 'twos')
>>> get_rules("yahtzee", joker="free")
Rules('yahtzee', joker='free', upper_first=False)
>>> yahtzee = get_rules("yahtzee")
>>> yahtzee.upper_bonus_rule, yahtzee.bonus_box, yahtzee.bonus_points, yahtzee.rolls
((63, 35), 'yahtzee', 100, 3)
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

from yacht_edu.checks import whole_number
from yacht_edu.dice import Dice
from yacht_edu.errors import RuleDesignError, UnknownBoxError, UnknownRulesError
from yacht_edu.hands import FACES, HANDS, NUMBER_OF_DICE, Hand
from yacht_edu.i18n import Given, t

if TYPE_CHECKING:
    from yacht_edu.custom import Design


Joker = Literal["forced", "free", "none"]
JOKER_OPTIONS: tuple[Joker, ...] = ("forced", "free", "none")
#: What a box scores: five dice (sorted faces) -> points.
Scorer = Callable[[Hand], int]
#: The options a rule set may let a teacher set (``get_rules("yahtzee", joker="free")``).
SWITCHES = ("joker", "upper_first")

UPPER_YACHT = ("ones", "twos", "threes", "fours", "fives", "sixes")
UPPER_YAHTZEE = ("aces", "twos", "threes", "fours", "fives", "sixes")

#: Rolls in a turn, for every built-in rule set.
ROLLS = 3
#: A turn has from 1 to this many rolls (the optimal player's decision table packs them).
MOST_TURN_ROLLS = 6

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


def upper(face: int) -> Scorer:
    def box(hand: Hand) -> int:
        return face * hand.count(face)

    box.__doc__ = f"The sum of the dice showing {face}."
    return box


def yacht_four_of_a_kind(hand: Hand) -> int:
    face = of_a_kind(hand, 4)
    return 0 if face is None else 4 * face


def sum_if(test: Callable[[Hand], bool]) -> Scorer:
    return lambda hand: sum(hand) if test(hand) else 0


def fixed_if(points: int, test: Callable[[Hand], bool]) -> Scorer:
    return lambda hand: points if test(hand) else 0


def five_of_a_kind(hand: Hand) -> bool:
    return len(set(hand)) == 1


def number_boxes(names: tuple[str, ...]) -> dict[str, Scorer]:
    """The six number boxes, ones (or aces) to sixes: each scores the dice of its face."""
    return {name: upper(face) for name, face in zip(names, FACES, strict=True)}


@dataclass(frozen=True, eq=False)
class Rules:
    """A rule set, as data.  Make one with :func:`get_rules` (a built-in one, with its options)
    or :func:`~yacht_edu.custom.custom_rules` (a changed one); a new rule set is a new value.

    - ``scorers``: the boxes in scorecard order, each with what it scores for five dice;
    - ``upper_section``: the number boxes (ones to sixes), the first boxes of the card;
    - ``rolls``: rolls in a turn;
    - ``upper_bonus_rule``: ``(threshold, points)``, or None for no upper bonus;
    - ``bonus_box``: the box whose five of a kind earns ``bonus_points`` for every further five
      of a kind and brings in the joker rule (Yahtzee's yahtzee box), or None;
    - ``joker``: how the joker rule plays (``"forced"``, ``"free"``; ``"none"``: neither the
      joker nor the bonus), ``joker_scores``: the fixed scores a joker gives (Full House 25 ...);
    - ``upper_first``: the lower section only once the upper one is full;
    - ``switches``: which of ``joker`` and ``upper_first`` a teacher may set (``get_rules``);
    - ``title``: its name in words, the same in every language (a designed rule set's, or one
      the catalogs do not know); None: the catalog's ``rules.<name>`` and its switches;
    - ``design``: how :func:`~yacht_edu.custom.custom_rules` made it, or None.

    Two rule sets are equal (the same hash, the same tables the solver keeps, in memory and on
    disk) exactly when they have the same name and play the same (:attr:`played`); a title or
    how a design was written does not count.
    """

    name: str
    scorers: Mapping[str, Scorer]
    upper_section: tuple[str, ...] = ()
    rolls: int = ROLLS
    upper_bonus_rule: tuple[int, int] | None = None
    bonus_box: str | None = None
    bonus_points: int = 0
    joker: Joker = "none"
    joker_scores: Mapping[str, int] = field(default_factory=dict)
    upper_first: bool = False
    switches: tuple[str, ...] = ()
    title: str | None = None
    design: Design | None = None

    def __post_init__(self) -> None:
        # A str subclass (numpy's str_) becomes a plain str, so reprs and cache names agree.
        object.__setattr__(self, "name", str(self.name))
        if not isinstance(self.joker, str) or self.joker not in JOKER_OPTIONS:
            raise UnknownRulesError(
                "error.unknown_joker", value=Given(self.joker), choices=", ".join(JOKER_OPTIONS)
            )
        object.__setattr__(self, "joker", str(self.joker))
        if not isinstance(self.upper_first, bool):
            raise UnknownRulesError("error.upper_first_not_bool", value=Given(self.upper_first))
        unknown = set(self.switches) - set(SWITCHES)
        if unknown:
            raise UnknownRulesError("error.unknown_option", option=", ".join(sorted(unknown)),
                                    choices=", ".join(SWITCHES))
        if not isinstance(self.scorers, Mapping) or not self.scorers:
            raise RuleDesignError("error.rule_set_shape", name=self.name, box=Given(self.scorers))
        object.__setattr__(self, "scorers", MappingProxyType(dict(self.scorers)))
        object.__setattr__(self, "joker_scores", MappingProxyType(dict(self.joker_scores)))
        object.__setattr__(self, "upper_section", tuple(self.upper_section))
        object.__setattr__(self, "switches", tuple(self.switches))
        rolls = whole_number(self.rolls)
        if rolls is None or not 1 <= rolls <= MOST_TURN_ROLLS:
            raise RuleDesignError("custom.error.rolls", value=Given(self.rolls),
                                  most=MOST_TURN_ROLLS)
        object.__setattr__(self, "rolls", rolls)
        self._check_upper_bonus_rule()
        self._check_sections()

    def _check_upper_bonus_rule(self) -> None:
        """(threshold, points): the solver tells upper subtotals apart up to 63."""
        rule = self.upper_bonus_rule
        if rule is None:
            return
        pair = tuple(rule) if isinstance(rule, (tuple, list)) and len(rule) == 2 else (None, None)
        threshold, points = (whole_number(n) for n in pair)
        if (threshold is None or points is None or not 1 <= threshold <= UPPER_BONUS_THRESHOLD
                or points < 0):
            raise RuleDesignError("custom.error.upper_bonus", value=Given(rule),
                                  most=UPPER_BONUS_THRESHOLD)
        object.__setattr__(self, "upper_bonus_rule", (threshold, points))

    def _check_sections(self) -> None:
        """The number boxes come first; where a bonus, the joker rule or ``upper_first`` counts
        on them, they are the six of them, each scoring the dice of its face; a bonus box
        scores the same, above 0, for every five of a kind."""
        boxes = self.boxes
        wrong = [box for box in (*self.upper_section, *self.joker_scores) if box not in boxes]
        if self.upper_section != boxes[:len(self.upper_section)]:
            wrong.append(", ".join(self.upper_section))
        if self.bonus_box is not None and self.bonus_box not in boxes:
            wrong.append(self.bonus_box)
        elif self.has_yahtzee_bonus and (len(self._five_of_a_kind_scores()) != 1
                                         or self.bonus_box_score <= 0):
            wrong.append(str(self.bonus_box))
        if self.has_upper_bonus or self.has_yahtzee_bonus or self.upper_first:
            wrong += self._number_boxes_that_differ()
        if wrong:
            raise RuleDesignError("error.rule_set_shape", name=self.name, box=Given(wrong[0]))

    def _five_of_a_kind_scores(self) -> set[int]:
        scorer = self.scorers[str(self.bonus_box)]
        return {scorer((face,) * NUMBER_OF_DICE) for face in FACES}

    def _number_boxes_that_differ(self) -> list[str]:
        if len(self.upper_section) != len(FACES):
            return [", ".join(self.upper_section)]
        return [box for box, face in zip(self.upper_section, FACES, strict=True)
                if any(self.scorers[box](hand) != upper(face)(hand) for hand in HANDS)]

    # -- what it plays ----------------------------------------------------------------------

    @property
    def boxes(self) -> tuple[str, ...]:
        """The boxes in scorecard order."""
        return tuple(self.scorers)

    @property
    def lower_section(self) -> tuple[str, ...]:
        """Every box that is not a number box."""
        return tuple(box for box in self.boxes if box not in self.upper_section)

    @property
    def has_upper_bonus(self) -> bool:
        """Whether the upper section earns a bonus (Yahtzee: 35 at 63)."""
        return self.upper_bonus_rule is not None

    @property
    def has_yahtzee_bonus(self) -> bool:
        """Whether a further five of a kind earns :attr:`bonus_points` while the bonus box holds
        its five of a kind, and plays by the joker rule."""
        return self.bonus_box is not None and self.joker != "none"

    @property
    def bonus_box_score(self) -> int:
        """What the bonus box holds for a five of a kind (Yahtzee's 50; 0 with no bonus box)."""
        if self.bonus_box is None:
            return 0
        return self.scorers[self.bonus_box]((FACES[0],) * NUMBER_OF_DICE)

    @property
    def variant(self) -> dict[str, object]:
        """The rule variant: the switches a rule set has and how they are set (yahtzee's joker
        and upper_first; nothing for yacht); used in reprs, cache names and saved games."""
        return {switch: getattr(self, switch) for switch in self.switches}

    @property
    def turns(self) -> int:
        """Turns per player: one per box."""
        return len(self.scorers)

    @functools.cached_property
    def score_table(self) -> tuple[tuple[int, ...], ...]:
        """Every box's plain score for every hand: ``table[h][c]`` is hand
        :data:`yacht_edu.hands.HANDS` ``[h]`` scored in ``boxes[c]``."""
        scorers = list(self.scorers.values())
        return tuple(tuple(int(box(hand)) for box in scorers) for hand in HANDS)

    @functools.cached_property
    def played(self) -> str:
        """A digest of everything play depends on: the boxes and their scores, the rolls, the
        upper section and its bonus, ``upper_first``, the switches, and where a joker rule
        applies the bonus box, its bonus, the joker and its fixed scores.  Not the name, the
        title or the design: two rule sets play the same exactly when these are equal."""
        jokers = ([self.bonus_box, self.bonus_points, self.joker, sorted(self.joker_scores.items())]
                  if self.has_yahtzee_bonus else None)
        content = [self.boxes, self.score_table, self.rolls, self.upper_section,
                   self.upper_bonus_rule, self.upper_first, self.switches, jokers]
        return hashlib.sha256(json.dumps(content).encode()).hexdigest()

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Rules) and self.name == other.name
                and self.played == other.played)

    def __hash__(self) -> int:
        return hash((self.name, self.played))

    # -- using it ----------------------------------------------------------------------------

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

    def with_variant(self, **variant: object) -> Rules:
        """The same rule set with its switches set (``joker=``, ``upper_first=``)."""
        unknown = set(variant) - set(SWITCHES)
        if unknown:
            raise UnknownRulesError("error.unknown_option", option=", ".join(sorted(unknown)),
                                    choices=", ".join(SWITCHES))
        if self.design is not None:  # a design is made with its options, all at once
            raise RuleDesignError("custom.error.base_custom")
        if not all(isinstance(value, (str, bool)) for value in variant.values()):
            replace(self, **variant)  # type: ignore[arg-type]  # refuses the value, saying why
        return _with_switches(self, tuple(sorted(variant.items())))

    def label(self, lang: str | None = None) -> str:
        """The rule set and its options in words, as a game always shows them."""
        if self.title:
            return self.title
        if self.design is not None:
            return self.design.label(self, lang)
        words = t(f"rules.{self.name}", lang)
        if "joker" in self.switches:
            words += " · " + t(f"rules.joker_{self.joker}", lang)
        if "upper_first" in self.switches and self.upper_first:
            words += " · " + t("rules.upper_first", lang)
        return words

    def __repr__(self) -> str:
        """Its name and switches, as a saved table names the rule set it solved."""
        shown = "".join(f", {key}={value!r}" for key, value in self.variant.items())
        return f"Rules({self.name!r}{shown})"

    def __str__(self) -> str:
        """Its name in words, in the session's language (``repr()`` names it for a developer)."""
        return self.label()

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))


@functools.lru_cache(maxsize=64)
def _with_switches(rules: Rules, switches: tuple[tuple[str, object], ...]) -> Rules:
    """One value for each variant asked for, so its tables are worked out once."""
    changed = replace(rules, **dict(switches))  # type: ignore[arg-type]
    if {key for key, _ in switches} - set(rules.switches):
        raise UnknownRulesError("error.option_not_for", name=rules.name)
    return changed


YACHT = Rules("yacht", {
    **number_boxes(UPPER_YACHT),
    "full_house": sum_if(is_full_house),
    "four_of_a_kind": yacht_four_of_a_kind,
    "little_straight": fixed_if(30, lambda h: h == (1, 2, 3, 4, 5)),
    "big_straight": fixed_if(30, lambda h: h == (2, 3, 4, 5, 6)),
    "choice": sum,
    "yacht": fixed_if(50, five_of_a_kind),
}, upper_section=UPPER_YACHT)

YACHT_SUM4 = replace(YACHT, name="yacht_sum4", scorers={
    **YACHT.scorers, "four_of_a_kind": sum_if(lambda h: of_a_kind(h, 4) is not None)})

YAHTZEE = Rules("yahtzee", {
    **number_boxes(UPPER_YAHTZEE),
    "three_of_a_kind": sum_if(lambda h: of_a_kind(h, 3) is not None),
    "four_of_a_kind": sum_if(lambda h: of_a_kind(h, 4) is not None),
    "full_house": fixed_if(FIXED_SCORES["full_house"], is_full_house),
    "small_straight": fixed_if(FIXED_SCORES["small_straight"], lambda h: has_run(h, 4)),
    "large_straight": fixed_if(FIXED_SCORES["large_straight"], lambda h: has_run(h, 5)),
    "yahtzee": fixed_if(50, five_of_a_kind),
    "chance": sum,
}, upper_section=UPPER_YAHTZEE, upper_bonus_rule=(UPPER_BONUS_THRESHOLD, UPPER_BONUS_POINTS),
    bonus_box="yahtzee", bonus_points=YAHTZEE_BONUS_POINTS, joker="forced",
    joker_scores=FIXED_SCORES, switches=SWITCHES)

#: The built-in rule sets by name, each with its default options (docs/rules.md).
BUILT_IN: Mapping[str, Rules] = MappingProxyType({r.name: r for r in (YACHT, YACHT_SUM4, YAHTZEE)})
RULE_SETS = tuple(BUILT_IN)

RulesLike = str | Rules


def get_rules(name: RulesLike = "yacht", **variant: object) -> Rules:
    """The rule set ``name`` (``"yacht"``, ``"yacht_sum4"`` or ``"yahtzee"``) with its ``variant``.

    ``get_rules("yahtzee", joker="free", upper_first=True)``; a :class:`Rules` is returned as it
    is (with ``variant``: changed).
    """
    if not isinstance(name, Rules):
        if not isinstance(name, str) or name not in BUILT_IN:
            raise UnknownRulesError(
                "error.unknown_rule_set", name=Given(name), choices=", ".join(RULE_SETS)
            )
        name = BUILT_IN[name]
    return name.with_variant(**variant) if variant else name


def categories(rules: RulesLike = "yacht") -> tuple[str, ...]:
    """The box names of a rule set, in scorecard order."""
    return get_rules(rules).boxes


def score(dice: Dice | Iterable[int], box: str, rules: RulesLike = "yacht") -> int:
    """The points ``dice`` score in ``box``: no scorecard context (no bonus, no joker)."""
    return get_rules(rules).score(dice, box)


def score_table(rules: RulesLike = "yacht") -> tuple[tuple[int, ...], ...]:
    """Every box's plain score for every hand: ``table[h][c]`` is hand
    :data:`yacht_edu.hands.HANDS` ``[h]`` scored in ``categories(rules)[c]``.  This is the one
    score table: the one-roll counts, the chains of a turn and the solver all read it.

    >>> table = score_table("yacht")
    >>> len(table), len(table[0]), table[-1][-1]
    (252, 12, 50)
    """
    return get_rules(rules).score_table


def hand_of(dice: Dice | Iterable[int]) -> Hand:
    """The sorted faces of five valid dice (a :class:`Dice` or any five whole numbers 1..6)."""
    return dice.hand if isinstance(dice, Dice) else Dice(dice).hand


def is_five_of_a_kind(dice: Dice | Iterable[int]) -> bool:
    return five_of_a_kind(hand_of(dice))
