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

Forgetting is forgetting: an event's number (``seq``) is never given twice (SQLite's
``AUTOINCREMENT``), and every ``forget`` — by class or by learner, from this process or the
``forget`` command — moves the store's :meth:`~Store.generation` on, so a running service that
sees it change reads its class again from the store; the deleted text is gone from the file
and its write-ahead log (``VACUUM``, then the log emptied).

Each row carries a checksum of what it holds: a row damaged on disk is left out and counted
(:attr:`Store.damaged`), never read as other data; a database SQLite itself finds damaged is
refused with :class:`DamagedStoreError`, whose message names the file and the repair
(``python -m yacht_edu.classroom repair``: :func:`repair`).  The database and its log are
the service's user's only (``0600``, in a ``0700`` folder).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import time
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from yacht_edu.errors import RuleError

#: The database's file name, in the administrator's folder.
DATABASE = "class.sqlite"
#: The files SQLite keeps beside the database.
BESIDE = ("-wal", "-shm", "-journal")

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        class TEXT NOT NULL,
        learner TEXT NOT NULL,
        id TEXT NOT NULL,
        kind TEXT NOT NULL,
        received REAL NOT NULL,
        body TEXT NOT NULL,
        checksum INTEGER NOT NULL,
        UNIQUE (class, learner, id))""",
    "CREATE INDEX IF NOT EXISTS events_by_class ON events (class, seq)",
    "CREATE TABLE IF NOT EXISTS generation (forgotten INTEGER NOT NULL)",
)
COLUMNS = "seq, class, learner, id, kind, received, body, checksum"


@dataclass(frozen=True)
class StoredEvent:
    """One stored event: its order of arrival, class, learner (the hub's name), the time the
    service received it, and the event as the learner's kernel sent it."""

    seq: int
    klass: str
    learner: str
    received: float
    event: dict[str, Any]


class DamagedStoreError(RuleError):
    """The class database is damaged: the message names the file and how to repair it."""

    default_msgid = "classview.store.damaged"


def checksum(klass: str, learner: str, key: str, kind: str, received: float, body: str) -> int:
    """A row's checksum (CRC-32 of everything it holds but its number)."""
    text = "\0".join((klass, learner, key, kind, repr(float(received)), body))
    return zlib.crc32(text.encode("utf-8", "surrogatepass"))


class Store:
    """The events of every class the service keeps, in ``folder/class.sqlite``."""

    def __init__(self, folder: Path, *, clock: Callable[[], float] = time.time) -> None:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        with contextlib.suppress(OSError):  # a folder made by another user: theirs to set
            folder.chmod(0o700)
        self.path = folder / DATABASE
        self.clock = clock
        self.lock = threading.Lock()
        #: the ``seq`` of each row left out because it did not match its checksum
        self.damaged: set[int] = set()
        private(self.path)  # before SQLite makes its log beside it, with the file's mode
        try:
            self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self.db.text_factory = damaged_text
            self.db.execute("PRAGMA busy_timeout=5000")
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")  # see the module: a process's end
            found = self.db.execute("PRAGMA integrity_check(1)").fetchone()  # loses nothing
            if found != ("ok",):
                raise sqlite3.DatabaseError(str(found[0] if found else "quick_check"))
            upgrade(self.db)
            create(self.db)
        except sqlite3.DatabaseError as error:
            raise damaged(self.path, error) from None
        for end in ("", *BESIDE):
            with contextlib.suppress(OSError):
                (folder / (DATABASE + end)).chmod(0o600)

    def add(self, klass: str, learner: str, event: dict[str, Any]) -> bool:
        """Store ``event`` as ``learner``'s, in ``klass``; False if it was stored before."""
        body = json.dumps(event, separators=(",", ":"))
        received = self.clock()
        with self.lock:
            cursor = self.db.execute(
                "INSERT OR IGNORE INTO events (class, learner, id, kind, received, body, "
                "checksum) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (klass, learner, event["id"], event["kind"], received, body,
                 checksum(klass, learner, event["id"], event["kind"], received, body)))
            return cursor.rowcount == 1

    def has(self, klass: str, learner: str, key: str) -> bool:
        """Whether the learner's event ``key`` (its id) is stored."""
        with self.lock:
            return self.db.execute("SELECT 1 FROM events WHERE class = ? AND learner = ? "
                                   "AND id = ?", (klass, learner, key)).fetchone() is not None

    def events(self, klass: str, after: int = 0) -> list[StoredEvent]:
        """The events of ``klass`` in the order they arrived (those after ``seq`` ``after``);
        a row that does not match its checksum, or whose event cannot be read, is left out
        (its number kept in :attr:`damaged`)."""
        with self.lock:
            rows = self.db.execute(
                f"SELECT {COLUMNS} FROM events WHERE class = ? AND seq > ? ORDER BY seq",
                (klass, after)).fetchall()
        return list(self.read(rows))

    def read(self, rows: list[tuple[Any, ...]]) -> Iterator[StoredEvent]:
        for seq, klass, learner, key, kind, received, body, check in rows:
            event = good(klass, learner, key, kind, received, body, check)
            if event is None:
                self.damaged.add(seq)
            else:
                yield StoredEvent(seq, klass, learner, received, event)

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

    def generation(self) -> int:
        """How many times events were forgotten: a reader that kept events reads them again
        when this changed."""
        with self.lock:
            (number,) = self.db.execute(
                "SELECT COALESCE(MAX(forgotten), 0) FROM generation").fetchone()
        return int(number)

    def forget(self, klass: str | None = None, learner: str | None = None) -> int:
        """Delete the events of ``klass`` (None: of every class), of ``learner`` only if given;
        how many were deleted.  Gone from the file and its log too."""
        where = " AND ".join(clause for clause, value in (("class = ?", klass),
                                                          ("learner = ?", learner))
                             if value is not None) or "1"
        values = [value for value in (klass, learner) if value is not None]
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                (before,) = self.db.execute(
                    "SELECT COALESCE(MAX(forgotten), 0) FROM generation").fetchone()
                cursor = self.db.execute(f"DELETE FROM events WHERE {where}", values)
                self.db.execute("DELETE FROM generation")
                self.db.execute("INSERT INTO generation VALUES (?)", (int(before) + 1,))
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("VACUUM")  # deleted means gone from the file too
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            return int(cursor.rowcount)

    def close(self) -> None:
        with self.lock:
            self.db.close()


