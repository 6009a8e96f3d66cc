"""``python -m yacht_edu.lessons build [--check]``: write the learner's edition of the lessons.

Run from the repository: reads ``teacher/*.ipynb`` and writes ``notebooks/*.ipynb``.  With
``--check`` nothing is written; the exit status is 1 when a committed learner's notebook differs
from what ``build`` would write.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from yacht_edu.lessons.edition import build


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m yacht_edu.lessons",
                                     description="Write the learner's edition of the lessons.")
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("build", help="teacher's notebooks -> learner's notebooks")
    command.add_argument("--teacher", type=Path, default=Path("teacher"),
                         help="the teacher's edition (default: teacher/)")
    command.add_argument("--learner", type=Path, default=Path("notebooks"),
                         help="the learner's edition (default: notebooks/)")
    command.add_argument("--check", action="store_true",
                         help="write nothing; exit 1 if the learner's edition is out of date")
    args = parser.parse_args(argv)
    if not args.teacher.is_dir():
        parser.error(f"no teacher's edition at {args.teacher}/ (run from the repository)")
    changed = build(args.teacher, args.learner, write=not args.check)
    for path in changed:
        print(f"{'out of date' if args.check else 'wrote'}: {path}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
