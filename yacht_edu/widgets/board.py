"""The game board: one anywidget whose view (``board.js``, ``board.css``) draws the state it is
sent and asks for moves; the referee makes them on the :class:`yacht_edu.Game`.

The view sends *intents*, small JSON messages: ``{"intent": "roll"}``, ``{"intent": "hold",
"die": 2}``, ``{"intent": "score", "player": "Asha", "box": "full_house"}``, ``{"intent":
"new_game"}``, ``{"intent": "panel", "panel": "coach", "on": true}``, ``{"intent": "coach_mode",
"mode": ...}``, ``{"intent": "coach_target", "target": 200}``, and ``{"intent": "resend"}``
from a view that has nothing to draw.  :meth:`GameView.receive` answers each one: the move is
made, or refused with the reason shown beside the control that was clicked.  Python code and
tests call the same methods (:meth:`~GameView.roll`, :meth:`~GameView.hold`,
:meth:`~GameView.score` ...).

Every answer is a new state, so the view knows that Python heard it: a click that gets no answer
within a few seconds (a kernel stopped or restarted, Notebook 7's New menu) is answered by the
view itself, in the learner's language, with what to do
(:func:`~yacht_edu.widgets.state.view_words`).
Each change is also told to the view's live region (``said``), for a learner who plays with a
screen reader: the dice of each roll, the points of each box and whose turn it is, each refusal.

>>> from yacht_edu import Game
>>> board = GameView(Game(("Asha", "Ravi"), seed=4), settle=0)
>>> board.roll(); board.state["roll"]["left"]
True
'2 rolls left'
>>> board.score("choice", player="Ravi"); board.state["message"]
False
"It is Asha's turn: Ravi scores on their own card when their turn comes."
"""

from __future__ import annotations

import operator
import random
import time
import uuid
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from yacht_edu import sender
from yacht_edu.checks import can_look_up, check_switch
from yacht_edu.errors import NeedsLibraryError, RuleError, SolverStoppedError
from yacht_edu.game import Game, check_game
from yacht_edu.i18n import Given, t
from yacht_edu.widgets.messages import Shapes, intent_of
from yacht_edu.widgets.panels import COACH_MODES, CoachSettings, chances_state, coach_state
from yacht_edu.widgets.referee import DEFAULT_SETTLE, Clock, NotYourTurnError, Referee
from yacht_edu.widgets.state import box_key, game_state, said_aloud, view_words

HERE = Path(__file__).parent
#: The pieces a board can show; a board shows all of them unless told otherwise.
PARTS = ("dice", "card", "panels")
PANELS = ("chances", "coach")
#: The intents the view sends, and the kinds of their fields (a target is checked by the board).
INTENTS: Shapes = {
    "roll": {},
    "hold": {"die": (int,)},
    "score": {"box": (str,), "player": (str, type(None))},
    "new_game": {},
    "panel": {"panel": (str,), "on": (bool, type(None))},
    "coach_mode": {"mode": (str,)},
    "coach_target": {"target": (object,)},
    "resend": {},
}

#: Classes that tests and teachers' stylesheets may select on (the view, ``board.js``, sets them).
PUBLIC_CLASSES = {
    "yacht-game": "the whole board",
    "yacht-dice": "the row of five dice",
    "yacht-die": "each die (five per row)",
    "yacht-face-N": "a die showing N (0: not rolled yet)",
    "yacht-held": "a held die, and only then",
    "yacht-locked": "a die or the roll button that cannot be used now (it answers why if clicked)",
    "yacht-roll": "the roll button",
    "yacht-rolling": "the roll button while the table settles after a roll or a score",
    "yacht-scorecard": "the scorecard: a row per box, a column per player",
    "yacht-current": "the heading and cells of the column of the player to move",
    "yacht-category-<name>": "each player's button of one box, e.g. yacht-category-full_house",
    "yacht-open / yacht-filled / yacht-forbidden / yacht-waiting": "a box that may be scored / "
        "is filled / the rules forbid now / waits for a roll or for its player's turn",
    "yacht-total": "a player's total",
    "yacht-message": "why a click was refused, shown beside what was clicked",
    "yacht-status": "the round and whose turn it is, or who won",
    "yacht-final": "the end of the game, over the dice, with the ranking",
    "yacht-new-game": "the new game button",
    "yacht-chances / yacht-coach-panel": "the teaching panels",
    "yacht-chances-switch / yacht-coach-switch": "the switches that show them",
    "yacht-mode": "each of the coach's modes (the chosen one has aria-checked=true)",
    "yacht-target-input": "the number box of the target the coach's target mode plays for",
    "yacht-beat-leader": "the target mode's line in the last round: the leader's score to beat",
    "yacht-solving": "the coach's first solve of a table: its progress in words and a bar",
    "yacht-luck": "after the game, in the coach panel: each player's score in words (expected "
        "at the start, luck of the dice, points given up)",
    "yacht-rtl": "a board laid out right to left",
    "yacht-said": "the board's live region: what a screen reader says after each change "
        "(hidden from sight)",
    "yacht-lost": "the answer a board gives itself when Python does not answer a click",
    "yacht-loading": "a board waiting for its state from Python",
}


