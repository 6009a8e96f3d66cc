"""The two editions of the lessons: the learner's is built from the teacher's, holds no answer and
no teacher's note, and every lesson's markdown is clean (no control characters, LaTeX that parses).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tools.build import main
from tools.edition import (
    BEGIN,
    blank_regions,
    build,
    is_solution_cell,
    is_teacher_note,
    learner_edition,
    source,
)
from tools.words import EditionError
from yacht_edu.lessons import exercises, lessons

ROOT = Path(__file__).resolve().parents[1]
TEACHER, LEARNER = ROOT / "teacher", ROOT / "notebooks"
TEACHERS = sorted(TEACHER.glob("*.ipynb"))
EVERY_NOTEBOOK = sorted([*TEACHERS, *LEARNER.glob("*.ipynb")])


def read(path: Path) -> dict[str, Any]:
    notebook: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return notebook


@pytest.mark.lessons  # the build checks, with the lessons: not in the fast loop
def test_the_committed_learner_edition_is_what_build_writes() -> None:
    assert TEACHERS, "the teacher's edition is in teacher/"
    assert main(["--check", "--languages", "en", "--teacher", str(TEACHER),
                 "--learner", str(LEARNER)]) == 0


@pytest.mark.lessons  # the build checks, with the lessons: not in the fast loop
def test_the_command_line_check_fails_on_a_stale_learner_edition(tmp_path: Path) -> None:
    learner, docs = tmp_path / "notebooks", tmp_path / "docs"
    docs.mkdir()
    (docs / "teaching.md").write_text((ROOT / "docs" / "teaching.md").read_text("utf-8"), "utf-8")
    command = [sys.executable, "-m", "tools.build", "--teacher", str(TEACHER),
               "--learner", str(learner), "--docs", str(docs), "--languages", "en"]
    assert subprocess.run([*command, "--check"], capture_output=True).returncode == 1
    assert subprocess.run(command, capture_output=True).returncode == 0
    assert subprocess.run([*command, "--check"], capture_output=True).returncode == 0


@pytest.mark.parametrize("path", TEACHERS, ids=lambda p: p.name)
def test_the_learner_edition_holds_no_answer_and_no_teacher_note(path: Path) -> None:
    teacher, learner = read(path), read(LEARNER / path.name)
    solutions = [cell for cell in learner["cells"] if is_solution_cell(cell)]
    assert len(solutions) == sum(1 for cell in teacher["cells"] if is_solution_cell(cell))
    for cell in solutions:
        lines = [line.strip() for line in source(cell).split("\n")]
        assert BEGIN not in source(cell)
        blanks = [line for line in lines if line.endswith("...")]
        assert blanks and all(re.fullmatch(r"(\w+ = )?\.\.\.", line) for line in blanks)
    assert not any(is_teacher_note(cell) for cell in learner["cells"])
    assert all("BEGIN SOLUTION" not in source(cell) for cell in learner["cells"]
               if cell["cell_type"] == "markdown")
    assert all(not cell.get("outputs") for cell in learner["cells"])


@pytest.mark.parametrize("path", TEACHERS, ids=lambda p: p.name)
def test_the_teacher_edition_answers_and_checks_every_exercise_of_its_lesson(path: Path) -> None:
    lesson = path.name[:2]
    assert lesson in lessons()
    cells = read(path)["cells"]
    graded = [cell["metadata"]["nbgrader"]["grade_id"] for cell in cells if is_solution_cell(cell)]
    checked = [match for cell in cells if cell["cell_type"] == "code"
               for match in re.findall(r'check\("(\d\d\.\d+)", (?!\.\.\.)', source(cell))]
    ids = [task.id for task in exercises(lesson)]
    # each exercise checked once; a prediction may be checked after the exercise that computes
    # its value (lesson 1: the best total is guessed, computed, then the guess checked)
    assert graded == ids and sorted(checked, key=ids.index) == ids
    assert any(is_teacher_note(cell) for cell in cells)
    for cell in cells:
        if is_solution_cell(cell):  # a region with an answer in it, not a blank
            assert BEGIN in source(cell) and blank_regions(source(cell)) != source(cell)


def test_build_blanks_regions_drops_notes_and_refuses_what_is_not_well_formed(
        tmp_path: Path) -> None:
    def cell(kind: str, text: str, **metadata: Any) -> dict[str, Any]:
        base: dict[str, Any] = {"cell_type": kind, "metadata": metadata, "source": text}
        return base | ({"outputs": [{"output_type": "stream"}], "execution_count": 3}
                       if kind == "code" else {})

    solution = {"solution": True, "grade_id": "01.1", "grade": False, "locked": False,
                "schema_version": 3, "task": False}
    teacher: dict[str, Any] = {
        "cells": [cell("markdown", "note", tags=["teacher"]),
                  cell("code", f"{BEGIN}\nanswer, b = 1, 2\nc += 1\n### END SOLUTION",
                       nbgrader=solution),
                  cell("code", "x = 1")],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    learner = learner_edition(teacher)
    assert [source(c) for c in learner["cells"]] == ["answer = ...\nb = ...\nc = ...", "x = 1"]
    assert all(c["outputs"] == [] and c["execution_count"] is None for c in learner["cells"])
    assert teacher["cells"][1]["outputs"], "the teacher's notebook itself is left as it was"

    def refused(*cells: dict[str, Any]) -> None:
        with pytest.raises(EditionError):
            learner_edition({"cells": list(cells), "metadata": {}})

    refused(cell("markdown", f"{BEGIN}\nx\n### END SOLUTION"))
    refused(cell("code", f"{BEGIN}\nx = 1\n### END SOLUTION"))  # no nbgrader metadata
    refused(cell("code", f"{BEGIN}\nx = 1", nbgrader=solution))  # no end
    refused(cell("code", f"{BEGIN}\ndef f():\n    pass\n### END SOLUTION", nbgrader=solution))
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "01_x.ipynb").write_text(json.dumps(teacher))
    assert build(tmp_path / "t", tmp_path / "l") == [tmp_path / "l" / "01_x.ipynb"]
    assert build(tmp_path / "t", tmp_path / "l") == []


_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")
_MATH = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$", re.DOTALL)


@pytest.mark.parametrize("path", EVERY_NOTEBOOK, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_lesson_markdown_has_no_control_characters_and_its_latex_parses(path: Path) -> None:
    from matplotlib.mathtext import MathTextParser

    parser = MathTextParser("path")
    for cell in read(path)["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        text = source(cell)
        assert not _CONTROL.search(text), f"a control character in {text[:80]!r}"
        for display, inline in _MATH.findall(text):
            parser.parse(f"${display or inline}$")  # raises ValueError on bad LaTeX


@pytest.mark.parametrize("path", TEACHERS, ids=lambda p: p.name)
def test_docs_teaching_has_a_section_for_each_teachers_lesson(path: Path) -> None:
    title = source(read(path)["cells"][0]).split("\n")[0].lstrip("# ").strip()
    sections = [line[3:] for line in (ROOT / "docs" / "teaching.md").read_text(
        encoding="utf-8").splitlines() if line.startswith("## ")]
    assert any(section.startswith(title) for section in sections), title


@pytest.mark.parametrize("path", TEACHERS, ids=lambda p: p.name)
def test_each_exercise_checks_a_name_of_its_own(path: Path) -> None:
    """A shared name (``answer``) would let a stale value of an earlier exercise be checked when
    a learner forgets to run an answer cell: each exercise's check names what its own answer
    cell assigns (or defines), and no other exercise of the lesson checks that name."""
    cells = read(path)["cells"]
    checked = {match.group(1): match.group(2) for cell in cells if cell["cell_type"] == "code"
               for match in re.finditer(r'check\("(\d\d\.\d+)", (\w+)\)', source(cell))}
    assert len(set(checked.values())) == len(checked), f"{path.name} checks a name twice"
    assert not set(checked.values()) & {"answer", "guess"}
    for cell in cells:
        if is_solution_cell(cell):
            exercise_id = cell["metadata"]["nbgrader"]["grade_id"]
            assert re.search(rf"\b{checked[exercise_id]}\b", source(cell)), exercise_id
