"""The test loop: the README's test command is CI's, and the fast loop it states collects no
lesson and loads neither nbval nor nbformat (those are the lessons' run, a command of its own).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import leaves_out

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")

#: What the lessons' run alone may load: nbval, and nbformat under it (jsonschema, and a grammar
#: built at import: seconds in each process).
LESSONS_ONLY = ("nbval", "nbformat")


def commands(shell: str) -> list[str]:
    """The simple commands of a shell script, in order: its lines and their ``&&`` parts (a line
    ending in ``&&`` goes on on the next one), comments left out."""
    joined = re.sub(r"&&[ \t]*\n", "&& ", shell)
    return [part.strip() for line in joined.splitlines() if not line.lstrip().startswith("#")
            for part in line.split("&&") if part.strip()]


def readme_block(after: str) -> str:
    """The first shell block of the README after the words ``after``."""
    match = re.search(re.escape(after) + r".*?```bash\n(.*?)```", README, re.DOTALL)
    assert match, f"no shell block after {after!r} in README.md"
    return match.group(1)


def test_ci_runs_the_readmes_test_command_as_written() -> None:
    """CI's commands are the README's, in order (pip quieter), and its tests run last."""
    readme = [command.replace("pip install", "pip install -q")
              for command in commands(readme_block("Run every test"))]
    ci = commands((ROOT / ".ci" / "run").read_text(encoding="utf-8"))
    tests = [command for command in readme if " -m pytest" in command]
    assert len(tests) == 2 and "-p nbval" in tests[1] and "-p nbval" not in tests[0]
    assert ci[-2:] == tests
    remaining = iter(ci)
    assert all(command in remaining for command in readme), (readme, ci)  # in order


def test_commands_reads_lines_and_their_parts() -> None:
    assert commands("# a comment\na && b &&\n  c\nd\n") == ["a", "b", "c", "d"]


def test_a_folder_is_left_out_only_when_no_test_in_it_could_be_selected() -> None:
    """conftest.py does not collect tests/browser/ when ``-m`` deselects every browser test."""
    assert leaves_out("not slow and not browser and not hub", "browser")
    assert leaves_out("not browser", "browser") and leaves_out("hub and not browser", "browser")
    assert leaves_out("(slow or hub) and not browser", "browser")
    assert not any(leaves_out(expression, "browser") for expression in (
        "", "browser", "slow or browser", "not (slow and browser)", "not browser or slow",
        "not slow and not hub", "browser(reason='x')", "not browser-ish"))


FAST_LOOP = re.search(r'python -m pytest -m "([^"]+)"', README)


@pytest.mark.slow  # collects the fast loop's tests: some seconds
def test_the_fast_loop_collects_no_lesson_and_loads_neither_nbval_nor_nbformat(
        tmp_path: Path) -> None:
    assert FAST_LOOP, "README.md states the fast loop: python -m pytest -m \"...\""
    found = tmp_path / "found.json"
    watch = f"""
import json, sys
import pytest

class Watch:
    collected: list[str] = []

    def pytest_itemcollected(self, item):
        self.collected.append(item.path.relative_to(item.config.rootpath).as_posix())

    def pytest_collection_finish(self, session):
        loaded = [name for name in {LESSONS_ONLY!r} if name in sys.modules]
        with open({str(found)!r}, "w") as file:
            json.dump({{"collected": self.collected, "loaded": loaded}}, file)

sys.exit(pytest.main(["--collect-only", "-q", "-n", "0", "-p", "no:cacheprovider",
                      "-m", {FAST_LOOP.group(1)!r}], plugins=[Watch()]))
"""
    done = subprocess.run([sys.executable, "-c", watch], cwd=ROOT, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    seen = json.loads(found.read_text(encoding="utf-8"))
    assert len(seen["collected"]) > 1000  # the unit tests are there
    lessons = {path for path in seen["collected"] if path.endswith((".ipynb", ".md"))
               or path.startswith(("notebooks/", "teacher/"))}
    assert lessons == set()
    assert seen["loaded"] == []
