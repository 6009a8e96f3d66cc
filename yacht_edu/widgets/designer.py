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

import contextlib
import html
from collections.abc import Iterator, Mapping
from typing import Any

import ipywidgets as widgets
import traitlets

from yacht_edu.custom import BoxFunction, custom_rules
from yacht_edu.display.compare import comparison_html
from yacht_edu.errors import RuleError
from yacht_edu.i18n import box_name, t
from yacht_edu.rules import ROLLS, RULE_SETS, Rules, get_rules

#: The choice "no box has a fixed score".
NO_BOX = ""
#: Labels are shown whole, never cut to the default width ("Rolls per tu…").
WHOLE_LABEL = {"description_width": "initial"}


class Checklist(widgets.VBox):  # type: ignore[misc]
    """Several choices, each a check box of its own (no Ctrl-click): ``value`` is the tuple of
    the values ticked, ``options`` the ``(label, value)`` pairs offered."""

    value = traitlets.Tuple()

    def __init__(self, description: str) -> None:
        super().__init__()
        self.heading = widgets.Label(description)
        self.boxes: dict[str, widgets.Checkbox] = {}
        self._options: tuple[tuple[str, str], ...] = ()
        self._ticking = False
        self.observe(self._ticks_follow, names="value")

    @property
    def options(self) -> tuple[tuple[str, str], ...]:
        return self._options

    @options.setter
    def options(self, pairs: Any) -> None:
        self._options = tuple(pairs)
        self.boxes = {value: widgets.Checkbox(description=label, value=False, indent=False,
                                              style=WHOLE_LABEL)
                      for label, value in self._options}
        for box in self.boxes.values():
            box.observe(self._box_changed, names="value")
        grid = widgets.GridBox(list(self.boxes.values()), layout=widgets.Layout(
            grid_template_columns="repeat(3, max-content)", grid_gap="0 18px"))
        self.children = (self.heading, grid)
        self.value = ()

    def _box_changed(self, change: Mapping[str, Any]) -> None:
        if not self._ticking:  # a learner's tick: one new value
            self.value = tuple(value for value, box in self.boxes.items() if box.value)

    def _ticks_follow(self, change: Mapping[str, Any]) -> None:
        """A value set from code ticks its boxes, as one change (not one per box)."""
        self._ticking = True
        try:
            for value, box in self.boxes.items():
                box.value = value in change["new"]
        finally:
            self._ticking = False


class RuleDesigner(widgets.VBox):  # type: ignore[misc]
    """Design a variant, compare it with its base under optimal play, and play it."""

    def __init__(self, base: str = "yacht", *, add: Mapping[str, BoxFunction] | None = None,
                 lang: str | None = None) -> None:
        super().__init__()
        self.add_class("yacht-widget")
        self.add_class("yacht-designer")
        self.lang = lang
        self.added = dict(add or {})
        self.base = widgets.Dropdown(options=[(get_rules(name).label(lang), name)
                                              for name in RULE_SETS], value=base,
                                     description=t("designer.base", lang), style=WHOLE_LABEL)
        self.rolls = widgets.IntSlider(value=ROLLS, min=1, max=6, style=WHOLE_LABEL,
                                       description=t("designer.rolls", lang))
        self.fixed_box = widgets.Dropdown(description=t("designer.fixed_box", lang),
                                          style=WHOLE_LABEL)
        self.fixed_points = widgets.BoundedIntText(value=25, min=0, max=1000, style=WHOLE_LABEL,
                                                   description=t("designer.points", lang))
        self.removed = Checklist(t("designer.remove", lang))
        self.rolls.add_class("yacht-designer-rolls")
        self.fixed_points.add_class("yacht-designer-points")
        self.removed.add_class("yacht-designer-remove")
        self.message = widgets.HTML(layout=widgets.Layout(display="none"))
        self.message.add_class("yacht-message")
        self.comparison = widgets.HTML()
        self.comparison.add_class("yacht-designer-comparison")
        self.play_button = widgets.Button(description=t("designer.play", lang))
        self.play_button.add_class("yacht-play-variant")
        self.board: Any = None
        self.board_area = widgets.VBox()
        self.rules: Rules = custom_rules(base, add=self.added)
        self._offer_boxes()
        self._show_points()
        for control in (self.rolls, self.fixed_box, self.fixed_points, self.removed):
            control.observe(self._changed, names="value")
        self.base.observe(self._base_changed, names="value")
        self.play_button.on_click(self._play)
        self.children = (self.base, self.rolls,
                         widgets.HBox([self.fixed_box, self.fixed_points]), self.removed,
                         self.message, self.comparison, self.play_button, self.board_area)
        self.update()

    def design(self) -> Rules:
        """The variant the controls describe (raises the rule's error if it cannot be played)."""
        scores = {self.fixed_box.value: self.fixed_points.value} if self.fixed_box.value else {}
        return custom_rules(self.base.value, rolls=self.rolls.value, scores=scores,
                            add=self.added, remove=self.removed.value)

    def update(self) -> None:
        """Build the variant from the controls and compare it with its base."""
        from yacht_edu.compare import compare_rules

        try:
            rules = self.design()
            self.comparison.value = "<i>" + html.escape(t("designer.working", self.lang)) + "</i>"
            with self.working():
                comparison = compare_rules([self.base.value, rules])
        except RuleError as error:
            self.say(error.message(self.lang))
            return
        self.rules = rules
        self.say("")
        self.comparison.value = comparison_html(comparison, self.lang, names=[
            t("designer.col_base", self.lang, rules=comparison[0].label(self.lang)),
            t("designer.col_variant", self.lang, rules=comparison[1].label(self.lang))])

    @contextlib.contextmanager
    def working(self) -> Iterator[None]:
        """While a variant is solved (a first solve may take seconds), the controls are greyed:
        the comparison says "Solving the variant…" and no click queues behind the solve."""
        controls = (self.base, self.rolls, self.fixed_box, self.fixed_points, self.play_button,
                    *self.removed.boxes.values())
        for control in controls:
            control.disabled = True
        try:
            yield
        finally:
            for control in controls:
                control.disabled = False

    def say(self, text: str) -> None:
        """Show why a change was refused under the controls; no empty bar when all is well."""
        self.message.value = html.escape(text)
        self.message.layout.display = None if text else "none"

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
        self._show_points()
        self.update()

    def _show_points(self) -> None:
        """The points box only when a box is chosen to have a fixed score."""
        self.fixed_points.layout.display = None if self.fixed_box.value else "none"

    def _play(self, button: widgets.Button) -> None:
        from yacht_edu.widgets import play  # the package imports this module: a cycle

        if self.board is not None:
            self.board.close()
        self.board = play(rules=self.rules, lang=self.lang)
        self.board_area.children = (self.board,)

    def __repr__(self) -> str:
        return f"RuleDesigner({self.rules!r})"
