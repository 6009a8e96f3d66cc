"""A real JupyterHub on this machine, for the hub tests and the class benchmark.

JupyterHub from PyPI, ``configurable-http-proxy`` from npm, the dummy authenticator (one class
password) and a local-process spawner: with ``isolated=True`` each learner's server runs as their
own Unix user (root creates the users), otherwise all as the current user with one home folder
each.  Learners log in through the login form; a ``teacher`` service token starts servers and
opens kernels, whose code runs over the kernel's websocket through the proxy.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "class-of-2026"
VENV_BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def proxy_command() -> str | None:
    """The ``configurable-http-proxy`` on PATH (``npm install -g configurable-http-proxy``)."""
    return shutil.which("configurable-http-proxy")


CONFIG = """
import json, os
c = get_config()  # noqa
settings = json.loads(os.environ["CLASSHUB_SETTINGS"])
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = settings["port"]
c.JupyterHub.hub_port = settings["hub_port"]
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = settings["password"]
c.Authenticator.allowed_users = set(settings["learners"]) | set(settings["teachers"])
c.JupyterHub.load_groups = {"teachers": {"users": settings["teachers"]}}
c.JupyterHub.db_url = "sqlite:///" + os.path.join(settings["state"], "hub.sqlite")
c.JupyterHub.cookie_secret_file = os.path.join(settings["state"], "cookie_secret")
c.ConfigurableHTTPProxy.command = [settings["proxy"]]
c.ConfigurableHTTPProxy.pid_file = os.path.join(settings["state"], "proxy.pid")
c.JupyterHub.services = [{"name": "teacher", "api_token": settings["token"]}]
c.JupyterHub.load_roles = [{"name": "teacher", "services": ["teacher"],
                            "scopes": ["admin:users", "admin:servers", "access:servers",
                                       "tokens"]}]
c.Spawner.cmd = [settings["singleuser"]]
c.Spawner.default_url = "/lab"
c.Spawner.environment = settings["environment"]
c.Spawner.start_timeout = 300
c.Spawner.http_timeout = 300
if settings["isolated"]:
    c.JupyterHub.spawner_class = "localprocess"   # each learner's server as their Unix user
else:
    c.JupyterHub.spawner_class = "simple"         # one OS user, one home folder per learner
    c.SimpleLocalProcessSpawner.home_dir_template = os.path.join(settings["homes"], "{username}")
    c.Spawner.args = ["--allow-root"]
