"""Panels that teach, each switched on by the learner: "my chances" and "coach".

* **My chances**: for each open box of the player to move, the exact chance to make it (its
  plain score above 0) with the rolls left, from the dice in hand (:mod:`yacht_edu.probability`).
* **Coach**: the ranked choices with their expected final score (:mod:`yacht_edu.solver` through
  :func:`yacht_edu.coach.advise`); after the game, the points lost at each decision
  (:func:`yacht_edu.coach.analyse`), both drawn by the coach's own HTML.  The first yahtzee
  solve takes seconds: a progress bar shows it.

The mathematics is imported when a panel is first switched on, so the game plays without it.
"""

from __future__ import annotations

import html
import operator
import time
from collections.abc import Hashable, Iterable, Iterator
from types import TracebackType
from typing import Any

import ipywidgets as widgets

from yacht_edu.i18n import digits, t
from yacht_edu.widgets.base import GameSource, View
from yacht_edu.widgets.referee import DEFAULT_SETTLE, Clock

__all__ = ["ChancesPanel", "CoachPanel", "WidgetProgress"]


class Panel(View):
    """A panel that computes only while it is switched on (``.active``)."""

    heading_msgid = ""

    def __init__(self, source: GameSource, *, active: bool = True, lang: str | None = None,
                 settle: float = DEFAULT_SETTLE, clock: Clock = time.monotonic) -> None:
        super().__init__(source, lang=lang, settle=settle, clock=clock)
        self.add_class("yacht-panel")
        self.body = widgets.HTML()
        self._active = bool(active)
        self._shown: Hashable = None
        self.layout.display = None if self._active else "none"

    @property
    def active(self) -> bool:
        """Whether the panel is switched on (shown and kept up to date)."""
        return self._active

    @active.setter
    def active(self, on: bool) -> None:
        self._active = bool(on)
        self.layout.display = None if self._active else "none"
        self.render()

    def render(self) -> None:
        if not self._active:
            return
        key = self.moment()
        if key == self._shown:  # nothing the panel shows has changed (a hold, a settle)
            return
        try:
            self.body.value = self.compute()
        except ImportError as error:
            self.body.value = note(t("widget.panel_missing", self.lang, module=error.name or ""))
        except Exception as error:  # a panel must never break the game: say what went wrong
            self.body.value = note(t("widget.panel_failed", self.lang, error=repr(error)))
        self._shown = key

    def moment(self) -> Hashable:
        """What the panel's content depends on: it is recomputed only when this changes."""
        game = self.game
        return (game, game.moves)  # the game itself: a new game is a new moment

    def compute(self) -> str:
        """The panel's content as HTML."""
        raise NotImplementedError


def note(text: str) -> str:
    return f"<p>{html.escape(text)}</p>"


class ChancesPanel(Panel):
    """For each open box: the exact chance to make it with the rolls left from the dice in hand."""

    def __init__(self, source: GameSource, *, active: bool = True, lang: str | None = None,
                 settle: float = DEFAULT_SETTLE, clock: Clock = time.monotonic) -> None:
        super().__init__(source, active=active, lang=lang, settle=settle, clock=clock)
        self.add_class("yacht-chances")
        self.frame(self.body)

    def compute(self) -> str:
        game, lang = self.game, self.lang
        if game.over:
            return note(t("widget.chances_over", lang))
        chances = self.chances()
        rows = "".join(chance_row(t(f"category.{c}", lang), p, lang) for c, p in chances.items())
        heading = (t("widget.chances_fresh", lang, player=game.current_player)
                   if game.dice is None else
                   t("widget.chances_heading", lang, rolls=game.rolls_left))
        head = "".join(f"<th>{html.escape(t(k, lang))}</th>" for k in (
            "widget.col_box", "widget.col_chance", "widget.col_percent"))
        return (f"<p><b>{html.escape(heading)}</b></p>"
                f"<table><tr>{head}<th></th></tr>{rows}</table>")

    def chances(self) -> dict[str, Any]:
        """Each open box of the player to move with its exact chance (a ``sympy.Rational``)."""
        from yacht_edu import probability

        game = self.game
        everything = probability.chances(game.dice, game.rolls_left, game.rules)
        return {c: everything[c] for c in game.scorecard().open_categories}


