"""Rich display of the model: dice drawn with pips, scorecards in scorecard order, stable reprs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from yacht_edu import Dice, Game, Scorecard, get_rules
from yacht_edu.display import die_drawing, die_label, direction, game_status
from yacht_edu.display.dice import PIPS, dice_html, die_svg
from yacht_edu.display.game import game_html
from yacht_edu.display.scorecard import scorecard_html
from yacht_edu.i18n import catalog
from yacht_edu.widgets import play


@pytest.mark.parametrize("face", range(1, 7))
def test_a_die_shows_as_many_pips_as_its_face(face: int) -> None:
    svg = die_svg(face)
    assert svg.count("<circle") == face
    centres = set(re.findall(r'cx="(\d+)" cy="(\d+)"', svg))
    assert len(centres) == face  # no two pips on one spot
    assert len(PIPS[face]) == face


def test_pips_sit_as_on_a_real_die() -> None:
    # opposite corners for two and three, the middle pip only on the odd faces
    assert PIPS[2] == ((0, 0), (2, 2))
    assert all(((1, 1) in PIPS[f]) == (f % 2 == 1) for f in range(1, 7))
    for face in range(1, 7):  # every face is symmetric under a half turn, as printed dice are
        assert {(2 - c, 2 - r) for c, r in PIPS[face]} == set(PIPS[face])


def test_a_die_not_rolled_yet_is_blank_and_a_held_die_framed() -> None:
    assert "<circle" not in die_svg(None)
    assert 'stroke-width="7"' in die_svg(4, held=True)
    assert 'stroke-width="7"' not in die_svg(4)
    labelled = die_svg(5, label="die 3: 5, held")
    assert 'aria-label="die 3: 5, held"' in labelled
    assert "<title>die 3: 5, held</title>" in labelled


def test_dice_html_marks_held_dice_by_more_than_colour() -> None:
    shown = dice_html(Dice(3, 5, 5, 1, 6), held=[1, 2], lang="en")
    dice = re.findall(r'<div class="(yacht-die[^"]*)"', shown)
    assert dice == ["yacht-die", "yacht-die yacht-held", "yacht-die yacht-held", "yacht-die",
                    "yacht-die"]
    assert shown.count("translateY(-8px)") == 2  # lifted
    assert shown.count("<path") == 2  # a padlock under each held die
    assert re.findall(r'aria-label="(die [^"]+)"', shown) == [
        "die 1: 3", "die 2: 5, held", "die 3: 5, held", "die 4: 1", "die 5: 6"]


def test_the_board_draws_its_dice_from_the_same_picture_as_die_svg() -> None:
    drawing = json.loads(json.dumps(die_drawing()))  # as the board's view receives it
    for face in range(1, 7):
        svg = die_svg(face)
        centres = sorted(map(tuple, re.findall(r'cx="(\d+)" cy="(\d+)"', svg)))
        assert centres == sorted((str(x), str(y)) for x, y in drawing["pips"][str(face)])
        assert svg.count(f'r="{drawing["pip"]}"') == face
    body = drawing["body"]
    assert f'viewBox="{drawing["view_box"]}"' in die_svg(None)
    assert f'<rect x="{body["x"]}" y="{body["y"]}" width="{body["width"]}"' in die_svg(None)
    # the board sends the picture, and its view keeps no pip layout of its own
    assert play(("Asha",), settle=0).state["die"] == drawing
    script = (Path(__file__).parents[1] / "yacht_edu" / "widgets" / "board.js").read_text()
    assert "die.pips[face]" in script and "PIPS" not in script and "22 *" not in script


def test_die_labels() -> None:
    assert die_label(0, None, False, "en") == "die 1: not rolled yet"
    assert die_label(4, 6, False, "en") == "die 5: 6"


@pytest.mark.parametrize("rules", ["yacht", "yacht_sum4", "yahtzee"])
def test_a_scorecard_lists_every_box_in_scorecard_order(rules: str) -> None:
    card = Scorecard.empty(rules).fill((5, 5, 5, 2, 1), "fives")
    shown = scorecard_html(card, "en")
    assert re.findall(r'class="yacht-box-(\w+)"', shown) == list(get_rules(rules).boxes)
    assert get_rules(rules).label("en") in shown
    assert re.search(r'yacht-total"[^>]*>15<', shown)
    has_bonus = rules == "yahtzee"
    assert ("Bonus (35 at 63)" in shown) == has_bonus  # docs/rules.md#upper-bonus
    assert (catalog("en")["card.yahtzee_bonus"] in shown) == has_bonus


def test_the_upper_section_shows_its_way_to_the_bonus() -> None:
    card = Scorecard.from_filled({"sixes": 30, "fives": 25, "fours": 12}, "yahtzee")
    shown = scorecard_html(card, "en")
    assert "67 / 63" in shown
    assert re.search(r'yacht-total"[^>]*>102<', shown)  # 67 + the 35 bonus
    plain = scorecard_html(Scorecard.from_filled({"sixes": 30}, "yacht"), "en")
    assert "/ 63" not in plain


def test_urdu_is_right_to_left_with_numbers_left_to_right() -> None:
    assert direction("ur") == "rtl"
    assert direction("kn") == "ltr"
    shown = scorecard_html(Scorecard.empty("yacht"), "ur")
    assert 'dir="rtl"' in shown
    assert "direction:ltr" in shown


@pytest.mark.parametrize("lang", ["en", "kn", "ur"])
def test_the_comparison_strategy_and_distribution_tables_say_their_direction(lang: str) -> None:
    """Urdu's tables run right to left (the first column at the right), their numbers left to
    right; every other language's left to right."""
    from yacht_edu import custom_rules
    from yacht_edu.compare import compare_rules
    from yacht_edu.display.compare import comparison_html
    from yacht_edu.display.strategies import simulation_html
    from yacht_edu.display.tables import distribution_html
    from yacht_edu.probability import one_roll_distribution
    from yacht_edu.strategies import simulate

    small = custom_rules("yacht", rolls=1, remove=[b for b in get_rules("yacht").boxes
                                                   if b not in ("yacht", "choice")])
    way = "rtl" if lang == "ur" else "ltr"
    tables = {
        "yacht-comparison": comparison_html(compare_rules([small]), lang),
        "yacht-simulation": simulation_html(simulate("chase_five", "yacht", games=20, seed=1),
                                            lang),
        "yacht-distribution": distribution_html(one_roll_distribution("choice"), lang),
    }
    for css_class, shown in tables.items():
        assert re.match(rf"""<(table|div) class=['"]{css_class}['"] dir=['"]{way}['"]""", shown)
        assert re.search(r"""<t[dh] dir=['"]ltr['"]|<span dir=['"]ltr['"]""", shown), css_class
    spread = tables["yacht-simulation"]
    assert "(sd " not in spread and catalog(lang)["strategy.sd"].split("{")[0] in spread


