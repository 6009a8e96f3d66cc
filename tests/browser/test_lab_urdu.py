"""An Urdu lesson reads right to left in JupyterLab 4 and in Notebook 7, in headless Chromium at a
school laptop's 1366 x 768: its paragraphs, list and table run right to left and sit on the right,
while its formula and its Python stay left to right (the markup of
:func:`tools.translation.right_to_left`, through JupyterLab's sanitizer).

The Urdu learner's edition of lesson 1 is built into the test's folder from the Urdu catalogs (from
made-up ones while Urdu is not translated), its first cell replaced by the test's, in Urdu with a
formula, a list, a table and a code name (no lesson has a table).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import polib
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import TOKEN, Lab
from tests.helpers.editions import built_languages, fake_build
from tools import COURSE_LOCALE

pytestmark = pytest.mark.browser

LESSON = "01_playing_yacht.ipynb"
FIRST_CELL = "text.01.01-00"
URDU = """# سبق 1 — Yacht کھیلنا

اس سبق کے آخر میں آپ یہ کر سکیں گے:

- ہر خانے کے پوائنٹس بتانا، جیسے `ye.score([6, 6, 6, 5, 5], "full_house")` بتاتا ہے؛
- پورا کھیل کھیلنا۔

ایک بار پھینکنے میں yacht کا امکان $p = \\frac{6}{6^5} = \\frac{1}{1296}$ ہے۔

| خانہ | پوائنٹس |
| --- | --- |
| Full House | 28 |
| Yacht | 50 |
"""


def urdu_lesson(folder: Path) -> Path:
    """The Urdu learner's edition of lesson 1, its first cell the test's (no lesson has a table):
    built from the Urdu catalogs when Urdu is translated, else from made-up ones."""
    from tools.build import build_lessons

    folders = fake_build(folder, ["ur"])
    if "ur" in built_languages():
        for catalog in (COURSE_LOCALE / "ur").glob("text_*.po"):
            shutil.copy(catalog, folders.locale / "ur" / catalog.name)
    po = polib.pofile(str(folders.locale / "ur" / "text_01.po"))
    po.find(FIRST_CELL).msgstr = URDU
    po.save()
    assert build_lessons(folders, ["ur"]).errors == []
    return folders.learner / "ur" / LESSON


def open_lesson(lab: Lab, page: Any, app: str, lesson: Path) -> Any:
    """Open the lesson (no need to run it: markdown renders on opening); its first cell."""
    shutil.copy(lesson, lab.root / "urdu.ipynb")
    if app == "lab":
        page.goto(f"{lab.url}/lab/tree/urdu.ipynb?token={TOKEN}&reset")
    else:
        page.goto(f"{lab.url}/notebooks/urdu.ipynb?token={TOKEN}")
    cell = page.locator(".jp-MarkdownCell .jp-RenderedMarkdown").first
    expect(cell.locator('div[dir="rtl"][lang="ur"]')).to_be_visible()
    expect(cell.locator("mjx-container").first).to_be_visible()  # MathJax has set the formula
    return cell


LAYOUT = """(cell) => {
    const box = cell.querySelector('div[dir="rtl"]');
    const inner = box.getBoundingClientRect();
    const style = (node) => getComputedStyle(node);
    const text = (node) => {  // where a node's words are drawn
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = [...range.getClientRects()];
        return {left: Math.min(...rects.map(r => r.left)),
                right: Math.max(...rects.map(r => r.right))};
    };
    const paragraph = [...box.querySelectorAll("p")].find(p => p.querySelector("mjx-container"));
    const item = [...box.querySelectorAll("li")].at(-1);  // a short item
    const table = box.querySelector("table");
    const heads = [...table.querySelectorAll("th")].map(th => th.getBoundingClientRect());
    const math = box.querySelector("mjx-container");
    const code = box.querySelector("code");
    return {
        box: {left: inner.left, right: inner.right, direction: style(box).direction},
        paragraph: {direction: style(paragraph).direction, align: style(paragraph).textAlign,
                    ...text(paragraph)},
        list: {direction: style(item).direction, ...text(item)},
        table: {direction: style(table).direction, first: heads[0].left, second: heads[1].left,
                right: table.getBoundingClientRect().right},
        math: {direction: style(math).direction},
        code: {direction: style(code).direction, text: code.textContent},
    };
}"""


@pytest.mark.parametrize("screen", [{"width": 1366, "height": 768}], indirect=True,
                         ids=["laptop"])
@pytest.mark.parametrize("app", ["lab", "notebook"], indirect=True)
def test_an_urdu_lesson_reads_right_to_left(lab: Lab, page: Any, app: str, screen: Any,
                                            tmp_path: Path, artifacts: Path) -> None:
    cell = open_lesson(lab, page, app, urdu_lesson(tmp_path))
    layout = cell.evaluate(LAYOUT)
    middle = (layout["box"]["left"] + layout["box"]["right"]) / 2
    assert layout["box"]["direction"] == "rtl"
    # the paragraph and the list item run right to left and end on the right
    assert layout["paragraph"]["direction"] == "rtl"
    assert layout["paragraph"]["align"] in ("start", "right")
    assert layout["paragraph"]["right"] > layout["box"]["right"] - 30
    assert layout["paragraph"]["left"] > middle, "a short Urdu line starts at the right"
    assert layout["list"]["direction"] == "rtl" and layout["list"]["left"] > middle
    assert layout["list"]["right"] > layout["box"]["right"] - 60  # the bullets' indent
    # the table runs right to left: its first column is on the right
    assert layout["table"]["direction"] == "rtl"
    assert layout["table"]["first"] > layout["table"]["second"]
    # the formula and the code stay left to right
    assert layout["math"]["direction"] == "ltr"
    assert layout["code"]["direction"] == "ltr"
    assert layout["code"]["text"].startswith("ye.score(")
    cell.screenshot(path=str(artifacts / f"urdu-lesson-{app}-cell.png"))