def chance_row(name: str, chance: Any, lang: str | None) -> str:
    """One row: the box, its chance as a fraction, as a percentage, and as a bar."""
    percent = 100 * float(chance)
    return (f"<tr><td>{html.escape(name)}</td>"
            f'<td class="yacht-number">{html.escape(fraction_words(chance, lang))}</td>'
            f'<td class="yacht-number">{percent:.1f} %</td>'
            f'<td><span class="yacht-bar" style="width:{percent:.0f}px"></span></td></tr>')


def fraction_words(chance: Any, lang: str | None) -> str:
    """An exact chance as "p/q" (or "0", "1"), with the digits of ``lang``."""
    numerator, denominator = int(chance.p), int(chance.q)
    text = digits(numerator, lang)
    return text if denominator == 1 else f"{text}/{digits(denominator, lang)}"


class WidgetProgress:
    """A tqdm-like progress bar drawn with an ipywidgets ``IntProgress``, in percent.

    Pass it as ``progress=`` to the solver: it is called like ``tqdm`` (``progress(total=n)``
    or ``progress(iterable)``) and what it returns counts with ``update(n)`` or by iterating.
    The bar moves in whole percents, so a long solve sends about a hundred updates, not more.
    """

    def __init__(self, bar: widgets.IntProgress) -> None:
        self.bar = bar

    def __call__(self, iterable: Iterable[Any] | None = None, total: int | None = None,
                 desc: str | None = None, **_: object) -> Counting:
        if total is None and iterable is not None:
            total = operator.length_hint(iterable)
        self.bar.min, self.bar.max, self.bar.value = 0, 100, 0
        self.bar.layout.display = None
        return Counting(self.bar, iterable, total or 0)


class Counting:
    """One run of a :class:`WidgetProgress`: counts up to ``total``."""

    def __init__(self, bar: widgets.IntProgress, iterable: Iterable[Any] | None,
                 total: int) -> None:
        self.bar = bar
        self.iterable = iterable
        self.total = total
        self.done = 0

    def update(self, n: int = 1) -> None:
        self.done += int(n)
        percent = min(100, 100 * self.done // self.total) if self.total > 0 else 0
        if percent != self.bar.value:
            self.bar.value = percent

    def __iter__(self) -> Iterator[Any]:
        for item in self.iterable or ():
            yield item
            self.update()
        self.close()

    def close(self) -> None:
        self.bar.layout.display = "none"

    def __enter__(self) -> Counting:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


class CoachPanel(Panel):
    """The ranked choices for the player to move; after the game, the points lost per decision."""

    def __init__(self, source: GameSource, *, active: bool = True, lang: str | None = None,
                 settle: float = DEFAULT_SETTLE, clock: Clock = time.monotonic) -> None:
        super().__init__(source, active=active, lang=lang, settle=settle, clock=clock)
        self.add_class("yacht-coach-panel")
        self.bar = widgets.IntProgress(value=0, min=0, max=1,
                                       description=t("widget.coach_solving", self.lang))
        self.bar.layout.display = "none"
        self.progress = WidgetProgress(self.bar)
        self.frame(self.bar, self.body)

    def compute(self) -> str:
        from yacht_edu import coach
        from yacht_edu.display.coach import advice_html, analysis_html

        game, lang = self.game, self.lang
        try:
            if game.over:
                return analysis_html(coach.analyse(game, progress=self.progress), lang)
            return advice_html(coach.advise(game, progress=self.progress), lang)
        finally:
            self.bar.layout.display = "none"
