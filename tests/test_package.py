"""The package's shape: the model knows no Jupyter, the public face is there, the version."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import version

import yacht_edu

MODEL = ["yacht_edu.dice", "yacht_edu.rules", "yacht_edu.scorecard", "yacht_edu.game",
         "yacht_edu.events", "yacht_edu.saved",
         "yacht_edu.errors", "yacht_edu.i18n"]
NOT_IN_THE_MODEL = ["numpy", "sympy", "ipywidgets", "matplotlib", "IPython", "polib", "tqdm"]


def test_the_model_imports_only_the_standard_library() -> None:
    code = (f"import sys, json\nfor m in {MODEL!r}: __import__(m)\n"
            f"print(json.dumps(sorted(m for m in {NOT_IN_THE_MODEL!r} if m in sys.modules)))")
    loaded = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                       text=True, check=True).stdout)
    assert loaded == []


def test_a_whole_game_runs_with_the_model_alone() -> None:
    code = ("import sys, yacht_edu as ye\n"
            "g = ye.Game(seed=1)\n"
            "while not g.over:\n    g.roll(); g.score(g.scorecard().open_categories[0])\n"
            "print(sorted(m for m in ('numpy', 'sympy', 'ipywidgets') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_every_public_name_resolves() -> None:
    for name in yacht_edu.__all__:
        assert getattr(yacht_edu, name) is not None, name
    assert set(dir(yacht_edu)) >= set(yacht_edu.__all__)


def test_version_comes_from_the_installed_metadata() -> None:
    assert yacht_edu.__version__ == version("yacht_edu")
