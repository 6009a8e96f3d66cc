"""``python -m tools.build [--check] [--languages LANG ...] | --nbgrader DIR``: write the lessons
in every language, or an nbgrader course of them, from the teacher's notebooks.

Run it in a clone of the repository, from its folder (the build is not in the package a learner
installs).  It writes, in order:

1. the English prose catalogs, ``course/locale/en/text_LL.po`` (:func:`tools.prose.write_english`);
2. the English learner's edition, ``notebooks/LL_name.ipynb`` (:mod:`tools.edition`);
3. for each language asked for, both editions, ``teacher/<lang>/`` and ``notebooks/<lang>/``
   (:mod:`tools.translation`), a language whose catalogs are not all translated writing nothing
   and giving its :class:`~tools.words.EditionError` instead;
4. the lesson plans: ``docs/teaching.md`` between its markers, and ``docs/<lang>/teaching.md``
   for each language built (:mod:`tools.teaching`).

``--languages`` chooses the languages (default: every one; ``--languages en`` builds English
alone).  A language whose catalogs do not translate every cell gets nothing written, and the exit
status is 1 with a message naming its lessons and ids.  With ``--check`` nothing is written; the
exit status is 1 when any file differs from what the build would write, each listed.  With
``--nbgrader DIR`` only the nbgrader course is written (English):
``DIR/source/lessonLL/LL_name.ipynb`` and ``DIR/nbgrader_config.py`` if it has none
(:mod:`tools.course`).

The built files are committed where teachers open them, so a clone opens in every language with
no build step; so is the English prose catalog, which translators and the catalog check
(``python -m tools.catalogs``) read as the source of every other language's.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tools import COURSE_LOCALE
from tools.course import build_course
from tools.edition import build as build_learner
from tools.prose import lesson_number, write_english
from tools.teaching import teaching_pages
from tools.translation import ENGLISH, TRANSLATED, edition_texts, editions, translation_gaps
from tools.words import EditionError
from yacht_edu.i18n import LANGUAGES

__all__ = ["Folders", "Outcome", "build_lessons", "main", "ready_languages"]


@dataclass(frozen=True)
class Folders:
    """Where the build reads and writes (the repository's folders by default)."""

    teacher: Path = Path("teacher")
    learner: Path = Path("notebooks")
    docs: Path = Path("docs")
    locale: Path = COURSE_LOCALE


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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.build",
                                     description="Write the lessons in every language, and their "
                                                 "plans, from the teacher's notebooks; or an "
                                                 "nbgrader course of them.")
    parser.add_argument("--teacher", type=Path, default=Path("teacher"),
                        help="the teacher's edition (default: teacher/)")
    parser.add_argument("--learner", type=Path, default=Path("notebooks"),
                        help="the learner's edition (default: notebooks/)")
    parser.add_argument("--docs", type=Path, default=Path("docs"),
                        help="where teaching.md is (default: docs/)")
    parser.add_argument("--languages", nargs="+", choices=list(LANGUAGES), metavar="LANG",
                        default=list(LANGUAGES),
                        help="the languages to build (default: all; English is always built)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if any built file is out of date")
    parser.add_argument("--nbgrader", type=Path, metavar="DIR",
                        help="write an nbgrader course folder instead of the editions")
    parser.add_argument("--course", default="yacht_edu",
                        help="the course id a new nbgrader_config.py names (default: yacht_edu)")
    args = parser.parse_args(argv)
    if not args.teacher.is_dir():
        parser.error(f"no teacher's edition at {args.teacher}/ (run it in the clone's folder)")
    if args.nbgrader is not None:
        if args.check:
            parser.error("--check compares the editions; it does not go with --nbgrader")
        for path in build_course(args.teacher, args.nbgrader, course=args.course):
            print(f"wrote: {path}")
        return 0
    folders = Folders(teacher=args.teacher, learner=args.learner, docs=args.docs)
    outcome = build_lessons(folders, args.languages, write=not args.check)
    for path in outcome.changed:
        print(f"{'out of date' if args.check else 'wrote'}: {path}")
    for error in outcome.errors:
        print(f"not built: {error}", file=sys.stderr)
    return 1 if outcome.errors or (args.check and outcome.changed) else 0


if __name__ == "__main__":
    sys.exit(main())
