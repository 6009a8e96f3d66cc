"""Speed of the model: the score table the mathematics reads, and random full games per second.

Run: python benchmarks/bench_model.py
"""

from __future__ import annotations

import functools
import platform
import time
from collections.abc import Callable

from yacht_edu import Game, get_rules
from yacht_edu.rules import RULE_SETS, Rules


def best_of(repeats: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def build_table(name: str) -> None:
    """The score table worked out afresh (a rule set keeps its own once it is made)."""
    Rules.__dict__["score_table"].func(get_rules(name))


def random_game(seed: int, rules: str) -> None:
    game = Game(players=("A", "B"), rules=rules, seed=seed)
    while not game.over:
        game.roll()
        game.roll(positions=[0, 1])
        game.score(next(o.box for o in game.options() if o.allowed))


def random_games(n: int, rules: str) -> None:
    for seed in range(n):
        random_game(seed, rules)


def main() -> None:
    machine = platform.processor() or platform.machine()
    print(f"machine: {machine}, Python {platform.python_version()}")
    for name in RULE_SETS:
        seconds = best_of(20, functools.partial(build_table, name))
        print(f"score table {name:10s} 252 hands x {len(get_rules(name).boxes)} boxes: "
              f"{seconds * 1000:6.2f} ms (best of 20)")
    n = 200
    for name in RULE_SETS:
        seconds = best_of(3, functools.partial(random_games, n, name))
        print(f"random 2-player games {name:10s}: {n / seconds:7.1f} games/s (best of 3 x {n})")


if __name__ == "__main__":
    main()
