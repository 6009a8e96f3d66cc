"""The model's edges: typed events, values of the wrong kind, names that look like boxes,
values no message can print, read-only games, observers that fail, saves read strictly."""

from __future__ import annotations

import json
import time
import warnings
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from tests.helpers.shown import shown
from yacht_edu import (
    BadSavedGameError,
    Dice,
    Game,
    GameOverError,
    InvalidDiceError,
    InvalidKeepError,
    RuleError,
    Scorecard,
    UnknownBoxError,
    UnknownRulesError,
    get_rules,
    score,
)
from yacht_edu.checks import MOST_PLAYERS
from yacht_edu.custom import custom_rules as ye_custom
from yacht_edu.dice import multiset_chance, multisets, reroll_chances
from yacht_edu.errors import (
    ArgumentTypeError,
    InvalidPlayersError,
    InvalidSeedError,
    ObserverFailedWarning,
    ReadOnlyError,
)
from yacht_edu.events import RollEvent, RollOffEvent, ScoreEvent
from yacht_edu.i18n import LANGUAGES, BoxName, BoxNames, Given, catalog, plural_catalog, t
from yacht_edu.saved import MAX_DEPTH, MAX_SIZE, from_dict, to_dict

# -- typed events -------------------------------------------------------------------------------


def test_a_game_records_frozen_events_and_shows_them_as_dicts() -> None:
    game = Game(players=("Asha",), seed=2026)
    game.roll()
    game.roll(keep=[4, 4])
    game.score("fours")
    first, second, scored = game.events
    assert first == RollEvent("Asha", (), Dice(1, 4, 4, 6, 1), given=False)
    assert second == RollEvent("Asha", (1, 2), Dice(2, 4, 4, 4, 4), given=False)
    assert scored == ScoreEvent("Asha", "fours", Dice(2, 4, 4, 4, 4), 16)
    with pytest.raises(AttributeError):
        scored.points = 50  # type: ignore[misc, union-attr]
    assert game.history == tuple(to_dict(e) for e in game.events)
    assert all(from_dict(to_dict(e)) == e for e in game.events)
    assert game.moves == 3 == len(game.history)


def test_the_move_counter_counts_rolls_scores_and_roll_offs_but_not_holds() -> None:
    game = Game(players=("A", "B"), seed=11, roll_off=True)
    offs = sum(isinstance(e, RollOffEvent) for e in game.events)
    assert offs >= 1 and game.moves == offs
    game.roll()
    game.hold(0)
    assert game.moves == offs + 1


def test_a_roll_off_is_the_same_event_whatever_order_its_rolls_are_written_in() -> None:
    a = RollOffEvent((("Ravi", Dice(1, 1, 1, 1, 1)), ("Asha", Dice(6, 6, 6, 6, 6))))
    b = RollOffEvent((("Asha", Dice(6, 6, 6, 6, 6)), ("Ravi", Dice(1, 1, 1, 1, 1))))
    assert a == b and hash(a) == hash(b) and a.totals == {"Ravi": 5, "Asha": 30}


def test_replay_is_a_classmethod_that_rebuilds_the_game() -> None:
    game = Game(players=("Asha", "Ravi"), seed=5, roll_off=True)
    game.roll()
    game.score("choice")
    again = Game.replay(json.loads(game.to_json()))
    assert again.events == game.events and again.to_json() == game.to_json()


# -- a name is not a box ------------------------------------------------------------------------

@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_player_named_like_a_box_keeps_their_name(lang: str) -> None:
    game = Game(players=("chance",), seed=1)
    while not game.over:
        game.roll()
        game.score(game.scorecard().open_boxes[0])
    with pytest.raises(GameOverError) as over:
        game.roll()
    message = over.value.message(lang)
    assert "chance" in message
    assert t("category.chance", lang) not in message
    assert message == shown(lang, catalog(lang)["error.game_over"], winners="chance")
    with pytest.raises(InvalidPlayersError) as twice:
        Game(players=("yacht", "yacht"))
    separator = catalog(lang)["list.separator"]
    assert twice.value.message(lang) == shown(lang, catalog(lang)["error.duplicate_players"],
                                              names=separator.join(["yacht", "yacht"]))


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_only_marked_box_names_are_translated(lang: str) -> None:
    words = catalog(lang)
    used = plural_catalog(lang)["error.category_used"][-1]  # 25 points: the plural
    assert t("error.category_used", lang, box=BoxName("full_house"), count=25) == \
        shown(lang, used, box=words["category.full_house"], count="25")
    assert t("error.category_used", lang, box="full_house", count=25) == \
        shown(lang, used, box="full_house", count="25")
    both = BoxNames(["aces", "twos"])
    assert t("error.upper_first", lang, box=BoxName("chance"), left=both) == \
        shown(lang, words["error.upper_first"],
            box=words["category.chance"],
            left=words["list.separator"].join([words["category.aces"], words["category.twos"]]))


