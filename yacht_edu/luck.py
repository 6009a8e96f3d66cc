"""Luck and skill after a game: each player's score split into what the dice gave and what the
decisions gave up.

>>> from yacht_edu import Game
>>> game = Game(("Asha",), seed=7)
>>> game.roll(result=(6, 6, 6, 6, 6))           # a yacht at the first roll, set by hand
Dice(6, 6, 6, 6, 6)
>>> luck_and_skill(game)                         # the game runs: final is the worth now
LuckAndSkillTable(Rules('yacht'), running; 1 rolls set by hand): final = start + luck - loss
  LuckAndSkill('Asha', start=166.96, luck=+34.52, loss=0.00, final=201.47, points=0, running)
>>> asha = luck_and_skill(game)["Asha"]
>>> math.isclose(asha.final, asha.start + asha.luck - asha.loss, abs_tol=1e-9)
True

The *worth* of a moment is the expected final score from it when every choice from then on is
the best one: the points scored so far plus the points the best play can still expect
(:func:`yacht_edu.solver.objective_of`).  A player's worth moves in two ways, and only two:

- **a roll** moves it from the average over the roll's outcomes (the worth before the roll) to
  the worth of the best choice the dice that fell allow.  That change is the roll's *luck*,
  above or below 0; a roll of no dice (every die kept) has none;
- **a decision** (a keep, or a box) moves it from the best choice to the one made: the decision's
  *loss*, as :func:`~yacht_edu.coach.analyse` counts it (0 for the best, or a tie).  Filling a
  box adds its points to the score and takes them out of the points to expect, so it changes
  nothing else.

Before the first roll a player's worth is ``start``, the optimal expected final score; when the
card is full it is the final score.  Adding up the changes, term by term::

    final = start + luck - loss

Rolls set by hand (``game.roll(result=...)``) are rolls like the others: their luck counts (and
:attr:`LuckAndSkillTable.staged_rolls` says how many there were).  The roll-off that decides who
starts scores nothing and changes nobody's worth: it is no part of anyone's luck.

While the game runs, ``final`` is the worth of the player's moment now: the points scored so far
plus the points the best play can still expect — after a roll not yet used, with the best choice
those dice allow.  The same identity holds at every moment.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from yacht_edu.coach import Analysis, advise, analyse
from yacht_edu.game import Game, check_game
from yacht_edu.rules import Rules
from yacht_edu.scorecard import Scorecard
from yacht_edu.shown import shown_by
from yacht_edu.solver import Objective, Progress, objective_of

__all__ = ["LuckAndSkill", "LuckAndSkillTable", "luck_and_skill"]


@dataclass(frozen=True)
class LuckAndSkill:
    """One player's score in three parts: ``final == start + luck - loss`` (see the module).

    ``start``: the optimal expected final score before the first roll; ``luck``: the sum over
    the player's rolls of what each roll gave above (or below) what was expected before it;
    ``loss``: the expected points the player's decisions gave up against the best ones;
    ``final``: the final score, or while the game runs the worth of the moment (``points``
    scored so far plus the points the best play can still expect); ``over``: the player's card
    is full.
    """

    player: str
    start: float
    luck: float
    loss: float
    final: float
    points: int
    over: bool

    def __repr__(self) -> str:
        running = "" if self.over else f", points={self.points}, running"
        return (f"LuckAndSkill({self.player!r}, start={self.start:.2f}, luck={self.luck:+.2f}, "
                f"loss={self.loss:.2f}, final={self.final:.2f}{running})")

    def _repr_html_(self) -> str:
        return shown_by((self,), "yacht_edu.display.luck", "luck_html")


@dataclass(frozen=True, eq=False)
class LuckAndSkillTable(Mapping[str, LuckAndSkill]):
    """Each player's :class:`LuckAndSkill`, by name (a mapping, in seating order), shown as one
    table; ``analysis``: the decisions their losses add up."""

    rules: Rules
    entries: Mapping[str, LuckAndSkill]
    analysis: Analysis
    #: How many of the game's rolls were set by hand (``roll(result=...)``); their luck counts.
    staged_rolls: int = 0

    def __getitem__(self, player: str) -> LuckAndSkill:
        return self.entries[player]

    def __iter__(self) -> Iterator[str]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    @property
    def over(self) -> bool:
        """Whether every player's card is full (the game is over)."""
        return all(entry.over for entry in self.entries.values())

    def __repr__(self) -> str:
        state = "game over" if self.over else "running"
        staged = f"; {self.staged_rolls} rolls set by hand" if self.staged_rolls else ""
        lines = [f"LuckAndSkillTable({self.rules!r}, {state}{staged}): "
                 "final = start + luck - loss"]
        lines.extend(f"  {entry!r}" for entry in self.entries.values())
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return shown_by(tuple(self.entries.values()), "yacht_edu.display.luck", "luck_html",
                        self.rules, self.staged_rolls)


def luck_and_skill(game: Game, *, progress: Progress | None = None) -> LuckAndSkillTable:
    """Each player's ``start``, ``luck``, ``loss`` and ``final`` in a finished or running game,
    with ``final == start + luck - loss`` (see the module).  ``progress``: a progress-bar
    factory for the first, solving call of a rule set."""
    check_game(game, "coach.error.not_a_game")
    analysis = analyse(game, progress=progress)
    objective = objective_of("optimal", game.rules)
    start = worth_before_roll(objective, Scorecard.empty(game.rules))
    worth = dict.fromkeys(game.players, start)
    lucks: dict[str, list[float]] = {name: [] for name in game.players}
    for decision in analysis.decisions:
        name = decision.player
        if decision.after_roll:  # the roll moved the worth to the best choice's
            lucks[name].append(decision.best_expected - worth[name])
        worth[name] = decision.best_expected - decision.loss
    if not game.over and game.dice is not None:  # a roll not used yet
        name = game.current_player
        lucks[name].append(worth_now(game, objective, name) - worth[name])
    entries = {name: LuckAndSkill(name, start, math.fsum(lucks[name]), analysis.loss(name),
                                  worth_now(game, objective, name), game.totals[name],
                                  game.scorecard(name).complete)
               for name in game.players}
    return LuckAndSkillTable(game.rules, MappingProxyType(entries), analysis, game.staged_rolls)


def worth_before_roll(objective: Objective, card: Scorecard) -> float:
    """The expected final score from ``card`` before a turn's first roll, with the best play."""
    return objective.before_roll(card, card.total).expected


def worth_now(game: Game, objective: Objective, player: str) -> float:
    """``player``'s worth now: the final score once the card is full; after a roll not used
    yet, the best choice's; else the worth before the next turn's first roll."""
    card = game.scorecard(player)
    if card.complete:
        return float(card.total)
    if player == game.current_player and game.dice is not None:
        return advise(game).expected
    return worth_before_roll(objective, card)
