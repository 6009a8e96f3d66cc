"""The mathematics in a sentence, in the learner's language: the counting argument of one roll,
why the kind chain looks as it does, the result of a fairness test.

The mathematics (:mod:`yacht_edu.probability`) gives the numbers; this face writes them, with
:mod:`yacht_edu.display.numbers`.

>>> explain_one_roll("yacht", lang="en")
'Of the 7776 ordered rolls of five dice, 6 score in Yacht: P = 6/7776 = 1/1296 ≈ 0.0008.'
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from yacht_edu.display.numbers import decimal, fraction, p_value, with_decimal
from yacht_edu.hands import FACES, ORDERED_ROLLS
from yacht_edu.i18n import box_name, digits, t
from yacht_edu.probability.fairness import LEAST_EXPECTED
from yacht_edu.probability.kind_chain import expected_rolls_to_kind, kind_chain
from yacht_edu.probability.one_roll import count_one_roll
from yacht_edu.rules import RulesLike

if TYPE_CHECKING:
    from yacht_edu.probability.fairness import FairnessTest


def explain_one_roll(box: str, rules: RulesLike = "yacht", lang: str | None = None) -> str:
    """The counting argument in one sentence: the count out of 7,776, the chance in lowest
    terms and its decimal.

    >>> explain_one_roll("choice", lang="en")
    'Of the 7776 ordered rolls of five dice, 7776 score in Choice: P = 7776/7776 = 1.'
    """
    count = count_one_roll(box, rules)
    chance = Fraction(count, ORDERED_ROLLS)
    counted = f"{digits(count, lang)}/{digits(ORDERED_ROLLS, lang)}"  # not in lowest terms
    worked = with_decimal(chance, lang=lang)
    written = worked if chance.denominator == ORDERED_ROLLS else f"{counted} = {worked}"
    return t("probability.explain_one_roll", lang, total=ORDERED_ROLLS, count=count,
             box=box_name(box, lang), fraction=written)


def explain_kind_chain(target: int = 5, lang: str | None = None) -> str:
    """Why the chain looks as it does, in the words a teacher would use at the board."""
    chain = kind_chain(target)
    stays = ", ".join(f"{digits(k, lang)}: {fraction(chain[k, k], lang)}"
                      for k in range(1, target))
    return t("probability.kind.why", lang, target=target, stays=stays,
             start_row=t("probability.kind.start", lang),
             expected=with_decimal(expected_rolls_to_kind(target), lang=lang))


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
        text += " " + t("fairness.few_rolls", lang, least=LEAST_EXPECTED * len(FACES))
    return text