# -- any value can be shown in a message --------------------------------------------------------

def test_a_huge_integer_is_described_not_printed() -> None:
    with pytest.raises(InvalidDiceError) as error:
        Dice([10**5000] * 5)
    assert "5001 digits" in str(error.value)
    with pytest.raises(InvalidSeedError) as seed:
        Game(seed=10**5000)
    assert "5001 digits" in str(seed.value)
    with pytest.raises(InvalidDiceError) as nested:
        Dice([[10**5000]] * 5)  # type: ignore[list-item]
    assert "<list>" in str(nested.value)


def test_a_lone_surrogate_and_a_long_text_are_shown_safely() -> None:
    shown = str(Given("\ud800"))
    shown.encode("utf-8")  # printable
    assert "\\ud800" in shown
    long = str(Given("x" * 10_000))
    assert len(long) <= 60 and long.endswith("…")
    with pytest.raises(InvalidPlayersError) as error:
        Game(players=("Asha", "R\udcffvi"))
    str(error.value).encode("utf-8")


# -- one validation at the boundary -------------------------------------------------------------

NUMPY_DICE = [np.array([1, 2, 3, 4, 5]), [np.int64(1), np.int32(2), np.uint8(3), 4, 5],
              (1, 2, 3, 4, 5), [1, 2, 3, 4, 5], Dice(1, 2, 3, 4, 5), iter([1, 2, 3, 4, 5])]


@pytest.mark.parametrize("dice", NUMPY_DICE, ids=lambda d: type(d).__name__)
def test_ints_numpy_integers_tuples_lists_and_arrays_are_dice(dice: Any) -> None:
    assert Dice(dice) == Dice(1, 2, 3, 4, 5)


def test_numpy_values_are_accepted_everywhere_dice_are() -> None:
    assert score(np.array([2, 3, 4, 5, 6]), "big_straight") == 30
    assert reroll_chances(np.array([6, 6])) == reroll_chances((6, 6))
    assert multiset_chance(np.array([6])) == multiset_chance([6])
    assert len(multisets(np.int64(2))) == 21
    game = Game(seed=np.int64(4))
    assert game.seed == 4 and type(game.seed) is int
    game.roll(result=np.array([6, 6, 1, 2, 6]))
    game.roll(keep=np.array([6, 6]))
    assert game.dice is not None and list(game.dice[:2]) == [6, 6]
    game.roll(positions=np.array([0, np.int64(1)]))
    game.score("choice")
    game.roll(keep=np.array([], dtype=int))
    game.hold(np.int64(0))
    assert game.held == (0,)


BAD_DICE = [None, 5.0, "12345", b"\x01\x02\x03\x04\x05", {1: 0, 2: 0, 3: 0, 4: 0, 5: 0},
            {1, 2, 3, 4, 5}, [[1], 2, 3, 4, 5], [True, 2, 3, 4, 5], [1.0, 2, 3, 4, 5],
            np.array([[1, 2, 3, 4, 5]]), np.array([1.0, 2, 3, 4, 5]), [float("nan")] * 5]


@pytest.mark.parametrize("dice", BAD_DICE, ids=repr)
def test_what_is_not_dice_is_refused_with_the_packages_error(dice: Any) -> None:
    for call in (lambda: Dice(dice), lambda: score(dice, "choice"),
                 lambda: Scorecard.empty().options(dice), lambda: reroll_chances(dice)):
        with pytest.raises(InvalidDiceError) as error:
            call()
        assert "Give" in str(error.value) or "give" in str(error.value)


@pytest.mark.parametrize("keep", [5, [[1]], [True], [1.0], "11", {1: 1}, {1}, None])
def test_what_cannot_be_kept_is_refused_and_changes_nothing(keep: Any) -> None:
    game = Game(seed=3)
    game.roll(result=(1, 1, 2, 3, 4))
    before = game.to_json()
    if keep is None:
        with pytest.raises(InvalidKeepError):
            game.roll(positions=keep or 5)  # type: ignore[arg-type]
    else:
        with pytest.raises(InvalidKeepError):
            game.roll(keep=keep)
        with pytest.raises(InvalidKeepError):
            game.roll(positions=keep)
    with pytest.raises(InvalidDiceError):
        game.roll(result=keep if keep is not None else 3.5)  # type: ignore[arg-type]
    assert game.to_json() == before


