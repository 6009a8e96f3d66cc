"""The optimal strategy: the best expected final score from every scorecard, for every rule set.

>>> result = optimal_expected_score("yacht")
>>> round(result.mean, 4), round(result.sd, 4)
(166.9551, 34.9816)
>>> exact = optimal_expected_score("yacht", exact=True).mean   # a sympy.Rational
>>> len(str(exact.p)), len(str(exact.q)), float(exact)          # digits of p/q, and p/q
(132, 130, 166.9550677045725)

How it works: read :mod:`~yacht_edu.solver.plain` first.  It is the whole idea in one screen, a
plain recursion over scorecards in exact fractions (:func:`~.plain.plain_expected_score`): a
scorecard is worth the average, over the turn's rolls, of the best keep after each roll and the
best box at the end — the points it adds now plus what the scorecard it leaves is worth.  It is
slow, for small games and the last turns of big ones.  The fast solver computes the same for every
scorecard at once, with measured optimisations (BENCHMARKS.md):

>>> from yacht_edu.solver.plain import plain_expected_score
>>> two_left = Scorecard.from_filled(dict.fromkeys(Scorecard.empty().open_boxes[:10], 0))
>>> two_left.open_boxes
('choice', 'yacht')
>>> round(float(plain_expected_score(two_left)), 6), round(solve().future(two_left)[0], 6)
(27.25981, 27.25981)

Each step of the fast solver is a module a learner can read:

- :mod:`~yacht_edu.solver.turn` — one turn, for many scorecards at once: roll the free dice one
  at a time, find the best keep inside each hand;
- :mod:`~yacht_edu.solver.states` — the scorecard states that matter, and what each box offers
  in each of them, read from the model (:mod:`yacht_edu.rules`, :mod:`yacht_edu.scorecard`);
- :mod:`~yacht_edu.solver.backward` — backward induction, from the full scorecard to the empty
  one, a layer of states at a time, in numpy (:mod:`~yacht_edu.solver.workers`: the one layer
  driver, shared out to processes);
- :mod:`~yacht_edu.solver.target` — the best chance to reach a target, by the same kernel;
- :mod:`~yacht_edu.solver.objective` — what a player maximises (the expected score, a target,
  a rule of thumb), and the code that picks a move for each, written once;
- :mod:`~yacht_edu.solver.play` — games played forwards: the one simulator and forward pass;
- :mod:`~yacht_edu.solver.exact` and :mod:`~yacht_edu.solver.distribution` — the same in
  exact integers for ``yacht`` and ``yacht_sum4``, and the exact chance of every final score;
  :mod:`~yacht_edu.solver.final_scores` — that chance in floats for every rule set, Yahtzee's
  included;
- :mod:`~yacht_edu.solver.decisions` — the choices of a player for every state and hand, in a
  table that :func:`~yacht_edu.solver.play.play_by_table` reads for a million games at once;
- :mod:`~yacht_edu.solver.compiled` — the solve's chunk compiled (native in the wheel, or numba);
- :mod:`~yacht_edu.solver.cache` — solved tables saved in the user's cache directory.

A full ``yahtzee`` solve takes seconds; pass ``progress=tqdm.auto.tqdm`` (or any factory with the
same ``total=``/``update``/``close``) to watch it.  Later calls load the saved table.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt

from yacht_edu.checks import check_switch, whole_number
from yacht_edu.errors import ArgumentTypeError, RuleDesignError
from yacht_edu.expected import Expected
from yacht_edu.i18n import Given
from yacht_edu.policies import Strategy, UnknownStrategyError, get_strategy
from yacht_edu.rules import Rules, RulesLike, get_rules
from yacht_edu.scorecard import Scorecard
from yacht_edu.solver import cache
from yacht_edu.solver.backward import OptimalTable, follow_plan, solve_layers
from yacht_edu.solver.decisions import decision_table
from yacht_edu.solver.distribution import ScoreDistribution, score_distribution_of
from yacht_edu.solver.exact import ExactSolution, solve_exact, turn_denominator
from yacht_edu.solver.final_scores import ScoreChances, final_score_chances
from yacht_edu.solver.objective import (
    ExpectedScore,
    Objective,
    ReachTarget,
    RuleOfThumb,
    choice_values,
    plan,
)
from yacht_edu.solver.play import play_by_table, play_forward, play_games
from yacht_edu.solver.ship import shipped_arrays
from yacht_edu.solver.states import StateSpace, box_rows, possible_scores
from yacht_edu.solver.target import (
    TARGET_RULES,
    BadTargetError,
    NotOfferedError,
    TargetTable,
    check_offered,
    check_target,
    solve_target,
)
from yacht_edu.solver.workers import Progress, check_progress, default_progress

__all__ = [
    "TARGET_RULES",
    "BadTargetError",
    "NotOfferedError",
    "Objective",
    "Progress",
    "ScoreDistribution",
    "TargetTable",
    "check_offered",
    "check_progress",
    "check_target",
    "choice_values",
    "decision_table",
    "default_progress",
    "evaluate",
    "objective_of",
    "optimal_expected_score",
    "optimal_score_distribution",
    "play_by_table",
    "play_forward",
    "play_games",
    "possible_scores",
    "solve",
    "solve_target",
]


#: The most threads :func:`solve` works with.
MOST_WORKERS = 64

_tables: dict[Rules, OptimalTable] = cache.memory()


def solve(rules: RulesLike = "yacht", *, progress: Progress | None = None,
          workers: int | None = None, use_cache: bool = True, **variant: object) -> OptimalTable:
    """The solved table of a rule set: from memory, from the cache directory, or solved now.

    ``solve("yahtzee", joker="free", progress=tqdm.auto.tqdm)``.  ``use_cache=False`` solves
    again and neither reads nor writes the cache directory.  ``workers``: threads (1 to
    :data:`MOST_WORKERS`; default: one per processor).
    """
    ruleset = get_rules(rules, **variant)
    check_switch(use_cache, "use_cache")
    check_progress(progress)
    if workers is not None and whole_number(workers) not in range(1, MOST_WORKERS + 1):
        raise ArgumentTypeError("solver.error.bad_workers", given=Given(workers),
                                most=MOST_WORKERS)
    space = StateSpace.of(ruleset)

    def solved() -> OptimalTable:
        check_size(space)
        mean, mean_square = solve_layers(space, box_rows(ruleset), progress=progress,
                                         workers=workers)
        return OptimalTable(ruleset, mean, mean_square)

    return cache.kept(
        _tables, ruleset, "float", solve=solved, use_cache=use_cache,
        layout=dict.fromkeys(("mean", "mean_square"), ((space.size,), np.float64)),
        read=lambda saved: OptimalTable(ruleset, saved["mean"], saved["mean_square"]),
        arrays=lambda table: {"mean": table.mean, "mean_square": table.mean_square},
        shipped=lambda: shipped_arrays(ruleset))  # the tables shipped in the package


#: The most scorecard states the solver takes on: twice Yahtzee's 2^13 × 64 × 2 (a Yahtzee
#: solve takes seconds and about a hundred megabytes; time and memory grow with the states).
MOST_STATES = 2 * 2**13 * 64 * 2


def check_size(space: StateSpace) -> None:
    """Refuse a rule set whose state space is too large to solve in reasonable time."""
    if space.size > MOST_STATES:
        raise RuleDesignError("custom.error.too_large", rules=space.rules.label(),
                              count=space.size, boxes=space.number_of_boxes, limit=MOST_STATES)


def solve_endgame(card: Scorecard, *, progress: Progress | None = None) -> OptimalTable:
    """Solve only the states that can follow ``card`` (quick when few boxes are open).

    Values of states that cannot follow ``card`` are ``nan``.  Nothing is cached.

    >>> last_turn = Scorecard.from_filled({"ones": 3, "twos": 8, "threes": 9, "fours": 12,
    ...     "fives": 15, "sixes": 18, "full_house": 0, "four_of_a_kind": 16,
    ...     "little_straight": 30, "big_straight": 0, "yacht": 0}, "yacht")
    >>> result = solve_endgame(last_turn).expected(last_turn)   # only Choice is left
    >>> round(result.mean - last_turn.total, 4)                # the best sum of 5 dice in 3 rolls
    23.3333
    """
    if not isinstance(card, Scorecard):
        raise ArgumentTypeError("solver.error.not_a_card", given=Given(card))
    space = StateSpace.of(card.rules)
    mean, mean_square = solve_layers(space, box_rows(card.rules),
                                     within=space.state_of(card).filled, progress=progress,
                                     workers=1)
    return OptimalTable(card.rules, mean, mean_square)


_exact: dict[Rules, ExactSolution] = cache.memory()
_distributions: dict[Rules, ScoreDistribution] = cache.memory()
_chances: dict[Rules, ScoreChances] = cache.memory()


def _policy(rules: Rules) -> tuple[str, ...]:
    """The names of the saved policy arrays: the box row, then each keep by the rolls still to
    come."""
    return ("box_row", *(f"keep_{r}_to_come" for r in range(1, rules.rolls)))


def exact_solution(rules: RulesLike = "yacht", *,
                   progress: Progress | None = None) -> ExactSolution:
    """The exact solve of ``yacht`` or ``yacht_sum4`` (kept in memory and in the cache)."""
    ruleset = get_rules(rules)
    space = StateSpace.of(ruleset)
    policy = _policy(ruleset)

    def read(saved: cache.Arrays) -> ExactSolution | None:
        mean, mean_square = (_decode(saved.get(name)) for name in ("mean", "mean_square"))
        if not len(mean) == len(mean_square) == space.size:
            return None
        return ExactSolution(ruleset, mean, mean_square, saved[policy[0]],
                             tuple(saved[name] for name in policy[1:]))

    def solved() -> ExactSolution:
        check_size(space)
        return solve_exact(ruleset, progress)

    def arrays(solution: ExactSolution) -> cache.Arrays:
        return {"mean": _encode(solution.mean), "mean_square": _encode(solution.mean_square),
                **dict(zip(policy, (solution.box_row, *solution.keeps), strict=True))}

    return cache.kept(_exact, ruleset, "exact", solve=solved, read=read, arrays=arrays,
                      layout=dict.fromkeys(policy, ((space.size, 252), np.int16)))


def _encode(numbers: npt.NDArray[Any]) -> npt.NDArray[np.uint8]:
    """Whole numbers as comma-separated hexadecimal text (numpy files refuse Python ints)."""
    text = ",".join(format(int(n), "x") for n in numbers)
    return np.frombuffer(text.encode("ascii"), dtype=np.uint8)


def _decode(encoded: npt.NDArray[Any] | None) -> npt.NDArray[Any]:
    if encoded is None or encoded.dtype != np.uint8:
        return np.zeros(0, dtype=object)
    try:
        numbers = [int(part, 16) for part in encoded.tobytes().decode("ascii").split(",")]
    except ValueError:
        return np.zeros(0, dtype=object)
    return np.array(numbers, dtype=object)


def optimal_expected_score(rules: RulesLike = "yacht", *, exact: bool = False,
                           progress: Progress | None = None, **variant: object) -> Expected:
    """The expected final score of optimal solitaire play from an empty scorecard, and its
    standard deviation.

    ``rules``: ``"yacht"``, ``"yacht_sum4"``, ``"yahtzee"`` or a :class:`~yacht_edu.rules.Rules`;
    ``variant`` as for :func:`~yacht_edu.rules.get_rules` (``joker=``, ``upper_first=``).
    ``exact=True`` (``yacht`` and ``yacht_sum4`` only) gives the mean and variance as
    ``sympy.Rational``.  ``progress``: a progress-bar factory such as ``tqdm.auto.tqdm``.
    """
    ruleset = get_rules(rules, **variant)
    if not check_switch(exact, "exact"):
        return solve(ruleset, progress=progress).expected()
    import sympy  # only the exact answers need it (a tenth of a second to import)

    solution = exact_solution(ruleset, progress=progress)
    denominator = solution.denominator(0)
    mean = sympy.Rational(solution.mean[0], denominator)
    variance = sympy.Rational(solution.mean_square[0], denominator) - mean**2
    return Expected(mean, math.sqrt(float(variance)), variance)


def optimal_score_chances(rules: RulesLike = "yahtzee", *, progress: Progress | None = None,
                          **variant: object) -> ScoreChances:
    """The chance of every final score under optimal play, as floats, for any rule set
    (:mod:`~yacht_edu.solver.final_scores`): Yahtzee's in seconds; its mean and standard
    deviation are the solve's.  Kept in memory for the session.

    >>> chances = optimal_score_chances("yacht")
    >>> round(chances.mean, 4), round(chances.sd, 4), round(chances.at_least(200), 4)
    (166.9551, 34.9816, 0.1668)
    """
    ruleset = get_rules(rules, **variant)
    table = solve(ruleset, progress=progress)
    with cache.lock:
        if ruleset not in _chances:
            decisions = decision_table(ExpectedScore(table))
            decisions.fill_all()
            _chances[ruleset] = final_score_chances(decisions, progress)
        return _chances[ruleset]


def optimal_score_distribution(rules: RulesLike = "yacht", *,
                               progress: Progress | None = None) -> ScoreDistribution:
    """The exact chance of every final score under optimal play (``yacht``, ``yacht_sum4``).

    Its mean and variance equal ``optimal_expected_score(rules, exact=True)``'s.
    """
    ruleset = get_rules(rules)
    solution = exact_solution(ruleset, progress=progress)

    def read(saved: cache.Arrays) -> ScoreDistribution | None:
        scores, chances = saved.get("scores"), _decode(saved.get("chances"))
        if scores is None or scores.dtype != np.int64 or len(scores) != len(chances):
            return None
        numerators = dict(zip(scores.tolist(), map(int, chances), strict=True))
        return ScoreDistribution(ruleset, numerators, turn_denominator(ruleset) ** ruleset.turns)

    def arrays(found: ScoreDistribution) -> cache.Arrays:
        return {"scores": np.array(list(found.numerators), dtype=np.int64),
                "chances": _encode(np.array(list(found.numerators.values()), dtype=object))}

    return cache.kept(_distributions, ruleset, "distribution", read=read, arrays=arrays,
                      solve=lambda: score_distribution_of(solution, progress))


# -- objectives ------------------------------------------------------------------------------


def objective_of(player: str | Strategy = "optimal", rules: RulesLike = "yacht", *,
                 target: int | None = None, progress: Progress | None = None) -> Objective:
    """What ``player`` maximises, its tables solved: ``"optimal"`` (the expected final score,
    or with ``target=T`` the chance of at least ``T`` points) or a rule of thumb (a strategy's
    name or a :class:`~yacht_edu.policies.Strategy`)."""
    ruleset = get_rules(rules)
    chosen = get_strategy(player)
    if target is not None:
        if not chosen.optimal:
            raise UnknownStrategyError("strategy.error.target_needs_optimal",
                                       name=Given(chosen.name))
        wanted = check_target(target)
        table = solve_target(ruleset, progress=progress)
        return ReachTarget(wanted, table, solve(ruleset))
    if chosen.optimal:
        return ExpectedScore(solve(ruleset, progress=progress))
    return RuleOfThumb(chosen, ruleset)


def evaluate(objective: Objective, *,
             progress: Progress | None = None) -> tuple[float, float]:
    """The points of a whole game played by ``objective`` from an empty scorecard: their mean and
    mean square, computed over every state (no simulation; the objective must choose by state
    alone, not by points: not a target)."""
    rules = objective.rules
    rows = box_rows(rules)

    def work(states: npt.NDArray[np.intp], mean: npt.NDArray[Any],
             mean_square: npt.NDArray[Any], filled: int) -> tuple[npt.NDArray[Any],
                                                                 npt.NDArray[Any]]:
        turn = plan(objective, states, np.zeros(len(states), dtype=np.int64))
        return follow_plan(rows, states, turn, mean, mean_square)

    mean, mean_square = solve_layers(StateSpace.of(rules), rows, progress=progress,
                                     solve_chunk=work)
    return float(mean[0]), float(mean_square[0])
