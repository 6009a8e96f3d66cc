"""``python -m yacht_edu.lessons build [--check | --nbgrader DIR]``: write the learner's edition of
the lessons, or an nbgrader course of them.

Run from the repository: reads ``teacher/*.ipynb`` and writes ``notebooks/*.ipynb``.  With
``--check`` nothing is written; the exit status is 1 when a committed learner's notebook differs
from what ``build`` would write.  With ``--nbgrader DIR`` the learner's edition is left alone and
the course folder ``DIR`` gets nbgrader's source notebooks, ``DIR/source/lessonLL/LL_name.ipynb``,
and ``DIR/nbgrader_config.py`` if it has none (see :mod:`yacht_edu.lessons.course`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from yacht_edu.lessons.course import build_course
from yacht_edu.lessons.edition import build


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m yacht_edu.lessons",
                                     description="Write the learner's edition of the lessons, "
                                                 "or an nbgrader course of them.")
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("build", help="teacher's notebooks -> learner's notebooks")
    command.add_argument("--teacher", type=Path, default=Path("teacher"),
                         help="the teacher's edition (default: teacher/)")
    command.add_argument("--learner", type=Path, default=Path("notebooks"),
                         help="the learner's edition (default: notebooks/)")
    command.add_argument("--check", action="store_true",
                         help="write nothing; exit 1 if the learner's edition is out of date")
    command.add_argument("--nbgrader", type=Path, metavar="DIR",
                         help="write an nbgrader course folder instead of the learner's edition")
    command.add_argument("--course", default="yacht_edu",
                         help="the course id a new nbgrader_config.py names (default: yacht_edu)")
    args = parser.parse_args(argv)
    if not args.teacher.is_dir():
        parser.error(f"no teacher's edition at {args.teacher}/ (run from the repository)")
    if args.nbgrader is not None:
        if args.check:
            parser.error("--check compares the learner's edition; it does not go with --nbgrader")
        for path in build_course(args.teacher, args.nbgrader, course=args.course):
            print(f"wrote: {path}")
        return 0
    changed = build(args.teacher, args.learner, write=not args.check)
    for path in changed:
        print(f"{'out of date' if args.check else 'wrote'}: {path}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
