"""A teacher's tools for a class on a JupyterHub: hand the lessons out, collect the saved games.

Hand out: one link per lesson, which clones (or updates) the lessons' repository in each learner's
home with nbgitpuller and opens the lesson::

    python -m yacht_edu.classroom link --hub https://hub.school.example \\
        --repo https://github.com/school/yacht-lessons --branch learners \\
        --path notebooks/01_playing_yacht.ipynb

Collect: every saved game (``game.to_json()`` written to a file) replayed through the rules, one
line each — a tampered or truncated file is named and refused, and a game whose dice were set by
hand (``roll(result=...)``) says so::

    python -m yacht_edu.classroom collect /home/*/saved_games/*.json

>>> print(nbgitpuller_link("https://hub.example", "https://github.com/school/yacht-lessons",
...                        path="notebooks/01_playing_yacht.ipynb"))
https://hub.example/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgithub.com%2Fschool%2Fyacht-lessons&branch=main&urlpath=lab%2Ftree%2Fyacht-lessons%2Fnotebooks%2F01_playing_yacht.ipynb
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from urllib.parse import urlencode, urlsplit

from yacht_edu.errors import RuleError
from yacht_edu.game import Game

#: Where each interface opens a file, after the hub's ``/user/<name>/``.
INTERFACES = {"lab": "lab/tree", "notebook": "tree"}


class ClassroomError(RuleError):
    """A link that cannot be made from what the teacher gave."""

    default_msgid = "classroom.bad_hub"


def nbgitpuller_link(hub: str, repo: str, branch: str = "main", path: str = "", *,
                     interface: str = "lab") -> str:
    """The link that clones ``repo`` at ``branch`` into each learner's home and opens ``path``.

    ``hub``: the hub's address; ``repo``: the lessons' git repository (https);
    ``path``: a lesson or folder inside the repository (empty: the repository's folder);
    ``interface``: ``"lab"`` (JupyterLab) or ``"notebook"`` (Notebook 7).
    """
    hub, repo = check_address("hub", hub), check_address("repo", repo)
    if interface not in INTERFACES:
        raise ClassroomError("classroom.bad_interface", value=repr(interface),
                             choices=", ".join(INTERFACES))
    inside = PurePosixPath(path.strip("/")) if path.strip("/") else PurePosixPath()
    if ".." in inside.parts:
        raise ClassroomError("classroom.bad_path", value=repr(path))
    if not branch or any(c.isspace() for c in branch):
        raise ClassroomError("classroom.bad_branch", value=repr(branch))
    folder = PurePosixPath(urlsplit(repo).path).name.removesuffix(".git")
    opened = PurePosixPath(INTERFACES[interface], folder, inside)
    query = urlencode({"repo": repo, "branch": branch, "urlpath": str(opened)})
    return f"{hub}/hub/user-redirect/git-pull?{query}"


def check_address(what: str, address: str) -> str:
    """``address`` without a trailing slash, if it is an http(s) address with a host."""
    parts = urlsplit(address.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ClassroomError(f"classroom.bad_{what}", value=repr(address))
    return address.strip().rstrip("/")


def collect(paths: Iterable[Path]) -> list[tuple[Path, str]]:
    """Each saved game replayed through the rules: its players and totals, or why it was refused.

    Stdlib and the model only: a teacher can run it where the package is installed without the
    ``lab`` extra.
    """
    lines = []
    for path in paths:
        try:
            game = Game.from_json(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, RuleError) as error:
            lines.append((path, f"refused: {error}"))
            continue
        totals = ", ".join(f"{player} {points}" for player, points in game.totals.items())
        state = "over" if game.over else f"not over, {len(game.history)} moves"
        staged = f" — {game.staged_note()}" if game.staged_rolls else ""
        lines.append((path, f"{game.rules!r}, seed {game.seed}, {state}: {totals}{staged}"))
    return lines
