"""The coach: every choice of the moment ranked by the expected final score it leads to, and
the analysis of a whole game decision by decision (after T. Verhoeff's optimal Yahtzee advisor).

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
up against the best choice.  The numbers come from :mod:`yacht_edu.solver`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, overload

import numpy as np
import numpy.typing as npt

from yacht_edu.checks import whole_number
from yacht_edu.dice import Dice, faces, kept_values
from yacht_edu.errors import ArgumentTypeError, RuleError, UnknownEventError
from yacht_edu.events import RollEvent, RollOffEvent, ScoreEvent
from yacht_edu.game import Game, check_game
from yacht_edu.i18n import CategoryName, Given, box_name, t
from yacht_edu.rules import ROLLS, Rules, RulesLike, get_rules
from yacht_edu.scorecard import Scorecard
from yacht_edu.solver import OptimalTable, Progress, solve
from yacht_edu.solver.backward import hand_worth, keep_worth
from yacht_edu.solver.states import box_rows
from yacht_edu.solver.turn import KEEP_INDEX, sub_keeps

if TYPE_CHECKING:
    from yacht_edu.goal import GoalAdvice

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

#: Two expected scores closer than this are a tie (float rounding is about 1e-12).
TIE = 1e-9

ChoiceValue = tuple[int, ...] | str


class SituationError(RuleError):
    """A situation the coach cannot be asked about (impossible scores, a full card, ...)."""

    default_msgid = "coach.error.situation"


# -- what the coach says -------------------------------------------------------------------------


class Chosen:
    """What every ranked entry says of its choice: a keep or a box, and in words."""

    choice: ChoiceValue

    @property
    def is_keep(self) -> bool:
        return isinstance(self.choice, tuple)

    def label(self, lang: str | None = None) -> str:
        """The choice in words: "Keep 2 2", "Roll all five again", "Score Full House"."""
        return choice_label(self.choice, lang)


@dataclass(frozen=True)
class Choice(Chosen):
    """One legal choice: the dice to keep (sorted values) or the box to score, and what follows.

    ``expected``: the expected final score if this choice is made and the rest played
    optimally; ``sd``: its standard deviation; ``loss``: expected points given up against the
    best choice (0 for the best and for choices tied with it); ``rank``: 1 for the best, equal
    for ties.
    """

    choice: ChoiceValue
    expected: float
    sd: float
    loss: float
    rank: int = 1

    def __repr__(self) -> str:
        return (f"Choice({self.choice!r}, expected={self.expected:.4f}, sd={self.sd:.4f}, "
                f"loss={self.loss:.4f})")


def choice_key(choice: object) -> ChoiceValue:
    """A choice as advice lists it: a box name, or the kept values in order (any order given)."""
    return choice if isinstance(choice, str) else tuple(sorted(kept_values(choice)))


def choice_label(choice: ChoiceValue, lang: str | None = None) -> str:
    if isinstance(choice, str):
        return t("coach.score", lang, category=box_name(choice, lang))
    if not choice:
        return t("coach.keep_nothing", lang)
    if len(choice) == 5:
        return t("coach.keep_all", lang)
    return t("coach.keep", lang, dice=" ".join(map(str, choice)))


class Ranked(Protocol):
    """What a ranked entry has: the choice it stands for and its rank (1 for the best)."""

    @property
    def choice(self) -> ChoiceValue: ...
    @property
    def rank(self) -> int: ...


RankedEntry = TypeVar("RankedEntry", bound=Ranked)


class RankedChoices(Sequence[RankedEntry]):
    """The legal choices of a moment, best first: what :class:`Advice` and
    :class:`~yacht_edu.goal.GoalAdvice` share (a sequence of entries, the ties, one entry)."""

    choices: tuple[RankedEntry, ...]

    @overload
    def __getitem__(self, index: int) -> RankedEntry: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[RankedEntry]: ...
    def __getitem__(self, index: int | slice) -> RankedEntry | Sequence[RankedEntry]:
        return self.choices[index]

    def __len__(self) -> int:
        return len(self.choices)

    def __iter__(self) -> Iterator[RankedEntry]:
        return iter(self.choices)

    @property
    def ties(self) -> tuple[RankedEntry, ...]:
        """Every choice tied for best."""
        return tuple(c for c in self.choices if c.rank == 1)

    def of(self, choice: Iterable[int] | str) -> RankedEntry:
        """The entry of one choice: a keep (values, any order) or a box name."""
        wanted = choice_key(choice)
        for entry in self.choices:
            if entry.choice == wanted:
                return entry
        raise SituationError("coach.error.not_a_choice", choice=Given(wanted))


@dataclass(frozen=True, eq=False)
class Advice(RankedChoices[Choice]):
    """Every legal choice of the moment, best first (a sequence of :class:`Choice`).

    ``expected`` and ``sd``: the expected final score from here with optimal play.  Before the
    first roll of a turn (or once the game is over) there is nothing to choose: no choices.
    """

    rules: Rules
    card: Scorecard
    dice: tuple[int, ...] | None
    rolls_left: int
    choices: tuple[Choice, ...]
    expected: float
    sd: float
    player: str | None = None

    @property
    def best(self) -> Choice:
        """The best choice (the first of several tied best ones)."""
        if not self.choices:
            raise SituationError("coach.error.nothing_to_choose")
        return self.choices[0]

    def __repr__(self) -> str:
        dice = "-".join(map(str, self.dice)) if self.dice else "not rolled"
        lines = [f"Advice({self.rules!r}, dice {dice}, {self.rolls_left} rolls left: "
                 f"expected {self.expected:.4f} ± {self.sd:.4f})"]
        for entry in self.choices[:10]:
            tie = "=" if entry.rank == 1 and len(self.ties) > 1 else " "
            lines.append(f" {tie}{entry.rank:>2}. {entry.choice!s:<18} {entry.expected:9.4f} "
                         f"± {entry.sd:7.4f}  loss {entry.loss:.4f}")
        if len(self.choices) > 10:
            lines.append(f"     … {len(self.choices) - 10} more")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from yacht_edu.display.coach import advice_html

        return advice_html(self)


# -- advise --------------------------------------------------------------------------------------


@overload
def advise(situation: Game | Dice | Iterable[int], rolls_left: int | None = None,
           filled: Mapping[str, int] | None = None, rules: RulesLike = "yacht", *,
           yahtzee_bonuses: int = 0, progress: Progress | None = None,
           goal: None = None) -> Advice: ...
@overload
def advise(situation: Game | Dice | Iterable[int], rolls_left: int | None = None,
           filled: Mapping[str, int] | None = None, rules: RulesLike = "yacht", *,
           yahtzee_bonuses: int = 0, progress: Progress | None = None,
           goal: int) -> GoalAdvice: ...
def advise(situation: Game | Dice | Iterable[int], rolls_left: int | None = None,
           filled: Mapping[str, int] | None = None, rules: RulesLike = "yacht", *,
           yahtzee_bonuses: int = 0, progress: Progress | None = None,
           goal: int | None = None) -> Advice | GoalAdvice:
    """Every legal choice of the moment, best first.

    ``goal=``: rank the choices by the chance of ending the game with at least ``goal`` points
    instead (``yacht`` and ``yacht_sum4``; see :func:`yacht_edu.goal.advise_goal`).

    ``advise(game)``: for the player to move in a running game.
    ``advise(dice, rolls_left, filled={...}, rules=...)``: for any moment — ``dice`` the five
    dice, ``rolls_left`` the rolls still allowed this turn (2 after the first roll, 0 after
    the last), ``filled`` the boxes already used and their scores.

    ``progress``: a progress-bar factory (``tqdm.auto.tqdm``) for the first, solving call of a
    rule set (a Yahtzee solve takes seconds; it is saved for later).
    """
    if goal is not None:
        from yacht_edu.goal import advise_goal

        return advise_goal(situation, rolls_left, filled, rules, goal=goal, progress=progress)
    if isinstance(situation, Game):
        if rolls_left is not None or filled is not None:
            raise ArgumentTypeError("coach.error.game_and_situation")
        return advise_game(situation, progress)
    card, dice, left = read_situation(situation, rolls_left, filled, rules, yahtzee_bonuses)
    return advise_card(solve(card.rules, progress=progress), card, dice, left)


def read_situation(situation: Dice | Iterable[int], rolls_left: int | None,
                   filled: Mapping[str, int] | None, rules: RulesLike,
                   yahtzee_bonuses: int = 0) -> tuple[Scorecard, Dice, int]:
    """The scorecard, dice and rolls left of a moment given by hand (``advise(dice,
    rolls_left, filled=..., rules=...)``), each checked: the one reading of a situation for
    :func:`advise` and :func:`~yacht_edu.goal.advise_goal`."""
    if rolls_left is None:
        raise ArgumentTypeError("coach.error.rolls_left_missing")
    card = situation_card(rules, {} if filled is None else filled, yahtzee_bonuses)
    dice = Dice(faces(situation))
    left = whole_number(rolls_left)
    if left is None or left not in range(card.rules.rolls):
        key = "coach.error.rolls_left" if card.rules.rolls == ROLLS else "custom.error.rolls_left"
        raise SituationError(key, value=Given(rolls_left), most=card.rules.rolls - 1)
    if card.complete:
        raise SituationError("coach.error.card_full")
    return card, dice, left


def advise_game(game: Game, progress: Progress | None = None) -> Advice:
    """:func:`advise` for the player to move (no choices before the roll or after the game)."""
    table = solve(game.rules, progress=progress)
    player = game.current_player
    card = game.scorecard(player)
    if game.over or game.dice is None:
        return nothing_to_choose(table, card, player)
    return advise_card(table, card, game.dice, game.rolls_left, player)


def nothing_to_choose(table: OptimalTable, card: Scorecard, player: str | None) -> Advice:
    expected = table.expected(card)
    return Advice(card.rules, card, None, card.rules.rolls if not card.complete else 0, (),
                  float(expected.mean), expected.sd, player)


def situation_card(rules: RulesLike, filled: Mapping[str, int],
                   yahtzee_bonuses: int) -> Scorecard:
    """The scorecard of :func:`advise`'s ``filled``, refusing scores no game can produce."""
    ruleset = get_rules(rules)
    card = Scorecard.from_filled(filled, ruleset, yahtzee_bonuses)
    possible = possible_scores(ruleset)
    for category, points in card.filled.items():
        if points not in possible[category]:
            raise SituationError("coach.error.impossible_score", category=CategoryName(category),
                                 points=points,
                                 possible=", ".join(map(str, sorted(possible[category]))))
    holds_fifty = ruleset.has_yahtzee_bonus and card.boxes["yahtzee"] == 50
    if yahtzee_bonuses and not holds_fifty:  # a +100 needs 50 in the yahtzee box
        raise SituationError("coach.error.bonuses", value=Given(yahtzee_bonuses))
    return card


