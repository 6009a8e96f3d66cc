"""Luck and skill: final = start + luck - loss, to 1e-9, on games played well and badly, finished
and running, of every rule set, with a roll-off and rolls set by hand; and on a small game whose
every worth is worked out a second way, in exact fractions, from the rules alone."""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yacht_edu as ye
from tests.helpers.examples import examples
from yacht_edu import Game, Rules, custom_rules, get_rules
from yacht_edu.coach import advise, analyse
from yacht_edu.display.luck import luck_html
from yacht_edu.errors import ArgumentTypeError
from yacht_edu.events import RollEvent, RollOffEvent, ScoreEvent
from yacht_edu.i18n import LANGUAGES, t
from yacht_edu.luck import LuckAndSkill, LuckAndSkillTable, luck_and_skill
from yacht_edu.solver import solve

TOLERANCE = 1e-9

QUICK_RULES = [get_rules("yacht"), get_rules("yacht_sum4"), custom_rules("yacht", rolls=4)]
YAHTZEE_RULES = [get_rules("yahtzee", joker=joker, upper_first=first)
                 for joker in ("forced", "free", "none") for first in (False, True)]


# -- games played well, badly, and stopped anywhere ----------------------------------------------


def play(game: Game, styles: dict[str, str], seed: int, moves: int | None = None) -> Game:
    """Play ``game`` for ``moves`` rolls and scores (None: to the end): a "best" player follows
    the coach; a "random" one keeps any dice (all five too, and rolls none), stops at random and
    scores any box the rules allow."""
    rng = random.Random(seed)
    done = 0
    while not game.over and (moves is None or done < moves):
        style = styles[game.current_player]
        if game.dice is None:
            game.roll()
        elif style == "best":
            choice = advise(game).best.choice
            if isinstance(choice, str):
                game.score(choice)
            elif len(choice) == 5:  # keep all five: stop and score
                game.score(str(advise(game.dice, 0, filled=game.scorecard().filled,
                                      rules=game.rules,
                                      yahtzee_bonuses=game.scorecard().yahtzee_bonuses
                                      ).best.choice))
            else:
                game.roll(keep=choice)
        elif game.rolls_left and rng.random() < 0.75:
            game.roll(positions=[i for i in range(5) if rng.random() < 0.5])
        else:
            game.score(rng.choice([o.box for o in game.options() if o.allowed]))
        done += 1
    return game


def worth_now(game: Game, player: str) -> float:
    """What ``final`` means: the final score; in a running game, the points scored so far plus
    the points the best play can still expect (after a roll not used yet: its best choice)."""
    card = game.scorecard(player)
    if card.complete:
        return float(card.total)
    if player == game.current_player and game.dice is not None:
        return advise(game).expected
    return card.total + float(solve(game.rules).future(card)[0])


def check_identity(game: Game) -> LuckAndSkillTable:
    found = luck_and_skill(game)
    analysis = analyse(game)
    start = float(solve(game.rules).expected().mean)
    assert list(found) == list(game.players) and len(found) == len(game.players)
    for name, entry in found.items():
        assert entry.player == name
        assert math.isclose(entry.final, entry.start + entry.luck - entry.loss,
                            rel_tol=0, abs_tol=TOLERANCE), entry
        assert math.isclose(entry.start, start, rel_tol=0, abs_tol=TOLERANCE)
        assert entry.loss == analysis.loss(name)
        assert math.isclose(entry.final, worth_now(game, name), rel_tol=0, abs_tol=TOLERANCE)
        assert entry.points == game.totals[name]
        assert entry.over == game.scorecard(name).complete
        if entry.over:
            assert entry.final == game.totals[name]
    assert found.over == game.over and found.staged_rolls == game.staged_rolls
    return found


styles = st.sampled_from(["best", "random"])


@settings(max_examples=examples(25), deadline=None)
@given(rules=st.sampled_from(QUICK_RULES), seed=st.integers(0, 2**32),
       players=st.lists(styles, min_size=1, max_size=3),
       moves=st.none() | st.integers(0, 120), roll_off=st.booleans())
@pytest.mark.slow  # about a second or more (the fast loop keeps under a minute and a quarter)
def test_final_is_start_plus_luck_minus_loss(rules: Rules, seed: int, players: list[str],
                                             moves: int | None, roll_off: bool) -> None:
    styles_of = {f"P{i}": style for i, style in enumerate(players)}
    game = Game(tuple(styles_of), rules=rules, seed=seed, roll_off=roll_off and len(players) > 1)
    check_identity(play(game, styles_of, seed, moves))


@pytest.mark.slow  # solves each Yahtzee variant
@pytest.mark.parametrize("rules", YAHTZEE_RULES, ids=lambda r: r.label("en"))
def test_final_is_start_plus_luck_minus_loss_in_every_yahtzee_variant(rules: Rules) -> None:
    for seed in range(3):
        finished = play(Game(("Good", "Bad"), rules=rules, seed=seed, roll_off=True),
                        {"Good": "best", "Bad": "random"}, seed)
        check_identity(finished)
        running = play(Game(("Bad", "Worse"), rules=rules, seed=seed),
                       {"Bad": "random", "Worse": "random"}, seed, moves=40 + 13 * seed)
        assert not running.over
        check_identity(running)


