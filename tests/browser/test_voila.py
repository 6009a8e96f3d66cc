"""Lesson 1 served by Voilà as the README says (``voila notebooks/01_playing_yacht.ipynb``): the
page shows the lesson without its code, every check "not answered yet", and a learner plays a
turn on its board, in headless Chromium at 1366 x 768.
"""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import LESSONS, WAIT_MS, free_port, missing, served
from tests.browser.playing import roll_and_hold, score

pytestmark = pytest.mark.browser

LESSON = LESSONS / "01_playing_yacht.ipynb"


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``voila`` serving lesson 1, on a free port; its address."""
    if not (Path(sys.executable).parent / "voila").exists():
        missing("Voilà is not installed (pip install -e '.[test]')")
    base = tmp_path_factory.mktemp("voila")
    port = free_port()
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(base / "config"),
               JUPYTER_RUNTIME_DIR=str(base / "runtime"))
    command = [str(Path(sys.executable).parent / "voila"), str(LESSON), "--no-browser",
               f"--port={port}", "--Voila.ip=127.0.0.1"]
    # Until Voilà listens (a page request would run the lesson: only the socket is tried);
    # Voilà shuts its kernels down on SIGTERM.
    with served(command, base / "server.log", "Voilà", env=env,
                ready=lambda: socket.create_connection(("127.0.0.1", port), timeout=2).close()):
        yield f"http://127.0.0.1:{port}"


@pytest.mark.parametrize("screen", [{"width": 1366, "height": 768}], indirect=True)
def test_lesson_1_in_voila_and_a_turn_on_its_board(voila: str, page: Any,
                                                   artifacts: Path) -> None:
    page.goto(voila, timeout=4 * WAIT_MS)

    def find(css: str) -> Any:
        return page.locator(f".jp-OutputArea-output .yacht-game {css}")

    expect(find(".yacht-die")).to_have_count(5, timeout=4 * WAIT_MS)
    expect(page.get_by_role("heading", name="Lesson 1 — Playing Yacht")).to_be_visible()
    expect(page.locator(".jp-InputArea-editor")).to_have_count(0)  # the page shows no code
    expect(page.locator(".yacht-feedback-blank")).not_to_have_count(0)
    expect(page.locator(".yacht-feedback-wrong")).to_have_count(0)
    stderr = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
    expect(page.locator(stderr)).to_have_count(0)

    find(".yacht-roll").scroll_into_view_if_needed()
    game = roll_and_hold(find, ("You",), seed=2026)  # the lesson's own board
    score(find, game)
    page.screenshot(path=str(artifacts / "voila-lesson-1.png"))