def possible_scores(rules: Rules) -> dict[str, frozenset[int]]:
    """Every score a box can hold under these rules (plain and joker), read from the solver's
    score rows."""
    rows = box_rows(rules)
    found: dict[str, set[int]] = {c: set() for c in rules.categories}
    for box, points in zip(rows.row_box, rows.row_points, strict=True):
        found[rules.categories[box]].add(int(points))
    for c, category in enumerate(rules.categories):
        allowed = rows.joker_allowed[..., c]
        found[category].update(int(p) for p in np.unique(rows.joker_points[..., c][allowed]))
    return {c: frozenset(points) for c, points in found.items()}


class TurnValues:
    """What the rest of the game is worth from one scorecard, at each moment of a turn.

    :meth:`keeps` — every keep's mean and mean square of the points still to come (from the
    solver's turn); :meth:`choices` — every legal choice of a moment, its boxes read through
    :meth:`Scorecard.options` and :meth:`Scorecard.fill`.
    """

    def __init__(self, table: OptimalTable, card: Scorecard) -> None:
        self.table = table
        self.card = card
        self._hands: tuple[npt.NDArray[Any], npt.NDArray[Any]] | None = None
        self._keeps: dict[int, tuple[npt.NDArray[Any], npt.NDArray[Any]]] = {}

    def keeps(self, rolls_left: int) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
        if rolls_left not in self._keeps:
            if self._hands is None:
                state = np.array([self.table.space.number_of(self.card)])
                worth, squares, _ = hand_worth(box_rows(self.card.rules), state,
                                               self.table.mean, self.table.mean_square, local=True)
                self._hands = (worth, squares)
            mean, mean_square = keep_worth(*self._hands, rolls_left)
            self._keeps[rolls_left] = (mean[:, 0], mean_square[:, 0])
        return self._keeps[rolls_left]

    def choices(self, dice: Dice, rolls_left: int) -> list[tuple[ChoiceValue, float, float]]:
        """(choice, expected final score, mean square of the points to come) of every legal
        choice."""
        total = self.card.total
        if rolls_left == 0:
            found: list[tuple[ChoiceValue, float, float]] = []
            for option in self.card.options(dice):
                if option.allowed:
                    after = self.card.fill(dice, option.category)
                    mean, mean_square = self.table.future(after)
                    gained = after.total - total
                    found.append((option.category, after.total + mean,
                                  gained * gained + 2 * gained * mean + mean_square))
            return found
        found = []
        for keep in sub_keeps(dice.hand):
            # Keeping all five is stopping to score: worth what the last roll's keep is.
            keep_mean, keep_mean_square = self.keeps(1 if len(keep) == len(dice) else rolls_left)
            found.append((keep, total + float(keep_mean[KEEP_INDEX[keep]]),
                          float(keep_mean_square[KEEP_INDEX[keep]])))
        return found


