"""Every way a move can be illegal, each with a message that says what to do instead.

All are :class:`RuleError`, itself a :class:`ValueError`.  A message is kept as a catalog id and
its parameters, so ``str(error)`` speaks the session's language and :meth:`RuleError.message`
any other (a widget shows the rule's message in the widget's own language).
"""

from __future__ import annotations

from typing import ClassVar

from yacht_edu.i18n import catalog, t

__all__ = [
    "BadSavedGameError",
    "CategoryUsedError",
    "GameOverError",
    "InvalidDiceError",
    "InvalidKeepError",
    "JokerRuleError",
    "NoRollsLeftError",
    "NotRolledYetError",
    "RuleError",
    "UnknownCategoryError",
    "UnknownRulesError",
    "UpperSectionFirstError",
]


class RuleError(ValueError):
    """A move or a value that the rules do not allow.  Nothing was changed."""

    default_msgid: ClassVar[str] = "error.rule"

    def __init__(self, msgid: str | None = None, /, **params: object) -> None:
        self.msgid = msgid or type(self).default_msgid
        self.params = params
        super().__init__(self.message())

    def message(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the session's language)."""
        shown = {key: in_words(value, lang) if key in CATEGORY_PARAMETERS else value
                 for key, value in self.params.items()}
        return t(self.msgid, lang, **shown)

    def __str__(self) -> str:
        return self.message()


#: The message parameters that hold category ids, shown by their names in the learner's language.
CATEGORY_PARAMETERS = frozenset({"category", "choices", "left"})


def in_words(value: object, lang: str | None) -> object:
    """A parameter as the learner reads it: category ids by their names, lists joined."""
    if isinstance(value, (tuple, list)):
        return t("list.separator", lang).join(str(in_words(v, lang)) for v in value)
    if isinstance(value, str) and f"category.{value}" in catalog("en"):
        return t(f"category.{value}", lang)
    return value


class InvalidDiceError(RuleError):
    """Dice that are not five whole numbers from 1 to 6."""

    default_msgid = "error.invalid_dice"


class InvalidKeepError(RuleError):
    """Dice to keep that are not among the dice in hand."""

    default_msgid = "error.invalid_keep"


class NotRolledYetError(RuleError):
    """Keeping or scoring before the first roll of the turn."""

    default_msgid = "error.not_rolled_yet"


class NoRollsLeftError(RuleError):
    """A fourth roll."""

    default_msgid = "error.no_rolls_left"


class UnknownCategoryError(RuleError):
    """A category that these rules do not have."""

    default_msgid = "error.unknown_category"


class CategoryUsedError(RuleError):
    """A category that is already filled."""

    default_msgid = "error.category_used"


class JokerRuleError(RuleError):
    """The joker rule sends this five of a kind to another box."""

    default_msgid = "error.joker_forced"


class UpperSectionFirstError(RuleError):
    """The ``upper_first`` variant: the upper section must be full before the lower."""

    default_msgid = "error.upper_first"


class GameOverError(RuleError):
    """A move after the last box of the last player is filled."""

    default_msgid = "error.game_over"


class UnknownRulesError(RuleError):
    """A rule set or option that does not exist."""

    default_msgid = "error.unknown_rules"


class BadSavedGameError(RuleError):
    """A saved game that is not valid JSON, not our schema, or not a legal game."""

    default_msgid = "error.bad_saved_game"
