"""The analysis of a game, decision by decision, against the coach asked at each moment."""

from __future__ import annotations

import random

import pytest

from yacht_edu import Game, RuleError
from yacht_edu.coach import advise, analyse
from yacht_edu.errors import ArgumentTypeError, UnknownEventError


def play(game: Game, player_choice: dict[str, str], seed: int = 0) -> list[float]:
    """Play to the end: "best" follows the coach, "random" chooses at random; returns the loss
    of each decision as the coach saw it at the moment."""
    rng = random.Random(seed)
    losses: list[float] = []
    while not game.over:
        style = player_choice[game.current_player]
        game.roll()
        for _ in range(2):
            advice = advise(game)
            choice = advice.best if style == "best" else rng.choice(list(advice))
            losses.append(choice.loss)
            if len(choice.choice) == 5:  # keep all five: stop
                break
            game.roll(keep=choice.choice)  # type: ignore[arg-type]
        advice = advise(game.dice, 0, filled=game.scorecard().filled,  # type: ignore[arg-type]
                        rules=game.rules, yahtzee_bonuses=game.scorecard().yahtzee_bonuses)
        choice = advice.best if style == "best" else rng.choice(list(advice))
        losses.append(choice.loss)
        game.score(choice.choice)  # type: ignore[arg-type]
    return losses


def test_the_coachs_own_play_loses_nothing_and_chance_play_loses_what_it_was_told() -> None:
    game = Game(("Coach", "Chance"), seed=11)
    told = play(game, {"Coach": "best", "Chance": "random"})
    analysis = analyse(game)
    assert analysis.loss("Coach") == 0.0
    assert [d.loss for d in analysis] == pytest.approx(told, abs=1e-12)
    assert analysis.loss("Chance") == pytest.approx(sum(told), abs=1e-9)
    assert analysis.loss("Chance") > 20
    summary = {s.player: s for s in analysis.players}
    assert summary["Coach"].mistakes == 0 and summary["Chance"].mistakes > 10
    assert summary["Coach"].decisions + summary["Chance"].decisions == len(analysis)


def test_each_decision_names_its_moment() -> None:
    game = Game("Asha", seed=5)
    first = game.roll()
    game.roll(keep=[first[0]])
    game.score("choice")  # after two rolls: stopping counts as keeping all five
    game.roll()
    analysis = analyse(game)  # a running game: the second turn has no decision yet
    assert [(d.turn, d.rolls_left) for d in analysis] == [(1, 2), (1, 1), (1, 0)]
    keep, stop, box = analysis
    assert keep.chosen == (first[0],) and keep.dice == tuple(first)
    assert len(stop.chosen) == 5 and box.chosen == "choice"
    assert all(d.expected == pytest.approx(d.best_expected - d.loss, abs=1e-9)
               for d in analysis)
    assert all(d.chosen in d.best for d in analysis if d.is_best)


def test_a_saved_game_analyses_the_same() -> None:
    game = Game(("Asha", "Ravi"), seed=21, roll_off=True)
    play(game, {"Asha": "random", "Ravi": "best"}, seed=3)
    loaded = Game.from_json(game.to_json())
    assert [d.loss for d in analyse(loaded)] == [d.loss for d in analyse(game)]


@pytest.mark.slow  # solves yahtzee
def test_yahtzee_with_a_joker_and_a_bonus() -> None:
    game = Game("Solo", rules="yahtzee", seed=1)
    game.roll(result=(5, 5, 5, 5, 5))
    game.score("yahtzee")
    game.roll(result=(5, 5, 5, 5, 5))
    game.score("fives")  # forced joker: the fives box, +100
    assert game.scorecard().yahtzee_bonuses == 1
    game.roll(result=(1, 2, 3, 4, 6))
    game.score("aces")  # rather than the small straight's 30
    analysis = analyse(game)
    assert [d.chosen for d in analysis if d.rolls_left == 0] == ["yahtzee", "fives", "aces"]
    yahtzee, fives, aces = (d for d in analysis if d.rolls_left == 0)
    assert yahtzee.is_best and fives.is_best and fives.best == ("fives",)  # the only choice
    assert aces.loss > 5 and aces.best == ("small_straight",)


def test_html_and_repr() -> None:
    game = Game(("Asha", "Ravi"), seed=2)
    play(game, {"Asha": "random", "Ravi": "random"}, seed=9)
    analysis = analyse(game)
    page = analysis._repr_html_()
    assert page.count('class="yacht-analysis-decision"') == len(analysis)
    assert "Asha:" in page and "Ravi:" in page
    assert repr(analysis).startswith("Analysis(Rules('yacht'), ")
    with pytest.raises(RuleError):
        analysis.loss("Nobody")


def test_the_analysis_refuses_what_is_not_a_game_and_events_it_does_not_know() -> None:
    with pytest.raises(ArgumentTypeError):
        analyse(None)  # type: ignore[arg-type]

    class WithAHold(Game):  # a record with an event the analysis was never taught
        @property
        def events(self) -> tuple[object, ...]:  # type: ignore[override]
            return (*super().events, "hold 0")

    game = WithAHold(seed=1)
    game.roll()
    with pytest.raises(UnknownEventError, match="hold 0"):
        analyse(game)


def test_the_analysis_tells_a_staged_game_from_a_played_one() -> None:
    game = Game(seed=2)
    game.roll(result=(6, 6, 6, 6, 6))
    game.score("yacht")
    game.roll()
    game.score("choice")
    staged = analyse(game)
    assert staged.staged_rolls == 1 and "1 rolls set by hand" in repr(staged)
    assert staged.staged_note() == game.staged_note() != ""
    assert len(staged) == analyse(Game.from_json(game.to_json())).__len__()
    played = Game(seed=2)
    played.roll()
    assert analyse(played).staged_rolls == 0 and analyse(played).staged_note() == ""


def test_a_roll_of_no_dice_is_not_a_stop_and_a_box_after_a_stop_follows_no_roll() -> None:
    game = Game(seed=4)
    game.roll(result=(6, 6, 6, 2, 1))
    first = advise(game)
    game.roll(positions=range(5))  # every die kept, and rolled anyway: the same dice, a roll fewer
    second = advise(game)
    game.score("sixes")  # stopped with a roll left
    kept_all, stopped, box = analyse(game)
    assert kept_all.chosen == stopped.chosen == (1, 2, 6, 6, 6)
    assert kept_all.expected == second.expected > first.of((1, 2, 6, 6, 6)).expected
    assert kept_all.loss == pytest.approx(first.expected - second.expected, abs=1e-12)
    assert (kept_all.after_roll, stopped.after_roll, box.after_roll) == (True, True, False)
