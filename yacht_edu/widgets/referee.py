"""The referee between the learner's clicks and the game: one move at a time, the rules' words.

The game (:class:`yacht_edu.Game`) is the only state.  The referee passes each click on to it,
catches a :class:`~yacht_edu.errors.RuleError` and shows its message (the game is then unchanged),
and after a roll or a score lets the table *settle* for a moment: a second click that arrives
while settling (a double click, an impatient click while the dice are still landing) is ignored,
so one gesture can never roll twice or score twice.

Every view of a game watches the referee, and the referee watches the game while any view
watches it: after any change the views re-render from the model.

>>> from yacht_edu import Game
>>> now = [0.0]
>>> referee = Referee(Game(seed=1), settle=0.3, clock=lambda: now[0])
>>> referee.act(referee.game.roll), referee.act(referee.game.roll)   # a double click
(True, False)
>>> referee.game.rolls_left
2
>>> now[0] = 0.5
>>> referee.act(referee.game.roll), referee.game.rolls_left
(True, 1)
"""

from __future__ import annotations

import asyncio
import html
import math
import time
from collections.abc import Callable

import ipywidgets as widgets

from yacht_edu.errors import ArgumentTypeError, RuleError
from yacht_edu.game import Game
from yacht_edu.i18n import Given, check_language

__all__ = ["DEFAULT_SETTLE", "NotYourTurnError", "Referee"]

#: Seconds after a roll or a score during which the next roll or score click is ignored.
DEFAULT_SETTLE = 0.3

Render = Callable[[], None]
Clock = Callable[[], float]


class NotYourTurnError(RuleError):
    """A click on the scorecard of a player who is not the one to move."""

    default_msgid = "widget.not_your_turn"


class Referee:
    """Passes moves to ``game`` one at a time and says why a move is refused.

    ``lang`` is the language of every message; ``settle`` the seconds a roll or a score locks the
    roll and score buttons; ``clock`` the time source (tests pass a fake one).
    """

    def __init__(self, game: Game, *, lang: str | None = None,
                 settle: float = DEFAULT_SETTLE, clock: Clock = time.monotonic) -> None:
        if not isinstance(game, Game):
            raise ArgumentTypeError("widgets.error.not_a_game", kind=type(game).__name__)
        if isinstance(settle, bool) or not isinstance(settle, (int, float)) or not (
                0 <= settle < float("inf")):
            raise RuleError("widgets.error.settle", value=Given(settle))
        self.lang = check_language(lang)
        self.settle = float(settle)
        self.clock = clock
        self._game = game
        self._views: list[Render] = []
        self._settled_at = -math.inf
        self.message = widgets.HTML(value="")
        self.message.add_class("yacht-message")
        #: The control keyboard focus returns to once settled (the roll button): a disabled
        #: button loses the focus, and a keyboard user must not have to start again from the top.
        self.home: widgets.Button | None = None

    # -- what the views read ------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game being played: the one source of truth."""
        return self._game

    @property
    def settling(self) -> bool:
        """Whether a roll or a score has just happened and the next one must wait."""
        return self.clock() < self._settled_at

    def watch(self, render: Render) -> None:
        """Call ``render()`` after every change of the game and when the table has settled."""
        if not self._views:
            self._game.observe(self._game_changed)
        self._views.append(render)

    # -- moves --------------------------------------------------------------------------------

    def act(self, move: Callable[[], object], *, settles: bool = True) -> bool:
        """Make ``move`` unless the table is settling; True if the game accepted it.

        A refused move leaves the game as it was and shows the rule's message.
        """
        if self.settling:
            return False
        before = self._settled_at
        if settles:  # set before the move, so the views it triggers render the lock
            self._settled_at = self.clock() + self.settle
        try:
            move()
        except RuleError as error:
            self._settled_at = before
            self.say(error.message(self.lang))
            return False
        self.say("")
        if settles:
            self._wake_later(self.settle)
        return True

    def say(self, text: str) -> None:
        """Show ``text`` in the message area (empty text clears it)."""
        self.message.value = (f'<div role="alert">{html.escape(text)}</div>' if text else "")

    def new_game(self, game: Game) -> None:
        """Play ``game`` from now on (the views follow it)."""
        if self._views:
            self._game.unobserve(self._game_changed)
            game.observe(self._game_changed)
        self._game = game
        self._settled_at = -math.inf
        self.say("")
        self.refresh()

    def close(self) -> None:
        """Stop watching the game (the views of a closed widget no longer re-render)."""
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
        loop.call_later(delay, self._wake)

    def _wake(self) -> None:
        left = self._settled_at - self.clock()
        if left > 0:  # a later move extended the lock, or the loop woke a hair early
            self._wake_later(max(left, 0.01))
            return
        self.refresh()
        if self.home is not None and not self.home.disabled:
            self.home.focus()
