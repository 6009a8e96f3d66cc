"""Everything ``python -m yacht_edu.lessons build`` writes, in order, from the teacher's notebooks.

1. the English prose catalogs, ``locale/en/text_LL.po`` (:func:`~yacht_edu.lessons.prose.
   write_english`);
2. the English learner's edition, ``notebooks/LL_name.ipynb`` (:mod:`~yacht_edu.lessons.edition`);
3. for each language asked for, both editions, ``teacher/<lang>/`` and ``notebooks/<lang>/``
   (:mod:`~yacht_edu.lessons.translation`), a language whose catalogs are not all translated
   writing nothing and giving its :class:`~yacht_edu.lessons.EditionError` instead;
4. the lesson plans: ``docs/teaching.md`` between its markers, and ``docs/<lang>/teaching.md``
   for each language built (:mod:`~yacht_edu.lessons.teaching`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from yacht_edu.i18n import LOCALE_DIR
from yacht_edu.lessons.edition import build as build_learner
from yacht_edu.lessons.errors import EditionError
from yacht_edu.lessons.prose import lesson_number, write_english
from yacht_edu.lessons.teaching import teaching_pages
from yacht_edu.lessons.translation import (
    ENGLISH,
    TRANSLATED,
    edition_texts,
    editions,
    translation_gaps,
)

__all__ = ["Folders", "Outcome", "build_lessons", "ready_languages"]


@dataclass(frozen=True)
class Folders:
    """Where the build reads and writes (the repository's folders by default)."""

    teacher: Path = Path("teacher")
    learner: Path = Path("notebooks")
    docs: Path = Path("docs")
    locale: Path = LOCALE_DIR


@dataclass
class Outcome:
    """What a build changed (or, checking, would change), and the languages it could not build."""

    changed: list[Path] = field(default_factory=list)
    errors: list[EditionError] = field(default_factory=list)


def put(path: Path, text: str, write: bool) -> list[Path]:
    """Write ``text`` to ``path`` unless it holds it already; the path if it changed."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return []
    if write:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return [path]


def read(path: Path) -> dict[str, Any]:
    book: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return book


def build_lessons(folders: Folders, languages: Iterable[str] = TRANSLATED, *,
                  write: bool = True) -> Outcome:
    """Build everything (see the module) for English and ``languages``."""
    outcome = Outcome()
    outcome.changed += write_english(folders.teacher, folders.locale, write=write)
    outcome.changed += build_learner(folders.teacher, folders.learner, write=write)
    translated: dict[str, list[dict[str, Any]]] = {}
    for lang in dict.fromkeys(languages):
        if lang == ENGLISH:
            continue
        try:
            books = list(editions(folders.teacher, lang, folders.locale))
        except EditionError as error:
            outcome.errors.append(error)
            continue
        translated[lang] = [book for _, book in books]
        for name, book in books:
            teacher, learner = edition_texts(book, lang)
            outcome.changed += put(folders.teacher / lang / name, teacher, write)
            outcome.changed += put(folders.learner / lang / name, learner, write)
    english = [read(path) for path in sorted(folders.teacher.glob("*.ipynb"))]
    for path, text in teaching_pages(folders.docs, english, translated).items():
        outcome.changed += put(path, text, write)
    return outcome


def ready_languages(folders: Folders) -> list[str]:
    """The languages whose catalogs translate every markdown cell of every lesson."""
    paths = sorted(folders.teacher.glob("*.ipynb"))
    return [lang for lang in TRANSLATED
            if not any(translation_gaps(read(path), lesson_number(path), lang, folders.locale)
                       for path in paths)]
