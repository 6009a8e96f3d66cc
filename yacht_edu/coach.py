"""The coach: every choice of the moment ranked by what the player wants — the expected final
score, or the chance to reach a target — and the analysis of a whole game decision by decision
(after T. Verhoeff's optimal Yahtzee advisor).

>>> advice = advise([1, 2, 2, 4, 6], rolls_left=2)       # Yacht, first roll of the game
>>> [(c.choice, round(c.expected, 2)) for c in advice[:3]]  # keep the six, not the pair
[((6,), 164.24), ((4, 6), 164.02), ((4,), 164.0)]
>>> scoring = advise([6, 6, 6, 6, 2], rolls_left=0)        # after the last roll: a box
>>> [(c.choice, round(c.loss, 2)) for c in scoring[:2]]
[('four_of_a_kind', 0.0), ('sixes', 5.57)]

A choice after the first or second roll is a keep: the dice kept, as a sorted tuple of values
(keeping all five means stopping to score).  After the last roll it is the name of a box.
``expected`` is the expected *final* score of the game when that choice is made and everything
after it is played optimally; ``sd`` its standard deviation; ``loss`` the expected points given
up against the best choice.  With ``target=T`` the choices are ranked by ``chance``, the best
chance of ending with at least ``T`` points, and ``loss`` is the chance given up; among choices
of equal chance the one with the higher expected final score comes first.  The numbers come
from :mod:`yacht_edu.solver` (:mod:`yacht_edu.solver.objective`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, overload

from yacht_edu.dice import Dice, kept_values
from yacht_edu.errors import ArgumentTypeError, NeedsLibraryError, RuleError, UnknownEventError
from yacht_edu.events import RollEvent, RollOffEvent, ScoreEvent
from yacht_edu.game import Game, check_game
from yacht_edu.i18n import Given, digits, t, tn
from yacht_edu.lite import has_numpy
from yacht_edu.ranking import TIE, ChoiceWorth, rank
from yacht_edu.ranking import ChoiceValue as ChoiceValue  # the coach's own name for it
from yacht_edu.rules import Rules, RulesLike
from yacht_edu.scorecard import Scorecard
from yacht_edu.shipped import turn as shipped_turn
from yacht_edu.shown import shown_by
from yacht_edu.situation import SituationError, read_situation

if TYPE_CHECKING:
    from typing import TypeAlias

    from yacht_edu.solver import Objective, Progress

    #: What the coach asks for the worth of choices: the numpy solver's objective, or the
    #: player that reads the tables shipped in the package (where numpy is missing).
    Player: TypeAlias = Objective | shipped_turn.ShippedScore

__all__ = [
    "TIE",
    "Advice",
    "Analysis",
    "Choice",
    "Decision",
    "PlayerSummary",
    "SituationError",
    "advise",
    "analyse",
]



# -- what the coach says -------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """One legal choice: the dice to keep (sorted values) or the box to score, and what follows.

    ``expected``: the expected final score if this choice is made and the rest played
    optimally (for a target: the rest of the turn played for the target); ``sd``: its standard
    deviation (NaN when ranked for a target); ``chance``: the best chance of reaching the
    target after this choice (NaN without a target); ``loss``: what is given up against the
    best choice — expected points, or chance with a target (0 for ties); ``rank``: 1 for the
    best, equal for ties.
    """

    choice: ChoiceValue
    expected: float
    sd: float
    loss: float
    rank: int = 1
    chance: float = math.nan

    @property
    def is_keep(self) -> bool:
        return isinstance(self.choice, tuple)

    def label(self, lang: str | None = None) -> str:
        """The choice in words: "Keep 2 2, roll the rest", "Roll all five again", "Score Full
        House" (:func:`yacht_edu.display.words.choice_label`)."""
        return shown_by(self.choice, "yacht_edu.display.words", "choice_label", lang)

    def __str__(self) -> str:
        """What a learner reads, in the session's language (``repr()`` is Python's)."""
        return shown_by(self, "yacht_edu.display.plain", "choice_text")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def __repr__(self) -> str:
        if not math.isnan(self.chance):
            return (f"Choice({self.choice!r}, chance={self.chance:.6f}, "
                    f"expected={self.expected:.4f}, loss={self.loss:.6f})")
        return (f"Choice({self.choice!r}, expected={self.expected:.4f}, sd={self.sd:.4f}, "
                f"loss={self.loss:.4f})")


def choice_key(choice: object) -> ChoiceValue:
    """A choice as advice lists it: a box name, or the kept values in order (any order given)."""
    return choice if isinstance(choice, str) else tuple(sorted(kept_values(choice)))