@pytest.mark.parametrize("seed", [True, False, 3.7, "12", float("nan"), float("inf"), -1,
                                  2**128, 10**5000, [1], b"1"], ids=lambda v: str(Given(v)))
def test_a_seed_is_a_whole_number_of_sensible_size(seed: Any) -> None:
    with pytest.raises(InvalidSeedError) as error:
        Game(seed=seed)
    assert isinstance(error.value, TypeError) and isinstance(error.value, RuleError)


@pytest.mark.parametrize("players", [None, 5, [], (), "", [""], ["  "], [1], {"A": 1},
                                     pytest.param({"A", "B"}, id="a set"), b"AB", [["A"]],
                                     ["A", "A"], ["\ud800"]],
                         ids=repr)
def test_players_are_a_non_empty_list_of_printable_names(players: Any) -> None:
    with pytest.raises(InvalidPlayersError):
        Game(players=players)


def test_switches_are_real_bools() -> None:
    for value in (1, 0, "no", None, np.bool_(True)):
        with pytest.raises(ArgumentTypeError):
            Game(roll_off=value)  # type: ignore[arg-type]
        with pytest.raises(UnknownRulesError):
            get_rules("yahtzee", upper_first=value)


def test_wrong_kinds_in_the_other_model_functions_are_refused() -> None:
    game = Game(players=("A",), seed=1)
    game.roll()
    refused: list[tuple[Callable[[], object], type[Exception]]] = [
        (lambda: game.scorecard(["A"]), RuleError),  # type: ignore[arg-type]
        (lambda: game.score(["choice"]), UnknownBoxError),  # type: ignore[arg-type]
        (lambda: score((1, 2, 3, 4, 5), None), UnknownBoxError),  # type: ignore[arg-type]
        (lambda: get_rules(["yacht"]), UnknownRulesError),  # type: ignore[arg-type]
        (lambda: get_rules("yahtzee", joker=["free"]), UnknownRulesError),
        (lambda: Scorecard.from_filled([("fives", 5)]), ArgumentTypeError),  # type: ignore[arg-type]
        (lambda: Scorecard.from_filled({"fives": 5.0}), RuleError),  # type: ignore[dict-item]
        (lambda: Scorecard.from_filled({}, "yahtzee", 10**6), RuleError),
        (lambda: multisets(-1), InvalidDiceError),
        (lambda: multisets([1]), InvalidDiceError),  # type: ignore[arg-type]
        (lambda: game.observe(5), ArgumentTypeError),  # type: ignore[arg-type]
    ]
    for call, error in refused:
        with pytest.raises(error):
            call()


def test_a_rule_set_named_by_a_str_subclass_is_the_same_rule_set() -> None:
    rules = get_rules(np.str_("yacht"))
    assert repr(rules) == "Rules('yacht')" and type(rules.name) is str
    assert rules == get_rules("yacht")


# -- read-only games ----------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["seed", "players", "rules", "order", "roll_off", "history"])
def test_a_games_seed_players_and_rules_cannot_be_reassigned(name: str) -> None:
    game = Game(players=("Asha",), seed=9)
    text = game.to_json()
    with pytest.raises(ReadOnlyError) as error:
        setattr(game, name, 1)
    assert isinstance(error.value, AttributeError)
    assert Game.from_json(game.to_json()).to_json() == text


def test_dice_cannot_be_changed() -> None:
    with pytest.raises(ReadOnlyError):
        Dice(1, 2, 3, 4, 5).x = 1


# -- observers ----------------------------------------------------------------------------------

def test_a_failing_observer_is_reported_and_the_move_stands() -> None:
    game = Game(seed=1)
    heard: list[int] = []

    def broken(_: Game) -> None:
        raise KeyError("the widget is gone")

    game.observe(broken)
    game.observe(lambda g: heard.append(g.moves))
    with pytest.warns(ObserverFailedWarning, match="the widget is gone"):
        dice = game.roll()
    assert game.dice == dice and game.moves == 1 and heard == [1]  # applied, everyone told
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        game.unobserve(broken)
        game.score("choice")
    assert heard == [1, 2]


# -- saves read strictly ------------------------------------------------------------------------

def saved_game(**kwargs: Any) -> str:
    game = Game(players=("Asha", "Ravi"), rules="yahtzee", seed=7, **kwargs)
    game.roll()
    game.roll(keep=list(game.dice or ())[:2])
    game.score(next(o.box for o in game.options() if o.allowed))
    game.roll()
    game.hold(1, 3)
    return game.to_json()


