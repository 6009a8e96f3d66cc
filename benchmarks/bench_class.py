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
"""

from __future__ import annotations

import argparse
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
from collections.abc import Callable
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
    arguments = parser.parse_args()
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


if __name__ == "__main__":
    main()
