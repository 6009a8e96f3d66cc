"""Waiting for a yacht: the geometric distribution, and why a yacht is never "due".

A player who chases a yacht every turn (keeping the most common face, three rolls) makes one
with the same chance ``p`` each turn, whatever happened before: the turns are independent.  So
the number of turns until the first yacht is *geometric*:

- P(first yacht in turn k) = (1 - p)^(k - 1) · p, mean 1/p, variance (1 - p)/p²;
- P(at least one yacht in n turns) = 1 - (1 - p)^n;
- memoryless: P(no yacht in the next k turns | none in the last m) = (1 - p)^k, the same as
  after none at all.  Going without makes a yacht no more likely.

>>> wait = first_yacht()
>>> wait.p                                   # one turn, chasing a yacht
347897/7558272
>>> wait.mean, round(float(wait.mean), 2)    # turns until the first yacht, on average
(7558272/347897, 21.73)
>>> round(float(wait.chance_within(12)), 4)  # at least one yacht in a 12-turn Yacht game
0.4319

Beside every exact value :func:`simulate_first_yacht` gives a simulated one, with the same
method names.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import sympy
from sympy import Expr, Rational, Symbol

from yacht_edu.checks import check_seed, whole_number
from yacht_edu.errors import RuleError
from yacht_edu.hands import FACES, NUMBER_OF_DICE
from yacht_edu.i18n import Given
from yacht_edu.probability.turn import p_within

if TYPE_CHECKING:  # numpy only where a simulation runs: the exact waits need none (the browser)
    import numpy as np
    import numpy.typing as npt

__all__ = ["first_yacht", "simulate_first_yacht"]


class BadWaitError(RuleError):
    """A number of turns or a chance that a waiting time cannot take."""

    default_msgid = "waiting.error.turns"


def yacht_chance_per_turn() -> Rational:
    """The chance of a yacht in one turn of three rolls, chasing it (read from the turn's
    Markov chain: :func:`~yacht_edu.probability.p_within`)."""
    chance: Rational = p_within("yacht", rolls=3)
    return chance


#: The most turns an exact waiting-time chance is worked out for: (1 - p) to the power 10,000
#: is already a fraction of tens of thousands of digits.
MOST_TURNS = 10_000
#: The most learners :func:`simulate_first_yacht` follows at once.
MOST_LEARNERS = 1_000_000


def turns(value: object, name: str, least: int = 0, most: int = MOST_TURNS) -> int:
    number = whole_number(value)
    if number is None or number < least:
        raise BadWaitError(name=name, value=Given(value), least=least)
    if number > most:
        raise BadWaitError("waiting.error.too_many", name=name, value=number, most=most)
    return number


def _is_a_chance(value: object) -> bool:
    """A number above 0 and at most 1 (not a switch, text, a symbol or a list)."""
    if isinstance(value, bool) or not isinstance(value, (numbers.Real, sympy.Basic)):
        return False
    try:
        return bool(0 < value <= 1)  # type: ignore[operator]
    except TypeError:  # a sympy expression that is not a number
        return False


@dataclass(frozen=True)
class WaitingTime:
    """The number of turns until the first success, each turn succeeding with chance ``p``.

    Every chance is exact (``sympy``); :meth:`formulas` gives them in the symbol ``p``.
    """

    p: Rational

    def __post_init__(self) -> None:
        if not _is_a_chance(self.p):
            raise BadWaitError("waiting.error.chance", value=Given(self.p))

    @property
    def mean(self) -> Rational:
        """The expected number of turns: 1/p."""
        return 1 / self.p

    @property
    def variance(self) -> Rational:
        """(1 - p)/p²."""
        return (1 - self.p) / self.p**2

    @property
    def sd(self) -> Expr:
        return sympy.sqrt(self.variance)

    def chance_at(self, turn: int) -> Rational:
        """P(the first success comes in turn ``turn``) = (1 - p)^(turn - 1) · p."""
        return (1 - self.p) ** (turns(turn, "turn", 1) - 1) * self.p

    def chance_none(self, turn_count: int) -> Rational:
        """P(no success in ``turn_count`` turns) = (1 - p)^turn_count."""
        return (1 - self.p) ** turns(turn_count, "turns")

    def chance_within(self, turn_count: int) -> Rational:
        """P(at least one success in ``turn_count`` turns) = 1 - (1 - p)^turn_count."""
        return 1 - self.chance_none(turn_count)

    def chance_none_next(self, turn_count: int, *, after: int) -> Rational:
        """P(no success in the next ``turn_count`` turns | none in the ``after`` turns before),
        worked out as a conditional chance: P(none in after + turn_count) / P(none in after).
        It equals :meth:`chance_none` (``turn_count``): the waiting time is memoryless."""
        before = turns(after, "after")
        return self.chance_none(before + turns(turn_count, "turns")) / self.chance_none(before)

    def random_variable(self, name: str = "T") -> Any:
        """The waiting time as a ``sympy.stats`` random variable (``Geometric``)."""
        from sympy.stats import Geometric

        return Geometric(name, self.p)

    @staticmethod
    def formulas() -> dict[str, Expr]:
        """Each chance as a formula in ``p``, ``k`` (turns) and ``m`` (turns already waited)."""
        p = Symbol("p", positive=True)
        k, m = sympy.symbols("k m", positive=True, integer=True)
        none = (1 - p) ** k
        return {
            "chance_at": (1 - p) ** (k - 1) * p,
            "mean": 1 / p,
            "variance": (1 - p) / p**2,
            "chance_none": none,
            "chance_within": 1 - none,
            "chance_none_next": sympy.powsimp((1 - p) ** (m + k) / (1 - p) ** m),
        }


def first_yacht() -> WaitingTime:
    """Turns until the first yacht, chasing yachts every turn: geometric with
    p = 347897/7558272 (OEIS A096256 gives the chance of five of a kind within three rolls)."""
    return WaitingTime(yacht_chance_per_turn())


# -- simulation ------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class WaitSimulation:
    """Simulated waits: for each learner, the turn of the first yacht (``0``: none within
    ``max_turns``).  The methods match :class:`WaitingTime`'s, each estimated from the waits,
    with a standard error where it matters."""

    seed: int
    max_turns: int
    waits: npt.NDArray[np.int64]

    @property
    def learners(self) -> int:
        return len(self.waits)

    def _waited(self) -> npt.NDArray[np.int64]:
        """The waits, with "none yet" counted as more than ``max_turns``."""
        waited: npt.NDArray[np.int64] = self.waits.copy()
        waited[waited == 0] = self.max_turns + 1
        return waited

    @property
    def mean(self) -> float:
        """The average wait (needs every learner to have had a yacht)."""
        self._check_complete()
        return float(self.waits.mean())

    @property
    def variance(self) -> float:
        self._check_complete()
        return float(self.waits.var(ddof=1))

    @property
    def mean_error(self) -> float:
        """The standard error of :attr:`mean`: sd/√learners."""
        return math.sqrt(self.variance / self.learners)

    @property
    def variance_error(self) -> float:
        """The standard error of :attr:`variance`, from the waits' fourth central moment."""
        centred = self.waits - self.waits.mean()
        fourth = float((centred**4).mean())
        return math.sqrt(max(fourth - self.variance**2, 0.0) / self.learners)

    def _check_complete(self) -> None:
        if (self.waits == 0).any():
            raise BadWaitError("waiting.error.incomplete", count=self.max_turns)

    def chance_at(self, turn: int) -> float:
        return float((self.waits == turns(turn, "turn", 1)).mean())

    def chance_none(self, turn_count: int) -> float:
        return float((self._waited() > self._within(turn_count)).mean())

    def chance_within(self, turn_count: int) -> float:
        return 1.0 - self.chance_none(turn_count)

    def chance_none_next(self, turn_count: int, *, after: int) -> float:
        """Among the learners with no yacht in the first ``after`` turns, the share with none
        in the next ``turn_count`` either."""
        waited = self._waited()
        still = waited > self._within(after)
        return float((waited[still] > after + turns(turn_count, "turns")).mean())

    def learners_waiting(self, after: int) -> int:
        """How many learners had no yacht in the first ``after`` turns."""
        return int((self._waited() > self._within(after)).sum())

    def _within(self, turn_count: int) -> int:
        count = turns(turn_count, "turns")
        if count > self.max_turns:
            raise BadWaitError("waiting.error.beyond", count=count, most=self.max_turns)
        return count


