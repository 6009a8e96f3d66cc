"""The look of the game in JupyterLab: one stylesheet, injected once per view with an HTML widget.

The dice are drawn by :func:`yacht_edu.display.die_svg` (the same picture as a cell's rich
display), set as each die button's background from a data URI per face.  The CSS classes named in
:data:`PUBLIC_CLASSES` are the public face of the widgets: tests and teachers' stylesheets may rely
on them, never on the layout.
"""

from __future__ import annotations

import base64
import functools

import ipywidgets as widgets

from yacht_edu.display import die_svg, lock_svg

__all__ = ["PUBLIC_CLASSES", "stylesheet", "stylesheet_widget"]

#: Classes that tests and teachers' stylesheets may select on.
PUBLIC_CLASSES = {
    "yacht-game": "the whole game widget",
    "yacht-dice": "the row of five dice",
    "yacht-die": "each die (five per row)",
    "yacht-face-N": "a die showing N (0: not rolled yet)",
    "yacht-held": "a held die, and only then",
    "yacht-roll": "the roll button",
    "yacht-rolling": "the roll button while the dice settle after a roll or a score",
    "yacht-scorecard": "one player's scorecard",
    "yacht-current": "the scorecard of the player to move",
    "yacht-category-<name>": "the button of one box, e.g. yacht-category-full_house",
    "yacht-open / yacht-filled / yacht-forbidden": "a box that may be scored / is filled / the "
                                                   "rules forbid now",
    "yacht-total": "a scorecard's total",
    "yacht-message": "where the rules explain a refused move",
    "yacht-status": "the round and whose turn it is, or who won",
    "yacht-new-game": "the new game button",
    "yacht-chances / yacht-coach-panel": "the teaching panels",
    "yacht-chances-switch / yacht-coach-switch": "the check boxes that show them",
    "yacht-rtl": "a game laid out right to left",
}


def data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def dice_faces() -> str:
    """A background picture for every face, free and held (face 0: a die not rolled yet)."""
    rules = []
    for face in range(7):
        free, held = (data_uri(die_svg(face or None, held=h)) for h in (False, True))
        rules.append(f".yacht-die.yacht-face-{face}{{background-image:url('{free}')}}")
        rules.append(f".yacht-die.yacht-held.yacht-face-{face}{{background-image:url('{held}')}}")
    return "\n".join(rules)


