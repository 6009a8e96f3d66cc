"""What every view of a game shares: it reads the model through a referee and re-renders from it."""

from __future__ import annotations

import time

import ipywidgets as widgets

from yacht_edu.game import Game
from yacht_edu.i18n import RTL_LANGUAGES
from yacht_edu.widgets.referee import DEFAULT_SETTLE, Clock, Referee
from yacht_edu.widgets.style import stylesheet_widget

__all__ = ["GameSource", "View", "referee_for", "set_classes"]

GameSource = Game | Referee


def referee_for(source: GameSource, lang: str | None, settle: float,
                clock: Clock) -> tuple[Referee, bool]:
    """The referee of ``source`` and whether it is new (a view made from a bare Game)."""
    if isinstance(source, Referee):
        return source, False
    return Referee(source, lang=lang, settle=settle, clock=clock), True


class View(widgets.VBox):  # type: ignore[misc]
    """A piece of the game on screen.  Subclasses build widgets in ``__init__`` and fill
    them in :meth:`render` from ``self.game``: they keep no game state of their own.

    Made from a :class:`~yacht_edu.Game`, a view stands alone (its own stylesheet and message
    area); made from a :class:`Referee`, it is part of a larger view that shares them.
    """

    def __init__(self, source: GameSource, *, lang: str | None = None,
                 settle: float = DEFAULT_SETTLE, clock: Clock = time.monotonic) -> None:
        super().__init__()
        self.referee, self.standalone = referee_for(source, lang, settle, clock)
        self.add_class("yacht-widget")
        if self.lang in RTL_LANGUAGES:
            self.add_class("yacht-rtl")

    @property
    def game(self) -> Game:
        """The model this view shows."""
        return self.referee.game

    @property
    def lang(self) -> str:
        return self.referee.lang

    def frame(self, *parts: widgets.Widget, watch: bool = True) -> None:
        """Lay out ``parts``, with a stylesheet and a message area when standing alone, and
        render now and after every change (``watch=False``: the subclass chose when to watch)."""
        if self.standalone:
            message = () if self.referee.message in parts else (self.referee.message,)
            self.children = (stylesheet_widget(), *parts, *message)
        else:
            self.children = parts
        if watch:
            self.referee.watch(self.render)
        self.render()

    def render(self) -> None:
        """Show the model as it is now."""
        raise NotImplementedError

    def close(self) -> None:
        """Close the widget; a view standing alone also stops watching its game."""
        if self.standalone:
            self.referee.close()
        super().close()

    def __repr__(self) -> str:
        game = self.game
        return f"{type(self).__name__}({game.rules!r}, players={game.players!r})"


FACE_CLASSES = frozenset(f"yacht-face-{face}" for face in range(7))


def set_classes(widget: widgets.DOMWidget, wanted: dict[str, bool]) -> None:
    """Give ``widget`` the classes marked True and take away those marked False.

    A ``yacht-face-N`` class replaces any other face class.
    """
    classes = list(widget._dom_classes)
    if any(name in FACE_CLASSES for name, on in wanted.items() if on):
        classes = [c for c in classes if c not in FACE_CLASSES]
    for name, on in wanted.items():
        if on and name not in classes:
            classes.append(name)
        elif not on and name in classes:
            classes.remove(name)
    if classes != list(widget._dom_classes):
        widget._dom_classes = tuple(classes)