@dataclass(frozen=True, eq=False)
class Advice(Sequence[Choice]):
    """Every legal choice of the moment, best first (a sequence of :class:`Choice`).

    ``expected`` and ``sd``: the expected final score from here with the best play; with a
    ``target``, ``chance`` is the best chance of ending with at least ``target`` points
    (``points`` scored so far).  Before the first roll of a turn (or once the game is over)
    there is nothing to choose: no choices.
    """

    rules: Rules
    card: Scorecard
    dice: tuple[int, ...] | None
    rolls_left: int
    choices: tuple[Choice, ...]
    expected: float
    sd: float
    player: str | None = None
    target: int | None = None
    points: int | None = None
    chance: float = math.nan

    @overload
    def __getitem__(self, index: int) -> Choice: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Choice]: ...
    def __getitem__(self, index: int | slice) -> Choice | Sequence[Choice]:
        return self.choices[index]

    def __len__(self) -> int:
        return len(self.choices)

    def __iter__(self) -> Iterator[Choice]:
        return iter(self.choices)

    @property
    def ties(self) -> tuple[Choice, ...]:
        """Every choice tied for best."""
        return tuple(c for c in self.choices if c.rank == 1)

    @property
    def best(self) -> Choice:
        """The best choice (the first of several tied best ones)."""
        if not self.choices:
            raise SituationError("coach.error.nothing_to_choose")
        return self.choices[0]

    def of(self, choice: Iterable[int] | str) -> Choice:
        """The entry of one choice: a keep (values, any order) or a box name."""
        wanted = choice_key(choice)
        for entry in self.choices:
            if entry.choice == wanted:
                return entry
        raise SituationError("coach.error.not_a_choice", choice=Given(wanted))

    def __repr__(self) -> str:
        dice = "-".join(map(str, self.dice)) if self.dice else "not rolled"
        if self.target is not None:
            target, points = (digits(n or 0, "en") for n in (self.target, self.points))
            head = (f"target {target} with {points} scored: chance {self.chance:.6f}, "
                    f"expected {self.expected:.4f}")
        else:
            head = f"expected {self.expected:.4f} ± {self.sd:.4f}"
        left = tn("board.rolls_left", self.rolls_left, "en")  # "1 roll left"
        lines = [f"Advice({self.rules!r}, dice {dice}, {left}: {head})"]
        for entry in self.choices[:10]:
            tie = "=" if entry.rank == 1 and len(self.ties) > 1 else " "
            value = (f"{entry.chance:.6f}  {entry.expected:9.4f}" if self.target is not None
                     else f"{entry.expected:9.4f} ± {entry.sd:7.4f}")
            lines.append(f" {tie}{entry.rank:>2}. {entry.choice!s:<18} {value}  "
                         f"loss {entry.loss:.4f}")
        if len(self.choices) > 10:
            lines.append(f"     … {len(self.choices) - 10} more")
        return "\n".join(lines)

    def __str__(self) -> str:
        """What a learner reads, in the session's language (``repr()`` is Python's)."""
        return shown_by(self, "yacht_edu.display.plain", "advice_text")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        return shown_by(self, "yacht_edu.display.coach", "advice_html")


# -- advise --------------------------------------------------------------------------------------


def advise(situation: Game | Dice | Iterable[int], rolls_left: int | None = None,
           filled: Mapping[str, int] | None = None, rules: RulesLike = "yacht", *,
           yahtzee_bonuses: int = 0, target: int | None = None, points: int | None = None,
           progress: Progress | None = None) -> Advice:
    """Every legal choice of the moment, best first.

    ``advise(game)``: for the player to move in a running game.
    ``advise(dice, rolls_left, filled={...}, rules=...)``: for any moment — ``dice`` the five
    dice, ``rolls_left`` the rolls still allowed this turn (2 after the first roll, 0 after
    the last), ``filled`` the boxes already used and their scores.

    ``target=T``: rank the choices by the chance of ending the game with at least ``T`` points
    (``yacht`` and ``yacht_sum4``; ``points``: the points scored so far, default the card's
    total), ties broken by the expected final score.

    ``progress``: a progress-bar factory (``tqdm.auto.tqdm``) for the first, solving call of a
    rule set (a Yahtzee solve takes seconds; it is saved for later).
    """
    if isinstance(situation, Game):
        if rolls_left is not None or filled is not None:
            raise ArgumentTypeError("coach.error.game_and_situation")
        return advise_game(situation, target, progress)
    card, dice, left = read_situation(situation, rolls_left, filled, rules, yahtzee_bonuses)
    objective = optimal_player(card.rules, target, progress)
    return advise_card(objective, card, dice, left, points=points)


