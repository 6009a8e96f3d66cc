"""A class on one server: N learners on one JupyterHub, each opening a lesson and playing.

Starts a real JupyterHub (the dummy authenticator, the simple local-process spawner: every
learner's server under the current user, one home folder each; configurable-http-proxy from
npm), logs N learners in through the login form, and has each open a kernel, run the first
lesson's cells and play Yacht at a person's pace: a click every 1-2 s (roll, hold a die, roll,
roll, score a box), sent as the browser sends a click on the game board (the board's intent, a
widget message through the proxy).  Prints:

- the time for the whole class to start: hub up, every server ready, every lesson run;
- click-to-update latency: from the click leaving the browser to the kernel having sent every
  widget update and gone idle (median, p95, max), and how many clicks changed nothing;
- memory per learner: resident memory (RSS) of each learner's kernel and single-user server,
  beside a kernel that has imported nothing of ours.

Run as root (the servers are started with --allow-root) from the repository:

    python benchmarks/bench_class.py --learners 10
    python benchmarks/bench_class.py --learners 30 --seconds 90

``--events`` measures the class service instead (issue 24), without a hub: the service runs in a
process of its own (tornado, SQLite in a fresh folder), the hub's answer to "whose token is
this?" replaced by a table (a real hub answers it once a minute per token: the service caches
it), and each learner is a process of their own, as a kernel is, with the package's sender.
Every learner answers all 55 exercises, a wrong answer and then the right one, and types two
rolls into their group's die tally after each, 1-3 s apart (a class hour pressed into about
three minutes).  Each check is timed twice, with sending and with sending
switched off, in a random order.  Prints: the p95 of a ``check()`` with and without sending
and of their difference; the events stored against those sent (none lost, none twice; each
tally's latest counts); the teacher's view refreshed every 2 s while the class sends (JSON and
the page), median and p95; the load average.

    python benchmarks/bench_class.py --events --learners 30

``--hostile`` adds, beside the honest learners, one hostile learner in each way of the third
reliability review (issue 29), each sending as fast as the service lets it for the whole hour:
names that are not text or read as others (S1, S11); tallies of a million rolls, then a new
group at every tally (S2, S4); events without end (S4, the cap); 1,100 connections held idle
with its token and 1,100 that never finish their headers, opened again as the service closes
them (S5); malformed, deep and oversized bodies (S6, S7); kernel clocks of 2020 and 2100 and
games of 999,999 points (S8, S9).  The service runs with 1,024 open files, as a systemd
service starts.  Prints what each hostile learner sent and how it was answered, beside the
figures above: the teacher's page p95 and the honest learners' events lost.

    python benchmarks/bench_class.py --events --learners 30 --hostile
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from tests.hub.classhub import Hub, Kernel, code_cells, lesson, rss_kib

ROOT = Path(__file__).resolve().parents[1]

T = TypeVar("T")

SETUP = """
import json
import yacht_edu as ye
view = ye.play(players=({name!r},), seed={seed})
print(json.dumps({{"board": view.model_id, "boxes": list(view.game.rules.boxes)}}))
"""


def server_pids(names: set[str]) -> dict[str, int]:
    """Each learner's single-user server process (found by its environment in ``/proc``)."""
    found = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            command = (proc / "cmdline").read_bytes()
            environ = (proc / "environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"jupyterhub-singleuser" not in command:
            continue
        for entry in environ:
            if entry.startswith(b"JUPYTERHUB_USER="):
                user = entry.split(b"=", 1)[1].decode()
                if user in names:
                    found[user] = int(proc.name)
    return found


class Learner(threading.Thread):
    """One learner: opens the lesson, then clicks at a person's pace until the time is up."""

    def __init__(self, hub: Hub, name: str, seed: int, stop_at: list[float]) -> None:
        super().__init__(name=name, daemon=True)
        self.hub, self.seed, self.stop_at = hub, seed, stop_at
        self.latencies: list[float] = []
        self.ignored = 0
        self.reconnects = self.restarts = 0
        self.score_clicks = self.scored = 0
        self.lesson_done = threading.Event()
        self.error: BaseException | None = None
        self.kernel: Kernel | None = None

    def run(self) -> None:
        try:
            kernel = self.kernel = self.start_kernel()
            for cell in code_cells(lesson()):
                self.again_if_dropped(functools.partial(kernel.check, cell))
            widgets = json.loads(self.again_if_dropped(
                lambda: kernel.check(SETUP.format(name=self.name, seed=self.seed))))
            self.lesson_done.set()
            awake = time.monotonic()
            while not self.stop_at:  # waiting for the class: keep reading the websocket (it
                time.sleep(0.1)        # answers the server's pings), as an open browser tab does
                if time.monotonic() - awake > 5:
                    self.again_if_dropped(lambda: kernel.run("pass"))
                    awake = time.monotonic()
            self.play(kernel, widgets)
            self.scored = int(self.again_if_dropped(lambda: kernel.check(
                "print(len(view.game.scorecard().filled))")))
        except BaseException as error:  # reported by the main thread
            self.error = error
            self.lesson_done.set()

    def start_kernel(self, attempts: int = 3) -> Kernel:
        """A new kernel; one that fails to start (its websocket refused: it died while thirty
        start on two cores) is started again, as a learner would reload — counted."""
        import websocket

        for attempt in range(attempts):
            try:
                return self.hub.kernel(self.name)
            except (websocket.WebSocketException, OSError):
                if attempt == attempts - 1:
                    raise
                self.restarts += 1
                time.sleep(2)
        raise AssertionError("unreachable")

    def again_if_dropped(self, step: Callable[[], T]) -> T:
        """Run ``step``; if the websocket dropped, reconnect (as a browser does) and run it
        again — counted, and printed with the results."""
        import websocket

        try:
            return step()
        except (websocket.WebSocketException, OSError):
            self.reconnects += 1
            assert self.kernel is not None
            self.kernel.connect()
            return step()

    def play(self, kernel: Kernel, widgets: dict[str, Any]) -> None:
        """Turns of solitaire Yacht by clicks: roll, hold the first die, roll, roll, score the
        turn's box (the boxes in scorecard order), each 1-2 s after the one before."""
        pace = random.Random(self.seed)
        board, boxes = widgets["board"], widgets["boxes"]
        for box in boxes:
            for intent in ({"intent": "roll"}, {"intent": "hold", "die": 0}, {"intent": "roll"},
                           {"intent": "roll"},
                           {"intent": "score", "player": self.name, "box": box}):
                time.sleep(pace.uniform(1.0, 2.0))
                reply = self.again_if_dropped(functools.partial(kernel.click, board, intent))
                self.latencies.append(reply.seconds * 1000)
                self.ignored += reply.updates == 0
                self.score_clicks += intent["intent"] == "score"
                if time.monotonic() >= self.stop_at[0]:
                    return


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the class plays")
    parser.add_argument("--events", action="store_true",
                        help="the class service under a class's events (no hub)")
    parser.add_argument("--hostile", action="store_true",
                        help="with --events: one hostile learner in each way of issue 29")
    parser.add_argument("--serve", nargs=2, metavar=("FOLDER", "PORT"), help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.serve:
        serve(Path(arguments.serve[0]), int(arguments.serve[1]))
        return
    if arguments.events:
        class_hour(arguments.learners, hostile=arguments.hostile)
        return
    if os.geteuid() != 0:
        sys.exit("Run as root: the learners' servers start with --allow-root.")
    names = [f"learner{i:02d}" for i in range(1, arguments.learners + 1)]
    state = Path(tempfile.mkdtemp(prefix="yacht_edu_class_"))
    shared = state / "shared-cache"
    subprocess.run([sys.executable, "-m", "yacht_edu.solver", "warm", "--rules", "yacht",
                    "--cache", str(shared), "--quiet"], check=True, stdout=subprocess.DEVNULL,
                   env=dict(os.environ, PYTHONPATH=str(ROOT)))
    print(f"{arguments.learners} learners, {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} cores, load average before {os.getloadavg()[0]:.2f}")
    try:
        with Hub(state, [*names, "bare"], isolated=False,
                 environment={"YACHT_EDU_SHARED_CACHE": str(shared)}) as hub:
            hub_up = time.monotonic() - hub.started
            with ThreadPoolExecutor(8) as pool:
                list(pool.map(hub.login, names))
            servers_ready = hub.wait_ready(names)
            learners = [Learner(hub, name, seed, []) for seed, name in enumerate(names)]
            for learner in learners:
                learner.start()
            for learner in learners:
                learner.lesson_done.wait()
            lessons_open = time.monotonic() - hub.started
            failed = [(learner.name, learner.error) for learner in learners if learner.error]
            if failed:
                raise RuntimeError(f"learners failed: {failed[:3]}")
            print(f"class start: hub up {hub_up:.1f} s, every server ready {servers_ready:.1f} s,"
                  f" every lesson run and game shown {lessons_open:.1f} s")
            learners[0].stop_at.append(time.monotonic() + arguments.seconds)
            for learner in learners[1:]:
                learner.stop_at.append(learners[0].stop_at[0])
            for learner in learners:
                learner.join()
            report(hub, learners, names)
    finally:
        shutil.rmtree(state, ignore_errors=True)


def report(hub: Hub, learners: list[Learner], names: list[str]) -> None:
    latencies = [ms for learner in learners for ms in learner.latencies]
    ignored = sum(learner.ignored for learner in learners)
    reconnects = sum(learner.reconnects for learner in learners)
    print(f"boxes scored in the learners' games: {sum(learner.scored for learner in learners)}"
          f" of {sum(learner.score_clicks for learner in learners)} score clicks")
    restarts = sum(learner.restarts for learner in learners)
    print(f"clicks: {len(latencies)} ({ignored} changed nothing, {reconnects} dropped "
          f"connections reopened, {restarts} kernels started again); click to update: "
          f"median {statistics.median(latencies):.0f} ms, p95 {percentile(latencies, 0.95):.0f}"
          f" ms, max {max(latencies):.0f} ms")
    kernels = [rss_kib(pid) / 1024 for name in names for pid in hub.processes(name)]
    servers = [rss_kib(pid) / 1024 for pid in server_pids(set(names)).values()]
    hub.api("POST", "/users/bare/server")
    hub.wait_ready(["bare"])
    bare = hub.kernel("bare")
    bare.check("import sys")
    (bare_pid,) = hub.processes("bare")
    bare_mib = rss_kib(bare_pid) / 1024
    bare.close()
    print(f"memory per learner: kernel RSS median {statistics.median(kernels):.0f} MiB "
          f"(max {max(kernels):.0f}), a kernel with nothing of ours {bare_mib:.0f} MiB; "
          f"single-user server RSS median {statistics.median(servers):.0f} MiB; "
          f"kernel + server ≈ {statistics.median(kernels) + statistics.median(servers):.0f} MiB")
    print(f"load average after {os.getloadavg()[0]:.2f}")


# -- the class service under a class's events (issue 24) ------------------------------------------

TEACHER_TOKEN = "teacher"
PAUSE = (1.0, 3.0)  # seconds between a learner's exercises


def serve(folder: Path, port: int, *, clock: Callable[[], float] | None = None,
          say_ready: bool = False) -> None:
    """The class service as the hub runs it (its open files, a umask that keeps its files the
    teacher's), with a table for the hub's "whose token?"; ``clock``: the service's clock
    (default its own), ``say_ready``: print ``ready`` once it listens."""
    import asyncio
    import logging

    from yacht_edu.classroom.service import (
        Person,
        Service,
        make_app,
        make_server,
        more_files,
        preload,
    )
    from yacht_edu.classroom.store import Store

    async def identify(handler: Any) -> Person | None:
        token = handler.request.headers.get("Authorization", "").removeprefix("token ")
        if token == TEACHER_TOKEN:
            return Person("teacher", groups=frozenset({"teachers"}))
        return Person(token) if token.startswith("learner") else None

    logging.getLogger("tornado.access").setLevel(logging.CRITICAL)  # 4xx are expected here
    logging.getLogger("tornado.general").setLevel(logging.CRITICAL)
    os.umask(0o077)
    more_files()  # as the service does when the hub starts it
    service = Service(Store(folder)) if clock is None else Service(Store(folder), clock=clock)
    preload(service)

    async def run() -> None:
        make_server(make_app(service, identify)).listen(port, "127.0.0.1")
        if say_ready:
            print("ready", flush=True)
        await asyncio.Event().wait()

    asyncio.run(run())


def answers() -> list[tuple[str, object, object]]:
    """Every exercise with a wrong answer and the right one (worked out once, before the
    learners' processes fork)."""
    from yacht_edu.lessons import exercises, lessons

    found = []
    for lesson_number in lessons():
        for task in exercises(lesson_number):
            wrong = (task.misconceptions[0].value() if task.misconceptions
                     else task.wrong_answers()[0])
            found.append((task.id, wrong, task.example()))
    return found


def one_learner(number: int, url: str, tasks: list[tuple[str, object, object]],
                results: Any) -> None:
    """A learner's kernel: every exercise wrong then right, each check timed with and without
    sending; two rolls typed into the group's tally after each exercise."""
    import contextlib
    import warnings

    name = f"learner{number:02d}"
    os.environ.update(YACHT_EDU_CLASS_SERVICE=url, JUPYTERHUB_API_TOKEN=name,
                      YACHT_EDU_STRICT_CHECKS="0")
    from yacht_edu import sender as sending
    from yacht_edu.lessons import check
    from yacht_edu.lessons.feedback import reset_tries
    from yacht_edu.widgets.tally import DieTally

    sending.reset()
    sender = sending.sender()
    assert sender is not None
    sender.noticed = True  # the line a learner reads once: not in the benchmark's output
    pace = random.Random(number)
    tally = DieTally(f"Group {number % 6}", simulations=200)
    timed: dict[str, list[float]] = {"with": [], "without": []}
    differences: list[float] = []
    sent = 0

    @contextlib.contextmanager
    def off() -> Any:
        sending._sender[:] = [None]
        try:
            yield
        finally:
            sending._sender[:] = [sender]

    def once(exercise: str, answer: object, sending_on: bool) -> float:
        started = time.perf_counter()
        if sending_on:
            check(exercise, answer)
        else:
            with off():
                check(exercise, answer)
        return (time.perf_counter() - started) * 1000

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for exercise, wrong, right in tasks:
            for answer in (wrong, right):
                pair = {}
                for sending_on in ((True, False) if pace.random() < 0.5 else (False, True)):
                    if answer is wrong:  # each wrong check is a first wrong try
                        reset_tries(exercise)
                    pair[sending_on] = once(exercise, answer, sending_on)
                    sent += sending_on
                timed["with"].append(pair[True])
                timed["without"].append(pair[False])
                differences.append(pair[True] - pair[False])
            tally.type_faces(f"{pace.randint(1, 6)} {pace.randint(1, 6)}")
            time.sleep(pace.uniform(*PAUSE))
        flushed = sender.flush(300)
    results.put({"name": name, "group": tally.tally.group, "counts": list(tally.tally.counts),
                 "checks": sent, "timed": timed, "differences": differences,
                 "flushed": flushed, "refused": sender.refused, "dropped": sender.dropped})


def few_files() -> None:
    """A systemd service's soft limit of open files (the service raises it to the hard one)."""
    import resource

    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))


