"""The game board without a browser: send it the view's intents, check the model and the state
the view would draw.

A fake clock drives the settle time (the wait after a roll or a score) deterministically.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from yacht_edu import Game, get_rules
from yacht_edu.errors import (
    BoxUsedError,
    GameOverError,
    JokerRuleError,
    NoRollsLeftError,
    NotRolledYetError,
    UpperSectionFirstError,
)
from yacht_edu.i18n import LANGUAGES, UnknownLanguageError, catalog, plural_catalog, t, tn
from yacht_edu.rules import Rules
from yacht_edu.widgets import chances_panel, coach_panel, dice_view, play, scorecard_view
from yacht_edu.widgets.board import PUBLIC_CLASSES, GameView, next_seed
from yacht_edu.widgets.referee import NotYourTurnError
from yacht_edu.widgets.state import ranking

SETTLE = 0.3
WIDGETS = Path(__file__).resolve().parents[1] / "yacht_edu" / "widgets"

RULE_SETS = [
    get_rules("yacht"),
    get_rules("yacht_sum4"),
    get_rules("yahtzee"),
    get_rules("yahtzee", joker="free"),
    get_rules("yahtzee", joker="none"),
    get_rules("yahtzee", upper_first=True),
]


class Clock:
    """A clock that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def wait(self, seconds: float = SETTLE + 0.01) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


def settle(view: GameView, clock: Clock) -> None:
    """Let the dice land: time passes and the board redraws (the kernel's loop does this)."""
    clock.wait()
    view.referee.refresh()


def cell(view: GameView, box: str, player: str | None = None) -> dict[str, Any]:
    """The state of one box of one player's column (default: the player to move)."""
    player = player or view.game.players[0]
    for row in view.state["card"]["rows"]:
        if row.get("box") == box:
            found: dict[str, Any]
            (found,) = (c for c in row["cells"] if c["player"] == player)
            return found
    raise KeyError(box)


def sums(view: GameView, key: str) -> list[str]:
    (row,) = (r for r in view.state["card"]["rows"] if r.get("key") == key)
    cells: list[str] = row["cells"]
    return cells


def open_boxes(view: GameView) -> list[str]:
    player = view.game.current_player
    return [row["box"] for row in view.state["card"]["rows"] if row["kind"] == "box"
            and cell(view, row["box"], player)["state"] == "open"]


def play_turn(view: GameView, clock: Clock, rng: random.Random) -> str:
    """One turn by intents: roll, hold some dice, roll, change the holds, roll, score a box."""
    for roll in range(3):
        if roll:
            for die in rng.sample(range(5), rng.randint(0, 3)):
                view.receive({"intent": "hold", "die": die})
        view.receive({"intent": "roll"})
        settle(view, clock)
    box = rng.choice(open_boxes(view))
    view.receive({"intent": "score", "player": view.game.current_player, "box": box})
    settle(view, clock)
    return box


def snapshot(game: Game) -> str:
    """Everything a game is: two snapshots are equal only if nothing changed."""
    return game.to_json()


# -- whole games ------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS, ids=repr)
def test_whole_game_by_intents_for_every_rule_set(rules: Rules, clock: Clock) -> None:
    view = play(("Asha", "Ravi", "Mina"), rules, seed=len(repr(rules)), clock=clock)
    rng = random.Random(7)
    scored = [play_turn(view, clock, rng) for _ in range(rules.turns * 3)]
    game = view.game
    assert game.over
    rolls = [e for e in game.history if e["type"] == "roll"]
    scores = [e for e in game.history if e["type"] == "score"]
    assert len(rolls) == 3 * 3 * rules.turns  # three rolls every turn, never one more
    assert [e["category"] for e in scores] == scored
    assert [e["player"] for e in scores] == ["Asha", "Ravi", "Mina"] * rules.turns
    for column, name in enumerate(game.players):  # the board shows what the history adds up to
        gained = sum(e["points"] for e in scores if e["player"] == name)
        assert sums(view, "total")[column] == str(gained) == str(game.totals[name])
        assert all(cell(view, c, name)["state"] == "filled" for c in rules.boxes)
    final = view.state["final"]
    assert final["heading"].startswith("Game over")
    assert [entry["name"] for entry in final["ranking"]] == sorted(
        game.players, key=lambda name: -game.totals[name])
    assert final["ranking"][0]["points"] == tn("board.points", max(game.totals.values()), "en")