@pytest.mark.parametrize("rules", QUICK_RULES, ids=lambda r: r.label("en"))
def test_a_badly_played_game_has_a_loss_and_the_coach_none(rules: Rules) -> None:
    game = play(Game(("Coach", "Chance"), rules=rules, seed=5), {"Coach": "best",
                                                                  "Chance": "random"}, 5)
    found = check_identity(game)
    assert found["Coach"].loss == 0 and found["Chance"].loss > 20
    assert found["Coach"].final == game.totals["Coach"]


def test_before_the_first_roll_everything_is_still_to_expect() -> None:
    found = check_identity(Game(("Asha", "Ravi")))
    assert all(e.luck == 0 == e.loss == e.points and e.final == e.start
               for e in found.values())
    one_roll = Game(("Asha",), seed=3)
    one_roll.roll()  # a roll not used yet is luck already
    entry = check_identity(one_roll)["Asha"]
    assert entry.luck == entry.final - entry.start != 0 and entry.loss == 0


# -- what a roll-off, a roll set by hand and a roll of no dice change ---------------------------


def staged_copy(game: Game) -> Game:
    """The same game without a roll-off, in the order it was played, every roll set by hand."""
    copy = Game(game.order, rules=game.rules, seed=0)
    for event in game.events:
        if isinstance(event, RollEvent):
            copy.roll(positions=event.keep if copy.dice is not None else None,
                      result=event.dice)
        elif isinstance(event, ScoreEvent):
            copy.score(event.box)
    return copy


def test_a_roll_off_is_no_ones_luck_and_a_roll_set_by_hand_is_a_roll() -> None:
    game = play(Game(("Asha", "Ravi", "Meera"), seed=2031, roll_off=True),
                {"Asha": "best", "Ravi": "random", "Meera": "random"}, 2031, moves=70)
    assert isinstance(game.events[0], RollOffEvent) and game.staged_rolls == 0
    copy = staged_copy(game)
    rolls = sum(isinstance(event, RollEvent) for event in game.events)
    assert copy.staged_rolls == rolls > 0 and not any(
        isinstance(event, RollOffEvent) for event in copy.events)
    played, staged = check_identity(game), check_identity(copy)
    for name in game.players:
        assert played[name] == staged[name]
    assert staged.staged_rolls == rolls and f"{rolls} rolls set by hand" in repr(staged)


def test_a_roll_of_no_dice_has_no_luck() -> None:
    game = Game(("Asha",), seed=4)
    game.roll(result=(6, 6, 6, 2, 1))  # three sixes, two rolls left
    first = advise(game)
    game.roll(positions=range(5))  # keep all five, and roll anyway
    second = advise(game)
    assert tuple(game.dice or ()) == (6, 6, 6, 2, 1) and game.rolls_left == 1
    entry = check_identity(game)["Asha"]
    assert math.isclose(entry.luck, first.expected - entry.start, abs_tol=TOLERANCE)
    assert math.isclose(entry.loss, first.expected - second.expected, abs_tol=TOLERANCE)
    assert analyse(game)[0].expected == second.expected  # not the worth of stopping
    assert first.of((1, 2, 6, 6, 6)).expected < second.expected


# -- a small game, worked out a second way --------------------------------------------------------

#: Two boxes (sixes and choice), two rolls a turn: small enough to solve in fractions.
SMALL = custom_rules("yacht", rolls=2, remove=[box for box in get_rules("yacht").boxes
                                                if box not in ("sixes", "choice")])


