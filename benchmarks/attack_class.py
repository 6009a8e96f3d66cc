"""Attack the class service and the guard as a learner who tries things would (the third
reliability review, ``reliability-3``: S1-S11, F2, F3, G1-G5) and print the table of
docs/reliability.md, in the review's form: tried, refused (well), accepted (harmless), wrong
values, crashes, hangs or denial of service, data lost (for the guard: processes left).

- ``service``: the class service in a process of its own (tornado on 127.0.0.1, SQLite in a
  fresh folder, its open files limited to 1,024 as a systemd service starts; the hub's "whose
  token?" a table: ``learnerNNN``, ``teacher``); its rate limit on a clock that lets each
  learner send at the full allowed rate without the script waiting (each reading 0.2 s after
  the one before; the review did the same).  After every attack the teacher's page, the HTML
  view, the JSON view and the CSV must answer 200 in valid UTF-8 within 2 s (else a crash or a
  hang is counted), and another learner's post must be stored within 2 s.
- ``guard``: hostile functions given to ``check()``, ``p_within``, ``custom_rules`` and
  ``simulate(Strategy(...))``, each in a fresh Python with a 60 s bound; each function writes
  the number of every process it starts, and any still running afterwards is counted (then
  killed).

Run: python benchmarks/attack_class.py [--campaign service|guard|all] [--quick]
"""

from __future__ import annotations

import argparse
import contextlib
import html.parser
import json
import os
import platform
import random
import resource
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import unicodedata
import urllib.error
import urllib.request
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from bench_class import serve as serve_class

ROOT = Path(__file__).resolve().parents[1]
PREFIX = "/services/yacht-class/"
COLUMNS = ("tried", "refused", "accepted", "wrong", "crashes", "hangs", "lost")
#: Seconds within which the teacher's page and another learner's post must answer.
BOUND = 2.0
#: Requests straight to 127.0.0.1, whatever proxy the environment names.
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))

Counts = Counter[str]


# -- the service, in a process of its own ----------------------------------------------------


def serve(folder: Path, port: int) -> None:
    """The class service as the hub runs it (:func:`bench_class.serve`: its own timeouts,
    limits and open files), with the fast clock of the module's text."""

    class Fast:
        now = 0.0

        def __call__(self) -> float:
            self.now += 0.2
            return self.now

    serve_class(folder, port, clock=Fast(), say_ready=True)


class Running:
    """The service's process, and how to ask it things."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}{PREFIX}"
        self.process: subprocess.Popen[str] | None = None
        self.start()

    def start(self) -> None:
        def few_files() -> None:  # a systemd service's soft limit
            _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
            resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))

        self.process = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(self.folder), str(self.port)],
            stdout=subprocess.PIPE, text=True, preexec_fn=few_files,
            env=dict(os.environ, PYTHONPATH=str(ROOT)))
        assert self.process.stdout is not None
        assert self.process.stdout.readline().strip() == "ready"

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait()

    def call(self, path: str, token: str | None, body: bytes | None = None,
             timeout: float = 30.0) -> tuple[int, bytes]:
        """The status and body of a request (0: no answer)."""
        headers = {"Authorization": f"token {token}"} if token else {}
        request = urllib.request.Request(self.url + path, data=body, headers=headers,
                                         method="POST" if body is not None else "GET")
        try:
            with OPENER.open(request, timeout=timeout) as answer:
                return answer.status, answer.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()
        except OSError:
            return 0, b""

    def post(self, token: str, event: dict[str, Any] | bytes) -> int:
        body = event if isinstance(event, bytes) else json.dumps(event).encode()
        return self.call("api/events", token, body)[0]

    def healthy(self, counts: Counts) -> dict[str, str]:
        """The four views answer 200 in UTF-8 within :data:`BOUND` seconds, and another
        learner's post is stored: else a crash (an answer that is not 200 or not UTF-8) or a
        hang (too late) is counted.  The views' texts, by name."""
        seen = {}
        for name, path in (("page", ""), ("html", "api/view?format=html"),
                           ("json", "api/view"), ("csv", "api/export.csv")):
            started = time.monotonic()
            status, body = self.call(path, "teacher")
            if time.monotonic() - started > BOUND:
                counts["hangs"] += 1
            try:
                seen[name] = body.decode("utf-8")
            except UnicodeDecodeError:
                status = -1
            if status != 200:
                counts["crashes"] += 1
        started = time.monotonic()
        if self.post("learner_other", event("check")) != 201:
            counts["crashes"] += 1
        elif time.monotonic() - started > BOUND:
            counts["hangs"] += 1
        return seen


