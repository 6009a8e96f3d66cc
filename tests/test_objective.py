"""One objective: the code that picks a move is written once, and the target player plays on.

What a player maximises (the expected final score, the chance to reach a target, a rule of
thumb) is a value of :mod:`yacht_edu.solver.objective`; the coach, the simulator and the forward
pass are shared.  These tests hold the line: the solver's insides stay inside, the coach and the
target code do not import each other, and with a target already certain or out of reach the
target player's choice is the expected-score player's.
"""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

import numpy as np
import pytest

from yacht_edu import Scorecard
from yacht_edu.coach import advise
from yacht_edu.dice import multisets
from yacht_edu.ranking import ChoiceWorth, rank
from yacht_edu.solver import objective_of
from yacht_edu.solver.objective import plan

PACKAGE = Path(__file__).resolve().parent.parent / "yacht_edu"
YACHT_BOXES = ("ones", "twos", "threes", "fours", "fives", "sixes", "full_house",
               "four_of_a_kind", "little_straight", "big_straight", "choice", "yacht")


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def outside_the_solver() -> list[Path]:
    return [path for path in sorted(PACKAGE.rglob("*.py")) if "solver" not in path.parts]


def test_no_module_outside_the_solver_imports_its_insides() -> None:
    insides = {f"yacht_edu.solver.{path.stem}" for path in (PACKAGE / "solver").glob("*.py")
               if path.stem not in ("__init__", "__main__")}
    assert {"yacht_edu.solver.backward", "yacht_edu.solver.states", "yacht_edu.solver.turn",
            "yacht_edu.solver.target"} <= insides
    reaching_in = {str(path.relative_to(PACKAGE)): sorted(imported_modules(path) & insides)
                   for path in outside_the_solver()}
    assert {name: found for name, found in reaching_in.items() if found} == {}


def test_the_coach_and_the_target_code_do_not_import_each_other() -> None:
    coach = imported_modules(PACKAGE / "coach.py")
    reach = imported_modules(PACKAGE / "reach.py")
    target = imported_modules(PACKAGE / "solver" / "target.py")
    assert not any(name.startswith("yacht_edu.reach") for name in coach)
    assert not any(name.startswith("yacht_edu.coach") for name in reach | target)


def test_the_board_reaches_the_mathematics_through_its_fronts_only() -> None:
    """The panels import the solver's face (``yacht_edu.solver``), never one of its modules."""
    insides = {f"yacht_edu.solver.{path.stem}" for path in (PACKAGE / "solver").glob("*.py")}
    panels = imported_modules(PACKAGE / "widgets" / "panels.py")
    assert "yacht_edu.solver" in panels and not panels & insides


def test_no_module_called_goal_is_left() -> None:
    assert not (PACKAGE / "goal.py").exists()
    assert not any("goal" in name for path in outside_the_solver()
                   for name in imported_modules(path) if name.startswith("yacht_edu"))


# -- the last turn: a target certain or out of reach plays for points ------------------------


def last_turn_states() -> list[int]:
    """Yacht's twelve states with one box open."""
    full = (1 << len(YACHT_BOXES)) - 1  # Yacht's state is its filled boxes, one bit each
    return [full & ~(1 << box) for box in range(len(YACHT_BOXES))]


@pytest.mark.parametrize("points", [0, 2_000])  # a target of 1 point: certain; out of reach
def test_a_certain_or_hopeless_target_plays_the_expected_score_plan(points: int) -> None:
    """Every last-turn state of Yacht, every hand, every roll: the same box and the same keeps
    (the target is 1 point; 2,000 points scored make it certain, 0 scored with a target above
    the most a turn gives make it hopeless)."""
    states = np.array(last_turn_states(), dtype=np.intp)
    target = 1 if points else 1_000
    expected = plan(objective_of("optimal", "yacht"), states,
                    np.zeros(len(states), dtype=np.int64))
    reach = plan(objective_of("optimal", "yacht", target=target), states,
                 np.full(len(states), points, dtype=np.int64))
    assert np.array_equal(expected.box_row, reach.box_row)
    assert len(expected.keeps) == len(reach.keeps) == 2
    for ours, theirs in zip(expected.keeps, reach.keeps, strict=True):
        assert np.array_equal(ours, theirs)
    assert np.allclose(reach.worth[0], 1.0 if points else 0.0, rtol=0, atol=1e-12)


