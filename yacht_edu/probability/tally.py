"""A class's tally of a physical die: the faces rolled, kept as an immutable value, saved to and
read from CSV so that several groups' tallies can be pooled.

The CSV has one row per group: ``group,1,2,3,4,5,6`` (the counts of each face).  Where a tally
may be saved is decided here too (:func:`save_path`): a ``.csv`` name inside the working folder,
never a file that holds something else — a notebook, another group's tally — which gets a new
name beside it instead.

>>> tally = Tally("Group A").add(6).add(6).add_faces([1, 3])
>>> tally.counts
(1, 0, 1, 0, 0, 2)
>>> print(tally.to_csv(), end="")
group,1,2,3,4,5,6
Group A,1,0,1,0,0,2
>>> pooled = Tally.read_csv(tally.to_csv() + "Group B,3,2,2,1,0,1\\n")
>>> pooled.counts, pooled.rolls
((4, 2, 3, 1, 0, 3), 13)
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from yacht_edu import checks
from yacht_edu.dice import FACES
from yacht_edu.errors import InvalidDiceError, RuleError
from yacht_edu.i18n import Given
from yacht_edu.probability.fairness import (
    BadCountsError,
    FairnessTest,
    checked_counts,
    face_counts,
    fairness,
)

__all__ = ["CSV_HEADER", "BadTallyFileError", "Tally", "save_path"]

CSV_HEADER = ("group", *map(str, FACES))


class BadTallyFileError(RuleError):
    """A file name a tally cannot be saved to or read from: the message says why."""

    default_msgid = "die_tally.error.bad_name"


@dataclass(frozen=True)
class Tally:
    """How many times each face came up (``counts``), and the faces entered one by one since
    the counts were last set (``faces``, for undo).  Every change returns a new tally."""

    group: str = ""
    counts: tuple[int, ...] = (0,) * len(FACES)
    faces: tuple[int, ...] = ()

    @property
    def rolls(self) -> int:
        return sum(self.counts)

    @property
    def expected(self) -> float:
        """How many times a fair die shows each face in this many rolls."""
        return self.rolls / len(FACES)

    def add(self, face: int) -> Tally:
        """One more roll showing ``face``."""
        (one,) = (i for i, n in enumerate(face_counts([face])) if n)
        counts = tuple(n + (i == one) for i, n in enumerate(self.counts))
        return replace(self, counts=counts, faces=(*self.faces, one + 1))

    def add_faces(self, faces: Iterable[int]) -> Tally:
        """Several rolls at once (all or none: a face that is not 1..6 changes nothing), in one
        pass however many (a pasted list of a million faces)."""
        added = checked_faces(faces)
        more = (added.count(face) for face in FACES)
        counts = tuple(a + b for a, b in zip(self.counts, more, strict=True))
        return replace(self, counts=counts, faces=(*self.faces, *added))

    def add_counts(self, counts: Sequence[int]) -> Tally:
        """Add another tally's six counts (pooling)."""
        more = checked_counts(counts, allow_none=True)
        return replace(self, counts=tuple(a + b for a, b in zip(self.counts, more, strict=True)),
                       faces=())

    def undo(self) -> Tally:
        """Take back the last face entered one by one (nothing to take back: the same tally)."""
        if not self.faces:
            return self
        last = self.faces[-1] - 1
        counts = tuple(n - (i == last) for i, n in enumerate(self.counts))
        return replace(self, counts=counts, faces=self.faces[:-1])

    def cleared(self) -> Tally:
        return Tally(self.group)

    def test(self, *, simulations: int = 10_000, seed: int = 0) -> FairnessTest | None:
        """:func:`~yacht_edu.probability.fairness.fairness` of the counts (None before any
        roll)."""
        return fairness(self.counts, simulations=simulations, seed=seed) if self.rolls else None

    # -- CSV -------------------------------------------------------------------------------

    def to_csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_HEADER)
        writer.writerow((self.group, *self.counts))
        return out.getvalue()

    def save(self, path: str | Path) -> Path:
        """Write the tally to a CSV file (one row, this group), replacing what it held: choose
        the file with :func:`save_path`."""
        target = Path(path)
        target.write_text(self.to_csv(), encoding="utf-8")
        return target

    def is_saved_in(self, path: Path) -> bool:
        """Whether ``path`` holds a tally of this group only (a copy of this tally saved it)."""
        try:
            rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
        except (OSError, UnicodeError, ValueError, csv.Error):
            return False
        return (len(rows) == 2 and tuple(cell.strip() for cell in rows[0]) == CSV_HEADER
                and rows[1][:1] == [self.group])

    @classmethod
    def read_csv(cls, text: str, group: str = "") -> Tally:
        """The pooled tally of every group in a CSV text."""
        rows = list(csv.reader(io.StringIO(text)))
        if not rows or tuple(cell.strip() for cell in rows[0]) != CSV_HEADER:
            raise BadCountsError("fairness.error.csv", header=",".join(CSV_HEADER))
        pooled = cls(group)
        for row in rows[1:]:
            if not any(cell.strip() for cell in row):
                continue
            if len(row) != len(CSV_HEADER):
                raise BadCountsError("fairness.error.csv", header=",".join(CSV_HEADER))
            pooled = pooled.add_counts([whole_count(cell) for cell in row[1:]])
        return pooled

    @classmethod
    def load(cls, *paths: str | Path, group: str = "") -> Tally:
        """The pooled tally of one or several CSV files."""
        pooled = cls(group)
        for path in paths:
            pooled = pooled.add_counts(cls.read_csv(Path(path).read_text(encoding="utf-8")).counts)
        return pooled


