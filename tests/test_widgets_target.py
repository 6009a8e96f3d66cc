"""The coach's target mode on the board: play to reach a target, or to beat the leader."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any, cast

import numpy as np
import numpy.typing as npt
import pytest

from yacht_edu import Dice, Game, advise, get_rules, reach_probability
from yacht_edu.display.numbers import percent
from yacht_edu.i18n import t
from yacht_edu.reach import beat_the_leader
from yacht_edu.rules import Rules
from yacht_edu.solver import BadTargetError
from yacht_edu.solver.states import StateSpace
from yacht_edu.widgets import play
from yacht_edu.widgets.board import GameView
from yacht_edu.widgets.panels import DEFAULT_TARGET

FSI, PDI = "\u2068", "\u2069"


def target_board(game: Game, lang: str = "en") -> GameView:
    """A board with the coach on, switched to the target mode as the learner does (an intent)."""
    view = play(game=game, coach=True, settle=0, lang=lang)
    view.receive({"intent": "coach_mode", "mode": "target"})
    return view


def ranking(view: GameView) -> list[tuple[str, str]]:
    """The ranked table as drawn: (choice, chance) of each row."""
    return [(row["cells"][1], row["cells"][2]) for row in view.state["coach"]["rows"]]


def kernel_ranking(game: Game, target: int) -> list[tuple[str, str]]:
    """The same from ``advise(game, target=target)``, written as the table writes it."""
    return [(choice.label("en"), f"{100 * choice.chance:.2f} %")
            for choice in advise(game, target=target)]


def test_the_target_mode_ranks_as_advise_with_a_target(solver_cache: Path) -> None:
    game = Game(seed=1)
    view = target_board(game)
    game.roll(result=(1, 2, 2, 4, 6))
    coach = view.state["coach"]
    assert coach["mode"] == "target"
    assert coach["target"] == {"auto": False, "value": DEFAULT_TARGET, "text": "Target (points):"}
    assert ranking(view) == kernel_ranking(game, 200)
    # keep the six: 0.1969 to reach 200 from this first roll
    first, second = advise(game, target=200)[:2]
    assert first.choice == (6,) and round(first.chance, 4) == 0.1969
    assert coach["sentence"] == (
        "Best for reaching 200: Keep 6, roll the rest. Played for it from here, you reach 200 "
        "points in about 20 % of games. Next best, Keep 4, roll the rest, gives up "
        f"{100 * second.loss:.2g} percentage points.")  # two figures, as a chance under 10 %
    assert coach["rows"][0]["best"] and coach["rows"][0]["dice"] == [6]
    losses = [float(row["cells"][3]) for row in coach["rows"]]
    assert losses == sorted(losses) and losses[0] == 0
    assert all(len(cell.rstrip(" %").split(".")[-1]) <= 2
               for row in coach["rows"] for cell in row["cells"][2:])


def test_the_learner_sets_the_target_in_the_panel(solver_cache: Path) -> None:
    game = Game(seed=1)
    view = target_board(game)
    game.roll(result=(1, 2, 2, 4, 6))
    view.receive({"intent": "coach_target", "target": 150})
    assert view.state["coach"]["target"]["value"] == 150
    assert ranking(view) == kernel_ranking(game, 150)
    assert view.state["coach"]["sentence"].startswith("Best for reaching 150: ")
    # a bad target changes nothing: the intent is ignored, the method says why
    for bad in (-5, 2.5, None, "200", True):
        view.receive({"intent": "coach_target", "target": bad})
        assert view.state["coach"]["target"]["value"] == 150
    with pytest.raises(BadTargetError, match="whole number of points, 0 or more, not -5"):
        view.set_coach_target(-5)
    assert view.coach_settings.target == 150


def test_before_a_roll_the_coach_gives_the_chance_from_here(solver_cache: Path) -> None:
    view = target_board(Game(seed=1))
    chance = reach_probability(200)
    # issue 13: the target-optimal player reaches 200 about 22 % of the time
    assert percent(Fraction(chance)) == "22 %"
    assert view.state["coach"]["sentence"] == (
        "Player 1, roll the dice. Played for it from here, you reach 200 points in about 22 % "
        "of games.")
    assert view.state["coach"]["rows"] == []


def last_round(game: Game) -> Game:
    """Play ``game`` (each player scores the first open box) until its last player's last turn."""
    while not (game.round == game.turns and game.current_player == game.players[-1]):
        game.roll()
        game.score(game.scorecard().open_boxes[0])
    return game


