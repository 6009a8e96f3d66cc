"""The die tally in a real JupyterLab in headless Chromium: a class clicks faces, types a
sequence, edits a count, and saves the tally; the page and the saved CSV show the counts."""

from __future__ import annotations

import re
from typing import Any

import nbformat
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import TOKEN, Lab

pytestmark = pytest.mark.browser


def open_tally(lab: Lab, page: Any) -> Any:
    """Write and run a one-cell notebook showing a tally; the tally's locator."""
    book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        'import yacht_edu as ye\nye.tally("Group A")')])
    book.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                   "language": "python"}
    nbformat.write(book, lab.root / "tally.ipynb")
    page.goto(f"{lab.url}/lab/tree/tally.ipynb?token={TOKEN}&reset")
    expect(page.locator("#jp-main-statusbar")).to_contain_text("| Idle")
    page.locator(".lm-MenuBar-item", has_text="Run").click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    expect(page.locator(".jp-CodeCell .jp-InputPrompt")).to_have_text([re.compile(r"\[\d+\]:")])
    tally = page.locator(".jp-OutputArea-output .yacht-tally")
    expect(tally).to_be_visible()
    return tally


def counts(tally: Any) -> list[str]:
    return [tally.locator(".yacht-tally-count").nth(i).input_value() for i in range(6)]


def test_a_class_enters_rolls_and_saves_them(lab: Lab, page: Any) -> None:
    tally = open_tally(lab, page)
    expect(tally.locator(".yacht-tally-group")).to_have_text("Group: Group A")  # on the widget
    expect(tally.locator(".yacht-tally-result")).to_contain_text("No rolls yet")
    six = tally.get_by_role("button", name="Face 6", exact=True)
    for _ in range(3):
        six.click()
    tally.get_by_role("button", name="Face 1", exact=True).click()
    expect(tally.locator(".yacht-tally-total")).to_have_text("4 rolls in all")
    tally.locator(".yacht-tally-input").fill("2 2 5")
    tally.locator(".yacht-tally-input").press("Enter")
    expect(tally.locator(".yacht-tally-total")).to_have_text("7 rolls in all")
    assert counts(tally) == ["1", "2", "0", "0", "1", "3"]
    expect(tally.locator(".yacht-tally-fair").first).to_have_text("1.2")  # 7/6
    expect(tally.locator(".yacht-tally-result")).to_contain_text("Too few rolls")

    four = tally.locator(".yacht-tally-count").nth(3)
    four.fill("23")
    four.press("Enter")
    four.blur()
    expect(tally.locator(".yacht-tally-total")).to_have_text("30 rolls in all")
    expect(tally.locator(".yacht-tally-result")).to_contain_text("chi-square")
    expect(tally.locator(".yacht-tally-result")).not_to_contain_text("Too few rolls")
    expect(tally.locator(".yacht-tally-result")).to_contain_text("In words: a fair die")

    tally.locator(".yacht-tally-input").fill("9")
    tally.locator(".yacht-tally-add").click()
    expect(tally.locator(".yacht-tally-message")).to_contain_text("9")
    expect(tally.locator(".yacht-tally-total")).to_have_text("30 rolls in all")

    tally.locator(".yacht-tally-save").click()
    expect(tally.locator(".yacht-tally-message")).to_contain_text("tally.csv")
    saved = (lab.root / "tally.csv").read_text()
    assert saved == "group,1,2,3,4,5,6\nGroup A,1,2,0,23,1,3\n"
