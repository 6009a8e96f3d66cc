"""The rule designer in a real JupyterLab: change the rolls with the keyboard, see the comparison
follow, and play the variant on a board whose roll button counts four rolls."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_the_designer_compares_and_plays_a_four_roll_variant(notebook: Any) -> None:
    nb = notebook("designer.ipynb",
                  "from yacht_edu.widgets import RuleDesigner\n"
                  "designer = RuleDesigner(lang='en')\ndesigner")
    comparison = nb.widget(".yacht-designer-comparison")
    expect(comparison).to_contain_text("Expected score (optimal play)")
    expect(comparison.locator("th").nth(2)).to_have_text("Yacht")  # no change yet
    handle = nb.widget(".yacht-designer-rolls .noUi-handle")
    handle.focus()
    handle.press("ArrowRight")  # 3 -> 4 rolls
    expect(comparison.locator("th").nth(2)).to_have_text("Yacht, 4 rolls")
    expect(comparison).to_contain_text("202.3 (+35.3)")  # the expected score moved
    assert nb.ask("designer.rules.rolls") == 4
    nb.widget(".yacht-play-variant").click()
    board = nb.widget(".yacht-designer .yacht-game")
    expect(board.locator(".yacht-roll .yacht-roll-left")).to_have_text("4 rolls left")
    board.locator(".yacht-roll").click()
    expect(board.locator(".yacht-roll .yacht-roll-left")).to_have_text("3 rolls left")
    assert nb.ask("[designer.board.game.rules.rolls, designer.board.game.rolls_left]") == [4, 3]
