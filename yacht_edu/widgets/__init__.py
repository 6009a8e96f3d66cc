"""Play Yacht and Yahtzee in a notebook: ``yacht_edu.play()`` in a cell gives a whole game.

The board is one widget (:class:`GameView`, built with anywidget): tested in JupyterLab 4 and
Jupyter Notebook 7, and built to run wherever anywidget does (VS Code, Colab: not tested here).
It shows one :class:`yacht_edu.Game` and keeps no state of its own: a click in the browser asks
for a move, a :class:`~.referee.Referee` makes it on the game or answers why not, and the board
redraws from the model.  Parts of the board stand alone too::

    game = Game(("Asha", "Ravi"), rules="yahtzee", seed=7)
    dice_view(game)                # the dice and the roll button
    scorecard_view(game)           # the scorecard
    chances_panel(game)            # "my chances"
    coach_panel(game)              # the coach (needs the solver)

>>> view = play(("Asha", "Ravi"), seed=2026)
>>> view
GameView(Rules('yacht'), players=('Asha', 'Ravi'))
>>> view.roll()
True
>>> view.game.rolls_left
2
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from yacht_edu.errors import RuleError
from yacht_edu.game import Game
from yacht_edu.i18n import t
from yacht_edu.rules import RulesLike
from yacht_edu.widgets.board import GameView
from yacht_edu.widgets.designer import RuleDesigner
from yacht_edu.widgets.referee import DEFAULT_SETTLE, Clock

__all__ = ["RuleDesigner", "play"]


def play(
    players: Sequence[str] | str | None = None,
    rules: RulesLike = "yacht",
    seed: int | None = None,
    lang: str | None = None,
    *,
    game: Game | None = None,
    chances: bool = False,
    coach: bool = False,
    settle: float = DEFAULT_SETTLE,
    clock: Clock = time.monotonic,
) -> GameView:
    """A whole game in one widget: ``play(("Asha", "Ravi"), rules="yahtzee", lang="kn")``.

    With no ``players``, one player named in the game's language ("Player 1").
    ``game=`` shows a game that already exists (a teacher stages a situation with
    ``Game.roll(result=...)``); its players, rules and seed are then the game's own.
    ``chances`` and ``coach`` switch the teaching panels on; ``settle`` is how long, in
    seconds, a roll or a score makes the next move wait (against double clicks).
    """
    if game is None:
        named = (t("widgets.default_player", lang, number=1),) if players is None else players
        game = Game(named, rules, seed)
    elif players is not None or rules != "yacht" or seed is not None:
        raise RuleError("widgets.error.game_and_settings")
    return GameView(game, lang=lang, chances=chances, coach=coach, settle=settle, clock=clock)


def dice_view(game: Game, *, lang: str | None = None, **options: object) -> GameView:
    """The dice and the roll button of ``game`` alone."""
    return GameView(game, lang=lang, parts=("dice",), **options)  # type: ignore[arg-type]


def scorecard_view(game: Game, *, lang: str | None = None, **options: object) -> GameView:
    """The scorecard of ``game`` alone (every player's column)."""
    return GameView(game, lang=lang, parts=("card",), **options)  # type: ignore[arg-type]


def chances_panel(game: Game, *, lang: str | None = None) -> GameView:
    """The "my chances" panel of ``game`` alone."""
    return GameView(game, lang=lang, parts=("panels",), chances=True)


def coach_panel(game: Game, *, lang: str | None = None) -> GameView:
    """The coach of ``game`` alone."""
    return GameView(game, lang=lang, parts=("panels",), coach=True)
