"""What the teacher sees, worked out from a class's events (the service's page, its JSON, the
notebook's ``class_view()`` and the CSV export all read this).

- the grid: learners × the exercises of the lesson, each cell right (with the wrong tries
  before), wrong tries so far, or not yet; the learners stuck longest first — stuck: wrong at an
  exercise not yet right, since the first wrong try at it;
- per exercise, the misconceptions the class shows, most learners first, in the teacher's
  language;
- the class's pooled dice: each tally's latest counts, added up per group and for the whole
  class, with the exact chi-square p-value of :func:`yacht_edu.fairness`;
- finished games with their luck and skill.
"""

from __future__ import annotations

import csv
import functools
import io
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from yacht_edu.classroom.store import Row
from yacht_edu.i18n import t

__all__ = ["ClassView", "Dice", "GameRow", "Grid", "class_view", "csv_text", "pooled_p_value"]


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


@dataclass(frozen=True)
class Dice:
    """Pooled counts of faces 1..6 per group and for the whole class, with the exact p-values
    (None: no rolls)."""

    groups: dict[str, tuple[int, ...]]
    p_values: dict[str, float | None]
    whole: tuple[int, ...]
    p_value: float | None


@dataclass(frozen=True)
class GameRow:
    learner: str
    rules: str
    players: tuple[dict[str, Any], ...]
    time: float


@dataclass(frozen=True)
class ClassView:
    klass: str
    learners: tuple[str, ...]
    lessons: tuple[str, ...]
    grid: Grid
    #: exercise → [(misconception, its words in the teacher's language, learners)], most first
    misconceptions: dict[str, list[tuple[str, str, int]]]
    dice: Dice
    games: tuple[GameRow, ...]
    lang: str
    made: float = field(default_factory=time.time)

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
            "misconceptions": {ex: [{"name": name, "words": words, "learners": count}
                                    for name, words, count in found]
                               for ex, found in self.misconceptions.items()},
            "dice": {"groups": {g: list(c) for g, c in self.dice.groups.items()},
                     "p_values": self.dice.p_values, "whole": list(self.dice.whole),
                     "p_value": self.dice.p_value},
            "games": [{"learner": g.learner, "rules": g.rules, "players": list(g.players),
                       "time": g.time} for g in self.games],
        }


def class_view(klass: str, rows: Sequence[Row], *, lesson: str | None = None,
               lang: str = "en", now: float | None = None) -> ClassView:
    """The view of class ``klass`` from its events ``rows`` (in the order they arrived);
    ``lesson``: the lesson of the grid (default: the lesson of the latest check)."""
    checks = [row for row in rows if row.event["kind"] == "check"]
    lessons = tuple(sorted({row.event["exercise"].split(".")[0] for row in checks}))
    from yacht_edu.lessons import lessons as known

    if lesson not in known():  # none asked for (or a lesson there is not)
        lesson = checks[-1].event["exercise"].split(".")[0] if checks else "01"
    learners = tuple(sorted({row.learner for row in rows}))
    return ClassView(klass, learners, lessons,
                     grid(lesson, checks, learners, time.time() if now is None else now),
                     misconceptions(checks, lang), dice(rows), games(rows), lang)


def grid(lesson: str, checks: Iterable[Row], learners: Sequence[str], now: float) -> Grid:
    from yacht_edu.lessons import exercises

    ids = tuple(task.id for task in exercises(lesson))
    cells: dict[str, dict[str, Cell]] = {name: {} for name in learners}
    first_wrong: dict[tuple[str, str], float] = {}
    for row in checks:
        event, name = row.event, row.learner
        if event["exercise"] not in ids:
            continue
        before = cells[name].get(event["exercise"])
        if before is not None and before.right:
            continue  # right once: a later check does not undo it
        cells[name][event["exercise"]] = Cell(event["correct"], event["tries"], event["guess"])
        if not event["correct"]:
            first_wrong.setdefault((name, event["exercise"]), event["time"])
    stuck = {name: max((now - first_wrong[name, ex] for ex, cell in cells[name].items()
                        if not cell.right and (name, ex) in first_wrong), default=0.0)
             for name in learners}
    order = sorted(learners, key=lambda name: (-stuck[name], name))
    return Grid(lesson, ids, {name: cells[name] for name in order}, stuck)


