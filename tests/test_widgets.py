"""The game widgets without a browser: build them, drive them with ``.click()``, check the model.

A fake clock drives the settle time (the lock against double clicks) deterministically.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import html
import random
import re
from collections.abc import Iterator

import ipywidgets as widgets
import pytest

from yacht_edu import Dice, Game, get_rules
from yacht_edu.errors import (
    CategoryUsedError,
    GameOverError,
    JokerRuleError,
    NoRollsLeftError,
    NotRolledYetError,
    UpperSectionFirstError,
)
from yacht_edu.i18n import CategoryName, CategoryNames, UnknownLanguageError, catalog
from yacht_edu.widgets import (
    DiceView,
    GameView,
    NotYourTurnError,
    ScorecardView,
    play,
)
from yacht_edu.widgets.game import next_seed
from yacht_edu.widgets.scorecard import INNER_SPACE

SETTLE = 0.3

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


def settle(view: GameView | DiceView | ScorecardView, clock: Clock) -> None:
    """Let the dice land: time passes and the views re-render (the kernel's loop does this)."""
    clock.wait()
    view.referee.refresh()


def classes(widget: widgets.DOMWidget) -> tuple[str, ...]:
    return tuple(widget._dom_classes)


def category_of(box: widgets.Button) -> str:
    (name,) = (c.removeprefix("yacht-category-") for c in classes(box)
               if c.startswith("yacht-category-"))
    return name


def points_on(box: widgets.Button) -> str:
    """The points a box's button shows after its name ("" if none)."""
    name, _, points = box.description.rpartition(" ")
    return points.replace(INNER_SPACE, " ") if name else ""


def message(view: GameView | DiceView | ScorecardView) -> str:
    """The text shown in the message area, without its markup."""
    return html.unescape(re.sub(r"<[^>]+>", "", view.referee.message.value))


def snapshot(game: Game) -> str:
    """Everything a game is: two snapshots are equal only if nothing changed."""
    return game.to_json()


def enabled_boxes(view: GameView) -> list[widgets.Button]:
    card = next(c for c in view.cards if c.player == view.game.current_player)
    return [box for box in card.boxes.values() if not box.disabled]


def play_turn(view: GameView, clock: Clock, rng: random.Random) -> str:
    """One turn by clicks: roll, hold some dice, roll, change the holds, roll, click a box."""
    for roll in range(3):
        if roll:
            for die in rng.sample(view.dice.dice, rng.randint(0, 3)):
                die.click()
        view.dice.roll_button.click()
        settle(view, clock)
    box = rng.choice(enabled_boxes(view))
    box.click()
    settle(view, clock)
    return category_of(box)


def all_texts(widget: widgets.Widget) -> Iterator[str]:
    """Every text a learner can read or hear in a widget tree (not the stylesheet)."""
    if "yacht-style" in getattr(widget, "_dom_classes", ()):
        return
    for name in ("description", "tooltip", "value"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            yield value
    for child in getattr(widget, "children", ()):
        yield from all_texts(child)


# -- whole games ------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS, ids=repr)
def test_whole_game_by_clicks_for_every_rule_set(rules, clock):
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
    for card in view.cards:  # the page shows what the history adds up to
        gained = sum(e["points"] for e in scores if e["player"] == card.player)
        assert card.sums["total"].value == str(gained) == str(game.totals[card.player])
        assert sum(int(points_on(box)) for box in card.boxes.values()) + card.card.upper_bonus \
            + card.card.yahtzee_bonus == gained
        assert all(box.disabled and "yacht-filled" in classes(box)
                   for box in card.boxes.values())
    best = max(game.totals.values())
    for name in game.winners:
        assert name in view.status.value
    assert str(best) in view.status.value
    assert view.new_game_button.layout.display is None


def test_solitaire_game_status_counts_the_rounds(clock):
    view = play(seed=3, clock=clock)
    rng = random.Random(1)
    for turn in range(1, 13):
        assert view.status.value == f"Round {turn} of 12 · Player 1 to play"
        assert view.new_game_button.layout.display == "none"
        play_turn(view, clock, rng)
    assert view.status.value == f"Game over: Player 1 scored {view.game.totals['Player 1']} points."


# -- the dice ---------------------------------------------------------------------------------


def test_dice_before_the_first_roll_cannot_be_held(clock):
    view = DiceView(Game(seed=1), clock=clock)
    assert len(view.dice) == 5
    assert all(die.disabled for die in view.dice)
    assert [die.description for die in view.dice] == [
        f"die {n}: not rolled yet" for n in range(1, 6)]
    before = snapshot(view.game)
    view.dice[2].click()
    assert snapshot(view.game) == before
    assert message(view) == NotRolledYetError().message("en")


def test_a_click_holds_and_a_second_click_releases(clock):
    game = Game(seed=5)
    view = DiceView(game, clock=clock)
    game.roll(result=(2, 5, 3, 5, 6))
    view.dice[1].click()
    view.dice[3].click()
    assert game.held == (1, 3)
    assert [d.description for d in view.dice] == [
        "die 1: 2", "die 2: 5, held", "die 3: 3", "die 4: 5, held", "die 5: 6"]
    assert ["yacht-held" in classes(d) for d in view.dice] == [False, True, False, True, False]
    assert [c for d in view.dice for c in classes(d) if c.startswith("yacht-face-")] == [
        "yacht-face-2", "yacht-face-5", "yacht-face-3", "yacht-face-5", "yacht-face-6"]
    view.dice[1].click()
    assert game.held == (3,)
    assert "yacht-held" not in classes(view.dice[1])
    view.roll_button.click()
    assert game.dice[3] == 5  # the held die stayed
    assert game.history[-1]["keep"] == [3]


def test_roll_button_counts_down_and_is_disabled_with_no_rolls_left(clock):
    view = DiceView(Game(seed=11), clock=clock)
    texts = []
    for _ in range(3):
        texts.append(view.roll_button.description)
        assert not view.roll_button.disabled
        view.roll_button.click()
        settle(view, clock)
    assert texts == ["Roll (3 left)", "Roll (2 left)", "Roll (1 left)"]
    assert view.roll_button.disabled
    assert view.roll_button.description == "No rolls left: score a box"
    assert all(die.disabled for die in view.dice)  # holding is over after the third roll
    before = snapshot(view.game)
    view.roll_button.click()  # a click that reaches the kernel anyway
    assert snapshot(view.game) == before
    assert message(view) == NoRollsLeftError(rolls=3).message("en")


def test_a_double_click_on_roll_rolls_once(clock):
    view = DiceView(Game(seed=2), clock=clock)
    view.roll_button.click()
    view.roll_button.click()
    assert view.game.rolls_left == 2
    assert view.roll_button.disabled
    assert "yacht-rolling" in classes(view.roll_button)
    assert all(die.disabled for die in view.dice)  # a click during the roll holds nothing
    view.dice[0].click()
    assert view.game.held == ()
    clock.wait(SETTLE / 2)
    view.roll_button.click()  # still settling
    assert view.game.rolls_left == 2
    settle(view, clock)
    assert not view.roll_button.disabled
    assert "yacht-rolling" not in classes(view.roll_button)
    view.roll_button.click()
    assert view.game.rolls_left == 1


def test_the_lock_is_lifted_by_the_running_event_loop():
    async def in_a_kernel() -> tuple[bool, bool, int]:
        view = DiceView(Game(seed=4), settle=0.02)
        view.roll_button.click()
        locked = view.roll_button.disabled
        await asyncio.sleep(0.1)  # nothing but the loop's timer can re-render meanwhile
        unlocked = not view.roll_button.disabled
        view.roll_button.click()
        return locked, unlocked, view.game.rolls_left

    # a thread of its own: another event loop may be running in this one (Playwright's)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        assert pool.submit(asyncio.run, in_a_kernel()).result() == (True, True, 1)


def test_a_move_refused_by_the_rules_does_not_lock_the_table(clock):
    view = DiceView(Game(seed=2), clock=clock)
    view.dice[0].click()  # refused: not rolled yet
    view.roll_button.click()
    assert view.game.rolls_left == 2
    assert message(view) == ""  # an accepted move clears the rule's message


# -- the scorecard ----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS[:3], ids=repr)
def test_every_category_in_scorecard_order(rules):
    view = ScorecardView(Game(rules=rules, seed=1))
    shown = [category_of(w) for w in view.grid.children if isinstance(w, widgets.Button)]
    assert shown == list(rules.categories)
    names = [w.description.rpartition(" ")[0] or w.description
             for w in view.grid.children if isinstance(w, widgets.Button)]
    assert [n.replace(INNER_SPACE, " ") for n in names] == [
        catalog("en")[f"category.{c}"] for c in rules.categories]


def test_open_boxes_offer_what_they_would_score(clock):
    game = Game(rules="yahtzee", seed=1)
    view = ScorecardView(game, clock=clock)
    assert all(box.disabled and points_on(box) == "" for box in view.boxes.values())
    assert view.boxes["fives"].tooltip == "Fives: roll the dice first"
    game.roll(result=(5, 5, 5, 2, 2))
    offered = {c: (points_on(b), b.disabled) for c, b in view.boxes.items()}
    assert offered == {  # docs/rules.md#yahtzee
        "aces": ("0", False), "twos": ("4", False), "threes": ("0", False),
        "fours": ("0", False), "fives": ("15", False), "sixes": ("0", False),
        "three_of_a_kind": ("19", False), "four_of_a_kind": ("0", False),
        "full_house": ("25", False), "small_straight": ("0", False),
        "large_straight": ("0", False), "yahtzee": ("0", False), "chance": ("19", False),
    }
    assert view.boxes["full_house"].tooltip == "Full House: score 25 here"
    assert "yacht-open" in classes(view.boxes["full_house"])
    assert "yacht-zero" in classes(view.boxes["aces"])


def test_a_clicked_box_is_filled_disabled_and_stays_in_place(clock):
    game = Game(rules="yacht", seed=1)
    view = ScorecardView(game, clock=clock)
    game.roll(result=(5, 5, 5, 2, 1))
    order = list(view.grid.children)
    view.boxes["fives"].click()
    assert game.scorecard()["fives"] == 15
    assert list(view.grid.children) == order
    box = view.boxes["fives"]
    assert (box.description, box.disabled) == ("Fives 15", True)
    assert "yacht-filled" in classes(box)
    assert box.tooltip == "Fives: filled with 15"
    assert view.sums["upper"].value == "15"
    assert view.sums["total"].value == "15"


def test_a_click_on_a_filled_box_changes_nothing(clock):
    game = Game(seed=1)
    view = ScorecardView(game, clock=clock)
    game.roll(result=(5, 5, 5, 2, 1))
    view.boxes["fives"].click()
    settle(view, clock)
    game.roll(result=(5, 5, 6, 6, 6))
    before = snapshot(game)
    view.boxes["fives"].click()
    assert snapshot(game) == before
    used = CategoryUsedError(category=CategoryName("fives"), points=15)
    assert message(view) == used.message("en")


def test_a_double_click_on_a_box_scores_once(clock):
    game = Game(("Asha", "Ravi"), seed=1)
    view = play(game=game, clock=clock)
    game.roll(result=(6, 6, 6, 6, 1))
    asha = view.cards[0]
    asha.boxes["sixes"].click()
    asha.boxes["sixes"].click()
    assert [e["category"] for e in game.history if e["type"] == "score"] == ["sixes"]
    assert game.current_player == "Ravi"
    assert message(view) == ""  # the second click was ignored, not refused


def test_another_players_card_cannot_be_scored(clock):
    game = Game(("Asha", "Ravi"), seed=1)
    view = play(game=game, clock=clock)
    game.roll(result=(1, 2, 3, 4, 5))
    ravi = view.cards[1]
    assert all(box.disabled for box in ravi.boxes.values())
    assert ravi.boxes["choice"].tooltip == "Choice: it is Asha's turn"
    before = snapshot(game)
    ravi.boxes["little_straight"].click()
    assert snapshot(game) == before
    assert message(view) == NotYourTurnError(player="Ravi", current="Asha").message("en")
    assert "It is Asha's turn" in message(view)


def test_a_box_before_the_roll_changes_nothing(clock):
    view = play(seed=1, clock=clock)
    before = snapshot(view.game)
    view.cards[0].boxes["choice"].click()
    assert snapshot(view.game) == before
    assert message(view) == NotRolledYetError().message("en")


def test_the_joker_rule_disables_the_right_boxes_with_the_reason(clock):
    game = Game(rules="yahtzee", seed=1)
    view = ScorecardView(game, clock=clock)
    game.roll(result=(3, 3, 3, 3, 3))
    view.boxes["yahtzee"].click()
    settle(view, clock)
    game.roll(result=(3, 3, 3, 3, 3))
    card = game.scorecard()
    allowed = [c for c, box in view.boxes.items() if not box.disabled]
    assert allowed == ["threes"]  # docs/rules.md#joker, step 1: the open upper box of that face
    assert points_on(view.boxes["threes"]) == "15 +100"  # and the Yahtzee bonus
    for category in ("full_house", "chance", "aces"):
        box = view.boxes[category]
        assert "yacht-forbidden" in classes(box)
        assert box.tooltip == card.refusal(game.dice, category).message("en")
        assert box.tooltip == JokerRuleError(category=CategoryName(category),
                                             choices=CategoryNames(["threes"])).message("en")
    before = snapshot(game)
    view.boxes["full_house"].click()  # a click that reaches the kernel anyway
    assert snapshot(game) == before
    assert message(view) == view.boxes["full_house"].tooltip
    view.boxes["threes"].click()
    assert view.sums["yahtzee_bonus"].value == "100"
    assert view.sums["total"].value == str(50 + 15 + 100)


def test_joker_lower_boxes_score_their_full_value(clock):
    filled = {"yahtzee": 50, "fours": 12}
    game = Game(rules="yahtzee", seed=1)
    for category in filled:  # stage: yahtzee holds 50, the fours are filled
        game.roll(result=(4, 4, 4, 6, 6) if category == "fours" else (2, 2, 2, 2, 2))
        game.score(category)
    view = ScorecardView(game, clock=clock)
    game.roll(result=(4, 4, 4, 4, 4))
    shown = {c: points_on(b) for c, b in view.boxes.items() if not b.disabled}
    # docs/rules.md#joker, step 2: any open lower box, full house 25, straights 30 and 40, +100
    assert shown == {"three_of_a_kind": "20 +100", "four_of_a_kind": "20 +100",
                     "full_house": "25 +100", "small_straight": "30 +100",
                     "large_straight": "40 +100", "chance": "20 +100"}


def test_upper_first_forbids_the_lower_section(clock):
    game = Game(rules=get_rules("yahtzee", upper_first=True), seed=1)
    view = ScorecardView(game, clock=clock)
    game.roll(result=(2, 3, 4, 5, 6))
    box = view.boxes["large_straight"]
    assert box.disabled
    assert box.tooltip == game.scorecard().refusal(game.dice, "large_straight").message("en")
    assert isinstance(game.scorecard().refusal(game.dice, "large_straight"),
                      UpperSectionFirstError)
    assert not view.boxes["sixes"].disabled


def test_yahtzee_bonus_progress_towards_63(clock):
    game = Game(rules="yahtzee", seed=1)
    view = ScorecardView(game, clock=clock)
    assert "Rules('yahtzee'" not in view.rules_line.value
    assert view.rules_line.value == "Yahtzee · joker rule: forced (official)"
    assert (view.sums["upper"].value, view.sums["bonus"].value) == ("0 / 63", "63 to go")
    for face, category in zip((6, 5, 4, 3), ("sixes", "fives", "fours", "threes"), strict=True):
        game.roll(result=(face,) * 4 + (1,))
        view.boxes[category].click()
        settle(view, clock)
    assert (view.sums["upper"].value, view.sums["bonus"].value) == ("72 / 63", "35")
    assert view.sums["total"].value == str(72 + 35)


def test_yacht_has_no_bonus_rows():
    view = ScorecardView(Game(rules="yacht_sum4", seed=1))
    assert set(view.sums) == {"upper", "lower", "total"}
    assert view.rules_line.value == "Yacht (four of a kind scores all five dice)"


def test_a_scorecard_view_of_someone_not_playing_is_refused():
    with pytest.raises(ValueError, match="does not play in this game"):
        ScorecardView(Game(("Asha",), seed=1), "Ravi")


# -- the game ---------------------------------------------------------------------------------


def test_two_players_pass_the_turn(clock):
    view = play(("Asha", "Ravi"), seed=9, clock=clock)
    asha, ravi = view.cards
    assert "yacht-current" in classes(asha.grid)
    assert "yacht-current" not in classes(ravi.grid)
    assert asha.heading.value == "▶ Asha"
    view.dice.roll_button.click()
    settle(view, clock)
    asha.boxes["choice"].click()
    settle(view, clock)
    assert view.game.current_player == "Ravi"
    assert view.status.value == "Round 1 of 12 · Ravi to play"
    assert "yacht-current" in classes(ravi.grid)
    assert "yacht-current" not in classes(asha.grid)
    assert all(die.description.endswith("not rolled yet") for die in view.dice.dice)
    assert view.dice.roll_button.description == "Roll (3 left)"


def test_new_game_same_players_and_rules(clock):
    rules = get_rules("yahtzee", joker="none")
    view = play(("Asha", "Ravi"), rules, seed=12, clock=clock)
    rng = random.Random(3)
    first = view.game
    while not first.over:
        play_turn(view, clock, rng)
    view.new_game_button.click()
    second = view.game
    assert second is not first
    assert (second.players, second.rules, second.seed) == (
        ("Asha", "Ravi"), rules, next_seed(first.seed))
    assert not second.over
    assert view.status.value == "Round 1 of 13 · Asha to play"
    assert view.new_game_button.layout.display == "none"
    assert [c.sums["total"].value for c in view.cards] == ["0", "0"]
    assert all(points_on(b) == "" for c in view.cards for b in c.boxes.values())
    view.dice.roll_button.click()
    assert second.rolls_left == 2
    assert view.dice.dice[0].description != "die 1: not rolled yet"


def test_after_a_new_game_the_old_game_is_no_longer_watched(clock):
    game = Game(seed=1)
    view = play(game=game, clock=clock)
    view.referee.new_game(Game(seed=2))
    game.roll(result=(6, 6, 6, 6, 6))
    assert all(d.description.endswith("not rolled yet") for d in view.dice.dice)


def test_a_closed_view_stops_watching_its_game():
    game = Game(seed=1)
    view = play(game=game, settle=0)
    view.close()
    game.roll(result=(6, 6, 6, 6, 6))
    assert all(d.description.endswith("not rolled yet") for d in view.dice.dice)
    assert play(game=game, settle=0).dice.dice[0].description == "die 1: 6"


def test_game_over_refuses_moves_with_the_rules_message(clock):
    view = play(seed=1, clock=clock)
    rng = random.Random(5)
    while not view.game.over:
        play_turn(view, clock, rng)
    before = snapshot(view.game)
    view.dice.roll_button.click()
    assert snapshot(view.game) == before
    assert message(view) == GameOverError(winners="Player 1").message("en")


def test_play_attaches_to_an_existing_game():
    game = Game(("Asha", "Ravi"), rules="yahtzee", seed=4)
    game.roll(result=(1, 1, 1, 1, 1))
    view = play(game=game)
    assert view.game is game
    assert [d.description for d in view.dice.dice][:1] == ["die 1: 1"]
    assert not view.cards[0].boxes["yahtzee"].disabled


def test_play_with_a_game_and_other_players_is_refused():
    with pytest.raises(ValueError, match="leave players, rules and seed out"):
        play(("Asha",), game=Game(seed=1))


def test_play_rejects_bad_arguments():
    with pytest.raises(UnknownLanguageError, match="Choose one of"):
        play(lang="xx")
    with pytest.raises(ValueError, match="settle is a number of seconds"):
        play(settle=-1)
    with pytest.raises(TypeError, match=r"not str"):
        DiceView("yacht")  # type: ignore[arg-type]


def test_the_widgets_hold_no_game_state():
    """Two views of one game agree after moves made by either one, or by the model itself."""
    game = Game(("Asha", "Ravi"), seed=8)
    first, second = play(game=game, settle=0), play(game=game, settle=0)
    first.dice.roll_button.click()
    second.dice.dice[2].click()
    game.hold(4)
    assert game.held == (2, 4)
    for view in (first, second):
        assert ["yacht-held" in classes(d) for d in view.dice.dice] == [
            False, False, True, False, True]
    second.cards[0].boxes["choice"].click()
    assert points_on(first.cards[0].boxes["choice"]) == str(game.scorecard("Asha")["choice"])


# -- language, text and repr ------------------------------------------------------------------


def test_every_text_comes_from_the_catalog():
    game = Game(("Asha", "Ravi"), rules="yahtzee", seed=3)
    game.roll()
    view = play(game=game, chances=False)
    texts = [text for text in all_texts(view) if text]
    assert texts
    for text in texts:
        assert not re.search(r"\b(widget|display|category|card|die|error)\.[a-z_]+", text), text


def test_every_message_id_in_the_widget_code_is_in_the_english_catalog():
    import pathlib

    import yacht_edu

    package = pathlib.Path(yacht_edu.__file__).parent
    sources = [*sorted((package / "display").glob("*.py")),
               *sorted((package / "widgets").glob("*.py"))]
    used = {m for path in sources
            for m in re.findall(r"\"((?:widget|display|card|die)\.[a-z_]+)\"", path.read_text())}
    assert used
    assert used <= set(catalog("en"))


def test_urdu_lays_out_right_to_left_and_english_does_not():
    urdu, english = play(lang="ur"), play(lang="en")
    assert "yacht-rtl" in classes(urdu)
    assert "yacht-rtl" not in classes(english)
    assert "yacht-game" in classes(urdu)


def test_in_urdu_the_points_stay_left_to_right(clock):
    game = Game(rules="yahtzee", seed=1)
    view = ScorecardView(game, lang="ur", clock=clock)
    game.roll(result=(3, 3, 3, 3, 3))
    view.boxes["yahtzee"].click()
    settle(view, clock)
    game.roll(result=(3, 3, 3, 3, 3))
    name, _, points = view.boxes["threes"].description.rpartition(" ")
    assert name  # the box's own name comes first (on the right, in Urdu)
    assert points == "\u2066" + "15" + INNER_SPACE + "+100" + "\u2069"  # isolated: not "+100 15"
    english = ScorecardView(game, lang="en")
    assert "\u2066" not in english.boxes["threes"].description


def test_the_language_reaches_the_rule_messages():
    view = play(seed=1, lang="kn", settle=0)
    view.dice.dice[0].click()
    assert message(view) == NotRolledYetError().message("kn")


def test_repr_is_stable_for_nbval():
    first, second = play(("Asha",), seed=1), play(("Asha",), seed=None)
    assert repr(first) == repr(second) == "GameView(Rules('yacht'), players=('Asha',))"
    card = ScorecardView(Game(("Asha",), rules="yahtzee"))
    assert repr(card) == "ScorecardView(Rules('yahtzee', joker='forced', upper_first=False), " \
                         "player='Asha')"
    assert "0x" not in repr(DiceView(Game()))


def test_dice_have_the_public_classes():
    view = play(seed=1)
    assert [c for c in classes(view.dice.roll_button) if c.startswith("yacht")] == ["yacht-roll"]
    assert all(classes(d)[0] == "yacht-die" for d in view.dice.dice)
    buttons = [b for card in view.cards for b in card.boxes.values()]
    assert {category_of(b) for b in buttons} == set(view.game.rules.categories)


def test_staged_dice_are_the_models(clock):
    game = Game(seed=1)
    view = DiceView(game, clock=clock)
    game.roll(result=Dice(4, 4, 1, 6, 3))
    assert [d.tooltip for d in view.dice] == [
        "die 1: 4", "die 2: 4", "die 3: 1", "die 4: 6", "die 5: 3"]


def test_a_game_without_names_names_its_player_in_the_learners_language():
    from yacht_edu.i18n import LANGUAGES, t

    assert play().game.players == ("Player 1",)
    for code in LANGUAGES:
        assert play(lang=code).game.players == (t("widgets.default_player", code, number=1),)
    assert play(lang="kn").game.players != play(lang="ur").game.players