def event(kind: str = "tally", **fields: Any) -> dict[str, Any]:
    made: dict[str, Any] = {"id": uuid.uuid4().hex, "kind": kind, "time": time.time()}
    if kind == "check":
        made |= {"exercise": "02.3", "correct": True, "guess": False, "tries": 0,
                 "misconception": None, "lang": "en"}
    elif kind == "tally":
        made |= {"tally": uuid.uuid4().hex, "group": "A", "counts": [1, 2, 3, 4, 5, 6]}
    else:
        made |= {"game": uuid.uuid4().hex, "rules": "yacht", "players": [
            {"name": "Asha", "points": 180, "start": 166.5, "luck": 20.0, "loss": 6.5}]}
    return made | fields


def game(name: str = "Asha", rules: str = "yacht", points: int = 100) -> dict[str, Any]:
    return event("game", rules=rules, players=[{"name": name, "points": points, "start": None,
                                                "luck": None, "loss": None}])


def judged(status: int, counts: Counts, *, refused: tuple[int, ...] = (400, 409, 413)) -> None:
    counts["tried"] += 1
    if status in refused:
        counts["refused"] += 1
    elif status in (200, 201):
        counts["accepted"] += 1
    else:
        counts["crashes"] += 1


# -- the service's attacks ------------------------------------------------------------------------


def text_attack(running: Running) -> Counts:
    """S1, S11: names that are not text (lone surrogates, control characters) or that read as
    others (every direction mark), in a group's, a player's and a rule set's name."""
    from yacht_edu.i18n import BIDI_CONTROLS

    counts: Counts = Counter()
    bad = ["\udc80", "\ud800x", "a\udfff", "\x00", "\x1b[2J", "\x7f", "\u2028", "\u2029",
           *sorted(BIDI_CONTROLS)]
    for text in bad:
        for made in (event(group=text), game(name=text), game(rules=text)):
            judged(running.post("learner001", json.dumps(made).encode()), counts)
    running.healthy(counts)
    return counts


class Elements(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.attributes: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.attributes.update(name for name, _ in attrs)


PAGE_TAGS = {"html", "head", "meta", "title", "body", "div", "style", "h2", "h3", "p", "table",
             "tr", "th", "td", "span", "ul", "li", "b"}
PAGE_ATTRIBUTES = {"charset", "http-equiv", "content", "class", "dir", "colspan"}


def a_formula(cell: str) -> bool:
    """Whether a spreadsheet could read the cell as a formula (written independently of the
    package's own rule: the first character a reader sees, spaces and invisible marks
    skipped, compared after Unicode's compatibility folding)."""
    if cell.startswith("'"):
        return False
    shown = "".join(c for c in cell if not (c.isspace() or unicodedata.category(c)
                                            in ("Cf", "Cc", "Zs")))
    return unicodedata.normalize("NFKC", shown[:1]) in ("=", "+", "-", "@")


def injection_attack(running: Running) -> Counts:
    """The review's 25 injection payloads and the formula tricks it left (a leading space, a
    full-width sign, a zero-width space), in a group, a player and a rule set: accepted
    (harmless) when the page holds no element or attribute of theirs and no exported cell
    reads as a formula."""
    counts: Counts = Counter()
    payloads = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>',
                "</td></tr></table><iframe src=//x>", "<svg/onload=alert(1)>",
                "javascript:alert(1)", "' onmouseover='alert(1)", "<style>*{}</style>",
                "=HYPERLINK(\"http://x\",\"y\")", "+cmd|' /C calc'!A0", "-2+3", "@SUM(1+1)",
                "=1+1", "\t=1", "\r=1", "x'); DROP TABLE events;--", "' OR 1=1 --",
                "${7*7}", "{{7*7}}", "%s%s%n", "../../etc/passwd", "&lt;b&gt;", "<b>b</b>",
                "\\u003cscript\\u003e", "=cmd|'/c calc'!A1", "DDE(\"cmd\";\"/c calc\")",
                " =1+1", "＝1+1", "\u200b=1+1", "\u3000-2", "＠SUM(1)", " +1"]
    for number, text in enumerate(payloads):  # a learner each: no cap of groups in the way
        for made in (event(group=text), game(name=text), game(rules=text)):
            judged(running.post(f"learner2{number:03d}", made), counts)
    seen = running.healthy(counts)
    found = Elements()
    found.feed(seen.get("page", ""))
    wrong = len(found.tags - PAGE_TAGS) + len(found.attributes - PAGE_ATTRIBUTES)
    import csv
    import io

    for row in csv.reader(io.StringIO(seen.get("csv", ""))):
        wrong += sum(a_formula(cell) for cell in row)
    counts["wrong"] += wrong
    counts["accepted"] -= min(wrong, counts["accepted"])
    return counts