def test_a_game_shows_its_rules_status_dice_and_every_card() -> None:
    game = Game(("Asha", "Ravi"), rules="yahtzee", seed=2)
    game.roll(result=(2, 2, 3, 3, 3))
    game.hold(0)
    shown = game_html(game, "en")
    assert get_rules("yahtzee").label("en") in shown
    assert "Round 1 of 13 · Asha to play" in shown
    assert shown.count('class="yacht-scorecard"') == 2
    assert "die 1: 2, held" in shown
    assert shown.index("Asha") < shown.index("Ravi")


def test_the_status_names_the_winners() -> None:
    game = Game(("Asha", "Ravi"), seed=2)
    while not game.over:
        game.roll(result=(6, 6, 6, 6, 6))
        game.score(game.scorecard().open_boxes[0])
    points = game.totals["Asha"]
    assert game.totals["Ravi"] == points
    assert game_status(game, "en") == f"Game over: Asha, Ravi share the win with {points} points."


def test_cells_show_html_through_the_models_repr_html() -> None:
    dice = Dice(1, 2, 3, 4, 5)
    assert dice._repr_html_() == dice_html(dice)
    card = Scorecard.empty("yahtzee")
    assert card._repr_html_() == scorecard_html(card)
    game = Game(seed=1)
    assert game._repr_html_() == game_html(game)


def test_plain_reprs_are_stable_for_nbval() -> None:
    first, second = Game(("Asha",), seed=9), Game(("Asha",), seed=9)
    for a, b in [(first, second), (first.scorecard(), second.scorecard()),
                 (first.roll(), second.roll())]:
        assert repr(a) == repr(b)
        assert "0x" not in repr(a)
    # an anywidget's bundle is (data, metadata); the text nbval compares is in the data
    unseeded = [play(("Asha",))._repr_mimebundle_()[0]["text/plain"]  # type: ignore[index]
                for _ in range(2)]
    assert unseeded[0] == unseeded[1] == "GameView(Rules('yacht'), players=('Asha',))"
