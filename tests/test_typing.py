"""A teacher's script under ``mypy --strict`` sees the real signatures of the top-level API
(lazily loaded at run time, imported for type checkers)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # mypy takes a while

GOOD = '''
import yacht_edu as ye

game = ye.Game(("Asha", "Ravi"), seed=1)
chance = ye.p_within("yacht", 3)
advice = ye.advise([6, 6, 6, 2, 1], rolls_left=2)
points: int = ye.score([1, 2, 3, 4, 5], "choice")
print(game, chance, advice.best, ye.optimal_expected_score("yacht").mean, points)
'''
BAD = '''
import yacht_edu as ye

ye.p_within(3)
ye.advise("six sixes", rolls_left="two")
'''


def mypy(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "lesson.py"
    script.write_text(source)
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                           str(script)], capture_output=True, text=True, cwd=tmp_path)


def test_a_teachers_script_type_checks(tmp_path: Path) -> None:
    result = mypy(tmp_path, GOOD)
    assert result.returncode == 0, result.stdout


def test_a_wrong_call_is_caught_before_running(tmp_path: Path) -> None:
    result = mypy(tmp_path, BAD)
    assert result.returncode == 1
    assert 'Argument 1 to "p_within" has incompatible type "int"' in result.stdout
    # advise is overloaded (with and without target=): mypy names the call that no variant matches
    wrong_advice = [line for line in result.stdout.splitlines() if line.startswith("lesson.py:5:")]
    assert wrong_advice and '"advise"' in wrong_advice[0], result.stdout
