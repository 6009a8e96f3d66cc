"""What the teacher sees, worked out from a class's events (the service's page, its JSON, the
notebook's ``class_view()`` and the CSV export all read this).

- the grid: learners × the exercises of the lesson, each cell right (with the wrong tries
  before), wrong tries so far, or not yet; the learners stuck longest first — stuck: wrong at an
  exercise not yet right, since the first wrong try at it;
- per exercise of the lesson, the misconceptions the class shows, most learners first, in the
  teacher's language, with the learners who showed each;
- the class's pooled dice: each learner's latest tally in each group, added up per group and for
  the whole class, with the exact chi-square p-value of :func:`yacht_edu.fairness` (a pool past
  what the test takes is shown as such, not tested);
- finished games with their luck and skill, and the rolls set by hand.

Every time shown is the service's own (when it received the event), never a kernel's clock.
A class's events are added up one at a time into a :class:`ClassRecord`, so the service works
out only what is new since the teacher last looked; what one learner sends weighs at most their
latest tally per group.  Whatever a stored event holds (a name with a lone surrogate or a
direction mark, kept by an older version), the view shows it as text that can be written.
"""

from __future__ import annotations

import csv
import functools
import io
import time
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, NamedTuple

from yacht_edu.classroom.events import NOT_TEXT
from yacht_edu.classroom.store import StoredEvent
from yacht_edu.i18n import t
from yacht_edu.lessons import exercises
from yacht_edu.lessons import lessons as known


@dataclass(frozen=True)
class Cell:
    """One learner at one exercise: ``right`` (None: not answered yet), the wrong ``tries``
    before it was right (or so far), ``guess``: a prediction taken."""

    right: bool | None
    tries: int = 0
    guess: bool = False


@dataclass(frozen=True)
class Grid:
    lesson: str
    exercises: tuple[str, ...]
    #: learner → exercise → cell, the learners stuck longest first
    rows: dict[str, dict[str, Cell]]
    #: learner → seconds stuck (0: not stuck)
    stuck: dict[str, float]


class Misconception(NamedTuple):
    """A misconception the class shows: its name, its words in the teacher's language, how
    many learners showed it and who they are."""

    name: str
    words: str
    learners: int
    who: tuple[str, ...]


@dataclass(frozen=True)
class PooledCounts:
    """Pooled counts of faces 1..6 per group and for the whole class, with the exact p-values
    (None: no rolls, or more than the test takes: those groups are in ``too_many``)."""

    groups: dict[str, tuple[int, ...]]
    p_values: dict[str, float | None]
    whole: tuple[int, ...]
    p_value: float | None
    too_many: frozenset[str] = frozenset()
    whole_too_many: bool = False


@dataclass(frozen=True)
class GameRow:
    learner: str
    rules: str
    players: tuple[dict[str, Any], ...]
    #: when the service received it
    time: float
    #: rolls set by hand (``roll(result=...)``), 0 for a game thrown from its seed
    staged: int = 0


@dataclass(frozen=True)
class ClassSnapshot:
    klass: str
    learners: tuple[str, ...]
    lessons: tuple[str, ...]
    grid: Grid
    #: exercise of the lesson → its misconceptions, most learners first
    misconceptions: dict[str, list[Misconception]]
    dice: PooledCounts
    games: tuple[GameRow, ...]
    lang: str
    made: float = field(default_factory=time.time)
    #: stored events that could not be read (a damaged database), left out
    damaged: int = 0

    def to_json(self) -> dict[str, Any]:
        """The view as JSON (the service's ``api/view``)."""
        return {
            "class": self.klass, "lang": self.lang, "learners": list(self.learners),
            "lessons": list(self.lessons), "lesson": self.grid.lesson,
            "exercises": list(self.grid.exercises),
            "grid": {learner: {ex: {"right": cell.right, "tries": cell.tries,
                                    "guess": cell.guess} for ex, cell in row.items()}
                     for learner, row in self.grid.rows.items()},
            "stuck": self.grid.stuck,
            "misconceptions": {ex: [{"name": m.name, "words": m.words, "learners": m.learners,
                                     "who": list(m.who)} for m in found]
                               for ex, found in self.misconceptions.items()},
            "dice": {"groups": {g: list(c) for g, c in self.dice.groups.items()},
                     "p_values": self.dice.p_values, "whole": list(self.dice.whole),
                     "p_value": self.dice.p_value, "too_many": sorted(self.dice.too_many),
                     "whole_too_many": self.dice.whole_too_many},
            "games": [{"learner": g.learner, "rules": g.rules, "players": list(g.players),
                       "time": g.time, "staged": g.staged} for g in self.games],
            "damaged": self.damaged,
        }


def readable(text: str) -> str:
    """A learner's text as a page or a file can show it: what no event may hold now (a lone
    surrogate, a control character, a direction mark: stored by an older version) shown as
    U+FFFD.

    >>> readable("Group \\udc80"), readable("A\\u202eB")
    ('Group �', 'A�B')
    """
    return NOT_TEXT.sub("\ufffd", text)