def chase_yacht_turn(rng: np.random.Generator, players: int) -> npt.NDArray[np.bool_]:
    """One turn for each player: three rolls, keeping the most common face (the highest of
    equally common ones).  Which players made a yacht."""
    import numpy as np

    dice = rng.integers(1, 7, size=(players, NUMBER_OF_DICE))
    for _ in range(2):
        counts = (dice[:, :, None] == np.array(FACES)).sum(axis=1)
        face = 6 - np.argmax(counts[:, ::-1], axis=1)  # most common; ties: the highest face
        fresh = rng.integers(1, 7, size=dice.shape)
        dice = np.where(dice == face[:, None], dice, fresh)
    same: npt.NDArray[np.bool_] = np.all(dice == dice[:, :1], axis=1)
    return same


def simulate_first_yacht(learners: int = 10_000, seed: int = 0, *,
                         max_turns: int = 1_000) -> WaitSimulation:
    """Each of ``learners`` chases a yacht turn after turn (numpy's ``default_rng(seed)``
    rolls the dice) until the first one, or ``max_turns`` turns."""
    import numpy as np

    count = turns(learners, "learners", 1, MOST_LEARNERS)
    limit = turns(max_turns, "max_turns", 1)
    rng = np.random.default_rng(check_seed(seed))
    waits = np.zeros(count, dtype=np.int64)
    waiting = np.arange(count)
    for turn in range(1, limit + 1):
        if not len(waiting):
            break
        made = chase_yacht_turn(rng, len(waiting))
        waits[waiting[made]] = turn
        waiting = waiting[~made]
    return WaitSimulation(seed, limit, waits)
