"""``python -m yacht_edu.lessons build [--check] [--languages LANG ...] | --nbgrader DIR``: write
the lessons in every language, or an nbgrader course of them.

Run from the repository: reads ``teacher/*.ipynb`` and the catalogs, and writes, in order, the
English prose catalogs (``yacht_edu/locale/en/text_LL.po``), the English learner's edition
(``notebooks/*.ipynb``), both editions in each language (``teacher/<lang>/``,
``notebooks/<lang>/``) and the lesson plans (``docs/teaching.md`` and ``docs/<lang>/teaching.md``);
see :mod:`yacht_edu.lessons.building`.  ``--languages`` chooses the languages (default: every
one; ``--languages en`` builds English alone).  A language whose catalogs do not translate every
cell gets nothing written, and the exit status is 1 with a message naming its lessons and ids.
With ``--check`` nothing is written; the exit status is 1 when any file differs from what
``build`` would write, each listed.  With ``--nbgrader DIR`` only the nbgrader course is written
(English): ``DIR/source/lessonLL/LL_name.ipynb`` and ``DIR/nbgrader_config.py`` if it has none
(see :mod:`yacht_edu.lessons.course`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from yacht_edu.i18n import LANGUAGES
from yacht_edu.lessons.building import Folders, build_lessons
from yacht_edu.lessons.course import build_course


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m yacht_edu.lessons",
                                     description="Write the lessons in every language, "
                                                 "or an nbgrader course of them.")
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("build", help="teacher's notebooks -> every edition and plan")
    command.add_argument("--teacher", type=Path, default=Path("teacher"),
                         help="the teacher's edition (default: teacher/)")
    command.add_argument("--learner", type=Path, default=Path("notebooks"),
                         help="the learner's edition (default: notebooks/)")
    command.add_argument("--docs", type=Path, default=Path("docs"),
                         help="where teaching.md is (default: docs/)")
    command.add_argument("--languages", nargs="+", choices=list(LANGUAGES), metavar="LANG",
                         default=list(LANGUAGES),
                         help="the languages to build (default: all; English is always built)")
    command.add_argument("--check", action="store_true",
                         help="write nothing; exit 1 if any built file is out of date")
    command.add_argument("--nbgrader", type=Path, metavar="DIR",
                         help="write an nbgrader course folder instead of the editions")
    command.add_argument("--course", default="yacht_edu",
                         help="the course id a new nbgrader_config.py names (default: yacht_edu)")
    args = parser.parse_args(argv)
    if not args.teacher.is_dir():
        parser.error(f"no teacher's edition at {args.teacher}/ (run from the repository)")
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
