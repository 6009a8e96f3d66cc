"""Every language fits the school laptop (issue 32): at 1366 x 768 with JupyterLab's file browser
open, the Hindi, Bengali, Kannada and Urdu boards — Yacht and Yahtzee, two and four players — put
Coach and My chances beside the scorecard, their headings on the screen, and the coach's progress
bar on the screen while it works out its first answer.  Measured as bounding boxes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import OpenNotebook
from tests.browser.test_board_class import Box, where

LAPTOP = {"width": 1366, "height": 768}
pytestmark = [pytest.mark.browser, pytest.mark.parametrize("screen", [LAPTOP], indirect=True)]

PLAYERS = ("Asha", "Ravi", "Meera", "Kiran")
GAMES = [("yahtzee", 2), ("yahtzee", 4), ("yacht", 2), ("yacht", 4)]
SOLVED_WITHIN_S = 240  # a first Yahtzee solve on a loaded two-core machine, with room to spare


def on_screen(part: Box) -> bool:
    """The top of ``part`` (its first line, 24 px) is inside the window."""
    return part["y"] >= 0 and part["y"] + 24 <= LAPTOP["height"] and (
        part["x"] >= 0 and part["x"] + part["width"] <= LAPTOP["width"])


def side_by_side(card: Box, side: Box) -> bool:
    apart = side["x"] >= card["x"] + card["width"] or side["x"] + side["width"] <= card["x"]
    return apart and side["y"] < card["y"] + card["height"]


def fits(nb: Any) -> dict[str, Any]:
    """What a learner sees of the board on the screen: the panels beside the card, the
    headings of both on the screen, nothing wider than the output."""
    card, side = where(nb, ".yacht-scorecard"), where(nb, ".yacht-side")
    overflow = nb.widget(".yacht-game").evaluate(
        "el => el.closest('.jp-OutputArea-output').scrollWidth - "
        "el.closest('.jp-OutputArea-output').clientWidth")
    return {"beside": side_by_side(card, side),
            "coach on screen": on_screen(where(nb, ".yacht-coach-panel h3")),
            "chances on screen": on_screen(where(nb, ".yacht-chances h3")),
            "overflow": overflow, "card": card, "side": side}


def file_browser_open(nb: Any) -> None:
    browser = nb.page.locator(".jp-FileBrowser")
    expect(browser).to_be_visible()
    box = browser.bounding_box()
    assert box is not None and box["width"] > 200


def game_of(rules: str, players: int) -> str:
    return f"Game({PLAYERS[:players]!r}, {rules!r}, seed=3)"


@pytest.mark.parametrize("lang", ["hi", "bn", "kn", "ur"])
def test_every_language_puts_coach_and_chances_beside_the_card_with_the_files_open(
        notebook: OpenNotebook, lang: str, artifacts: Path) -> None:
    cold = lang == "kn"  # the review's board: its first Yahtzee coach shows its progress
    nb = notebook(f"laptop-{lang}.ipynb", (
        "import os, tempfile\nos.environ['YACHT_EDU_CACHE'] = tempfile.mkdtemp()\n"
        if cold else "") + "from yacht_edu import Game, play\n"
        f"view = play(game={game_of('yahtzee', 2)}, lang={lang!r}, chances=True, "
        f"coach={not cold})\nview")
    file_browser_open(nb)
    if cold:  # ticked by the learner: the coach works out Yahtzee, its progress on the screen
        nb.widget(".yacht-coach-switch").click()
        progress = nb.widget(".yacht-coach-panel .yacht-progress")
        expect(progress).to_be_visible(timeout=5_000)
        assert on_screen(where(nb, ".yacht-coach-panel .yacht-progress"))
        nb.page.screenshot(path=str(artifacts / f"laptop-{lang}-coach-working.png"))
    for rules, players in GAMES:
        if (rules, players) != GAMES[0]:
            nb.client.execute(f"view.referee.new_game({game_of(rules, players)})")
            expect(nb.widget(".yacht-scorecard thead th")).to_have_count(players + 1)
        expect(nb.widget(".yacht-coach-sentence")).to_be_visible(
            timeout=SOLVED_WITHIN_S * 1000)
        seen = fits(nb)
        name = f"laptop-{lang}-{rules}-{players}"
        nb.page.screenshot(path=str(artifacts / f"{name}.png"))
        assert seen["beside"], (name, seen)
        assert seen["coach on screen"] and seen["chances on screen"], (name, seen)
        assert seen["overflow"] <= 0, (name, seen)
