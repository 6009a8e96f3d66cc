"""Rule sets a learner designs: more or fewer rolls, a box with a fixed score, a box removed,
a box invented in a notebook cell.

A custom rule set is its base's :class:`~yacht_edu.rules.Rules` value, changed (a rule set is
data), so everything that takes a rule set takes it: ``Game``, ``score``, ``p_within``,
``optimal_expected_score``, ``advise``, the widgets.  Each box is kept as its *score table*, the
points it gives each of the 252 hands, so a learner's function is called once per hand, checked
at once, and never again.

>>> four = custom_rules("yacht", rolls=4)
>>> four.rolls, four.label("en")
(4, 'Yacht, 4 rolls')
>>> def two_pairs(dice):
...     pairs = [face for face in set(dice) if dice.count(face) >= 2]
...     return sum(dice) if len(pairs) == 2 else 0
>>> mine = custom_rules("yacht", scores={"full_house": 25}, add={"two_pairs": two_pairs},
...                     remove=["little_straight"])
>>> mine.boxes[6:]
('full_house', 'four_of_a_kind', 'big_straight', 'choice', 'yacht', 'two_pairs')
>>> mine.score((3, 3, 5, 5, 1), "two_pairs"), mine.score((3, 3, 3, 5, 5), "full_house")
(17, 25)
>>> custom_rules(add={"half": lambda dice: sum(dice) / 2})
Traceback (most recent call last):
...
yacht_edu.errors.RuleDesignError: Your box half returned 7.5 for the hand 1-2-3-4-5: ...
"""

from __future__ import annotations

import keyword
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from yacht_edu.checks import items, whole_number
from yacht_edu.errors import RuleDesignError
from yacht_edu.guard import answers
from yacht_edu.hands import HAND_INDEX, HANDS, Hand
from yacht_edu.i18n import Given, box_name, t
from yacht_edu.rules import (
    MOST_TURN_ROLLS,
    ROLLS,
    UPPER_BONUS_THRESHOLD,
    Joker,
    Rules,
    RulesLike,
    get_rules,
)

#: What a learner's box is: five faces (a sorted tuple) -> a whole number of points, at least 0.
BoxFunction = Callable[[Sequence[int]], Any]
ScoreColumn = tuple[int, ...]
#: The name a saved game gives a custom rule set; a custom rule set's name is this and a digest
#: of what it plays.
CUSTOM = "custom"
#: The most points a box (for any hand) or a bonus may give.
MOST_POINTS = 10_000
#: The most boxes a design has (the solver takes on about 20; a game, and its save, 32).
MOST_BOXES = 32


@dataclass(frozen=True)
class Design:
    """How :func:`custom_rules` made a rule set from a built-in one (its base, with the base's
    options): the changes that give its default title and that a saved game writes.  What the
    rule set plays is in the :class:`~yacht_edu.rules.Rules` value itself."""

    base: Rules
    fixed: tuple[tuple[str, int], ...] = ()
    removed: tuple[str, ...] = ()
    functions: tuple[str, ...] = ()
    added: tuple[str, ...] = ()

    def label(self, rules: Rules, lang: str | None) -> str:
        """The base and what changed ("Yacht, 4 rolls")."""
        return t("list.separator", lang).join([self.base.label(lang),
                                               *changes(self, rules, lang)])


class ScoreTable:
    """A box given by its score table over the 252 hands: called with five dice, it looks
    their score up.  A saved game brings a learner's function back as one of these."""

    def __init__(self, box: str, table: Iterable[int]) -> None:
        self.box = box
        self.table: ScoreColumn = tuple(table)
        if len(self.table) != len(HANDS):
            raise RuleDesignError("custom.error.table_size", box=box, count=len(self.table))

    def __call__(self, dice: Sequence[int]) -> int:
        return self.table[HAND_INDEX[tuple(sorted(dice))]]

    def __repr__(self) -> str:
        return f"ScoreTable({self.box!r})"


def changes(design: Design, rules: Rules, lang: str | None) -> list[str]:
    """The changes ``design`` made to its base to give ``rules``, in words, for its default
    title."""
    words, base = [], design.base
    if rules.rolls != base.rolls:
        words.append(t("custom.title_rolls", lang, count=rules.rolls))
    words += [t("custom.title_fixed", lang, box=box_name(box, lang), value=points)
              for box, points in design.fixed]
    words += [t("custom.title_new_scoring", lang, box=box_name(box, lang))
              for box in design.functions if box not in design.added]
    words += [t("custom.title_without", lang, box=box_name(box, lang)) for box in design.removed]
    words += [t("custom.title_with", lang, box=box_name(box, lang)) for box in design.added]
    if rules.upper_bonus_rule != base.upper_bonus_rule:
        words.append(t("custom.title_no_upper_bonus", lang) if rules.upper_bonus_rule is None else
                     t("custom.title_upper_bonus", lang, threshold=rules.upper_bonus_rule[0],
                       value=rules.upper_bonus_rule[1]))
    if base.has_yahtzee_bonus and rules.bonus_points != base.bonus_points:
        words.append(t("custom.title_yahtzee_bonus", lang, value=rules.bonus_points))
    return words


