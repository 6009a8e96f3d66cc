"""Fill a cache directory with every table the lessons and the coach need: a teacher's tool.

Where the solver runs numba's compiled chunk (a wheel built without a C compiler, numba
installed: :mod:`~yacht_edu.solver.compiled`), it also compiles it into numba's own cache, so
that nobody who may read that cache pays the compiling (1–2 s) at their first solve; the native
chunk the wheel usually carries needs nothing.

Run once per class server (and again after upgrading the package)::

    python -m yacht_edu.solver warm --cache /srv/yacht_edu/cache
    export YACHT_EDU_SHARED_CACHE=/srv/yacht_edu/cache      # in every learner's environment

``--rules yahtzee:joker=free`` (repeatable) warms only the rule sets named.  A table already in
the directory and good is left as it is, so warming twice costs a second, not a minute.

>>> [table.name for table in LESSON_TABLES][:4]
['yacht float', 'yacht exact', 'yacht distribution', 'yacht target']
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from yacht_edu import solver
from yacht_edu.i18n import t
from yacht_edu.rules import Rules, get_rules
from yacht_edu.solver import cache, compiled
from yacht_edu.solver.target import solve_target
from yacht_edu.solver.workers import Progress, counted, default_progress


@dataclass(frozen=True)
class Entry:
    """One saved table: a rule set and a kind (``"float"``, ``"exact"``, ``"distribution"``)."""

    rules: Rules
    kind: str

    @property
    def name(self) -> str:
        return f"{cache.rules_key(self.rules)} {self.kind}"

    def solve(self, progress: Progress | None) -> None:
        """Load the table from the cache directory, or solve it and save it there."""
        makers: dict[str, Callable[..., object]] = {
            "float": solver.solve,
            "exact": solver.exact_solution,
            "distribution": solver.optimal_score_distribution,
            "target": solve_target,
        }
        makers[self.kind](self.rules, progress=progress)


def tables_of(rules: Rules) -> list[Entry]:
    """Every table of one rule set: the exact ones and the chance to reach a target (the coach's
    ``advise(..., target=)``) exist for ``yacht`` and ``yacht_sum4`` only."""
    bonuses = rules.has_upper_bonus or rules.has_yahtzee_bonus
    kinds = ["float"] if bonuses else ["float", "exact", "distribution", "target"]
    return [Entry(rules, kind) for kind in kinds]


#: What the lessons and the coach solve: both Yacht rule sets exactly and for every target,
#: Yahtzee with each joker.
LESSON_RULES = (get_rules("yacht"), get_rules("yacht_sum4"),
                *(get_rules("yahtzee", joker=joker) for joker in ("forced", "free", "none")))
LESSON_TABLES: tuple[Entry, ...] = tuple(
    table for rules in LESSON_RULES for table in tables_of(rules))


def parse_rules(text: str) -> Rules:
    """``"yahtzee:joker=free,upper_first=true"`` as a rule set.

    >>> parse_rules("yahtzee:joker=none,upper_first=true")
    Rules('yahtzee', joker='none', upper_first=True)
    """
    name, _, given = text.partition(":")
    variant: dict[str, object] = {}
    for pair in filter(None, given.split(",")):
        key, _, value = pair.partition("=")
        flag = {"true": True, "false": False}.get(value.strip().lower())
        variant[key.strip()] = value.strip() if flag is None else flag
    return get_rules(name.strip(), **variant)


def warm(tables: Iterable[Entry], folder: Path, progress: Progress | None = None) -> list[Path]:
    """Solve ``tables`` into ``folder`` (reading and writing that directory only); the files.

    Tables this session keeps in memory are forgotten first: each is read from ``folder`` or
    solved and written there, never taken from memory and left unwritten.
    """
    tables = list(tables)
    written = []
    cache.clear_memory()
    with (counted(progress, len(tables), t("cache.progress_tables")) as advance,
          cache.only(folder)):
        for table in tables:
            table.solve(progress)
            path = cache.table_path(table.rules, table.kind)
            if not path.is_file():
                raise OSError(t("cache.not_written", path=path))
            with contextlib.suppress(OSError):  # a table an older version wrote private
                path.chmod(cache.FILE_MODE)
            written.append(path)
            advance(1)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m yacht_edu.solver warm [--rules NAME[:OPTION=VALUE,...]]... [--cache DIR]``."""
    parser = argparse.ArgumentParser(prog="python -m yacht_edu.solver",
                                     description="The optimal-strategy solver's tables.")
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("warm", help="solve every table the lessons need into DIR")
    command.add_argument("--rules", action="append", type=parse_rules, metavar="NAME[:OPTS]",
                         help="a rule set, e.g. yacht or yahtzee:joker=free (repeatable); "
                              "default: every table the lessons use")
    command.add_argument("--cache", type=Path, default=None, metavar="DIR",
                         help="the directory to fill (default: your own cache directory)")
    command.add_argument("--quiet", action="store_true", help="no progress bar")
    arguments = parser.parse_args(argv)
    tables = (LESSON_TABLES if not arguments.rules
              else [table for rules in arguments.rules for table in tables_of(rules)])
    folder = arguments.cache or cache.cache_dir()
    try:
        written = warm(tables, folder, None if arguments.quiet else default_progress())
    except OSError as error:
        print(f"warm: {error}", file=sys.stderr)
        return 1
    for path in written:
        print(path)
    kept = compiled.compile_ahead()  # numba's compiled solver too, where it is used
    if kept is not None:
        print(t("cache.kernel_kept", path=kept) if kept else t("cache.kernel_not_kept"),
              file=sys.stderr)
    return 0
