"""One player's scorecard: every box a button that shows what it would score and scores it.

An open box of the player to move shows what the dice in hand would add there and scores them
when clicked; a filled box stays in place, disabled, showing its score; a box the rules forbid
now (the joker rule, ``upper_first``) is disabled with the rule's reason as its tooltip.  What a
box scores, its bonus and whether it is allowed all come from the model
(:meth:`yacht_edu.Scorecard.options`).
"""

from __future__ import annotations

import html
import time

import ipywidgets as widgets

from yacht_edu.display import upper_progress
from yacht_edu.errors import RuleError
from yacht_edu.game import Game
from yacht_edu.i18n import RTL_LANGUAGES, digits, t
from yacht_edu.scorecard import Option, Scorecard
from yacht_edu.widgets.base import GameSource, View, set_classes
from yacht_edu.widgets.referee import DEFAULT_SETTLE, Clock, NotYourTurnError

__all__ = ["ScorecardView"]

BOX_STATES = ("yacht-open", "yacht-filled", "yacht-forbidden", "yacht-waiting", "yacht-zero")


class ScorecardView(View):
    """The scorecard of ``player`` (default: the first player) in a game.

    ``ScorecardView(game, "Asha")``; ``show_rules=False`` leaves out the rule-set line (a game
    view shows it once above all the cards).
    """

    def __init__(self, source: GameSource, player: str | None = None, *,
                 lang: str | None = None, show_rules: bool = True,
                 settle: float = DEFAULT_SETTLE, clock: Clock = time.monotonic) -> None:
        super().__init__(source, lang=lang, settle=settle, clock=clock)
        self.player = self.game.players[0] if player is None else check_player(self.game, player)
        rules = self.game.rules
        self.heading = cell(span=True, kind="yacht-head")
        self.rules_line = cell(span=True, kind="yacht-rules")
        self.boxes = {category: self._box(category) for category in rules.categories}
        self.sums: dict[str, widgets.HTML] = {}
        rows: list[widgets.Widget] = [self.heading]
        if show_rules:
            rows.append(self.rules_line)
        rows += self._rows(rules.upper_section)
        rows += self._sum("upper", "card.upper_subtotal")
        if rules.upper_bonus:
            rows += self._sum("bonus", "card.upper_bonus")
        rows += self._rows(rules.lower_section)
        rows += self._sum("lower", "display.lower_subtotal")
        if rules.yahtzee_bonus:
            rows += self._sum("yahtzee_bonus", "card.yahtzee_bonus")
        rows += self._sum("total", "card.total", kind="yacht-sum-total")
        self.sums["total"].add_class("yacht-total")
        self.grid = widgets.GridBox(rows)
        self.grid.add_class("yacht-scorecard")
        self.frame(self.grid)

    def _box(self, category: str) -> widgets.Button:
        box = widgets.Button(layout=widgets.Layout(width="auto"))
        box.add_class("yacht-box")
        box.add_class(f"yacht-category-{category}")
        box.on_click(lambda _: self.score(category))
        return box

    def _rows(self, section: tuple[str, ...]) -> list[widgets.Widget]:
        return [self.boxes[category] for category in section]

    def _sum(self, key: str, msgid: str, kind: str = "yacht-sum") -> list[widgets.Widget]:
        name = cell(kind=kind)
        name.value = html.escape(t(msgid, self.lang))
        self.sums[key] = cell(kind=kind)
        self.sums[key].add_class("yacht-sum")
        self.sums[key].add_class("yacht-number")
        return [name, self.sums[key]]

    # -- what a click does --------------------------------------------------------------------

    def score(self, category: str) -> bool:
        """Score the dice in hand in ``category`` (what a click on that box does)."""
        return self.referee.act(lambda: self._score(category))

    def _score(self, category: str) -> None:
        game = self.game
        if not game.over and game.current_player != self.player:
            raise NotYourTurnError(player=self.player, current=game.current_player)
        game.score(category)

    # -- what is shown ------------------------------------------------------------------------

    @property
    def card(self) -> Scorecard:
        return self.game.scorecard(self.player)

    def render(self) -> None:
        game, lang, card = self.game, self.lang, self.card
        to_move = not game.over and game.current_player == self.player
        heading = t("widget.card_to_play", lang, player=self.player) if to_move else self.player
        self.heading.value = html.escape(heading)
        self.rules_line.value = html.escape(game.rules.label(lang))
        set_classes(self.grid, {"yacht-current": to_move})
        offers = {o.category: o for o in card.options(game.dice)} if (
            to_move and game.dice is not None) else {}
        for category, box in self.boxes.items():
            self._show_box(box, category, card, offers.get(category))
        self._show_sums(card)

    def _show_box(self, box: widgets.Button, category: str, card: Scorecard,
                  offer: Option | None) -> None:
        lang = self.lang
        name = t(f"category.{category}", lang)
        value = card.boxes[category]
        if value is not None:
            state, text, enabled = "yacht-filled", digits(value, lang), False
            tip = t("widget.box_filled", lang, category=name, points=value)
        elif offer is None:
            state, text, enabled = "yacht-waiting", "", False
            tip = self._waiting_tip(name)
        elif not offer.allowed:
            state, text, enabled = "yacht-forbidden", "", False
            tip = offer.reason.message(lang) if offer.reason else name
        else:
            state, text, enabled = "yacht-open", offer_text(offer, lang), True
            tip = (t("widget.box_score_bonus", lang, category=name, points=offer.points,
                     bonus=offer.bonus) if offer.bonus
                   else t("widget.box_score", lang, category=name, points=offer.points))
        with box.hold_sync():
            box.description = row_text(name, text, rtl=self.lang in RTL_LANGUAGES)
            box.tooltip = tip
            box.disabled = not enabled or self.referee.settling
            set_classes(box, {s: s == state for s in BOX_STATES[:4]}
                        | {"yacht-zero": enabled and offer is not None and offer.gain == 0})

    def _waiting_tip(self, name: str) -> str:
        game = self.game
        if game.over:
            return name
        if game.current_player != self.player:
            return t("widget.box_not_your_turn", self.lang, category=name,
                     player=game.current_player)
        return t("widget.box_roll_first", self.lang, category=name)

    def _show_sums(self, card: Scorecard) -> None:
        lang = self.lang
        shown = {
            "upper": upper_progress(card, lang),
            "lower": digits(card.lower_subtotal, lang),
            "total": digits(card.total, lang),
            "yahtzee_bonus": digits(card.yahtzee_bonus, lang),
            "bonus": bonus_words(card, lang),
        }
        for key, widget in self.sums.items():
            widget.value = html.escape(shown[key])

    def __repr__(self) -> str:
        return f"ScorecardView({self.game.rules!r}, player={self.player!r})"


