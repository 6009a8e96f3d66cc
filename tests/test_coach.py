"""The coach: its ranking of keeps and boxes against brute force over every keep, on hundreds of
random situations of every rule set; ties, losses, the HTML; and ``advise(game)``.

The brute force scores a hand with ``Scorecard.options`` / ``Scorecard.fill`` and the solved
table's value of the card that follows, and tries every subset of the five positions as a
keep with the model's ``reroll_chances``; it shares no code with the solver's turn.
"""

from __future__ import annotations

import functools
import itertools
import random

import pytest

from yacht_edu import Dice, Game, Scorecard, UnknownBoxError, get_rules
from yacht_edu.coach import advise
from yacht_edu.dice import multisets, reroll_chances
from yacht_edu.rules import Rules
from yacht_edu.situation import SituationError
from yacht_edu.solver import solve
from yacht_edu.solver.backward import OptimalTable


class BruteForce:
    """Every keep of a situation, worked out the long way."""

    def __init__(self, table: OptimalTable, card: Scorecard) -> None:
        self.table, self.card = table, card

    @functools.cache  # noqa: B019
    def scored(self, hand: tuple[int, ...]) -> float:
        """The best box for ``hand``: the final score expected after scoring it."""
        best = -1.0
        for option in self.card.options(hand):
            if option.allowed:
                after = self.card.fill(hand, option.box)
                best = max(best, after.total + self.table.future(after)[0])
        return best

    @functools.cache  # noqa: B019
    def keep(self, kept: tuple[int, ...], rolls_left: int) -> float:
        return sum(float(p) * self.hand(h, rolls_left - 1)
                   for h, p in reroll_chances(kept).items())

    def hand(self, hand: tuple[int, ...], rolls_left: int) -> float:
        if rolls_left == 0:
            return self.scored(hand)
        return max(self.keep(k, rolls_left) if len(k) < 5 else self.scored(hand)
                   for k in self.keeps(hand))

    @staticmethod
    def keeps(hand: tuple[int, ...]) -> set[tuple[int, ...]]:
        return {tuple(sorted(hand[i] for i in subset))
                for r in range(6) for subset in itertools.combinations(range(5), r)}


def random_filled(rules: Rules, rng: random.Random) -> Scorecard:
    card = Scorecard.empty(rules)
    hands = multisets()
    for _ in range(rng.randrange(rules.turns)):
        hand = rng.choice(hands) if rng.random() < 0.9 else (rng.randint(1, 6),) * 5
        card = card.fill(hand, rng.choice(card.allowed(hand)))
    return card


@pytest.mark.parametrize("rules", [get_rules("yacht"), get_rules("yacht_sum4"),
                                   get_rules("yahtzee", joker="forced")],
                         ids=lambda r: r.name + "-" + r.joker)
@pytest.mark.slow
def test_best_choice_agrees_with_brute_force(rules: Rules) -> None:
    rng = random.Random(99)
    table = solve(rules)
    situations = 0
    for _ in range(25):
        card = random_filled(rules, rng)
        brute = BruteForce(table, card)
        for _ in range(4):
            hand = rng.choice(multisets())
            dice = Dice(rng.sample(hand, 5))
            for rolls_left in (0, 1, 2):
                advice = advise(dice, rolls_left, filled=card.filled, rules=rules,
                                yahtzee_bonuses=card.yahtzee_bonuses)
                choices = ({o.box for o in card.options(hand) if o.allowed}
                           if rolls_left == 0 else brute.keeps(hand))
                assert {c.choice for c in advice} == choices
                best = (brute.scored(hand) if rolls_left == 0
                        else brute.hand(hand, rolls_left))
                assert advice.best.expected == pytest.approx(best, abs=1e-9)
                for choice in rng.sample(list(advice), min(3, len(advice))):
                    slow = (brute.scored(hand) if choice.choice == hand else
                            brute.keep(choice.choice, rolls_left)
                            ) if choice.is_keep else None
                    if slow is not None:
                        assert choice.expected == pytest.approx(slow, abs=1e-9)
                situations += 1
    assert situations == 300


