"""The solver's states and its per-state tables against the model's ``Scorecard.options``.

The solver reads the card-dependent rules (upper bonus, joker rule and +100, upper_first) from
``Scorecard.options`` on a few representative cards; here its tables are compared with
``Scorecard.options`` and ``Scorecard.fill`` on many random states, for every rule set.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from yacht_edu import Scorecard, get_rules
from yacht_edu.hands import HANDS
from yacht_edu.rules import Rules
from yacht_edu.solver.states import State, StateSpace, box_rows

VARIANTS = [
    get_rules("yacht"),
    get_rules("yacht_sum4"),
    *(get_rules("yahtzee", joker=joker, upper_first=first)
      for joker in ("forced", "free", "none") for first in (False, True)),
]
IDS = [rules.label("en") for rules in VARIANTS]
FIVE_OF_A_KIND = [(face,) * 5 for face in range(1, 7)]


def random_state(space: StateSpace, rng: random.Random) -> State:
    """A reachable state: random filled boxes, a reachable upper subtotal, a possible 50."""
    filled = rng.randrange(space.full)  # never the full card
    if space.yahtzee_bit and rng.random() < 0.5:
        filled |= space.yahtzee_bit  # half the time a joker may apply
        if filled == space.full:
            filled &= ~(1 << rng.randrange(6))
    upper = rng.choice(space.upper_sums(filled & 0b111111))
    fifty = rng.randrange(2) if filled & space.yahtzee_bit else 0
    return State(filled, upper, fifty)


@pytest.mark.slow  # half a second or more (the fast loop keeps under a minute and a quarter)
@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_tables_agree_with_scorecard_options(rules: Rules) -> None:
    rng = random.Random(2024)
    space = StateSpace.of(rules)
    rows = box_rows(rules)
    seen = {"upper bonus": 0, "joker": 0, "refused": 0}
    for _ in range(80):
        state = random_state(space, rng)
        card = space.example_card(state)
        assert space.state_of(card) == state
        number = space.index(*state)
        offer = rows.in_states(np.array([number]))
        for hand in [*rng.sample(HANDS, 6), *FIVE_OF_A_KIND]:
            h = HANDS.index(hand)
            for option in card.options(hand):
                seen["upper bonus"] += option.allowed and option.bonus % 100 == 35
                seen["joker"] += option.allowed and card.joker_applies(hand)
                seen["refused"] += card.is_open(option.box) and not option.allowed
                c = rules.boxes.index(option.box)
                row = rows.row_of[c, h]
                assert bool(offer.allowed[row, 0]) == option.allowed, (state, hand, option)
                if option.allowed:
                    assert offer.gain[row, 0] == option.gain, (state, hand, option)
                    after = space.state_of(card.fill(hand, option.box))
                    assert offer.next[row, 0] == space.index(*after), (state, hand, option)
    # The random states did reach the rules that depend on the card.
    assert seen["upper bonus"] > 0 or not rules.has_upper_bonus
    assert seen["joker"] > 0 or not rules.has_yahtzee_bonus
    assert seen["refused"] > 0 or not (rules.upper_first or (rules.joker == "forced"
                                       and rules.has_yahtzee_bonus))


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_index_and_unpack_are_inverse(rules: Rules) -> None:
    space = StateSpace.of(rules)
    numbers = np.arange(space.size)
    assert (space.index(*space.unpack(numbers)) == numbers).all()


def test_upper_sums_are_every_reachable_subtotal() -> None:
    space = StateSpace.of("yahtzee")
    for upper_filled in range(64):
        faces = [f for f in range(1, 7) if upper_filled >> (f - 1) & 1]
        brute = {min(63, sum(f * n for f, n in zip(faces, counts, strict=True)))
                 for counts in itertools.product(range(6), repeat=len(faces))}
        assert set(space.upper_sums(upper_filled)) == brute


@pytest.mark.parametrize(("rules", "solved", "reachable"), [
    ("yacht", 4096, 4096),
    (get_rules("yahtzee", joker="none"), 1872 * 128, 2794 * 128),
    (get_rules("yahtzee", joker="forced"), 1872 * 192, 2794 * 192),
])
def test_layers_cover_every_reachable_state_once(rules: object, solved: int,
                                                 reachable: int) -> None:
    # 2794 reachable (upper boxes, subtotal) pairs: J. Glenn's 536,448 = 2794 × 192 states.
    space = StateSpace.of(rules)  # type: ignore[arg-type]
    layers = [space.layer(n) for n in range(space.number_of_boxes + 1)]
    copies = np.concatenate([layer.copies for layer in layers])
    assert len(copies) == len(set(copies.tolist())) == reachable
    assert sum(len(layer.solved) for layer in layers) == solved
    for n, layer in enumerate(layers):
        filled, _, fifty = space.unpack(layer.copies)
        assert all(int(f).bit_count() == n for f in filled)
        shared = layer.solved[layer.copy_of]  # the state whose values each copy takes
        shared_filled, _, shared_fifty = space.unpack(shared)
        assert (shared_filled == filled).all() and (shared_fifty == fifty).all()
        assert set(layer.solved.tolist()) <= set(layer.copies.tolist())


def test_equivalent_upper_subtotals_share_their_future() -> None:
    space = StateSpace.of("yahtzee")
    # Aces and twos filled: 63 is out of reach below 63 - 5 × (3 + 4 + 5 + 6) = -27: never;
    # with only sixes open, 63 needs 33 or more already.
    only_sixes_open = 0b011111
    classes = space.upper_classes(only_sixes_open)
    hopeless = classes[0]
    assert all(s + 30 < 63 for s in hopeless) and all(len(c) == 1 for c in classes[1:])
    assert space.upper_classes(0b111111) == [list(space.upper_sums(0b111111))]


def test_example_cards_round_trip() -> None:
    space = StateSpace.of("yahtzee")
    card = Scorecard.from_filled({"aces": 3, "sixes": 30, "yahtzee": 50}, "yahtzee")
    state = space.state_of(card)
    assert state == State(0b0100000100001, 33, 1)
    assert space.state_of(space.example_card(state)) == state


def test_state_of_refuses_a_card_of_other_rules() -> None:
    with pytest.raises(ValueError, match="solver for"):
        StateSpace.of("yacht").state_of(Scorecard.empty("yacht_sum4"))