def changed(text: str, change: Callable[[dict[str, Any]], object]) -> str:
    document = json.loads(text)
    change(document)
    return json.dumps(document)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["rules"].pop("joker"), "rules.joker"),
        (lambda d: d["rules"].update(upper_first="false"), "rules.upper_first"),
        (lambda d: d.update(roll_off="false"), "document.roll_off"),
        (lambda d: d.pop("held"), "document.held"),
        (lambda d: d.update(players={"Asha": 1}), "document.players"),
        (lambda d: d.update(players="Asha"), "document.players"),
        (lambda d: d.update(extra=1), "document.extra"),
        (lambda d: d["history"][0].pop("given"), "history[0].given"),
        (lambda d: d["history"][0].update(given=1), "history[0].given"),
        (lambda d: d["history"][1]["keep"].append("0"), "history[1].keep[2]"),
        (lambda d: d["history"][2].update(points=True), "history[2].points"),
        (lambda d: d["history"][0]["dice"].pop(), "history[0].dice"),
        (lambda d: d["history"][0].update(type="cheat"), "history[0].type"),
        (lambda d: d.update(seed=1.5), "document.seed"),
        (lambda d: d.update(held=[None]), "held[0]"),
        (lambda d: d.update(players=["Asha", 7]), "players[1]"),
    ],
)
def test_a_save_with_a_wrong_field_is_refused_naming_the_field(change: Any, field: str) -> None:
    with pytest.raises(BadSavedGameError) as error:
        Game.from_json(changed(saved_game(), change))
    assert error.value.field == field
    assert field in str(error.value)


@pytest.mark.parametrize("text", [
    "[" * 1000 + "]" * 1000, '{"a":' * 100_000 + "1" + "}" * 100_000,
    '{"schema": "yacht_edu/game", "schema": "yacht_edu/game"}', " " * 2_000_001,
    '{"schema": "yacht_edu/game", "version": true}', "\ud800", b"\xff\xfe\x00",
])
def test_texts_that_are_not_saves_are_refused_by_the_packages_error(text: str | bytes) -> None:
    with pytest.raises(BadSavedGameError):
        Game.from_json(text)


def test_the_depth_bound_is_what_a_real_save_needs() -> None:
    from yacht_edu.saved import nesting

    assert nesting(saved_game(roll_off=True)) == MAX_DEPTH
    assert nesting('["[[[[[[", {"a": "]]]"}]') == 2  # brackets inside strings do not count


def test_the_held_dice_and_every_byte_are_covered_by_the_digest() -> None:
    text = saved_game()
    with pytest.raises(BadSavedGameError, match="digest"):
        Game.from_json(changed(text, lambda d: d.update(held=[1])))
    with pytest.raises(BadSavedGameError, match="by hand"):
        Game.from_json(changed(text, lambda d: d.update(staged=3)))


def test_staged_dice_are_recorded_and_reported() -> None:
    game = Game(players=("Asha",), rules="yahtzee", seed=3)
    game.roll(result=(6, 6, 6, 6, 6))
    game.score("yahtzee")
    game.roll()
    game.roll(keep=[], result=(5, 5, 5, 5, 5))
    loaded = Game.from_json(game.to_json())
    assert json.loads(game.to_json())["staged"] == 2
    assert loaded.staged_rolls == game.staged_rolls == 2
    assert "2" in loaded.staged_note() and "by hand" in loaded.staged_note()
    assert "2 rolls set by hand" in repr(loaded)
    for lang in LANGUAGES:
        staged = plural_catalog(lang)["game.staged_rolls"][-1]
        assert loaded.staged_note(lang) == shown(lang, staged, count="2")
    played = Game(seed=3)
    played.roll()
    assert played.staged_rolls == 0 and played.staged_note() == ""
    assert "by hand" not in repr(played)


def test_a_version_1_save_is_refused_saying_why() -> None:
    # Version 1 had no digest: a changed ``held`` loaded as a different game (issue 25).
    text = saved_game(roll_off=True)
    old = changed(text, lambda d: [d.pop("staged"), d.pop("digest"), d.update(version=1)])
    held_changed = changed(old, lambda d: d.update(held=[0]))
    for attempt in (old, held_changed):
        with pytest.raises(BadSavedGameError) as error:
            Game.from_json(attempt)
        assert error.value.msgid == "error.saved_version_1"
        assert error.value.field == "document.version"
    for lang in LANGUAGES:
        assert error.value.message(lang) == shown(lang, catalog(lang)["error.saved_version_1"])
        assert "1" in error.value.message(lang) and "Game.to_json()" in error.value.message(lang)


