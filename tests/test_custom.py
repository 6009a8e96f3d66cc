"""Custom rule sets: a variant with no change is its base everywhere; rolls from 1 to 6 against an
independent backward induction written here with fractions over brute-force dice; a learner's
box refused with the hand named; saved games replay and refuse a tampered table; the solver
cache by content; the comparison against independent figures; the designer widget.
"""

from __future__ import annotations

import itertools
import json
import random
import threading
import time
import warnings
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
import sympy

import yacht_edu as ye
from yacht_edu import custom, guard
from yacht_edu.compare import compare_rules
from yacht_edu.errors import BadSavedGameError, RuleDesignError, RuleError
from yacht_edu.hands import HANDS
from yacht_edu.i18n import LANGUAGES
from yacht_edu.probability import best_expected, one_roll_distribution, p_one_roll, p_within
from yacht_edu.rules import RULE_SETS, Rules, get_rules
from yacht_edu.solver import MOST_STATES, solve
from yacht_edu.solver.cache import clear_memory

SAMPLE_MOMENTS = 40


def two_pairs(dice: Sequence[int]) -> int:
    pairs = [face for face in set(dice) if dice.count(face) >= 2]
    return sum(dice) if len(pairs) == 2 else 0


# -- no change: the base, everywhere -------------------------------------------------------------


@pytest.mark.parametrize("base", RULE_SETS)
def test_no_change_keeps_every_one_roll_chance_and_turn_chance(base: str) -> None:
    plain, same = get_rules(base), ye.custom_rules(base)
    assert same.boxes == plain.boxes and same.rolls == 3
    for box in plain.boxes:
        assert p_one_roll(box, same) == p_one_roll(box, plain)
        assert one_roll_distribution(box, same) == one_roll_distribution(box, plain)
        assert p_within(box, rules=same) == p_within(box, rules=plain)
        assert best_expected(box, rules=same) == best_expected(box, rules=plain)


@pytest.mark.parametrize("base", ["yacht", "yacht_sum4"])
def test_no_change_has_the_same_worth_in_every_state(base: str) -> None:
    plain, same = solve(base), solve(ye.custom_rules(base))
    assert same is not plain
    assert (same.mean.tobytes(), same.mean_square.tobytes()) == \
        (plain.mean.tobytes(), plain.mean_square.tobytes())


@pytest.mark.slow
@pytest.mark.parametrize("base", ["yacht", "yacht_sum4"])
def test_no_change_has_the_same_optimal_score_exactly(base: str) -> None:
    plain, same = (ye.optimal_expected_score(r, exact=True)
                   for r in (base, ye.custom_rules(base)))
    assert same.mean == plain.mean and same.variance == plain.variance
    assert ye.optimal_score_distribution(ye.custom_rules(base)).numerators == \
        ye.optimal_score_distribution(base).numerators


@pytest.mark.slow
def test_no_change_yahtzee_has_the_same_optimal_score() -> None:
    variant = ye.custom_rules("yahtzee", joker="free")
    assert variant.variant == {"joker": "free", "upper_first": False}
    plain = solve(get_rules("yahtzee", joker="free"))
    same = solve(variant)
    assert (same.mean[0], same.mean_square[0]) == (plain.mean[0], plain.mean_square[0])


@pytest.mark.parametrize("base", ["yacht", "yacht_sum4"])
def test_no_change_gives_the_same_coach_on_sampled_moments(base: str) -> None:
    rng = random.Random(16)
    plain, same = get_rules(base), ye.custom_rules(base)
    for _ in range(SAMPLE_MOMENTS):
        boxes = rng.sample(plain.boxes, rng.randrange(len(plain.boxes)))
        filled = {box: plain.score(rng.choice(HANDS), box) for box in boxes}
        dice = rng.choice(HANDS)
        rolls_left = rng.randrange(3)
        a = ye.advise(dice, rolls_left, filled, plain)
        b = ye.advise(dice, rolls_left, filled, same)
        assert [(c.choice, c.expected) for c in a.choices] == \
            [(c.choice, c.expected) for c in b.choices]