@functools.cache
def outcomes(thrown: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every sorted result of throwing ``thrown`` dice, and its chance."""
    counts = Counter(tuple(sorted(faces)) for faces in itertools.product(range(1, 7),
                                                                         repeat=thrown))
    return tuple((faces, Fraction(n, 6**thrown)) for faces, n in counts.items())


@functools.cache
def to_come(open_boxes: frozenset[str]) -> Fraction:
    """The points the best play can still expect with these boxes open."""
    if not open_boxes:
        return Fraction(0)
    return sum((chance * best(hand, SMALL.rolls - 1, open_boxes)
                for hand, chance in outcomes(5)), Fraction(0))


@functools.cache
def best(hand: tuple[int, ...], rolls_left: int, open_boxes: frozenset[str]) -> Fraction:
    """The points to come from these dice with the best choice: a keep, or a box."""
    if rolls_left == 0:
        return max(box_worth(hand, box, open_boxes) for box in open_boxes)
    return max(keep_worth(kept, rolls_left, open_boxes)
               for size in range(6) for kept in set(itertools.combinations(hand, size)))


def box_worth(hand: tuple[int, ...], box: str, open_boxes: frozenset[str]) -> Fraction:
    return SMALL.score(hand, box) + to_come(open_boxes - {box})


@functools.cache
def keep_worth(kept: tuple[int, ...], rolls_left: int, open_boxes: frozenset[str]) -> Fraction:
    """Keep ``kept`` and throw the others (all five kept: stop and score)."""
    if len(kept) == 5:
        return best(kept, 0, open_boxes)
    return sum((chance * best(tuple(sorted(kept + faces)), rolls_left - 1, open_boxes)
                for faces, chance in outcomes(5 - len(kept))), Fraction(0))


def test_a_small_game_against_the_worths_worked_out_in_fractions() -> None:
    game = Game(("Asha",), rules=SMALL, seed=9)
    every = frozenset(SMALL.boxes)
    start = to_come(every)
    # turn 1: 6-6-2-3-1 (set by hand), keep the sixes, throw 6-5-4; score sixes
    game.roll(result=(6, 6, 2, 3, 1))
    luck = [best((1, 2, 3, 6, 6), 1, every) - start]
    loss = [best((1, 2, 3, 6, 6), 1, every) - keep_worth((6, 6), 1, every)]
    game.roll(keep=[6, 6], result=(6, 6, 6, 5, 4))
    luck.append(best((4, 5, 6, 6, 6), 0, every) - keep_worth((6, 6), 1, every))
    loss.append(best((4, 5, 6, 6, 6), 0, every) - box_worth((4, 5, 6, 6, 6), "sixes", every))
    game.score("sixes")
    # turn 2: a thrown roll, then stop at once and score choice (no roll before the box)
    left = frozenset({"choice"})
    dice = tuple(sorted(game.roll()))
    before = 18 + to_come(left)
    luck.append(18 + best(dice, 1, left) - before)
    loss.append(best(dice, 1, left) - keep_worth(dice, 1, left))
    game.score("choice")
    entry = luck_and_skill(game)["Asha"]
    assert game.over and entry.final == 18 + sum(dice)
    assert math.isclose(entry.start, start, abs_tol=TOLERANCE)
    assert math.isclose(entry.luck, sum(luck), abs_tol=TOLERANCE)
    assert math.isclose(entry.loss, sum(loss), abs_tol=TOLERANCE) and entry.loss > 0
    assert start + sum(luck) - sum(loss) == entry.final  # exactly, in fractions
    assert game.staged_rolls == 2


# -- what is refused, and how it reads -------------------------------------------------------


def test_what_is_not_a_game_is_refused_in_words() -> None:
    with pytest.raises(ArgumentTypeError, match="The analysis reads a Game"):
        luck_and_skill("Asha")  # type: ignore[arg-type]


def test_it_is_exported_lazily_from_the_package() -> None:
    assert ye.luck_and_skill is luck_and_skill and "luck_and_skill" in ye.__all__


def test_repr_and_html_in_every_language() -> None:
    game = play(Game(("Asha", "Ravi"), seed=12), {"Asha": "best", "Ravi": "random"}, 12)
    found = luck_and_skill(game)
    asha = found["Asha"]
    assert repr(asha) == (f"LuckAndSkill('Asha', start={asha.start:.2f}, luck={asha.luck:+.2f}, "
                          f"loss={asha.loss:.2f}, final={asha.final:.2f})")
    assert repr(found).startswith("LuckAndSkillTable(Rules('yacht'), game over): final = start")
    assert "Final score" in found._repr_html_() and "Yacht" in found._repr_html_()
    assert "Luck of the dice" in asha._repr_html_()
    for lang in LANGUAGES:
        shown = luck_html(tuple(found.values()), found.rules, lang=lang)
        for key in ("luck.col_start", "luck.col_luck", "luck.col_loss", "luck.col_final",
                    "luck.identity"):
            assert t(key, lang).split()[0] in shown, (lang, key)
        assert ('dir="rtl"' in shown) == (lang == "ur")
    running = Game(("Asha",), seed=1)
    running.roll(result=(5, 5, 5, 5, 5))
    entry = luck_and_skill(running)["Asha"]
    assert repr(entry).endswith(", points=0, running)")
    assert "Worth now" in entry._repr_html_() and t("luck.running", "en") in entry._repr_html_()
    staged = luck_and_skill(running)._repr_html_()
    assert "Rolls set by hand (result=): 1." in staged


def test_the_numbers_are_written_to_two_places_and_luck_with_its_sign() -> None:
    entry = LuckAndSkill("Asha", 166.9551, -10.9551, 0.0, 156.0, 156, over=True)
    cells = [cell.split("<")[0] for cell in luck_html((entry,)).split('right">')[1:]]
    assert cells == ["166.96", "-10.96", "0.00", "156.00"]
    lucky = LuckAndSkill("Ravi", 166.9551, 0.0, 0.0, 166.9551, 0, over=False)
    assert '"text-align:right">+0.00<' in luck_html((lucky,))
    assert '<td dir="ltr" style="text-align:right">-10.96<' in luck_html((entry,), lang="ur")
