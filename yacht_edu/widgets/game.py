"""The whole game: rules, whose turn it is, the dice, every player's scorecard side by side,
the teaching panels, the winner(s) at the end and a new game with the same players and rules."""

from __future__ import annotations

import html
import random
import time

import ipywidgets as widgets

from yacht_edu.display import game_status
from yacht_edu.game import Game
from yacht_edu.i18n import t
from yacht_edu.widgets.base import GameSource, View
from yacht_edu.widgets.dice import DiceView
from yacht_edu.widgets.panels import ChancesPanel, CoachPanel
from yacht_edu.widgets.referee import DEFAULT_SETTLE, Clock
from yacht_edu.widgets.scorecard import ScorecardView

__all__ = ["GameView", "next_seed"]


class GameView(View):
    """A whole game in one widget; ``.game`` is the :class:`yacht_edu.Game` it plays.

    ``chances`` and ``coach`` switch the teaching panels on from the start (the learner can
    switch them with the check boxes).
    """

    def __init__(self, source: GameSource, *, lang: str | None = None, chances: bool = False,
                 coach: bool = False, settle: float = DEFAULT_SETTLE,
                 clock: Clock = time.monotonic) -> None:
        super().__init__(source, lang=lang, settle=settle, clock=clock)
        self.add_class("yacht-game")
        self.title = widgets.HTML()
        self.title.add_class("yacht-title")
        self.status = widgets.HTML()
        self.status.add_class("yacht-status")
        self.dice = DiceView(self.referee)
        self.cards = [ScorecardView(self.referee, name, show_rules=False)
                      for name in self.game.players]
        self.referee.watch(self.render)  # the status line before the slower panels
        self.chances = ChancesPanel(self.referee, active=chances)
        self.coach = CoachPanel(self.referee, active=coach)
        self.chances_switch = self._switch("widget.chances_switch", self.chances)
        self.coach_switch = self._switch("widget.coach_switch", self.coach)
        self.new_game_button = widgets.Button(description=t("widget.new_game", self.lang),
                                              button_style="success")
        self.new_game_button.add_class("yacht-new-game")
        self.new_game_button.on_click(lambda _: self.new_game())
        cards = widgets.HBox(self.cards)
        cards.add_class("yacht-cards")
        toolbar = widgets.HBox([self.chances_switch, self.coach_switch])
        toolbar.add_class("yacht-toolbar")
        self.frame(self.title, self.status, self.dice, self.referee.message, cards,
                   self.new_game_button, toolbar, self.chances, self.coach, watch=False)

    def _switch(self, msgid: str, panel: View) -> widgets.Checkbox:
        switch = widgets.Checkbox(value=panel.active, description=t(msgid, self.lang),
                                  indent=False)
        switch.add_class(msgid.replace("widget.", "yacht-").replace("_", "-"))
        switch.observe(lambda change: setattr(panel, "active", change["new"]), names="value")
        return switch

    def new_game(self) -> bool:
        """Start a new game with the same players and rules (what the new game button does)."""
        old = self.game
        fresh = Game(old.players, old.rules, next_seed(old.seed), roll_off=old.roll_off)
        return self.referee.act(lambda: self.referee.new_game(fresh))

    def render(self) -> None:
        game, lang = self.game, self.lang
        self.title.value = html.escape(game.rules.label(lang))
        self.status.value = html.escape(game_status(game, lang))
        self.new_game_button.layout.display = None if game.over else "none"


def next_seed(seed: int) -> int:
    """The seed of the game after a game with ``seed``: a class that starts from one seed plays
    the same sequence of games on every machine.

    >>> next_seed(2026) == next_seed(2026) != 2026
    True
    """
    return random.Random(seed).getrandbits(63)
