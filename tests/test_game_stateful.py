"""Random sequences of legal and illegal actions on multi-player games of every rule set."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tests.helpers.examples import examples
from yacht_edu import Game, RuleError, get_rules
from yacht_edu.events import RollEvent, RollOffEvent, ScoreEvent
from yacht_edu.rules import UPPER_BONUS_POINTS, UPPER_BONUS_THRESHOLD, YAHTZEE_BONUS_POINTS
from yacht_edu.saved import to_dict

RULES = [get_rules("yacht"), get_rules("yacht_sum4")] + [
    get_rules("yahtzee", joker=j, upper_first=u)
    for j in ("forced", "free", "none") for u in (False, True)
]
ANY_BOX = sorted({c for r in RULES for c in r.boxes} | {"nonsense"})


class GamePlay(RuleBasedStateMachine):
    game: Game

    @initialize(rules=st.sampled_from(RULES), players=st.integers(1, 3),
                seed=st.integers(0, 2**32))
    def start(self, rules, players, seed):  # type: ignore[no-untyped-def]
        self.game = Game(players=[f"P{i}" for i in range(players)], rules=rules, seed=seed)
        self.rolls_this_turn = 0
        self.moves: list[str] = []

    def attempt(self, action) -> bool:  # type: ignore[no-untyped-def]
        """Do ``action``; if the rules refuse it, the saved game must be byte-for-byte the same."""
        before = self.game.to_json()
        try:
            action()
        except RuleError:
            assert self.game.to_json() == before
            return False
        return True

    @rule(keep=st.lists(st.integers(0, 4), max_size=5, unique=True))
    def roll(self, keep):  # type: ignore[no-untyped-def]
        use = keep if self.game.dice is not None else None
        if self.attempt(lambda: self.game.roll(positions=use)):
            self.rolls_this_turn += 1

    @rule(values=st.lists(st.integers(0, 7), max_size=6))
    def roll_keeping_values(self, values):  # type: ignore[no-untyped-def]
        if self.attempt(lambda: self.game.roll(keep=values)):
            self.rolls_this_turn += 1

    @rule(position=st.integers(-1, 5))
    def toggle(self, position):  # type: ignore[no-untyped-def]
        self.attempt(lambda: self.game.toggle(position))

    @rule(box=st.sampled_from(ANY_BOX))
    def score(self, box):  # type: ignore[no-untyped-def]
        mover = self.game.current_player
        card = self.game.scorecard()
        if self.attempt(lambda: self.game.score(box)):
            assert self.game.scorecard(mover)[box] is not None
            assert card.is_open(box)
            self.moves.append(mover)
            self.rolls_this_turn = 0

    @precondition(lambda self: self.game.dice is not None and not self.game.over)
    @rule(data=st.data())
    def score_an_allowed_box(self, data):  # type: ignore[no-untyped-def]
        allowed = [o.box for o in self.game.options() if o.allowed]
        assert allowed, "a rolled turn always has a box it may use"
        self.score(data.draw(st.sampled_from(allowed)))

    @invariant()
    def at_most_three_rolls(self) -> None:
        assert 0 <= self.rolls_this_turn <= 3
        assert self.game.rolls_left == (0 if self.game.over else 3 - self.rolls_this_turn)

    @invariant()
    def players_take_turns_in_order(self) -> None:
        order = self.game.order
        assert self.moves == [order[i % len(order)] for i in range(len(self.moves))]

    @invariant()
    def one_score_per_turn(self) -> None:
        scores = [e for e in self.game.history if e["type"] == "score"]
        assert len(scores) == len(self.moves)
        rolls_since = 0
        for event in self.game.history:
            if event["type"] == "roll":
                rolls_since += 1
                assert rolls_since <= 3
            elif event["type"] == "score":
                assert rolls_since >= 1
                rolls_since = 0

    @invariant()
    def totals_are_boxes_plus_bonuses(self) -> None:
        rules = self.game.rules
        for name, card in self.game.scorecards.items():
            upper = sum(card.boxes[c] or 0 for c in rules.upper_section)
            earned = rules.has_upper_bonus and upper >= UPPER_BONUS_THRESHOLD
            bonus = UPPER_BONUS_POINTS if earned else 0
            expected = sum(v or 0 for v in card.boxes.values()) + bonus
            expected += YAHTZEE_BONUS_POINTS * card.yahtzee_bonuses
            assert self.game.totals[name] == expected
            gained = sum(e["points"] for e in self.game.history
                         if e["type"] == "score" and e["player"] == name)
            assert gained == expected

    @invariant()
    def the_record_is_typed_and_its_json_view_agrees(self) -> None:
        events = self.game.events
        assert all(isinstance(e, (RollOffEvent, RollEvent, ScoreEvent)) for e in events)
        assert self.game.history == tuple(to_dict(e) for e in events)
        assert self.game.moves == len(events)
        assert self.game.staged_rolls == 0

    @invariant()
    def saving_and_loading_reproduces_the_game(self) -> None:
        text = self.game.to_json()
        assert Game.from_json(text).to_json() == text


GamePlay.TestCase.settings = settings(
    max_examples=examples(60), stateful_step_count=60, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestGamePlay = pytest.mark.slow(GamePlay.TestCase)
