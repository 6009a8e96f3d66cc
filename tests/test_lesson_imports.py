"""A class's memory: a learner who plays loads neither the mathematics nor the plots.

Thirty kernels on one server each pay for every module they import (sympy and numpy about
35 MiB, the solver about 45 MiB, matplotlib about 75 MiB per kernel: BENCHMARKS.md). The first
lesson and the game widget need none of them; they load on first use of a chance, the coach or a
plot.
"""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ["numpy", "sympy", "scipy", "matplotlib", "pandas", "yacht_edu.probability",
         "yacht_edu.solver", "yacht_edu.coach", "yacht_edu.strategies", "yacht_edu.plots"]


def loaded_after(code: str) -> list[str]:
    check = (f"{code}\nimport sys, json\n"
             f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))")
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                          check=True)
    return list(json.loads(done.stdout.splitlines()[-1]))


def test_a_game_in_the_widget_loads_nothing_heavy() -> None:
    assert loaded_after(
        "import yacht_edu as ye\n"
        "view = ye.play(players=('Asha', 'Ravi'), seed=2026)\n"
        "game = view.game\n"
        "game.roll(); game.roll(keep=[game.dice[0]]); game.score('choice')\n") == []


def test_the_chances_load_the_mathematics_when_asked() -> None:
    assert "sympy" in loaded_after("import yacht_edu as ye\nye.p_one_roll('yacht')")