class ClassRecord:
    """A class's events added up, one at a time (:meth:`add`, in the order they arrived), into
    what its view needs (:meth:`view`): the cost of a view grows with the class, not with how
    much one learner has sent."""

    def __init__(self, klass: str) -> None:
        self.klass = klass
        #: the ``seq`` of the latest event added
        self.seq = 0
        self.events: Counter[str] = Counter()
        self.cells: dict[str, dict[str, Cell]] = defaultdict(dict)
        self.first_wrong: dict[tuple[str, str], float] = {}
        self.lessons: set[str] = set()
        self.latest_lesson: str | None = None
        self.shown: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        #: (learner, group) → the learner's latest counts in that group
        self.tallies: dict[tuple[str, str], tuple[int, ...]] = {}
        self.groups_of: dict[str, set[str]] = defaultdict(set)
        self.pools: dict[str, list[int]] = {}
        self.games: dict[tuple[str, str], GameRow] = {}
        #: events that could not be read, left out
        self.unreadable = 0

    def add(self, row: StoredEvent) -> None:
        """Count one more event (``row.seq`` after every one counted so far); one that cannot
        be read (stored by a version that checked less, or damaged) is counted as
        :attr:`unreadable` and changes nothing else."""
        self.seq = max(self.seq, row.seq)
        try:
            change = self.change(readable(row.learner), row.event, row.received)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            self.unreadable += 1
            return
        self.events[readable(row.learner)] += 1
        change()

    def change(self, learner: str, event: dict[str, Any], received: float
               ) -> Callable[[], None]:
        """What ``event`` changes, every field read first (so a bad one changes nothing)."""
        kind = event["kind"]
        if kind == "check":
            exercise, lesson = str(event["exercise"]), str(event["exercise"]).split(".")[0]
            cell = Cell(bool(event["correct"]), int(event["tries"]), bool(event["guess"]))
            mistake = event["misconception"]
            return lambda: self.add_check(learner, exercise, lesson, cell, mistake, received)
        if kind == "tally":
            group, counts = readable(event["group"]), tuple(int(c) for c in event["counts"])
            if len(counts) != 6:
                raise ValueError(counts)
            return lambda: self.add_tally(learner, group, counts)
        if kind != "game":
            raise ValueError(kind)
        game = GameRow(learner, readable(event["rules"]),
                       tuple(player | {"name": readable(player["name"])}
                             for player in event["players"]),
                       received, int(event.get("staged", 0)))
        key = str(event["game"])
        return lambda: self.games.__setitem__((learner, key), game)

    def add_check(self, learner: str, exercise: str, lesson: str, cell: Cell,
                  mistake: str | None, received: float) -> None:
        self.latest_lesson = lesson
        self.lessons.add(lesson)
        before = self.cells[learner].get(exercise)
        if before is None or not before.right:  # right once: a later check does not undo it
            self.cells[learner][exercise] = cell
            if not cell.right:
                self.first_wrong.setdefault((learner, exercise), received)
        if mistake is not None:
            self.shown[exercise][str(mistake)].add(learner)

    def add_tally(self, learner: str, group: str, counts: tuple[int, ...]) -> None:
        """The learner's counts in ``group`` now: they replace the learner's earlier ones."""
        pool = self.pools.setdefault(group, [0] * 6)
        before = self.tallies.get((learner, group), (0,) * 6)
        for face in range(6):
            pool[face] += counts[face] - before[face]
        self.tallies[learner, group] = counts
        self.groups_of[learner].add(group)

    @property
    def learners(self) -> tuple[str, ...]:
        return tuple(sorted(self.events))

    def view(self, *, lesson: str | None = None, lang: str = "en", now: float | None = None,
             damaged: int = 0) -> ClassSnapshot:
        """The view, the grid of ``lesson`` (default: the lesson of the latest check)."""
        if lesson not in known():  # none asked for (or a lesson there is not)
            lesson = self.latest_lesson or "01"
        learners = self.learners
        return ClassSnapshot(self.klass, learners, tuple(sorted(self.lessons)),
                         self.grid(lesson, learners, time.time() if now is None else now),
                         self.misconceptions(lesson, lang), self.dice(),
                         tuple(sorted(self.games.values(), key=lambda game: -game.time)),
                         lang, damaged=damaged)

    def grid(self, lesson: str, learners: Sequence[str], now: float) -> Grid:
        ids = tuple(task.id for task in exercises(lesson))
        cells = {name: {ex: self.cells[name][ex] for ex in ids if ex in self.cells.get(name, {})}
                 for name in learners}
        stuck = {name: max((now - self.first_wrong[name, ex] for ex, cell in cells[name].items()
                            if not cell.right and (name, ex) in self.first_wrong), default=0.0)
                 for name in learners}
        order = sorted(learners, key=lambda name: (-stuck[name], name))
        return Grid(lesson, ids, {name: cells[name] for name in order}, stuck)

    def misconceptions(self, lesson: str, lang: str) -> dict[str, list[Misconception]]:
        return {ex: sorted((Misconception(name, t(f"misconception.{name}", lang), len(who),
                                          tuple(sorted(who)))
                            for name, who in found.items()), key=lambda m: (-m.learners, m.name))
                for ex, found in sorted(self.shown.items()) if ex.split(".")[0] == lesson}

    def dice(self) -> PooledCounts:
        pooled = {group: tuple(counts) for group, counts in sorted(self.pools.items())
                  if any(counts)}
        whole = tuple(sum(counts[face] for counts in pooled.values()) for face in range(6))
        p_values = {group: pooled_p_value(counts) for group, counts in pooled.items()}
        return PooledCounts(pooled, p_values, whole, pooled_p_value(whole),
                    frozenset(g for g, c in pooled.items() if too_many_rolls(c)),
                    too_many_rolls(whole))


