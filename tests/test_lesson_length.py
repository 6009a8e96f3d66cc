"""A lesson is one class of about an hour for 14–18-year-olds: at most 700 words of prose.

Counted: the markdown of the learner's edition (``notebooks/``; the teacher's notes are not in
it), a word being a piece of text between spaces that holds a letter or a digit — a formula's
pieces and code in backticks count too.  Left out: an optional part at the end of a lesson,
headed ``## Going further (optional)`` (lesson 3's eigenvalues), which the hour does not include
and which nothing after it in the lesson needs.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tools.edition import source

ROOT = Path(__file__).resolve().parents[1]
LEARNER = sorted((ROOT / "notebooks").glob("*.ipynb"))
#: The most words of prose a lesson's hour holds.
MOST_WORDS = 700
OPTIONAL = "## Going further (optional)"


def markdown_cells(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [source(cell) for cell in cells if cell["cell_type"] == "markdown"]


def words(text: str) -> int:
    """The words of a text: pieces between spaces with a letter or a digit in them.

    >>> words("Roll **five** dice: $6^5$ outcomes — `ye.roll()`.")
    6
    """
    return sum(1 for piece in text.split() if re.search(r"\w", piece))


def prose_words(path: Path) -> int:
    """The words of a lesson's prose, up to its optional part."""
    counted = 0
    for text in markdown_cells(path):
        if text.lstrip().startswith(OPTIONAL):
            break
        counted += words(text)
    return counted


@pytest.mark.parametrize("path", LEARNER, ids=lambda path: path.name)
def test_a_lesson_has_at_most_700_words_of_prose(path: Path) -> None:
    assert prose_words(path) <= MOST_WORDS, f"{path.name}: {prose_words(path)} words of prose"


@pytest.mark.parametrize("path", LEARNER, ids=lambda path: path.name)
def test_an_optional_part_ends_the_lesson(path: Path) -> None:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    starts = [number for number, cell in enumerate(cells) if cell["cell_type"] == "markdown"
              and source(cell).lstrip().startswith(OPTIONAL)]
    assert len(starts) <= 1
    for start in starts:  # after it only its own cells: no exercise, no later section
        after = cells[start + 1:]
        assert not any("check(" in source(cell) for cell in after)
        assert not any(source(cell).lstrip().startswith("## ") for cell in after
                       if cell["cell_type"] == "markdown")
