"""The teacher's classroom tools: nbgitpuller links and collecting saved games."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

import yacht_edu as ye
from yacht_edu.classroom import nbgitpuller_link
from yacht_edu.classroom.commands import main
from yacht_edu.classroom.handout import ClassroomError, collect

HUB, REPO = "https://hub.school.example/", "https://github.com/school/yacht-lessons.git"


def query(link: str) -> dict[str, list[str]]:
    return parse_qs(urlsplit(link).query)


def test_a_link_clones_the_repository_and_opens_the_lesson() -> None:
    link = nbgitpuller_link(HUB, REPO, "learners", "notebooks/01_playing_yacht.ipynb")
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path) == (
        "https", "hub.school.example", "/hub/user-redirect/git-pull")
    # nbgitpuller clones into a folder named after the repository, without ".git"
    assert query(link) == {"repo": [REPO.rstrip("/")], "branch": ["learners"],
                           "urlpath": ["lab/tree/yacht-lessons/notebooks/01_playing_yacht.ipynb"]}


def test_a_link_to_a_folder_in_notebook_7() -> None:
    link = nbgitpuller_link(HUB, "https://gitlab.example/a/b", path="/notebooks/",
                            interface="notebook")
    assert query(link)["urlpath"] == ["tree/b/notebooks"]
    assert query(link)["branch"] == ["main"]
    assert query(nbgitpuller_link(HUB, "https://gitlab.example/a/b"))["urlpath"] == ["lab/tree/b"]


def test_characters_are_escaped() -> None:
    link = nbgitpuller_link(HUB, REPO, path="notebooks/a lesson & more.ipynb")
    assert " " not in link and "&more" not in link
    assert query(link)["urlpath"] == ["lab/tree/yacht-lessons/notebooks/a lesson & more.ipynb"]


@pytest.mark.parametrize(("arguments", "msgid"), [
    ({"hub": "hub.school.example"}, "classroom.bad_hub"),
    ({"hub": "ftp://hub"}, "classroom.bad_hub"),
    ({"repo": "git@github.com:school/lessons.git"}, "classroom.bad_repo"),
    ({"repo": "https://"}, "classroom.bad_repo"),
    ({"path": "../../etc/passwd"}, "classroom.bad_path"),
    ({"branch": ""}, "classroom.bad_branch"),
    ({"branch": "my branch"}, "classroom.bad_branch"),
    ({"interface": "classic"}, "classroom.bad_interface"),
])
def test_a_bad_link_is_refused_with_the_catalogs_words(arguments: dict[str, str],
                                                         msgid: str) -> None:
    given = {"hub": HUB, "repo": REPO, "branch": "main", "path": "", **arguments}
    interface = given.pop("interface", "lab")
    with pytest.raises(ClassroomError) as caught:
        nbgitpuller_link(**given, interface=interface)
    assert caught.value.msgid == msgid and isinstance(caught.value, ye.RuleError)
    assert repr(next(iter(arguments.values()))) in caught.value.message("kn")


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["link", "--hub", HUB, "--repo", REPO, "--path", "notebooks"]) == 0
    printed = capsys.readouterr().out.strip()
    assert printed == nbgitpuller_link(HUB, REPO, "main", "notebooks")
    assert main(["link", "--hub", "nowhere", "--repo", REPO]) == 2
    assert "https://" in capsys.readouterr().err


def test_collecting_saved_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = ye.Game(players=("Asha",), seed=7)
    game.roll()
    game.score("choice")
    (tmp_path / "asha.json").write_text(game.to_json())
    forged = json.loads(game.to_json())
    forged["history"][0]["dice"] = [6, 6, 6, 6, 6]
    (tmp_path / "ravi.json").write_text(json.dumps(forged))
    (tmp_path / "noise.json").write_bytes(b"\xff\xfe")
    lines = dict(collect(sorted(tmp_path.iterdir())))
    assert lines[tmp_path / "asha.json"].endswith(f"Asha {game.totals['Asha']}")
    assert lines[tmp_path / "ravi.json"].startswith("refused:")
    assert lines[tmp_path / "noise.json"].startswith("refused:")
    assert main(["collect", str(tmp_path / "asha.json")]) == 0
    assert main(["collect", *map(str, sorted(tmp_path.iterdir()))]) == 1
    assert "asha.json: Rules('yacht'), seed 7" in capsys.readouterr().out
