"""Speed of the widgets on the kernel side: a click from arriving to every view re-rendered.

The browser's own figures (click in Chromium to the page changing, chances panel on) are measured
by ``tests/browser/test_lab_play.py`` and written to ``test-artifacts/latency.json``; this script
prints the part of them spent in Python, for each rule set, with and without the panels.

Run: python benchmarks/bench_widgets.py
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from yacht_edu import get_rules
from yacht_edu.widgets import GameView, play

RULE_SETS = ["yacht", "yahtzee"]
GAMES = 3


def timed(click: Callable[[], object]) -> float:
    start = time.perf_counter()
    click()
    return (time.perf_counter() - start) * 1000


def play_by_clicks(view: GameView) -> tuple[list[float], list[float]]:
    """One whole game by clicks; milliseconds of each roll click and each box click."""
    rolls, boxes = [], []
    while not view.game.over:
        for roll in range(3):
            if roll:
                view.dice.dice[roll].click()
            rolls.append(timed(view.dice.roll_button.click))
        card = next(c for c in view.cards if c.player == view.game.current_player)
        box = next(b for b in card.boxes.values() if not b.disabled)
        boxes.append(timed(box.click))
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
    print(f"first play() of the session (imports, stylesheet): "
          f"{(time.perf_counter() - start) * 1000:.0f} ms")
    print(f"play() of a 2-player yahtzee game: "
          f"{timed(lambda: play(('A', 'B'), 'yahtzee', seed=2, settle=0)):.1f} ms")
    for name in RULE_SETS:
        for panels in ("none", "chances", "chances+coach"):
            start = time.perf_counter()
            view = play(("A", "B"), get_rules(name), seed=3, settle=0,
                        chances="chances" in panels, coach="coach" in panels)
            built = (time.perf_counter() - start) * 1000
            print(f"{name:8s} panels {panels:14s} play() with the panels on: {built:8.1f} ms "
                  "(first use of a panel computes its tables)")
            rolls, boxes = [], []
            for game in range(GAMES):
                if game:
                    view.new_game_button.click()
                more_rolls, more_boxes = play_by_clicks(view)
                rolls += more_rolls
                boxes += more_boxes
            print(f"{name:8s} panels {panels:14s} roll click: {figures(rolls)}")
            print(f"{'':8s} {'':21s} box click:  {figures(boxes)}")
    latency = Path(__file__).resolve().parents[1] / "test-artifacts" / "latency.json"
    if latency.exists():
        print("browser (last run of tests/browser):", json.dumps(json.loads(latency.read_text())))


if __name__ == "__main__":
    main()
