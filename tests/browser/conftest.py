"""A real Jupyter server and a headless Chromium for the browser tests, shared by the session.

The server is JupyterLab's; it also serves Jupyter Notebook 7, so a test opens its notebook in
either application (the ``app`` fixture: ``"lab"`` unless a test asks for ``"notebook"``).
Debian's Chromium (``/usr/bin/chromium``) is driven by Playwright.  Without it the browser tests
are skipped, except under CI (env var ``CI`` set), where a missing browser fails the run.
Screenshots of each test's final page go to ``test-artifacts/`` at the repository root.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import nbformat
import pytest

CHROMIUM = Path(os.environ.get("YACHT_EDU_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
]
TOKEN = "yacht-edu-browser-tests"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
LESSONS = Path(__file__).resolve().parents[2] / "notebooks"
WAIT_MS = 30_000

try:
    import playwright.sync_api  # noqa: F401
except ImportError:  # a developer without the test extra: nothing to collect here
    if not os.environ.get("CI"):  # under CI the tests' own import fails the run
        collect_ignore_glob = ["test_*.py"]


def missing(reason: str) -> None:
    """Skip on a developer's machine; fail under CI, where the browser must be there."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set, so the browser tests must run)")
    pytest.skip(reason)


@dataclass
class Lab:
    url: str
    root: Path
    runtime: Path

    def kernel_of(self, notebook: str) -> Path:
        """The connection file of the kernel running ``notebook``."""
        with urllib.request.urlopen(f"{self.url}/api/sessions?token={TOKEN}") as answer:
            sessions = json.load(answer)
        (kernel,) = (s["kernel"]["id"] for s in sessions if s["path"] == notebook)
        return self.runtime / f"kernel-{kernel}.json"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def quiet_settings(folder: Path) -> None:
    """No "get notified about Jupyter news?" toast over the notebook."""
    settings = folder / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """A JupyterLab server on a free port, serving a temporary folder."""
    with jupyter_server(tmp_path_factory.mktemp("lab"), "lab") as server:
        yield server


@contextmanager
def jupyter_server(base: Path, app: str) -> Iterator[Lab]:
    """JupyterLab (``app="lab"``) or Notebook 7 (``"notebook"``) on a free port, serving
    ``base/root``, with its settings, runtime and workspaces under ``base``."""
    if not CHROMIUM.exists():
        missing(f"no Chromium at {CHROMIUM}")
    root = base / "root"
    root.mkdir()
    quiet_settings(base / "settings")
    port = free_port()
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(base / "config"),
               JUPYTER_RUNTIME_DIR=str(base / "runtime"))
    settings = "LabApp" if app == "lab" else "JupyterNotebookApp"
    start = ([sys.executable, "-m", "jupyterlab"] if app == "lab"
             else [str(Path(sys.executable).parent / "jupyter"), app])
    command = [*start, "--no-browser", "--allow-root", "--ip=127.0.0.1", f"--port={port}",
               f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={root}",
               f"--{settings}.user_settings_dir={base / 'settings'}",
               f"--{settings}.workspaces_dir={base / 'workspaces'}"]
    url = f"http://127.0.0.1:{port}"
    with served(command, base / "server.log", f"Jupyter {app}", env=env,
                ready=lambda: urllib.request.urlopen(f"{url}/api/status?token={TOKEN}",
                                                     timeout=2),
                stop=lambda server: stop_server(url, server)):
        yield Lab(url, root, base / "runtime")