def test_the_status_counts_the_rounds(clock: Clock) -> None:
    view = play(seed=3, clock=clock)
    for turn in range(1, 13):
        assert view.state["status"] == f"Round {turn} of 12 · Player 1 to play"
        play_turn(view, clock, random.Random(turn))
    assert view.state["status"].startswith("Game over: Player 1 scored")


# -- the dice and the roll button -------------------------------------------------------------


def test_the_roll_button_counts_down_with_plural_forms(clock: Clock) -> None:
    view = play(seed=1, clock=clock)
    shown = []
    for _ in range(3):
        shown.append(view.state["roll"]["left"])
        view.roll()
        settle(view, clock)
    assert shown == ["3 rolls left", "2 rolls left", "1 roll left"]
    # the button keeps its words (and so its size): what to do next is its title
    assert view.state["roll"] == {"key": "roll", "text": "Roll", "left": "0 rolls left",
                                  "locked": True, "title": "No rolls left: score a box"}


def test_roll_with_no_rolls_left_is_answered_with_the_rule(clock: Clock) -> None:
    view = play(seed=1, clock=clock)
    for _ in range(3):
        view.roll()
        settle(view, clock)
    before = snapshot(view.game)
    assert not view.receive({"intent": "roll"})
    assert snapshot(view.game) == before
    assert view.state["message"] == NoRollsLeftError(count=3).message("en")
    assert view.state["message_at"] == "roll"


def test_before_the_first_roll_a_die_answers_why_it_cannot_be_held(clock: Clock) -> None:
    view = play(seed=1, clock=clock)
    assert all(die["locked"] and die["face"] is None for die in view.state["dice"])
    view.receive({"intent": "hold", "die": 2})
    assert view.game.held == ()
    assert view.state["message"] == NotRolledYetError().message("en")
    assert view.state["message_at"] == "die-2"


def test_a_click_holds_and_a_second_click_releases(clock: Clock) -> None:
    view = play(seed=1, clock=clock)
    view.roll()
    settle(view, clock)
    view.hold(1)
    view.hold(3)
    assert view.game.held == (1, 3)
    assert [d["held"] for d in view.state["dice"]] == [False, True, False, True, False]
    assert view.state["dice"][1]["label"] == f"die 2: {view.game.dice[1]}, held"  # type: ignore[index]
    view.hold(1)
    # mypy keeps game.held narrowed to (1, 3) across hold(): both lines are a false alarm
    assert view.game.held == (3,)  # type: ignore[comparison-overlap]
    view.roll()  # type: ignore[unreachable]
    assert view.game.dice[3] == view.game.history[-1]["dice"][3]


def test_a_second_roll_while_the_dice_land_is_answered_not_made(clock: Clock) -> None:
    """Two quick clicks on Roll (a double click, an impatient click): one roll, one answer."""
    view = play(seed=1, clock=clock)
    assert view.roll()
    assert view.state["landing"]
    assert not view.roll()
    assert view.game.rolls_left == 2
    assert view.state["message"] == t("board.wait_dice", "en")
    settle(view, clock)
    assert not view.state["landing"]
    assert view.roll()
    assert view.game.rolls_left == 1
    assert view.state["message"] == ""  # an accepted move clears the answer


def test_fast_clicks_each_act_once_or_answer(clock: Clock) -> None:
    """Roll then a box at once; a die at once after a roll: answered, the game untouched."""
    view = play(seed=1, clock=clock)
    view.roll()
    before = snapshot(view.game)
    view.receive({"intent": "score", "player": "Player 1", "box": "choice"})
    assert view.state["message"] == t("board.wait_dice", "en")
    assert view.state["message_at"] == "box-Player 1-choice"
    view.receive({"intent": "hold", "die": 0})
    assert view.state["message_at"] == "die-0"
    assert snapshot(view.game) == before
    settle(view, clock)
    view.hold(0)
    assert view.game.held == (0,)


def test_a_score_makes_the_next_roll_wait_with_its_own_words(clock: Clock) -> None:
    view = play(seed=1, clock=clock)
    view.roll()
    settle(view, clock)
    view.score("choice")
    assert not view.roll()
    assert view.state["message"] == t("board.wait_score", "en")
    settle(view, clock)
    assert view.roll()


