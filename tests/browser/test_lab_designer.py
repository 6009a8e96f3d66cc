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
    expect(comparison.locator("th").nth(1)).to_have_text("Base: Yacht")
    expect(comparison.locator("th").nth(2)).to_have_text("Your variant: Yacht")  # no change yet
    # every label whole (none cut to "Rolls per tu…"), no empty message bar, no points box
    # while no box has a fixed score, a check box per box to remove (no Ctrl-click)
    labels = nb.widget(".yacht-designer .widget-label")
    expect(labels.first).to_be_visible()
    cut = labels.evaluate_all("els => els.filter(e => e.offsetParent && "
                              "e.scrollWidth > e.clientWidth).map(e => e.textContent)")
    assert cut == []
    expect(nb.widget(".yacht-designer .yacht-message")).to_be_hidden()
    expect(nb.widget(".yacht-designer-points")).to_be_hidden()
    expect(nb.widget(".yacht-designer-remove input[type=checkbox]")).to_have_count(12)
    expect(nb.widget(".yacht-designer select").first).to_contain_text(
        "Yacht (four of a kind scores all five dice)")
    handle = nb.widget(".yacht-designer-rolls .noUi-handle")
    handle.focus()
    handle.press("ArrowRight")  # 3 -> 4 rolls
    expect(comparison.locator("th").nth(2)).to_have_text("Your variant: Yacht, 4 rolls")
    expect(comparison).to_contain_text("202.3 (+35.3)")  # the expected score moved
    assert nb.ask("designer.rules.rolls") == 4
    nb.widget(".yacht-play-variant").click()
    board = nb.widget(".yacht-designer .yacht-game")
    expect(board.locator(".yacht-roll .yacht-roll-left")).to_have_text("4 rolls left")
    board.locator(".yacht-roll").click()
    expect(board.locator(".yacht-roll .yacht-roll-left")).to_have_text("3 rolls left")
    assert nb.ask("[designer.board.game.rules.rolls, designer.board.game.rolls_left]") == [4, 3]