def checked_faces(faces: Iterable[int]) -> tuple[int, ...]:
    """The faces, checked first (a bad one raises before any is added), read as dice are: a
    single value or an endless iterator is refused."""
    try:
        return checks.faces(faces)
    except InvalidDiceError as wrong:
        raise BadCountsError(wrong.msgid, **wrong.params) from None


def whole_count(cell: str) -> int:
    try:
        return int(cell.strip())
    except ValueError:
        raise BadCountsError("fairness.error.count", value=Given(cell)) from None


def save_path(path: str | Path, *, folder: Path, tally: Tally,
              written: frozenset[Path] = frozenset()) -> Path:
    """Where ``tally`` is saved when asked for ``path``: the path itself if it names a ``.csv``
    file inside ``folder`` (the notebook's) that is new, was ``written`` by this tally, or holds
    this group's tally only; else, for a file that holds something else, the first free name
    beside it (``tally (2).csv``).  Any other name is refused with
    :class:`BadTallyFileError`, saying why (a notebook is not a ``.csv`` file).
    """
    target = checked_name(path, folder)
    if target.suffix.lower() != ".csv":
        raise BadTallyFileError("die_tally.error.not_csv", path=Given(str(path)))
    number = 1
    chosen = target
    while chosen.exists() or chosen.is_symlink():
        if chosen.resolve() in written or (chosen.is_file() and tally.is_saved_in(chosen)):
            return chosen
        number += 1
        chosen = target.with_name(f"{target.stem} ({number}){target.suffix}")
    return chosen


def checked_name(path: str | Path, folder: Path) -> Path:
    """``path`` (relative to ``folder``) if it can name a file inside ``folder``."""
    text = str(path)
    if not text.strip() or "\0" in text or not text.isprintable():
        raise BadTallyFileError("die_tally.error.bad_name", path=Given(text))
    try:
        text.encode("utf-8")
        inside = folder.resolve()
        target = (folder / text).resolve()
    except (UnicodeError, ValueError, OSError, RuntimeError):
        raise BadTallyFileError("die_tally.error.bad_name", path=Given(text)) from None
    if target == inside or not target.is_relative_to(inside):
        raise BadTallyFileError("die_tally.error.outside", path=Given(text))
    return target