def advise_game(game: Game, target: int | None = None,
                progress: Progress | None = None) -> Advice:
    """:func:`advise` for the player to move (no choices before the roll or after the game)."""
    objective = optimal_player(game.rules, target, progress)
    player = game.current_player
    card = game.scorecard(player)
    if game.over or game.dice is None:
        return nothing_to_choose(objective, card, player)
    return advise_card(objective, card, game.dice, game.rolls_left, player)


def nothing_to_choose(objective: Player, card: Scorecard, player: str | None) -> Advice:
    """The advice before a roll: no choices, the worth of the moment."""
    worth = objective.before_roll(card, card.total)
    target = objective.target
    return Advice(card.rules, card, None, card.rules.rolls if not card.complete else 0, (),
                  worth.expected, worth.sd, player, target,
                  None if target is None else card.total,
                  math.nan if target is None else worth.value)


def advise_card(objective: Player, card: Scorecard, dice: Dice, rolls_left: int,
                player: str | None = None, points: int | None = None) -> Advice:
    """:func:`advise` for a scorecard, dice and rolls left, by a solved objective."""
    scored = card.total if points is None else _points(points)
    target = objective.target
    found = values_of_choices(objective, card, dice, rolls_left, scored)
    ranked = rank(found, break_ties_by_expected=target is not None)
    choices = tuple(Choice(r.choice, r.worth.expected, r.worth.sd, r.loss, r.rank,
                           math.nan if target is None else r.worth.value) for r in ranked)
    top = choices[0]
    return Advice(card.rules, card, tuple(dice), rolls_left, choices, top.expected, top.sd,
                  player, target, None if target is None else scored, top.chance)


def optimal_player(rules: Rules, target: int | None = None,
                   progress: Progress | None = None) -> Player:
    """The optimal player the coach asks: the numpy solver's; where numpy is missing (the
    browser edition), the one that reads the tables shipped in the package, for the built-in
    rule sets and the expected score (:class:`~yacht_edu.errors.NeedsLibraryError` otherwise)."""
    if has_numpy():
        from yacht_edu.solver import objective_of

        return objective_of("optimal", rules, target=target, progress=progress)
    if target is not None:
        raise NeedsLibraryError(library="numpy")
    try:
        return shipped_turn.ShippedScore.of(rules)
    except LookupError:
        raise NeedsLibraryError("lite.error.coach_rules", library="numpy",
                                rules=Given(rules)) from None


def values_of_choices(objective: Player, card: Scorecard, dice: Dice, rolls_left: int,
                      points: int) -> list[tuple[ChoiceValue, ChoiceWorth]]:
    """Every legal choice of the moment and its worth, from whichever solver ``objective`` is."""
    if isinstance(objective, shipped_turn.ShippedScore):
        return shipped_turn.choice_values(objective, card, dice, rolls_left, points)
    from yacht_edu.solver import choice_values

    return choice_values(objective, card, dice, rolls_left, points)


def _points(points: object) -> int:
    from yacht_edu.solver import check_target

    return check_target(points, "points")


# -- analyse -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Decision:
    """One decision of a game: what was chosen, what was best, and the expected points lost.

    ``after_roll``: the dice were just rolled (False for the box scored after stopping early:
    the same dice as the keep before it)."""

    player: str
    turn: int
    rolls_left: int
    dice: tuple[int, ...]
    chosen: ChoiceValue
    best: tuple[ChoiceValue, ...]
    expected: float
    best_expected: float
    loss: float
    after_roll: bool = True

    @property
    def is_best(self) -> bool:
        return self.loss == 0.0

    def __str__(self) -> str:
        """What a learner reads, in the session's language (``repr()`` is Python's)."""
        return shown_by(self, "yacht_edu.display.plain", "decision_text")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def __repr__(self) -> str:
        return (f"Decision({self.player!r}, turn {self.turn}, "
                f"{tn('board.rolls_left', self.rolls_left, 'en')}, "
                f"dice {'-'.join(map(str, self.dice))}: chose {self.chosen!r}, best "
                f"{self.best[0]!r}, loss {self.loss:.4f})")


@dataclass(frozen=True)
class PlayerSummary:
    """A player's proficiency: decisions made, how many were not the best, points lost."""

    player: str
    decisions: int
    mistakes: int
    loss: float


