"""A game: turns, players, errors that change nothing, history, saving and loading."""

from __future__ import annotations

import json

import pytest

from yacht_edu import (
    BadSavedGameError,
    BoxUsedError,
    Dice,
    Game,
    GameOverError,
    InvalidDiceError,
    InvalidKeepError,
    NoRollsLeftError,
    NotRolledYetError,
    RuleError,
    UnknownBoxError,
)


def play_out(game: Game) -> Game:
    """Finish a game by rolling once and scoring the first allowed box."""
    while not game.over:
        game.roll()
        game.score(next(o.box for o in game.options() if o.allowed))
    return game


def test_a_turn_of_three_rolls_then_a_score() -> None:
    game = Game(seed=2026)
    assert game.rolls_left == 3 and game.dice is None
    first = game.roll()
    assert game.rolls_left == 2
    second = game.roll(keep=[4, 4])
    assert game.held == (1, 2) and second[1:3] == first[1:3] == (4, 4)
    game.release(1, 2)
    game.hold(0)
    third = game.roll()
    assert third[0] == second[0] and game.rolls_left == 0
    with pytest.raises(NoRollsLeftError):
        game.roll()
    points = game.score("choice")
    assert points == sum(third) and game.scorecard()["choice"] == points
    assert game.rolls_left == 3 and game.dice is None and game.round == 2


def test_stopping_early_is_allowed() -> None:
    game = Game(seed=1)
    dice = game.roll()
    assert game.score("choice") == sum(dice)


def test_players_alternate_and_rounds_count() -> None:
    game = Game(players=("Asha", "Ravi"), seed=2026)
    order = []
    for _ in range(4):
        order.append(game.current_player)
        game.roll()
        game.score(next(o.box for o in game.options() if o.allowed))
    assert order == ["Asha", "Ravi", "Asha", "Ravi"] and game.round == 3


def test_a_whole_game_ends_with_winners() -> None:
    game = play_out(Game(players=("Asha", "Ravi", "Meera"), rules="yahtzee", seed=5))
    assert game.over and game.round == 13
    assert all(card.complete for card in game.scorecards.values())
    best = max(game.totals.values())
    assert game.winners == tuple(n for n, t in game.totals.items() if t == best)
    with pytest.raises(GameOverError):
        game.roll()
    with pytest.raises(GameOverError):
        game.score("chance")


def test_equal_totals_share_the_win() -> None:
    game = Game(players=("A", "B"))
    for box in game.rules.boxes:
        for _ in game.players:
            game.roll(result=(1, 1, 1, 1, 1))
            game.score(box)
    assert game.totals["A"] == game.totals["B"] and game.winners == ("A", "B")


def snapshot(game: Game) -> str:
    return game.to_json()


@pytest.mark.parametrize(
    ("move", "error"),
    [
        (lambda g: g.score("choice"), NotRolledYetError),
        (lambda g: g.hold(0), NotRolledYetError),
        (lambda g: g.roll(keep=[1]), NotRolledYetError),
    ],
)
def test_illegal_moves_before_rolling_change_nothing(move, error) -> None:  # type: ignore[no-untyped-def]
    game = Game(players=("Asha", "Ravi"), seed=3)
    before = snapshot(game)
    with pytest.raises(error):
        move(game)
    assert snapshot(game) == before


@pytest.mark.parametrize(
    ("move", "error"),
    [
        (lambda g: g.score("small_straight"), UnknownBoxError),
        (lambda g: g.score("fives"), BoxUsedError),
        (lambda g: g.roll(keep=[9]), InvalidKeepError),
        (lambda g: g.roll(keep=[6, 6, 6, 6, 6, 6]), InvalidKeepError),
        (lambda g: g.roll(positions=[5]), InvalidKeepError),
        (lambda g: g.roll(positions=[True]), InvalidKeepError),
        (lambda g: g.roll(keep=[1], positions=[0]), InvalidKeepError),
        (lambda g: g.roll(positions=[0], result=(1, 1, 1, 1, 1)), InvalidDiceError),
        (lambda g: g.roll(result=(1, 2, 3)), InvalidDiceError),
        (lambda g: g.toggle(7), InvalidKeepError),
    ],
)
def test_illegal_moves_in_a_turn_change_nothing(move, error) -> None:  # type: ignore[no-untyped-def]
    game = Game(seed=3)
    game.roll(result=(2, 5, 5, 5, 3))
    game.score("fives")
    game.roll(result=(6, 2, 3, 4, 5))
    game.hold(1)
    before = snapshot(game)
    with pytest.raises(error):
        move(game)
    assert snapshot(game) == before
    assert isinstance(error("error.rule"), RuleError)


def test_a_fourth_roll_changes_nothing() -> None:
    game = Game(seed=4)
    for _ in range(3):
        game.roll()
    before = snapshot(game)
    with pytest.raises(NoRollsLeftError, match="3 rolls"):
        game.roll()
    assert snapshot(game) == before


def test_wrong_players_are_refused() -> None:
    for players in [(), ("A", "A"), ("",), ("A", 3)]:
        with pytest.raises(RuleError):
            Game(players=players)  # type: ignore[arg-type]