def test_ranking_losses_and_ties() -> None:
    advice = advise([6, 6, 6, 6, 2], 1, filled={"yacht": 0})
    expected = [c.expected for c in advice]
    assert expected == sorted(expected, reverse=True)
    assert all(c.loss == pytest.approx(advice.best.expected - c.expected, abs=1e-9)
               for c in advice)
    # With the yacht box gone, rolling the 2 again changes nothing that matters: a real tie.
    assert {c.choice for c in advice.ties} == {(6, 6, 6, 6), (2, 6, 6, 6, 6)}
    assert all(c.rank == 1 and c.loss == 0.0 for c in advice.ties)
    assert advice[2].rank == 3
    assert "=1" in advice._repr_html_() and " = 1." in repr(advice)


def test_stopping_is_worth_the_best_box() -> None:
    card = {"ones": 3, "full_house": 0}
    keep_all = advise([2, 3, 4, 5, 6], 2, filled=card).of([2, 3, 4, 5, 6])
    scoring = advise([2, 3, 4, 5, 6], 0, filled=card)
    assert keep_all.expected == pytest.approx(scoring.best.expected, abs=1e-9)
    assert scoring.best.choice == "big_straight"


def test_the_first_roll_averages_to_the_optimal_score() -> None:
    # Before the first roll the game is worth the average, over the 252 hands, of the best
    # choice after it: the coach and the solver must agree.
    from yacht_edu.dice import multiset_chance

    table = solve("yacht")
    average = sum(float(multiset_chance(hand)) * advise(hand, 2).best.expected
                  for hand in multisets())
    assert average == pytest.approx(table.expected().mean, abs=1e-9)


def test_sd_is_of_the_final_score() -> None:
    last = Scorecard.from_filled({c: 0 for c in get_rules("yacht").boxes if c != "choice"},
                                 "yacht")
    advice = advise([1, 2, 3, 4, 6], 1, filled=last.filled)
    keep_all = advice.of([1, 2, 3, 4, 6])
    assert (keep_all.expected, keep_all.sd) == (16.0, 0.0)  # stopping: choice scores 16
    reroll_one = advice.of([2, 3, 4, 6])  # 15 + one die: mean 18.5, sd √(35/12)
    assert reroll_one.expected == pytest.approx(18.5)
    assert reroll_one.sd == pytest.approx((35 / 12) ** 0.5)


def test_advise_game_matches_advise_dice() -> None:
    game = Game(("Asha", "Ravi"), seed=7)
    before = advise(game)
    assert len(before) == 0 and before.dice is None
    assert before.expected == pytest.approx(solve("yacht").expected().mean)
    game.roll()
    game.roll(keep=[game.dice[0]])  # type: ignore[index]
    advice = advise(game)
    same = advise(game.dice, 1, filled={}, rules="yacht")  # type: ignore[arg-type]
    assert [(c.choice, c.expected) for c in advice] == [(c.choice, c.expected) for c in same]
    assert advice.player == "Asha" and advice.rolls_left == 1
    game.score(advice.best.choice if isinstance(advice.best.choice, str) else "choice")


def test_advise_after_the_game_has_nothing_to_choose() -> None:
    game = Game("Solo", seed=3)
    while not game.over:
        game.roll()
        game.roll(keep=advise(game).best.choice)  # type: ignore[arg-type]
        game.roll(keep=advise(game).best.choice)  # type: ignore[arg-type]
        game.score(advise(game).best.choice)  # type: ignore[arg-type]
    final = advise(game)
    assert len(final) == 0 and final.expected == game.totals["Solo"] and final.sd == 0
    assert "over" in final._repr_html_()


