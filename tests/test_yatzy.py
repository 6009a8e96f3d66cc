"""A fourth rule set in one value (issue 34): Scandinavian Yatzy, written here and nowhere in the
package, is played, drawn, solved and coached like the built-in ones.

Its rules, as the Wikipedia article "Yatzy" states them (en.wikipedia.org/wiki/Yatzy: its
scoring table, and its two-pairs example, 1-5-5-6-6 scores 22 and 1-5-5-5-5 nothing): fifteen
boxes — ones to sixes (the dice of that face), one pair, two pairs, three of a kind, four of a
kind (the dice of the pairs or of the alike dice only), small straight 1-2-3-4-5 = 15, large
straight 2-3-4-5-6 = 20, full house (three of one face and two of another) = the sum of the dice,
chance = the sum, yatzy = 50 —, 50 more for 63 or more in the upper section, three rolls a turn,
no joker rule and no bonus for a second yatzy.

Adding it took this one file: the value below.  Its title is its own (the same in every
language, as a designer's title is); its new boxes are shown by their names, as a learner's own
boxes are; the boxes it shares with the built-in rule sets keep their catalog words.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import pytest

import yacht_edu as ye
from tests.helpers.shown import plain
from yacht_edu.errors import BadSavedGameError, RuleDesignError
from yacht_edu.events import ScoreEvent
from yacht_edu.hands import HANDS
from yacht_edu.i18n import LANGUAGES, t
from yacht_edu.rules import Rules, Scorer

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")


def number(face: int) -> Scorer:
    return lambda dice: face * dice.count(face)


def alike(n: int) -> Scorer:
    """The highest face shown by at least ``n`` dice, ``n`` times (only those dice count)."""
    def box(dice: Sequence[int]) -> int:
        faces = [face for face, count in Counter(dice).items() if count >= n]
        return n * max(faces) if faces else 0
    return box


def two_pairs(dice: Sequence[int]) -> int:
    faces = [face for face, count in Counter(dice).items() if count >= 2]
    return 2 * sum(faces) if len(faces) == 2 else 0


def full_house(dice: Sequence[int]) -> int:
    return sum(dice) if sorted(Counter(dice).values()) == [2, 3] else 0


YATZY = Rules(
    "yatzy",
    {**{box: number(face) for face, box in enumerate(UPPER, start=1)},
     "one_pair": alike(2), "two_pairs": two_pairs, "three_of_a_kind": alike(3),
     "four_of_a_kind": alike(4),
     "small_straight": lambda dice: 15 if tuple(dice) == (1, 2, 3, 4, 5) else 0,
     "large_straight": lambda dice: 20 if tuple(dice) == (2, 3, 4, 5, 6) else 0,
     "full_house": full_house, "chance": sum,
     "yatzy": lambda dice: 50 if len(set(dice)) == 1 else 0},
    upper_section=UPPER, upper_bonus_rule=(63, 50), title="Scandinavian Yatzy",
)

#: A card with every box filled but large straight: 63 in the upper section (the bonus earned).
ALL_BUT_LARGE_STRAIGHT = {
    "ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18, "one_pair": 12,
    "two_pairs": 22, "three_of_a_kind": 15, "four_of_a_kind": 20, "small_straight": 15,
    "full_house": 28, "chance": 25, "yatzy": 50}


# -- the value ----------------------------------------------------------------------------------


# The Wikipedia article's two-pairs example, then edge cases of its table: a pair is the highest
# pair, only the alike dice count, five alike are no full house and no two pairs, the straights
# are exactly 1-5 and 2-6.
CASES = [
    ((1, 5, 5, 6, 6), "two_pairs", 22), ((1, 5, 5, 5, 5), "two_pairs", 0),
    ((2, 2, 5, 5, 5), "full_house", 19), ((2, 2, 5, 5, 5), "chance", 19),
    ((2, 2, 5, 5, 5), "fives", 15), ((2, 2, 5, 5, 5), "one_pair", 10),
    ((2, 2, 5, 5, 5), "two_pairs", 14), ((2, 2, 5, 5, 5), "three_of_a_kind", 15),
    ((3, 3, 3, 3, 3), "full_house", 0), ((3, 3, 3, 3, 3), "four_of_a_kind", 12),
    ((3, 3, 3, 3, 3), "yatzy", 50), ((6, 5, 4, 3, 2), "large_straight", 20),
    ((1, 2, 3, 4, 6), "small_straight", 0), ((5, 4, 3, 2, 1), "small_straight", 15),
    ((1, 2, 3, 4, 5), "large_straight", 0), ((4, 4, 4, 4, 1), "ones", 1),
]


@pytest.mark.parametrize(("dice", "box", "points"), CASES)
def test_the_value_scores_as_the_rules_say(dice: tuple[int, ...], box: str, points: int) -> None:
    assert ye.score(dice, box, YATZY) == points


def test_it_is_a_rule_set_like_the_built_in_ones() -> None:
    from yacht_edu.solver import MOST_STATES
    from yacht_edu.solver.states import StateSpace

    assert len(YATZY.boxes) == YATZY.turns == 15 and YATZY.rolls == 3
    assert YATZY.upper_section == UPPER and YATZY.lower_section[0] == "one_pair"
    assert not YATZY.has_yahtzee_bonus and YATZY.bonus_box is None
    assert ye.categories(YATZY) == YATZY.boxes and ye.get_rules(YATZY) is YATZY
    # 2^15 filled-box masks × 64 upper subtotals: exactly the most the solver takes on
    assert StateSpace.of(YATZY).size == 2**15 * 64 == MOST_STATES
    assert repr(YATZY) == "Rules('yatzy')" and Rules(
        "yatzy", YATZY.scorers, upper_section=UPPER, upper_bonus_rule=(63, 50)) == YATZY
    # the same name playing otherwise is another rule set
    assert Rules("yatzy", YATZY.scorers, upper_section=UPPER, upper_bonus_rule=(63, 35)) != YATZY


@pytest.mark.parametrize("lang", LANGUAGES)
def test_its_words_reach_every_language(lang: str) -> None:
    from yacht_edu.i18n import box_name

    assert YATZY.label(lang) == "Scandinavian Yatzy"
    assert box_name("sixes", lang) == t("category.sixes", lang)  # the catalog's word
    assert plain(box_name("one_pair", lang)) == "one_pair"  # its own name, as a learner's box


def test_its_of_a_kind_boxes_are_read_from_their_scores() -> None:
    from yacht_edu.probability import kind_of

    assert kind_of("yatzy", YATZY) == 5 and kind_of("four_of_a_kind", YATZY) == 4
    assert kind_of("three_of_a_kind", YATZY) == 3 and kind_of("one_pair", YATZY) == 2
    assert kind_of("two_pairs", YATZY) is None and kind_of("full_house", YATZY) is None


def test_a_rule_set_that_cannot_be_played_is_refused_when_it_is_made() -> None:
    shuffled = dict(reversed(list(YATZY.scorers.items())))
    with pytest.raises(RuleDesignError) as raised:  # an upper bonus on number boxes at the end
        Rules("yatzy", shuffled, upper_section=UPPER, upper_bonus_rule=(63, 50))
    assert raised.value.msgid == "error.rule_set_shape"
    tripled = {**YATZY.scorers, "sixes": lambda dice: 3 * dice.count(6)}
    with pytest.raises(RuleDesignError, match="sixes"):  # the bonus counts on dice of a face
        Rules("yatzy", tripled, upper_section=UPPER, upper_bonus_rule=(63, 50))
    with pytest.raises(RuleDesignError, match="yatzi"):
        Rules("yatzy", YATZY.scorers, upper_section=UPPER, bonus_box="yatzi", joker="forced")


# -- a game --------------------------------------------------------------------------------------


def played_out(seed: int) -> ye.Game:
    """Two players, every box, random holds and choices."""
    game, rng = ye.Game(("Asha", "Ravi"), rules=YATZY, seed=seed), random.Random(seed)
    while not game.over:
        game.roll()
        while game.rolls_left and rng.random() < 0.5:
            game.roll(positions=rng.sample(range(5), rng.randrange(5)))
        game.score(rng.choice([o.box for o in game.options() if o.allowed]))
    return game


@pytest.mark.parametrize("seed", range(4))
def test_a_whole_game_adds_up(seed: int) -> None:
    game = played_out(seed)
    for player in game.players:
        scored = {e.box: e.points for e in game.events
                  if isinstance(e, ScoreEvent) and e.player == player}
        assert set(scored) == set(UPPER) | set(YATZY.lower_section)
        for e in game.events:  # every box scored what the rules give those dice
            if isinstance(e, ScoreEvent) and e.player == player:
                assert e.points == YATZY.scorers[e.box](e.dice.hand)
        upper = sum(scored[box] for box in UPPER)
        assert game.totals[player] == sum(scored.values()) + (50 if upper >= 63 else 0)


def test_the_upper_bonus_is_fifty_at_sixty_three() -> None:
    game = ye.Game(("Asha",), rules=YATZY, seed=1)
    for face, box in [(6, "sixes"), (5, "fives"), (4, "fours")]:
        game.roll(result=(face, face, face, face, 1))
        game.score(box)
    assert game.scorecard().upper_subtotal == 60
    game.roll(result=(3, 1, 1, 2, 2))
    option = next(o for o in game.options() if o.box == "threes")
    assert (option.points, option.bonus) == (3, 50)
    game.score("threes")
    assert game.totals["Asha"] == 63 + 50


def test_the_board_and_the_card_show_its_own_bonus() -> None:
    from yacht_edu.display.scorecard import scorecard_html

    card = ye.Scorecard.empty(YATZY)
    assert "Bonus (50 at 63)" in scorecard_html(card, "en") and "Scandinavian Yatzy" in \
        scorecard_html(card, "en")
    pytest.importorskip("ipywidgets")
    view = ye.play(("Asha", "Ravi"), rules=YATZY, settle=0)
    names = [row["name"] for row in view.state["card"]["rows"]]
    assert "Bonus (50 at 63)" in names and len([n for n in names if n]) >= 15
    assert view.roll() and view.game.rolls_left == 2


def test_a_save_names_it_and_a_copy_that_does_not_ship_it_says_so() -> None:
    """A rule set the package does not ship is saved by name; loading it needs it built in."""
    game = played_out(9)
    with pytest.raises(BadSavedGameError, match="yatzy"):
        ye.Game.from_json(game.to_json())


# -- solved and coached --------------------------------------------------------------------------


@pytest.mark.slow  # 2,097,152 states: about twice Yahtzee's solve (BENCHMARKS.md)
def test_it_is_solved_to_the_published_optimum() -> None:
    from yacht_edu.solver import solve

    expected = solve(YATZY).expected()
    # Two independent solvers publish the same optimum for these rules: 248.44 (the README of
    # github.com/teemukoukkari/yatzysolver) and 248.4 ± 38.5 (github.com/dlangk/yatzy,
    # treatise/sections/04-optimal-strategy.md).  Larsson and Sjöberg's KTH thesis "Optimal Yatzy
    # Strategy" (2012) gives 248.63.
    assert round(expected.mean, 2) == 248.44
    assert round(expected.sd, 1) == 38.5


@pytest.mark.slow
def test_the_table_agrees_with_the_plain_recursion_near_the_bonus() -> None:
    """Two boxes open, the bonus 18 points away: the fast solver's worth of the card against the
    plain recursion's, in fractions (it reads only the model)."""
    from yacht_edu.solver import solve
    from yacht_edu.solver.plain import plain_expected_score

    filled = {box: points for box, points in ALL_BUT_LARGE_STRAIGHT.items()
              if box not in ("sixes", "two_pairs")}
    card = ye.Scorecard.from_filled(filled, YATZY)
    assert card.upper_subtotal == 45
    plain = plain_expected_score(card)
    assert abs(solve(YATZY).expected(card).mean - card.total - float(plain)) < 1e-9


