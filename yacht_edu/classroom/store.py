"""The class service's events, kept in SQLite (write-ahead log) in a folder the administrator
names: every event stored once (an event sent twice, with the same id, is stored once), each
committed to the write-ahead log before the learner's kernel is told it arrived, so a service
that stops, fails or restarts loses nothing (only a power cut of the whole machine could lose
its last second, SQLite's ``synchronous=NORMAL``: a commit does not wait for the disk).

>>> import tempfile
>>> store = Store(Path(tempfile.mkdtemp()))
>>> event = {"id": "a" * 32, "kind": "tally", "time": 1.8e9, "tally": "b" * 32, "group": "A",
...          "counts": [1, 0, 2, 0, 0, 3]}
>>> store.add("class", "asha", event), store.add("class", "asha", event)
(True, False)
>>> [(row.learner, row.event["counts"]) for row in store.events("class")]
[('asha', [1, 0, 2, 0, 0, 3])]
>>> store.forget("class"), store.events("class")
(1, [])
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["DATABASE", "Row", "Store"]

#: The database's file name, in the administrator's folder.
DATABASE = "class.sqlite"

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY,
    class TEXT NOT NULL,
    learner TEXT NOT NULL,
    id TEXT NOT NULL,
    kind TEXT NOT NULL,
    received REAL NOT NULL,
    body TEXT NOT NULL,
    UNIQUE (class, learner, id)
);
CREATE INDEX IF NOT EXISTS events_by_class ON events (class, seq);
"""


@dataclass(frozen=True)
class Row:
    """One stored event: its order of arrival, class, learner (the hub's name), the time the
    service received it, and the event as the learner's kernel sent it."""

    seq: int
    klass: str
    learner: str
    received: float
    event: dict[str, Any]


class Store:
    """The events of every class the service keeps, in ``folder/class.sqlite``."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.path = folder / DATABASE
        self.lock = threading.Lock()
        self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")  # see the module: a process's end loses
        self.db.execute("PRAGMA busy_timeout=5000")
        self.db.executescript(SCHEMA)
        self.path.chmod(0o600)

    def add(self, klass: str, learner: str, event: dict[str, Any]) -> bool:
        """Store ``event`` as ``learner``'s, in ``klass``; False if it was stored before."""
        with self.lock:
            cursor = self.db.execute(
                "INSERT OR IGNORE INTO events (class, learner, id, kind, received, body) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (klass, learner, event["id"], event["kind"], time.time(),
                 json.dumps(event, separators=(",", ":"))))
            return cursor.rowcount == 1

    def events(self, klass: str, after: int = 0) -> list[Row]:
        """The events of ``klass`` in the order they arrived (those after ``seq`` ``after``)."""
        with self.lock:
            rows = self.db.execute(
                "SELECT seq, class, learner, received, body FROM events "
                "WHERE class = ? AND seq > ? ORDER BY seq", (klass, after)).fetchall()
        return [Row(seq, name, learner, received, json.loads(body))
                for seq, name, learner, received, body in rows]

    def last(self, klass: str) -> int:
        """The ``seq`` of the class's latest event (0: none): the view changes when it does."""
        with self.lock:
            (seq,) = self.db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE class = ?",
                                     (klass,)).fetchone()
        return int(seq)

    def classes(self) -> list[str]:
        with self.lock:
            rows = self.db.execute("SELECT DISTINCT class FROM events ORDER BY class")
            return [name for (name,) in rows]

    def count(self, klass: str | None = None) -> int:
        """How many events the store keeps (of ``klass``; None: of every class)."""
        with self.lock:
            if klass is None:
                (number,) = self.db.execute("SELECT COUNT(*) FROM events").fetchone()
            else:
                (number,) = self.db.execute("SELECT COUNT(*) FROM events WHERE class = ?",
                                            (klass,)).fetchone()
        return int(number)

    def forget(self, klass: str | None = None) -> int:
        """Delete the events of ``klass`` (None: of every class); how many were deleted."""
        with self.lock:
            if klass is None:
                cursor = self.db.execute("DELETE FROM events")
            else:
                cursor = self.db.execute("DELETE FROM events WHERE class = ?", (klass,))
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self.db.execute("VACUUM")  # deleted means gone from the file too
            return int(cursor.rowcount)

    def close(self) -> None:
        with self.lock:
            self.db.close()
