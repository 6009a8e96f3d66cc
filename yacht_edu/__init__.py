"""yacht_edu: teach probability with the dice games Yacht and Yahtzee, in JupyterLab.

>>> from yacht_edu import score, categories
>>> score([2, 3, 4, 5, 6], "big_straight")
30
>>> len(categories("yahtzee"))
13
"""

from importlib.metadata import PackageNotFoundError, version

from yacht_edu.dice import Dice, keeps, multisets, reroll_chances
from yacht_edu.errors import (
    BadSavedGameError,
    CategoryUsedError,
    GameOverError,
    InvalidDiceError,
    InvalidKeepError,
    JokerRuleError,
    NoRollsLeftError,
    NotRolledYetError,
    RuleError,
    UnknownCategoryError,
    UnknownRulesError,
    UpperSectionFirstError,
)
from yacht_edu.game import Game
from yacht_edu.i18n import LANGUAGES, UnknownLanguageError, get_language, set_language
from yacht_edu.rules import Rules, categories, get_rules, score
from yacht_edu.scorecard import Option, Scorecard

# The mathematics and the faces load on first use: sympy, numpy and ipywidgets take a moment to
# import, and the model must work without the ``lab`` extra.
_LAZY = {
    "p_one_roll": "yacht_edu.probability",
    "expected_one_roll": "yacht_edu.probability",
    "one_roll_distribution": "yacht_edu.probability",
    "score_distribution": "yacht_edu.probability",
    "p_within": "yacht_edu.probability",
    "best_expected": "yacht_edu.probability",
    "chances": "yacht_edu.probability",
    "teacher_table": "yacht_edu.probability",
    "optimal_expected_score": "yacht_edu.solver",
    "optimal_score_distribution": "yacht_edu.solver",
    "simulate": "yacht_edu.strategies",
    "strategy_expected_score": "yacht_edu.strategies",
    "advise": "yacht_edu.coach",
    "analyse": "yacht_edu.coach",
    "play": "yacht_edu.widgets",
    "reach_probability": "yacht_edu.goal",
    "fairness": "yacht_edu.probability.fairness",
    "tally": "yacht_edu.widgets.tally",
    "DieTally": "yacht_edu.widgets.tally",
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'yacht_edu' has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(module), name)


def __dir__() -> list[str]:
    return sorted(__all__)


try:
    __version__ = version("yacht_edu")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0+unknown"

__all__ = [
    "LANGUAGES",
    "BadSavedGameError",
    "CategoryUsedError",
    "Dice",
    "DieTally",
    "Game",
    "GameOverError",
    "InvalidDiceError",
    "InvalidKeepError",
    "JokerRuleError",
    "NoRollsLeftError",
    "NotRolledYetError",
    "Option",
    "RuleError",
    "Rules",
    "Scorecard",
    "UnknownCategoryError",
    "UnknownLanguageError",
    "UnknownRulesError",
    "UpperSectionFirstError",
    "__version__",
    "advise",
    "analyse",
    "best_expected",
    "categories",
    "chances",
    "expected_one_roll",
    "fairness",
    "get_language",
    "get_rules",
    "keeps",
    "multisets",
    "one_roll_distribution",
    "optimal_expected_score",
    "optimal_score_distribution",
    "p_one_roll",
    "p_within",
    "play",
    "reach_probability",
    "reroll_chances",
    "score",
    "score_distribution",
    "set_language",
    "simulate",
    "strategy_expected_score",
    "tally",
    "teacher_table",
]