def body_attack(running: Running) -> Counts:
    """Malformed and oversized bodies (the review's 25 kinds): 400 or 413, stored nowhere."""
    counts: Counts = Counter()
    good = json.dumps(event()).encode()
    bodies = [b'{"id": "a", "id": "b"}', b'{"id": "\xff"}', good.decode().encode("utf-16"),
              good.replace(b'"time": ', b'"time": NaN, "x": '), b'{"time": 1e999}', b"",
              b"[]", json.dumps(event(counts=[True] * 6)).encode(),
              json.dumps(event(counts=[1.5] * 6)).encode(),
              json.dumps(event("check", exercise=" 02.3")).encode(),
              json.dumps(event("check", exercise="2.3")).encode(),
              json.dumps(event("check", exercise="02.03")).encode(),
              json.dumps(event() | {"padding": "x" * 5000}).encode(), b'{"a":' * 800,
              json.dumps(event(time=10**400)).encode(), b"[" * 4000,
              json.dumps(game() | {"players": [{"name": "A", "points": 1, "start": 10**400,
                                                 "luck": 0, "loss": 0}]}).encode(),
              b"x" * 300_000, json.dumps(event(group="A" * 61)).encode(),
              json.dumps(event(counts=[-1] * 6)).encode(),
              json.dumps(event() | {"learner": "learner009"}).encode(),
              json.dumps(event(kind="grade")).encode(), b"null", b'"text"',
              json.dumps(event(id="../../etc")).encode()]
    before = stored(running)
    for body in bodies:
        judged(running.post("learner003", body), counts)
    counts["wrong"] += stored(running) - before  # a malformed body stored is a wrong value
    running.healthy(counts)
    return counts


def stored(running: Running) -> int:
    with contextlib.closing(sqlite3.connect(running.folder / "class.sqlite")) as db:
        (number,) = db.execute("SELECT COUNT(*) FROM events").fetchone()
    return int(number)


def weight_attack(running: Running, quick: bool) -> Counts:
    """S2, S4: 1,001 tallies of a million rolls from one learner; 1,001 learners of a million
    sixes (the class's pool past what the test takes); one learner naming a new group at every
    event; one learner sending events until past the cap.  The page and another learner's post
    are timed every 500 events."""
    from yacht_edu.classroom.service import MAX_EVENTS

    counts: Counts = Counter()
    big = [1_000_000, 0, 0, 0, 0, 0]
    for _ in range(101 if quick else 1001):
        judged(running.post("learner004", event(group="A", counts=big)), counts)
    for number in range(101 if quick else 1001):
        judged(running.post(f"learner1{number:04d}", event(group="B", counts=[0] * 5 + [10**6])),
               counts)
    for number in range(600 if quick else 6000):
        judged(running.post("learner005", event(group=f"g{number}")), counts)
        if number % 500 == 499:
            running.healthy(counts)
    for number in range(1000 if quick else MAX_EVENTS + 10):
        judged(running.post("learner006", event("check")), counts)
        if number % 2000 == 1999:
            running.healthy(counts)
    seen = running.healthy(counts)
    view = json.loads(seen.get("json", "{}") or "{}")
    dice = view.get("dice", {})
    if dice.get("groups", {}).get("A") != big:  # one learner's latest tally, not the sum
        counts["wrong"] += 1
    return counts


