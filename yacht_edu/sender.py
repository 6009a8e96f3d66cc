"""In a learner's kernel: send what the class does to the class service, if the hub has one.

The hub's configuration (``python -m yacht_edu.classroom hub-config``) gives every learner's
server :data:`SERVICE` (where the service is); the hub gives it ``JUPYTERHUB_API_TOKEN`` (the
learner's own token, which tells the service who they are).  Without both — a laptop, Colab —
:func:`sender` is None and nothing is ever sent.

Sending never holds up a lesson: :meth:`Sender.send` puts the event on a bounded queue and
returns; a background thread posts it, once the kernel has been quiet for :data:`QUIET` seconds
(at most :data:`MOST_DELAY` after the event), over one kept-open connection, so that it does not
compete with the learner's next cells for the processor.  A service that is down or busy makes
the event wait (tried again, less and less often); a full queue drops the newest events; either
says so once, as a warning at the next event, never as an exception.  The first event of a
session prints one quiet line: the learner's answers are shared with their teacher.

Stdlib only, and outside :mod:`yacht_edu.classroom` (the teacher's side): the lessons and the
widgets import it, and a learner's ``check()`` loads none of the teacher's tools.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import queue
import threading
import time
import urllib.parse
import uuid
import warnings
from collections.abc import Callable
from typing import Any

from yacht_edu.game import Game
from yacht_edu.i18n import t

#: The variable that names the class service (set by the hub's configuration).
SERVICE = "YACHT_EDU_CLASS_SERVICE"
#: The learner's token, given by the hub to their server and its kernels.
TOKEN = "JUPYTERHUB_API_TOKEN"
#: Events that may wait to be sent; more are dropped (with a warning).
QUEUE_SIZE = 1000
#: Seconds one post may take, and the longest wait between two tries.
TIMEOUT, LONGEST_WAIT = 5.0, 30.0
#: The thread posts when no event came for this many seconds, or this long after the event.
QUIET, MOST_DELAY = 0.2, 2.0

Event = dict[str, Any]
Build = Callable[[], Event]


class ClassServiceWarning(UserWarning):
    """The class service could not be reached, or refused or dropped events (said once)."""


class Sender:
    """Posts events to the service at ``url`` with ``token``, from a background thread."""

    def __init__(self, url: str, token: str, *, size: int = QUEUE_SIZE,
                 timeout: float = TIMEOUT, quiet: bool = False) -> None:
        self.url = url.rstrip("/") + "/api/events"
        self.address = urllib.parse.urlsplit(self.url)
        self.token = token
        self.connection: http.client.HTTPConnection | None = None
        self.last_sent = 0.0  # when the kernel last queued an event (time.monotonic)
        self.timeout = timeout
        self.queue: queue.Queue[str] = queue.Queue(maxsize=size)
        self.waiting: dict[str, Build] = {}  # key -> the newest event under it, not sent yet
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None
        self.noticed = quiet
        self.trouble: set[str] = set()  # messages for the main thread to warn of, once each
        self.warned: set[str] = set()
        self.sent = self.refused = self.dropped = 0

    # -- the kernel's side (never blocks, never raises) ---------------------------------------

    def send(self, event: Event | Build, *, key: str | None = None) -> None:
        """Queue ``event`` (or a function that makes it, called in the background: a game's
        luck and skill take a moment).  ``key``: a newer event under the same key replaces
        one still waiting (a tally's counts now)."""
        if not self.noticed:
            self.noticed = True
            print(t("classview.shared"))
        build: Build = event if callable(event) else (lambda: event)
        self.last_sent = time.monotonic()
        with self.lock:
            if key is not None and key in self.waiting:
                self.waiting[key] = build
                self.warn()
                return
            key = key or uuid.uuid4().hex
            try:
                self.queue.put_nowait(key)
            except queue.Full:
                self.dropped += 1
                self.trouble.add("classview.sender.dropped")
            else:
                self.waiting[key] = build
        self.start()
        self.warn()

    def warn(self) -> None:
        for msgid in sorted(self.trouble - self.warned):
            self.warned.add(msgid)
            warnings.warn(t(msgid), ClassServiceWarning, stacklevel=4)

    def start(self) -> None:
        if self.thread is None or not self.thread.is_alive():
            self.thread = threading.Thread(target=self.run, name="yacht_edu-class", daemon=True)
            self.thread.start()

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until every queued event has been sent (or refused); False on timeout."""
        deadline = time.monotonic() + timeout
        while self.queue.unfinished_tasks:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.01)
        return True

    # -- the background thread -----------------------------------------------------------------

    def run(self) -> None:
        while True:
            key = self.queue.get()
            self.wait_for_quiet()
            with self.lock:
                build = self.waiting.pop(key)
            try:
                self.deliver(build)
            finally:
                self.queue.task_done()

    def wait_for_quiet(self) -> None:
        """Wait until the kernel queued nothing for :data:`QUIET` seconds (at most
        :data:`MOST_DELAY`): the learner's cell has finished."""
        deadline = time.monotonic() + MOST_DELAY
        while (left := self.last_sent + QUIET - time.monotonic()) > 0:
            if time.monotonic() >= deadline:
                return
            time.sleep(min(left, QUIET))

    def deliver(self, build: Build) -> None:
        try:
            event = {"id": uuid.uuid4().hex, "time": time.time(), **build()}
            body = json.dumps(event, separators=(",", ":"), allow_nan=False).encode()
        except Exception:  # an event that cannot be made is dropped, never the kernel's problem
            self.dropped += 1
            self.trouble.add("classview.sender.dropped")
            return
        wait = 0.5
        while True:
            status, retry_after = self.post(body)
            if status in (200, 201):
                self.sent += 1
                return
            if status and status < 500 and status != 429:  # refused: sending again won't help
                self.refused += 1
                self.trouble.add("classview.sender.refused")
                return
            if status != 429:
                self.trouble.add("classview.sender.down")
            time.sleep(retry_after or wait)  # the same id: stored once however often sent
            wait = min(wait * 2, LONGEST_WAIT)

    def post(self, body: bytes) -> tuple[int, float]:
        """The service's status (0: not reached) and the seconds it asks to wait."""
        for attempt in (1, 2):  # a kept-open connection the service closed: open it again
            try:
                connection = self.connection or self.connect()
                path = self.address.path + (f"?{self.address.query}" if self.address.query else "")
                connection.request("POST", path, body, {
                    "Authorization": f"token {self.token}", "Content-Type": "application/json"})
                answer = connection.getresponse()
                answer.read()
                after = answer.getheader("Retry-After", "") or ""
                return answer.status, float(after) if after.isdigit() else 0.0
            except (OSError, http.client.HTTPException, ValueError):
                self.close()
                if attempt == 2:
                    return 0, 0.0
        return 0, 0.0

    def connect(self) -> http.client.HTTPConnection:
        kind = (http.client.HTTPSConnection if self.address.scheme == "https"
                else http.client.HTTPConnection)
        self.connection = kind(self.address.hostname or "127.0.0.1", self.address.port,
                               timeout=self.timeout)
        return self.connection

    def close(self) -> None:
        if self.connection is not None:
            with contextlib.suppress(Exception):
                self.connection.close()
            self.connection = None


_sender: list[Sender | None] = []


def sender() -> Sender | None:
    """This kernel's sender, or None where no class service is configured."""
    if not _sender:
        url, token = os.environ.get(SERVICE, ""), os.environ.get(TOKEN, "")
        _sender.append(Sender(url, token) if url and token else None)
    return _sender[0]


def reset() -> None:
    """Read the environment again at the next event (for tests)."""
    _sender.clear()


def send(event: Event | Build, *, key: str | None = None) -> None:
    """Send ``event`` to the class service, if there is one (see :meth:`Sender.send`)."""
    chosen = _sender[0] if _sender else sender()
    if chosen is not None:
        chosen.send(event, key=key)


def check_event(exercise: str, correct: bool, guess: bool, tries: int,
                misconception: str | None, lang: str) -> Event:
    return {"kind": "check", "exercise": exercise, "correct": correct, "guess": guess,
            "tries": tries, "misconception": misconception, "lang": lang}


def tally_event(tally: str, group: str, counts: list[int]) -> Event:
    from yacht_edu.classroom.events import clean_text  # a cycle: the service's reader asks
    # the lessons, which import this module

    return {"kind": "tally", "tally": tally, "group": clean_text(group), "counts": list(counts)}


def game_event(saved: str, game: str) -> Build:
    """A finished game's event, made in the background from the game saved as JSON: each
    player's points with their luck and skill (null when they cannot be worked out)."""

    def build() -> Event:
        from yacht_edu.classroom.events import clean_text  # a cycle, as in tally_event

        finished = Game.from_json(saved)
        lucky: dict[str, Any] = {}
        with contextlib.suppress(Exception):  # a rule set the solver cannot take
            from yacht_edu.luck import luck_and_skill

            lucky = dict(luck_and_skill(finished))
        players = []
        for name in finished.players:
            entry = lucky.get(name)
            players.append({"name": clean_text(name), "points": finished.totals[name],
                            "start": None if entry is None else entry.start,
                            "luck": None if entry is None else entry.luck,
                            "loss": None if entry is None else entry.loss})
        return {"kind": "game", "game": game, "rules": clean_text(str(finished.rules.name)),
                "players": players, "staged": finished.staged_rolls}

    return build
