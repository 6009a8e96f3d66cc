"""Speed of the board on the kernel side: an intent from arriving to the new state built.

The browser's own figures (click in Chromium to the page changing, chances panel on) are measured
by ``tests/browser/test_board.py`` and written to ``test-artifacts/latency.json``; this script
prints the part of them spent in Python (the referee's move and the JSON state the view draws,
with its size), for each rule set, with and without the panels, and with the coach in its
target mode (play to reach 200).

Run: python benchmarks/bench_widgets.py [rule set ...]   (default: yacht yahtzee)
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from yacht_edu import get_rules
from yacht_edu.widgets import play
from yacht_edu.widgets.board import GameView

RULE_SETS = ["yacht", "yahtzee"]
GAMES = 3


def timed(click: Callable[[], object]) -> float:
    start = time.perf_counter()
    click()
    return (time.perf_counter() - start) * 1000


def play_by_intents(view: GameView) -> tuple[list[float], list[float]]:
    """One whole game by the intents the view sends; milliseconds of each roll and each box."""
    rolls, boxes = [], []
    while not view.game.over:
        for roll in range(3):
            if roll:
                view.receive({"intent": "hold", "die": roll})
            rolls.append(timed(lambda: view.receive({"intent": "roll"})))
        intent = {"intent": "score", "player": view.game.current_player,
                  "box": view.game.scorecard().open_boxes[0]}
        boxes.append(timed(lambda: view.receive(intent)))  # noqa: B023 (called at once)
    return rolls, boxes


def figures(samples: list[float]) -> str:
    ordered = sorted(samples)
    return (f"median {statistics.median(ordered):6.2f} ms, "
            f"p90 {ordered[int(0.9 * (len(ordered) - 1))]:6.2f} ms, max {ordered[-1]:7.2f} ms")


def main() -> None:
    os.environ.setdefault("YACHT_EDU_CACHE", tempfile.mkdtemp())
    print(f"machine: {platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()}")
    start = time.perf_counter()
    play(("A", "B"), "yahtzee", seed=1, settle=0)
    print(f"first play() of the session (imports, the view's module): "
          f"{(time.perf_counter() - start) * 1000:.0f} ms")
    print(f"play() of a 2-player yahtzee game: "
          f"{timed(lambda: play(('A', 'B'), 'yahtzee', seed=2, settle=0)):.1f} ms")
    for name in sys.argv[1:] or RULE_SETS:
        for panels in ("none", "chances", "chances+coach", "chances+target"):
            start = time.perf_counter()
            view = play(("A", "B"), get_rules(name), seed=3, settle=0,
                        chances="chances" in panels,
                        coach="coach" in panels or "target" in panels)
            if panels.endswith("target"):  # the first solve of the target table is in here
                view.receive({"intent": "coach_mode", "mode": "target"})
            built = (time.perf_counter() - start) * 1000
            print(f"{name:8s} panels {panels:14s} play() with the panels on: {built:8.1f} ms "
                  "(first use of a panel computes its tables)")
            rolls, boxes = [], []
            for game in range(GAMES):
                if game:
                    view.receive({"intent": "new_game"})
                more_rolls, more_boxes = play_by_intents(view)
                rolls += more_rolls
                boxes += more_boxes
            size = len(json.dumps(view.state, ensure_ascii=False).encode())
            print(f"{name:8s} panels {panels:14s} roll click: {figures(rolls)}")
            print(f"{'':8s} {'':21s} box click:  {figures(boxes)}; state {size / 1024:.1f} KiB")
    latency = Path(__file__).resolve().parents[1] / "test-artifacts" / "latency.json"
    if latency.exists():
        print("browser (last run of tests/browser):", json.dumps(json.loads(latency.read_text())))


if __name__ == "__main__":
    main()