@pytest.mark.parametrize(("call", "error"), [
    (lambda: advise([1, 2, 3, 4, 5], 3), SituationError),
    (lambda: advise([1, 2, 3, 4, 5], -1), SituationError),
    (lambda: advise([1, 2, 3, 4, 5], True), SituationError),
    (lambda: advise([1, 2, 3, 4, 5], 1, filled={"fives": 7}), SituationError),
    (lambda: advise([1, 2, 3, 4, 5], 1, filled={"yacht": 40}), SituationError),
    (lambda: advise([1, 2, 3, 4, 5], 1, filled={"chance": 3}), UnknownBoxError),
    (lambda: advise([1, 2, 3, 4, 5], 1, yahtzee_bonuses=1), SituationError),
    (lambda: advise([1, 2, 3, 4, 5], 1, filled={"yahtzee": 0}, rules="yahtzee",
                    yahtzee_bonuses=1), SituationError),
    (lambda: advise([1, 2, 3, 4, 5], 0, filled=dict.fromkeys(get_rules().boxes, 0)),
     SituationError),
    (lambda: advise([1, 2, 3, 4, 5]), TypeError),
    (lambda: advise(Game("A"), 1), TypeError),
    (lambda: advise([1, 2, 3, 4, 9], 1), ValueError),
])
def test_bad_situations_say_what_to_do(call: object, error: type[Exception]) -> None:
    with pytest.raises(error) as caught:
        call()  # type: ignore[operator]
    assert str(caught.value)  # a message, not an empty error


def test_impossible_score_message_lists_the_possible_ones() -> None:
    with pytest.raises(SituationError, match=r"can hold: 0, 5, 10, 15, 20, 25"):
        advise([1, 2, 3, 4, 5], 1, filled={"fives": 7})


@pytest.mark.slow  # solves yahtzee
def test_joker_scores_are_possible_box_scores() -> None:
    # Under the forced joker a five of a kind fills full house with 25 (docs/rules.md#joker).
    advice = advise([3, 3, 3, 3, 3], 0, filled={"yahtzee": 50, "threes": 9}, rules="yahtzee")
    full_house = advice.of("full_house")
    assert full_house.expected > 25 + 50 + 9 + 100


def test_reprs_are_stable_and_html_lists_every_choice() -> None:
    advice = advise([1, 2, 2, 4, 6], 2)
    assert repr(advice).splitlines()[0] == (
        "Advice(Rules('yacht'), dice 1-2-2-4-6, 2 rolls left: expected 164.2416 ± 34.8346)")
    assert repr(advice[0]) == "Choice((6,), expected=164.2416, sd=34.8346, loss=0.0000)"
    page = advice._repr_html_()
    assert page.count('class="yacht-coach-choice"') == len(advice) == 24
    assert "Roll all five again" in page and "Keep all five: stop and score" in page


def test_html_speaks_the_learners_language() -> None:
    from yacht_edu.display.coach import advice_html

    page = advice_html(advise([5, 5, 5, 2, 1], 0), lang="ur")
    assert 'dir="rtl"' in page


# -- the target mode says what is known, never nan (issue 29 item 7) ----------------------------


@pytest.mark.parametrize("lang", ["en", "hi", "bn", "kn", "ur"])
def test_the_target_modes_text_says_what_is_known_never_nan(lang: str) -> None:
    """``str(ye.advise([1, 4, 4, 6, 1], rolls_left=2, target=200))`` wrote "± nan": the
    spread of a score played for a target is not worked out.  The text and the table say the
    chance to reach the target and the expected final score instead, in every language."""
    from yacht_edu.display.coach import advice_html
    from yacht_edu.display.numbers import decimal, percent
    from yacht_edu.display.plain import advice_text
    from yacht_edu.i18n import t

    advice = advise([1, 4, 4, 6, 1], rolls_left=2, target=200)
    text, page = advice_text(advice, lang), advice_html(advice, lang)
    assert "nan" not in text.lower() and "nan" not in page.lower()
    said = t("coach_target.expected_now", lang, target=200, chance=percent(advice.chance, lang),
             mean=decimal(advice.expected, 2, lang))
    assert said in text
    assert advice.chance == advice.best.chance  # the best choice's own chance, from the table
    assert "nan" not in str(advice).lower()
    plain = advise([1, 4, 4, 6, 1], rolls_left=2)
    assert t("coach.expected_now", lang, mean=decimal(plain.expected, 2, lang),
             sd=decimal(plain.sd, 2, lang)) in advice_text(plain, lang)