@contextmanager
def served(command: list[str], log_path: Path, what: str, *, ready: Callable[[], object],
           env: dict[str, str] | None = None,
           stop: Callable[[subprocess.Popen[bytes]], None] | None = None,
           ) -> Iterator[subprocess.Popen[bytes]]:
    """A server started with ``command`` (its output in ``log_path``), once ``ready()`` stops
    raising ``OSError`` (within a minute); stopped by ``stop`` or SIGTERM at the end.  The test
    fails with the server's log if it ends or does not answer."""
    with log_path.open("w") as log:
        server = subprocess.Popen(command, env=env or dict(os.environ), stdout=log,
                                  stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    ready()
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        server.kill()
                        pytest.fail(f"{what} did not start:\n" + log_path.read_text())
                    time.sleep(0.2)
            yield server
        finally:
            if stop is not None:
                stop(server)
            else:
                server.terminate()
                server.wait(timeout=20)


def stop_server(url: str, server: subprocess.Popen[bytes]) -> None:
    try:  # a clean shutdown stops the kernels too
        request = urllib.request.Request(f"{url}/api/shutdown?token={TOKEN}", method="POST")
        urllib.request.urlopen(request, timeout=10)
        server.wait(timeout=20)
    except Exception:
        server.kill()
        server.wait()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium, driven by Playwright."""
    if not CHROMIUM.exists():
        missing(f"no Chromium at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


#: axe-core, the accessibility checker the browser tests run on the board (from the npm
#: registry, installed once into tests/browser/.axe, which git ignores).
AXE_VERSION = "4.14.1"
AXE_DIR = Path(__file__).resolve().parent / ".axe"


@pytest.fixture(scope="session")
def axe_script() -> str:
    """The source of axe-core's browser script, installed with npm on first use."""
    script = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            missing("no npm to install axe-core from the npm registry (apt-get install npm)")
        subprocess.run([str(npm), "install", "--prefix", str(AXE_DIR), "--no-save", "--no-audit",
                        "--no-fund", "--silent", f"axe-core@{AXE_VERSION}"],
                       check=True, timeout=600)
    return script.read_text(encoding="utf-8")


@pytest.fixture
def artifacts() -> Path:
    """Where screenshots and measured figures are kept (``test-artifacts/``, gitignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


APPS = ("lab", "notebook")


@pytest.fixture
def app(request: pytest.FixtureRequest) -> str:
    """The application a notebook opens in: ``"lab"`` (JupyterLab 4) or ``"notebook"`` (Notebook
    7); parametrize with ``indirect=True`` to choose."""
    chosen = getattr(request, "param", "lab")
    assert chosen in APPS
    return str(chosen)


@pytest.fixture
def screen(request: pytest.FixtureRequest) -> dict[str, Any]:
    """The browser window: a school laptop's 1366 x 768 unless a test asks for another
    (``indirect=True``), such as a touch screen (``"has_touch": True``) or a learner who asks
    for less motion (``"reduced_motion": "reduce"``)."""
    return {"width": 1366, "height": 768, **getattr(request, "param", {})}


@pytest.fixture
def page(browser: Any, screen: dict[str, Any], request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh browser page; its final state is kept as a screenshot in ``test-artifacts/``."""
    from playwright.sync_api import expect

    size = {"width": screen["width"], "height": screen["height"]}
    context = browser.new_context(viewport=size, has_touch=screen.get("has_touch", False),
                                  reduced_motion=screen.get("reduced_motion", "no-preference"))
    tab = context.new_page()
    tab.set_default_timeout(WAIT_MS)
    expect.set_options(timeout=WAIT_MS)
    yield tab
    ARTIFACTS.mkdir(exist_ok=True)
    name = re.sub(r"[^\w.-]+", "_", request.node.name)
    game = tab.locator(".jp-OutputArea-output .yacht-game")
    if game.count() == 1:  # the final page, scrolled to the game
        game.scroll_into_view_if_needed()
        game.screenshot(path=str(ARTIFACTS / f"{name}-game.png"))
    tab.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    context.close()


class Notebook:
    """A notebook open in the lab, with a second client on its kernel to look at the model.

    The second client's requests queue on the kernel's shell channel behind the widget clicks
    that reached it first, so an answer reflects every click the kernel has received.
    """

    def __init__(self, page: Any, connection_file: Path) -> None:
        from jupyter_client.blocking.client import BlockingKernelClient

        self.page = page
        self.client = BlockingKernelClient()
        self.client.load_connection_file(str(connection_file))
        self.client.start_channels()

    def run(self, code: str) -> str:
        """Run ``code`` in the notebook's kernel; returns what it printed."""
        printed: list[str] = []

        def collect(message: dict[str, Any]) -> None:
            if message["msg_type"] == "stream":
                printed.append(message["content"]["text"])
            elif message["msg_type"] == "error":
                printed.append("\n".join(message["content"]["traceback"]))

        reply = self.client.execute_interactive(code, store_history=False, timeout=WAIT_MS / 1000,
                                                output_hook=collect)
        assert reply["content"]["status"] == "ok", "".join(printed)
        return "".join(printed)

    def ask(self, expression: str) -> Any:
        """The value of a Python expression in the kernel, sent back as JSON."""
        return json.loads(self.run(f"import json as _json; print(_json.dumps({expression}))"))

    def widget(self, selector: str) -> Any:
        """Widgets shown in an output, by CSS class (never by layout)."""
        return self.page.locator(f".jp-OutputArea-output {selector}")

    def close(self) -> None:
        self.client.stop_channels()


class OpenNotebook(Protocol):
    """The ``notebook`` fixture: ``notebook(name, source)`` or ``notebook(name)``."""

    def __call__(self, name: str, source: str | None = None) -> Notebook: ...


def wait_for_idle_kernel(lab: Lab, notebook: str) -> None:
    """Until the notebook's kernel has started and is idle (asked of the server, so that it
    works the same in JupyterLab and in Notebook 7)."""
    deadline = time.monotonic() + 4 * WAIT_MS / 1000
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{lab.url}/api/sessions?token={TOKEN}") as answer:
            states = [s["kernel"]["execution_state"] for s in json.load(answer)
                      if s["path"] == notebook]
        if states == ["idle"]:
            return
        time.sleep(0.2)
    pytest.fail(f"the kernel of {notebook} did not become idle")


@pytest.fixture
def notebook(lab: Lab, page: Any, app: str) -> Iterator[OpenNotebook]:
    """``notebook(name, source)``: write a one-cell notebook, open it in ``app`` and run all of
    it; ``notebook(name)``: the same with the lesson ``notebooks/<name>``."""
    from playwright.sync_api import expect

    opened: list[Notebook] = []

    def open_notebook(name: str, source: str | None = None) -> Notebook:
        """Open ``source`` as a one-cell notebook, or with no source the lesson ``name``."""
        if source is None:
            book = nbformat.read(LESSONS / name, as_version=4)
        else:
            book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
            book.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                           "language": "python"}
        nbformat.write(book, lab.root / name)
        code_cells = sum(1 for cell in book.cells if cell.cell_type == "code")
        if app == "lab":
            page.goto(f"{lab.url}/lab/tree/{name}?token={TOKEN}&reset")
            expect(page.locator("#jp-main-statusbar")).to_contain_text("| Idle")
        else:
            page.goto(f"{lab.url}/notebooks/{name}?token={TOKEN}")
        expect(page.locator(".jp-Notebook .jp-CodeCell").first).to_be_visible(
            timeout=4 * WAIT_MS)
        wait_for_idle_kernel(lab, name)
        page.locator(".lm-MenuBar-item", has_text="Run").click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        expect(page.locator(".jp-CodeCell .jp-InputPrompt")).to_have_text(
            [re.compile(r"\[\d+\]:")] * code_cells, timeout=4 * WAIT_MS)
        opened.append(Notebook(page, lab.kernel_of(name)))
        return opened[-1]

    yield open_notebook
    for book in opened:
        book.close()