def test_the_still_landing_answer_goes_when_the_dice_land(clock: Clock) -> None:
    view = play(seed=1, clock=clock)
    view.roll()
    view.score("choice")
    assert view.state["message"] == t("board.wait_dice", "en")
    clock.wait()
    view.referee.wake()  # what the kernel's loop calls once the table has settled
    assert (view.state["message"], view.state["message_at"]) == ("", "")
    assert not view.state["landing"]


def test_a_refusal_is_not_taken_back_when_the_dice_land(clock: Clock) -> None:
    """Only "wait" stops being true when the table settles; a rule's answer stays said."""
    view = play(("Asha", "Ravi"), seed=1, clock=clock)
    view.roll()
    clock.wait()
    view.score("choice", player="Ravi")
    view.referee.wake()
    assert view.state["message"] == NotYourTurnError(player="Ravi", current="Asha").message("en")


def test_every_answer_is_numbered_so_the_view_can_tell_a_new_one(clock: Clock) -> None:
    view = play(("Asha", "Ravi"), seed=1, clock=clock)
    first = view.state["message_number"]
    view.score("choice")  # before the roll
    view.score("choice")  # the same words again: still a new answer, shown again
    assert view.state["message_number"] == first + 2
    view.roll()
    assert view.state["message_number"] == first + 2  # an accepted move says nothing new


def test_the_wait_is_lifted_by_the_running_event_loop() -> None:
    """In a kernel the board redraws itself once the dice have landed."""
    async def main() -> tuple[bool, bool]:
        view = play(seed=1, settle=0.05)
        view.roll()
        landing = view.state["landing"]
        await asyncio.sleep(0.2)
        return landing, view.state["landing"]

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # a loop of its own, not pytest's
        assert pool.submit(asyncio.run, main()).result(timeout=10) == (True, False)


# -- the scorecard ----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS, ids=repr)
def test_every_box_in_scorecard_order(rules: Rules) -> None:
    view = play(("Asha", "Ravi"), rules)
    boxes = [row["box"] for row in view.state["card"]["rows"] if row["kind"] == "box"]
    assert boxes == list(rules.boxes)
    keys = [c["key"] for row in view.state["card"]["rows"] if row["kind"] == "box"
            for c in row["cells"]]
    assert len(set(keys)) == len(keys) == 2 * len(rules.boxes)


def test_open_boxes_offer_what_they_would_score(clock: Clock) -> None:
    game = Game(seed=1)
    view = play(game=game, clock=clock)
    assert cell(view, "choice")["state"] == "waiting"
    assert cell(view, "choice")["title"] == "Choice: roll the dice first"
    game.roll(result=(6, 6, 6, 6, 2))
    assert cell(view, "four_of_a_kind") | {"key": ""} == {
        "key": "", "player": "Player 1", "box": "four_of_a_kind", "state": "open",
        "text": "24", "zero": False, "title": "Four of a Kind: score 24 points here",
        "label": "Player 1, Four of a Kind: open, 24 if scored now"}
    assert cell(view, "full_house")["text"] == "0"
    assert cell(view, "full_house")["zero"]


def test_a_scored_box_is_filled_and_a_second_score_there_is_answered(clock: Clock) -> None:
    game = Game(seed=1)
    view = play(game=game, clock=clock)
    game.roll(result=(2, 2, 3, 3, 3))
    view.score("full_house")
    settle(view, clock)
    assert cell(view, "full_house")["state"] == "filled"
    assert cell(view, "full_house")["text"] == "13"
    game.roll(result=(2, 2, 3, 3, 3))
    before = snapshot(game)
    assert not view.score("full_house")
    assert snapshot(game) == before
    assert view.state["message"] == BoxUsedError(
        box=t("category.full_house", "en"), count=13).message("en")


