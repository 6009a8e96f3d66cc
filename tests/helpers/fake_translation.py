"""Catalogs that translate every lesson's prose, made up for the tests: each cell's English with a
marker line after it, so that the build's machinery can be tested before (and after) the real
translations are there.  The English each entry translates is recorded beside it (``#. en:``), as
``python -m tools.catalogs --sync`` records it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

import polib

from tools.catalogs import EN_NOTE, PLURAL_FORMS
from tools.edition import source
from tools.prose import lesson_number, part_name, prose_cells, text_id

__all__ = ["fake_catalogs", "fake_text"]


def fake_text(lang: str, english: str) -> str:
    """The made-up translation of one cell: its English, then a line naming the language."""
    return f"{english}\n\n[{lang}]"


def fake_catalogs(teacher_dir: Path, locale_dir: Path, languages: Iterable[str]) -> None:
    """Write ``locale_dir/<lang>/text_LL.po`` for every lesson, every entry translated."""
    for lang in languages:
        for path in sorted(teacher_dir.glob("*.ipynb")):
            book = json.loads(path.read_text(encoding="utf-8"))
            po = polib.POFile()
            po.metadata = {"Language": lang, "Content-Type": "text/plain; charset=UTF-8",
                           "Plural-Forms": PLURAL_FORMS[lang]}
            for cell in prose_cells(book):
                english = source(cell)
                po.append(polib.POEntry(msgid=text_id(lesson_number(path), cell),
                                        msgstr=fake_text(lang, english),
                                        comment=EN_NOTE + english.replace("\n", "\\n")))
            folder = locale_dir / lang
            folder.mkdir(parents=True, exist_ok=True)
            po.save(str(folder / f"{part_name(path)}.po"))
