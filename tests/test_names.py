"""One word per idea (issue 20 item 2; docs/glossary.md, "Names in code"): every old name is gone.

Nothing was released, so a renamed name leaves no alias behind.  One scan of the package's source
finds no old name: no identifier ``goal`` or ``category`` (the function ``categories()`` keeps its
name), no ``MAX_ROLLS`` or ``MOST_ROLLS``, none of the other renamed names, and, for the names
that still mean something elsewhere (``shown``, ``State``, ``hand_chances``, ``scores``, ...), not
in the module, class or function they were renamed in.
"""

from __future__ import annotations

import ast
import inspect
import io
import tokenize
from collections.abc import Callable, Iterator
from pathlib import Path

from tests.helpers.grid import check_every
from tests.helpers.public_names import public_lists

PACKAGE = Path(__file__).resolve().parent.parent / "yacht_edu"
SOURCES = sorted(PACKAGE.rglob("*.py"))

#: Renamed names that are nowhere an identifier of the package any more (with every identifier
#: holding ``goal``, or ``categor`` but for ``categories``).
GONE = {
    "MAX_ROLLS", "MOST_ROLLS",  # roll limits, named by what they limit
    "chosen_upper_bonus",  # chosen_upper_bonus_rule
    "counts_of_each",  # the checked faces of a tally: checked_faces
    "DiceView", "ScorecardView", "ChancesPanel", "CoachPanel",  # factories: dice_view, ...
    # one meaning per name (issue 34 item 2): FUNCTION_SECONDS and EXERCISE_SECONDS;
    # InvalidAlikeError (how many alike dice, not points to reach)
    "TIME_LIMIT", "InvalidTargetError",
}

#: Old names that may mean something else elsewhere, gone from where they were renamed: by
#: module (its path in the package), each a name the module defines (``__all__`` and lazy names
#: too), ``Class.member`` or ``function.parameter``.
GONE_FROM = {
    "i18n.py": {"shown"},  # parameter_text
    "lessons/answers.py": {"shown"},  # answer_text
    "display/compare.py": {"shown"},  # cell_text
    # table_checksum; check_document; event_type (kind_of is how many alike dice of a box)
    "saved.py": {"checksum", "check", "kind_of"},
    # arrays_checksum; stamp (what a table file's header must say; expected is a final score)
    "solver/cache.py": {"checksum", "save.expected", "load.expected", "read.expected"},
    # check_turn_rolls; upper_bonus_rule (a rule set's own field since rules are data);
    # ScoreColumn (a box's 252 scores: warm.py's Table was a cache entry)
    "custom.py": {"check_rolls", "custom_rules.upper_bonus", "Table"},
    # check_asked_rolls; clear_probability_caches
    "probability/turn.py": {"check_rolls", "clear_caches"},
    "probability/one_roll.py": {"clear_caches"},  # clear_one_roll_caches
    "probability/__init__.py": {"clear_caches"},  # clear_probability_caches
    # hand_counts; boxes; upper_bonus_rule
    "rules.py": {"counts_of", "Rules.categories", "Rules.upper_bonus", "get_rules.options"},
    "widgets/state.py": {"State"},  # the board's view dictionary: ViewState
    "widgets/panels.py": {"State"},
    "solver/target.py": {"hand_chances"},  # hand_reach_chances (probability.turn's stays)
    "compare.py": {"RulesSummary.scores"},  # chance_to_score
    "solver/__init__.py": {"solve.options", "optimal_expected_score.options"},
    # one meaning per name (issue 34 item 2; the review's §3 table)
    # the class's PooledCounts (dice.Dice is five dice), ClassSnapshot (the widget is
    # ClassView), view_of (ye.class_view() is the widget), StoredEvent (a teacher-table Row)
    "classroom/view.py": {"Dice", "ClassView", "class_view", "Row"},
    "classroom/service.py": {"ClassView", "class_view", "warm"},  # ...; preload (not warm.warm)
    "display/classview.py": {"ClassView"},
    "classroom/store.py": {"Row"},
    "solver/warm.py": {"Table"},  # warm.Entry
    "probability/kind_chain.py": {"check_target"},  # check_alike (the solver's is points)
    "solver/objective.py": {"ReachTarget.expected"},  # optimal (expected: a final score)
    "probability/fairness.py": {"counts_of", "FairnessTest.expected"},  # face_counts; per_face
    "probability/tally.py": {"Tally.expected"},  # per_face
    "widgets/tally.py": {"DieTally.expected"},  # per_face

    "strategies.py": {"strategy_expected_score.options", "simulate.options", "compare.options"},
}


def identifiers(source: str) -> set[str]:
    """Every name in a source file (not its strings, comments or docstrings)."""
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    return {token.string for token in tokens if token.type == tokenize.NAME}


def definitions(body: list[ast.stmt], prefix: str = "") -> Iterator[str]:
    """The names a module's statements define: its own, ``Class.member``,
    ``function.parameter``, and those it exports by their strings (:func:`exported`)."""
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield prefix + node.name
            arguments = node.args
            for argument in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                             arguments.vararg, arguments.kwarg]:
                if argument is not None:
                    yield f"{prefix}{node.name}.{argument.arg}"
        elif isinstance(node, ast.ClassDef):
            yield prefix + node.name
            yield from definitions(node.body, f"{prefix}{node.name}.")
        elif isinstance(node, ast.Import | ast.ImportFrom):
            yield from (prefix + (alias.asname or alias.name.split(".")[0])
                        for alias in node.names)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            yield from (prefix + name.id for target in targets for name in ast.walk(target)
                        if isinstance(name, ast.Name))
            if not prefix and node.value is not None:
                yield from exported(node.value)
        elif isinstance(node, ast.If | ast.Try):
            yield from definitions([*node.body, *node.orelse], prefix)


