"""Five dice drawn with pips and the roll button.

Click a die to hold it (it lifts, gets a thick frame and a padlock), click again to release it;
the roll button says how many rolls are left.  Holds live in the model (``game.toggle(i)``).
"""

from __future__ import annotations

import time

import ipywidgets as widgets

from yacht_edu.dice import NUMBER_OF_DICE
from yacht_edu.display import die_label
from yacht_edu.i18n import t
from yacht_edu.widgets.base import GameSource, View, set_classes
from yacht_edu.widgets.referee import DEFAULT_SETTLE, Clock

__all__ = ["DiceView"]


class DiceView(View):
    """The dice on the table and the roll button of a game: ``DiceView(game)``."""

    def __init__(self, source: GameSource, *, lang: str | None = None,
                 settle: float = DEFAULT_SETTLE, clock: Clock = time.monotonic) -> None:
        super().__init__(source, lang=lang, settle=settle, clock=clock)
        self.dice = [self._die(i) for i in range(NUMBER_OF_DICE)]
        row = widgets.HBox(self.dice)
        row.add_class("yacht-dice")
        self.roll_button = widgets.Button(button_style="primary")
        self.roll_button.add_class("yacht-roll")
        self.roll_button.on_click(lambda _: self.roll())
        if self.referee.home is None:
            self.referee.home = self.roll_button
        bar = widgets.HBox([row, self.roll_button])
        bar.add_class("yacht-dice-bar")
        self.frame(bar)

    def _die(self, position: int) -> widgets.Button:
        die = widgets.Button()
        die.add_class("yacht-die")
        die.on_click(lambda _: self.toggle(position))
        return die

    # -- what a click does --------------------------------------------------------------------

    def roll(self) -> bool:
        """Roll the dice that are not held (what the roll button does)."""
        return self.referee.act(lambda: self.game.roll())

    def toggle(self, position: int) -> bool:
        """Hold or release the die at ``position`` (what a click on a die does)."""
        return self.referee.act(lambda: self.game.toggle(position), settles=False)

    # -- what is shown ------------------------------------------------------------------------

    def render(self) -> None:
        game, lang = self.game, self.lang
        locked = self.referee.settling
        can_hold = game.dice is not None and game.rolls_left > 0 and not locked
        held = set(game.held)
        for position, die in enumerate(self.dice):
            face = None if game.dice is None else game.dice[position]
            label = die_label(position, face, position in held, lang)
            with die.hold_sync():
                die.description = label
                die.tooltip = label
                die.disabled = not can_hold
                set_classes(die, {f"yacht-face-{face or 0}": True,
                                  "yacht-held": position in held})
        rolls = game.rolls_left
        with self.roll_button.hold_sync():
            self.roll_button.description = (
                t("widget.roll", lang, rolls=rolls) if rolls
                else t("widget.roll_over" if game.over else "widget.roll_none", lang))
            self.roll_button.disabled = rolls == 0 or locked
            set_classes(self.roll_button, {"yacht-rolling": locked})
