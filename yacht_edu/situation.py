"""A moment of a game given by hand: a scorecard, five dice and the rolls left, each checked.

The one reading of a situation for the coach (:func:`yacht_edu.coach.advise`) and the chance to
reach a target (:func:`yacht_edu.reach.reach_probability`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from yacht_edu.checks import faces, whole_number
from yacht_edu.dice import Dice
from yacht_edu.errors import ArgumentTypeError, NeedsLibraryError, RuleError
from yacht_edu.i18n import BoxName, Given
from yacht_edu.rules import ROLLS, Rules, RulesLike, get_rules
from yacht_edu.scorecard import Scorecard
from yacht_edu.shipped import possible_scores as shipped_scores

__all__ = ["SituationError", "read_situation", "situation_card"]


class SituationError(RuleError):
    """A situation the coach cannot be asked about (impossible scores, a full card, ...)."""

    default_msgid = "coach.error.situation"


def read_situation(situation: Dice | Iterable[int], rolls_left: int | None,
                   filled: Mapping[str, int] | None, rules: RulesLike,
                   yahtzee_bonuses: int = 0) -> tuple[Scorecard, Dice, int]:
    """The scorecard, dice and rolls left of a moment given by hand (``advise(dice,
    rolls_left, filled=..., rules=...)``), each checked: the one reading of a situation for
    :func:`~yacht_edu.coach.advise`, whatever it ranks by."""
    if rolls_left is None:
        raise ArgumentTypeError("coach.error.rolls_left_missing")
    card = situation_card(rules, {} if filled is None else filled, yahtzee_bonuses)
    dice = Dice(faces(situation))
    left = whole_number(rolls_left)
    if left is None or left not in range(card.rules.rolls):
        key = "coach.error.rolls_left" if card.rules.rolls == ROLLS else "custom.error.rolls_left"
        raise SituationError(key, value=Given(rolls_left), most=card.rules.rolls - 1)
    if card.complete:
        raise SituationError("coach.error.card_full")
    return card, dice, left


def situation_card(rules: RulesLike, filled: Mapping[str, int],
                   yahtzee_bonuses: int) -> Scorecard:
    """The scorecard of :func:`~yacht_edu.coach.advise`'s ``filled``, refusing scores no game
    can produce."""
    ruleset = get_rules(rules)
    card = Scorecard.from_filled(filled, ruleset, yahtzee_bonuses)
    possible = scores_possible(ruleset)
    for box, points in card.filled.items():
        if points not in possible[box]:
            raise SituationError("coach.error.impossible_score", box=BoxName(box),
                                 value=points,
                                 possible=", ".join(map(str, sorted(possible[box]))))
    if yahtzee_bonuses and not card.bonus_box_full:  # a +100 needs 50 in the yahtzee box
        raise SituationError("coach.error.bonuses", value=Given(yahtzee_bonuses))
    return card


def scores_possible(rules: Rules) -> dict[str, frozenset[int]]:
    """Every score a box can hold: as the shipped tables record them (no numpy needed), else
    from the solver."""
    found = shipped_scores(rules)
    if found is None:
        try:
            from yacht_edu.solver import possible_scores
        except ModuleNotFoundError as error:  # no numpy: the coach knows only shipped rules
            raise NeedsLibraryError("lite.error.coach_rules", library="numpy",
                                    rules=Given(rules)) from error
        found = possible_scores(rules)
    return found
