"""The package where numpy is missing (the browser edition's Python): the modules of
``yacht_edu.lite.NUMPY_FREE`` import, a game plays, the exact chances are exact, the coach of the
three built-in rule sets answers from the shipped tables exactly as the numpy coach does, and what
needs numpy says so in the learner's language."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import venv
from pathlib import Path
from typing import TypedDict

import pytest

from tests.test_shipped import sampled_cards
from yacht_edu.coach import advise
from yacht_edu.i18n import t
from yacht_edu.lite import NUMPY_FREE

ROOT = Path(__file__).resolve().parents[1]

#: Put before a script: numpy, matplotlib and scipy cannot be imported (as where none is).
BLOCKED = textwrap.dedent("""
    import sys

    class NoNumpy:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ("numpy", "matplotlib", "scipy"):
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, NoNumpy())
""")


def run_python(python: str, script: str, *, blocked: bool) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([python, "-c", (BLOCKED if blocked else "") + script], env=env,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_the_numpy_free_modules_import_without_numpy() -> None:
    found = run_python(sys.executable, textwrap.dedent(f"""
        import importlib, json
        for name in {list(NUMPY_FREE)!r}:
            importlib.import_module(name)
        print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in
                                ("numpy", "matplotlib"))))
    """), blocked=True)
    assert json.loads(found) == []


def test_what_needs_numpy_says_so_in_the_learners_language() -> None:
    said = run_python(sys.executable, textwrap.dedent("""
        import yacht_edu as ye
        ye.set_language("kn")
        for name in ("simulate", "optimal_score_distribution"):
            try:
                getattr(ye, name)
            except ye.errors.NeedsLibraryError as error:
                print(error.name, str(error))
        try:
            ye.advise([1, 2, 3, 4, 6], 2, rules=ye.get_rules("yahtzee", joker="free"))
        except ModuleNotFoundError as error:
            print(error.name, str(error))
    """), blocked=True).splitlines()
    assert said == [f"numpy {t('lite.error.needs_library', 'kn', library='numpy')}"] * 2 + [
        "numpy " + t("lite.error.coach_rules", "kn", library="numpy",
                     rules=ye_rules_given("yahtzee", joker="free"))]


def ye_rules_given(name: str, **variant: object) -> object:
    from yacht_edu.i18n import Given
    from yacht_edu.rules import get_rules

    return Given(get_rules(name, **variant))


@pytest.fixture(scope="module")
def python_without_numpy(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A venv of its own with the package's pure dependencies and the widgets, no numpy."""
    folder = tmp_path_factory.mktemp("no-numpy") / "venv"
    venv.create(folder, with_pip=True)
    python = str(folder / "bin" / "python")
    subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    "sympy", "anywidget", "ipywidgets"], check=True, timeout=900)
    run_python(python, "import importlib.util as u; assert u.find_spec('numpy') is None",
               blocked=False)
    return python


class Moment(TypedDict):
    rules: str
    dice: list[int]
    rolls_left: int
    filled: dict[str, int]
    bonuses: int


def situations() -> list[Moment]:
    """Moments of all three rule sets, a few rolls left each (0, 1 or 2)."""
    found: list[Moment] = []
    for name in ("yacht", "yacht_sum4", "yahtzee"):
        for number, game in enumerate(sampled_cards(name, 8, seed=11)):
            card = game.scorecard("A")
            found.append({"rules": name, "dice": list(game.dice or ()),
                          "rolls_left": number % 3, "filled": dict(card.filled),
                          "bonuses": card.yahtzee_bonuses})
    return found


