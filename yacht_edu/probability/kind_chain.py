"""The "how many alike" chain a teacher draws on the board, and its closed form in ``n`` rolls.

Keep the dice of the face you have most of and roll the others.  What matters is only *how many*
dice are alike: the states are 0 (before the first roll), 1, 2, … up to the target, which is
never left.  The count never goes down, so the matrix is upper triangular; its diagonal holds the
chances to stay, which are its eigenvalues; being distinct, they diagonalise it, and
P(made within n rolls) is 1 minus a signed, weighted sum of their n-th powers.

>>> p_kind_within(5)
265*(25/36)**n/78 + 11*(5/54)**n/1248 - 105*(5/6)**n/32 - 9*(5/9)**n/8 + 1
>>> p_kind_within(5).subs(n, 3)
347897/7558272
>>> kind_limit(5), expected_rolls_to_kind(5)
(1, 191283/17248)
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter

from sympy import Expr, ImmutableMatrix, Matrix, Rational, Symbol, diag, expand, eye, limit, oo

from yacht_edu.checks import whole_number
from yacht_edu.dice import FACES, NUMBER_OF_DICE
from yacht_edu.errors import ArgumentTypeError
from yacht_edu.hands import HANDS
from yacht_edu.i18n import Given, t
from yacht_edu.probability.errors import InvalidTargetError
from yacht_edu.rules import RulesLike, get_rules
from yacht_edu.shown import shown_by

__all__ = [
    "expected_rolls_to_kind",
    "explain_kind_chain",
    "kind_chain",
    "kind_limit",
    "kind_of",
    "kind_state_labels",
    "n",
    "p_kind_within",
]

#: The number of rolls in the closed forms.
n = Symbol("n", positive=True, integer=True)

def kind_of(box: str, rules: RulesLike = "yacht") -> int | None:
    """How many alike dice ``box`` asks for — it scores exactly when at least that many dice
    show one face —, or None if it is not an "of a kind" box.

    >>> kind_of("yacht"), kind_of("four_of_a_kind"), kind_of("three_of_a_kind", "yahtzee")
    (5, 4, 3)
    >>> kind_of("full_house") is None                    # three alike, but also a pair
    True
    """
    if not isinstance(box, str):
        raise ArgumentTypeError("error.not_text", name="box", example='"yacht"',
                                given=Given(box))
    ruleset = get_rules(rules)
    column = ruleset.boxes.index(ruleset.check_box(box))
    scoring = [row[column] > 0 for row in ruleset.score_table]
    return next((alike for alike in range(NUMBER_OF_DICE, 1, -1)
                 if scoring == [most_alike(hand) >= alike for hand in HANDS]), None)


def most_alike(hand: tuple[int, ...]) -> int:
    """How many dice of the hand show its most common face."""
    return max(hand.count(face) for face in FACES)


def check_target(target: object) -> int:
    number = whole_number(target)
    if number is None or not 2 <= number <= NUMBER_OF_DICE:
        raise InvalidTargetError(target=Given(target))
    return number


def most_alike_after(alike: int, thrown: tuple[int, ...]) -> int:
    """The most alike dice after keeping ``alike`` dice of one face (face 1, say) and throwing."""
    counts = Counter(thrown)
    same = alike + counts.pop(1, 0) if alike else 0
    return max([same, *counts.values()])


@functools.lru_cache(maxsize=8)  # targets 2 to 5
def _chain(target: int) -> ImmutableMatrix:
    states = target + 1
    rows = []
    for alike in range(states):
        row = [Rational(0)] * states
        if alike == target:
            row[target] = Rational(1)
        else:
            thrown_dice = NUMBER_OF_DICE - alike
            for thrown in itertools.product(FACES, repeat=thrown_dice):
                row[min(most_alike_after(alike, thrown), target)] += Rational(1, 6**thrown_dice)
        rows.append(row)
    return ImmutableMatrix(rows)


def kind_chain(target: int = 5) -> Matrix:
    """The transition matrix of the chain: row = alike dice now, column = after the next roll.

    State 0 is "before the first roll"; ``target`` means "``target`` or more alike", and stays.

    >>> kind_chain(3)
    Matrix([
    [0, 5/54, 25/36, 23/108],
    [0, 5/54, 25/36, 23/108],
    [0,    0,   5/9,    4/9],
    [0,    0,     0,      1]])
    """
    return Matrix(_chain(check_target(target)))


def kind_state_labels(target: int = 5, lang: str | None = None) -> list[str]:
    """The names of the states, for the rows and columns of :func:`kind_chain`."""
    check_target(target)
    labels = [t("probability.kind.start", lang)]
    labels += [t("probability.kind.alike", lang, count=k) for k in range(1, target)]
    last = "probability.kind.alike" if target == NUMBER_OF_DICE else "probability.kind.at_least"
    return [*labels, t(last, lang, count=target)]


@functools.lru_cache(maxsize=8)  # targets 2 to 5
def _p_within(target: int) -> Expr:
    chain = _chain(target)
    vectors, diagonal = Matrix(chain).diagonalize()
    powers = diag(*[diagonal[i, i] ** n for i in range(diagonal.rows)])
    return expand((vectors * powers * vectors.inv())[0, target])


def p_kind_within(target: int = 5) -> Expr:
    """The chance to have ``target`` (or more) alike within ``n`` rolls, keeping the most alike.

    An expression in the symbol :data:`n`; ``.subs(n, 3)`` gives three rolls.

    >>> p_kind_within(4).subs(n, 1)
    13/648
    """
    return _p_within(check_target(target))


def kind_limit(target: int = 5) -> Expr:
    """The limit of :func:`p_kind_within` as ``n`` grows without end (it is 1: keep rolling)."""
    return limit(p_kind_within(target), n, oo)


@functools.lru_cache(maxsize=8)  # targets 2 to 5
def _expected_rolls(target: int) -> Rational:
    transient = _chain(target)[:target, :target]
    visits = (eye(target) - transient).inv()  # the fundamental matrix (I - Q)^-1
    return Rational(sum(visits[0, :]))


def expected_rolls_to_kind(target: int = 5) -> Rational:
    """How many rolls it takes on average to get ``target`` alike, keeping the most alike.

    Each visit to a state short of the target costs one roll, so this is the sum of the start's
    row of the fundamental matrix (I - Q)^-1.
    """
    return _expected_rolls(check_target(target))


def explain_kind_chain(target: int = 5, lang: str | None = None) -> str:
    """Why the chain looks as it does, in the words a teacher would use at the board: the
    chances to stay on its diagonal and the rolls it takes on average (written by
    :func:`yacht_edu.display.explain.kind_chain_sentence`)."""
    chain = kind_chain(target)
    stays = [chain[k, k] for k in range(1, target)]
    return shown_by(target, "yacht_edu.display.explain", "kind_chain_sentence", stays,
                    expected_rolls_to_kind(target), lang)
