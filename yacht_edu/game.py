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
observers, or raises a :class:`~yacht_edu.errors.RuleError` and changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from yacht_edu.dice import NUMBER_OF_DICE, Dice, DiceRoller
from yacht_edu.errors import (
    BadSavedGameError,
    GameOverError,
    InvalidDiceError,
    InvalidKeepError,
    NoRollsLeftError,
    NotRolledYetError,
    RuleError,
)
from yacht_edu.rules import Rules, RulesLike, get_rules
from yacht_edu.scorecard import Option, Scorecard

__all__ = ["MAX_ROLLS", "SCHEMA", "Game", "Turn"]

MAX_ROLLS = 3
SCHEMA = "yacht_edu/game"
SCHEMA_VERSION = 1

Event = dict[str, Any]
Observer = Callable[["Game"], None]


@dataclass(frozen=True)
class Turn:
    """The turn in progress: the dice on the table, the rolls used, the dice held."""

    dice: Dice | None = None
    rolls_used: int = 0
    held: frozenset[int] = field(default_factory=frozenset)

    @property
    def rolls_left(self) -> int:
        return MAX_ROLLS - self.rolls_used

    @property
    def kept(self) -> tuple[int, ...]:
        """The values of the held dice, sorted."""
        return () if self.dice is None else tuple(sorted(self.dice[i] for i in self.held))