def class_hour(learners: int, *, hostile: bool = False) -> None:
    import multiprocessing
    import sqlite3
    import urllib.request

    from tests.hub.classhub import free_port

    folder = Path(tempfile.mkdtemp(prefix="yacht_edu_class_events_"))
    port = free_port()
    url = f"http://127.0.0.1:{port}/services/yacht-class/"
    service = subprocess.Popen([sys.executable, __file__, "--serve", str(folder), str(port)],
                               env=dict(os.environ, PYTHONPATH=str(ROOT)), preexec_fn=few_files)
    print(f"{learners} learners, {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} cores, load average before {os.getloadavg()[0]:.2f}")
    try:
        tasks = answers()  # worked out once; the learners' processes inherit them
        views: list[float] = []
        pages: list[float] = []

        def ask(path: str) -> bytes:
            request = urllib.request.Request(url + path,
                                             headers={"Authorization": f"token {TEACHER_TOKEN}"})
            with urllib.request.urlopen(request, timeout=30) as answer:
                return bytes(answer.read())

        for _ in range(100):
            try:
                ask("api/view")
                break
            except OSError:
                time.sleep(0.1)
        context = multiprocessing.get_context("fork")
        results = context.Queue()
        started = time.monotonic()
        workers = [context.Process(target=one_learner, args=(n, url, tasks, results))
                   for n in range(1, learners + 1)]
        done_sending = context.Event()
        attacked = context.Queue()
        attackers = [context.Process(target=attacker, args=(way, port, done_sending, attacked))
                     for way in (HOSTILE_WAYS if hostile else ())]
        for worker in (*attackers, *workers):
            worker.start()
        done: list[dict[str, Any]] = []
        while len(done) < learners:
            for samples, path in ((views, "api/view?lesson=02"), (pages, "?lesson=02")):
                begun = time.perf_counter()
                ask(path)
                samples.append((time.perf_counter() - begun) * 1000)
            deadline = time.monotonic() + 2
            while time.monotonic() < deadline and len(done) < learners:
                with contextlib_suppress_empty():
                    done.append(results.get(timeout=0.2))
        for worker in workers:
            worker.join()
        seconds = time.monotonic() - started
        done_sending.set()
        sent_by_attackers = [attacked.get(timeout=120) for _ in attackers]
        for worker in attackers:
            worker.join()
        quiet = []  # the whole class's events in, nobody sending: the view's own cost
        for _ in range(20):
            begun = time.perf_counter()
            ask("api/view?lesson=02")
            quiet.append((time.perf_counter() - begun) * 1000)
        report_events(done, folder, seconds, views, pages, tasks, sqlite3)
        for way, answers_to in sorted(sent_by_attackers):
            print(f"hostile learner, {way}: " + ", ".join(
                f"{status or 'no answer'} × {count:,}" for status, count in
                sorted(answers_to.items(), key=lambda item: str(item[0]))))
        print(f"the view once the class has sent everything ({len(quiet)} times): median "
              f"{statistics.median(quiet):.0f} ms, p95 {percentile(quiet, 0.95):.0f} ms")
    finally:
        service.terminate()
        service.wait()
        shutil.rmtree(folder, ignore_errors=True)


