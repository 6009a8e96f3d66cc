"""The pages for teachers, ``docs/teaching.md`` and ``docs/<lang>/teaching.md``, written from the
catalogs and the teacher's notes.

Each page opens with how the lessons and their checks work and how to grade them with nbgrader
(the build's catalog entries ``docs.teaching.introduction`` and ``docs.teaching.grading``,
``course/locale/<lang>/build.po``, so that every language's page has them), then every lesson's
plan.  Each teacher's notebook opens with a note,
"Teacher's note — lesson N at a glance: NN min", whose paragraphs (goals, minute plan,
misconceptions, discussion, exit question, before class) are the lesson's plan.
``docs/teaching.md`` holds every plan between two marker comments, each under the heading
``## <the lesson's title> (NN min)``, below its own title line; ``docs/<lang>/teaching.md``
holds the same in ``lang``, from the same catalog entries as the lessons, under a one-line
heading in ``lang``.

>>> relinked("See [the rule book](../docs/rules.md#yacht) or [lesson 2](../notebooks/02.ipynb).",
...          Path("docs"))
'See [the rule book](rules.md#yacht) or [lesson 2](../notebooks/02.ipynb).'
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

from tools.direction import right_to_left
from tools.edition import Notebook, is_teacher_note, source
from tools.translation import ENGLISH
from tools.words import EditionError, words

__all__ = [
    "BEGIN_PLANS",
    "END_PLANS",
    "GUIDE_NOTE",
    "english_teaching",
    "guide",
    "lesson_minutes",
    "lesson_plan",
    "page_words",
    "relinked",
    "translated_teaching",
]

BEGIN_PLANS = ("<!-- The lesson plans: written from each teacher's notebook's first note by "
               "`python -m tools.build`; edit the notes, not this. -->")
END_PLANS = "<!-- End of the lesson plans. -->"
#: Above the guide of ``docs/teaching.md``: where its words come from.
GUIDE_NOTE = ("<!-- How the lessons work and how to grade them: written from "
              "course/locale/en/build.po by `python -m tools.build`; edit the "
              "catalog (and every language's), not this. -->")


_MINUTES = re.compile(r"(\d+) min\b")
_LINK = re.compile(r"(\]\()([^)\s#]+)")


def page_words(msgid: str, lang: str, **params: object) -> str:
    """One of the build's messages as a page writes it (:mod:`tools.words`: English's when the
    language lacks it), placeholders filled, without the direction marks a message printed in a
    language written right to left gets (a page sets its direction itself,
    :func:`right_to_left`)."""
    return words(msgid, lang).format(**params)


def first_note(book: Notebook) -> str:
    """The text of a lesson's first teacher's note (its plan)."""
    notes = [source(cell) for cell in book["cells"]
             if cell["cell_type"] == "markdown" and is_teacher_note(cell)]
    if not notes:
        raise EditionError(problem="a lesson without a teacher's note (its plan)")
    return notes[0]


def lesson_minutes(english: Notebook) -> int:
    """How long a lesson takes: the minutes its English note's first line states."""
    found = _MINUTES.search(first_note(english).split("\n", 1)[0])
    if found is None:
        raise EditionError(problem="a teacher's note whose first line states no length "
                                   "('... at a glance: 55 min')")
    return int(found.group(1))


def lesson_title(book: Notebook) -> str:
    """A lesson's title: the first line of its first markdown cell, without the ``#``."""
    first = next(source(cell) for cell in book["cells"] if cell["cell_type"] == "markdown")
    return first.split("\n", 1)[0].lstrip("#").strip()


def relinked(text: str, folder: Path) -> str:
    """Markdown written in ``teacher/`` with its relative links made relative to ``folder``
    (a path from the repository's root)."""
    def moved(match: re.Match[str]) -> str:
        target = match.group(2)
        if re.match(r"[a-z]+:", target) or target.startswith("/"):
            return match.group(0)
        path = posixpath.normpath(posixpath.join("teacher", target))
        return match.group(1) + posixpath.relpath(path, folder.as_posix())
    return _LINK.sub(moved, text)


def lesson_plan(book: Notebook, minutes: int, lang: str, folder: Path) -> str:
    """One lesson's plan in the language of ``book`` (``lang``), for a page in ``folder``."""
    body = first_note(book).split("\n\n", 1)[-1].strip()
    heading = f"## {lesson_title(book)} ({page_words('docs.minutes', lang, minutes=minutes)})"
    return relinked(f"{heading}\n\n{body}", folder)


def plans(books: Sequence[Notebook], english: Sequence[Notebook], lang: str,
          folder: Path) -> str:
    return "\n\n".join(lesson_plan(book, lesson_minutes(source_book), lang, folder)
                       for book, source_book in zip(books, english, strict=True))


def guide(lang: str) -> str:
    """How the lessons and their checks work, then how to grade them with nbgrader, in
    ``lang``."""
    return (page_words("docs.teaching.introduction", lang) + "\n\n"
            + page_words("docs.teaching.grading", lang))


def english_teaching(page: str, english: Sequence[Notebook]) -> str:
    """``docs/teaching.md``: its title line, the guide, and the plans between its markers
    written from the notes."""
    if page.count(BEGIN_PLANS) != 1 or page.count(END_PLANS) != 1:
        raise EditionError(problem="docs/teaching.md needs the two marker comments of the "
                                   f"lesson plans, once each: {BEGIN_PLANS} ... {END_PLANS}")
    before, rest = page.split(BEGIN_PLANS)
    title = before.split("\n", 1)[0]
    after = rest.split(END_PLANS)[1]
    text = plans(english, english, ENGLISH, Path("docs"))
    return (f"{title}\n\n{GUIDE_NOTE}\n\n{guide(ENGLISH)}\n\n{BEGIN_PLANS}\n\n{text}\n\n"
            f"{END_PLANS}{after}")


def translated_teaching(books: Sequence[Notebook], english: Sequence[Notebook],
                        lang: str) -> str:
    """``docs/<lang>/teaching.md``: the heading, the guide and every lesson's plan in
    ``lang``."""
    text = (f"# {page_words('docs.teaching.title', lang)}\n\n{guide(lang)}\n\n"
            + plans(books, english, lang, Path("docs") / lang))
    return right_to_left(lang, text) + "\n"


def teaching_pages(docs_dir: Path, english: Sequence[Notebook],
                   translated: Mapping[str, Sequence[Notebook]]) -> dict[Path, str]:
    """Every page of lesson plans, by path: the English page and one page per language."""
    english_page = docs_dir / "teaching.md"
    pages = {english_page: english_teaching(english_page.read_text(encoding="utf-8"), english)}
    for lang, books in translated.items():
        pages[docs_dir / lang / "teaching.md"] = translated_teaching(books, english, lang)
    return pages
