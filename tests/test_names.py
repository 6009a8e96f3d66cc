"""One word per idea (issue 20 item 2; docs/glossary.md, "Names in code"): every old name is gone.

Nothing was released, so a renamed name leaves no alias behind: for each rename the old
attribute, field or parameter is absent and the new one is there.  A scan of the package's
source finds no identifier ``goal`` or ``category`` (the function ``categories()`` keeps its
name) and no ``MAX_ROLLS`` or ``MOST_ROLLS``.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import io
import re
import tokenize
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "yacht_edu"

#: (module, old name, new name) for every module-level rename.
RENAMED = [
    # a box, not a category
    ("yacht_edu", "UnknownCategoryError", "UnknownBoxError"),
    ("yacht_edu", "CategoryUsedError", "BoxUsedError"),
    ("yacht_edu.errors", "UnknownCategoryError", "UnknownBoxError"),
    ("yacht_edu.errors", "CategoryUsedError", "BoxUsedError"),
    ("yacht_edu.i18n", "CategoryName", "BoxName"),
    ("yacht_edu.i18n", "CategoryNames", "BoxNames"),
    ("yacht_edu.i18n", "CATEGORY_PREFIX", "BOX_PREFIX"),
    # what one box is played for: an aim, not a goal
    ("yacht_edu.probability.turn", "Goal", "Aim"),
    ("yacht_edu.probability.turn", "GOALS", "AIMS"),
    ("yacht_edu.probability.errors", "UnknownGoalError", "UnknownAimError"),
    ("yacht_edu.probability", "UnknownGoalError", "UnknownAimError"),
    # roll limits, named by what they limit
    ("yacht_edu.custom", "MOST_ROLLS", "MOST_TURN_ROLLS"),
    ("yacht_edu.probability.turn", "MAX_ROLLS", "MOST_ASKED_ROLLS"),
    ("yacht_edu.probability.fairness", "MOST_ROLLS", "MOST_TALLIED_ROLLS"),
    # the upper bonus's rule
    ("yacht_edu.custom", "chosen_upper_bonus", "chosen_upper_bonus_rule"),
    # the board's view dictionary
    ("yacht_edu.widgets.state", "State", "ViewState"),
    ("yacht_edu.widgets.panels", "State", "ViewState"),
    # the checked faces of a tally
    ("yacht_edu.probability.tally", "counts_of_each", "checked_faces"),
    # one name, one function
    ("yacht_edu.i18n", "shown", "parameter_text"),
    ("yacht_edu.lessons.answers", "shown", "answer_text"),
    ("yacht_edu.display.compare", "shown", "cell_text"),
    ("yacht_edu.saved", "checksum", "table_checksum"),
    ("yacht_edu.solver.cache", "checksum", "arrays_checksum"),
    ("yacht_edu.solver.target", "hand_chances", "hand_reach_chances"),
    ("yacht_edu.custom", "check_rolls", "check_turn_rolls"),
    ("yacht_edu.probability.turn", "check_rolls", "check_asked_rolls"),
    ("yacht_edu.dice", "clear_caches", "clear_dice_caches"),
    ("yacht_edu.probability.one_roll", "clear_caches", "clear_one_roll_caches"),
    ("yacht_edu.probability.turn", "clear_caches", "clear_probability_caches"),
    ("yacht_edu.probability", "clear_caches", "clear_probability_caches"),
    ("yacht_edu.rules", "counts_of", "hand_counts"),
    ("yacht_edu.probability.fairness", "counts_of", "face_counts"),
    # factories named as functions
    ("yacht_edu.widgets", "DiceView", "dice_view"),
    ("yacht_edu.widgets", "ScorecardView", "scorecard_view"),
    ("yacht_edu.widgets", "ChancesPanel", "chances_panel"),
    ("yacht_edu.widgets", "CoachPanel", "coach_panel"),
]


@pytest.mark.parametrize(("module", "old", "new"), RENAMED)
def test_the_old_name_is_gone_and_the_new_one_is_there(module: str, old: str, new: str) -> None:
    loaded = importlib.import_module(module)
    assert not hasattr(loaded, old)
    assert hasattr(loaded, new)
    assert old not in getattr(loaded, "__all__", ())


def test_the_names_that_stay() -> None:
    import yacht_edu as ye
    from yacht_edu import rules
    from yacht_edu.probability import turn
    from yacht_edu.solver import states
    from yacht_edu.widgets import GameView

    assert ye.categories() == rules.categories() == ye.get_rules().boxes  # the function stays
    assert rules.ROLLS == 3
    assert turn.hand_chances is not None  # the probability one keeps its name
    assert states.State._fields == ("filled", "upper", "fifty")  # the solver's State stays
    assert inspect.isclass(GameView)  # a real class, not a factory


def instances() -> Iterator[tuple[object, str, str]]:
    """(an object, its old attribute, its new attribute) for renamed attributes."""
    from yacht_edu import Game, Scorecard, get_rules

    rules = get_rules("yahtzee")
    yield rules, "categories", "boxes"
    yield rules, "check_category", "check_box"
    card = Scorecard.empty(rules)
    yield card, "open_categories", "open_boxes"
    yield card.option((1, 2, 3, 4, 5), "chance"), "category", "box"
    game = Game(seed=1)
    game.roll()
    game.score("choice")
    yield game.events[-1], "category", "box"


@pytest.mark.parametrize(("value", "old", "new"), list(instances()))
def test_renamed_attributes(value: object, old: str, new: str) -> None:
    assert not hasattr(value, old)
    assert hasattr(value, new)


def field_names(cls: Any) -> set[str]:
    if dataclasses.is_dataclass(cls):
        return {field.name for field in dataclasses.fields(cls)}
    return set(cls._fields)  # a NamedTuple


def classes() -> Iterator[tuple[Any, str, str]]:
    """(a class, its old field, its new field) for renamed fields."""
    from yacht_edu.compare import RulesSummary
    from yacht_edu.events import ScoreEvent
    from yacht_edu.probability.table import Row
    from yacht_edu.probability.turn import Solution
    from yacht_edu.rules import Rules
    from yacht_edu.scorecard import Option

    yield Option, "category", "box"
    yield ScoreEvent, "category", "box"
    yield Row, "category", "box"
    yield Solution, "category", "box"
    yield Solution, "goal", "aim"
    yield Rules, "upper_bonus", "upper_bonus_rule"  # a rule set's own field since rules are data
    yield RulesSummary, "scores", "chance_to_score"


@pytest.mark.parametrize(("cls", "old", "new"), list(classes()))
def test_renamed_fields(cls: Any, old: str, new: str) -> None:
    assert old not in field_names(cls)
    assert new in field_names(cls)


def package_modules() -> Iterator[ModuleType]:
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__main__":
            continue
        yield importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))


def package_callables() -> Iterator[tuple[str, Callable[..., Any]]]:
    """Every function and method defined in the package, by its qualified name."""
    for module in package_modules():
        for name, value in vars(module).items():
            if getattr(value, "__module__", None) != module.__name__:
                continue
            if inspect.isfunction(value):
                yield f"{module.__name__}.{name}", value
            elif inspect.isclass(value):
                for method_name, method in vars(value).items():
                    function = getattr(method, "__func__", method)
                    if inspect.isfunction(function):
                        yield f"{module.__name__}.{name}.{method_name}", function


def test_no_parameter_keeps_an_old_name() -> None:
    old = {"category", "goal"}
    wrong = [(name, parameter) for name, function in package_callables()
             for parameter in inspect.signature(function).parameters if parameter in old]
    assert not wrong


@pytest.mark.parametrize(("module", "name"), [
    ("yacht_edu.rules", "get_rules"),
    ("yacht_edu.solver", "solve"),
    ("yacht_edu.solver", "optimal_expected_score"),
    ("yacht_edu.strategies", "strategy_expected_score"),
    ("yacht_edu.strategies", "simulate"),
    ("yacht_edu.strategies", "compare"),
])
def test_a_rule_variant_is_passed_as_variant(module: str, name: str) -> None:
    parameters = inspect.signature(getattr(importlib.import_module(module), name)).parameters
    assert "variant" in parameters and "options" not in parameters
    assert parameters["variant"].kind is inspect.Parameter.VAR_KEYWORD


def test_the_upper_bonus_rule_is_upper_bonus_rule() -> None:
    from yacht_edu.custom import custom_rules

    parameters = inspect.signature(custom_rules).parameters
    assert "upper_bonus_rule" in parameters and "upper_bonus" not in parameters


@pytest.mark.parametrize("name", ["keep_values", "best_keep", "solution"])
def test_one_box_is_played_for_an_aim(name: str) -> None:
    from yacht_edu.probability import turn

    parameters = inspect.signature(getattr(turn, name)).parameters
    assert parameters["aim"].default == "chance" and "goal" not in parameters


def identifiers(path: Path) -> set[str]:
    """Every name in a source file (not its strings, comments or docstrings)."""
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    return {token.string for token in tokens if token.type == tokenize.NAME}


SOURCES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=[str(p.relative_to(PACKAGE)) for p in SOURCES])
def test_no_old_identifier_in_the_source(path: Path) -> None:
    names = identifiers(path)
    assert not {name for name in names if "goal" in name.lower()}
    assert not {name for name in names if "categor" in name.lower()} - {"categories"}
    assert not re.search(r"\b(MAX_ROLLS|MOST_ROLLS)\b", path.read_text(encoding="utf-8"))