def damaged_text(data: bytes) -> str:
    """A text read from the database, whatever its bytes (a damaged one no longer matches its
    row's checksum, and is left out)."""
    return data.decode("utf-8", "surrogateescape")


def private(path: Path) -> None:
    """The database file, made ``0600`` before SQLite first opens it (SQLite gives its
    write-ahead log the database's mode), and left so."""
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    with contextlib.suppress(OSError):
        path.chmod(0o600)


def good(klass: str, learner: str, key: str, kind: str, received: float, body: str,
         check: int) -> dict[str, Any] | None:
    """The event a row holds, if the row matches its checksum and its body is an event."""
    try:
        if checksum(klass, learner, key, kind, received, body) != check:
            return None
        event = json.loads(body)
    except (TypeError, ValueError, RecursionError):
        return None
    if not isinstance(event, dict) or event.get("kind") != kind or event.get("id") != key:
        return None
    return event


def create(db: sqlite3.Connection) -> None:
    """Today's tables, where they are missing (statement by statement: inside a transaction)."""
    for statement in SCHEMA:
        db.execute(statement)


def damaged(path: Path, error: sqlite3.DatabaseError) -> DamagedStoreError:
    return DamagedStoreError(path=str(path), reason=str(error) or type(error).__name__,
                             folder=str(path.parent))