def connection_attack(running: Running, quick: bool) -> Counts:
    """S5: one learner's token on 1,100 connections each waiting to send a body, and 1,100
    connections that never finish their headers, against a service started with 1,024 open
    files: the teacher's page and another learner's post timed meanwhile; every idle
    connection must be closed by the service when its time is up."""
    from yacht_edu.classroom.service import BODY_SECONDS, IDLE_SECONDS

    counts: Counts = Counter()
    number = 110 if quick else 1100
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    head = (f"POST {PREFIX}api/events HTTP/1.1\r\nHost: x\r\nAuthorization: token learner007"
            "\r\nContent-Length: 300\r\n\r\n").encode()
    held: list[socket.socket] = []
    try:
        for text in [head] * number + [f"POST {PREFIX}api/events HTTP/1.1\r\nHost: x\r\n"
                                       .encode()] * number:
            counts["tried"] += 1
            try:
                connection = socket.create_connection(("127.0.0.1", running.port), timeout=10)
                connection.sendall(text)
                held.append(connection)
            except OSError:
                counts["hangs"] += 1
        time.sleep(1.0)
        running.healthy(counts)
        deadline = time.monotonic() + 1.5 * IDLE_SECONDS + BODY_SECONDS + 10
        for connection in held:
            connection.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                answer = connection.recv(4096)
                counts["refused" if b" 429 " in answer.split(b"\r\n")[0] else "accepted"] += 1
            except OSError:
                counts["hangs"] += 1  # never closed by the service
    finally:
        for connection in held:
            connection.close()
    running.healthy(counts)
    return counts


def forget_attack(running: Running) -> Counts:
    """S3, the review's run: 9 events of three learners, the teacher looks, ``forget`` (the
    command, another process), then 12 events of four new learners; then ``forget --learner``
    of one of them.  A forgotten event shown is a wrong value; a new one missing is lost."""
    counts: Counts = Counter()
    old = [f"learner02{n}" for n in range(3)]
    for name in old:
        for _ in range(3):
            judged(running.post(name, event(group="LastTerm")), counts)
    running.healthy(counts)
    forget = [sys.executable, "-m", "yacht_edu.classroom", "forget", "--data",
              str(running.folder)]
    subprocess.run(forget, check=True, capture_output=True, env=dict(os.environ,
                                                                     PYTHONPATH=str(ROOT)))
    new = [f"learner03{n}" for n in range(4)]
    for name in new:
        for _ in range(3):
            judged(running.post(name, event(group="NewTerm")), counts)
    subprocess.run([*forget, "--learner", new[0]], check=True, capture_output=True,
                   env=dict(os.environ, PYTHONPATH=str(ROOT)))
    seen = running.healthy(counts)
    for name in (*old, new[0]):
        counts["wrong"] += sum(seen.get(view, "").count(name) for view in ("page", "csv"))
    for name in new[1:]:
        counts["lost"] += 3 - seen.get("csv", "").count(name)
    return counts