#: The ways a hostile learner sends (the module's text).
HOSTILE_WAYS = ("names", "weight", "flood", "connections", "bodies", "records")


def attacker(way: str, port: int, stop: Any, said: Any) -> None:
    """One hostile learner (``learner9N``), sending one way until ``stop``; puts its answers'
    statuses (counted) on ``said``."""
    import http.client
    import socket
    import uuid
    from collections import Counter

    name = f"learner9{HOSTILE_WAYS.index(way)}"
    answers_to: Counter[int] = Counter()
    path = "/services/yacht-class/api/events"

    def made(kind: str = "tally", **fields: Any) -> dict[str, Any]:
        base: dict[str, Any] = {"id": uuid.uuid4().hex, "kind": kind, "time": time.time()}
        if kind == "tally":
            base |= {"tally": uuid.uuid4().hex, "group": "A", "counts": [1] * 6}
        elif kind == "check":
            base |= {"exercise": "02.1", "correct": False, "guess": False, "tries": 1,
                     "misconception": None, "lang": "en"}
        else:
            base |= {"game": uuid.uuid4().hex, "rules": "yacht", "players": [
                {"name": "X", "points": 999_999, "start": None, "luck": None, "loss": None}]}
        return base | fields

    def send(body: bytes) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            connection.request("POST", path, body, {"Authorization": f"token {name}"})
            answers_to[connection.getresponse().status] += 1
        except OSError:
            answers_to[0] += 1
        finally:
            connection.close()

    def bodies() -> Iterator[bytes]:
        number = 0
        while True:
            number += 1
            if way == "names":
                for text in ("\udc80", "\u202e", "\x00"):
                    yield json.dumps(made(group=f"A{text}")).encode()
            elif way == "weight":
                group = "A" if number <= 1001 else f"g{number}"
                yield json.dumps(made(group=group, counts=[1_000_000, 0, 0, 0, 0, 0])).encode()
            elif way == "flood":
                yield json.dumps(made("check")).encode()
            elif way == "bodies":
                yield from (b"[" * 4000, json.dumps(made(time=10**400)).encode(),
                            b'{"a":' * 800, b"x" * 300_000)
            else:
                yield json.dumps(made("check", time=1_577_836_800.0)).encode()
                yield json.dumps(made("game")).encode()

    if way == "connections":
        import resource

        _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        heads = [(f"POST {path} HTTP/1.1\r\nHost: x\r\nAuthorization: token {name}\r\n"
                  "Content-Length: 300\r\n\r\n").encode(),
                 f"POST {path} HTTP/1.1\r\nHost: x\r\n".encode()]
        held: list[socket.socket] = []
        while not stop.is_set():
            held = [s for s in held if not closed(s, answers_to)]
            for number in range(2200 - len(held)):
                with contextlib.suppress(OSError):
                    connection = socket.create_connection(("127.0.0.1", port), timeout=5)
                    connection.sendall(heads[number % 2])
                    held.append(connection)
            time.sleep(1)
        for connection in held:
            connection.close()
    else:
        for body in bodies():
            if stop.is_set():
                break
            send(body)
            if answers_to[429]:  # said to wait: as fast as the service lets it
                time.sleep(0.2)
    said.put((way, dict(answers_to)))


