"""yacht_edu: teach probability with the dice games Yacht and Yahtzee, in JupyterLab.

>>> from yacht_edu import score, categories
>>> score([2, 3, 4, 5, 6], "big_straight")
30
>>> len(categories("yahtzee"))
13
"""

from importlib import import_module
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING

from yacht_edu.custom import custom_rules
from yacht_edu.dice import Dice, multisets
from yacht_edu.errors import (
    BadSavedGameError,
    BoxUsedError,
    GameOverError,
    InvalidDiceError,
    InvalidKeepError,
    JokerRuleError,
    NoRollsLeftError,
    NotRolledYetError,
    RuleDesignError,
    RuleError,
    UnknownBoxError,
    UnknownRulesError,
    UpperSectionFirstError,
)
from yacht_edu.game import Game
from yacht_edu.i18n import LANGUAGES, UnknownLanguageError, get_language, set_language
from yacht_edu.lite import in_browser, missing_library, show_missing_libraries
from yacht_edu.rules import Rules, categories, get_rules, score
from yacht_edu.scorecard import Scorecard

if TYPE_CHECKING:  # what a type checker reads; at run time these load on first use (below)
    from yacht_edu.coach import advise, analyse
    from yacht_edu.compare import compare_rules
    from yacht_edu.luck import luck_and_skill
    from yacht_edu.probability import expected_one_roll, p_one_roll, p_within, teacher_table
    from yacht_edu.probability.fairness import fairness
    from yacht_edu.reach import reach_probability
    from yacht_edu.solver import optimal_expected_score, optimal_score_distribution
    from yacht_edu.strategies import simulate
    from yacht_edu.widgets import play
    from yacht_edu.widgets.classview import class_view
    from yacht_edu.widgets.tally import DieTally, tally

# The mathematics and the faces load on first use: sympy, numpy and ipywidgets take a moment to
# import, and the model must work without the ``lab`` extra.
_LAZY = {
    "p_one_roll": "yacht_edu.probability",
    "expected_one_roll": "yacht_edu.probability",
    "p_within": "yacht_edu.probability",
    "teacher_table": "yacht_edu.probability",
    "optimal_expected_score": "yacht_edu.solver",
    "optimal_score_distribution": "yacht_edu.solver",
    "advise": "yacht_edu.coach",
    "analyse": "yacht_edu.coach",
    "luck_and_skill": "yacht_edu.luck",
    "compare_rules": "yacht_edu.compare",
    "play": "yacht_edu.widgets",
    "reach_probability": "yacht_edu.reach",
    "simulate": "yacht_edu.strategies",
    "fairness": "yacht_edu.probability.fairness",
    "tally": "yacht_edu.widgets.tally",
    "DieTally": "yacht_edu.widgets.tally",
    "class_view": "yacht_edu.widgets.classview",
}

#: Where numpy is missing (the browser edition), what answers instead, for the built-in rule sets.
_WITHOUT_NUMPY = {"optimal_expected_score": "yacht_edu.shipped"}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        try:
            module = import_module(_LAZY[name])
        except ModuleNotFoundError as error:  # numpy or matplotlib missing: say what to do
            needs = missing_library(error)
            if needs is not None and name in _WITHOUT_NUMPY:  # the tables shipped can answer
                return getattr(import_module(_WITHOUT_NUMPY[name]), name)
            raise needs or error from None
        return getattr(module, name)
    raise AttributeError(f"module 'yacht_edu' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)


if in_browser():  # the browser edition: a cell needing numpy or matplotlib says so
    show_missing_libraries()

try:
    __version__ = version("yacht_edu")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0+unknown"

__all__ = [
    "LANGUAGES",
    "BadSavedGameError",
    "BoxUsedError",
    "Dice",
    "DieTally",
    "Game",
    "GameOverError",
    "InvalidDiceError",
    "InvalidKeepError",
    "JokerRuleError",
    "NoRollsLeftError",
    "NotRolledYetError",
    "RuleDesignError",
    "RuleError",
    "Rules",
    "Scorecard",
    "UnknownBoxError",
    "UnknownLanguageError",
    "UnknownRulesError",
    "UpperSectionFirstError",
    "__version__",
    "advise",
    "analyse",
    "categories",
    "class_view",
    "compare_rules",
    "custom_rules",
    "expected_one_roll",
    "fairness",
    "get_language",
    "get_rules",
    "luck_and_skill",
    "multisets",
    "optimal_expected_score",
    "optimal_score_distribution",
    "p_one_roll",
    "p_within",
    "play",
    "reach_probability",
    "score",
    "set_language",
    "simulate",
    "tally",
    "teacher_table",
]
