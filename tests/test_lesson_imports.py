"""A class's memory: a learner who plays loads neither the mathematics nor the plots.

Thirty kernels on one server each pay for every module they import (sympy and numpy about
35 MiB, the solver about 45 MiB, matplotlib about 75 MiB per kernel: BENCHMARKS.md). The first
lesson and the game widget need none of them; they load on first use of a chance, the coach or a
plot.
"""

from __future__ import annotations

import json
import os
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


def package_modules_after(code: str, environment: dict[str, str]) -> list[str]:
    """The modules of the package and of the course's tools loaded after ``code`` runs in a fresh
    interpreter with ``environment`` added."""
    check = (f"{code}\nimport sys, json\n"
             "print(json.dumps(sorted(m for m in sys.modules\n"
             "                        if m.split('.')[0] in ('yacht_edu', 'tools', 'polib'))))")
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                          check=True, env={**os.environ, **environment})
    return list(json.loads(done.stdout.splitlines()[-1]))


# A hub's learner: the class service named and a token, as the hub's configuration gives every
# learner's server (nothing listens on port 9: the event waits in the sender's queue).
ON_A_HUB = {"YACHT_EDU_CLASS_SERVICE": "http://127.0.0.1:9/services/yacht-class/",
            "JUPYTERHUB_API_TOKEN": "a-learners-token"}


def test_a_check_loads_the_sender_and_none_of_the_teachers_tools() -> None:
    """issue 34 item 3 (the review's F6): a learner's check, on a hub, sends through
    yacht_edu.sender and loads nothing of the teacher's classroom/ (its command line, the
    service, the store) and nothing of the course's build."""
    loaded = package_modules_after("from yacht_edu.lessons import check\n"
                                   "check('02.4', '1/7776')\ncheck('02.4', '1/1296')",
                                   ON_A_HUB)
    assert "yacht_edu.sender" in loaded and "yacht_edu.lessons.lesson02" in loaded
    assert [m for m in loaded if m.startswith(("yacht_edu.classroom", "tools", "polib"))] == []


def test_the_classroom_package_imports_nothing_of_its_own() -> None:
    loaded = package_modules_after("import yacht_edu.classroom", {})
    assert [m for m in loaded if m.startswith("yacht_edu.classroom")] == ["yacht_edu.classroom"]
    asked = package_modules_after("from yacht_edu.classroom import nbgitpuller_link", {})
    assert "yacht_edu.classroom.handout" in asked and "yacht_edu.classroom.commands" not in asked
