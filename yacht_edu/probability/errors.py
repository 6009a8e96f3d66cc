"""What can go wrong when asking for a chance, each with a message that says what to do instead.

All are :class:`~yacht_edu.errors.RuleError` (so :class:`ValueError`), with their messages in the
catalog part ``probability.po``.
"""

from __future__ import annotations

from yacht_edu.errors import RuleError


class InvalidCountError(RuleError):
    """A count a learner typed (rolls, trials, games) that is not a whole number in its range."""

    default_msgid = "probability.error.rolls"


class InvalidRollsError(InvalidCountError):
    """A number of rolls that is not a whole number, too small or too large for the question."""

    default_msgid = "probability.error.rolls"


class UnknownAimError(RuleError):
    """An aim that is neither ``"chance"`` nor ``"score"``."""

    default_msgid = "probability.error.aim"


class InvalidAlikeError(RuleError):
    """An "of a kind" chain for a number of alike dice other than 2 to 5."""

    default_msgid = "probability.error.target"
