"""Urdu messages in order, read off the screen (issue 32): in headless Chromium, each message is
shown as the learner or the teacher sees it — check()'s feedback, the teacher's page, the luck
summary, every Urdu message with a dice pattern, code or a formula — and the place of each
character of ``2-3-4-5-6``, ``("choice", 15)`` or ``+31.6`` is measured: it reads left to right,
inside sentences that read right to left.  The same words with the isolation marks taken out
come out of order, so the test can tell.
"""

from __future__ import annotations

import itertools
import re
import time
from typing import Any

import pytest

from tools.catalogs import placeholders
from yacht_edu.classroom.store import StoredEvent
from yacht_edu.classroom.view import view_of
from yacht_edu.display.classview import class_view_html
from yacht_edu.display.luck import luck_html
from yacht_edu.i18n import BIDI_CONTROLS, catalog, plural_catalog, t
from yacht_edu.lessons.feedback import check, reset_tries
from yacht_edu.luck import LuckAndSkill
from yacht_edu.rules import get_rules

pytestmark = pytest.mark.browser

PAGE = """<!doctype html><html lang="ur" dir="rtl"><head><meta charset="utf-8">
<style>body {{ font: 16px "Noto Naskh Arabic", sans-serif; }}
p {{ white-space: nowrap; }}</style></head><body>{body}</body></html>"""

#: Where each character of ``target`` is drawn, left to right: the middle of its box, for each
#: time ``target`` appears in the page's text (direction marks are not characters on screen).
PLACES = r"""([target]) => {
  const marks = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const chars = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest("style, script")) continue;
    for (let i = 0; i < node.data.length; i++) {
      if (!marks.test(node.data[i])) chars.push([node, i, node.data[i]]);
    }
  }
  const text = chars.map(c => c[2]).join("");
  const found = [];
  for (let at = text.indexOf(target); at >= 0; at = text.indexOf(target, at + 1)) {
    const places = [];
    for (let k = 0; k < target.length; k++) {
      const [node, i, ch] = chars[at + k];
      if (ch === " ") continue;  // a space is where the line breaks, if it breaks
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const box = range.getBoundingClientRect();
      places.push([box.left + box.width / 2, box.top]);
    }
    found.push(places);
  }
  return found;
}"""


def placed(page: Any, body: str, target: str) -> list[list[tuple[float, float]]]:
    page.set_content(PAGE.format(body=body))
    return [[(x, y) for x, y in places] for places in page.evaluate(PLACES, [target])]


def left_to_right(places: list[tuple[float, float]]) -> bool:
    """Each character right of the one before it (on one line: the test's words are short)."""
    return (len({round(y) for _, y in places}) == 1
            and all(a[0] < b[0] for a, b in itertools.pairwise(places)))


def in_order(page: Any, body: str, target: str) -> None:
    found = placed(page, body, target)
    assert found, (target, body[:300])
    for places in found:
        assert left_to_right(places), (target, places, body[:300])


def unmarked(html: str) -> str:
    """``html`` without the isolation marks the i18n layer adds (and with them the order)."""
    return "".join(c for c in html if c not in "\u2066\u2069") if "\u2066" in html else html


@pytest.fixture
def feedback() -> str:
    """check()'s answer to lesson 1's second exercise answered with the big straight: the
    misconception names both straights, the first hint gives an example pair."""
    reset_tries()
    try:
        return check("01.2", ("big_straight", 30), lang="ur")._repr_html_()
    finally:
        reset_tries()


@pytest.mark.parametrize("target", ["1-2-3-4-5", "2-3-4-5-6", '("choice", 15)'])
def test_checks_feedback_shows_dice_and_code_in_order(page: Any, feedback: str,
                                                      target: str) -> None:
    in_order(page, feedback, target)


def test_without_the_marks_the_same_feedback_is_out_of_order(page: Any, feedback: str) -> None:
    """The review's finding (browser-pass-3, #3), measured the same way: the test can fail."""
    for target in ("2-3-4-5-6", '("choice", 15)'):
        found = placed(page, unmarked(feedback), target)
        assert found and not any(left_to_right(places) for places in found), target


def event_rows() -> list[StoredEvent]:
    now = time.time()
    events = [
        {"kind": "check", "exercise": "01.2", "correct": False, "guess": False, "tries": 1,
         "misconception": "straight_is_big", "lang": "ur", "time": now - 60},
        {"kind": "game", "game": "g1", "rules": "yacht", "time": now - 30, "players": [
            {"name": "Asha", "points": 190, "start": 170.8, "luck": 31.6, "loss": 12.4}]},
    ]
    return [StoredEvent(seq, "class", "asha7", now, event) for seq, event in enumerate(events, 1)]


def test_the_teachers_page_shows_luck_and_dice_in_order(page: Any) -> None:
    html = class_view_html(view_of("class", event_rows(), lesson="01", lang="ur"))
    assert t("misconception.straight_is_big", "ur") in html
    for target in ("+31.6", "2-3-4-5-6", "1-2-3-4-5"):
        in_order(page, html, target)
    found = placed(page, unmarked(html), "+31.6")  # as the review saw it: 31.6+
    assert found and not any(left_to_right(places) for places in found)


def test_the_luck_summary_shows_signed_numbers_in_order(page: Any) -> None:
    entries = [LuckAndSkill("Asha", 170.83, 31.6, 12.43, 190.0, 190, True),
               LuckAndSkill("Ravi", 170.83, -20.69, 68.26, 82.0, 82, True)]
    html = luck_html(entries, get_rules("yacht"), lang="ur")
    for target in ("+31.60", "-20.69", "170.83"):
        in_order(page, html, target)


#: The pieces that read left to right in an Urdu sentence: a dice pattern, code with brackets,
#: a sum with spaces around its sign.
PIECES = re.compile(r"\d(?:-\d){2,}|\(\"[a-z_]+\", \d+\)|\[[\d, ]+\]|\b\d+ [-+×] \d+\b")


def urdu_messages() -> dict[str, str]:
    """Every Urdu message of the catalogs (not a lesson's prose) with such a piece, as ``t``
    shows it, its values filled in."""
    shown = {}
    for msgid, words in catalog("ur").items():
        if msgid.startswith("text.") or not PIECES.search(words):
            continue
        values = {name: f"v{i}" for i, name in enumerate(placeholders(words))}
        shown[msgid] = t(msgid, "ur", **values)
    for msgid, forms in plural_catalog("ur").items():
        if PIECES.search(forms[-1]):
            values = {name: f"v{i}" for i, name in enumerate(placeholders(forms[-1]))
                      if name != "count"}
            shown[msgid] = t(msgid, "ur", count=2, **values)
    return shown


def test_every_urdu_message_shows_its_dice_code_and_sums_in_order(page: Any) -> None:
    messages = urdu_messages()
    assert len(messages) >= 20  # the catalogs hold many such messages: the test reads them
    body = "".join(f'<p id="m{i}" dir="rtl" lang="ur">{words}</p>'
                   for i, words in enumerate(messages.values()))
    page.set_content(PAGE.format(body=body))
    wrong = []
    for msgid, words in messages.items():
        plain = "".join(c for c in words if c not in BIDI_CONTROLS)
        for piece in {m.group() for m in PIECES.finditer(plain)}:
            if not all(left_to_right([(x, y) for x, y in places])
                       for places in page.evaluate(PLACES, [piece])):
                wrong.append((msgid, piece))
    assert wrong == []