def advise_card(table: OptimalTable, card: Scorecard, dice: Dice, rolls_left: int,
                player: str | None = None, values: TurnValues | None = None) -> Advice:
    """:func:`advise` for a scorecard, dice and rolls left, from a solved table."""
    values = values or TurnValues(table, card)
    found = values.choices(dice, rolls_left)
    best = max(expected for _, expected, _ in found)
    order = sorted(range(len(found)), key=lambda i: (best - found[i][1] > TIE, -found[i][1], i))
    choices = []
    rank = 0
    previous = math.inf
    for position, i in enumerate(order, start=1):
        choice, expected, mean_square = found[i]
        future = expected - card.total
        if previous - expected > TIE:
            rank = position
        previous = expected
        loss = best - expected
        choices.append(Choice(choice, expected, math.sqrt(max(mean_square - future * future, 0.0)),
                              0.0 if loss <= TIE else loss, rank))
    top = choices[0]
    return Advice(card.rules, card, tuple(dice), rolls_left, tuple(choices), top.expected,
                  top.sd, player)


# -- analyse -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Decision:
    """One decision of a game: what was chosen, what was best, and the expected points lost."""

    player: str
    turn: int
    rolls_left: int
    dice: tuple[int, ...]
    chosen: ChoiceValue
    best: tuple[ChoiceValue, ...]
    expected: float
    best_expected: float
    loss: float

    @property
    def is_best(self) -> bool:
        return self.loss == 0.0

    def __repr__(self) -> str:
        return (f"Decision({self.player!r}, turn {self.turn}, {self.rolls_left} rolls left, "
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

    def _repr_html_(self) -> str:
        from yacht_edu.display.coach import analysis_html

        return analysis_html(self)


def analyse(game: Game, *, progress: Progress | None = None) -> Analysis:
    """Each decision of a finished or running game, against the optimal one.

    A turn has up to three decisions: the keep after the first roll, the keep after the
    second (keeping all five is stopping), and the box after the last roll.  Rolls set by hand
    are counted in :attr:`Analysis.staged_rolls`; an event of an unknown kind is refused.
    """
    check_game(game, "coach.error.not_a_game")
    table = solve(game.rules, progress=progress)
    cards = {name: Scorecard.empty(game.rules) for name in game.players}
    turns = dict.fromkeys(game.players, 0)
    decisions: list[Decision] = []
    dice: Dice | None = None
    rolls, most = 0, game.rules.rolls
    values: TurnValues | None = None
    for event in game.events:
        if isinstance(event, RollEvent):
            player = event.player
            if dice is None:
                turns[player] += 1
                values = TurnValues(table, cards[player])
            else:
                kept = tuple(sorted(dice[i] for i in event.keep))
                decisions.append(_decision(table, cards[player], dice, most - rolls, kept,
                                           player, turns[player], values))
            dice, rolls = event.dice, rolls + 1
        elif isinstance(event, ScoreEvent) and dice is not None:
            player = event.player
            if rolls < most:  # stopped early: the keep was "all five"
                decisions.append(_decision(table, cards[player], dice, most - rolls,
                                           dice.hand, player, turns[player], values))
            decisions.append(_decision(table, cards[player], dice, 0, event.category,
                                       player, turns[player], values))
            cards[player] = cards[player].fill(dice, event.category)
            dice, rolls = None, 0
        elif not isinstance(event, RollOffEvent):  # a roll-off decides nothing
            raise UnknownEventError(kind=Given(event))
    summaries = tuple(
        PlayerSummary(name, sum(d.player == name for d in decisions),
                      sum(d.player == name and not d.is_best for d in decisions),
                      math.fsum(d.loss for d in decisions if d.player == name))
        for name in game.players)
    return Analysis(game.rules, tuple(decisions), summaries, game.staged_rolls)


def _decision(table: OptimalTable, card: Scorecard, dice: Dice, rolls_left: int,
              chosen: ChoiceValue, player: str, turn: int,
              values: TurnValues | None) -> Decision:
    advice = advise_card(table, card, dice, rolls_left, player, values)
    entry = advice.of(chosen)
    return Decision(player, turn, rolls_left, tuple(dice), entry.choice,
                    tuple(c.choice for c in advice.ties), entry.expected, advice.expected,
                    entry.loss)
