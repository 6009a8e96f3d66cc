"""The rule designer: change the rules with a few controls, see at once what the change does to
the optimal player, and play the new rules.

``RuleDesigner()`` in a cell.  The controls are the base rule set, the rolls per turn, one box
with a fixed score, and the boxes to remove; a learner's own boxes come in as functions
(``RuleDesigner(add={"two_pairs": two_pairs})``).  Every change builds the variant with
:func:`yacht_edu.custom_rules` (a refused change shows the rule's message and keeps the last
good variant) and compares it with its base (:func:`yacht_edu.compare_rules`).  **Play it**
opens a board under the variant (:func:`yacht_edu.play`).

>>> designer = RuleDesigner(lang="en")
>>> designer.rolls.value = 4
>>> designer.rules.label("en"), "202.3" in designer.comparison.value
('Yacht, 4 rolls', True)
>>> designer.play_button.click()
>>> designer.board.game.rules.rolls
4
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from yacht_edu.custom import BoxFunction, CustomRules, custom_rules
from yacht_edu.errors import RuleError
from yacht_edu.i18n import box_name, t
from yacht_edu.rules import ROLLS, RULE_SETS, get_rules

__all__ = ["RuleDesigner"]

#: The choice "no box has a fixed score".
NO_BOX = ""


class RuleDesigner(widgets.VBox):  # type: ignore[misc]
    """Design a variant, compare it with its base under optimal play, and play it."""

    def __init__(self, base: str = "yacht", *, add: Mapping[str, BoxFunction] | None = None,
                 lang: str | None = None) -> None:
        super().__init__()
        self.add_class("yacht-widget")
        self.add_class("yacht-designer")
        self.lang = lang
        self.added = dict(add or {})
        self.base = widgets.Dropdown(options=RULE_SETS, value=base,
                                     description=t("designer.base", lang))
        self.rolls = widgets.IntSlider(value=ROLLS, min=1, max=6,
                                       description=t("designer.rolls", lang))
        self.fixed_box = widgets.Dropdown(description=t("designer.fixed_box", lang))
        self.fixed_points = widgets.BoundedIntText(value=25, min=0, max=1000,
                                                   description=t("designer.points", lang))
        self.removed = widgets.SelectMultiple(description=t("designer.remove", lang), rows=6)
        self.rolls.add_class("yacht-designer-rolls")
        self.message = widgets.HTML()
        self.message.add_class("yacht-message")
        self.comparison = widgets.HTML()
        self.comparison.add_class("yacht-designer-comparison")
        self.play_button = widgets.Button(description=t("designer.play", lang))
        self.play_button.add_class("yacht-play-variant")
        self.board: Any = None
        self.board_area = widgets.VBox()
        self.rules: CustomRules = custom_rules(base, add=self.added)
        self._offer_boxes()
        for control in (self.rolls, self.fixed_box, self.fixed_points, self.removed):
            control.observe(self._changed, names="value")
        self.base.observe(self._base_changed, names="value")
        self.play_button.on_click(self._play)
        self.children = (self.base, self.rolls,
                         widgets.HBox([self.fixed_box, self.fixed_points]), self.removed,
                         self.message, self.comparison, self.play_button, self.board_area)
        self.update()

    def design(self) -> CustomRules:
        """The variant the controls describe (raises the rule's error if it cannot be played)."""
        scores = {self.fixed_box.value: self.fixed_points.value} if self.fixed_box.value else {}
        return custom_rules(self.base.value, rolls=self.rolls.value, scores=scores,
                            add=self.added, remove=self.removed.value)

    def update(self) -> None:
        """Build the variant from the controls and compare it with its base."""
        from yacht_edu.compare import compare_rules
        from yacht_edu.display.compare import comparison_html

        try:
            rules = self.design()
            self.comparison.value = "<i>" + html.escape(t("designer.working", self.lang)) + "</i>"
            comparison = compare_rules([self.base.value, rules])
        except RuleError as error:
            self.message.value = html.escape(error.message(self.lang))
            return
        self.rules = rules
        self.message.value = ""
        self.comparison.value = comparison_html(comparison, self.lang)

    def _offer_boxes(self) -> None:
        boxes = get_rules(self.base.value).boxes
        names = [(box_name(box, self.lang), box) for box in boxes]
        self.fixed_box.options = [(t("designer.no_fixed", self.lang), NO_BOX), *names]
        self.fixed_box.value = NO_BOX
        self.removed.options = names
        self.removed.value = ()

    def _base_changed(self, change: Mapping[str, Any]) -> None:
        with self.hold_trait_notifications():
            for control in (self.fixed_box, self.removed):
                control.unobserve(self._changed, names="value")
            self._offer_boxes()
            for control in (self.fixed_box, self.removed):
                control.observe(self._changed, names="value")
        self.update()

    def _changed(self, change: Mapping[str, Any]) -> None:
        self.update()

    def _play(self, button: widgets.Button) -> None:
        from yacht_edu.widgets import play

        if self.board is not None:
            self.board.close()
        self.board = play(rules=self.rules, lang=self.lang)
        self.board_area.children = (self.board,)

    def __repr__(self) -> str:
        return f"RuleDesigner({self.rules!r})"
