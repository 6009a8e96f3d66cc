"""The lessons in every learner's language, both editions, built from the prose catalogs.

The English teacher's notebook (``teacher/LL_name.ipynb``) is the source of the code; each
language's catalog ``course/locale/<lang>/text_LL.po`` translates its markdown, cell by cell
(:mod:`tools.prose`).  A language's teacher's edition (``teacher/<lang>/``) is the
English one with

- every markdown cell's text the catalog's translation of ``text.<LL>.<cell id>`` (a language
  written right to left set so, :func:`tools.direction.right_to_left`);
- the one line ``ye.set_language("en")`` of the first code cell saying the language instead;
- the language recorded in the notebook's metadata (``yacht_edu.language``);

and nothing else changed: the same cells, ids, code and metadata.  Its learner's edition
(``notebooks/<lang>/``) is written from it as English's is (:func:`tools.edition.
learner_edition`).  A language whose catalog lacks a cell's translation, leaves it empty or
translated an older English (the ``#. en:`` note, :func:`tools.catalogs.outdated_ids`)
gets no edition at all: :class:`~tools.words.EditionError` names the lessons and ids.

>>> language_line("ur")
'ye.set_language("ur")'
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator, Mapping
from pathlib import Path

from tools.direction import right_to_left
from tools.edition import Notebook, learner_edition, notebook_text, source
from tools.prose import lesson_number, prose_cells, text_id
from tools.words import EditionError
from yacht_edu.i18n import LANGUAGES

__all__ = [
    "ENGLISH",
    "LANGUAGE_LINE",
    "TRANSLATED",
    "edition_texts",
    "editions",
    "language_line",
    "shown",
    "translated_teacher",
    "translation_gaps",
    "translations",
]

ENGLISH = "en"
#: The languages the lessons are translated into (every language of the package but English).
TRANSLATED: tuple[str, ...] = tuple(code for code in LANGUAGES if code != ENGLISH)
#: The line of a lesson's first code cell that chooses the package's language.
LANGUAGE_LINE = 'ye.set_language("{}")'



def language_line(lang: str) -> str:
    """The first code cell's line that makes the package speak ``lang``."""
    return LANGUAGE_LINE.format(lang)


# -- reading the catalogs ---------------------------------------------------------------------

def translation_gaps(teacher: Notebook, lesson: str, lang: str, locale_dir: Path) -> list[str]:
    """The ids of the lesson's markdown cells that ``lang``'s catalog does not translate from
    the current English: missing, empty or fuzzy, or an older English recorded beside them."""
    from tools import catalogs  # polib: the translations need it, an nbgrader course does not

    english = {text_id(lesson, cell): source(cell) for cell in prose_cells(teacher)}
    catalog = catalogs.read_catalog(lang, f"text_{lesson}", locale_dir)
    if catalog is None:
        return sorted(english)
    found = catalogs.entries(catalog)
    gaps = set(english) - set(found)
    gaps |= (set(catalogs.untranslated_ids(english, catalog))
             | set(catalogs.outdated_ids(english, catalog)))
    return sorted(gaps)


def translations(teacher: Notebook, lesson: str, lang: str, locale_dir: Path) -> dict[str, str]:
    """Each markdown cell's translation into ``lang``, by id; :class:`EditionError` when any
    cell has none (see :func:`translation_gaps`)."""
    from tools import catalogs

    gaps = translation_gaps(teacher, lesson, lang, locale_dir)
    if gaps:
        raise untranslated(lang, {lesson: gaps})
    catalog = catalogs.read_catalog(lang, f"text_{lesson}", locale_dir)
    return {msgid: catalogs.text(entry) for msgid, entry in catalogs.entries(catalog).items()}


def untranslated(lang: str, gaps: Mapping[str, list[str]]) -> EditionError:
    """The error of a language that cannot be built: its lessons and ids without a translation."""
    where = "; ".join(f"lesson {lesson} (text_{lesson}.po): {', '.join(ids)}"
                      for lesson, ids in gaps.items())
    return EditionError("lessons.error.untranslated", lang=lang, language=LANGUAGES[lang],
                        gaps=where)


# -- the editions -----------------------------------------------------------------------------

def translated_teacher(teacher: Notebook, lang: str, texts: Mapping[str, str],
                       lesson: str) -> Notebook:
    """The teacher's edition of one lesson in ``lang`` (see the module), from the English one
    and the translations of its markdown cells (by id), before :func:`shown` sets its direction."""
    book = copy.deepcopy(teacher)
    first = True
    for cell in book["cells"]:
        if cell["cell_type"] == "markdown":
            cell["source"] = texts[text_id(lesson, cell)]
        elif cell["cell_type"] == "code":
            cell["source"] = with_language(source(cell), lang, first=first, lesson=lesson)
            first = False
    book["metadata"]["yacht_edu"] = {**book["metadata"].get("yacht_edu", {}), "language": lang}
    return book


def shown(book: Notebook, lang: str) -> Notebook:
    """A translated notebook with every markdown cell set in the language's direction."""
    shown_book = copy.deepcopy(book)
    for cell in shown_book["cells"]:
        if cell["cell_type"] == "markdown":
            cell["source"] = right_to_left(lang, source(cell))
    return shown_book


def with_language(code: str, lang: str, *, first: bool, lesson: str) -> str:
    """A code cell with its language line saying ``lang``: the first code cell has exactly one
    such line, no other cell has any."""
    lines = code.split("\n")
    found = [n for n, line in enumerate(lines) if line.strip() == language_line(ENGLISH)]
    if len(found) != (1 if first else 0) or (not first and "set_language(" in code):
        raise EditionError(problem=f"lesson {lesson}: the first code cell, and only it, holds "
                                   f"one line {language_line(ENGLISH)}")
    for n in found:
        lines[n] = lines[n].replace(language_line(ENGLISH), language_line(lang))
    return "\n".join(lines)


def editions(teacher_dir: Path, lang: str, locale_dir: Path) -> Iterator[tuple[str, Notebook]]:
    """Every lesson's teacher's edition in ``lang`` (another language than English), as
    :func:`translated_teacher` writes it: (file name, notebook).

    Every lesson's translations are read first: :class:`EditionError` naming every lesson and id
    without one, before any edition is given.
    """
    paths = sorted(teacher_dir.glob("*.ipynb"))
    books = {path: json.loads(path.read_text(encoding="utf-8")) for path in paths}
    gaps: dict[str, list[str]] = {}
    for path, book in books.items():
        missing = translation_gaps(book, lesson_number(path), lang, locale_dir)
        cells = sum(1 for _ in prose_cells(book))
        if missing:
            gaps[lesson_number(path)] = ([f"all {cells} cells"] if len(missing) == cells
                                         else missing)
    if gaps:
        raise untranslated(lang, gaps)
    for path, book in books.items():
        lesson = lesson_number(path)
        yield path.name, translated_teacher(book, lang, translations(book, lesson, lang,
                                                                     locale_dir), lesson)


def edition_texts(book: Notebook, lang: str) -> tuple[str, str]:
    """The files of a lesson translated into ``lang``: its teacher's and learner's editions."""
    teacher = shown(book, lang)
    return notebook_text(teacher), notebook_text(learner_edition(teacher))