def view_of(klass: str, rows: Iterable[StoredEvent], *, lesson: str | None = None,
            lang: str = "en", now: float | None = None) -> ClassSnapshot:
    """The view of class ``klass`` from its events ``rows`` (in the order they arrived);
    ``lesson``: the lesson of the grid (default: the lesson of the latest check)."""
    record = ClassRecord(klass)
    for row in rows:
        record.add(row)
    return record.view(lesson=lesson, lang=lang, now=now)


def too_many_rolls(counts: Sequence[int]) -> bool:
    """Whether a pool holds more rolls of a face than the fairness test takes."""
    from yacht_edu.probability.fairness import MOST_TALLIED_ROLLS

    return max(counts, default=0) > MOST_TALLIED_ROLLS


@functools.lru_cache(maxsize=4096)
def pooled_p_value(counts: tuple[int, ...]) -> float | None:
    """The exact chi-square p-value of ``counts`` as :func:`yacht_edu.fairness` gives it (None
    for no rolls, or more of a face than the test takes): its closed form
    (:func:`~yacht_edu.probability.fairness.chi_square_tail`) evaluated to 30 digits, as
    ``fairness`` does, by mpmath directly (a millisecond, not ten: the view works it out for
    every group whose counts changed)."""
    if sum(counts) == 0 or too_many_rolls(counts):
        return None
    import mpmath

    from yacht_edu.probability.fairness import checked_counts, chi_square

    statistic = chi_square(checked_counts(counts))
    with mpmath.workdps(30):
        return float(tail()(mpmath.mpf(int(statistic.p)) / int(statistic.q)))


@functools.lru_cache(maxsize=1)
def tail() -> Any:
    """:func:`~yacht_edu.probability.fairness.chi_square_tail` as an mpmath function."""
    import sympy

    from yacht_edu.probability.fairness import chi_square_tail

    x = sympy.Symbol("x", nonnegative=True)
    return sympy.lambdify(x, chi_square_tail(x), "mpmath")


CSV_COLUMNS = ("seq", "learner", "kind", "time", "exercise", "correct", "guess", "tries",
               "misconception", "lang", "group", "face_1", "face_2", "face_3", "face_4",
               "face_5", "face_6", "rules", "player", "points", "start", "luck", "loss",
               "staged")
#: What a spreadsheet reads as the start of a formula.
FORMULA = ("=", "+", "-", "@")


def cell(text: str) -> str:
    """A learner's text as a spreadsheet shows it, never as a formula: a group named
    ``=HYPERLINK(...)`` is written ``'=HYPERLINK(...)``, and so is one whose formula hides
    behind spaces, invisible marks or a full-width sign (``' =1+1'``, ``'＝1+1'``).

    >>> cell("Group A"), cell("=1+1"), cell("-2"), cell(" =1"), cell("＝1")
    ('Group A', "'=1+1", "'-2", "' =1", "'＝1")
    """
    text = readable(text)
    if text[:1] in ("\t", "\r") or first_sign(text) in FORMULA:
        return f"'{text}"
    return text


def first_sign(text: str) -> str:
    """The first character of ``text`` a reader sees, as a spreadsheet compares it (spaces and
    invisible marks skipped; a full-width ＝ read as =)."""
    for character in text:  # a space, or a mark nobody sees (not printable: U+200B, RLM)
        if character.isprintable() and not character.isspace() and character != "\ufffd":
            return unicodedata.normalize("NFKC", character)[:1]
    return ""


def csv_text(rows: Iterable[StoredEvent]) -> str:
    """Every event of a class as CSV, one line per event (a game: one line per player); the
    learners' own texts (groups, players' names) never read as formulas; ``time``: when the
    service received the event."""
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        event = row.event
        common = {"seq": row.seq, "learner": cell(row.learner), "kind": event["kind"],
                  "time": datetime.fromtimestamp(row.received, timezone.utc).isoformat()}
        if event["kind"] == "check":
            writer.writerow(common | {key: event[key] for key in (
                "exercise", "correct", "guess", "tries", "misconception", "lang")})
        elif event["kind"] == "tally":
            faces = {f"face_{face + 1}": count for face, count in enumerate(event["counts"])}
            writer.writerow(common | {"group": cell(event["group"])} | faces)
        else:
            for player in event["players"]:
                writer.writerow(common | {"rules": cell(event["rules"]),
                                          "player": cell(player["name"]),
                                          "staged": event.get("staged", 0)}
                                | {key: player[key] for key in ("points", "start", "luck",
                                                                "loss")})
    return out.getvalue()
