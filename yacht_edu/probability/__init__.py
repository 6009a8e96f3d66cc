"""Exact probabilities of Yacht and Yahtzee, as fractions a learner can check on the board.

- :mod:`~yacht_edu.probability.one_roll` — one roll of five dice: count the 7,776 ordered rolls
  (:func:`p_one_roll`, :func:`expected_one_roll`, :func:`one_roll_distribution`,
  :func:`~.one_roll.score_variable` for ``sympy.stats``);
- :mod:`~yacht_edu.probability.turn` — a whole turn as a Markov chain over the 252 hands, worked
  backward over the rolls left (:func:`p_within`, :func:`best_expected`, :func:`chances`,
  :func:`keep_values`, :func:`simulate_turns`);
- :mod:`~yacht_edu.probability.kind_chain` — the small "how many alike" chain and its closed
  form in the number of rolls ``n`` (:func:`kind_chain`, :func:`p_kind_within`);
- :mod:`~yacht_edu.probability.table` — :func:`teacher_table`, every box at a glance.

Every answer is a ``sympy.Rational``, never a float; the faces write it for a learner
(:func:`yacht_edu.display.with_decimal`: a fraction with its decimal; the sentences of
:mod:`yacht_edu.display.explain`).

>>> from yacht_edu.probability import p_one_roll, p_within
>>> p_one_roll("yacht"), p_within("yacht", rolls=3)
(1/1296, 347897/7558272)
"""

from yacht_edu.probability.kind_chain import (
    expected_rolls_to_kind,
    kind_chain,
    kind_limit,
    kind_of,
    kind_state_labels,
    n,
    p_kind_within,
)
from yacht_edu.probability.one_roll import (
    Distribution,
    count_one_roll,
    expected_one_roll,
    one_roll_distribution,
    p_one_roll,
)
from yacht_edu.probability.table import teacher_table
from yacht_edu.probability.turn import (
    best_expected,
    best_keep,
    chances,
    keep_values,
    p_within,
    simulate_turns,
)

__all__ = [
    "Distribution",
    "best_expected",
    "best_keep",
    "chances",
    "count_one_roll",
    "expected_one_roll",
    "expected_rolls_to_kind",
    "keep_values",
    "kind_chain",
    "kind_limit",
    "kind_of",
    "kind_state_labels",
    "n",
    "one_roll_distribution",
    "p_kind_within",
    "p_one_roll",
    "p_within",
    "simulate_turns",
    "teacher_table",
]
