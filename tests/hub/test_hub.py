"""Two learners on a real JupyterHub: each logs in, runs a lesson and plays in their own kernel.

Each learner's server runs as their own Unix user (the local-process spawner); the class's
solver cache is a shared, read-only directory the teacher warmed with
``python -m yacht_edu.solver warm``.  See ``conftest.py`` for the set-up.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import cast

import pytest

import yacht_edu as ye
from tests.hub.classhub import LEARNERS, Classroom, code_cells, lesson
from yacht_edu.solver.cache import SOLVER_FORMAT

pytestmark = pytest.mark.hub

SEEDS = dict(zip(LEARNERS, (11, 2026), strict=True))
#: The table a learner solves in the test below, as their own cache names it.
OWN_TABLE = f"yacht_sum4-float-v{SOLVER_FORMAT}.npz"


def snapshot(folder: Path) -> dict[str, tuple[bytes, int, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns, p.stat().st_mode)
            for p in sorted(folder.iterdir())}


def test_each_learner_works_as_themselves_in_their_own_home(classroom: Classroom) -> None:
    for name, kernel in classroom.kernels.items():
        who = kernel.check("import os, pwd; print(pwd.getpwuid(os.getuid()).pw_name, "
                           "os.path.expanduser('~'))").split()
        assert who == [name, str(classroom.home(name))]
    # every code cell of the lesson ran, none with an error (the set-up fails otherwise)
    assert {len(outputs) for outputs in classroom.lesson_outputs.values()} == {
        len(code_cells(lesson()))}


def test_a_learner_cannot_open_anothers_server(classroom: Classroom) -> None:
    asha, ravi = LEARNERS
    lab, _ = classroom.learners[asha].open(f"/user/{asha}/lab")  # the hub lets her in
    mine, _ = classroom.learners[asha].open(f"/user/{asha}/api/status")
    theirs, _ = classroom.learners[asha].open(f"/user/{ravi}/api/contents")
    assert (lab, mine, theirs) == (200, 200, 403)


def keep_the_commonest(dice: ye.Dice) -> list[int]:
    face, count = Counter(dice).most_common(1)[0]
    return [face] * count


def test_two_learners_play_a_turn_each_independently(classroom: Classroom) -> None:
    """Moves alternate between the two kernels; each game follows its own seed exactly, as the
    same moves do in a game played here."""
    mirrors = {name: ye.Game(players=(name,), seed=SEEDS[name]) for name in LEARNERS}
    for name, kernel in classroom.kernels.items():
        kernel.check(f"import yacht_edu as ye\nview = ye.play(players=({name!r},), "
                     f"seed={SEEDS[name]})\ngame = view.game")
    for step in range(3):
        for name, kernel in classroom.kernels.items():
            mirror = mirrors[name]
            keep = [] if step == 0 else keep_the_commonest(cast(ye.Dice, mirror.dice))
            reply = kernel.run(f"game.roll(keep={keep})\nprint(list(game.dice))")
            assert reply.error is None and reply.updates > 0  # the widget followed the game
            assert json.loads(reply.output) == list(mirror.roll(keep=keep))
    for name, kernel in classroom.kernels.items():
        mirror = mirrors[name]
        best = max((o for o in mirror.options() if o.allowed), key=lambda o: o.points)
        points = kernel.check(f"print(game.score({best.box!r}), game.totals)")
        assert points.strip() == f"{mirror.score(best.box)} {mirror.totals}"
    assert mirrors[LEARNERS[0]].history != mirrors[LEARNERS[1]].history


def test_the_shared_cache_is_read_and_not_written(classroom: Classroom) -> None:
    before = snapshot(classroom.shared)
    assert before and all(mode & 0o777 == 0o644 for *_, mode in before.values())
    for name, kernel in classroom.kernels.items():
        mean = kernel.check(
            "import warnings\nimport yacht_edu as ye\n"
            "with warnings.catch_warnings(record=True) as caught:\n"
            "    warnings.simplefilter('always')\n"
            "    print(ye.optimal_expected_score('yacht').mean, len(caught))").split()
        assert float(mean[0]) == pytest.approx(166.9551, abs=1e-4)  # README's figure
        assert mean[1] == "0"  # no table skipped
        own = classroom.home(name) / ".cache" / "yacht_edu"
        # a table solved in the kernel would have been written here: it was read, not solved
        assert not own.exists() or not any(own.glob("yacht-*"))
        refused = kernel.check(
            f"try:\n    open({str(classroom.shared / 'mine.npz')!r}, 'wb')\n"
            "except PermissionError:\n    print('refused')")
        assert refused.strip() == "refused"
    assert snapshot(classroom.shared) == before


def test_no_learner_reads_or_writes_anothers_games_or_cache(classroom: Classroom) -> None:
    for name, kernel in classroom.kernels.items():
        kernel.check(  # a saved game, and a table of the learner's own (not in the shared cache)
            "import yacht_edu as ye\n"
            f"mine = ye.Game(players=({name!r},), seed={SEEDS[name]})\n"
            "mine.roll()\n"
            "from pathlib import Path\n"
            "saved = Path.home() / 'saved_games'\n"
            "saved.mkdir(exist_ok=True)\n"
            "(saved / 'game.json').write_text(mine.to_json())\n"
            "print(ye.optimal_expected_score('yacht_sum4').mean)")
        own = classroom.home(name) / ".cache" / "yacht_edu" / OWN_TABLE
        assert own.is_file()
    for name, other in (LEARNERS, LEARNERS[::-1]):
        home = classroom.home(other)
        attempts = {
            "read a saved game": f"open({str(home / 'saved_games' / 'game.json')!r}).read()",
            "load a saved game": "ye.Game.from_json(open("
                                 f"{str(home / 'saved_games' / 'game.json')!r}).read())",
            "overwrite a saved game":
                f"open({str(home / 'saved_games' / 'game.json')!r}, 'w').write('{{}}')",
            "read the cache": "open("
                              f"{str(home / '.cache' / 'yacht_edu' / OWN_TABLE)!r},"
                              " 'rb').read()",
            "write the cache": f"open({str(home / '.cache' / 'yacht_edu' / 'x.npz')!r}, 'wb')",
            "list the home folder": f"__import__('os').listdir({str(home)!r})",
        }
        for what, code in attempts.items():
            reply = classroom.kernels[name].run(code)
            assert reply.error is not None and reply.error.startswith("PermissionError"), what
    for name, kernel in classroom.kernels.items():  # each one's own game is intact
        again = kernel.check("print(ye.Game.from_json((saved / 'game.json').read_text())"
                             ".history == mine.history)")
        assert again.strip() == "True"
        text = (classroom.home(name) / "saved_games" / "game.json").read_text()
        assert ye.Game.from_json(text).players == (name,)
