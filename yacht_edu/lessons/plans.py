"""Three plans a class can play a whole game with (lesson 7): each plays one turn of the player
to move, from the first roll to the box.

- :func:`follow_the_coach` — every keep and every box the coach's best (:func:`yacht_edu.advise`);
- :func:`commonest_then_most_points` — keep the face you have most of, then score the box that
  adds the most now;
- :func:`commonest_then_par` — keep the face you have most of, then score the box that beats its
  *par* (what a whole turn played for that box alone scores on average) by the most.

The two rules of thumb differ only in the box they choose; the coach differs in both.  They break
a tie between boxes with Python's ``max`` (the first box of the scorecard wins), so they are not
the strategies ``chase_five`` and ``beat_par`` of :mod:`yacht_edu.strategies`, whose tie rule
takes the later box (and whose ``beat_par`` keeps differently): they are named apart.

>>> game = classroom_game(2031)
>>> game.order, game.totals
(('Asha', 'Ravi', 'Meera'), {'Asha': 156, 'Ravi': 138, 'Meera': 185})
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from types import MappingProxyType

from yacht_edu.coach import advise
from yacht_edu.game import Game
from yacht_edu.policies import keep_most_common
from yacht_edu.probability import best_expected
from yacht_edu.rules import Rules

__all__ = ["PLANS", "classroom_game", "commonest_then_most_points", "commonest_then_par"]

Plan = Callable[[Game], object]


def follow_the_coach(game: Game) -> None:
    """Ask the coach at every decision; keeping all five dice means stopping to score."""
    game.roll()
    while game.rolls_left:
        keep = advise(game)[0].choice
        if isinstance(keep, str) or len(keep) == 5:  # keeping all five: stop and score
            break
        game.roll(keep=keep)
    card = game.scorecard()
    box = advise(game.dice or (), rolls_left=0, filled=card.filled, rules=game.rules)[0].choice
    game.score(str(box))


def commonest_then_most_points(game: Game) -> None:
    """Keep the face shown most often, then score the box that adds the most points now (the
    first of equals)."""
    roll_for_the_commonest_face(game)
    allowed = [option for option in game.options() if option.allowed]
    game.score(max(allowed, key=lambda option: option.gain).box)


def commonest_then_par(game: Game) -> None:
    """Keep the face shown most often, then score the box that beats its par by the most (the
    first of equals)."""
    roll_for_the_commonest_face(game)
    pars = par(game.rules)
    allowed = [option for option in game.options() if option.allowed]
    game.score(max(allowed, key=lambda option: option.gain - pars[option.box]).box)


def roll_for_the_commonest_face(game: Game) -> None:
    """Three rolls, each time keeping every die of the face shown most often (stop at five)."""
    dice = game.roll()
    while game.rolls_left:
        keep = keep_most_common(dice, game.rolls_left)
        if len(keep) == 5:
            break
        dice = game.roll(keep=keep)


@functools.cache
def par(rules: Rules) -> Mapping[str, float]:
    """Each box's par: the expected score of a whole turn played for that box alone."""
    return MappingProxyType({box: float(best_expected(box, rules=rules))
                             for box in rules.boxes})


#: Who plays which plan in lesson 7.
PLANS: Mapping[str, Plan] = MappingProxyType({
    "Asha": follow_the_coach,
    "Ravi": commonest_then_most_points,
    "Meera": commonest_then_par,
})


@functools.cache
def classroom_game(seed: int) -> Game:
    """The finished game of lesson 7: Asha, Ravi and Meera roll off, then play their plans."""
    game = Game(players=tuple(PLANS), seed=seed, roll_off=True)
    while not game.over:
        PLANS[game.current_player](game)
    return game