def test_another_players_card_answers_whose_turn_it_is(clock: Clock) -> None:
    view = play(("Asha", "Ravi"), seed=2, clock=clock)
    view.roll()
    settle(view, clock)
    assert cell(view, "choice", "Ravi")["title"] == "Choice: it is Asha's turn"
    before = snapshot(view.game)
    view.receive({"intent": "score", "player": "Ravi", "box": "choice"})
    assert snapshot(view.game) == before
    assert view.state["message"] == NotYourTurnError(player="Ravi", current="Asha").message("en")
    assert view.state["message_at"] == "box-Ravi-choice"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_boxs_accessible_name_says_whose_it_is_and_whether_it_is_filled(lang: str,
                                                                          clock: Clock) -> None:
    game = Game(("Asha", "Ravi"), seed=1)
    view = play(game=game, lang=lang, clock=clock)
    game.roll(result=(3, 3, 3, 2, 2))
    threes = t("category.threes", lang)
    assert cell(view, "threes", "Asha")["label"] == t("widget.box_name_open", lang, player="Asha",
                                                      box=threes, score=9)
    assert cell(view, "threes", "Ravi")["label"] == t("widget.box_name_empty", lang,
                                                      player="Ravi", box=threes)
    view.score("threes")
    assert cell(view, "threes", "Asha")["label"] == t("widget.box_name_filled", lang,
                                                      player="Asha", box=threes, score=9)
    labels = {cell(view, "threes", p)["label"] for p in ("Asha", "Ravi")}
    assert len(labels) == 2  # the two columns no longer read the same
    assert all("Asha" in label or "Ravi" in label for label in labels)


def second_yahtzee(clock: Clock) -> tuple[Game, GameView]:
    """A Yahtzee game and its board: 50 scored for a yahtzee of threes, another rolled."""
    game = Game(rules="yahtzee", seed=1)
    view = play(game=game, clock=clock)
    game.roll(result=(3, 3, 3, 3, 3))
    view.score("yahtzee")
    settle(view, clock)
    game.roll(result=(3, 3, 3, 3, 3))
    return game, view


def test_a_forbidden_boxs_accessible_name_says_so(clock: Clock) -> None:
    _, view = second_yahtzee(clock)
    assert cell(view, "full_house")["label"] == "Player 1, Full House: open, not allowed now"


def test_the_learners_messages_say_box_as_the_card_does() -> None:
    """The card's heading says "Box": no English message a learner reads says "category"."""
    assert t("widget.col_box", "en") == "Box"
    for msgid, text in catalog("en").items():
        if not msgid.startswith(("error.", "widget.", "board.", "display.")):
            continue
        assert "category" not in text.lower(), msgid


def test_a_box_before_the_roll_answers_roll_first(clock: Clock) -> None:
    view = play(seed=1, clock=clock)
    view.score("choice")
    assert view.state["message"] == NotRolledYetError().message("en")


JOKER_FULL_HOUSE = "joker rule"


def test_the_joker_rule_forbids_the_right_boxes_and_says_why_on_click(clock: Clock) -> None:
    game, view = second_yahtzee(clock)
    assert cell(view, "threes")["state"] == "open"
    assert cell(view, "threes")["text"] == "15 +100"
    assert open_boxes(view) == ["threes"]  # docs/rules.md#joker, rule 1
    forbidden = cell(view, "full_house")
    assert forbidden["state"] == "forbidden"
    assert JOKER_FULL_HOUSE in forbidden["title"]
    before = snapshot(game)
    view.receive({"intent": "score", "player": "Player 1", "box": "full_house"})  # a tap
    assert snapshot(game) == before
    assert view.state["message"] == forbidden["title"]
    with pytest.raises(JokerRuleError):
        game.score("full_house")


def test_joker_lower_boxes_score_their_full_value(clock: Clock) -> None:
    game = Game(rules="yahtzee", seed=1)
    view = play(game=game, clock=clock)
    for box in ("yahtzee", "threes"):
        game.roll(result=(3, 3, 3, 3, 3))
        view.score(box)
        settle(view, clock)
    game.roll(result=(3, 3, 3, 3, 3))
    assert cell(view, "full_house")["text"] == "25 +100"  # docs/rules.md#joker, rule 2
    assert cell(view, "large_straight")["text"] == "40 +100"
    assert cell(view, "aces")["state"] == "forbidden"


def test_upper_first_forbids_the_lower_section(clock: Clock) -> None:
    game = Game(rules=get_rules("yahtzee", upper_first=True), seed=1)
    view = play(game=game, clock=clock)
    game.roll(result=(1, 2, 3, 4, 5))
    forbidden = cell(view, "large_straight")
    assert forbidden["state"] == "forbidden"
    assert not view.score("large_straight")
    assert view.state["message"] == forbidden["title"]
    assert game.scorecard()["large_straight"] is None
    with pytest.raises(UpperSectionFirstError):
        game.score("large_straight")


def test_yahtzee_bonus_progress_towards_63(clock: Clock) -> None:
    game = Game(rules="yahtzee", seed=1)
    view = play(game=game, clock=clock)
    game.roll(result=(6, 6, 6, 6, 2))
    view.score("sixes")
    assert sums(view, "upper") == ["24 / 63"]
    assert sums(view, "bonus") == ["39 points to go"]


