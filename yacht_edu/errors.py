"""Every way a move can be illegal, each with a message that says what to do instead.

All are :class:`RuleError`, itself a :class:`ValueError`; a value of the wrong kind is also a
:class:`TypeError` (:class:`ArgumentTypeError`).  A message is kept as a catalog id and its
parameters, so ``str(error)`` speaks the session's language and :meth:`RuleError.message` any
other (a widget shows the rule's message in the widget's own language).  Box ids in the
parameters are marked (:class:`~yacht_edu.i18n.BoxName`) where the error is raised, and
values the caller gave are wrapped in :class:`~yacht_edu.i18n.Given`, so any value is shown safely.
"""

from __future__ import annotations

from typing import ClassVar


class _CataloguedError(Exception):
    """An error whose message is a catalog id and its parameters (see the module's text)."""

    default_msgid: ClassVar[str] = "error.rule"

    def __init__(self, msgid: str | None = None, /, **params: object) -> None:
        self.msgid = msgid or type(self).default_msgid
        self.params = params
        super().__init__(self.message())

    def message(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the session's language)."""
        from yacht_edu.i18n import t  # the catalog's own error is a RuleError: read when used

        return t(self.msgid, lang, **self.params)

    def __str__(self) -> str:
        return self.message()


class RuleError(_CataloguedError, ValueError):
    """A move or a value that the rules do not allow.  Nothing was changed."""

    default_msgid: ClassVar[str] = "error.rule"


class SolverStoppedError(_CataloguedError, RuntimeError):
    """A helper process of the solver stopped or failed (lack of memory, most likely): the solve
    was given up and nothing was saved.  Solving again, or with ``workers=1``, is safe."""

    default_msgid: ClassVar[str] = "solver.error.helper_stopped"


class ArgumentTypeError(RuleError, TypeError):
    """A value of the wrong kind: text or a float where a whole number belongs, a number where a
    switch (True or False) belongs.  Both a :class:`RuleError` and a :class:`TypeError`."""

    default_msgid = "error.wrong_type"


class ReadOnlyError(RuleError, AttributeError):
    """An attempt to change a value that stays as it was made (dice, a game's seed or players)."""

    default_msgid = "error.read_only"


class InvalidSeedError(ArgumentTypeError):
    """A seed that is not a whole number from 0 to 2**128, or None."""

    default_msgid = "error.bad_seed"


class InvalidPlayersError(RuleError):
    """Players that are not a non-empty list of different, printable names."""

    default_msgid = "error.no_players"


class UnknownEventError(RuleError):
    """A history event of a kind the reader does not know (never silently skipped)."""

    default_msgid = "error.unknown_event"


class LearnerFunctionError(RuleError):
    """A function of yours (a keep rule, an answer to an exercise) that raised, took too long,
    used too much memory or stopped Python: the message names it and what it was given
    (:mod:`yacht_edu.guard`)."""

    default_msgid = "guard.error.raised"


class ObserverFailedWarning(RuntimeWarning):
    """An observer of a game raised: the move stands, the observer's failure is reported."""


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


class UnknownBoxError(RuleError):
    """A box that these rules do not have."""

    default_msgid = "error.unknown_category"


class BoxUsedError(RuleError):
    """A box that is already filled."""

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

    @property
    def field(self) -> str | None:
        """The field of the saved document that is wrong (``history[3].dice``), if one is."""
        value = self.params.get("field")
        return None if value is None else str(value)

class RuleDesignError(UnknownRulesError):
    """A custom rule set that cannot be played: a box function that fails on a hand, a score
    that is not a whole number, a box that the base does not have, too many rolls."""

    default_msgid = "custom.error.design"


class NeedsLibraryError(_CataloguedError, ModuleNotFoundError):
    """Something that needs a library this Python does not have (numpy or matplotlib: the
    browser edition comes without them).  Says so, and what to do, in the learner's language;
    a :class:`ModuleNotFoundError` too, whose ``name`` is the library."""

    default_msgid = "lite.error.needs_library"

    def __init__(self, msgid: str | None = None, /, **params: object) -> None:
        super().__init__(msgid, **params)
        self.name = str(params.get("library", ""))