def kill_attack(running: Running, quick: bool) -> Counts:
    """The service killed (SIGKILL) again and again while 20 learners send: every event that
    was acknowledged (200 or 201) must be stored, once; an event with no answer is sent again
    with the same id, as the package's sender does."""
    counts: Counts = Counter()
    acknowledged: set[str] = set()
    lock = threading.Lock()
    each = 20 if quick else 60

    def learner(number: int) -> None:
        for _ in range(each):
            made = event("check")
            while True:
                status = running.post(f"learner04{number:02d}", made)
                if status in (200, 201):
                    with lock:
                        acknowledged.add(made["id"])
                    break
                time.sleep(0.05)

    workers = [threading.Thread(target=learner, args=(n,)) for n in range(20)]
    for worker in workers:
        worker.start()
    for _ in range(3 if quick else 10):
        time.sleep(random.uniform(0.2, 0.8))
        running.kill()
        running.start()
    for worker in workers:
        worker.join()
    counts["tried"] += len(acknowledged)
    counts["accepted"] += len(acknowledged)
    with contextlib.closing(sqlite3.connect(running.folder / "class.sqlite")) as db:
        ids = [key for (key,) in db.execute(
            "SELECT id FROM events WHERE learner LIKE 'learner04%'")]
        (check,) = db.execute("PRAGMA integrity_check").fetchone()
    counts["lost"] += len(acknowledged - set(ids))
    counts["wrong"] += len(ids) - len(set(ids)) + (check != "ok")
    running.healthy(counts)
    return counts


def records_attack(running: Running) -> Counts:
    """S8, S9, F2: a kernel's clock in 2020 and 2100, a finished game of 999,999 points in
    Yacht, a game with staged rolls."""
    counts: Counts = Counter()
    for when in (1_577_836_800.0, 4_102_444_800.0):
        judged(running.post("learner010", event("check", exercise="02.1", correct=False,
                                                tries=1, time=when)), counts)
    for rules, points in (("yacht", 999_999), ("yacht", 298), ("yahtzee", 1576),
                          ("yacht", 297), ("yahtzee", 1575)):
        judged(running.post("learner011", game(rules=rules, points=points)), counts)
    judged(running.post("learner012", game() | {"staged": 13}), counts)
    seen = running.healthy(counts)
    view = json.loads(seen.get("json", "{}") or "{}")
    stuck = view.get("stuck", {}).get("learner010", 0)
    counts["wrong"] += not 0 <= stuck < 3600  # the service's clock: stuck for seconds
    counts["wrong"] += sum(g["players"][0]["points"] > 1575 for g in view.get("games", []))
    counts["wrong"] += not any(g.get("staged") == 13 for g in view.get("games", []))
    return counts


def damaged_attack(quick: bool) -> Counts:
    """F3: copies of a database of 300 events, damaged: a bit flipped anywhere (60), in the
    first 100 bytes (20), cut short (20), not a database (1), empty (1).  Refused well: the
    package's damaged-database error naming the repair, or the events read with every damaged
    one left out and counted; accepted (harmless): the same events; wrong: other events read
    without notice; crash: any other exception."""
    from yacht_edu.classroom.store import DamagedStoreError, Store

    counts: Counts = Counter()
    original = Path(tempfile.mkdtemp(prefix="yacht_edu_damaged_"))
    store = Store(original / "class")
    for number in range(300):
        store.add("class", f"learner{number % 11}", event(group=f"G{number % 4}"))
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    truth = {row.event["id"]: row.event for row in store.events("class")}
    store.close()
    data = (original / "class" / "class.sqlite").read_bytes()
    pick = random.Random(3)
    copies: list[bytes] = []
    for _ in range(6 if quick else 60):
        at = pick.randrange(len(data) * 8)
        copies.append(flipped(data, at))
    for _ in range(2 if quick else 20):
        copies.append(flipped(data, pick.randrange(800)))
    for _ in range(2 if quick else 20):
        copies.append(data[:pick.randrange(len(data))])
    copies += [os.urandom(len(data)), b""]
    for number, copy in enumerate(copies):
        folder = original / f"copy{number}"
        folder.mkdir()
        (folder / "class.sqlite").write_bytes(copy)
        counts["tried"] += 1
        try:
            opened = Store(folder)
            read = {row.event["id"]: row.event for row in opened.events("class")}
        except DamagedStoreError as error:
            counts["refused" if "repair" in str(error) else "crashes"] += 1
            continue
        except Exception:
            counts["crashes"] += 1
            continue
        other = [key for key, made in read.items() if truth.get(key) != made]
        if other:
            counts["wrong"] += 1
        elif len(read) < len(truth) and not opened.damaged and copy:
            counts["wrong"] += 1  # events missing without notice
        elif opened.damaged:
            counts["refused"] += 1
        else:
            counts["accepted"] += 1
    shutil.rmtree(original, ignore_errors=True)
    return counts


