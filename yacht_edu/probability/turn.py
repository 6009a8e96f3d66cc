"""A turn as a Markov chain over the 252 hands, solved backward over the rolls left.

With ``r`` rolls still to come, a hand is worth the best of its *keeps*: keep a sub-multiset,
throw the other dice, and take the average worth of the hands that can come out with ``r - 1``
rolls left.  With no roll left a hand is worth 1 if it makes the box (for a chance) or its score
(for an expected score).  A fresh turn of ``n`` rolls is the keep of nothing with ``n`` to come.

The 462 keeps and their 4,368 outcomes are the whole chain, so every answer is exact and quick:
worths with ``r`` rolls left are whole numbers over 6^(5r), turned into ``sympy.Rational`` at the
end.  Results are cached per rule set, box, aim and strategy.

>>> p_within("yacht", strategy="keep_most_common")
347897/7558272
>>> p_within("yacht", rolls=1, dice=(6, 6, 6, 6, 2))
1/6
>>> best_keep("big_straight", (2, 3, 3, 5, 6), rolls_left=1)
(2, 3, 5, 6)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from sympy import Rational

from yacht_edu.checks import can_look_up, whole_number
from yacht_edu.dice import Dice, DiceRoller
from yacht_edu.hands import (
    HAND_INDEX,
    HANDS,
    KEEP_INDEX,
    KEEPS,
    ORDERED_ROLLS,
    Hand,
    sub_keep_indices,
    throws,
)
from yacht_edu.i18n import Given
from yacht_edu.policies import STRATEGIES, KeepRule, Strategy, as_keep_rule, kept_by
from yacht_edu.probability import one_roll
from yacht_edu.probability.errors import InvalidRollsError, UnknownAimError
from yacht_edu.probability.one_roll import checked
from yacht_edu.rules import Rules, RulesLike, get_rules, hand_of

#: What a question about one box can be played with: ``"optimal"``, a name of :data:`STRATEGIES`
#: with a keep rule, a :class:`~yacht_edu.policies.Strategy`, or a learner's own keep rule.
StrategyLike = str | Strategy | KeepRule
#: What one box is played for: ``"chance"`` (the chance to score in it) or ``"score"`` (its points).
Aim = Literal["chance", "score"]
AIMS: tuple[Aim, ...] = ("chance", "score")


# -- the chain: hands, keeps and their outcomes, built once -------------------------------------


@dataclass(frozen=True)
class Chain:
    """The 252 hands, the 462 keeps, each keep's outcomes and each hand's sub-keeps, by index
    (a view of :mod:`yacht_edu.hands`, in its order)."""

    hands: tuple[Hand, ...]
    hand_index: Mapping[Hand, int]
    keeps: tuple[Hand, ...]
    keep_index: Mapping[Hand, int]
    #: per keep: (hand index, ordered outcomes × 6^len(keep)), the weights adding up to 6^5
    outcomes: tuple[tuple[tuple[int, int], ...], ...]
    #: per hand: the keep indices of its distinct sub-multisets, most dice (then high faces) first
    sub_keeps: tuple[tuple[int, ...], ...]


@functools.lru_cache(maxsize=1)
def chain() -> Chain:
    """The turn's Markov chain over hands, counted out of 6^5 (from :mod:`yacht_edu.hands`)."""
    outcomes = tuple(tuple((hand, count * 6 ** len(keep)) for hand, count in throws(keep))
                     for keep in KEEPS)
    sub_keeps = tuple(
        tuple(sorted(sub_keep_indices(hand), key=lambda k: (len(KEEPS[k]), KEEPS[k]), reverse=True))
        for hand in HANDS
    )
    return Chain(HANDS, HAND_INDEX, KEEPS, KEEP_INDEX, outcomes, sub_keeps)


# -- worths, backward over the rolls left --------------------------------------------------------


