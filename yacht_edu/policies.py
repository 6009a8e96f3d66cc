"""The words for playing: a keep rule, a box rule, a strategy — and the one registry of strategies.

- A **keep rule** answers "which dice do I keep?": a function ``(dice, rolls_left) -> kept``
  given the five dice (sorted) and the rolls still to come; it returns the values to keep.
- A **box rule** answers "which box do I score?": how much a strategy likes each box it could
  score now, given the points it would gain there (used by :mod:`yacht_edu.strategies`, which
  plays whole games).  A learner's box rule is asked where it can be stopped
  (:class:`GuardedBoxRule`), once for each pair of points and box it has not been asked about.
- A **strategy** (:class:`Strategy`) is a named pair of them.  Without a keep rule it keeps the
  dice its box rule likes best by the end of the turn; ``optimal`` plays as the solvers do.

The same objects serve a single box (:func:`yacht_edu.probability.p_within` and friends use a
strategy's keep rule) and a whole game (:func:`yacht_edu.strategies.strategy_expected_score`).

>>> keep_most_common((2, 5, 5, 2, 1), rolls_left=2)
(5, 5)
>>> STRATEGIES["chase_five"].keep_rule is keep_most_common
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from yacht_edu.checks import faces
from yacht_edu.dice import Dice, kept_values
from yacht_edu.errors import InvalidKeepError, LearnerFunctionError, RuleError
from yacht_edu.guard import answers, is_ours, name_of
from yacht_edu.hands import FACES, Hand
from yacht_edu.i18n import Faces, Given, t

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from yacht_edu.rules import Rules


#: Which dice to keep: the dice in hand (sorted) and the rolls still to come -> the values kept.
KeepRule = Callable[[Dice, int], Iterable[int]]
#: How much a strategy likes each score row: (rules, points gained, box of each row) -> liking.
BoxRule = Callable[["Rules", "npt.NDArray[np.float64]", "npt.NDArray[np.intp]"],
                   "npt.NDArray[np.float64]"]


class UnknownStrategyError(RuleError):
    """A strategy that is neither a known name, a :class:`Strategy` nor a keep rule."""

    default_msgid = "probability.error.strategy"


# -- keep rules --------------------------------------------------------------------------------


def keep_most_common(dice: Sequence[int], rolls_left: int = 1) -> tuple[int, ...]:
    """Keep every die of the face shown most often (the higher face on a tie); roll the rest.

    >>> keep_most_common((1, 2, 3, 4, 6)), keep_most_common((2, 2, 5, 5, 6))
    ((6,), (5, 5))
    """
    counts = Counter(faces(dice))
    face = max(FACES, key=lambda f: (counts[f], f))
    return (face,) * counts[face]


def reroll_all(dice: Sequence[int], rolls_left: int = 1) -> tuple[int, ...]:
    """Keep nothing: each roll is a fresh try, so the chance is 1 - (1 - p)^n."""
    faces(dice)  # dice all the same: refused like any other keep rule's
    return ()


# -- box rules ---------------------------------------------------------------------------------


def points_now(rules: Rules, gain: npt.NDArray[np.float64],
               box: npt.NDArray[np.intp]) -> npt.NDArray[np.float64]:
    """What the box adds to the total now (with any bonus)."""
    return gain


class GuardedBoxRule:
    """A learner's box rule, asked where it can be stopped (:func:`yacht_edu.guard.answers`):
    called as the rule is, with the rules, the points each row would gain and each row's box,
    it asks the learner's function once for every pair of (box, points) not asked before — all
    of them in one table, a few times a game — and answers every row from what it said.  So
    the rule is read as liking each pair on its own; one that raises, loops, or gives anything
    but one finite number per row raises :class:`~yacht_edu.errors.LearnerFunctionError`
    naming it."""

    def __init__(self, rule: BoxRule) -> None:
        self.rule = rule
        #: per rule set: liking by [box, points] (NaN: not asked yet)
        self.tables: dict[object, npt.NDArray[np.float64]] = {}

    def __call__(self, rules: Rules, gain: npt.NDArray[np.float64],
                 box: npt.NDArray[np.intp]) -> npt.NDArray[np.float64]:
        import numpy as np

        gains, boxes = np.broadcast_arrays(np.asarray(gain, dtype=np.float64),
                                           np.asarray(box, dtype=np.intp))
        points = np.rint(gains).astype(np.int64)
        if gains.size == 0 or points.min() < 0 or not np.array_equal(points, gains):
            return self.ask(rules, gains.ravel(), boxes.ravel()).reshape(gains.shape)
        table = self.table(rules, int(boxes.max()) + 1, int(points.max()) + 1)
        liked = table[boxes, points]
        unknown = np.isnan(liked)
        if unknown.any():
            width = table.shape[1]
            pairs = np.unique(boxes[unknown].astype(np.int64) * width + points[unknown])
            asked_boxes, asked_points = pairs // width, pairs % width
            table[asked_boxes, asked_points] = self.ask(rules, asked_points.astype(np.float64),
                                                        asked_boxes.astype(np.intp))
            liked = table[boxes, points]
        found: npt.NDArray[np.float64] = liked
        return found

    def table(self, rules: Rules, boxes: int, width: int) -> npt.NDArray[np.float64]:
        """The rule set's table, grown to hold ``boxes`` × ``width`` pairs."""
        import numpy as np

        table = self.tables.get(rules)
        if table is None or table.shape[0] < boxes or table.shape[1] < width:
            grown = np.full((max(boxes, 0 if table is None else table.shape[0]),
                             max(width, 0 if table is None else table.shape[1])), np.nan)
            if table is not None:
                grown[:table.shape[0], :table.shape[1]] = table
            table = self.tables[rules] = grown
        return table

    def ask(self, rules: Rules, gain: npt.NDArray[np.float64],
            box: npt.NDArray[np.intp]) -> npt.NDArray[np.float64]:
        """The learner's rule on these rows, in one guarded call."""
        import numpy as np

        (liked,) = answers(self.rule, [(rules, gain, box)],
                           lambda args, value: checked_liking(self.rule, len(gain), value))
        return np.array(liked, dtype=np.float64)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GuardedBoxRule) and other.rule == self.rule

    def __hash__(self) -> int:
        return hash(self.rule)

    def __repr__(self) -> str:
        return repr(self.rule)


