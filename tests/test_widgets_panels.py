"""The teaching panels: "my chances" (exact, checked by brute force) and the coach."""

from __future__ import annotations

import html
import itertools
import re
import sys
from fractions import Fraction

import ipywidgets as widgets
import pytest

import yacht_edu
from yacht_edu import Game, get_rules
from yacht_edu.display.coach import advice_html, analysis_html
from yacht_edu.widgets import ChancesPanel, CoachPanel, play
from yacht_edu.widgets.panels import WidgetProgress


def rows(panel: ChancesPanel) -> dict[str, tuple[str, str]]:
    """The chances table as shown: box name -> (exact fraction, percentage)."""
    found = re.findall(r"<tr><td>([^<]+)</td><td[^>]*>([^<]+)</td><td[^>]*>([^<]+)</td>",
                       panel.body.value)
    return {html.unescape(name): (fraction, percent) for name, fraction, percent in found}


def best_chance_with_one_roll(dice: tuple[int, ...], category: str, rules: str) -> Fraction:
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
            made += ruleset.score(hand, category) > 0
        best = max(best, Fraction(made, 6**thrown))
    return best


def shown(chance: Fraction) -> tuple[str, str]:
    fraction = str(chance.numerator) if chance.denominator == 1 else str(chance)
    return fraction, f"{100 * float(chance):.1f} %"


@pytest.mark.parametrize(("rules", "dice"), [
    ("yacht", (6, 6, 6, 6, 2)),
    ("yacht", (1, 2, 3, 4, 6)),
    ("yahtzee", (2, 3, 4, 4, 6)),
])
def test_chances_with_one_roll_left_equal_brute_force(rules, dice):
    game = Game(rules=rules, seed=1)
    panel = ChancesPanel(game, settle=0)
    game.roll(result=(1, 1, 2, 3, 3))
    game.roll(result=dice)
    assert game.rolls_left == 1
    table = rows(panel)
    ruleset = get_rules(rules)
    assert list(table) == [yacht_edu.i18n.t(f"category.{c}", "en") for c in ruleset.categories]
    for category in ruleset.categories:
        name = yacht_edu.i18n.t(f"category.{category}", "en")
        assert table[name] == shown(best_chance_with_one_roll(dice, category, rules)), category


def test_after_the_last_roll_a_box_is_made_or_not():
    game = Game(seed=1)
    panel = ChancesPanel(game, settle=0)
    for _ in range(3):
        game.roll(result=(2, 3, 4, 5, 6))
    table = rows(panel)
    assert table["Big Straight"] == ("1", "100.0 %")
    assert table["Little Straight"] == ("0", "0.0 %")  # docs/rules.md#yacht-edge-cases
    assert table["Ones"] == ("0", "0.0 %")


def test_before_the_first_roll_a_whole_turn_is_ahead():
    panel = ChancesPanel(Game(seed=1), settle=0)
    assert "in a turn of three rolls" in panel.body.value
    # docs/rules.md#exact-chances / OEIS A096256: five of a kind in three rolls = 2783176/60466176
    assert Fraction(2783176, 60466176) == Fraction(347897, 7558272)
    assert rows(panel)["Yacht"] == shown(Fraction(347897, 7558272))


def test_only_the_open_boxes_of_the_player_to_move():
    game = Game(("Asha", "Ravi"), seed=1)
    view = play(game=game, chances=True, settle=0)
    game.roll(result=(5, 5, 5, 2, 1))
    game.score("fives")
    assert "Fives" in rows(view.chances)  # Ravi's fives are still open
    game.roll(result=(6, 6, 6, 6, 6))
    game.score("yacht")
    table = rows(view.chances)
    assert "Fives" not in table  # Asha again
    assert "Yacht" in table
    assert len(table) == 11


def test_a_switched_off_panel_computes_nothing(monkeypatch):
    from yacht_edu import probability

    calls = []
    real = probability.chances

    def counting(*args: object) -> object:
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(probability, "chances", counting)
    view = play(seed=4, settle=0)
    assert view.chances.layout.display == "none"
    view.dice.roll_button.click()
    assert calls == []
    view.chances_switch.value = True
    assert len(calls) == 1
    assert view.chances.layout.display is None
    view.dice.dice[0].click()  # a hold changes no chance: nothing recomputed
    assert len(calls) == 1
    view.dice.roll_button.click()
    assert len(calls) == 2
    view.chances_switch.value = False
    view.dice.roll_button.click()
    assert len(calls) == 2


def test_a_missing_module_is_named_and_the_game_goes_on(monkeypatch):
    monkeypatch.delattr(yacht_edu, "probability", raising=False)
    monkeypatch.setitem(sys.modules, "yacht_edu.probability", None)
    view = play(seed=4, chances=True, settle=0)
    assert "needs yacht_edu.probability" in view.chances.body.value
    view.dice.roll_button.click()
    assert view.game.rolls_left == 2


def test_a_failing_panel_does_not_break_the_game(monkeypatch):
    from yacht_edu import probability

    def broken(*args: object) -> object:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(probability, "chances", broken)
    view = play(seed=4, chances=True, settle=0)
    view.dice.roll_button.click()
    assert view.game.rolls_left == 2
    assert "could not answer" in view.chances.body.value
    assert "a bug" in view.chances.body.value


# -- the coach --------------------------------------------------------------------------------


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A private solver cache: the test never reads or writes the user's."""
    monkeypatch.setenv("YACHT_EDU_CACHE", str(tmp_path))
    return tmp_path


def test_the_coach_panel_shows_the_coachs_ranked_choices(cache):
    from yacht_edu import coach

    game = Game(seed=5)
    panel = CoachPanel(game, settle=0)
    assert "yacht-coach-choice" not in panel.body.value  # nothing to choose before the roll
    game.roll(result=(1, 2, 2, 4, 6))
    advice = coach.advise(game)
    assert panel.body.value == advice_html(advice, "en")
    assert panel.body.value.count('class="yacht-coach-choice"') == len(advice)
    assert advice[0].choice == (6,)  # the coach's doctest: keep the six, not the pair


def test_after_the_game_the_coach_shows_the_points_lost(cache):
    from yacht_edu import coach

    view = play(seed=6, coach=True, settle=0)
    game = view.game
    while not game.over:
        game.roll()
        game.score(game.scorecard().open_categories[0])
    assert view.coach.body.value == analysis_html(coach.analyse(game), "en")
    assert "yacht-analysis-decision" in view.coach.body.value


def test_the_coach_panel_passes_its_progress_bar_to_the_solver(cache, monkeypatch):
    from yacht_edu import coach

    seen = []

    def advise(game: Game, progress: WidgetProgress) -> object:
        seen.append(progress)
        with progress(total=50) as bar:
            for _ in range(5):
                bar.update(10)
        return coach.advise(game)

    monkeypatch.setattr(coach, "advise", advise)
    panel = CoachPanel(Game(seed=1), settle=0)
    assert seen == [panel.progress]
    assert panel.bar.value == 100
    assert panel.bar.layout.display == "none"  # hidden once solved


def test_a_widget_progress_bar_counts_in_percent():
    bar = widgets.IntProgress()
    progress = WidgetProgress(bar)
    values = []
    bar.observe(lambda change: values.append(change["new"]), names="value")
    counting = progress(total=1000)
    assert bar.layout.display is None
    for _ in range(1000):
        counting.update()
    counting.close()
    assert values == list(range(1, 101))  # a hundred updates, not a thousand
    assert bar.layout.display == "none"
    assert list(progress(["a", "b", "c", "d"])) == ["a", "b", "c", "d"]
    assert bar.value == 100