def test_in_the_last_round_the_coach_plays_to_beat_the_leader(solver_cache: Path) -> None:
    game = last_round(Game(("Asha", "Ravi"), seed=7))
    view = target_board(game)
    asha, ravi = game.totals["Asha"], game.totals["Ravi"]
    target = asha + 1
    assert beat_the_leader(game) == target
    view.set_coach_target(10)  # the learner's own target waits: the leader sets this one
    game.roll()
    coach = view.state["coach"]
    assert coach["target"] == {
        "auto": True, "value": target,
        "text": f"Play to beat the leader: Asha has {asha} points, so the target is {target}."}
    assert ranking(view) == kernel_ranking(game, target)
    # one box is left: with no rolls to come each choice is made or not (chance 1 or 0 per roll)
    while game.rolls_left:
        game.roll()
    (box,) = game.scorecard().open_boxes
    made = ravi + game.rules.score(cast(Dice, game.dice), box) >= target
    assert advise(game, target=target).chance == (1.0 if made else 0.0)


def test_a_solitaire_game_has_no_leader_to_beat(solver_cache: Path) -> None:
    game = last_round(Game(seed=3))
    view = target_board(game)
    assert view.state["coach"]["target"]["auto"] is False


@pytest.mark.slow
def test_yahtzee_is_answered_not_offered_in_the_learners_language() -> None:
    for lang in ("en", "kn"):
        view = target_board(Game(rules="yahtzee", seed=1), lang)
        coach = view.state["coach"]
        offered = t("list.separator", lang).join(get_rules(name).label(lang)
                                                 for name in ("yacht", "yacht_sum4"))
        assert coach["sentence"] == t("coach_target.not_offered", lang,
                                      rules=view.game.rules.label(lang), offered=offered)
        assert "note" not in coach and coach["rows"] == []
        assert [m["name"] for m in coach["modes"]] == ["average", "target"]  # can switch back
        assert view.roll()  # the game goes on
        assert view.state["coach"]["sentence"] == coach["sentence"]
    assert view.state["coach"]["sentence"].startswith("ಗುರಿ ಮೋಡ್ ")


def test_after_the_game_each_player_reached_the_target_or_not(solver_cache: Path) -> None:
    game = Game(("Asha", "Ravi"), seed=2)
    view = target_board(game)
    while not game.over:
        game.roll()
        game.score(game.scorecard().open_boxes[0])
    target = int(np.median(list(game.totals.values()))) + 1
    view.set_coach_target(target)
    words = {name: "reached" if total >= target else "not reached"
             for name, total in game.totals.items()}
    assert view.state["coach"]["sentence"] == " ".join(
        f"{name} finished with {total} points: {target} {words[name]}."
        for name, total in game.totals.items())


@pytest.mark.parametrize("lang", ["hi", "bn", "kn", "ur"])
def test_the_target_mode_speaks_the_learners_language(solver_cache: Path, lang: str) -> None:
    game = Game(seed=1)
    view = target_board(game, lang)
    game.roll(result=(1, 2, 2, 4, 6))
    coach = view.state["coach"]
    best = advise(game, target=200)[0]
    assert coach["sentence"].startswith(t("coach_target.best", lang, target="200",
                                          choice=best.label(lang), chance="20 %"))
    assert coach["target"]["text"] == t("coach_target.input", lang) != "Target (points):"
    assert coach["columns"][2] == t("coach_target.col_chance", lang, target="200")
    assert [m["label"] for m in coach["modes"]][1] == t("coach_target.mode", lang)
    assert [row["cells"][1] for row in coach["rows"]] == [c.label(lang)
                                                          for c in advise(game, target=200)]
    if lang == "ur":  # numbers and dice isolated inside the right-to-left sentence
        assert f"{FSI}200{PDI}" in coach["sentence"]


def test_the_table_is_solved_once_with_its_progress_on_the_board(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A first solve shows its progress; a second click while it is done finds it solved."""
    import yacht_edu.solver.target as target

    solves: list[Rules] = []
    seen: list[int] = []

    def solve(rules: Rules, *, progress: Any = None, workers: int | None = None,
              within: int = 0) -> npt.NDArray[np.float64]:
        bar = progress(total=2, desc="")
        for _ in range(2):
            bar.update(1)
            seen.append(view.progress)
        bar.close()
        solves.append(rules)
        space = StateSpace.of(rules)
        chance = np.zeros((space.size, int(target.box_most(rules).sum()) + 2))
        chance[:, 0] = 1.0
        return chance

    monkeypatch.setenv("YACHT_EDU_CACHE", str(tmp_path))
    monkeypatch.setattr(target, "_tables", {})
    monkeypatch.setattr(target, "solve_target_layers", solve)
    view = play(seed=1, coach=False, settle=0, rules="yacht")
    view.receive({"intent": "coach_mode", "mode": "target"})
    view.receive({"intent": "coach_mode", "mode": "target"})  # a second click
    assert solves == []  # nothing is solved while the coach is off
    view.show_panel("coach")
    view.receive({"intent": "coach_mode", "mode": "target"})
    view.roll()
    assert len(solves) == 1 and seen == [50, 100]
    assert view.progress == -1
