"""The board's teaching panels: "my chances" (checked by brute force) and the coach."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from yacht_edu import Game, get_rules
from yacht_edu.coach import Advice
from yacht_edu.display.numbers import fraction, percent
from yacht_edu.i18n import t
from yacht_edu.widgets import play
from yacht_edu.widgets.board import GameView
from yacht_edu.widgets.panels import COACH_MODES, CoachSettings

FRACTION = re.compile(r"\d+(/\d+)?")


def rows(view: GameView) -> dict[str, dict[str, Any]]:
    """The chances panel as drawn: box name -> its row."""
    return {row["name"]: row for row in view.state["chances"]["rows"]}


def best_chance_with_one_roll(dice: tuple[int, ...], box: str, rules: str) -> Fraction:
    """Brute force over ordered rolls: keep any of the 32 subsets of positions, roll the rest
    once; the best chance that the box then scores more than 0."""
    ruleset = get_rules(rules)
    best = Fraction(0)
    for keep in itertools.product((False, True), repeat=5):
        thrown = keep.count(False)
        made = 0
        for faces in itertools.product(range(1, 7), repeat=thrown):
            new = iter(faces)
            hand = [d if k else next(new) for d, k in zip(dice, keep, strict=True)]
            made += ruleset.score(hand, box) > 0
        best = max(best, Fraction(made, 6**thrown))
    return best


def best_points_with_one_roll(dice: tuple[int, ...], box: str, rules: str) -> Fraction:
    """Brute force: the best expected score of ``box`` alone with one roll to come."""
    ruleset = get_rules(rules)
    best = Fraction(0)
    for keep in itertools.product((False, True), repeat=5):
        thrown = keep.count(False)
        total = 0
        for faces in itertools.product(range(1, 7), repeat=thrown):
            new = iter(faces)
            total += ruleset.score([d if k else next(new) for d, k in zip(dice, keep,
                                                                           strict=True)], box)
        best = max(best, Fraction(total, 6**thrown))
    return best


@pytest.mark.parametrize(("rules", "dice"), [
    ("yacht", (6, 6, 6, 6, 2)),
    ("yacht", (1, 2, 3, 4, 6)),
    ("yahtzee", (2, 3, 4, 4, 6)),
])
@pytest.mark.slow
def test_chances_with_one_roll_left_equal_brute_force(rules: str, dice: tuple[int, ...]) -> None:
    game = Game(rules=rules, seed=1)
    view = play(game=game, chances=True, settle=0)
    game.roll(result=(1, 1, 2, 3, 3))
    game.roll(result=dice)
    assert game.rolls_left == 1
    shown = rows(view)
    ruleset = get_rules(rules)
    assert list(shown) == [t(f"category.{c}", "en") for c in ruleset.boxes]
    for box in ruleset.boxes:
        row = shown[t(f"category.{box}", "en")]
        if row["kind"] == "chance":
            chance = best_chance_with_one_roll(dice, box, rules)
            assert (row["shown"], row["exact"]) == (percent(chance), fraction(chance, "en"))
        else:  # a box every roll scores in: the points to expect, exactly
            points = best_points_with_one_roll(dice, box, rules)
            assert row["exact"] == (str(points.numerator) if points.denominator == 1
                                    else str(points)), box
            assert row["shown"] == f"about {float(points):.1f} points"


def test_upper_boxes_and_choice_show_points_the_others_a_chance() -> None:
    view = play(seed=1, chances=True)
    kinds = {row["box"]: row["kind"] for row in view.state["chances"]["rows"]}
    assert {c for c, kind in kinds.items() if kind == "points"} == {
        "ones", "twos", "threes", "fours", "fives", "sixes", "choice"}
    assert len(view.state["chances"]["explain"]) == 2  # the header says what each kind means


@pytest.mark.parametrize("rules", ["yacht", "yahtzee"])
def test_the_exact_column_is_a_fraction_on_every_row(rules: str) -> None:
    game = Game(rules=rules, seed=3)
    view = play(game=game, chances=True, settle=0)
    game.roll(result=(2, 3, 4, 5, 5))  # the straights' chances are the long fractions
    for row in view.state["chances"]["rows"]:
        assert FRACTION.fullmatch(row["exact"]), row


@pytest.mark.parametrize(("rules", "named", "not_named"), [
    ("yacht", "Choice", "Chance"), ("yahtzee", "Chance", "Choice")])
def test_the_chances_key_names_the_boxes_of_this_game(rules: str, named: str,
                                                      not_named: str) -> None:
    view = play(rules=rules, seed=1, chances=True)
    key = view.state["chances"]["explain"][1]
    assert f"(the upper boxes, {named})" in key
    assert not_named not in key


def test_before_the_first_roll_a_whole_turn_is_ahead() -> None:
    view = play(seed=1, chances=True)
    assert "in a turn of three rolls" in view.state["chances"]["heading"]
    # OEIS A096256: five of a kind within three rolls = 2783176/60466176 = 347897/7558272
    assert Fraction(2783176, 60466176) == Fraction(347897, 7558272)
    assert rows(view)["Yacht"]["shown"] == "4.6 %"
    assert rows(view)["Yacht"]["exact"] == "347897/7558272"  # exact, as every row of it


def test_after_the_last_roll_a_box_is_made_or_not() -> None:
    game = Game(seed=1)
    view = play(game=game, chances=True, settle=0)
    for _ in range(3):
        game.roll(result=(2, 3, 4, 5, 6))
    shown = rows(view)
    assert (shown["Big Straight"]["shown"], shown["Big Straight"]["exact"]) == ("100 %", "1")
    assert shown["Little Straight"]["shown"] == "0 %"  # docs/rules.md#yacht-edge-cases
    assert shown["Ones"]["exact"] == "0"


def test_only_the_open_boxes_of_the_player_to_move() -> None:
    game = Game(("Asha", "Ravi"), seed=1)
    view = play(game=game, chances=True, settle=0)
    game.roll(result=(5, 5, 5, 2, 1))
    game.score("fives")
    assert "Fives" in rows(view)  # Ravi's fives are still open
    game.roll(result=(6, 6, 6, 6, 6))
    game.score("yacht")
    assert "Fives" not in rows(view)  # Asha again
    assert len(rows(view)) == 11


def test_a_switched_off_panel_computes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    view = play(seed=1)
    assert view.state["chances"] is None and view.state["coach"] is None
    calls = []
    import yacht_edu.widgets.board as board

    monkeypatch.setattr(board, "chances_state",
                        lambda *a: calls.append(a) or {"rows": []})  # type: ignore[func-returns-value]
    view.roll()
    assert calls == []
    view.receive({"intent": "panel", "panel": "chances", "on": True})
    assert len(calls) == 1
    assert view.state["switches"][0] == {"key": "switch-chances", "name": "chances",
                                         "label": "My chances", "on": True}


def test_a_missing_module_is_named_and_the_game_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import yacht_edu.widgets.board as board

    def without_sympy(*args: object) -> dict[str, Any]:
        raise ImportError("No module named 'sympy'", name="sympy")

    monkeypatch.setattr(board, "chances_state", without_sympy)
    view = play(seed=1, chances=True, settle=0)
    assert view.state["chances"]["note"] == t("widget.panel_missing", "en", module="sympy")
    assert view.roll()


def test_a_failing_panel_does_not_break_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    import yacht_edu.widgets.board as board

    def broken(*args: object, **options: object) -> dict[str, Any]:
        raise ZeroDivisionError

    monkeypatch.setattr(board, "coach_state", broken)
    view = play(seed=1, coach=True, settle=0)
    assert view.state["coach"]["note"] == t("widget.panel_failed", "en", error="ZeroDivisionError")
    assert view.roll()


def test_a_coach_whose_solve_stopped_says_so_in_the_boards_language(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import yacht_edu.widgets.board as board
    from yacht_edu.errors import SolverStoppedError

    def stopped(*args: object, **options: object) -> dict[str, Any]:
        raise SolverStoppedError("solver.error.helper_stopped", code=-9)

    monkeypatch.setattr(board, "coach_state", stopped)
    view = play(seed=1, coach=True, settle=0, lang="hi")
    assert view.state["coach"]["note"] == t("solver.error.helper_stopped", "hi", code=-9)
    assert view.roll()


def test_the_coach_says_one_sentence_then_ranks_the_choices(solver_cache: Path) -> None:
    game = Game(seed=1)
    view = play(game=game, coach=True, settle=0)
    game.roll(result=(1, 2, 2, 4, 6))
    coach = view.state["coach"]
    # the coach module's own doctest: keep the six first (164.24), then 4 6 (164.02)
    assert coach["sentence"] == ("Best: Keep 6, roll the rest. Played well from here, you finish "
                                 "with about 164 points on average. Next best, Keep 4 6, roll the "
                                 "rest, gives up 0.22 points on average.")
    first, second = coach["rows"][:2]
    assert first["cells"] == ["1", "Keep 6, roll the rest", "164.24", first["cells"][3], "0.00"]
    assert first["best"] and first["dice"] == [6]
    assert second["cells"][2] == "164.02"
    assert all(len(cell.split(".")[-1]) <= 2 for row in coach["rows"] for cell in row["cells"]
               if cell.replace(".", "").replace("± ", "").isdigit())
    assert coach["spread"].startswith("± is the spread of the final score")
    assert coach["why"].startswith("Why: this keep is the best one for ")
    assert [m["name"] for m in coach["modes"]] == list(COACH_MODES) == ["average", "target"]


def test_before_a_roll_the_coach_says_what_to_expect(solver_cache: Path) -> None:
    view = play(seed=1, coach=True, settle=0)
    # 166.955...: the optimal Yacht expectation published in BENCHMARKS.md (solver tests)
    assert view.state["coach"]["sentence"] == (
        "Player 1, roll the dice. Played well from here, you finish with about 167 points on "
        "average.")


def test_after_the_game_the_coach_shows_the_points_given_up(solver_cache: Path) -> None:
    view = play(seed=2, coach=True, settle=0)
    while not view.game.over:
        view.roll()
        view.score(view.game.scorecard().open_boxes[0])
    coach = view.state["coach"]
    assert coach["sentence"].startswith("Player 1 gave up ")
    assert 0 < len(coach["rows"]) <= 5
    losses = [float(row["cells"][-1]) for row in coach["rows"]]
    assert losses == sorted(losses, reverse=True)


def test_after_the_game_the_coach_tells_a_good_decision_from_a_good_outcome(
        solver_cache: Path) -> None:
    from yacht_edu.luck import luck_and_skill

    view = play(players=("Asha", "Ravi"), seed=2, coach=True, settle=0, lang="ur")
    while not view.game.over:
        view.roll()
        view.score(view.game.scorecard().open_boxes[0])
    luck = view.state["coach"]["luck"]
    assert luck["heading"] == t("board.luck_heading", "ur")
    assert luck["moral"] == t("board.luck_moral", "ur")
    found = luck_and_skill(view.game)
    for line, (name, entry) in zip(luck["lines"], found.items(), strict=True):
        key = "board.luck_good" if entry.luck >= 0 else "board.luck_bad"
        assert line == t(key, "ur", player=name, start=f"{entry.start:.2f}",
                         luck=f"{abs(entry.luck):.2f}", loss=f"{entry.loss:.2f}",
                         final=str(view.game.totals[name]))
    english = GameView(view.game, lang="en", coach=True, settle=0).state["coach"]["luck"]
    assert english["lines"][0].startswith("Asha could expect 166.96 points at the start; the "
                                          "dice gave ")
    view.new_game()
    assert "luck" not in view.state["coach"]  # only once the game is over


def test_the_coach_shows_its_solve_on_the_board(solver_cache: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import yacht_edu.coach as coach

    seen = []
    real = coach.advise

    def advise(game: Game, progress: Any = None) -> Advice:
        counter = progress(total=4)
        for _ in range(4):
            counter.update()
            seen.append(view.progress)
        return real(game)

    monkeypatch.setattr(coach, "advise", advise)
    view = play(seed=1, settle=0)
    view.show_panel("coach")
    assert seen == [25, 50, 75, 100]
    assert view.progress == -1  # hidden again once the coach has answered


def test_a_second_coach_mode_is_offered_and_chosen_by_an_intent(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """How a later mode (such as playing to reach a target) plugs into the coach panel."""
    import yacht_edu.widgets.panels as panels

    def steady(game: Game, lang: str, progress: Any, settings: CoachSettings) -> dict[str, Any]:
        return {"sentence": "Keep calm.", "rows": [], "spread": ""}

    modes = dict(COACH_MODES) | {"steady": ("board.coach_heading", steady)}
    monkeypatch.setattr(panels, "COACH_MODES", modes)
    monkeypatch.setattr("yacht_edu.widgets.board.COACH_MODES", modes)
    view = play(seed=1, settle=0)
    view.receive({"intent": "coach_mode", "mode": "steady"})
    view.show_panel("coach")
    coach = view.state["coach"]
    assert [m["name"] for m in coach["modes"]] == ["average", "target", "steady"]
    assert (coach["mode"], coach["sentence"]) == ("steady", "Keep calm.")
    with pytest.raises(ValueError, match="way the coach can play"):
        view.set_coach_mode("nonsense")


def test_switching_the_coach_on_shows_at_once_that_it_is_working() -> None:
    """The first state the view receives has the switch on and the panel working (a first solve
    may take seconds); the advice follows; every click meanwhile is answered in these words."""
    view = play(seed=1)
    seen: list[dict[str, Any]] = []
    view.observe(lambda change: seen.append(change["new"]), names="state")
    view.show_panel("coach")
    first = seen[0]
    assert first["coach"] == {"working": True, "heading": t("board.coach_heading", "en")}
    assert [s["on"] for s in first["switches"] if s["name"] == "coach"] == [True]
    assert "sentence" in seen[-1]["coach"]
    assert seen[-1]["working"] == "Working it out… wait a moment, then click again."


def test_a_new_coach_mode_shows_at_once_that_it_is_working() -> None:
    """The target mode's first solve may take seconds: the panel says so before it starts."""
    view = play(seed=1, coach=True, settle=0)
    view.roll()
    seen: list[dict[str, Any]] = []
    view.observe(lambda change: seen.append(change["new"]), names="state")
    view.set_coach_mode("target")
    assert seen[0]["coach"]["busy"] and seen[0]["coach"]["mode"] == "average"
    assert "busy" not in seen[-1]["coach"] and seen[-1]["coach"]["mode"] == "target"
    seen.clear()
    view.set_coach_target(150)
    assert seen[0]["coach"]["busy"] and "busy" not in seen[-1]["coach"]