def checked_liking(rule: object, rows: int, value: object) -> tuple[float, ...]:
    """What a box rule gave for ``rows`` rows, if it is one finite number per row (or one for
    them all)."""
    import numpy as np

    try:
        liked = np.broadcast_to(np.asarray(value, dtype=np.float64), (rows,))
        if np.isfinite(liked).all():
            return tuple(float(number) for number in liked)
    except (TypeError, ValueError):  # text, a list of the wrong length, an object
        pass
    raise LearnerFunctionError("guard.error.box_rule", function=name_of(rule), rows=rows,
                               value=Given(value))


# -- strategies --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Strategy:
    """A named strategy: a keep rule and a box rule (either may be missing).

    Without ``keep_rule`` the strategy keeps the dice that maximise its box rule's liking
    expected at the end of the turn; without ``box_rule`` it only plays a single box.
    ``optimal`` plays as the solvers do.  ``above_par``: the box rule is given what each box
    adds now *minus the box's par* (the average score of a whole turn played for that box alone,
    :func:`yacht_edu.probability.turn.box_pars`), the player who plays the strategy works it out.
    """

    name: str
    box_rule: BoxRule | None = None
    keep_rule: KeepRule | None = None
    optimal: bool = field(default=False, repr=False)
    above_par: bool = field(default=False, repr=False)

    def __post_init__(self) -> None:
        rule = self.box_rule  # a learner's: asked where it can be stopped
        if rule is not None and not is_ours(rule) and not isinstance(rule, GuardedBoxRule):
            object.__setattr__(self, "box_rule", GuardedBoxRule(rule))

    def label(self, lang: str | None = None) -> str:
        return t(f"strategy.{self.name}", lang)

    def description(self, lang: str | None = None) -> str:
        return t(f"strategy.{self.name}.about", lang)


