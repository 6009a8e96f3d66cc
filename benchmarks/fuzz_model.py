"""Attack the model for a bounded time and print the figures of docs/reliability.md.

Three attacks, each given a third of the time:

1. random action sequences: games of every rule set played by random actions, legal and not
   (rolls keeping random positions or values, holds, toggles, scores in any box, and odd values
   such as floats, text, nested lists, numpy arrays); a refused action must change nothing, every
   game must save and load to itself;
2. damaged saves: a random game saved, then damaged by one of the mutations of
   ``tests/helpers/mutations.py`` (escaped as JSON again and again, up to 2 MB, among them); it
   must load to the same game or be refused by ``BadSavedGameError``, within a second of
   processor time (a longer load is counted as a hang);
3. odd values at every public model function (as in ``tests/test_model_properties.py``).

Run: python benchmarks/fuzz_model.py [--seconds 90] [--seed 1]
"""

from __future__ import annotations

import argparse
import functools
import platform
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np

from tests.helpers.mutations import MUTATIONS, a_saved_game, outcome
from tests.helpers.odd_values import ODD_VALUES
from yacht_edu import Game, RuleError, get_rules

ODD = [*ODD_VALUES, 2.0, np.int64(2), np.array([0, 1]), np.array([6, 6]), np.array([[1]]),
       [True], [1.0], [[1]], {1: 1}, {1, 2}, b"\x01", 10**5000, float("nan"), float("inf")]
RULES = [get_rules("yacht"), get_rules("yacht_sum4")] + [
    get_rules("yahtzee", joker=j, upper_first=u) for j in ("forced", "free", "none")
    for u in (False, True)]
BOXES = sorted({c for r in RULES for c in r.boxes} | {"nonsense"})


def an_action(game: Game, rng: random.Random) -> Any:
    """One random action: legal or not, sometimes with an odd value."""
    odd = rng.choice(ODD)
    odd_moves: list[Callable[[], object]] = [
        lambda: game.roll(keep=odd), lambda: game.roll(positions=odd),
        lambda: game.roll(result=odd), lambda: game.toggle(odd),
        lambda: game.score(odd), lambda: game.scorecard(odd)]
    choices: list[Callable[[], object]] = [
        lambda: game.roll(positions=rng.sample(range(5), rng.randint(0, 5))
                          if game.dice is not None else None),
        lambda: game.roll(keep=[rng.randint(0, 7) for _ in range(rng.randint(0, 6))]),
        lambda: game.toggle(rng.randint(-1, 5)),
        lambda: game.hold(*rng.sample(range(5), rng.randint(1, 3))),
        lambda: game.score(rng.choice(BOXES)),
        lambda: game.score(rng.choice([o.box for o in game.options() if o.allowed])),
        lambda: rng.choice(odd_moves)(),
    ]
    return rng.choice(choices)


def random_sequences(deadline: float, rng: random.Random, tally: Counter[str]) -> None:
    while time.perf_counter() < deadline:
        players = [f"P{i}" for i in range(rng.randint(1, 3))]
        game = Game(players, rng.choice(RULES), seed=rng.randrange(2**32),
                    roll_off=rng.random() < 0.3)
        tally["sequences"] += 1
        for _ in range(rng.randint(1, 200)):
            if game.over:
                break
            before = game.to_json()
            tally["actions"] += 1
            try:
                an_action(game, rng)()
            except RuleError:
                tally["refused actions"] += 1
                if game.to_json() != before:
                    tally["refused but changed"] += 1
            except Exception:
                tally["crashed actions"] += 1
        text = game.to_json()
        if Game.from_json(text).to_json() != text:
            tally["saves not reproduced"] += 1


#: Processor seconds a load may take before it counts as a hang.
HANG = 1.0


def damaged_saves(deadline: float, rng: random.Random, tally: Counter[str],
                  slowest: dict[str, float]) -> None:
    while time.perf_counter() < deadline:
        original = a_saved_game(rng)
        name = rng.choice(sorted(MUTATIONS))
        damaged = MUTATIONS[name](original, rng)
        started = time.process_time()
        result = outcome(original, damaged)
        seconds = time.process_time() - started
        slowest[name] = max(slowest.get(name, 0.0), seconds)
        tally["mutations tried"] += 1
        tally[f"mutations {result.split(':')[0]}"] += 1
        tally[f"{name}: {result.split(':')[0]}"] += 1
        if seconds > HANG:
            tally["mutations hung"] += 1
            tally[f"{name}: hang"] += 1


def odd_calls(deadline: float, rng: random.Random, tally: Counter[str]) -> None:
    from tests.test_model_properties import CALLS, MOVES, a_game_in_a_turn

    while time.perf_counter() < deadline:
        value = rng.choice(ODD)
        game = a_game_in_a_turn() if rng.random() < 0.5 else None
        call = (CALLS[rng.choice(sorted(CALLS))] if game is None
                else functools.partial(MOVES[rng.choice(sorted(MOVES))], game))
        before = game.to_json() if game else ""
        tally["odd calls"] += 1
        try:
            call(value)
            tally["odd calls accepted"] += 1
        except RuleError:
            tally["odd calls refused"] += 1
            if game is not None and game.to_json() != before:
                tally["refused but changed"] += 1
        except Exception:
            tally["odd calls crashed"] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=90.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tally: Counter[str] = Counter()
    slowest: dict[str, float] = {}
    third = args.seconds / 3
    start = time.perf_counter()
    random_sequences(time.perf_counter() + third, rng, tally)
    damaged_saves(time.perf_counter() + third, rng, tally, slowest)
    odd_calls(time.perf_counter() + third, rng, tally)
    elapsed = time.perf_counter() - start
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, "
          f"{elapsed:.0f} s, seed {args.seed}")
    for key in ("sequences", "actions", "refused actions", "crashed actions",
                "refused but changed", "saves not reproduced", "mutations tried",
                "mutations refused", "mutations same", "mutations different game",
                "mutations crash", "mutations hung", "odd calls", "odd calls accepted",
                "odd calls refused", "odd calls crashed"):
        print(f"{key:28} {tally[key]:>10,}")
    print("per mutation (refused / same / different game / crash / hang; slowest load):")
    for name in sorted(MUTATIONS):
        counts = [tally[f"{name}: {kind}"] for kind in ("refused", "same", "different game",
                                                        "crash", "hang")]
        print(f"  {name:18} " + " / ".join(f"{c:,}" for c in counts)
              + f"; {slowest.get(name, 0.0):.3f} s")


if __name__ == "__main__":
    main()