@pytest.mark.slow  # a venv of its own (a minute with pip's cache)
def test_a_python_without_numpy_plays_and_coaches_as_numpy_does(
        python_without_numpy: str) -> None:
    asked = situations()
    script = textwrap.dedent(f"""
        import json
        import sympy
        import yacht_edu as ye
        from yacht_edu.widgets import play

        game = ye.Game(("Asha", "Ravi"), "yacht", seed=7)
        while not game.over:
            game.roll()
            game.score(next(o.box for o in game.options() if o.allowed))
        assert ye.p_one_roll("yacht") == sympy.Rational(1, 1296)
        board = play(("Asha",), seed=3, settle=0)
        board.roll()
        board.receive({{"intent": "panel", "panel": "coach", "on": True}})
        coach = board.state["coach"]
        answers = []
        for moment in {asked!r}:
            advice = ye.advise(moment["dice"], moment["rolls_left"], filled=moment["filled"],
                               rules=moment["rules"], yahtzee_bonuses=moment["bonuses"])
            answers.append([[list(c.choice) if c.is_keep else c.choice, c.rank, c.expected,
                             c.sd] for c in advice])
        print(json.dumps({{"scores": game.totals, "coach": coach.get("sentence"),
                           "note": coach.get("note"), "answers": answers}}))
    """)
    found = json.loads(run_python(python_without_numpy, script, blocked=False))
    assert found["note"] is None and found["coach"], "the board's coach answered"
    assert len(found["scores"]) == 2
    for moment, answer in zip(asked, found["answers"], strict=True):
        advice = advise(moment["dice"], moment["rolls_left"], filled=moment["filled"],
                        rules=moment["rules"], yahtzee_bonuses=moment["bonuses"])
        assert answer == [[list(c.choice) if c.is_keep else c.choice, c.rank, c.expected, c.sd]
                          for c in advice]


def test_without_numpy_the_optimal_expected_score_comes_from_the_shipped_tables() -> None:
    from yacht_edu import optimal_expected_score

    found = json.loads(run_python(sys.executable, textwrap.dedent("""
        import json
        import yacht_edu as ye
        scores = {name: list(ye.optimal_expected_score(name).__dict__.values())
                  for name in ("yacht", "yacht_sum4", "yahtzee")}
        for refused in ({"rules": "yacht", "exact": True}, {"rules": "yahtzee", "joker": "free"}):
            try:
                ye.optimal_expected_score(**refused)
            except ye.errors.NeedsLibraryError as error:
                scores[str(refused)] = error.name
        print(json.dumps(scores))
    """), blocked=True))
    for name in ("yacht", "yacht_sum4", "yahtzee"):
        expected = optimal_expected_score(name)  # numpy's
        assert found[name] == [expected.mean, expected.sd, expected.variance]
    assert sorted(v for k, v in found.items() if k.startswith("{")) == ["numpy", "numpy"]


def test_without_numpy_the_wait_the_chi_square_and_their_checks_are_exact() -> None:
    """Lessons 9 and 10 as far as they go without numpy: the geometric wait, the chi-square
    statistic and its tail (sympy), every check of an exercise that needs no simulation."""
    from yacht_edu.probability.fairness import chi_square, chi_square_tail
    from yacht_edu.probability.waiting import first_yacht

    found = json.loads(run_python(sys.executable, textwrap.dedent("""
        import json
        from fractions import Fraction
        from yacht_edu.lessons import check
        from yacht_edu.probability.fairness import chi_square, chi_square_tail
        from yacht_edu.probability.waiting import first_yacht

        wait = first_yacht()
        checked = {
            "09.2": check("09.2", 1 - (1 - wait.p) ** 12).correct,
            "09.4": check("09.4", wait.p).correct,
            "10.5": check("10.5", 1 - Fraction(95, 100) ** 20).correct,
            "10.1": check("10.1", lambda counts: sum(counts)).correct,
        }
        statistic = chi_square([8, 9, 12, 11, 6, 14])
        print(json.dumps({"mean": str(wait.mean), "statistic": str(statistic),
                          "tail": float(chi_square_tail(11)), "checked": checked}))
    """), blocked=True))
    assert found["mean"] == str(first_yacht().mean)  # numpy's Python gives the same fraction
    assert found["statistic"] == str(chi_square([8, 9, 12, 11, 6, 14]))
    assert found["tail"] == float(chi_square_tail(11))
    assert found["checked"] == {"09.2": True, "09.4": True, "10.5": True, "10.1": False}


def test_without_numpy_the_die_tally_counts_and_says_what_its_test_needs() -> None:
    found = json.loads(run_python(sys.executable, textwrap.dedent("""
        import json
        import yacht_edu as ye
        tally = ye.tally("Group A", lang="hi")
        tally.type_faces("3 6 1 1 5")
        print(json.dumps({"counts": tally.counts, "result": tally.result,
                          "message": tally.message}))
    """), blocked=True))
    assert found == {"counts": [2, 0, 1, 0, 1, 1],
                     "result": t("lite.error.needs_library", "hi", library="numpy"),
                     "message": ""}