@dataclass
class Solution:
    """The worths of one box for one aim under one strategy, filled in as far as asked.

    ``hand_worths[r][h]``: hand ``h`` with ``r`` rolls to come; ``keep_worths[r][k]``: keep ``k``
    with ``r`` rolls to come, its own roll included.  Both are whole numbers over 6^(5r).
    """

    rule_set: Rules
    box: str
    aim: Aim
    strategy: KeepRule | None  # None: optimal
    made: list[bool] = field(init=False)
    hand_worths: list[list[int]] = field(init=False)
    keep_worths: list[list[int]] = field(init=False)
    #: per rolls left: the keep (by index) the strategy chooses from each hand it is asked about
    kept: dict[int, dict[int, int]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        scores = list(one_roll.box_scores(self.rule_set, self.box))
        self.made = [score > 0 for score in scores]
        self.hand_worths = [[int(made) for made in self.made] if self.aim == "chance" else scores]
        self.keep_worths = [[]]  # no keep with no roll to come

    def keeps_upto(self, rolls: int) -> list[int]:
        """The worths of the 462 keeps with ``rolls`` rolls to come (the keep's roll included)."""
        while len(self.keep_worths) <= rolls:
            before = self.hands_upto(len(self.keep_worths) - 1)
            self.keep_worths.append([sum(w * before[h] for h, w in outs)
                                     for outs in chain().outcomes])
        return self.keep_worths[rolls]

    def hands_upto(self, rolls: int) -> list[int]:
        """The worths of the 252 hands with ``rolls`` rolls to come: each its best keep's worth."""
        while len(self.hand_worths) <= rolls:
            rolls_left = len(self.hand_worths)
            keep_worths = self.keeps_upto(rolls_left)
            self.hand_worths.append([keep_worths[self.keep_of(h, rolls_left)]
                                     for h in range(len(chain().hands))])
        return self.hand_worths[rolls]

    def keep_of(self, hand: int, rolls_left: int) -> int:
        """The keep (by index) this solution's strategy chooses; a made box keeps all five."""
        board = chain()
        if self.strategy is None:
            worths = self.keeps_upto(rolls_left)
            return max(board.sub_keeps[hand], key=worths.__getitem__)  # the first: most dice
        if self.aim == "chance" and self.made[hand]:
            return board.keep_index[board.hands[hand]]
        return self.kept_by_strategy(rolls_left)[hand]

    def kept_by_strategy(self, rolls_left: int) -> dict[int, int]:
        """The keep (by index) the strategy chooses from each hand it plays on (every hand but
        the made ones, for a chance), asked once for them all."""
        if rolls_left not in self.kept:
            assert self.strategy is not None
            board = chain()
            asked = [h for h in range(len(board.hands))
                     if not (self.aim == "chance" and self.made[h])]
            kept = kept_by(self.strategy, [board.hands[h] for h in asked], rolls_left)
            self.kept[rolls_left] = {h: board.keep_index[keep]
                                     for h, keep in zip(asked, kept, strict=True)}
        return self.kept[rolls_left]

    def fresh(self, rolls: int) -> Rational:
        """The worth of a fresh turn of ``rolls`` rolls (the first keeps nothing)."""
        return Rational(self.keeps_upto(rolls)[chain().keep_index[()]], ORDERED_ROLLS**rolls)

    def from_hand(self, hand: Hand, rolls_left: int) -> Rational:
        worth = self.hands_upto(rolls_left)[chain().hand_index[hand]]
        return Rational(worth, ORDERED_ROLLS**rolls_left)


@functools.lru_cache(maxsize=512)
def named_solution(rule_set: Rules, box: str, aim: Aim, strategy: str) -> Solution:
    return Solution(rule_set, box, aim, as_keep_rule(strategy))


def solution(box: str, rules: RulesLike, aim: Aim = "chance",
             strategy: StrategyLike = "optimal") -> Solution:
    """The (cached, for a named strategy) worths of ``box`` under ``rules``."""
    rule_set = checked(box, rules)
    if not isinstance(aim, str) or aim not in AIMS:
        raise UnknownAimError(aim=Given(aim), choices=", ".join(AIMS))
    if (isinstance(strategy, Strategy) and can_look_up(strategy.name)
            and STRATEGIES.get(strategy.name) == strategy):
        strategy = strategy.name
    if isinstance(strategy, str):
        as_keep_rule(strategy)  # a clear error for a name that plays no single box
        return named_solution(rule_set, box, aim, strategy)
    return Solution(rule_set, box, aim, as_keep_rule(strategy))


def clear_probability_caches() -> None:
    """Forget every computed chance and worth (for benchmarks measuring a cold start)."""
    for cached in (named_solution, chain, hand_chances, fresh_chances, _pars):
        cached.cache_clear()
    one_roll.clear_one_roll_caches()


#: The most rolls (or rolls left) the questions of this module work out.  The worths of the chain
#: grow by one row of whole numbers per roll; for more rolls, an of-a-kind chance has a closed
#: form in ``n`` (:func:`yacht_edu.probability.p_kind_within`) that answers for any ``n``.
MOST_ASKED_ROLLS = 100
#: The most turns :func:`simulate_turns` plays at once.
MAX_TRIALS = 1_000_000


def check_asked_rolls(given: object, least: int) -> int:
    rolls = whole_number(given)
    if rolls is None:
        raise InvalidRollsError("probability.error.rolls_not_whole", value=Given(given))
    if rolls < least:
        key = "probability.error.fresh_turn" if least else "probability.error.negative_rolls"
        raise InvalidRollsError(key, value=rolls)
    if rolls > MOST_ASKED_ROLLS:
        raise InvalidRollsError("probability.error.too_many_rolls", count=rolls,
                                most=MOST_ASKED_ROLLS)
    return rolls


def check_trials(given: object) -> int:
    trials = whole_number(given)
    if trials is None:
        raise InvalidRollsError("probability.error.rolls_not_whole", value=Given(given))
    if trials < 0:
        raise InvalidRollsError("probability.error.negative_rolls", value=trials)
    if trials > MAX_TRIALS:
        raise InvalidRollsError("probability.error.too_many_trials", count=trials,
                                most=MAX_TRIALS)
    return trials


# -- the questions a lesson asks ----------------------------------------------------------------


def p_within(box: str, rolls: int | None = None, rules: RulesLike = "yacht",
             strategy: StrategyLike = "optimal", *,
             dice: Dice | Iterable[int] | None = None) -> Rational:
    """The chance to make ``box`` (score more than 0) within ``rolls`` rolls.

    ``strategy`` is ``"optimal"`` (the keep with the best chance at every roll), a name of
    :data:`STRATEGIES` with a keep rule (``"keep_most_common"``, ``"reroll_all"``,
    ``"chase_five"``), a :class:`~yacht_edu.policies.Strategy`, or a keep rule of your own:
    a function ``(dice, rolls_left) -> kept values``.  Every strategy stops
    once the box is made.  With ``dice``, the chance from those dice in hand with ``rolls`` still
    to come (``rolls=0``: 1 if they qualify, else 0).  ``rolls=None``: a turn of the rule set
    (3, or a custom rule set's own).

    >>> p_within("yacht")
    347897/7558272
    >>> p_within("yacht", strategy="reroll_all") == 1 - (1 - Rational(1, 1296)) ** 3
    True
    """
    ways = solution(box, rules, "chance", strategy)
    rolls = ways.rule_set.rolls if rolls is None else rolls
    if dice is None:
        return ways.fresh(check_asked_rolls(rolls, 1))
    return ways.from_hand(hand_of(dice), check_asked_rolls(rolls, 0))


def best_expected(box: str, rolls: int | None = None, rules: RulesLike = "yacht", *,
                  dice: Dice | Iterable[int] | None = None) -> Rational:
    """The largest expected score of ``box`` alone within ``rolls`` rolls (keeping the best).

    >>> best_expected("choice", rolls=1), best_expected("choice", rolls=2)
    (35/2, 85/4)
    """
    ways = solution(box, rules, "score")
    rolls = ways.rule_set.rolls if rolls is None else rolls
    if dice is None:
        return ways.fresh(check_asked_rolls(rolls, 1))
    return ways.from_hand(hand_of(dice), check_asked_rolls(rolls, 0))


def box_pars(rules: RulesLike = "yacht") -> Mapping[str, float]:
    """Each box's par: the average score of a whole turn played for that box alone, keeping the
    best — :func:`best_expected` of each box, as a float (what ``beat_par`` plays against).

    >>> round(box_pars("yacht")["sixes"], 2)   # 5 dice × 2.53 sixes on average
    12.64
    """
    return _pars(get_rules(rules))


@functools.lru_cache(maxsize=16)
def _pars(rule_set: Rules) -> Mapping[str, float]:
    return MappingProxyType({box: float(best_expected(box, rules=rule_set))
                             for box in rule_set.boxes})


def chances(dice: Dice | Iterable[int] | None, rolls_left: int,
            rules: RulesLike = "yacht") -> dict[str, Rational]:
    """For every box of the rule set: the best chance to make it from ``dice`` in hand.

    ``dice=None`` is the moment before the first roll (``rolls_left`` rolls to come).

    >>> chances((6, 6, 6, 6, 2), 1)["yacht"]
    1/6
    """
    rule_set = get_rules(rules)
    if dice is None:
        return dict(fresh_chances(rule_set, check_asked_rolls(rolls_left, 1)))
    return dict(hand_chances(rule_set, hand_of(dice), check_asked_rolls(rolls_left, 0)))


@functools.lru_cache(maxsize=1024)
def hand_chances(rule_set: Rules, hand: Hand, rolls_left: int) -> tuple[tuple[str, Rational], ...]:
    return tuple((box, named_solution(rule_set, box, "chance", "optimal")
                  .from_hand(hand, rolls_left)) for box in get_rules(rule_set).boxes)


@functools.lru_cache(maxsize=256)
def fresh_chances(rule_set: Rules, rolls: int) -> tuple[tuple[str, Rational], ...]:
    return tuple((box, named_solution(rule_set, box, "chance", "optimal").fresh(rolls))
                 for box in get_rules(rule_set).boxes)


def keep_values(box: str, dice: Dice | Iterable[int], rolls_left: int = 1,
                rules: RulesLike = "yacht", aim: Aim = "chance") -> dict[Hand, Rational]:
    """Every choice of dice to keep, with its chance (or expected score) if played best after.

    Best first; on a tie, the keep with more dice (then higher faces) first.

    >>> list(keep_values("yacht", (6, 6, 6, 6, 2)).items())[:2]
    [((6, 6, 6, 6), 1/6), ((6, 6, 6), 1/36)]
    """
    ways = solution(box, rules, aim)
    rolls = check_asked_rolls(rolls_left, 1)
    board, worths = chain(), ways.keeps_upto(rolls)
    subs = board.sub_keeps[board.hand_index[hand_of(dice)]]
    ranked = sorted(subs, key=lambda k: -worths[k])  # a stable sort keeps the tie order
    return {board.keeps[k]: Rational(worths[k], ORDERED_ROLLS**rolls) for k in ranked}


def best_keep(box: str, dice: Dice | Iterable[int], rolls_left: int = 1,
              rules: RulesLike = "yacht", aim: Aim = "chance") -> Hand:
    """The dice to keep for the best chance (or expected score) of ``box``."""
    ways = solution(box, rules, aim)
    board = chain()
    keep = ways.keep_of(board.hand_index[hand_of(dice)], check_asked_rolls(rolls_left, 1))
    return board.keeps[keep]


def simulate_turns(box: str, rolls: int = 3, rules: RulesLike = "yacht",
                   strategy: StrategyLike = "optimal", *, trials: int = 1000,
                   seed: int = 0) -> list[Dice]:
    """Play ``trials`` turns with real (seeded) dice and ``strategy``; the dice each turn ends with.

    >>> turns = simulate_turns("yacht", trials=2000, seed=1)
    >>> sum(len(set(dice)) == 1 for dice in turns)
    99
    """
    ways = solution(box, rules, "chance", strategy)
    check_asked_rolls(rolls, 1)
    roller, board, finals = DiceRoller(seed), chain(), []
    for _ in range(check_trials(trials)):
        dice = roller.roll()
        for rolls_left in range(rolls - 1, 0, -1):
            kept = board.keeps[ways.keep_of(board.hand_index[dice.hand], rolls_left)]
            dice = roller.roll(dice, dice.positions_of(kept))
        finals.append(dice)
    return finals