def last_turn_card(open_box: str) -> Scorecard:
    """A last-turn card of Yacht: every box but ``open_box`` filled with 0 (Choice with 5)."""
    return Scorecard.from_filled({box: 5 if box == "choice" else 0 for box in YACHT_BOXES
                                  if box != open_box}, "yacht")


@pytest.mark.slow
@pytest.mark.parametrize("open_box", YACHT_BOXES)
def test_the_target_coach_advises_as_the_expected_score_coach_once_the_target_is_settled(
        open_box: str) -> None:
    card = last_turn_card(open_box)
    for hand, rolls_left in itertools.product(multisets(), (0, 1, 2)):
        best = advise(hand, rolls_left, filled=card.filled).best.choice
        for target in (-5, 0, 51, 1_000):  # certain (up to 0 points), out of reach (over 50)
            settled = advise(hand, rolls_left, filled=card.filled, target=target)
            assert settled.best.choice == best, (open_box, hand, rolls_left, target)


def test_a_target_already_met_never_throws_points_away() -> None:
    """The review's case: with the target met, the coach must not advise 0 points in Twos."""
    filled = {"ones": 3, "threes": 9, "fours": 12, "fives": 15, "full_house": 0,
              "four_of_a_kind": 0, "little_straight": 0, "big_straight": 0, "choice": 20,
              "yacht": 0}
    hand = (5, 6, 6, 6, 6)
    plain = advise(hand, 0, filled=filled)
    met = advise(hand, 0, filled=filled, target=10)  # 59 points scored already
    assert met.best.chance == 1.0 and met.best.choice == plain.best.choice == "sixes"
    assert met.of("twos").chance == 1.0 and met.of("twos").rank > 1
    assert met.of("twos").loss == 0.0  # no chance given up, only points


# -- one ranking, one tie --------------------------------------------------------------------


def worth(value: float, expected: float = 0.0) -> ChoiceWorth:
    return ChoiceWorth(value, expected, 0.0)


def test_rank_shares_a_rank_between_ties_and_keeps_the_given_order() -> None:
    ranked = rank([("a", worth(1.0)), ("b", worth(2.0)), ("c", worth(2.0 - 1e-12)),
                   ("d", worth(0.5))], break_ties_by_expected=False)
    assert [(r.choice, r.rank) for r in ranked] == [("b", 1), ("c", 1), ("a", 3), ("d", 4)]
    assert [r.loss for r in ranked] == [0.0, 0.0, 1.0, 1.5]


def test_rank_breaks_a_tie_of_chances_by_the_expected_score() -> None:
    ranked = rank([("safe", worth(1.0, 150.0)), ("bold", worth(1.0, 170.0)),
                   ("poor", worth(0.5, 200.0)), ("same", worth(1.0, 170.0))],
                  break_ties_by_expected=True)
    assert [(r.choice, r.rank, r.loss) for r in ranked] == [
        ("bold", 1, 0.0), ("same", 1, 0.0), ("safe", 3, 0.0), ("poor", 4, 0.5)]


def test_one_tie_tolerance_for_every_objective() -> None:
    """``TIE`` is defined once, in :mod:`yacht_edu.ranking`: the coach and the solver import it."""
    from yacht_edu import ranking

    package = Path(ranking.__file__).parent
    defining = {path.relative_to(package).as_posix() for path in package.rglob("*.py")
                if any(isinstance(node, ast.Assign | ast.AnnAssign) and "TIE" in
                       {target.id for target in ast.walk(node) if isinstance(target, ast.Name)}
                       for node in ast.parse(path.read_text(encoding="utf-8")).body)}
    assert defining == {"ranking.py"} and ranking.TIE == 1e-9