LAYOUT = """
.yacht-game, .yacht-widget { font-size: 18px; font-family: system-ui, sans-serif; }
.yacht-game .widget-label, .yacht-game .widget-html-content, .yacht-game .widget-button,
.yacht-widget .widget-label, .yacht-widget .widget-html-content, .yacht-widget .widget-button,
.yacht-widget .widget-checkbox, .yacht-game .widget-checkbox { font-size: 18px; }
.yacht-toolbar .widget-checkbox { width: auto; }
.yacht-toolbar .widget-checkbox input { width: 20px; height: 20px; }
.yacht-toolbar .widget-checkbox label, .yacht-toolbar .widget-checkbox span { font-size: 18px;
  font-family: inherit; }
.yacht-game .widget-html-content, .yacht-widget .widget-html-content { line-height: 1.4; }
.yacht-title .widget-html-content { font-size: 20px; font-weight: 600; }

.yacht-dice { gap: 14px; padding: 16px 4px 6px; align-items: flex-start; direction: ltr;
              overflow: visible; }
.yacht-die.widget-button { width: 72px; height: 72px; min-width: 72px; padding: 0; margin: 0;
  border: none; border-radius: 12px; background-color: transparent; box-shadow: none;
  background-repeat: no-repeat; background-position: center; background-size: 72px 72px;
  font-size: 0; color: transparent; overflow: visible; position: relative;
  transition: transform 80ms ease-out; }
.yacht-die.widget-button:disabled { opacity: 0.55; }
.yacht-die.yacht-held { transform: translateY(-12px);
  filter: drop-shadow(0 6px 3px rgba(0, 0, 0, 0.35)); }
.yacht-die.yacht-held::after { content: ""; position: absolute; left: 23px; top: 76px;
  width: 26px; height: 26px; background: no-repeat center/26px url('LOCK'); }
.yacht-die.widget-button:focus-visible { outline: 4px solid #f08c00; outline-offset: 3px; }
.yacht-dice-bar { gap: 16px; align-items: center; padding-top: 14px; }
.yacht-roll.widget-button { height: 48px; width: auto; align-self: center; min-width: 12em;
  font-size: 20px; font-weight: 600; padding: 0 18px; }
.yacht-roll.widget-button:focus-visible, .yacht-new-game.widget-button:focus-visible {
  outline: 4px solid #f08c00; outline-offset: 2px; }

.yacht-message .widget-html-content { color: #a61b1b; font-weight: 600; min-height: 1.4em; }
.yacht-status .widget-html-content { font-size: 20px; }

.yacht-cards { gap: 24px; flex-wrap: wrap; align-items: flex-start; }
.yacht-scorecard { border: 2px solid #555; border-radius: 6px; padding: 0;
  grid-template-columns: minmax(12em, max-content) 6.5em; background: #fff; width: max-content;
  grid-gap: 0; }
.yacht-scorecard.yacht-current { border: 4px solid #1a4f8b;
  box-shadow: 0 0 0 3px rgba(26, 79, 139, 0.2); }
.yacht-scorecard > .widget-inline-hbox, .yacht-scorecard > .widget-html,
.yacht-scorecard > .widget-button, .yacht-scorecard > .widget-label { margin: 0; }
.yacht-scorecard .yacht-cell { border-bottom: 1px solid #bbb; padding: 0 10px;
  height: 38px; display: flex; align-items: center; }
.yacht-scorecard .yacht-cell .widget-html-content { height: auto; white-space: nowrap;
  align-self: center; line-height: 1.2; }
.yacht-scorecard .yacht-span { grid-column: 1 / -1; }
.yacht-scorecard .yacht-head { background: #1a4f8b; color: #fff; font-weight: 700;
  font-size: 20px; padding: 4px 10px; }
.yacht-scorecard .yacht-head .widget-html-content { color: #fff; }
.yacht-scorecard .yacht-rules { font-size: 14px; padding: 2px 10px; background: #eef2f7;
  border-bottom: 1px solid #bbb; }
.yacht-scorecard .yacht-rules .widget-html-content { font-size: 14px; }
.yacht-scorecard .yacht-sum { background: #eef2f7; font-style: italic; }
.yacht-scorecard .yacht-sum-total { background: #dde6f1; font-weight: 700; font-size: 20px; }
.yacht-scorecard .yacht-sum-total .widget-html-content { font-size: 20px; font-weight: 700; }
.yacht-scorecard .yacht-number, .yacht-number { direction: ltr; unicode-bidi: isolate;
  justify-content: flex-end; text-align: right; font-variant-numeric: tabular-nums; }
.yacht-scorecard .yacht-sum.yacht-number { border-left: 1px solid #bbb; }
.yacht-rtl .yacht-scorecard .yacht-sum.yacht-number { border-left: none;
  border-right: 1px solid #bbb; justify-content: flex-start; text-align: left; }

/* A box is one button across the row: its name at the start, its points at the end. */
.yacht-scorecard .widget-button.yacht-box { grid-column: 1 / -1; width: auto; height: 38px;
  margin: 0; padding: 0 10px; border: none; border-bottom: 1px solid #bbb; border-radius: 0;
  box-shadow: none; color: #111; font-variant-numeric: tabular-nums;
  text-align: justify; text-align-last: justify; --points: #fff; --line: #bbb;
  background: linear-gradient(to left, var(--points) 6.5em, var(--line) 6.5em,
    var(--line) calc(6.5em + 1px), #fff calc(6.5em + 1px)); }
.yacht-rtl .yacht-scorecard .widget-button.yacht-box {
  background: linear-gradient(to right, var(--points) 6.5em, var(--line) 6.5em,
    var(--line) calc(6.5em + 1px), #fff calc(6.5em + 1px)); }
.yacht-scorecard .widget-button.yacht-box:disabled { opacity: 1; cursor: default; }
.yacht-scorecard .widget-button.yacht-open { --points: #e4f8dc; color: #17520d;
  font-style: italic; cursor: pointer; }
.yacht-scorecard .widget-button.yacht-open:hover { --points: #c5efb5; }
.yacht-scorecard .widget-button.yacht-open.yacht-zero { color: #4d5a49; }
.yacht-scorecard .widget-button.yacht-filled { font-weight: 600; }
.yacht-scorecard .widget-button.yacht-forbidden { color: #8a8a8a; --points: #e9e9e9; }
.yacht-scorecard .widget-button.yacht-box:focus-visible { outline: 4px solid #f08c00;
  outline-offset: -4px; }

.yacht-toolbar { gap: 18px; padding: 6px 0; }
.yacht-panel { border: 1px solid #bbb; border-radius: 6px; padding: 6px 12px; margin-top: 8px;
  max-width: 56em; }
.yacht-coach-panel .widget-html-content { max-height: 24em; overflow-y: auto; }
.yacht-panel table { border-collapse: collapse; font-size: 16px; }
.yacht-panel td, .yacht-panel th { border-bottom: 1px solid #ddd; padding: 3px 10px; }
.yacht-panel .yacht-bar { display: inline-block; height: 10px; background: #1a4f8b;
  vertical-align: middle; }
.yacht-new-game.widget-button { height: 44px; width: auto; align-self: flex-start;
  font-size: 18px; padding: 0 18px;
  margin: 8px 0; }

.yacht-rtl { direction: rtl; }
.yacht-rtl .yacht-dice, .yacht-rtl .yacht-number { direction: ltr; }
"""


@functools.cache
def stylesheet() -> str:
    """The whole CSS of the widgets."""
    return LAYOUT.replace("LOCK", data_uri(lock_svg())) + dice_faces()


def stylesheet_widget() -> widgets.HTML:
    """An invisible HTML widget holding the ``<style>``: put one in each top-level view."""
    holder = widgets.HTML(value=f"<style>{stylesheet()}</style>",
                          layout=widgets.Layout(height="0px", margin="0", overflow="hidden"))
    holder.add_class("yacht-style")
    return holder