#: Every named strategy, in one registry (read-only).
STRATEGIES: Mapping[str, Strategy] = MappingProxyType({
    "best_box_now": Strategy("best_box_now", points_now),
    "chase_five": Strategy("chase_five", points_now, keep_most_common),
    "beat_par": Strategy("beat_par", points_now, above_par=True),
    "optimal": Strategy("optimal", optimal=True),
    "keep_most_common": Strategy("keep_most_common", keep_rule=keep_most_common),
    "reroll_all": Strategy("reroll_all", keep_rule=reroll_all),
})
#: The strategies that play whole games (they have a box rule, or play optimally).
GAME_STRATEGIES: tuple[str, ...] = tuple(
    name for name, strategy in STRATEGIES.items() if strategy.box_rule or strategy.optimal)
#: The strategies that can play a single box (they have a keep rule, or play optimally).
TURN_STRATEGIES: tuple[str, ...] = tuple(
    name for name, strategy in STRATEGIES.items() if strategy.keep_rule or strategy.optimal)


def get_strategy(strategy: str | Strategy, among: Sequence[str] = GAME_STRATEGIES) -> Strategy:
    """The strategy named ``strategy`` (one of ``among``), or ``strategy`` itself."""
    if isinstance(strategy, Strategy):
        return strategy
    if not isinstance(strategy, str) or strategy not in among:
        raise UnknownStrategyError("strategy.error.unknown", name=Given(strategy),
                                   choices=", ".join(among))
    return STRATEGIES[strategy]


def as_keep_rule(strategy: object) -> KeepRule | None:
    """The keep rule a single-box question plays: ``None`` for optimal play."""
    if isinstance(strategy, str) and strategy in TURN_STRATEGIES:
        return STRATEGIES[strategy].keep_rule
    if isinstance(strategy, Strategy) and (strategy.keep_rule or strategy.optimal):
        return strategy.keep_rule
    if callable(strategy) and not isinstance(strategy, Strategy):
        return strategy
    raise UnknownStrategyError(strategy=Given(strategy), choices=", ".join(TURN_STRATEGIES))


def kept_by(rule: KeepRule, hands: Sequence[Hand], rolls_left: int) -> tuple[Hand, ...]:
    """What ``rule`` keeps from each of ``hands`` (sorted) with ``rolls_left`` rolls to come,
    each checked to be dice of its hand.

    A learner's rule is run on the whole table at once where it can be stopped
    (:func:`yacht_edu.guard.answers`): one that raises, takes the wrong arguments, runs too long
    or takes too much memory raises :class:`~yacht_edu.errors.LearnerFunctionError` naming it.

    >>> kept_by(keep_most_common, [(1, 2, 2, 5, 6), (3, 3, 3, 4, 4)], rolls_left=1)
    ((2, 2), (3, 3, 3))
    """
    return tuple(answers(rule, [(Dice(hand), rolls_left) for hand in hands],
                         lambda args, kept: checked_keep(args[0].hand, kept)))


def checked_keep(hand: Hand, kept: object) -> Hand:
    """The values a keep rule kept from ``hand``, sorted, if they are dice of that hand."""
    try:
        values = tuple(sorted(kept_values(kept)))
    except InvalidKeepError:
        raise InvalidKeepError("probability.error.keep_not_values", keep=Given(kept)) from None
    if Counter(values) - Counter(hand):
        raise InvalidKeepError("error.keep_not_in_dice", keep=Faces(values), dice=Faces(hand))
    return values