@dataclass(frozen=True, eq=False)
class Analysis(Sequence[Decision]):
    """Every decision of a game in order (a sequence of :class:`Decision`), with each player's
    total expected points lost (Verhoeff's proficiency test)."""

    rules: Rules
    decisions: tuple[Decision, ...]
    players: tuple[PlayerSummary, ...]
    #: How many of the game's rolls were set by hand (``roll(result=...)``), not thrown.
    staged_rolls: int = 0

    def staged_note(self, lang: str | None = None) -> str:
        """A sentence telling a teacher that dice were set by hand, or "" if none were."""
        return (t("game.staged_rolls", lang, count=self.staged_rolls)
                if self.staged_rolls else "")

    @overload
    def __getitem__(self, index: int) -> Decision: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Decision]: ...
    def __getitem__(self, index: int | slice) -> Decision | Sequence[Decision]:
        return self.decisions[index]

    def __len__(self) -> int:
        return len(self.decisions)

    def __iter__(self) -> Iterator[Decision]:
        return iter(self.decisions)

    def loss(self, player: str) -> float:
        """The expected points ``player`` gave up in the whole game."""
        for summary in self.players:
            if summary.player == player:
                return summary.loss
        raise RuleError("error.unknown_player", name=Given(player),
                        choices=", ".join(s.player for s in self.players))

    def __repr__(self) -> str:
        totals = ", ".join(f"{s.player}: {s.loss:.4f} lost in {s.decisions} decisions "
                           f"({s.mistakes} not best)" for s in self.players)
        staged = f"; {self.staged_rolls} rolls set by hand" if self.staged_rolls else ""
        return f"Analysis({self.rules!r}, {len(self)} decisions; {totals}{staged})"

    def __str__(self) -> str:
        """What a learner reads, in the session's language (``repr()`` is Python's)."""
        return shown_by(self, "yacht_edu.display.plain", "analysis_text")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        return shown_by(self, "yacht_edu.display.coach", "analysis_html")


def analyse(game: Game, *, progress: Progress | None = None) -> Analysis:
    """Each decision of a finished or running game, against the optimal one.

    A turn has up to three decisions: the keep after the first roll, the keep after the
    second (keeping all five is stopping; kept all five and rolled anyway, it is worth the same
    dice with a roll fewer), and the box after the last roll.  Rolls set by hand are counted in
    :attr:`Analysis.staged_rolls`; an event of an unknown kind is refused.
    """
    check_game(game, "coach.error.not_a_game")
    objective = optimal_player(game.rules, progress=progress)
    cards = {name: Scorecard.empty(game.rules) for name in game.players}
    turns = dict.fromkeys(game.players, 0)
    decisions: list[Decision] = []
    dice: Dice | None = None
    rolls, most = 0, game.rules.rolls
    for event in game.events:
        if isinstance(event, RollEvent):
            player = event.player
            if dice is None:
                turns[player] += 1
            else:
                kept = tuple(sorted(dice[i] for i in event.keep))
                decisions.append(_decision(objective, cards[player], dice, most - rolls, kept,
                                           player, turns[player],
                                           rolled_none=len(kept) == len(dice)))
            dice, rolls = event.dice, rolls + 1
        elif isinstance(event, ScoreEvent) and dice is not None:
            player = event.player
            if rolls < most:  # stopped early: the keep was "all five"
                decisions.append(_decision(objective, cards[player], dice, most - rolls,
                                           dice.hand, player, turns[player]))
            decisions.append(_decision(objective, cards[player], dice, 0, event.box,
                                       player, turns[player], after_roll=rolls == most))
            cards[player] = cards[player].fill(dice, event.box)
            dice, rolls = None, 0
        elif not isinstance(event, RollOffEvent):  # a roll-off decides nothing
            raise UnknownEventError(kind=Given(event))
    summaries = tuple(
        PlayerSummary(name, sum(d.player == name for d in decisions),
                      sum(d.player == name and not d.is_best for d in decisions),
                      math.fsum(d.loss for d in decisions if d.player == name))
        for name in game.players)
    return Analysis(game.rules, tuple(decisions), summaries, game.staged_rolls)


def _decision(objective: Player, card: Scorecard, dice: Dice, rolls_left: int,
              chosen: ChoiceValue, player: str, turn: int, *,
              rolled_none: bool = False, after_roll: bool = True) -> Decision:
    """The decision of a moment against the best one.  ``rolled_none``: every die was kept
    and the player rolled anyway (a roll of no dice), which is worth the same dice with one
    roll fewer, not stopping to score."""
    advice = advise_card(objective, card, dice, rolls_left, player)
    entry = advice.of(chosen)
    expected, loss = entry.expected, entry.loss
    if rolled_none:
        expected = advise_card(objective, card, dice, rolls_left - 1, player).expected
        loss = advice.expected - expected
        loss = 0.0 if loss <= TIE else loss
    return Decision(player, turn, rolls_left, tuple(dice), entry.choice,
                    tuple(c.choice for c in advice.ties), expected, advice.expected, loss,
                    after_roll)