# -- designing -----------------------------------------------------------------------------------


def custom_rules(base: RulesLike = "yacht", *, name: str | None = None, rolls: int = ROLLS,
                 scores: Mapping[str, int | BoxFunction] | None = None,
                 add: Mapping[str, BoxFunction] | None = None, remove: Iterable[str] = (),
                 upper_bonus_rule: tuple[int, int] | bool | None = None,
                 yahtzee_bonus: int | None = None, joker: Joker | None = None,
                 upper_first: bool | None = None) -> Rules:
    """A rule set made from ``base`` (``"yacht"``, ``"yacht_sum4"``, ``"yahtzee"``):

    - ``rolls``: rolls in a turn, 1 to 6;
    - ``scores={"full_house": 25}``: the box scores 25 whenever the base scores it above 0;
      ``scores={"choice": f}``: the box scores ``f(dice)``;
    - ``add={"two_pairs": f}``: a new box, after the base's, scoring ``f(dice)``;
    - ``remove=["little_straight"]``: the box is gone;
    - ``name``: how the variant is shown (default: the base and its changes);
    - for the yahtzee base: ``upper_bonus_rule=(63, 35)`` (or ``False``), ``yahtzee_bonus=100``,
      ``joker=``, ``upper_first=``.

    A function gets five dice (a sorted tuple of faces) and returns a whole number of points,
    at least 0.  It is checked at once on all 252 hands; a box that fails on a hand raises a
    :class:`~yacht_edu.errors.RuleDesignError` naming the hand, and nothing is made.  The
    result is the base's :class:`~yacht_edu.rules.Rules` value, changed, and named by what it
    plays: two designs that play the same are equal, whatever they are called.
    """
    ruleset = base_rules(base, joker, upper_first)
    rolls = check_turn_rolls(rolls)
    scores = check_boxes_and_scores(scores, "scores", '{"full_house": 30}')
    added = check_boxes_and_scores(add, "add", '{"two_pairs": two_pairs}')
    removed = check_box_names(remove)
    for box in (*scores, *removed):
        check_base_box(ruleset, box)
    for box, function in added.items():
        check_new_box(ruleset, box)
        if not callable(function):
            raise RuleDesignError("custom.error.new_box_function", box=box, value=Given(function))
    both = set(scores) & set(removed)
    if both:
        raise RuleDesignError("custom.error.changed_and_removed", box=sorted(both)[0])
    count = len(ruleset.boxes) - len(set(removed)) + len(added)
    if count > MOST_BOXES:
        raise RuleDesignError("custom.error.too_many_boxes", count=count, most=MOST_BOXES)
    bonus = chosen_upper_bonus_rule(ruleset, upper_bonus_rule)
    keep_upper(ruleset, [*scores, *removed], bonus)
    fixed = tuple((box, check_points(box, points)) for box, points in scores.items()
                  if not callable(points))
    functions = {box: f for box, f in {**scores, **added}.items() if callable(f)}
    tables = dict(zip(ruleset.boxes, zip(*ruleset.score_table, strict=True), strict=True))
    tables.update((box, fixed_table(tables[box], points)) for box, points in fixed)
    tables.update((box, table_of(box, f)) for box, f in functions.items())
    boxes = [box for box in (*ruleset.boxes, *added) if box not in removed]
    if not boxes:
        raise RuleDesignError("custom.error.no_boxes")
    design = Design(ruleset, fixed, tuple(removed), tuple(functions), tuple(added))
    changed = replace(
        ruleset, name=CUSTOM, scorers={box: ScoreTable(box, tables[box]) for box in boxes},
        upper_section=tuple(box for box in boxes if box in ruleset.upper_section), rolls=rolls,
        upper_bonus_rule=bonus,
        bonus_box=ruleset.bonus_box if ruleset.bonus_box in boxes else None,
        bonus_points=check_yahtzee_bonus(ruleset, yahtzee_bonus),
        joker_scores=joker_points(ruleset, dict(fixed), boxes, functions),
        title=check_title(name), design=design)
    return replace(changed, name=f"{CUSTOM}-{changed.played[:16]}")


def joker_points(base: Rules, fixed: Mapping[str, int], boxes: Iterable[str],
                 functions: Iterable[str]) -> dict[str, int]:
    """What the joker rule lets a five of a kind score in each box kept as a fixed score, with
    its (new) points; a box given a function has none, whatever it returns."""
    kept = set(boxes) - set(functions)
    return {box: fixed.get(box, points) for box, points in base.joker_scores.items()
            if box in kept}


def base_rules(base: RulesLike, joker: Joker | None, upper_first: bool | None) -> Rules:
    """The built-in rule set a design starts from, with the variant asked for."""
    if isinstance(base, Rules) and base.design is not None:
        raise RuleDesignError("custom.error.base_custom")
    variant = {key: value for key, value in (("joker", joker), ("upper_first", upper_first))
               if value is not None}
    return get_rules(base, **variant)