class Game:
    """A game of Yacht or Yahtzee for one or more players.

    ``Game(players=("Asha", "Ravi"), rules="yacht", seed=2026)``; with ``roll_off=True`` each
    player first rolls all five dice and the highest total starts (ties roll again, seed 002),
    play then passing on in seating order.
    """

    def __init__(
        self,
        players: Sequence[str] | str = ("Player 1",),
        rules: RulesLike = "yacht",
        seed: int | None = None,
        *,
        roll_off: bool = False,
    ) -> None:
        names = (players,) if isinstance(players, str) else tuple(players)
        check_players(names)
        self.rules: Rules = get_rules(rules)
        self.players: tuple[str, ...] = names
        self.roll_off = bool(roll_off)
        self._roller = DiceRoller(seed)
        self.seed: int = self._roller.seed
        self._observers: list[Observer] = []
        self._history: list[Event] = []
        self._cards = {name: Scorecard.empty(self.rules) for name in names}
        self._turn = Turn()
        self._moves = 0
        self.order: tuple[str, ...] = self._roll_off() if roll_off else names

    # -- what the game shows ------------------------------------------------------------------

    @property
    def turns(self) -> int:
        """Turns per player (12 for yacht, 13 for yahtzee)."""
        return self.rules.turns

    @property
    def over(self) -> bool:
        return self._moves >= self.turns * len(self.players)

    @property
    def current_player(self) -> str:
        """Whose turn it is (the last player to move once the game is over)."""
        return self.order[min(self._moves, self.turns * len(self.players) - 1) % len(self.order)]

    @property
    def round(self) -> int:
        """The round being played, 1 to :attr:`turns`."""
        return min(self._moves // len(self.players) + 1, self.turns)

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
        return tuple(name for name in self.players if self._cards[name].total == best)

    @property
    def history(self) -> tuple[Event, ...]:
        """Every roll-off, roll (with the dice kept) and score, in order."""
        return tuple(json.loads(json.dumps(self._history)))

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
        five.  ``result`` sets the outcome instead of throwing (a teacher staging a situation);
        the kept dice must show in it at their places.
        """
        self._check_not_over()
        turn = self._turn
        if turn.rolls_left <= 0:
            raise NoRollsLeftError(rolls=MAX_ROLLS)
        if keep is not None and positions is not None:
            raise InvalidKeepError("error.keep_both")
        if turn.dice is None:
            if keep or positions:
                raise NotRolledYetError()
            stay: frozenset[int] = frozenset()
        elif keep is not None:
            stay = frozenset(turn.dice.positions_of(keep))
        elif positions is not None:
            stay = self._positions(positions)
        else:
            stay = turn.held
        dice = self._throw(turn.dice, stay, result)
        self._record({"type": "roll", "player": self.current_player, "keep": sorted(stay),
                      "dice": list(dice), "given": result is not None})
        self._turn = Turn(dice, turn.rolls_used + 1, stay if turn.rolls_used + 1 < MAX_ROLLS
                          else frozenset())
        self._changed()
        return dice

    def score(self, category: str) -> int:
        """Score the dice in hand in ``category``; returns the points added (box and bonuses).

        The turn then passes to the next player.
        """
        self._check_not_over()
        dice = self._rolled()
        name = self.current_player
        card = self._cards[name]
        new_card = card.fill(dice, category)
        gained = new_card.total - card.total
        self._record({"type": "score", "player": name, "category": category,
                      "dice": list(dice), "points": gained})
        self._cards[name] = new_card
        self._moves += 1
        self._turn = Turn()
        self._changed()
        return gained

    # -- observers ----------------------------------------------------------------------------

    def observe(self, callback: Observer) -> None:
        """Call ``callback(game)`` after every change (widgets re-render from it)."""
        self._observers.append(callback)

    def unobserve(self, callback: Observer) -> None:
        self._observers.remove(callback)

    # -- saving -------------------------------------------------------------------------------

    def to_json(self, indent: int | None = None) -> str:
        """The game as a versioned JSON document: rules, players, seed and whole history."""
        document = {
            "schema": SCHEMA,
            "version": SCHEMA_VERSION,
            "rules": {"name": self.rules.name, **self.rules.options},
            "players": list(self.players),
            "seed": self.seed,
            "roll_off": self.roll_off,
            "history": self._history,
            "held": sorted(self._turn.held),
        }
        return json.dumps(document, ensure_ascii=False, indent=indent, sort_keys=True)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """A game loaded from :meth:`to_json`; its history is replayed through the rules.

        A document that is not valid JSON, not this schema, or not a legal game raises
        :class:`~yacht_edu.errors.BadSavedGameError` saying what is wrong.
        """
        try:
            document = json.loads(text)
        except (ValueError, TypeError) as error:
            raise BadSavedGameError("error.saved_not_json", detail=str(error)) from None
        try:
            return replay(document)
        except BadSavedGameError:
            raise
        except RuleError as error:
            raise BadSavedGameError("error.saved_illegal", detail=str(error)) from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
            raise BadSavedGameError("error.saved_malformed", detail=repr(error)) from None

    def __repr__(self) -> str:
        state = "over" if self.over else (
            f"round {self.round}/{self.turns}, {self.current_player} to move, "
            f"{self.rolls_left} rolls left")
        return (f"Game(players={self.players!r}, rules={self.rules!r}, seed={self.seed}: "
                f"{state})")

    def _repr_html_(self) -> str:
        from yacht_edu.display import game_html

        return game_html(self)

    # -- inside -------------------------------------------------------------------------------

    def _roll_off(self) -> tuple[str, ...]:
        """Each player rolls all five; the highest total starts; a tie for the top rolls again."""
        contenders = self.players
        while len(contenders) > 1:
            rolls = {name: self._roller.roll() for name in contenders}
            self._history.append({"type": "roll_off",
                                  "rolls": {n: list(d) for n, d in rolls.items()}})
            best = max(d.total for d in rolls.values())
            contenders = tuple(n for n in contenders if rolls[n].total == best)
        first = self.players.index(contenders[0])
        return self.players[first:] + self.players[:first]

    def _throw(self, before: Dice | None, stay: frozenset[int],
               result: Dice | Iterable[int] | None) -> Dice:
        if result is None:
            return self._roller.roll(before, sorted(stay))
        dice = result if isinstance(result, Dice) else Dice(tuple(result))
        if before is not None and any(dice[i] != before[i] for i in stay):
            raise InvalidDiceError("error.result_moves_kept", dice=str(list(dice)),
                                   before=str(list(before)))
        return dice

    def _rolled(self) -> Dice:
        self._check_not_over()
        if self._turn.dice is None:
            raise NotRolledYetError()
        return self._turn.dice

    def _check_not_over(self) -> None:
        if self.over:
            raise GameOverError(winners=", ".join(self.winners))

    def _positions(self, positions: Iterable[int]) -> frozenset[int]:
        chosen = tuple(positions)
        for p in chosen:
            if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < NUMBER_OF_DICE:
                raise InvalidKeepError("error.bad_position", position=repr(p))
        return frozenset(chosen)

    def _set_held(self, held: frozenset[int]) -> None:
        self._check_not_over()
        if self._turn.dice is None:
            raise NotRolledYetError()
        if self._turn.rolls_left <= 0:
            raise NoRollsLeftError(rolls=MAX_ROLLS)
        if held != self._turn.held:
            self._turn = replace(self._turn, held=held)
            self._changed()

    def _player(self, name: str) -> str:
        if name not in self._cards:
            raise RuleError("error.unknown_player", name=repr(name),
                            choices=", ".join(self.players))
        return name

    def _record(self, event: Event) -> None:
        self._history.append(event)

    def _changed(self) -> None:
        for callback in list(self._observers):
            callback(self)


def check_players(names: tuple[str, ...]) -> None:
    if not names:
        raise RuleError("error.no_players")
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise RuleError("error.bad_player_name", name=repr(name))
    if len(set(names)) != len(names):
        raise RuleError("error.duplicate_players", names=", ".join(names))


def replay(document: Any) -> Game:
    """Rebuild a game from a saved document by playing its history through the rules."""
    if not isinstance(document, dict) or document.get("schema") != SCHEMA:
        raise BadSavedGameError("error.saved_not_schema", schema=SCHEMA)
    if document.get("version") != SCHEMA_VERSION:
        raise BadSavedGameError("error.saved_version", version=repr(document.get("version")),
                                supported=SCHEMA_VERSION)
    rules = dict(document["rules"])
    seed = document["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadSavedGameError("error.saved_malformed", detail="seed")
    game = Game(document["players"], get_rules(rules.pop("name"), **rules), seed,
                roll_off=bool(document.get("roll_off", False)))
    history = document["history"]
    done = len(game._history)  # the roll-off, replayed by the constructor
    if history[:done] != game._history:
        raise BadSavedGameError("error.saved_tampered", step=1)
    for step, event in enumerate(history[done:], start=done + 1):
        play_event(game, event, step)
    if history != game._history:
        raise BadSavedGameError("error.saved_tampered", step=len(history))
    held = game._positions(document.get("held", []))
    if held != frozenset(game.held):
        game._set_held(held)
    return game


def play_event(game: Game, event: Mapping[str, Any], step: int) -> None:
    """Replay one recorded event, checking that it is what the rules and the seed produce."""
    if event.get("player") != game.current_player:
        raise BadSavedGameError("error.saved_tampered", step=step)
    if event["type"] == "roll":
        given = event["dice"] if event.get("given") is True else None
        dice = game.roll(positions=event["keep"] if game.dice else None, result=given)
        if list(dice) != event["dice"]:
            raise BadSavedGameError("error.saved_tampered", step=step)
    elif event["type"] == "score":
        if game.score(event["category"]) != event["points"]:
            raise BadSavedGameError("error.saved_tampered", step=step)
    else:
        raise BadSavedGameError("error.saved_tampered", step=step)