def upgrade(db: sqlite3.Connection) -> None:
    """A database an older version made (numbers that could be given twice, no checksums):
    its events copied, with their numbers, into today's table, in one transaction."""
    found = db.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'events'"
                       ).fetchone()
    if found is None or ("AUTOINCREMENT" in found[0] and "checksum" in found[0]):
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute("ALTER TABLE events RENAME TO events_before")
        db.execute("DROP INDEX IF EXISTS events_by_class")
        create(db)
        rows = db.execute("SELECT seq, class, learner, id, kind, received, body "
                          "FROM events_before ORDER BY seq").fetchall()
        db.executemany(f"INSERT INTO events ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       [(*row, checksum(*row[1:])) for row in rows])
        db.execute("DROP TABLE events_before")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


# -- repair ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Repaired:
    """What :func:`repair` did: events kept, rows that could not be read, and where the
    damaged file went."""

    kept: int
    lost: int
    moved_to: Path


def repair(folder: Path) -> Repaired:
    """Every event of the damaged ``folder/class.sqlite`` that can still be read, copied into a
    new database (with its number; the numbers to come after the highest ever given), the
    damaged file (and its log) moved aside to ``class.sqlite.damaged-<time>``, nothing
    deleted.  Run it with the service stopped."""
    path = folder / DATABASE
    rows, highest, lost = readable_rows(path)
    fresh = folder / (DATABASE + ".repairing")
    for end in ("", *BESIDE):
        with contextlib.suppress(FileNotFoundError):
            (folder / (fresh.name + end)).unlink()
    private(fresh)
    db = sqlite3.connect(fresh, isolation_level=None)
    try:
        create(db)
        db.execute("BEGIN")
        db.executemany(f"INSERT OR IGNORE INTO events ({COLUMNS}) VALUES "
                       "(?, ?, ?, ?, ?, ?, ?, ?)", rows)
        db.execute("DELETE FROM sqlite_sequence WHERE name = 'events'")
        db.execute("INSERT INTO sqlite_sequence (name, seq) VALUES ('events', ?)", (highest,))
        db.execute("INSERT INTO generation VALUES (?)",  # a reader reads the class again
                   (int(time.time()),))
        db.execute("COMMIT")
    finally:
        db.close()
    aside = folder / f"{DATABASE}.damaged-{time.strftime('%Y%m%d-%H%M%S')}"
    for end in ("", *BESIDE):
        with contextlib.suppress(FileNotFoundError):
            (folder / (DATABASE + end)).rename(aside.with_name(aside.name + end))
    fresh.rename(path)
    return Repaired(len(rows), lost, aside)


def readable_rows(path: Path) -> tuple[list[tuple[Any, ...]], int, int]:
    """The rows of the events table that SQLite can still read and that match their checksum
    (or were stored before checksums, and hold an event), the highest number ever given, and
    how many rows were left out."""
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        db.text_factory = damaged_text
    except sqlite3.DatabaseError:
        return [], 0, 0
    kept: list[tuple[Any, ...]] = []
    left_out = 0
    try:
        columns = {name for _, name, *_ in attempt(db, "PRAGMA table_info(events)") or []}
        highest = max([0, *[int(seq) for (seq,) in attempt(
            db, "SELECT MAX(seq) FROM events") or [] if seq is not None]])
        with contextlib.suppress(sqlite3.DatabaseError, TypeError, ValueError):
            (known,) = db.execute("SELECT seq FROM sqlite_sequence WHERE name = 'events'"
                                  ).fetchone() or (0,)
            highest = max(highest, int(known))
        for row in rows_between(db, "checksum" in columns, 1, max(highest, 1)):
            if row is None:
                left_out += 1
                continue
            seq, klass, learner, key, kind, received, body, check = row
            if check is None:
                check = checksum(klass, learner, key, kind, received, body)
            if good(klass, learner, key, kind, received, body, check) is None:
                left_out += 1
            else:
                kept.append((seq, klass, learner, key, kind, received, body, check))
    finally:
        db.close()
    return kept, highest, left_out


def attempt(db: sqlite3.Connection, query: str,
            values: tuple[Any, ...] = ()) -> list[tuple[Any, ...]] | None:
    try:
        return db.execute(query, values).fetchall()
    except sqlite3.DatabaseError:
        return None


def rows_between(db: sqlite3.Connection, checked: bool, low: int,
                 high: int) -> Iterator[tuple[Any, ...] | None]:
    """The rows numbered ``low`` to ``high``; a stretch SQLite cannot read is halved until the
    unreadable rows are single (each given as None, when it existed at all)."""
    columns = COLUMNS if checked else COLUMNS.replace("checksum", "NULL")
    found = attempt(db, f"SELECT {columns} FROM events WHERE seq BETWEEN ? AND ? ORDER BY seq",
                    (low, high))
    if found is not None:
        yield from found
        return
    if low == high:
        yield None
        return
    middle = (low + high) // 2
    yield from rows_between(db, checked, low, middle)
    yield from rows_between(db, checked, middle + 1, high)