def test_yacht_has_no_bonus_rows() -> None:
    keys = [row.get("key") for row in play().state["card"]["rows"]]
    assert keys.count("bonus") == keys.count("yahtzee_bonus") == 0
    assert keys[-1] == "total"


def test_two_players_pass_the_turn_and_the_column_to_move_is_marked(clock: Clock) -> None:
    view = play(("Asha", "Ravi"), seed=2, clock=clock)
    assert [p["current"] for p in view.state["card"]["players"]] == [True, False]
    assert view.state["card"]["players"][0]["heading"] == "▶ Asha"
    view.roll()
    settle(view, clock)
    view.score("choice")
    assert [p["current"] for p in view.state["card"]["players"]] == [False, True]
    assert view.state["status"] == "Round 1 of 12 · Ravi to play"


def test_four_players_side_by_side() -> None:
    view = play(("Asha", "Ravi", "Mina", "Kiran"))
    assert [p["name"] for p in view.state["card"]["players"]] == ["Asha", "Ravi", "Mina", "Kiran"]
    assert all(len(row["cells"]) == 4 for row in view.state["card"]["rows"])


def test_the_final_ranking_shares_places_on_equal_totals() -> None:
    assert ranking({"A": 10, "B": 30, "C": 10, "D": 5}) == [
        (1, "B", 30), (2, "A", 10), (2, "C", 10), (4, "D", 5)]


def test_new_game_same_players_and_rules(clock: Clock) -> None:
    view = play(("Asha", "Ravi"), "yahtzee", seed=5, clock=clock)
    rng = random.Random(1)
    while not view.game.over:
        play_turn(view, clock, rng)
    old = view.game
    assert view.state["final"]["new_game"] == "New game, same players and rules"
    view.receive({"intent": "new_game"})
    assert view.game is not old
    assert (view.game.players, view.game.rules, view.game.seed) == (
        old.players, old.rules, next_seed(old.seed))
    assert view.state["final"] is None
    settle(view, clock)
    moment = view.state["moment"]
    view.game.roll()  # the new game is watched ...
    assert view.state["moment"] > moment
    moment = view.state["moment"]
    assert old.over  # ... and the old one no longer


def test_a_closed_board_stops_watching_its_game() -> None:
    game = Game(seed=1)
    view = play(game=game)
    view.close()
    moment = view.state["moment"]
    game.roll()
    assert view.state["moment"] == moment


def test_game_over_answers_moves_with_the_rules_message(clock: Clock) -> None:
    view = play(seed=1, clock=clock)
    while not view.game.over:
        play_turn(view, clock, random.Random(2))
    view.roll()
    assert view.state["message"] == GameOverError(winners="Player 1").message("en")
    assert view.state["roll"]["locked"]


def test_malformed_intents_change_nothing() -> None:
    view = play(seed=1)
    before = snapshot(view.game)
    for content in (None, "roll", {}, {"intent": "hold", "die": 7}, {"intent": "hold"},
                    {"intent": "score", "box": 3}, {"intent": "panel", "panel": "x"},
                    {"intent": "coach_mode", "mode": "nonsense"}, {"intent": "explode"}):
        view.receive(content)
    assert snapshot(view.game) == before
    assert view.state["message"] == ""


# -- one source of truth ----------------------------------------------------------------------


def test_the_board_holds_no_game_state() -> None:
    """Two boards of one game agree after moves made by either one, or by the model itself."""
    game = Game(("Asha", "Ravi"), seed=8)
    first, second = play(game=game, settle=0), play(game=game, settle=0)
    first.roll()
    second.hold(2)
    game.hold(4)
    assert game.held == (2, 4)
    for view in (first, second):
        assert [d["held"] for d in view.state["dice"]] == [False, False, True, False, True]
    second.score("choice")
    assert cell(first, "choice", "Asha")["text"] == str(game.scorecard("Asha")["choice"])
    assert {k: v for k, v in first.state.items() if k != "moment"} == {
        k: v for k, v in second.state.items() if k != "moment"}


