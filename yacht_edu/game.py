"""A game: players, turns of up to three rolls with held dice, scorecards, and the whole history.

>>> game = Game(players=("Asha", "Ravi"), seed=2026)
>>> game.roll()
Dice(1, 4, 4, 6, 1)
>>> game.roll(keep=[4, 4])              # keep by values ...
Dice(2, 4, 4, 4, 4)
>>> game.roll(positions=[1, 2, 3, 4])   # ... or by positions (0 is the leftmost die)
Dice(5, 4, 4, 4, 4)
>>> game.score("fours")
16
>>> game.current_player, game.rolls_left
('Ravi', 3)

A game is the one source of truth: every method either changes it completely and tells its
observers, or raises a :class:`~yacht_edu.errors.RuleError` and changes nothing.  Its record is
:attr:`Game.events`, frozen values (:mod:`yacht_edu.events`); :attr:`Game.history` is the same
record as the dicts a saved game holds.  Those dicts and the saved document are written and read
by :mod:`yacht_edu.saved`, imported only when a game is saved or loaded: it reads rule sets a
learner designs too (:mod:`yacht_edu.custom`), which the model does not import.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from yacht_edu.checks import check_players, check_switch, items, whole_number
from yacht_edu.dice import Dice, DiceRoller, kept_values
from yacht_edu.errors import (
    ArgumentTypeError,
    BadSavedGameError,
    GameOverError,
    InvalidDiceError,
    InvalidKeepError,
    InvalidSeedError,
    NoRollsLeftError,
    NotRolledYetError,
    ObserverFailedWarning,
    ReadOnlyError,
    RuleError,
)
from yacht_edu.events import Event, RollEvent, RollOffEvent, ScoreEvent
from yacht_edu.hands import NUMBER_OF_DICE
from yacht_edu.i18n import Given, t, tn
from yacht_edu.rules import ROLLS, Rules, RulesLike, get_rules
from yacht_edu.scorecard import Option, Scorecard
from yacht_edu.shown import shown_by

if TYPE_CHECKING:
    from yacht_edu.saved import SavedGame


Observer = Callable[["Game"], None]


@dataclass(frozen=True)
class Turn:
    """The turn in progress: the dice on the table, the rolls used, the dice held."""

    dice: Dice | None = None
    rolls_used: int = 0
    held: frozenset[int] = field(default_factory=frozenset)
    rolls: int = ROLLS

    @property
    def rolls_left(self) -> int:
        return self.rolls - self.rolls_used

    @property
    def kept(self) -> tuple[int, ...]:
        """The values of the held dice, sorted."""
        return () if self.dice is None else tuple(sorted(self.dice[i] for i in self.held))


class Game:
    """A game of Yacht or Yahtzee for one or more players.

    ``Game(players=("Asha", "Ravi"), rules="yacht", seed=2026)``; with ``roll_off=True`` each
    player first rolls all five dice and the highest total starts (ties roll again, see
    docs/rules.md#who-starts), play then passing on in seating order.  The players, rules, seed
    and seating order are read-only: a game and its save cannot disagree.
    """

    def __init__(
        self,
        players: Sequence[str] | str = ("Player 1",),
        rules: RulesLike = "yacht",
        seed: int | None = None,
        *,
        roll_off: bool = False,
    ) -> None:
        self._players = check_players(players)
        self._rules: Rules = get_rules(rules)
        self._roll_off = check_switch(roll_off, "roll_off")
        self._roller = DiceRoller(seed)
        self._observers: list[Observer] = []
        self._events: list[Event] = []
        self._cards = {name: Scorecard.empty(self._rules) for name in self._players}
        self._turn = Turn(rolls=self._rules.rolls)
        self._turns_played = 0
        self._order = self._roll_off_order() if roll_off else self._players

    def __setattr__(self, name: str, value: object) -> None:
        if not name.startswith("_"):
            raise ReadOnlyError("error.game_read_only", name=name)
        object.__setattr__(self, name, value)

    # -- what the game shows ------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """The players in seating order."""
        return self._players

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def seed(self) -> int:
        """The seed every throw of this game comes from."""
        return self._roller.seed

    @property
    def roll_off(self) -> bool:
        """Whether a roll-off chose who starts."""
        return self._roll_off

    @property
    def order(self) -> tuple[str, ...]:
        """The players in the order they play (after the roll-off, if any)."""
        return self._order

    @property
    def turns(self) -> int:
        """Turns per player (12 for yacht, 13 for yahtzee)."""
        return self._rules.turns

    @property
    def over(self) -> bool:
        return self._turns_played >= self.turns * len(self._players)

    @property
    def current_player(self) -> str:
        """Whose turn it is (the last player to move once the game is over)."""
        last = self.turns * len(self._players) - 1
        return self._order[min(self._turns_played, last) % len(self._order)]

    @property
    def round(self) -> int:
        """The round being played, 1 to :attr:`turns`."""
        return min(self._turns_played // len(self._players) + 1, self.turns)

    @property
    def turn(self) -> Turn:
        return self._turn

    @property
    def dice(self) -> Dice | None:
        """The dice on the table, or None before the first roll of a turn."""
        return self._turn.dice

    @property
    def rolls_left(self) -> int:
        return 0 if self.over else self._turn.rolls_left

    @property
    def held(self) -> tuple[int, ...]:
        """The positions of the held dice, in order."""
        return tuple(sorted(self._turn.held))

    @property
    def scorecards(self) -> Mapping[str, Scorecard]:
        return dict(self._cards)

    def scorecard(self, player: str | None = None) -> Scorecard:
        """The scorecard of ``player`` (default: the player to move)."""
        return self._cards[self.current_player if player is None else self._player(player)]

    @property
    def totals(self) -> dict[str, int]:
        return {name: card.total for name, card in self._cards.items()}

    @property
    def winners(self) -> tuple[str, ...]:
        """The players with the highest total once the game is over (equal totals share the win)."""
        if not self.over:
            return ()
        best = max(self.totals.values())
        return tuple(name for name in self._players if self._cards[name].total == best)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every roll-off, roll (with the dice kept) and score, in order, as frozen values."""
        return tuple(self._events)

    @property
    def history(self) -> tuple[dict[str, Any], ...]:
        """:attr:`events` as the dicts a saved game holds (a fresh copy each time)."""
        from yacht_edu.saved import to_dict  # with the rule designer: loaded when used

        return tuple(to_dict(event) for event in self._events)

    @property
    def moves(self) -> int:
        """How many events the game has recorded (roll-offs, rolls, scores): a cheap counter a
        view compares to know whether anything was played since it last looked."""
        return len(self._events)

    @property
    def staged_rolls(self) -> int:
        """How many rolls were set by hand (``roll(result=...)``), not thrown from the seed."""
        return sum(isinstance(e, RollEvent) and e.given for e in self._events)

    def staged_note(self, lang: str | None = None) -> str:
        """A sentence telling a teacher that dice were set by hand, or "" if none were."""
        staged = self.staged_rolls
        if not staged:
            return ""
        rolls = sum(isinstance(e, RollEvent) for e in self._events)
        return t("game.staged_rolls", lang, count=staged, rolls=rolls)

    def options(self) -> tuple[Option, ...]:
        """For the dice in hand, every box of the player to move: allowed?, why not, points."""
        return self.scorecard().options(self._rolled())

    # -- moves --------------------------------------------------------------------------------

    def hold(self, *positions: int) -> None:
        """Hold the dice at ``positions`` (0 to 4) so the next roll keeps them."""
        self._set_held(self._turn.held | self._positions(positions))

    def release(self, *positions: int) -> None:
        """Release held dice so the next roll throws them again."""
        self._set_held(self._turn.held - self._positions(positions))

    def toggle(self, position: int) -> None:
        """Hold the die at ``position`` if it is free, release it if it is held."""
        self._set_held(self._turn.held ^ self._positions([position]))

    def roll(
        self,
        keep: Iterable[int] | None = None,
        *,
        positions: Iterable[int] | None = None,
        result: Dice | Iterable[int] | None = None,
    ) -> Dice:
        """Roll the dice that are not kept and return the five dice on the table.

        Keep dice by their values (``keep=[6, 6]``) or by their positions (``positions=[0, 3]``);
        with neither, the held dice (see :meth:`hold`) stay.  The first roll of a turn throws all
        five.  ``result`` sets the outcome instead of throwing (a teacher staging a situation,
        recorded as such); the kept dice must show in it at their places.
        """
        kept = None if keep is None else kept_values(keep)
        chosen = None if positions is None else self._positions(positions)
        staged = None if result is None else Dice(result)
        self._check_not_over()
        turn = self._turn
        if turn.rolls_left <= 0:
            raise NoRollsLeftError(count=turn.rolls)
        if kept is not None and chosen is not None:
            raise InvalidKeepError("error.keep_both")
        if turn.dice is None:
            if kept or chosen:
                raise NotRolledYetError()
            stay: frozenset[int] = frozenset()
        elif kept is not None:
            stay = frozenset(turn.dice.positions_of(kept))
        else:
            stay = turn.held if chosen is None else chosen
        dice = self._throw(turn.dice, stay, staged)
        used = turn.rolls_used + 1
        self._events.append(RollEvent(self.current_player, tuple(sorted(stay)), dice,
                                      staged is not None))
        self._turn = Turn(dice, used, stay if used < turn.rolls else frozenset(), turn.rolls)
        self._changed()
        return dice

    def score(self, box: str) -> int:
        """Score the dice in hand in ``box``; returns the points added (box and bonuses).

        The turn then passes to the next player.
        """
        self._check_not_over()
        dice = self._rolled()
        name = self.current_player
        card = self._cards[name]
        new_card = card.fill(dice, box)
        gained = new_card.total - card.total
        self._events.append(ScoreEvent(name, box, dice, gained))
        self._cards[name] = new_card
        self._turns_played += 1
        self._turn = Turn(rolls=self._rules.rolls)
        self._changed()
        return gained

    # -- observers ----------------------------------------------------------------------------

    def observe(self, callback: Observer) -> None:
        """Call ``callback(game)`` after every change (widgets re-render from it).

        An observer that raises does not undo the move nor reach the player who made it: the
        failure is reported as an :class:`~yacht_edu.errors.ObserverFailedWarning`.
        """
        if not callable(callback):
            raise ArgumentTypeError("error.not_callable", given=Given(callback))
        self._observers.append(callback)

    def unobserve(self, callback: Observer) -> None:
        if callback in self._observers:
            self._observers.remove(callback)

    # -- saving -------------------------------------------------------------------------------

    def to_json(self, indent: int | None = None) -> str:
        """The game as a versioned JSON document: rules, players, seed and whole history, the
        number of rolls set by hand, and a digest of it all (written by :mod:`yacht_edu.saved`)."""
        from yacht_edu import saved

        return saved.write(self, indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """A game loaded from :meth:`to_json`; its history is replayed through the rules.

        A document that is not valid JSON, not this schema, or not a legal game raises
        :class:`~yacht_edu.errors.BadSavedGameError` saying what is wrong.  A loaded game
        reports rolls that were set by hand (:attr:`staged_rolls`, :meth:`staged_note`).
        """
        from yacht_edu import saved

        return cls.replay(saved.read(text))

    @classmethod
    def replay(cls, document: Any) -> Game:
        """Rebuild a game from a saved document (parsed JSON): every field is checked first,
        then the history is played through the rules and the seed, event by event."""
        from yacht_edu import saved

        record = saved.check_document(document)
        try:
            game = cls(record.players, record.rules, record.seed, roll_off=record.roll_off)
        except RuleError as error:
            field = "document.seed" if isinstance(error, InvalidSeedError) else "document.players"
            raise BadSavedGameError("error.saved_illegal", detail=str(error),
                                    field=field) from None
        game._replay(record)
        return game

    def __repr__(self) -> str:
        state = "over" if self.over else (
            f"round {self.round}/{self.turns}, {self.current_player} to move, "
            f"{tn('board.rolls_left', self.rolls_left, 'en')}")
        staged = f"; {self.staged_rolls} rolls set by hand" if self.staged_rolls else ""
        return (f"Game(players={self._players!r}, rules={self._rules!r}, seed={self.seed}: "
                f"{state}{staged})")

    def __str__(self) -> str:
        """What a learner reads, in the session's language (``repr()`` is Python's)."""
        return shown_by(self, "yacht_edu.display.plain", "game_text")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        return shown_by(self, "yacht_edu.display.game", "game_html")

    # -- inside -------------------------------------------------------------------------------

    def _roll_off_order(self) -> tuple[str, ...]:
        """Each player rolls all five; the highest total starts; a tie for the top rolls again."""
        contenders = self._players
        while len(contenders) > 1:
            event = RollOffEvent(tuple((name, self._roller.roll()) for name in contenders))
            self._events.append(event)
            totals = event.totals
            best = max(totals.values())
            contenders = tuple(n for n in contenders if totals[n] == best)
        first = self._players.index(contenders[0])
        return self._players[first:] + self._players[:first]

    def _replay(self, record: SavedGame) -> None:
        """Play a checked saved game's history again; :class:`BadSavedGameError` naming the
        field (``history[3]``, ``document.held``) where it is not what the game records."""
        done = len(self._events)  # the roll-off, replayed by the constructor
        for i, made in enumerate(self._events):
            if record.events[i:i + 1] != (made,):
                raise BadSavedGameError("error.saved_tampered", step=i + 1, field=f"history[{i}]")
        for step, event in enumerate(record.events[done:], start=done + 1):
            self._play(event, step)
        try:
            held = self._positions(record.held)
            if held != self._turn.held:
                self._set_held(held)
        except RuleError as error:
            raise BadSavedGameError("error.saved_illegal", detail=str(error),
                                    field="document.held") from None
        if record.staged != self.staged_rolls:
            raise BadSavedGameError("error.saved_staged_count", count=record.staged,
                                    field="document.staged")
        if not record.digest_matches:
            raise BadSavedGameError("error.saved_digest", field="document.digest")

    def _play(self, event: Event, step: int) -> None:
        """Replay one saved event; it must be exactly what the rules and the seed record."""
        field = f"history[{step - 1}]"
        if isinstance(event, RollOffEvent) or event.player != self.current_player:
            raise BadSavedGameError("error.saved_tampered", step=step, field=field)
        try:
            if isinstance(event, RollEvent):
                self.roll(positions=event.keep if self.dice else None,
                          result=event.dice if event.given else None)
            else:
                self.score(event.box)
        except RuleError as error:
            raise BadSavedGameError("error.saved_illegal", detail=str(error),
                                    field=field) from None
        if self._events[-1] != event:
            raise BadSavedGameError("error.saved_tampered", step=step, field=field)

    def _throw(self, before: Dice | None, stay: frozenset[int], result: Dice | None) -> Dice:
        if result is None:
            return self._roller.roll(before, sorted(stay))
        if before is not None and any(result[i] != before[i] for i in stay):
            raise InvalidDiceError("error.result_moves_kept", dice=Given(list(result)),
                                   before=Given(list(before)))
        return result

    def _rolled(self) -> Dice:
        self._check_not_over()
        if self._turn.dice is None:
            raise NotRolledYetError()
        return self._turn.dice

    def _check_not_over(self) -> None:
        if self.over:
            raise GameOverError(winners=list(self.winners))

    def _positions(self, positions: object) -> frozenset[int]:
        chosen = []
        for p in items(positions, InvalidKeepError, "error.not_a_positions_list"):
            position = whole_number(p)
            if position is None or not 0 <= position < NUMBER_OF_DICE:
                raise InvalidKeepError("error.bad_position", position=Given(p))
            chosen.append(position)
        return frozenset(chosen)

    def _set_held(self, held: frozenset[int]) -> None:
        self._check_not_over()
        if self._turn.dice is None:
            raise NotRolledYetError()
        if self._turn.rolls_left <= 0:
            raise NoRollsLeftError(count=self._turn.rolls)
        if held != self._turn.held:
            self._turn = replace(self._turn, held=held)
            self._changed()

    def _player(self, name: object) -> str:
        if not isinstance(name, str) or name not in self._cards:
            raise RuleError("error.unknown_player", name=Given(name), choices=list(self._players))
        return name

    def _changed(self) -> None:
        """Tell every observer; the move stands whatever they do."""
        for callback in list(self._observers):
            try:
                callback(self)
            except Exception as error:  # an observer's fault must not undo or block the move
                warnings.warn(ObserverFailedWarning(t(
                    "warning.observer_failed", observer=Given(callback), error=Given(error))),
                    stacklevel=3)


def check_game(value: object, msgid: str = "error.not_a_game") -> Game:
    """``value`` if it is a :class:`Game`; anything else is refused (for functions that read a
    game, such as ``analyse`` and ``beat_the_leader``)."""
    if not isinstance(value, Game):
        raise ArgumentTypeError(msgid, given=Given(value))
    return value