def check_parts(parts: object) -> tuple[str, ...]:
    """``parts`` as a tuple of some of :data:`PARTS` (at least one)."""
    given = tuple(parts) if isinstance(parts, (tuple, list)) else ()
    if not given or not all(isinstance(p, str) and p in PARTS for p in given):
        raise RuleError("widgets.error.bad_parts", given=Given(parts), choices=", ".join(PARTS))
    return given


class GameView(anywidget.AnyWidget):
    """A whole game in one widget; ``.game`` is the :class:`yacht_edu.Game` it plays.

    ``chances`` and ``coach`` switch the teaching panels on from the start (the learner can
    switch them with the check boxes); ``parts`` chooses what is shown (see :data:`PARTS`);
    ``settle`` is how long, in seconds, a roll or a score makes the next move wait.
    """

    _esm = HERE / "board.js"
    _css = HERE / "board.css"
    #: Everything the view draws (see :mod:`yacht_edu.widgets.state`), rebuilt after each change.
    state = traitlets.Dict().tag(sync=True)
    #: How far the coach's first solve of a rule set has come, in percent (-1: not solving).
    progress = traitlets.Int(-1).tag(sync=True)
    #: What the view says on its own, in the learner's language (no state yet, no answer).
    words = traitlets.Dict().tag(sync=True)

    def __init__(self, source: Game | Referee, *, lang: str | None = None,
                 chances: bool = False, coach: bool = False, parts: tuple[str, ...] = PARTS,
                 settle: float = DEFAULT_SETTLE, clock: Clock = time.monotonic) -> None:
        # Everything is checked before the widget is made: a refused view leaves no half-made one.
        referee = (source if isinstance(source, Referee)
                   else Referee(check_game(source), lang=lang, settle=settle, clock=clock))
        shown = check_parts(parts)
        panels = {"chances": check_switch(chances, "chances"),
                  "coach": check_switch(coach, "coach")}
        self.referee = referee
        self.parts = shown
        self.panels = panels
        self.coach_mode = "average"
        self.coach_settings = CoachSettings()
        self.moment = 0
        self.shared: list[Game] = []  # finished games told to the class service
        self.heard = self._news()  # what the live region has been told of (nothing yet)
        self.said: dict[str, Any] = {"key": ".".join(map(str, self.heard)), "text": ""}
        # The view's first message carries the whole state: it never draws an empty board
        # waiting for a second one.
        super().__init__(words=view_words(referee.lang), state=self._shown())
        self.on_msg(self._message)
        self.referee.watch(self.render)

    @property
    def game(self) -> Game:
        """The model this board shows."""
        return self.referee.game

    @property
    def lang(self) -> str:
        return self.referee.lang

    # -- what the learner's clicks do -----------------------------------------------------------

    def roll(self) -> bool:
        """Roll the dice that are not held (the roll button)."""
        return self.referee.act(self.game.roll, kind="roll", at="roll")

    def hold(self, die: int) -> bool:
        """Hold the die at position ``die`` (0 to 4), or release it if held (a click on it)."""
        return self.referee.act(lambda: self.game.toggle(die), settles=False, at=f"die-{die}")

    def score(self, box: str, player: str | None = None) -> bool:
        """Score the dice in hand in ``box`` on ``player``'s card (default: the player to move)."""
        game = self.game
        player = game.current_player if player is None else player
        return self.referee.act(lambda: self._score(player, box), kind="score",
                                at=box_key(player, box))

    def _score(self, player: str, box: str) -> None:
        game = self.game
        if player not in game.players:
            raise RuleError("error.unknown_player", name=Given(player),
                            choices=", ".join(game.players))
        if not game.over and player != game.current_player:
            raise NotYourTurnError(player=player, current=game.current_player)
        game.score(box)

    def new_game(self) -> bool:
        """Start a new game with the same players and rules (the new game button)."""
        old = self.game
        fresh = Game(old.players, old.rules, next_seed(old.seed), roll_off=old.roll_off)
        return self.referee.act(lambda: self.referee.new_game(fresh), kind="score",
                                at="new-game")

    def show_panel(self, panel: str, on: bool = True) -> None:
        """Switch a teaching panel (``"chances"`` or ``"coach"``) on or off (its check box)."""
        if panel not in PANELS:
            raise RuleError("widgets.error.unknown_panel", value=Given(panel),
                            choices=", ".join(PANELS))
        self.panels[panel] = bool(on)
        if on and panel == "coach":  # its first answer may take a solve: show at once it is coming
            self.state = self.state | {"switches": self._switches(), "coach": self._working()}
        self.render()

    def set_coach_mode(self, mode: str) -> None:
        """Choose how the coach plays: one of :data:`~yacht_edu.widgets.panels.COACH_MODES`."""
        if not can_look_up(mode) or mode not in COACH_MODES:
            raise RuleError("widgets.error.unknown_coach_mode", value=Given(mode),
                            choices=", ".join(COACH_MODES))
        self.coach_mode = mode
        self._show_busy()
        self.render()

    def set_coach_target(self, target: int) -> None:
        """Set the target the coach's target mode plays for (its number box): a whole number of
        points, at least 0.  A bad target raises :class:`~yacht_edu.solver.BadTargetError` and
        changes nothing."""
        if isinstance(target, bool) or not isinstance(target, int) or target < 0:
            from yacht_edu.solver import BadTargetError

            raise BadTargetError("coach_target.error.target", value=repr(target))
        self.coach_settings = CoachSettings(target=target)
        self._show_busy()
        self.render()

    def receive(self, content: Any) -> bool:
        """Answer one intent sent by the view (see the module's docstring); True if a move was
        made.  A message that is not an intent of this board (:data:`INTENTS`) is refused and
        logged (:mod:`yacht_edu.widgets.messages`), and changes nothing."""
        intent = intent_of(content, INTENTS, "board")
        if intent == "roll":
            return self.roll()
        if intent == "hold" and content.get("die") in range(5):
            return self.hold(int(content["die"]))
        if intent == "score" and isinstance(content.get("box"), str):
            player = content.get("player")
            return self.score(content["box"], player if isinstance(player, str) else None)
        if intent == "new_game":
            return self.new_game()
        if intent == "panel" and content.get("panel") in PANELS:
            self.show_panel(content["panel"], bool(content.get("on")))
        elif intent == "coach_mode" and content.get("mode") in COACH_MODES:
            self.set_coach_mode(content["mode"])
        elif intent == "coach_target":
            try:
                self.set_coach_target(content.get("target"))
            except RuleError:  # the box shows the target that still holds
                self.render()
        elif intent == "resend":  # the view has nothing to draw: the state once more
            self.render()
        return False

    def _message(self, _: Any, content: Any, buffers: Any) -> None:
        self.receive(content)

    # -- what is shown --------------------------------------------------------------------------

    def render(self) -> None:
        """Rebuild the state the view draws from the model."""
        self.state = self._shown()

    def _shown(self) -> dict[str, Any]:
        """The state the view draws, built from the model (each call a new moment)."""
        game, lang, referee = self.game, self.lang, self.referee
        if game.over and not any(done is game for done in self.shared):
            self.share(game)
        self.moment += 1
        shown = game_state(game, lang, landing=referee.landing)
        shown |= {
            "moment": self.moment,
            "parts": list(self.parts),
            "message": referee.message,
            "message_at": referee.message_at,
            "message_number": referee.said,
            "settling": referee.settling,
            "solving": t("widget.coach_solving", lang),
            "working": t("widget.working", lang),
            "switches": self._switches(),
            "chances": self._panel("chances") if self.panels["chances"] else None,
            "coach": self._panel("coach") if self.panels["coach"] else None,
            "said": self._said(),
        }
        return shown

    def _news(self) -> tuple[int, int]:
        """What there is to tell: the moves of the game so far, and the refusals said."""
        return len(self.game.events), self.referee.said

    def _said(self) -> dict[str, Any]:
        """What the live region says: told once for each move or refusal (its ``key`` changes;
        the view speaks on a new key), and the same while nothing new happens."""
        news = self._news()
        if news != self.heard:
            refused = news[1] != self.heard[1]
            self.heard = news
            self.said = {"key": ".".join(map(str, news)),
                         "text": said_aloud(self.game, self.lang,
                                            self.referee.message if refused else "")}
        return self.said

    def share(self, game: Game) -> None:
        """Tell the class service (if the hub has one) a finished game: its scores, and its
        luck and skill, worked out in the background."""
        self.shared.append(game)
        sender.send(sender.game_event(game.to_json(), uuid.uuid4().hex))

    def _switches(self) -> list[dict[str, Any]]:
        lang = self.lang
        return [{"key": f"switch-{name}", "name": name,
                 "label": t(f"widget.{name}_switch", lang), "on": on}
                for name, on in self.panels.items()]

    def _show_busy(self) -> None:
        """Before the coach answers a new mode or target (a first solve may take seconds), its
        panel shows at once that it is working, and the view answers clicks meanwhile."""
        coach = self.state.get("coach")
        if coach and "note" not in coach:
            self.state = self.state | {"coach": coach | {"busy": True}}

    def _working(self) -> dict[str, Any]:
        """The coach panel while its first answer is being worked out."""
        return {"working": True, "heading": t("board.coach_heading", self.lang)}

    def _panel(self, name: str) -> dict[str, Any]:
        """A panel's state; a panel that cannot answer says so and the game goes on."""
        game, lang = self.game, self.lang
        try:
            if name == "chances":
                return chances_state(game, lang)
            try:
                return coach_state(game, lang, self.coach_mode, progress=self._progress,
                                   settings=self.coach_settings)
            finally:
                self.progress = -1
        except NeedsLibraryError as error:  # numpy missing (the browser edition): what to do
            return {"note": error.message(lang)}
        except ImportError as error:
            return {"note": t("widget.panel_missing", lang, module=error.name or str(error))}
        except SolverStoppedError as error:  # says what happened and what to do, in the language
            return {"note": error.message(lang)}
        except Exception as error:  # a panel must never break the game
            return {"note": t("widget.panel_failed", lang, error=type(error).__name__)}

    def _progress(self, iterable: Any = None, total: int | None = None, **_: object) -> Any:
        return Counting(self, iterable, total)

    def close(self) -> None:
        """Close the widget and stop watching its game (a view refused while being made has no
        referee yet: Python still closes it when it is collected)."""
        if "referee" in vars(self):
            self.referee.close()
        super().close()

    def __repr__(self) -> str:
        game = self.game
        return f"{type(self).__name__}({game.rules!r}, players={game.players!r})"


class Counting:
    """A tqdm-like counter that shows the solver's progress on the board, in whole percents."""

    def __init__(self, board: GameView, iterable: Any, total: int | None) -> None:
        self.board = board
        self.iterable = iterable
        self.total = total if total is not None else operator.length_hint(iterable or ())
        self.done = 0
        board.progress = 0

    def update(self, n: int = 1) -> None:
        self.done += int(n)
        percent = min(100, 100 * self.done // self.total) if self.total > 0 else 0
        if percent != self.board.progress:
            self.board.progress = percent

    def __iter__(self) -> Any:
        for item in self.iterable or ():
            yield item
            self.update()

    def close(self) -> None:
        """Nothing to close: the board hides the bar once the panel has its answer."""

    def __enter__(self) -> Counting:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def next_seed(seed: int) -> int:
    """The seed of the game after a game with ``seed``: a class that starts from one seed plays
    the same sequence of games on every machine.

    >>> next_seed(2026) == next_seed(2026) != 2026
    True
    """
    return random.Random(seed).getrandbits(63)