def test_the_state_is_json_and_every_text_comes_from_the_catalog() -> None:
    game = Game(("Asha", "Ravi"), rules="yahtzee", seed=3)
    game.roll()
    view = play(game=game, chances=True)
    text = json.dumps(view.state, ensure_ascii=False)
    assert json.loads(text) == view.state
    assert not re.search(r"\b(widget|board|display|category|card|die|error)\.[a-z_]+", text)


def test_every_message_id_in_the_board_code_is_in_the_english_catalog() -> None:
    package = WIDGETS.parent
    sources = [*sorted((package / "display").glob("*.py")), *sorted(WIDGETS.glob("*.py"))]
    used = {m for path in sources for m in re.findall(
        r"\"((?:widget|widgets|board|display|card|die)\.[a-z_]+)\"", path.read_text())} - {
        "board.js", "board.css"}
    assert used
    assert used <= set(catalog("en")) | set(plural_catalog("en"))


def test_the_view_ships_with_the_package_and_names_the_public_classes() -> None:
    script = (WIDGETS / "board.js").read_text()
    style = (WIDGETS / "board.css").read_text()
    assert str(GameView._esm) == script and str(GameView._css) == style
    named = {part.strip() for key in PUBLIC_CLASSES for part in key.split("/")}
    for name in named:
        stem = name.split("<")[0].removesuffix("N")
        if name.endswith("-switch"):  # built from the panel's name: yacht-${name}-switch
            stem = "yacht-${switcher.name}-switch"
        built = script + (WIDGETS / "state.py").read_text()  # a box's state names its class
        assert stem in script or f'"{stem.removeprefix("yacht-")}"' in built, name
    assert "widget-button" not in style and "widget-html" not in style  # no ipywidgets internals


# -- languages ----------------------------------------------------------------------------------


def test_urdu_status_never_puts_a_middle_dot_after_a_number() -> None:
    """Right after "12" a "·" reads as an Urdu zero ("12۰"): the Urdu status uses a comma."""
    status = play(("Asha", "Ravi"), seed=1, lang="ur").state["status"]
    assert "·" not in status and "،" in status
    assert re.search(r"\d\u2069?\s*·", status) is None


def test_urdu_lays_out_right_to_left_and_english_does_not() -> None:
    assert play(lang="ur").state["dir"] == "rtl"
    assert play(lang="en").state["dir"] == "ltr"


def test_the_language_reaches_the_rule_messages() -> None:
    view = play(seed=1, lang="kn", settle=0)
    view.hold(0)
    assert view.state["message"] == NotRolledYetError().message("kn")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_rolls_left_in_every_language_takes_its_plural_form(lang: str) -> None:
    forms = plural_catalog(lang)["board.rolls_left"]
    assert len(forms) == 2
    one, two = tn("board.rolls_left", 1, lang), tn("board.rolls_left", 2, lang)
    assert "1" in one and "2" in two
    assert (one.replace("1", "N") == two.replace("2", "N")) == (forms[0] == forms[1])
    view = play(seed=1, lang=lang, settle=0)
    view.roll()
    view.roll()
    assert view.state["roll"]["left"] == one


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(UnknownLanguageError):
        play(lang="xx")


def test_repr_is_stable_for_nbval() -> None:
    first, second = play(("Asha",), seed=1), play(("Asha",), seed=None)
    assert repr(first) == repr(second) == "GameView(Rules('yacht'), players=('Asha',))"
    assert "0x" not in repr(dice_view(Game()))


def test_the_parts_of_the_board_stand_alone() -> None:
    game = Game(("Asha",), seed=1)
    assert dice_view(game).state["parts"] == ["dice"]
    assert scorecard_view(game).state["parts"] == ["card"]
    assert chances_panel(game).state["chances"] is not None
    assert coach_panel.__doc__
    with pytest.raises(ValueError, match="parts"):
        GameView(game, parts=("clock",))


def test_play_attaches_to_an_existing_game() -> None:
    game = Game(("Asha", "Ravi"), seed=1)
    view = play(game=game, settle=0)
    view.roll()
    assert game.rolls_left == 2


def test_play_with_a_game_and_other_players_is_refused() -> None:
    with pytest.raises(ValueError, match="own players"):
        play(("Asha",), game=Game())


@pytest.mark.parametrize("settle_time", [-1, "fast", True])
def test_play_rejects_a_bad_settle_time(settle_time: object) -> None:
    with pytest.raises(ValueError, match="settle"):
        play(settle=settle_time)  # type: ignore[arg-type]