def closed(connection: Any, answers_to: Any) -> bool:
    """Whether the service closed a held connection (its answer's status counted)."""
    connection.setblocking(False)
    try:
        answer = connection.recv(4096)
    except BlockingIOError:
        return False
    except OSError:
        answer = b""
    status = answer.split(b" ", 2)[1] if answer.startswith(b"HTTP/") else b"0"
    answers_to[int(status) if status.isdigit() else 0] += 1
    connection.close()
    return True


def contextlib_suppress_empty() -> Any:
    import contextlib
    import queue

    return contextlib.suppress(queue.Empty)


def report_events(done: list[dict[str, Any]], folder: Path, seconds: float, views: list[float],
                  pages: list[float], tasks: list[Any], sqlite3: Any) -> None:
    with_ms = [ms for learner in done for ms in learner["timed"]["with"]]
    without_ms = [ms for learner in done for ms in learner["timed"]["without"]]
    differences = [ms for learner in done for ms in learner["differences"]]
    database = sqlite3.connect(folder / "class.sqlite")
    stored = dict(database.execute(
        "SELECT learner, COUNT(*) FROM events WHERE kind = 'check' GROUP BY learner").fetchall())
    ids = database.execute("SELECT COUNT(*), COUNT(DISTINCT id) FROM events").fetchone()
    latest = {}
    for learner, body in database.execute(
            "SELECT learner, body FROM events WHERE kind = 'tally' ORDER BY seq"):
        latest[learner] = json.loads(body)["counts"]
    lost = sum(learner["checks"] - stored.get(learner["name"], 0) for learner in done)
    tallies_right = sum(latest.get(learner["name"]) == learner["counts"] for learner in done)
    print(f"{len(done)} learners, {len(tasks)} exercises each, in {seconds:.0f} s: "
          f"{sum(learner['checks'] for learner in done)} checks sent, "
          f"{sum(stored.get(learner['name'], 0) for learner in done)} stored ({lost} lost); "
          f"events stored (hostile learners' too) {ids[0]}, distinct ids "
          f"{ids[1]}; tallies whose latest counts arrived: {tallies_right} of {len(done)}; "
          f"refused {sum(learner['refused'] for learner in done)}, dropped "
          f"{sum(learner['dropped'] for learner in done)}, every queue emptied: "
          f"{all(learner['flushed'] for learner in done)}")
    print(f"check(): p95 with sending {percentile(with_ms, 0.95):.1f} ms, without "
          f"{percentile(without_ms, 0.95):.1f} ms (medians {statistics.median(with_ms):.1f} / "
          f"{statistics.median(without_ms):.1f} ms); the difference of each pair: median "
          f"{statistics.median(differences):+.2f} ms, p5 {percentile(differences, 0.05):+.1f} ms,"
          f" p95 {percentile(differences, 0.95):+.1f} ms")
    print(f"teacher's view refreshed while the class sends ({len(views)} times): JSON median "
          f"{statistics.median(views):.0f} ms, p95 {percentile(views, 0.95):.0f} ms; the page "
          f"median {statistics.median(pages):.0f} ms, p95 {percentile(pages, 0.95):.0f} ms")
    print(f"load average after {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
