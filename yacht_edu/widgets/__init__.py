"""Play Yacht and Yahtzee in JupyterLab: ``yacht_edu.play()`` in a cell gives a whole game.

Every view shows one :class:`yacht_edu.Game` and keeps no state of its own: clicks go to the
model through a :class:`Referee`, and the views re-render from the model after each change.
The pieces stand alone too::

    game = Game(("Asha", "Ravi"), rules="yahtzee", seed=7)
    DiceView(game)                 # the dice and the roll button
    ScorecardView(game, "Ravi")    # one scorecard
    ChancesPanel(game)             # "my chances"
    CoachPanel(game)               # the coach (needs the solver)

>>> view = play(("Asha", "Ravi"), seed=2026)
>>> view
GameView(Rules('yacht'), players=('Asha', 'Ravi'))
>>> view.dice.roll_button.click()
>>> view.game.rolls_left
2
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from yacht_edu.game import Game
from yacht_edu.i18n import t
from yacht_edu.rules import RulesLike
from yacht_edu.widgets.dice import DiceView
from yacht_edu.widgets.game import GameView
from yacht_edu.widgets.panels import ChancesPanel, CoachPanel
from yacht_edu.widgets.referee import DEFAULT_SETTLE, Clock, NotYourTurnError, Referee
from yacht_edu.widgets.scorecard import ScorecardView

__all__ = [
    "ChancesPanel",
    "CoachPanel",
    "DiceView",
    "GameView",
    "NotYourTurnError",
    "Referee",
    "ScorecardView",
    "play",
]

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
    seconds, a roll or a score locks the next one (against double clicks).
    """
    if game is None:
        game = Game(players or (t("widgets.default_player", lang, number=1),), rules, seed)
    elif players is not None or rules != "yacht" or seed is not None:
        from yacht_edu.errors import RuleError
        raise RuleError("widgets.error.game_and_settings")
    return GameView(game, lang=lang, chances=chances, coach=coach, settle=settle, clock=clock)