def check_player(game: Game, player: str) -> str:
    """``player`` if they play in ``game``; else the model's error naming the players."""
    if player not in game.players:
        raise RuleError("error.unknown_player", name=repr(player), choices=", ".join(game.players))
    return player


def cell(*, span: bool = False, kind: str = "") -> widgets.HTML:
    """One cell of the scorecard grid (``span``: the whole width)."""
    widget = widgets.HTML()
    widget.add_class("yacht-cell")
    if span:
        widget.add_class("yacht-span")
    if kind:
        widget.add_class(kind)
    return widget


# A space inside the name or the points: not a place where a justified line stretches.
INNER_SPACE = "\u2005"


def row_text(name: str, points: str, rtl: bool = False) -> str:
    """A box's button text: its name and its points, justified to the two ends of the row.

    The button's text is also its accessible name ("Full House 25"), so the name must be in it.
    Only the one plain space between name and points stretches.  In a right-to-left language
    the points are isolated left to right, so that "25 +100" is not read as "+100 25".

    >>> row_text("Full House", "25 +100").split(" ")
    ['Full\u2005House', '25\u2005+100']
    """
    name, points = (part.replace(" ", INNER_SPACE) for part in (name, points))
    if points and rtl:
        points = f"\u2066{points}\u2069"  # LEFT-TO-RIGHT ISOLATE ... POP DIRECTIONAL ISOLATE
    return f"{name} {points}" if points else name


def offer_text(offer: Option, lang: str | None) -> str:
    """What an open box shows: its points, and a bonus it would earn after a plus sign."""
    text = digits(offer.points, lang)
    return f"{text} +{digits(offer.bonus, lang)}" if offer.bonus else text


def bonus_words(card: Scorecard, lang: str | None) -> str:
    """The 35 once earned, else how many points the upper section still needs for it."""
    from yacht_edu.rules import UPPER_BONUS_THRESHOLD

    if card.upper_bonus:
        return digits(card.upper_bonus, lang)
    missing = UPPER_BONUS_THRESHOLD - card.upper_subtotal
    if all(card.boxes[c] is not None for c in card.rules.upper_section):
        return digits(0, lang)
    return t("widget.bonus_to_go", lang, points=missing)