def flipped(data: bytes, bit: int) -> bytes:
    copy = bytearray(data)
    copy[bit // 8] ^= 1 << (bit % 8)
    return bytes(copy)


SERVICE_ATTACKS: list[tuple[str, Callable[[Running, bool], Counts]]] = [
    ("text that is not text, direction marks (S1, S11)", lambda r, q: text_attack(r)),
    ("injection: HTML, formulas, SQL (S11)", lambda r, q: injection_attack(r)),
    ("malformed and oversized bodies (S6, S7)", lambda r, q: body_attack(r)),
    ("one learner's weight: tallies, groups, events (S2, S4)", weight_attack),
    ("idle connections from one token, unfinished headers (S5)", connection_attack),
    ("forget on a running service, by class and by learner (S3)",
     lambda r, q: forget_attack(r)),
    ("the service killed while 20 learners send", kill_attack),
    ("kernel clocks, game points, staged rolls (S8, S9, F2)", lambda r, q: records_attack(r)),
]


def service_campaign(quick: bool) -> list[tuple[str, Counts, float]]:
    rows = []
    for name, attack in SERVICE_ATTACKS:
        folder = Path(tempfile.mkdtemp(prefix="yacht_edu_attack_"))
        running = Running(folder / "class")
        started = time.monotonic()
        try:
            counts = attack(running, quick)
        finally:
            running.stop()
            shutil.rmtree(folder, ignore_errors=True)
        rows.append((name, counts, time.monotonic() - started))
    started = time.monotonic()
    rows.append(("damaged databases (F3)", damaged_attack(quick), time.monotonic() - started))
    return rows


# -- the guard ------------------------------------------------------------------------------------

#: Each hostile function: its name, what it is given to, its code (a function ``f``; ``PIDS``:
#: a folder where it writes the number of each process it starts), and what a right answer
#: is: "refused" (the package's words), "right" (judged right), "wrong" (judged wrong); "/":
#: either (a function that starts spinning processes may also be too slow on a busy machine).
GUARD = [
    ("raises", "check", "def f(hand):\n    return 1 // 0", "refused"),
    ("sleeps", "check", "def f(hand):\n    import time; time.sleep(60)", "refused"),
    ("loops swallowing every interruption", "check",
     "def f(hand):\n    while True:\n        try:\n            while True: pass\n"
     "        except BaseException: pass", "refused"),
    ("takes 1.5 GB, after trying to lift its limit", "check",
     "def f(hand):\n    import resource\n    try: resource.setrlimit(resource.RLIMIT_AS, "
     "(resource.RLIM_INFINITY,) * 2)\n    except Exception: pass\n"
     "    return len(bytearray(1500 * 2**20))",
     "refused"),
    ("ends Python", "check", "def f(hand):\n    import os; os._exit(3)", "refused"),
    ("prints to sys.__stdout__, starts a thread", "check",
     "import threading, sys\ndef f(hand):\n    print('x', file=sys.__stdout__)\n"
     "    threading.Thread(target=lambda: None).start()\n    return two_pairs(hand)", "right"),
    ("a sympy value whose unpickling patches the judge (G1)", "check",
     "import sympy\nclass P(sympy.Symbol):\n    def __reduce__(self):\n        return (exec, "
     "(\"import sys; sys.modules['yacht_edu.lessons.exercise'].same = lambda *a, **k: True\",))"
     "\ndef f(hand):\n    return sympy.Tuple(P('x'))", "refused"),
    ("a numpy array with an object field (G1)", "check",
     "import numpy as np\ndef f(hand):\n    return np.zeros(2, dtype=[('a', object)])",
     "refused"),
    ("writes its own bytes into the answers' pipe (G1)", "check",
     "import os\ndef f(hand):\n    fds = [int(n) for n in os.listdir('/proc/self/fd') if "
     "os.path.exists(f'/proc/self/fd/{n}') and os.readlink(f'/proc/self/fd/{n}')"
     ".startswith('pipe:')]\n    os.write(max(fds), b'\\x00' * 7 + b'\\x05[1,2]')\n"
     "    os._exit(0)", "refused"),
    ("forks, setsid, forks a spinner (G2)", "check",
     "import os, time\ndef f(hand):\n    if os.fork() == 0:\n        os.setsid()\n"
     "        if os.fork() == 0:\n            open(f'{PIDS}/{os.getpid()}', 'w').close()\n"
     "            end = time.monotonic() + 20\n            while time.monotonic() < end: pass\n"
     "            os._exit(0)\n        os._exit(0)\n    return 0", "wrong/refused"),
    ("starts 50 spinning processes", "check",
     "import os, time\ndef f(hand):\n    if not hasattr(f, 'done'):\n        f.done = 1\n"
     "        for _ in range(50):\n            if os.fork() == 0:\n"
     "                open(f'{PIDS}/{os.getpid()}', 'w').close()\n"
     "                end = time.monotonic() + 20\n"
     "                while time.monotonic() < end: pass\n"
     "                os._exit(0)\n    return two_pairs(hand)", "right/refused"),
    ("__module__ set to the package's, loops (G3)", "check",
     "def f(hand):\n    while True: pass\nf.__module__ = 'yacht_edu.custom'", "refused"),
    ("__module__ set to the package's, keep rule loops (G3)", "p_within",
     "def f(dice, rolls_left):\n    while True: pass\nf.__module__ = 'yacht_edu.strategies'",
     "refused"),
    ("__module__ set to the package's, box loops (G3)", "custom_rules",
     "def f(hand):\n    while True: pass\nf.__module__ = 'yacht_edu'", "refused"),
    ("a Strategy's box rule raises (G4)", "simulate", "def f(rules, gain, box):\n    return 1 / 0",
     "refused"),
    ("a Strategy's box rule gives text (G4)", "simulate",
     "def f(rules, gain, box):\n    return 'x'", "refused"),
    ("a Strategy's box rule loops (G4)", "simulate",
     "def f(rules, gain, box):\n    while True: pass", "refused"),
    ("right, but leaves a process holding the pipe (G5)", "check",
     "import os, time\ndef f(hand):\n    if not hasattr(f, 'done'):\n        f.done = 1\n"
     "        if os.fork() == 0:\n            open(f'{PIDS}/{os.getpid()}', 'w').close()\n"
     "            time.sleep(20); os._exit(0)\n    return two_pairs(hand)", "right"),
    ("input() (G5)", "check", "def f(hand):\n    return int(input('?'))", "refused"),
    ("the reference itself", "check", "def f(hand):\n    return two_pairs(hand)", "right"),
    ("a box rule liking what points_now likes", "simulate",
     "def f(rules, gain, box):\n    return gain", "right"),
]

RUNNER = r"""
import json, sys, time, warnings
warnings.simplefilter("ignore")
from yacht_edu import guard
from yacht_edu.lessons import check, exercise
from yacht_edu.errors import RuleError
import yacht_edu as ye
guard.FUNCTION_SECONDS = 2.0
def two_pairs(hand):
    pairs = [face for face in set(hand) if list(hand).count(face) >= 2]
    return sum(hand) if len(pairs) == 2 else 0
PIDS = sys.argv[2]
exec(sys.argv[1])
same = sys.modules["yacht_edu.lessons.exercise"].same
where = sys.argv[3]
import importlib
importlib.import_module("yacht_edu.lessons.exercise").EXERCISE_SECONDS = 3.0
started = time.monotonic()
try:
    if where == "check":
        feedback = check("11.4", f, lang="en")
        outcome = {True: "right", False: "wrong", None: "blank"}[feedback.correct]
        if feedback.correct is False and feedback.message.count("Your function"):
            outcome = "refused"
    elif where == "p_within":
        ye.p_within("yacht", strategy=f); outcome = "right"
    elif where == "custom_rules":
        ye.custom_rules(add={"spin": f}); outcome = "right"
    else:
        from yacht_edu.policies import Strategy
        mine = ye.simulate(Strategy("mine", box_rule=f), games=10, seed=1)
        outcome = "right" if list(mine.scores) == list(
            ye.simulate("best_box_now", games=10, seed=1).scores) else "wrong"
except RuleError:
    outcome = "refused"
except BaseException as error:
    outcome = "crash:" + type(error).__name__
patched = sys.modules["yacht_edu.lessons.exercise"].same is not same
later = check("11.4", lambda hand: 12345).correct
print(json.dumps({"outcome": outcome, "patched": patched or later is not False,
                  "seconds": time.monotonic() - started}))
"""


def guard_campaign(quick: bool) -> list[tuple[str, Counts, float]]:
    counts: Counts = Counter()
    started = time.monotonic()
    slowest = 0.0
    chosen = GUARD[:8] + GUARD[-3:] if quick else GUARD
    for name, where, code, right in chosen:
        pids = Path(tempfile.mkdtemp(prefix="yacht_edu_guard_"))
        counts["tried"] += 1
        try:
            done = subprocess.run([sys.executable, "-c", RUNNER, code, str(pids), where],
                                  capture_output=True, text=True, timeout=60,
                                  env=dict(os.environ, PYTHONPATH=str(ROOT)))
            result = json.loads(done.stdout.strip().splitlines()[-1])
        except subprocess.TimeoutExpired:
            counts["hangs"] += 1
            result = None
        except (json.JSONDecodeError, IndexError):
            counts["crashes"] += 1
            result = None
        if result is not None:
            slowest = max(slowest, result["seconds"])
            outcome = result["outcome"]
            if outcome.startswith("crash"):
                counts["crashes"] += 1
            elif result["patched"] or outcome not in right.split("/"):
                counts["wrong"] += 1
            else:
                counts["refused" if outcome == "refused" else "accepted"] += 1
            print(f"  {name}: {outcome}", file=sys.stderr)
        counts["lost"] += left_behind(pids)
    return [(f"hostile functions (the slowest answer {slowest:.1f} s, limit 3 s)", counts,
             time.monotonic() - started)]


def left_behind(pids: Path) -> int:
    """Processes a function started that are still running (then killed)."""
    time.sleep(0.5)
    left = 0
    for path in pids.iterdir():
        pid = int(path.name)
        with contextlib.suppress(OSError, IndexError):
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            if state not in ("Z", "X"):
                left += 1
                os.kill(pid, signal.SIGKILL)
    shutil.rmtree(pids, ignore_errors=True)
    return left


# -- the table ------------------------------------------------------------------------------------


def table(title: str, rows: list[tuple[str, Counts, float]], lost: str) -> Iterator[str]:
    heads = ("tried", "refused well", "accepted (harmless)", "wrong values", "crashes",
             "hangs / DoS", lost)
    yield f"\n{title}\n"
    yield "| attack | " + " | ".join(heads) + " | seconds |"
    yield "| --- |" + " --- |" * (len(heads) + 1)
    for name, counts, seconds in rows:
        yield (f"| {name} | " + " | ".join(f"{counts[key]:,}" for key in COLUMNS)
               + f" | {seconds:.0f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--campaign", choices=("service", "guard", "all"), default="all")
    parser.add_argument("--quick", action="store_true", help="a tenth of each attack")
    parser.add_argument("--serve", nargs=2, metavar=("FOLDER", "PORT"), help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.serve:
        serve(Path(arguments.serve[0]), int(arguments.serve[1]))
        return
    print(f"{platform.machine()}, {os.cpu_count()} cores, load average before "
          f"{os.getloadavg()[0]:.2f}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    if arguments.campaign in ("service", "all"):
        for line in table("The class service", service_campaign(arguments.quick), "data lost"):
            print(line, flush=True)
    if arguments.campaign in ("guard", "all"):
        for line in table("The guard", guard_campaign(arguments.quick), "processes left"):
            print(line, flush=True)
    print(f"\nload average after {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