@pytest.mark.parametrize("base", RULE_SETS)
def test_no_change_plays_the_same_games(base: str) -> None:
    """Same seed, same choices: the same points at every move (bonuses and jokers included)."""
    for seed in range(6):
        games = [ye.Game(("A", "B"), rules, seed) for rules in (base, ye.custom_rules(base))]
        rng = random.Random(seed)
        while not games[0].over:
            for _ in range(rng.randrange(3)):
                keep = rng.sample(range(5), rng.randrange(6))
                assert games[0].roll(positions=keep) if games[0].dice else games[0].roll()
                assert games[1].roll(positions=keep) if games[1].dice else games[1].roll()
            if games[0].dice is None:
                games[0].roll(), games[1].roll()
            allowed = [o.box for o in games[0].options() if o.allowed]
            assert [o.box for o in games[1].options() if o.allowed] == allowed
            box = rng.choice(allowed)
            assert games[0].score(box) == games[1].score(box)
        assert games[0].totals == games[1].totals


# -- every number of rolls against an independent backward induction ---------------------------


@cache
def rerolls(free: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Brute force: every ordered throw of ``free`` dice, gathered by the sorted faces."""
    counts = Counter(tuple(sorted(faces)) for faces in itertools.product(range(1, 7), repeat=free))
    return tuple((faces, Fraction(n, 6**free)) for faces, n in counts.items())


def all_hands() -> list[tuple[int, ...]]:
    return sorted({tuple(sorted(h)) for h in itertools.product(range(1, 7), repeat=5)})


def kept_subsets(hand: tuple[int, ...]) -> set[tuple[int, ...]]:
    return {tuple(sorted(hand[i] for i in chosen))
            for r in range(6) for chosen in itertools.combinations(range(5), r)}


def readable_optimum(boxes: Mapping[str, Callable[[tuple[int, ...]], int]],
                     rolls: int) -> Fraction:
    """The optimal expected score of a game of these boxes (no bonus), by plain recursion over
    the open boxes, the rolls left and every keep, in fractions."""
    hands = all_hands()

    @cache
    def game(open_boxes: frozenset[str]) -> Fraction:
        if not open_boxes:
            return Fraction(0)

        @cache
        def hand_worth(hand: tuple[int, ...], rolls_left: int) -> Fraction:
            if rolls_left == 0:
                return max(boxes[b](hand) + game(open_boxes - {b})
                           for b in open_boxes)
            return max(keep_worth(kept, rolls_left) for kept in kept_subsets(hand))

        @cache
        def keep_worth(kept: tuple[int, ...], rolls_left: int) -> Fraction:
            if len(kept) == 5:
                return hand_worth(kept, 0)
            return sum((p * hand_worth(tuple(sorted(kept + faces)), rolls_left - 1)
                        for faces, p in rerolls(5 - len(kept))), Fraction(0))

        return keep_worth((), rolls)

    assert len(hands) == 252
    return game(frozenset(boxes))


def variant_of(boxes: list[str], rolls: int) -> ye.Rules:
    base = get_rules("yacht")
    return ye.custom_rules("yacht", rolls=rolls,
                           remove=[b for b in base.boxes if b not in boxes])


@pytest.mark.parametrize("rolls", range(1, 7))
def test_every_number_of_rolls_matches_a_readable_backward_induction(rolls: int) -> None:
    boxes = ["yacht", "little_straight"] if rolls > 3 else ["yacht", "full_house", "sixes"]
    base = get_rules("yacht")
    expected = readable_optimum({b: base.scorers[b] for b in boxes}, rolls)
    found = ye.optimal_expected_score(variant_of(boxes, rolls), exact=True)
    assert found.mean == sympy.Rational(expected.numerator, expected.denominator)
    assert abs(ye.optimal_expected_score(variant_of(boxes, rolls)).mean - float(expected)) < 1e-9


def test_one_roll_of_one_box_is_its_one_roll_value() -> None:
    """With one roll and one box there is no choice: the box's expected score after one roll."""
    for box in ("choice", "yacht", "full_house", "fours"):
        found = ye.optimal_expected_score(variant_of([box], 1), exact=True).mean
        assert found == ye.expected_one_roll(box)


def test_one_roll_is_the_best_assignment_of_each_roll_to_a_box() -> None:
    """rolls=1 on small cards: brute force over which box each roll goes to, in every order."""
    base = get_rules("yacht")
    one_roll = dict(rerolls(5))
    for boxes in (["ones", "sixes"], ["choice", "yacht", "big_straight"],
                  ["full_house", "four_of_a_kind", "twos"]):

        @cache
        def best(open_boxes: frozenset[str]) -> Fraction:
            if not open_boxes:
                return Fraction(0)
            return sum((p * max(base.score(hand, b) + best(open_boxes - {b})
                                for b in open_boxes) for hand, p in one_roll.items()),
                       Fraction(0))

        found = ye.optimal_expected_score(variant_of(boxes, 1), exact=True).mean
        assert found == sympy.Rational(best(frozenset(boxes)).numerator,
                                       best(frozenset(boxes)).denominator)


@pytest.mark.slow  # about a second or more (the fast loop keeps under a minute and a quarter)
def test_more_rolls_never_lower_the_optimal_score() -> None:
    means = [ye.optimal_expected_score(ye.custom_rules(rolls=r)).mean for r in range(1, 7)]
    assert means == sorted(means)


# -- a learner's box, checked at once -----------------------------------------------------------

BAD_HAND = (2, 2, 3, 3, 4)


def failing(bad: object) -> Callable[[Sequence[int]], object]:
    def box(dice: Sequence[int]) -> object:
        if tuple(dice) == BAD_HAND:
            if bad is ZeroDivisionError:
                return 1 // 0
            return bad
        return 3

    return box


@pytest.mark.parametrize(("bad", "msgid", "shown"), [
    (ZeroDivisionError, "guard.error.raised", "ZeroDivisionError"),
    (2.0, "custom.error.box_not_whole", "2.0"),
    (-1, "custom.error.box_negative", "-1"),
    (None, "custom.error.box_not_whole", "None"),
    (True, "custom.error.box_not_whole", "True"),
    ("3", "custom.error.box_not_whole", "'3'"),
])
def test_a_bad_box_is_refused_naming_the_hand(bad: object, msgid: str, shown: str) -> None:
    # a box that raises is named by the guard, with the hand it was given
    hand = "(2, 2, 3, 3, 4)" if msgid.startswith("guard.") else "2-2-3-3-4"
    for kind in ("add", "scores"):
        spec = {"two_pairs" if kind == "add" else "choice": failing(bad)}
        with pytest.raises(RuleDesignError) as raised:
            ye.custom_rules("yacht", **{kind: spec})  # type: ignore[arg-type]
        assert raised.value.msgid == msgid
        assert raised.value.params["input" if msgid.startswith("guard.") else "hand"] == hand
        for lang in LANGUAGES:
            assert hand in raised.value.message(lang) and shown in raised.value.message(lang)


@pytest.mark.parametrize(("options", "msgid"), [
    ({"scores": ["choice"]}, "custom.error.not_a_mapping"),
    ({"add": "two_pairs"}, "custom.error.not_a_mapping"),
    ({"remove": "yacht"}, "custom.error.not_box_list"),  # one name is not a list of names
    ({"remove": 3}, "custom.error.not_box_list"),
    ({"scores": {"full_house": custom.MOST_POINTS + 1}}, "custom.error.too_many_points"),
    ({"add": {"huge": lambda dice: 10**5000}}, "custom.error.too_many_points"),
    ({"add": {"two_pairs": 20}}, "custom.error.new_box_function"),  # a new box has no base
])
def test_a_design_of_the_wrong_shape_is_refused_saying_what_to_give(options: dict[str, object],
                                                                   msgid: str) -> None:
    with pytest.raises(RuleDesignError) as raised:
        ye.custom_rules("yacht", **options)  # type: ignore[arg-type]
    assert raised.value.msgid == msgid
    for lang in LANGUAGES:
        assert raised.value.message(lang)  # said in every language
    assert "such as" in raised.value.message("en") or "at most" in raised.value.message("en")


def test_the_largest_score_a_box_may_give_works() -> None:
    rules = ye.custom_rules("yacht", scores={"full_house": custom.MOST_POINTS})
    assert rules.score((2, 2, 3, 3, 3), "full_house") == custom.MOST_POINTS


@pytest.mark.parametrize("given", [None, "yacht", [], ["yacht"] * 9, 3, {"yacht": 1}])
def test_compare_rules_wants_a_list_of_rule_sets(given: object) -> None:
    with pytest.raises(RuleDesignError, match="list of 1 to 8 rule sets"):
        compare_rules(given)  # type: ignore[arg-type]


@pytest.mark.slow
def test_a_box_that_never_returns_is_stopped_in_bounded_time() -> None:
    def stuck(dice: Sequence[int]) -> int:
        while tuple(dice) == BAD_HAND:
            pass
        return 0

    started = time.monotonic()
    with pytest.raises(RuleDesignError) as raised:
        ye.custom_rules(add={"stuck": stuck})
    assert time.monotonic() - started < guard.FUNCTION_SECONDS + 1.5
    assert raised.value.msgid == "guard.error.too_slow"
    assert raised.value.params["input"] == "(2, 2, 3, 3, 4)"


def test_a_slow_box_is_refused_outside_the_main_thread_too(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "FUNCTION_SECONDS", 0.05)

    def slow(dice: Sequence[int]) -> int:
        time.sleep(0.001)
        return 0

    found: list[BaseException] = []

    def design() -> None:
        try:
            ye.custom_rules(add={"slow": slow})
        except RuleDesignError as error:
            found.append(error)

    worker = threading.Thread(target=design)
    worker.start()
    worker.join(10)
    assert [e.msgid for e in found] == ["guard.error.too_slow"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("changes", "msgid"), [
    ({"rolls": 0}, "custom.error.rolls"),
    ({"rolls": 7}, "custom.error.rolls"),
    ({"rolls": True}, "custom.error.rolls"),
    ({"rolls": 2.0}, "custom.error.rolls"),
    ({"scores": {"two_pairs": 5}}, "custom.error.unknown_box"),
    ({"remove": ["little_stright"]}, "custom.error.unknown_box"),
    ({"add": {"full_house": two_pairs}}, "custom.error.box_name"),
    ({"add": {"two pairs": two_pairs}}, "custom.error.box_name"),
    ({"add": {"class": two_pairs}}, "custom.error.box_name"),
    ({"scores": {"full_house": -5}}, "custom.error.box_score"),
    ({"scores": {"full_house": 2.5}}, "custom.error.box_score"),
    ({"scores": {"choice": 5}, "remove": ["choice"]}, "custom.error.changed_and_removed"),
    ({"remove": list(get_rules("yacht").boxes)}, "custom.error.no_boxes"),
    ({"name": ""}, "custom.error.title"),
    ({"yahtzee_bonus": 50}, "custom.error.yahtzee_bonus_base"),
    ({"upper_bonus_rule": (64, 35)}, "custom.error.upper_bonus"),
])
def test_a_design_that_cannot_be_played_is_refused(changes: dict[str, object],
                                                   msgid: str) -> None:
    with pytest.raises(RuleDesignError) as raised:
        ye.custom_rules("yacht", **changes)  # type: ignore[arg-type]
    assert raised.value.msgid == msgid
    if msgid == "custom.error.unknown_box":  # the base's boxes are listed
        assert ", ".join(get_rules("yacht").boxes) in str(raised.value)


def test_the_yahtzee_bonus_and_joker_keep_their_boxes() -> None:
    with pytest.raises(RuleDesignError, match="aces"):
        ye.custom_rules("yahtzee", remove=["aces"])
    with pytest.raises(RuleDesignError, match="yahtzee"):
        ye.custom_rules("yahtzee", remove=["yahtzee"])
    without = ye.custom_rules("yahtzee", joker="none", remove=["yahtzee"])
    assert not without.has_yahtzee_bonus and "yahtzee" not in without.boxes


def test_a_refused_design_changes_nothing() -> None:
    before = ye.custom_rules("yacht", rolls=4)
    game = ye.Game(rules=before, seed=3)
    game.roll()
    saved = game.to_json()
    with pytest.raises(RuleError):
        ye.custom_rules("yacht", rolls=4, add={"bad": failing(-1)})
    assert game.to_json() == saved and game.rules.scorers.keys() == before.scorers.keys()
    assert ye.score((2, 2, 3, 3, 4), "choice") == 14


def test_fixed_scores_and_bonuses_of_a_yahtzee_variant() -> None:
    variant = ye.custom_rules("yahtzee", scores={"full_house": 30}, upper_bonus_rule=(60, 50),
                              yahtzee_bonus=200)
    card = ye.Scorecard.from_filled({"sixes": 30, "fives": 25, "yahtzee": 50}, variant)
    assert card.option((4, 4, 4, 4, 4), "fours").gain == 20 + 200 + 50  # crosses 60
    joker = ye.Scorecard.from_filled({"fours": 16, "yahtzee": 50}, variant)
    assert joker.points((4, 4, 4, 4, 4), "full_house") == 30
    assert variant.score((2, 2, 3, 3, 3), "full_house") == 30
    assert variant.score((3, 3, 3, 3, 3), "full_house") == 0
    assert "Full House = 30" in variant.label("en")


def test_default_names() -> None:
    assert ye.custom_rules(rolls=1).label("en") == "Yacht, 1 roll"
    assert ye.custom_rules("yacht_sum4", remove=["little_straight"], add={"two_pairs": two_pairs},
                           scores={"choice": sum}).label("en") == (
        "Yacht (four of a kind scores all five dice), Choice scored anew, "
        "without Little Straight, with two_pairs")
    assert ye.custom_rules(name="Four rolls", rolls=4).label("hi") == "Four rolls"
    for lang in LANGUAGES:
        assert "4" in ye.custom_rules(rolls=4).label(lang)


# -- saving -----------------------------------------------------------------------------------


def played(rules: ye.Rules, seed: int, moves: int) -> ye.Game:
    game, rng = ye.Game(("Asha", "Ravi"), rules, seed), random.Random(seed)
    for _ in range(moves):
        game.roll()
        while game.rolls_left and rng.random() < 0.6:
            game.roll(positions=rng.sample(range(5), rng.randrange(5)))
        game.score(rng.choice([o.box for o in game.options() if o.allowed]))
    return game


def test_a_saved_custom_game_replays_exactly() -> None:
    rules = ye.custom_rules("yacht", name="Pairs", rolls=4, scores={"full_house": 25},
                            add={"two_pairs": two_pairs}, remove=["little_straight"])
    game = played(rules, 7, 2 * rules.turns)
    text = game.to_json()
    again = ye.Game.from_json(text)
    assert again.to_json() == text and again.over and again.totals == game.totals
    assert again.rules == rules and again.rules.label() == "Pairs"
    assert isinstance(again.rules.scorers["two_pairs"], custom.ScoreTable)
    saved = json.loads(text)["rules"]
    assert saved["scores"] == {"full_house": 25} and saved["remove"] == ["little_straight"]
    assert set(saved["functions"]) == {"two_pairs"} and saved["rolls"] == 4


def test_a_game_saved_before_rule_sets_were_values_still_loads() -> None:
    """Before issue 34 a design on a base without a joker rule was written with the base's
    joker "forced" and a yahtzee bonus of 100; now with "none" and 0 (the rest of every saved
    rule set byte for byte the same: yacht, yahtzee with its switches, designs on either base,
    compared with main at b3bd085).  Such a save loads, as the same rule set."""
    from yacht_edu.saved import digest

    rules = ye.custom_rules("yacht", name="Pairs", rolls=4, add={"two_pairs": two_pairs})
    game = played(rules, 7, 6)
    document = json.loads(game.to_json())
    assert (document["rules"]["joker"], document["rules"]["yahtzee_bonus"]) == ("none", 0)
    document["rules"].update(joker="forced", yahtzee_bonus=100)
    document["digest"] = digest(document)
    again = ye.Game.from_json(json.dumps(document))
    assert again.rules == rules and again.totals == game.totals and again.events == game.events


def test_a_saved_game_refuses_a_tampered_table() -> None:
    rules = ye.custom_rules("yacht", add={"two_pairs": two_pairs})
    document = json.loads(played(rules, 8, 3).to_json())
    document["rules"]["functions"]["two_pairs"]["table"][5] += 1
    with pytest.raises(BadSavedGameError) as raised:
        ye.Game.from_json(json.dumps(document))
    assert raised.value.msgid == "custom.error.saved_table"


def test_a_saved_game_refuses_a_tampered_rule() -> None:
    document = json.loads(played(ye.custom_rules("yacht", rolls=4), 9, 3).to_json())
    document["rules"]["rolls"] = 3
    with pytest.raises(BadSavedGameError):
        ye.Game.from_json(json.dumps(document))


# -- the solver: by content, and refused when too large -----------------------------------------


def test_the_same_variant_defined_twice_shares_one_table() -> None:
    first = ye.custom_rules("yacht", rolls=4, name="Four")
    second = ye.custom_rules("yacht", rolls=4, name="Vier")
    assert first == second and hash(first) == hash(second) and first.name == second.name
    assert solve(first) is solve(second)
    assert ye.custom_rules("yacht", rolls=5) != first


def test_a_saved_table_is_found_by_content_under_another_name(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import yacht_edu.solver as solver

    first = solve(ye.custom_rules("yacht", rolls=5, name="Five"))
    clear_memory()

    def no_solving(*args: object, **kwargs: object) -> None:
        raise AssertionError("solved again instead of reading the saved table")

    monkeypatch.setattr(solver, "solve_layers", no_solving)
    again = solve(ye.custom_rules("yacht", rolls=5, name="Fünf"))
    assert again.mean.tobytes() == first.mean.tobytes()


# Rule sets are equal exactly when they play the same (issue 25): each pair below differs in
# one thing that changes play, on a small Yahtzee (9 boxes) that solves in a second.
SMALL = ("four_of_a_kind", "small_straight", "large_straight", "chance")


def full_house_25(dice: Sequence[int]) -> int:
    """A learner's full house: 25 for three of a kind and a pair, the very table of the fixed
    25, but a function — so the joker rule does not score it 25."""
    return 25 if sorted(Counter(dice).values()) == [2, 3] else 0


def small_yahtzee(**changes: object) -> Rules:
    return ye.custom_rules("yahtzee", remove=SMALL, **changes)  # type: ignore[arg-type]


PLAYED_DIFFERENTLY: dict[str, tuple[dict[str, object], dict[str, object]]] = {
    "a fixed score or a function": ({"scores": {"full_house": 25}},
                                    {"scores": {"full_house": full_house_25}}),
    "the yahtzee bonus": ({}, {"yahtzee_bonus": 200}),
    "the joker rule": ({"joker": "forced"}, {"joker": "free"}),
    "no joker rule": ({"joker": "forced"}, {"joker": "none"}),
    "the upper bonus": ({}, {"upper_bonus_rule": (50, 35)}),
    "upper first": ({}, {"upper_first": True}),
    "the rolls": ({}, {"rolls": 4}),
}


@pytest.mark.parametrize("difference", sorted(PLAYED_DIFFERENTLY))
def test_rule_sets_that_play_differently_are_different(difference: str) -> None:
    from yacht_edu.solver import cache

    first, second = (small_yahtzee(**changes) for changes in PLAYED_DIFFERENTLY[difference])
    assert first != second and first.name != second.name and hash(first) != hash(second)
    assert len({first, second}) == 2
    for kind in ("float", "exact", "target"):
        assert cache.table_path(first, kind) != cache.table_path(second, kind)
    assert cache.header(first, "float", b"") != cache.header(second, "float", b"")


@pytest.mark.parametrize(("first", "second"), [
    ({"scores": {"full_house": 25}}, {}),  # the base's own full house, written out
    ({"joker": "none", "yahtzee_bonus": 200}, {"joker": "none"}),  # no bonus is earned
    ({"joker": "none", "scores": {"full_house": 25}},
     {"joker": "none", "scores": {"full_house": full_house_25}}),  # no joker: no joker score
])
def test_rule_sets_that_play_the_same_are_equal(first: dict[str, object],
                                                second: dict[str, object]) -> None:
    assert small_yahtzee(**first) == small_yahtzee(**second)
    yacht = ye.custom_rules("yacht", scores={"full_house": 25})  # yacht has no joker rule
    assert yacht == ye.custom_rules("yacht", scores={"full_house": full_house_25})


@pytest.mark.slow  # about a second or more (the fast loop keeps under a minute and a quarter)
def test_a_function_box_is_solved_apart_from_a_fixed_one_in_memory_and_on_disk(
        own_cache: Path) -> None:
    from yacht_edu.solver import cache

    fixed, function = (small_yahtzee(**changes) for changes in
                       PLAYED_DIFFERENTLY["a fixed score or a function"])
    assert fixed.joker_scores["full_house"] == 25 and "full_house" not in function.joker_scores
    solved = solve(fixed).expected().mean
    fresh = solve(function, use_cache=False).expected().mean  # issue 25: this was fixed's
    assert fresh != solved
    assert solve(function).expected().mean == fresh
    files = sorted(p.name for p in own_cache.iterdir())
    assert files == sorted({cache.table_path(fixed, "float").name,
                            cache.table_path(function, "float").name})
    clear_memory()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # each file is its own: none is "another version"
        assert solve(fixed).expected().mean == solved
        assert solve(function).expected().mean == fresh


@pytest.mark.slow
@pytest.mark.parametrize("difference", sorted(PLAYED_DIFFERENTLY))
def test_rule_sets_that_play_differently_have_different_values(difference: str) -> None:
    first, second = (small_yahtzee(**changes) for changes in PLAYED_DIFFERENTLY[difference])
    solve(first)
    assert solve(second, use_cache=False).expected().mean != solve(first).expected().mean


@pytest.mark.slow
def test_the_issues_two_full_houses_score_their_own_expected_values() -> None:
    fixed = ye.custom_rules("yahtzee", scores={"full_house": 25})
    function = ye.custom_rules("yahtzee", scores={"full_house": full_house_25})
    assert fixed != function
    assert solve(fixed).expected().mean == pytest.approx(254.5877, abs=1e-4)
    assert solve(function, use_cache=False).expected().mean == pytest.approx(254.5055, abs=1e-4)
    five_sixes = ye.Scorecard.from_filled({"yahtzee": 50, "sixes": 30}, fixed)
    also = ye.Scorecard.from_filled({"yahtzee": 50, "sixes": 30}, function)
    assert five_sixes.option((6,) * 5, "full_house").points == 25  # +125 with the bonus
    assert also.option((6,) * 5, "full_house").points == 0  # +100


def test_a_variant_too_large_to_solve_is_refused_with_its_size() -> None:
    big = ye.custom_rules("yahtzee", add={"a": two_pairs, "b": two_pairs})
    with pytest.raises(RuleDesignError) as raised:
        solve(big)
    assert raised.value.params["count"] == 2**15 * 64 * 2 > MOST_STATES
    assert str(MOST_STATES) in str(raised.value)


# -- the comparison -------------------------------------------------------------------------------


@pytest.mark.slow  # about a second or more (the fast loop keeps under a minute and a quarter)
def test_the_box_points_add_up_to_the_solvers_expected_score() -> None:
    variants: list[str | Rules] = ["yacht", ye.custom_rules(rolls=4),
                                   ye.custom_rules(add={"two_pairs": two_pairs})]
    for summary in compare_rules(variants):
        assert abs(sum(summary.points.values()) - summary.mean) < 1e-9
        assert all(0 <= p <= 1 + 1e-12 for p in summary.chance_to_score.values())


def test_one_box_comparisons_match_the_exact_chances() -> None:
    """A game of the yacht box alone: the optimal player chases five of a kind, so its share of
    games with a yacht is ``p_within("yacht")`` (347897/7558272, OEIS A096256), and the box
    adds 50 times that."""
    only_yacht = variant_of(["yacht"], 3)
    (summary,) = compare_rules([only_yacht])
    chance = float(p_within("yacht"))
    assert abs(summary.yacht_share - chance) < 1e-12
    assert abs(summary.chance_to_score["yacht"] - chance) < 1e-12
    assert abs(summary.points["yacht"] - 50 * chance) < 1e-10
    (choice,) = compare_rules([variant_of(["choice"], 1)])
    assert abs(choice.points["choice"] - 17.5) < 1e-12
    assert abs(choice.chance_to_score["choice"] - 1) < 1e-12


def test_the_comparison_shows_every_rule_set_and_box() -> None:
    table = compare_rules(["yacht", ye.custom_rules(remove=["yacht"], add={"two_pairs":
                                                                          two_pairs})])
    html = table._repr_html_()
    assert "two_pairs" in html and "Yacht, without Yacht, with two_pairs" in html
    assert table.boxes[-1] == "two_pairs" and "—" in html


# -- everything that takes a rule set takes a custom one ------------------------------------------


def test_the_teacher_table_and_the_analysis_take_a_four_roll_variant() -> None:
    four = ye.custom_rules("yacht", rolls=4, add={"two_pairs": two_pairs})
    table = ye.teacher_table(four)
    assert table.rolls == 4 and [row.box for row in table.rows] == list(four.boxes)
    assert table.rows[-1].within == p_within("two_pairs", 4, four)
    game = played(four, 11, 3)
    analysis = ye.analyse(game)
    turns, rolls = [], 0
    for event in game.history:
        rolls += event["type"] == "roll"
        if event["type"] == "score":
            turns.append(rolls)
            rolls = 0
    # a keep after every roll but the last, "keep all five" when the turn stopped early, a box
    assert len(analysis.decisions) == sum((r - 1) + (r < 4) + 1 for r in turns)
    assert {d.rolls_left for d in analysis.decisions} <= {0, 1, 2, 3}
    assert any(d.rolls_left == 3 for d in analysis.decisions)
    with pytest.raises(RuleError):
        ye.advise((1, 2, 3, 4, 5), 4, rules=four)
    assert ye.advise((1, 2, 3, 4, 5), 3, rules=four).rolls_left == 3


def test_the_board_and_its_panels_play_a_variant() -> None:
    pytest.importorskip("ipywidgets")
    one = ye.custom_rules("yacht", rolls=1, remove=["ones", "twos"])
    view = ye.play(rules=one, chances=True, coach=True, settle=0)
    assert view.game.rolls_left == 1 and view.game.turns == 10
    assert view.roll()
    assert view.game.rolls_left == 0 and view.state["roll"]["locked"]
    choices = ye.advise(view.game).choices
    assert choices and all(isinstance(c.choice, str) for c in choices)


@pytest.mark.slow  # about a second or more (the fast loop keeps under a minute and a quarter)
def test_a_lower_upper_bonus_against_a_readable_recursion() -> None:
    """Yahtzee's six number boxes and chance, one roll a turn, 35 more at 10 in the upper
    section: the solver (subtotals told apart up to 63) against a plain recursion over the open
    boxes and the subtotal capped at 10, in floats."""
    rules = ye.custom_rules("yahtzee", joker="none", rolls=1, upper_bonus_rule=(10, 35),
                            remove=["three_of_a_kind", "four_of_a_kind", "full_house",
                                    "small_straight", "large_straight", "yahtzee"])
    upper = rules.upper_section
    one_roll = [(float(p), {box: rules.score(hand, box) for box in rules.boxes})
                for hand, p in rerolls(5)]

    @cache
    def worth(open_boxes: frozenset[str], subtotal: int) -> float:
        if not open_boxes:
            return 0.0
        total = 0.0
        for p, scores in one_roll:
            best = -1.0
            for box in open_boxes:
                points = scores[box]
                after = min(subtotal + points, 10) if box in upper else subtotal
                bonus = 35 if box in upper and subtotal < 10 <= subtotal + points else 0
                best = max(best, points + bonus + worth(open_boxes - {box}, after))
            total += p * best
        return total

    expected = worth(frozenset(rules.boxes), 0)
    assert abs(ye.optimal_expected_score(rules).mean - expected) < 1e-9


def test_reaching_a_target_is_refused_for_another_number_of_rolls() -> None:
    from yacht_edu.solver.target import NotOfferedError

    with pytest.raises(NotOfferedError):
        ye.reach_probability(200, ye.custom_rules("yacht", rolls=4))