def misconceptions(checks: Iterable[Row], lang: str) -> dict[str, list[tuple[str, str, int]]]:
    shown: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for row in checks:
        name = row.event["misconception"]
        if name is not None:
            shown[row.event["exercise"]][name].add(row.learner)
    return {ex: sorted(((name, t(f"misconception.{name}", lang), len(who))
                        for name, who in found.items()), key=lambda m: (-m[2], m[0]))
            for ex, found in sorted(shown.items())}


def dice(rows: Iterable[Row]) -> Dice:
    latest: dict[tuple[str, str], dict[str, Any]] = {}
    for row in rows:
        if row.event["kind"] == "tally":
            latest[row.learner, row.event["tally"]] = row.event  # a tally's counts now
    groups: dict[str, list[int]] = defaultdict(lambda: [0] * 6)
    for event in latest.values():
        pool = groups[event["group"]]
        for face, count in enumerate(event["counts"]):
            pool[face] += count
    pooled = {group: tuple(counts) for group, counts in sorted(groups.items())}
    whole = tuple(sum(counts[face] for counts in pooled.values()) for face in range(6))
    return Dice(pooled, {group: pooled_p_value(c) for group, c in pooled.items()},
                whole, pooled_p_value(whole))


@functools.lru_cache(maxsize=4096)
def pooled_p_value(counts: tuple[int, ...]) -> float | None:
    """The exact chi-square p-value of ``counts`` as :func:`yacht_edu.fairness` gives it (None
    for no rolls): its closed form (:func:`~yacht_edu.probability.fairness.chi_square_tail`)
    evaluated to 30 digits, as ``fairness`` does, by mpmath directly (a millisecond, not ten:
    the view works it out for every group whose counts changed)."""
    if sum(counts) == 0:
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


def games(rows: Iterable[Row]) -> tuple[GameRow, ...]:
    found = {(row.learner, row.event["game"]): GameRow(
        row.learner, row.event["rules"], tuple(row.event["players"]), row.event["time"])
        for row in rows if row.event["kind"] == "game"}
    return tuple(sorted(found.values(), key=lambda game: -game.time))


CSV_COLUMNS = ("seq", "learner", "kind", "time", "exercise", "correct", "guess", "tries",
               "misconception", "lang", "group", "face_1", "face_2", "face_3", "face_4",
               "face_5", "face_6", "rules", "player", "points", "start", "luck", "loss")


def cell(text: str) -> str:
    """A learner's text as a spreadsheet shows it, never as a formula (a group named
    ``=HYPERLINK(...)`` is written ``'=HYPERLINK(...)``).

    >>> cell("Group A"), cell("=1+1"), cell("-2")
    ('Group A', "'=1+1", "'-2")
    """
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def csv_text(rows: Iterable[Row]) -> str:
    """Every event of a class as CSV, one line per event (a game: one line per player); the
    learners' own texts (groups, players' names) never read as formulas."""
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        event = row.event
        common = {"seq": row.seq, "learner": cell(row.learner), "kind": event["kind"],
                  "time": datetime.fromtimestamp(event["time"], timezone.utc).isoformat()}
        if event["kind"] == "check":
            writer.writerow(common | {key: event[key] for key in (
                "exercise", "correct", "guess", "tries", "misconception", "lang")})
        elif event["kind"] == "tally":
            faces = {f"face_{face + 1}": count for face, count in enumerate(event["counts"])}
            writer.writerow(common | {"group": cell(event["group"])} | faces)
        else:
            for player in event["players"]:
                writer.writerow(common | {"rules": cell(event["rules"]),
                                          "player": cell(player["name"])}
                                | {key: player[key] for key in ("points", "start", "luck",
                                                                "loss")})
    return out.getvalue()
