"""The referee between the learner's clicks and the game: one move at a time, and every refusal
answered in the learner's words.

The game (:class:`yacht_edu.Game`) is the only state.  The referee passes each intent on to it;
a move the rules refuse (a :class:`~yacht_edu.errors.RuleError`) leaves the game unchanged and
its message becomes :attr:`Referee.message`.  After a roll or a score the table *settles* for a
moment (the dice land, the score is written): a move asked for meanwhile is not made, and the
learner is told to wait, so one gesture can never roll twice or score twice, and no click is
dropped without an answer.

>>> from yacht_edu import Game
>>> now = [0.0]
>>> referee = Referee(Game(seed=1), settle=0.3, clock=lambda: now[0])
>>> referee.act(referee.game.roll), referee.act(referee.game.roll)   # two quick clicks
(True, False)
>>> referee.message
'The dice are still landing: wait a moment, then click again.'
>>> now[0] = 0.5
>>> referee.act(referee.game.roll), referee.game.rolls_left, referee.message
(True, 1, '')
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable

from yacht_edu.errors import ArgumentTypeError, RuleError
from yacht_edu.game import Game
from yacht_edu.i18n import Given, check_language, t

#: The longest a roll or a score may make the next move wait, in seconds.
MOST_SETTLE = 60
#: Seconds after a roll or a score during which the next move is answered "wait".
DEFAULT_SETTLE = 0.3

Render = Callable[[], None]
Clock = Callable[[], float]


class NotYourTurnError(RuleError):
    """A click on the scorecard of a player who is not the one to move."""

    default_msgid = "widget.not_your_turn"


class Referee:
    """Passes moves to ``game`` one at a time and says why a move is refused.

    ``lang`` is the language of every message; ``settle`` the seconds a roll or a score makes
    the next move wait; ``clock`` the time source (tests pass a fake one).
    """

    def __init__(self, game: Game, *, lang: str | None = None,
                 settle: float = DEFAULT_SETTLE, clock: Clock = time.monotonic) -> None:
        if not isinstance(game, Game):
            raise ArgumentTypeError("widgets.error.not_a_game", kind=type(game).__name__)
        if isinstance(settle, bool) or not isinstance(settle, (int, float)) or not (
                0 <= settle < float("inf")):
            raise RuleError("widgets.error.settle", value=Given(settle))
        if settle > MOST_SETTLE:
            raise RuleError("widgets.error.settle_too_long", value=Given(settle), most=MOST_SETTLE)
        self.lang = check_language(lang)
        self.settle = float(settle)
        self.clock = clock
        self._game = game
        self._views: list[Render] = []
        self._settled_at = -math.inf
        self._last_move = "roll"
        #: What the learner reads about the last click: why it was refused, or "" if it was not.
        self.message = ""
        #: Which control the message answers (``"roll"``, ``"die-2"``, ``"box-Asha-ones"`` ...).
        self.message_at = ""
        #: How many messages have been said: the view tells a new refusal from one it has hidden.
        self.said = 0
        self._says_wait = False

    # -- what the views read ------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game being played: the one source of truth."""
        return self._game

    @property
    def settling(self) -> bool:
        """Whether a roll or a score has just happened and the next move must wait."""
        return self.clock() < self._settled_at

    @property
    def landing(self) -> bool:
        """Whether the dice of a roll are still landing."""
        return self.settling and self._last_move == "roll"

    def watch(self, render: Render) -> None:
        """Call ``render()`` after every change of the game, message and settling."""
        if not self._views:
            self._game.observe(self._game_changed)
        self._views.append(render)

    # -- moves --------------------------------------------------------------------------------

    def act(self, move: Callable[[], object], *, settles: bool = True, kind: str = "roll",
            at: str = "") -> bool:
        """Make ``move`` unless the table is settling; True if the game accepted it.

        A refused move leaves the game as it was and says why (:attr:`message`); ``kind`` is
        ``"roll"`` or ``"score"`` (what is settling after it), ``at`` the control clicked.
        """
        if self.settling:
            wait = "board.wait_dice" if self._last_move == "roll" else "board.wait_score"
            self.say(t(wait, self.lang), at)
            self._says_wait = True  # said until the table has settled, no longer
            return False
        before = self._settled_at
        if settles:  # set before the move, so the views it triggers show the table settling
            self._settled_at = self.clock() + self.settle
            self._last_move = kind
        self.message, self.message_at, self._says_wait = "", "", False
        try:
            move()
        except RuleError as error:
            self._settled_at = before
            self.say(error.message(self.lang), at)
            return False
        if settles:
            self._wake_later(self.settle)
        return True

    def say(self, text: str, at: str = "") -> None:
        """Show ``text`` to the learner beside the control ``at`` (empty text clears it)."""
        self.message, self.message_at = text, at
        self._says_wait = False
        if text:
            self.said += 1
        self.refresh()

    def new_game(self, game: Game) -> None:
        """Play ``game`` from now on (the views follow it)."""
        if self._views:
            self._game.unobserve(self._game_changed)
            game.observe(self._game_changed)
        self._game = game
        self._settled_at = -math.inf
        self.say("")

    def close(self) -> None:
        """Stop watching the game (a closed board no longer re-renders)."""
        if self._views:
            self._game.unobserve(self._game_changed)
            self._views.clear()

    def refresh(self) -> None:
        """Re-render every view from the model."""
        for render in list(self._views):
            render()

    # -- inside -------------------------------------------------------------------------------

    def _game_changed(self, game: Game) -> None:
        self.refresh()

    def _wake_later(self, delay: float) -> None:
        """Re-render once settled, on the kernel's running event loop (none in plain Python)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        loop.call_later(delay, self.wake)

    def wake(self) -> None:
        """Re-render once the table has settled (the kernel's event loop calls it), taking back
        a "wait" said meanwhile."""
        left = self._settled_at - self.clock()
        if left > 0:  # a later move extended the lock, or the loop woke a hair early
            self._wake_later(max(left, 0.01))
            return
        if self._says_wait:  # "still landing" is no longer true once the dice have landed
            self.message, self.message_at, self._says_wait = "", "", False
        self.refresh()
