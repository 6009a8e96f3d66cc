"""The mathematics in a sentence, in the learner's language: the counting argument of one roll,
why the kind chain looks as it does, the result of a fairness test.

The mathematics (:mod:`yacht_edu.probability`) gives the numbers and asks for its sentence
(:func:`~yacht_edu.probability.one_roll.explain_one_roll`,
:func:`~yacht_edu.probability.kind_chain.explain_kind_chain`, a fairness test's ``str()``);
this face writes them, with :mod:`yacht_edu.display.numbers`, and imports no mathematics.

>>> one_roll_sentence("yacht", 6, lang="en")
'Of the 7776 ordered rolls of five dice, 6 score in Yacht: P = 6/7776 = 1/1296 ≈ 0.0008.'
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from yacht_edu.display.numbers import decimal, fraction, p_value, with_decimal
from yacht_edu.hands import ORDERED_ROLLS
from yacht_edu.i18n import box_name, digits, t

if TYPE_CHECKING:
    from sympy import Rational

    from yacht_edu.probability.fairness import FairnessTest

__all__ = ["fairness_summary", "kind_chain_sentence", "one_roll_sentence"]


def one_roll_sentence(box: str, count: int, lang: str | None = None) -> str:
    """The counting argument in one sentence, for a box that ``count`` of the 7,776 ordered
    rolls make score: the count out of 7,776, the chance in lowest terms and its decimal.

    >>> one_roll_sentence("choice", 7776, lang="en")
    'Of the 7776 ordered rolls of five dice, 7776 score in Choice: P = 7776/7776 = 1.'
    """
    chance = Fraction(count, ORDERED_ROLLS)
    counted = f"{digits(count, lang)}/{digits(ORDERED_ROLLS, lang)}"  # not in lowest terms
    worked = with_decimal(chance, lang=lang)
    written = worked if chance.denominator == ORDERED_ROLLS else f"{counted} = {worked}"
    return t("probability.explain_one_roll", lang, total=ORDERED_ROLLS, count=count,
             box=box_name(box, lang), fraction=written)


def kind_chain_sentence(target: int, stays: Sequence[Rational], expected: Rational,
                        lang: str | None = None) -> str:
    """Why the chain to ``target`` alike looks as it does, in the words a teacher would use at
    the board: ``stays``, the chances to stay with 1, 2, … alike (its diagonal), and
    ``expected``, the rolls it takes on average."""
    shown = ", ".join(f"{digits(k, lang)}: {fraction(stay, lang)}"
                      for k, stay in enumerate(stays, start=1))
    return t("probability.kind.why", lang, target=target, stays=shown,
             start_row=t("probability.kind.start", lang),
             expected=with_decimal(expected, lang=lang))


def fairness_summary(test: FairnessTest, lang: str | None = None) -> str:
    """A fairness test's result in a sentence (and that it means little with too few rolls).

    >>> from yacht_edu.probability.fairness import fairness
    >>> fairness_summary(fairness([8, 9, 12, 11, 6, 14]), "en")[:60]
    '60 rolls: chi-square = 4.20 with 5 degrees of freedom, p-val'
    """
    text = t("fairness.summary", lang, count=test.rolls,
             statistic=decimal(float(test.statistic), 2, lang), dof=test.degrees_of_freedom,
             p=p_value(test.p_value_float, lang), simulated=p_value(test.simulated_p_value, lang),
             simulations=test.simulations)
    if not test.reliable:
        text += " " + t("fairness.few_rolls", lang, least=test.least_rolls)
    return text
