"""The board in marimo: ``marimo run tests/marimo_board.py`` as the README says, a turn played and
both panels ticked, in headless Chromium at 1366 x 768.

marimo shows an anywidget as one of its own UI elements (its formatter wraps it in
``mo.ui.anywidget``), inside a shadow root that Playwright's CSS locators pierce.
"""

from __future__ import annotations

import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import WAIT_MS, free_port, missing, served
from tests.browser.playing import roll_and_hold, score

pytestmark = pytest.mark.browser

APP = Path(__file__).resolve().parents[1] / "marimo_board.py"
ON = "true"


@pytest.fixture(scope="module")
def marimo_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``marimo run`` serving the board's app, on a free port; its address."""
    if not (Path(sys.executable).parent / "marimo").exists():
        missing("marimo is not installed (pip install -e '.[test]')")
    port = free_port()
    log_path = tmp_path_factory.mktemp("marimo") / "server.log"
    command = [str(Path(sys.executable).parent / "marimo"), "run", str(APP), "--headless",
               "--host=127.0.0.1", f"--port={port}", "--no-token", "--no-sandbox"]
    url = f"http://127.0.0.1:{port}"
    with served(command, log_path, "marimo",
                ready=lambda: urllib.request.urlopen(f"{url}/health", timeout=2)):
        yield url


@pytest.mark.parametrize("screen", [{"width": 1366, "height": 768}], indirect=True)
def test_a_turn_and_both_panels_in_a_marimo_app(marimo_app: str, page: Any,
                                                artifacts: Path) -> None:
    page.goto(marimo_app)

    def find(css: str) -> Any:
        return page.locator(f".yacht-game {css}")

    expect(find(".yacht-die")).to_have_count(5, timeout=4 * WAIT_MS)
    game = roll_and_hold(find, ("Asha", "Ravi"), seed=2026)

    chances, coach = find(".yacht-chances-switch"), find(".yacht-coach-switch")
    chances.click()
    expect(chances).to_have_attribute("aria-checked", ON)
    expect(find(".yacht-chances table")).to_be_visible()
    expect(find(".yacht-chances")).to_contain_text("1 roll left")
    coach.click()
    expect(coach).to_have_attribute("aria-checked", ON)
    expect(find(".yacht-coach-sentence")).to_contain_text("Best:")
    page.screenshot(path=str(artifacts / "marimo-board.png"))

    score(find, game)
    expect(find(".yacht-chances h3")).to_contain_text("Chance for Ravi")  # it follows the turn