@pytest.mark.slow
def test_the_coach_plays_a_moment_of_it() -> None:
    advice = ye.advise((2, 3, 4, 5, 5), 1, filled=ALL_BUT_LARGE_STRAIGHT, rules=YATZY)
    card = ye.Scorecard.from_filled(ALL_BUT_LARGE_STRAIGHT, YATZY)
    assert card.total == 250 + 50
    # keep 2-3-4-5 and throw one die: a six (1 in 6) makes the large straight's 20
    assert advice.best.choice == (2, 3, 4, 5)
    assert advice.best.expected == pytest.approx(card.total + Fraction(20, 6), abs=1e-9)
    # with no roll left and sixes or chance to fill: each choice is worth its points, the bonus
    # it earns and the last turn's worth (the plain recursion, in fractions)
    from yacht_edu.solver.plain import plain_expected_score

    filled = {box: points for box, points in ALL_BUT_LARGE_STRAIGHT.items()
              if box not in ("sixes", "chance")} | {"large_straight": 20}
    moment = ye.Scorecard.from_filled(filled, YATZY)
    dice = (6, 6, 6, 1, 2)
    choices = {c.choice: c.expected for c in ye.advise(dice, 0, filled=filled, rules=YATZY).choices}
    for box in ("sixes", "chance"):
        option = moment.option(dice, box)
        worth = moment.total + option.gain + plain_expected_score(moment.fill(dice, box))
        assert choices[box] == pytest.approx(float(worth), abs=1e-9)
    assert max(choices, key=choices.__getitem__) == "sixes"  # 18 and the bonus's 50


def test_every_hand_scores_within_its_box_s_limits() -> None:
    """Brute force over the 252 hands: the largest score of each box is the rules' own."""
    most = {box: max(YATZY.score(hand, box) for hand in HANDS) for box in YATZY.boxes}
    assert most == {"ones": 5, "twos": 10, "threes": 15, "fours": 20, "fives": 25, "sixes": 30,
                    "one_pair": 12, "two_pairs": 22, "three_of_a_kind": 18,
                    "four_of_a_kind": 24, "small_straight": 15, "large_straight": 20,
                    "full_house": 28, "chance": 30, "yatzy": 50}