def old_names(path: Path) -> set[str]:
    """The old names a source file holds as identifiers or defines."""
    source = path.read_text(encoding="utf-8")
    defined = set(definitions(ast.parse(source).body))
    names = identifiers(source) | {name.rsplit(".", 1)[-1] for name in defined}
    return ({name for name in names if "goal" in name.lower()
             or ("categor" in name.lower() and name != "categories") or name in GONE}
            | defined & GONE_FROM.get(path.relative_to(PACKAGE).as_posix(), set()))


def exported(value: ast.expr) -> list[str]:
    """The names in ``__all__`` (a list of strings) and in a table of names loaded on first use
    (a dict from names to the package's modules)."""
    if isinstance(value, ast.List):
        return [item.value for item in value.elts
                if isinstance(item, ast.Constant) and isinstance(item.value, str)]
    if isinstance(value, ast.Dict) and value.values and all(
            isinstance(module, ast.Constant) and str(module.value).startswith("yacht_edu.")
            for module in value.values):
        return [key.value for key in value.keys
                if isinstance(key, ast.Constant) and isinstance(key.value, str)]
    return []


def has_no_old_name(path: Path) -> None:
    found = old_names(path)
    assert not found, ", ".join(sorted(found))


def test_no_old_name_in_the_source() -> None:
    assert set(GONE_FROM) <= {path.relative_to(PACKAGE).as_posix() for path in SOURCES}
    check_every(SOURCES, has_no_old_name, name=lambda path: str(path.relative_to(PACKAGE)))


def test_the_scan_sees_what_a_module_defines() -> None:
    """The scan reads a name, a member, a parameter, a lazy name and an import as defined."""
    tree = ast.parse("import a.b\nfrom c import d as e\n_LAZY = {'f': 'yacht_edu.g'}\n"
                     "__all__ = ['h']\nKEYS = {'data': 'string'}\n"
                     "class C:\n    x: int\n    def m(self, *, p=1): ...\n"
                     "if T:\n    def f(q, **r): ...\n")
    assert set(definitions(tree.body)) == {"a", "e", "_LAZY", "f", "__all__", "h", "KEYS", "C",
                                           "C.x", "C.m", "C.m.self", "C.m.p", "f.q", "f.r"}


#: The most names the package's ``__all__`` lists may hold in all, the top level's 44 included
#: (issue 34 item 2: 806 in 96 lists before; ``python benchmarks/public_names.py`` prints the
#: count).  A new re-export breaks it: a name has one home, and callers import it from there.
MOST_PUBLIC_NAMES = 133


def test_each_name_has_one_home() -> None:
    """A name is in at most one ``__all__`` besides the top level's (``ye.*``, what a teacher's
    notebook calls): a subpackage's face or the module that defines it, never both."""
    homes: dict[str, list[str]] = {}
    for module, names in public_lists().items():
        assert len(names) == len(set(names)), module
        for name in names:
            if module != "__init__.py":
                homes.setdefault(name, []).append(module)
    assert {name: where for name, where in homes.items() if len(where) > 1} == {}


def test_the_public_names_stay_few() -> None:
    lists = public_lists()
    assert sum(len(names) for names in lists.values()) <= MOST_PUBLIC_NAMES
    assert "__init__.py" in lists and "solver/turn.py" not in lists  # a face, no re-exports


def test_the_one_home_check_sees_a_second_list(tmp_path: Path) -> None:
    """The check reads ``__all__`` as the package writes it, plain or annotated."""
    (tmp_path / "sub").mkdir()
    (tmp_path / "__init__.py").write_text("__all__ = ['a']\n", encoding="utf-8")
    (tmp_path / "one.py").write_text("x = 1\n__all__ = ['b', 'c']\n", encoding="utf-8")
    (tmp_path / "sub" / "two.py").write_text("__all__: list[str] = ['c']\n", encoding="utf-8")
    assert public_lists(tmp_path) == {"__init__.py": ["a"], "one.py": ["b", "c"],
                                      "sub/two.py": ["c"]}


def test_one_progress_type() -> None:
    """The board's panels read the solver's ``Progress`` (a factory of progress bars) for the type
    checker only: no second definition of it at run time."""
    from yacht_edu.solver import workers
    from yacht_edu.widgets import panels

    assert "Progress" in vars(workers) and "Progress" not in vars(panels)


def test_the_names_that_stay() -> None:
    import yacht_edu as ye
    from yacht_edu import rules, solver, strategies
    from yacht_edu.custom import custom_rules
    from yacht_edu.probability import turn
    from yacht_edu.solver import states
    from yacht_edu.widgets.board import GameView

    assert ye.categories() == rules.categories() == ye.get_rules().boxes  # the function stays
    assert rules.ROLLS == 3
    assert turn.hand_chances is not None  # the probability one keeps its name
    assert states.State._fields == ("filled", "upper", "fifty")  # the solver's State stays
    assert inspect.isclass(GameView)  # a real class, not a factory
    # a rule variant is passed as **variant
    with_variants: list[Callable[..., object]] = [
        rules.get_rules, solver.solve, solver.optimal_expected_score,
        strategies.strategy_expected_score, strategies.simulate, strategies.compare]
    for function in with_variants:
        variant = inspect.signature(function).parameters["variant"]
        assert variant.kind is inspect.Parameter.VAR_KEYWORD, function.__name__
    assert "upper_bonus_rule" in inspect.signature(custom_rules).parameters
    # one box is played for an aim
    with_aims: list[Callable[..., object]] = [turn.keep_values, turn.best_keep, turn.solution]
    for function in with_aims:
        assert inspect.signature(function).parameters["aim"].default == "chance"