def test_a_board_of_something_else_is_refused() -> None:
    with pytest.raises(TypeError, match="Game"):
        GameView("a game")  # type: ignore[arg-type]


def test_a_game_without_names_names_its_player_in_the_learners_language() -> None:
    assert play().game.players == ("Player 1",)
    for code in LANGUAGES:
        assert play(lang=code).game.players == (t("widgets.default_player", code, number=1),)


# -- what a screen reader hears, and what the view says without Python (issue 32) -----------------


def said(view: GameView) -> tuple[str, str]:
    """The live region's key and words."""
    return view.state["said"]["key"], view.state["said"]["text"]


def test_the_live_region_tells_each_roll_each_score_and_whose_turn_it_is(clock: Clock) -> None:
    view = play(("Asha", "Ravi"), seed=2026, clock=clock)
    model = Game(("Asha", "Ravi"), seed=2026)  # the same game, played beside the board
    assert said(view)[1] == ""  # nothing happened yet: nothing to tell
    view.roll()
    dice = model.roll()
    key, text = said(view)
    assert text == f"Asha rolled {', '.join(map(str, dice))}: 2 rolls left."
    clock.wait()
    view.hold(1)  # a die held says so itself (its pressed state): no new words
    assert said(view) == (key, text)
    view.score("fours")
    points = model.score("fours")
    key_after, text = said(view)
    assert key_after != key
    assert text == (f"Asha scored {points} points in Fours (total {points}). "
                    "Round 1 of 12 · Ravi to play")


def test_the_live_region_tells_each_refusal_once_with_a_new_key(clock: Clock) -> None:
    view = play(("Asha", "Ravi"), seed=2026, clock=clock)
    view.score("choice", player="Ravi")
    first = said(view)
    assert first[1] == view.state["message"] == NotYourTurnError(
        player="Ravi", current="Asha").message("en")
    view.score("choice", player="Ravi")  # the same refusal again is told again
    second = said(view)
    assert second[1] == first[1] and second[0] != first[0]


def test_the_live_region_tells_the_end_of_the_game_with_the_ranking(clock: Clock) -> None:
    game = Game(("Asha", "Ravi"), seed=12)
    while game.round < 12 or game.current_player != "Ravi":
        game.roll()
        game.score(game.scorecard().open_boxes[0])
    view = play(game=game, clock=clock)
    game.roll()
    clock.wait()
    view.score(game.scorecard().open_boxes[0])
    text = said(view)[1]
    assert text.startswith("Ravi scored ") and view.state["status"] in text
    places = [f"{place}. {name}: {points} points" for place, name, points in ranking(game.totals)]
    assert text.endswith(", ".join(places))


def test_the_live_region_speaks_the_learners_language() -> None:
    view = play(("Asha",), seed=2026, lang="kn", settle=0)
    view.roll()
    text = said(view)[1]
    dice = view.game.dice
    assert dice is not None and "Asha" in text and tn("board.rolls_left", 2, "kn") in text
    assert text == t("widget.said_roll", "kn", player="Asha", dice=list(dice),
                     left=tn("board.rolls_left", 2, "kn"))


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_view_has_its_own_words_from_the_first_message(lang: str, monkeypatch: Any) -> None:
    """The comm that makes the view carries the whole state and the words the view says
    itself ("loading", "Python has not answered"): a view never waits on a second message to
    draw the board."""
    import comm

    opened: list[dict[str, Any]] = []
    real = comm.create_comm

    def recorded(**args: Any) -> Any:
        opened.append(args["data"]["state"])
        return real(**args)

    monkeypatch.setattr(comm, "create_comm", recorded)
    view = play(("Asha",), seed=1, lang=lang)
    (first,) = (s for s in opened if "words" in s)
    assert first["state"]["status"] == view.state["status"]
    assert first["words"] == {
        "lang": lang, "dir": "rtl" if lang == "ur" else "ltr",
        "loading": t("widget.loading", lang), "no_answer": t("widget.no_answer", lang),
        "no_answer_notebook": t("widget.no_answer_notebook", lang)}
    assert all(words for words in first["words"].values())


def test_a_view_with_nothing_to_draw_asks_again_and_gets_the_state() -> None:
    view = play(("Asha",), seed=1, settle=0)
    view.state = {}
    assert view.receive({"intent": "resend"}) is False
    assert view.state["status"] == "Round 1 of 12 · Asha to play"
    assert view.game.events == ()  # asking again changes nothing in the game