exec(settings["extra"])  # e.g. the class service's snippet
"""


class Hub:
    """A running JupyterHub; use as a context manager, or call :meth:`stop`."""

    def __init__(self, state: Path, learners: Iterable[str], *, isolated: bool,
                 environment: dict[str, str] | None = None, teachers: Iterable[str] = (),
                 extra_config: str = "") -> None:
        proxy = proxy_command()
        if proxy is None:
            raise FileNotFoundError("configurable-http-proxy is not on PATH "
                                    "(npm install -g configurable-http-proxy)")
        self.state = state
        self.learners = list(learners)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.token = secrets.token_hex(16)
        (state / "homes").mkdir(parents=True, exist_ok=True)
        settings = {
            "port": self.port, "hub_port": free_port(), "password": PASSWORD,
            "learners": self.learners, "teachers": list(teachers), "extra": extra_config,
            "state": str(state), "proxy": proxy,
            "token": self.token, "isolated": isolated, "homes": str(state / "homes"),
            "singleuser": str(VENV_BIN / "jupyterhub-singleuser"),
            "environment": {"PYTHONPATH": str(ROOT), **(environment or {})},
        }
        (state / "jupyterhub_config.py").write_text(CONFIG)
        env = dict(os.environ, CLASSHUB_SETTINGS=json.dumps(settings))
        env["PATH"] = f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}"
        self.log = (state / "hub.log").open("w")
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(state / "jupyterhub_config.py")],
            cwd=state, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        try:
            self._wait_up()
        except BaseException:
            self.stop()
            raise

    def __enter__(self) -> Hub:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _wait_up(self, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"the hub exited: see {self.state / 'hub.log'}")
            try:
                self.api("GET", "/")
                return
            except (OSError, urllib.error.URLError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def stop(self) -> None:
        """Stop the hub: it stops every learner's server (all at once), then its proxy."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=300)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()

    # -- the teacher's REST API ----------------------------------------------------------------

    def api(self, method: str, path: str, body: object = None, *,
            base: str | None = None) -> Any:
        url = (base or f"{self.url}/hub/api") + path
        request = urllib.request.Request(
            url, method=method, headers={"Authorization": f"token {self.token}"},
            data=None if body is None else json.dumps(body).encode())
        with urllib.request.urlopen(request, timeout=120) as answer:
            text = answer.read()
        return json.loads(text) if text else None

    def ready(self, name: str) -> bool:
        server = self.api("GET", f"/users/{name}")["servers"].get("", {})
        return bool(server.get("ready"))

    def wait_ready(self, names: Iterable[str], timeout: float = 600) -> float:
        """Wait until every named learner's server is ready; the seconds since the hub started."""
        waiting = set(names)
        deadline = time.monotonic() + timeout
        while waiting:
            waiting = {name for name in waiting if not self.ready(name)}
            if waiting and time.monotonic() > deadline:
                raise TimeoutError(f"servers not ready: {sorted(waiting)}")
            if waiting:
                time.sleep(0.5)
        return time.monotonic() - self.started

    def login(self, name: str) -> Learner:
        """Log ``name`` in through the login form, as a learner's browser does (spawns)."""
        learner = Learner(self, name)
        learner.open("/hub/login")
        learner.open("/hub/login?next=" + urllib.parse.quote(f"/hub/spawn/{name}"), {
            "username": name, "password": PASSWORD, "_xsrf": learner.cookie("_xsrf") or ""})
        return learner

    def token_for(self, name: str) -> str:
        """A new API token of user ``name`` (with every permission the user has)."""
        return str(self.api("POST", f"/users/{name}/tokens", {"note": "hub tests"})["token"])

    def kernel(self, name: str) -> Kernel:
        """A new kernel in ``name``'s server, driven through the proxy."""
        model = self.api("POST", "/kernels", {"name": "python3"},
                         base=f"{self.url}/user/{name}/api")
        return Kernel(self, name, model["id"])

    def processes(self, name: str) -> list[int]:
        """Process ids of ``name``'s kernels (read from the server's API and ``/proc``)."""
        kernels = self.api("GET", "/kernels", base=f"{self.url}/user/{name}/api")
        wanted = {kernel["id"] for kernel in kernels}
        return [pid for pid, command in command_lines()
                if "ipykernel" in (text := b" ".join(command).decode(errors="replace"))
                and any(kernel_id in text for kernel_id in wanted)]


def command_lines() -> Iterator[tuple[int, list[bytes]]]:
    """Every process with its command line (the words of ``/proc/<pid>/cmdline``)."""
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                yield int(proc.name), (proc / "cmdline").read_bytes().split(b"\0")
            except OSError:  # it ended meanwhile
                continue


@dataclass
class Learner:
    """A learner's browser: cookies and the pages it opens."""

    hub: Hub
    name: str
    jar: http.cookiejar.CookieJar = field(default_factory=http.cookiejar.CookieJar)

    def open(self, path: str, form: dict[str, str] | None = None) -> tuple[int, str]:
        status, url, _ = self.read(path, form)
        return status, url

    def read(self, path: str, form: dict[str, str] | None = None) -> tuple[int, str, str]:
        """The status, the address after redirects and the page."""
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        data = None if form is None else urllib.parse.urlencode(form).encode()
        try:
            with opener.open(self.hub.url + path, data, timeout=120) as answer:
                return answer.status, answer.geturl(), answer.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            return error.code, error.geturl(), error.read().decode("utf-8", "replace")

    def log_in(self, then: str) -> tuple[int, str, str]:
        """Log in through the login form (no server started) and open ``then``."""
        self.open("/hub/login")
        return self.read("/hub/login?next=" + urllib.parse.quote(then), {
            "username": self.name, "password": PASSWORD, "_xsrf": self.cookie("_xsrf") or ""})

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.jar if c.name == name), None)


@dataclass
class Reply:
    """What one execution printed, whether it failed, and how long it took."""

    output: str
    error: str | None
    seconds: float
    updates: int  # widget messages (comm open/update) the kernel sent