@pytest.mark.slow  # about a second or more (the fast loop keeps under a minute and a quarter)
def test_every_refusal_of_a_damaged_save_names_its_field() -> None:
    # Only a text that is not JSON at all, or nested too deep to parse, has no field to name.
    import random

    from tests.helpers.mutations import MUTATIONS, a_saved_game

    rng = random.Random(25)
    unnamed: Counter[str] = Counter()
    refusals = 0
    for _ in range(400):
        original = a_saved_game(rng)
        try:
            Game.from_json(MUTATIONS[rng.choice(sorted(MUTATIONS))](original, rng))
        except BadSavedGameError as error:
            refusals += 1
            if error.field is None:
                unnamed[error.msgid] += 1
    assert refusals > 300
    assert set(unnamed) <= {"error.saved_not_json", "error.saved_too_deep"}


def event(document: dict[str, Any], kind: str) -> dict[str, Any]:
    """The first event of a kind in a saved document, marked with its place in the history."""
    i = next(i for i, e in enumerate(document["history"]) if e["type"] == kind)
    document["at"] = i
    found: dict[str, Any] = document["history"][i]
    return found


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.update(seed=2**200), "document.seed"),
    (lambda d: d.update(players=["Asha", "Asha"]), "document.players"),
    (lambda d: d.update(staged=-1), "document.staged"),
    (lambda d: d.update(staged=5), "document.staged"),
    (lambda d: d.update(digest="0" * 64), "document.digest"),
    (lambda d: d.update(held=[9]), "document.held"),
    (lambda d: d.update(schema="other"), "document.schema"),
    (lambda d: d.update(version=3), "document.version"),
    (lambda d: event(d, "score").update(dice=[1, 1, 1, 1, 1]), "history[{at}]"),
    (lambda d: event(d, "roll").update(player="Nobody"), "history[{at}]"),
    (lambda d: event(d, "score").update(category="yacht"), "history[{at}]"),
    (lambda d: event(d, "roll_off")["rolls"].update(Asha=[6, 6, 6, 6, 6]), "history[{at}]"),
    (lambda d: event(d, "roll").update(dice=[0, 1, 2, 3, 4]), "history[{at}].dice"),
    (lambda d: event(d, "roll").update(keep=[1] * 6), "history[{at}].keep"),
    (lambda d: d["rules"].update(joker="sometimes"), "rules"),
    (lambda d: d.update(players=[f"P{i}" for i in range(MOST_PLAYERS + 1)]), "document.players"),
    (lambda d: d.update(held=[1] * 6), "document.held"),
    (lambda d: d.update(history=d["history"] * 200), "document.history"),
])
def test_a_refused_save_names_the_field_at_fault(change: Any, field: str) -> None:
    document = json.loads(saved_game(roll_off=True))
    change(document)
    at = document.pop("at", None)
    with pytest.raises(BadSavedGameError) as error:
        Game.from_json(json.dumps(document))
    assert error.value.field == field.format(at=at)


def test_a_custom_rule_set_saved_with_a_changed_table_names_the_table() -> None:
    rules = ye_custom(add={"two": lambda dice: 2})
    game = Game(players=("Asha",), rules=rules, seed=1)
    text = changed(game.to_json(), lambda d: d["rules"]["functions"]["two"]["table"].__setitem__(
        0, 3))
    with pytest.raises(BadSavedGameError) as error:
        Game.from_json(text)
    assert error.value.field == "rules.functions.two.table"


def test_a_game_has_at_most_so_many_players() -> None:
    names = [f"P{i}" for i in range(MOST_PLAYERS)]
    assert len(Game(names, seed=1, roll_off=True).players) == MOST_PLAYERS
    with pytest.raises(InvalidPlayersError) as error:
        Game([*names, "one more"])
    assert error.value.msgid == "error.too_many_players"
    assert str(MOST_PLAYERS) in str(error.value)


def test_the_issues_escaped_quotes_are_refused_at_once() -> None:
    # '\\"' * 32,000 took 13 s: the depth check tried every quote as a string's start.
    for n in (8_000, 32_000, MAX_SIZE // 2):
        started = time.process_time()
        with pytest.raises(BadSavedGameError, match="not valid JSON"):
            Game.from_json('\\"' * n)
        assert time.process_time() - started < 1.0