def test_history_records_every_roll_keep_and_score() -> None:
    game = Game(players=("Asha",), seed=2026)
    game.roll()
    game.roll(keep=[4, 4])
    game.score("fours")
    kinds = [(e["type"], e.get("keep")) for e in game.history]
    assert kinds == [("roll", []), ("roll", [1, 2]), ("score", None)]
    assert game.history[-1]["points"] == game.totals["Asha"]
    game.history[0]["dice"] = [9]  # a copy: the game cannot be changed through it
    assert game.history[0]["dice"] != [9]


def test_roll_off_picks_the_highest_total_and_passes_on_in_seat_order() -> None:
    game = Game(players=("Asha", "Ravi", "Meera", "Kiran"), seed=11, roll_off=True)
    offs = [e for e in game.history if e["type"] == "roll_off"]
    assert offs
    last = offs[-1]["rolls"]
    winner = max(last, key=lambda n: sum(last[n]))
    assert sum(1 for n in last if sum(last[n]) == sum(last[winner])) == 1  # ties rolled again
    assert game.current_player == winner
    seats = game.players
    i = seats.index(winner)
    assert game.order == seats[i:] + seats[:i]


def test_roll_off_ties_roll_again() -> None:
    seeds = [s for s in range(300)
             if len(Game(players=("A", "B"), seed=s, roll_off=True).history) > 1]
    assert seeds, "some seed gives a tie in the roll-off"
    game = Game(players=("A", "B"), seed=seeds[0], roll_off=True)
    first = game.history[0]["rolls"]
    assert sum(first["A"]) == sum(first["B"])


def test_save_and_load_reproduce_the_game() -> None:
    game = Game(players=("Asha", "Ravi"), rules="yahtzee", seed=9, roll_off=True)
    for _ in range(5):
        game.roll()
        game.roll(keep=list(game.dice or ())[:2])
        game.score(next(o.box for o in game.options() if o.allowed))
    game.roll()
    game.hold(0, 4)
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded.to_json() == text
    assert loaded.totals == game.totals and loaded.held == (0, 4)
    assert loaded.roll() == game.roll()  # the seed goes on identically
    assert json.loads(text)["schema"] == "yacht_edu/game"


def test_save_keeps_staged_dice() -> None:
    game = Game(rules="yahtzee")
    game.roll(result=(6, 6, 6, 6, 6))
    game.score("yahtzee")
    game.roll(result=Dice(4, 4, 4, 4, 4))
    loaded = Game.from_json(game.to_json())
    assert loaded.options() == game.options()
    assert [str(o.reason) for o in loaded.options()] == [str(o.reason) for o in game.options()]


def tamper(text: str, change) -> str:  # type: ignore[no-untyped-def]
    document = json.loads(text)
    change(document)
    return json.dumps(document)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["history"][0].update(dice=[6, 6, 6, 6, 6]),
        lambda d: d["history"][2].update(points=99),
        lambda d: d["history"][2].update(category="nonsense"),
        lambda d: d["history"][1].update(keep=[0, 1, 2, 3, 4, 5]),
        lambda d: d["history"].insert(2, dict(d["history"][1])),
        lambda d: d["history"].append({"type": "score", "player": "Asha", "category": "choice"}),
        lambda d: d["history"].append({"type": "cheat", "player": "Asha"}),
        lambda d: d.update(seed=8),
        lambda d: d.update(seed="9"),
        lambda d: d.update(version=99),
        lambda d: d.update(schema="other"),
        lambda d: d.update(players=[]),
        lambda d: d.update(rules={"name": "yahtzee", "joker": "maybe"}),
        lambda d: d.pop("history"),
        lambda d: d.update(held=[7]),
        lambda d: d["history"][0].update(player="Ravi"),
    ],
)
def test_tampered_saves_are_refused(change) -> None:  # type: ignore[no-untyped-def]
    game = Game(players=("Asha",), seed=9)
    game.roll()
    game.roll(keep=[])
    game.score("choice")
    with pytest.raises(BadSavedGameError):
        Game.from_json(tamper(game.to_json(), change))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '{"schema": "yacht_edu/game"}', b"\xff"])
def test_broken_saves_are_refused(text: str | bytes) -> None:
    with pytest.raises(BadSavedGameError):
        Game.from_json(text)


def test_truncated_save_is_refused() -> None:
    game = play_out(Game(seed=2))
    text = game.to_json()
    for cut in (10, len(text) // 2, len(text) - 2):
        with pytest.raises(BadSavedGameError):
            Game.from_json(text[:cut])


def test_observers_hear_every_change_and_only_changes() -> None:
    game = Game(seed=1)
    heard: list[int] = []
    game.observe(lambda g: heard.append(g.rolls_left))
    game.roll()
    game.hold(0)
    game.hold(0)  # already held: no change, no news
    with pytest.raises(RuleError):
        game.score("nonsense")
    game.score("ones")
    assert heard == [2, 2, 3]


def test_repr_is_stable() -> None:
    game = Game(players=("Asha", "Ravi"), seed=2026)
    assert repr(game) == ("Game(players=('Asha', 'Ravi'), rules=Rules('yacht'), seed=2026: "
                          "round 1/12, Asha to move, 3 rolls left)")