class Kernel:
    """One kernel's websocket: run code, or send a widget a click as the browser does."""

    def __init__(self, hub: Hub, name: str, kernel_id: str) -> None:
        self.hub, self.name, self.id = hub, name, kernel_id
        self.session = uuid.uuid4().hex
        self.connect()

    def connect(self) -> None:
        """Open (or open again, as a browser does after a dropped connection) the websocket."""
        import websocket  # websocket-client, a dependency of jupyter_server

        self.socket = websocket.create_connection(
            f"ws://127.0.0.1:{self.hub.port}/user/{self.name}/api/kernels/{self.id}/channels",
            header=[f"Authorization: token {self.hub.token}"], timeout=300)

    def close(self) -> None:
        self.socket.close()

    def _send(self, channel: str, msg_type: str, content: dict[str, Any]) -> str:
        message_id = uuid.uuid4().hex
        self.socket.send(json.dumps({
            "header": {"msg_id": message_id, "msg_type": msg_type, "username": self.name,
                       "session": self.session, "version": "5.3"},
            "parent_header": {}, "metadata": {}, "channel": channel, "content": content}))
        return message_id

    def _until_idle(self, message_id: str, started: float) -> Reply:
        output, error, updates = [], None, 0
        while True:
            message = json.loads(self.socket.recv())
            if message.get("parent_header", {}).get("msg_id") != message_id:
                continue
            kind, content = message["msg_type"], message["content"]
            if kind == "stream":
                output.append(content["text"])
            elif kind == "execute_result":
                output.append(content["data"].get("text/plain", ""))
            elif kind == "error":
                error = "\n".join([f"{content['ename']}: {content['evalue']}"])
            elif kind in ("comm_open", "comm_msg"):
                updates += 1
            elif kind == "status" and content["execution_state"] == "idle":
                return Reply("".join(output), error, time.perf_counter() - started, updates)

    def run(self, code: str) -> Reply:
        """Execute ``code``; what it printed, its error if any, and the time until idle."""
        started = time.perf_counter()
        message_id = self._send("shell", "execute_request", {
            "code": code, "silent": False, "store_history": False, "user_expressions": {},
            "allow_stdin": False, "stop_on_error": True})
        return self._until_idle(message_id, started)

    def check(self, code: str) -> str:
        """Execute ``code``, fail on an error, and return what it printed."""
        reply = self.run(code)
        if reply.error is not None:
            raise AssertionError(f"{self.name}'s kernel: {reply.error}\n--- code:\n{code}")
        return reply.output

    def click(self, model_id: str, content: dict[str, Any]) -> Reply:
        """The message a browser sends when the learner clicks a widget (a custom message with
        ``content``, e.g. the board's ``{"intent": "roll"}``); until the kernel is idle again,
        having sent the widget's updates."""
        started = time.perf_counter()
        message_id = self._send("shell", "comm_msg", {
            "comm_id": model_id, "data": {"method": "custom", "content": content}})
        return self._until_idle(message_id, started)


#: The two learners of the hub tests: Unix users the tests create and remove.
LEARNERS = ("yacht-test-asha", "yacht-test-ravi")
#: Their teacher, in the hub group ``teachers`` (a hub user only: she starts no server).
TEACHER = "yacht-test-mira"


@dataclass
class Classroom:
    """The hub tests' class: the hub, the shared cache, and each learner's browser and kernel."""

    hub: Hub
    base: Path
    shared: Path
    #: the class service's folder (its database)
    class_data: Path
    learners: dict[str, Learner]
    kernels: dict[str, Kernel]
    lesson_outputs: dict[str, list[str]]

    def home(self, name: str) -> Path:
        return Path(pwd.getpwnam(name).pw_dir)



def lesson(pattern: str = "01_*.ipynb") -> Path:
    """A small lesson, found by name (the lessons' content changes; their numbering stays)."""
    found = sorted((ROOT / "notebooks").glob(pattern)) or sorted(
        (ROOT / "notebooks").glob("*.ipynb"))
    return found[0]


def code_cells(notebook: Path) -> list[str]:
    document = json.loads(notebook.read_text(encoding="utf-8"))
    return ["".join(cell["source"]) for cell in document["cells"]
            if cell["cell_type"] == "code"]


def rss_kib(pid: int) -> int:
    """Resident memory of a process, in KiB (from ``/proc``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0
