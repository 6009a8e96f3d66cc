"""The lessons' prose as catalogs: one part per lesson, ``course/locale/<lang>/text_LL.po``.

The teacher's notebooks (``teacher/LL_name.ipynb``) are written in English and are the source of
every markdown cell, teacher notes included.  Each markdown cell is one catalog entry, its id
``text.<lesson>.<cell id>`` (``text.02.02-05``), its English the cell's text; every other
language translates the entry as it translates a hint, with the English recorded beside it
(``#. en: ...``), so that ``python -m tools.catalogs`` finds a cell whose English changed
since it was translated.  Only the build reads these catalogs (no learner's kernel does).

>>> cell = {"cell_type": "markdown", "id": "02-05",
...         "source": ["## The sample space\\n", "Six faces."]}
>>> text_id("02", cell)
'text.02.02-05'
>>> print(po_string("Say \\"two\\".\\nThen stop."))
""
"Say \\"two\\".\\n"
"Then stop."
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tools import COURSE_LOCALE
from tools.edition import Cell
from tools.words import EditionError
from yacht_edu.i18n import read_po

__all__ = [
    "TEXT_PREFIX",
    "english_catalog",
    "lesson_number",
    "part_name",
    "po_string",
    "prose",
    "prose_cells",
    "text_id",
    "write_english",
]

#: Message ids of a lesson's prose start with this.
TEXT_PREFIX = "text."



def lesson_number(notebook: Path) -> str:
    """A lesson's number as its file name starts: ``"02"`` for ``02_one_roll.ipynb``."""
    return notebook.name[:2]


def part_name(notebook: Path) -> str:
    """The catalog part of a lesson's prose: ``text_02`` for ``02_one_roll.ipynb``."""
    return f"text_{lesson_number(notebook)}"


def text_id(lesson: str, cell: Cell) -> str:
    """The message id of one markdown cell of a lesson (``lesson`` is its number, ``"02"``)."""
    if not cell.get("id"):
        raise EditionError(problem="a markdown cell without an id (nbformat 4.5 cell ids)")
    return f"{TEXT_PREFIX}{lesson}.{cell['id']}"


def cell_text(cell: Cell) -> str:
    text = cell.get("source", "")
    return text if isinstance(text, str) else "".join(text)


def prose_cells(notebook: dict[str, Any]) -> Iterator[Cell]:
    """Every markdown cell of a notebook, in order (teacher notes included)."""
    return (cell for cell in notebook["cells"] if cell["cell_type"] == "markdown")


def po_string(text: str) -> str:
    """A text as a multi-line gettext string (the form msgcat writes for text with newlines)."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    lines = escaped.split("\n")
    pieces = [line + "\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    if len(pieces) == 1:
        return f'"{pieces[0]}"'
    return "\n".join(['""', *(f'"{piece}"' for piece in pieces)])


def english_catalog(notebook: Path) -> str:
    """The English catalog of one lesson's prose, as ``write_english`` writes it."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))
    part = part_name(notebook)
    lines = [
        f"# yacht_edu messages, part {part!r}: the prose of {notebook.name}, written from the",
        "# teacher's notebook by `python -m tools.build` (edit the notebook, not this)",
        'msgid ""',
        'msgstr ""',
        '"Project-Id-Version: yacht_edu 0.1\\n"',
        '"Language: en\\n"',
        '"MIME-Version: 1.0\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"',
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
    ]
    for cell in prose_cells(cells):
        tags = cell.get("metadata", {}).get("tags", [])
        lines += ["", "#. a teacher's note" if "teacher" in tags else "#. lesson text",
                  f"msgid {po_string(text_id(lesson_number(notebook), cell))}",
                  f"msgstr {po_string(cell_text(cell))}"]
    return "\n".join(lines) + "\n"


def write_english(teacher_dir: Path, locale_dir: Path, *, write: bool = True) -> list[Path]:
    """Write ``en/text_LL.po`` for every teacher's notebook; return the files that changed
    (with ``write=False``: the files that would change, writing nothing)."""
    changed: list[Path] = []
    for notebook in sorted(teacher_dir.glob("*.ipynb")):
        path = locale_dir / "en" / f"{part_name(notebook)}.po"
        text = english_catalog(notebook)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            changed.append(path)
            if write:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    return changed


def prose(lang: str, locale_dir: Path = COURSE_LOCALE) -> dict[str, str]:
    """Every lesson's prose in ``lang`` that its catalogs translate, by id (read with the
    package's reader, :func:`yacht_edu.i18n.read_po`).

    >>> prose("en")["text.02.02-00"].startswith("# Lesson 2")
    True
    """
    found: dict[str, str] = {}
    for path in sorted((locale_dir / lang).glob("text_*.po")):
        found.update(read_po(path.read_text(encoding="utf-8")))
    return found