def check_turn_rolls(rolls: object) -> int:
    number = whole_number(rolls)
    if number is None or not 1 <= number <= MOST_TURN_ROLLS:
        raise RuleDesignError("custom.error.rolls", value=Given(rolls), most=MOST_TURN_ROLLS)
    return number


def check_boxes_and_scores(given: object, name: str, example: str) -> dict[Any, Any]:
    """``scores=`` or ``add=``: a mapping of boxes to scores or functions (None: nothing)."""
    if given is None:
        return {}
    if not isinstance(given, Mapping):
        raise RuleDesignError("custom.error.not_a_mapping", name=name, example=example,
                              value=Given(given))
    return dict(given)


def check_box_names(given: object) -> tuple[Any, ...]:
    """``remove=``: a list (or tuple, set) of box names (each checked against the base)."""
    return items(given, RuleDesignError, "custom.error.not_box_list", sets=True)


def check_base_box(rules: Rules, box: object) -> None:
    if not isinstance(box, str) or box not in rules.scorers:
        raise RuleDesignError("custom.error.unknown_box", box=Given(box),
                              rules=rules.label(), choices=", ".join(rules.boxes))


def check_new_box(rules: Rules, box: object) -> None:
    if (not isinstance(box, str) or not box.isidentifier() or keyword.iskeyword(box)
            or box in rules.scorers):
        raise RuleDesignError("custom.error.box_name", box=Given(box), rules=rules.label())


def check_points(box: str, points: object) -> int:
    number = whole_number(points)
    if number is None or number < 0:
        raise RuleDesignError("custom.error.box_score", box=box, value=Given(points))
    return check_not_too_many(box, number)


def check_not_too_many(box: str, points: int) -> int:
    if points > MOST_POINTS:
        raise RuleDesignError("custom.error.too_many_points", box=box, value=Given(points),
                              most=MOST_POINTS)
    return points


def check_title(name: object) -> str | None:
    if name is not None and (not isinstance(name, str) or not name.strip()):
        raise RuleDesignError("custom.error.title", value=Given(name))
    return name


def chosen_upper_bonus_rule(rules: Rules, bonus: object) -> tuple[int, int] | None:
    """The upper bonus of the design: the base's (None), none (False), or (threshold, points).

    The solver tells upper subtotals apart up to 63, so a threshold is at most 63.
    """
    if bonus is None:
        return rules.upper_bonus_rule
    if bonus is False:
        return None
    pair = bonus if isinstance(bonus, (tuple, list)) and len(bonus) == 2 else (None, None)
    threshold, points = (whole_number(n) for n in pair)
    if (threshold is not None and points is not None and 1 <= threshold <= UPPER_BONUS_THRESHOLD
            and 0 <= points <= MOST_POINTS):
        return threshold, points
    raise RuleDesignError("custom.error.upper_bonus", value=Given(bonus),
                          most=UPPER_BONUS_THRESHOLD)


def check_yahtzee_bonus(rules: Rules, points: object) -> int:
    if points is None:
        return rules.bonus_points
    if rules.bonus_box is None:
        raise RuleDesignError("custom.error.yahtzee_bonus_base", rules=rules.label())
    return check_points(rules.bonus_box, points)


def keep_upper(rules: Rules, touched: Iterable[str], bonus: tuple[int, int] | None) -> None:
    """The upper bonus and the joker rule count on the six number boxes as they are."""
    if bonus is None and not rules.has_yahtzee_bonus and not rules.upper_first:
        return
    for box in touched:
        if box in rules.upper_section or (box == rules.bonus_box and rules.has_yahtzee_bonus):
            raise RuleDesignError("custom.error.keep_upper", box=box)


def fixed_table(table: ScoreColumn, points: int) -> ScoreColumn:
    """``points`` on every hand where the base box scores above 0."""
    return tuple(points if score > 0 else 0 for score in table)


# -- checking a learner's function ---------------------------------------------------------------


def table_of(box: str, function: BoxFunction) -> ScoreColumn:
    """The function's score for each of the 252 hands, each checked to be a whole number >= 0:
    all of them worked out where a learner's function can be stopped (:mod:`yacht_edu.guard`),
    within :data:`~yacht_edu.guard.FUNCTION_SECONDS` seconds and a bounded memory."""
    return tuple(answers(function, [(hand,) for hand in HANDS],
                         lambda args, value: checked_score(box, args[0], value),
                         error=RuleDesignError))


def checked_score(box: str, hand: Hand, value: object) -> int:
    """What the box's function gave for ``hand``, if it is a whole number from 0 up."""
    shown = "-".join(map(str, hand))
    points = whole_number(value)
    if points is None:
        raise RuleDesignError("custom.error.box_not_whole", box=box, hand=shown,
                              value=Given(value))
    if points < 0:
        raise RuleDesignError("custom.error.box_negative", box=box, hand=shown,
                              value=Given(value))
    return check_not_too_many(box, points)
