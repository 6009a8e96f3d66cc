"""The board in a real class, at a school laptop's 1366 x 768 (issue 23): refusals read whole
beside what was clicked, a layout that stays put through a turn, the coach's advice on screen,
and a first solve that says it is working.  Everything is measured as bounding boxes, never as
pixels of a picture.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Notebook, OpenNotebook
from tests.browser.test_board import FILLED, LAPTOP, box, held, landed, roll_and_see

pytestmark = [pytest.mark.browser,
              pytest.mark.parametrize("screen", [LAPTOP], indirect=True)]

Box = dict[str, float]
# The parts of the board that must not move during a turn.
PARTS = (".yacht-heading", ".yacht-dice", ".yacht-roll", ".yacht-scorecard", ".yacht-side",
         ".yacht-coach-panel", ".yacht-chances")


def where(nb: Notebook, selector: str) -> Box:
    found: Box | None = nb.widget(selector).bounding_box()
    assert found is not None, selector
    return {key: round(value, 1) for key, value in found.items()}


def layout(nb: Notebook) -> dict[str, Box]:
    return {part: where(nb, part) for part in PARTS}


def output_area(nb: Notebook) -> Box:
    """The notebook output that shows the board (it hides what overflows it)."""
    found = nb.page.locator(".jp-OutputArea-output", has=nb.page.locator(".yacht-game"))
    answer: Box | None = found.bounding_box()
    assert answer is not None
    return answer


def within(inner: Box, outer: Box, slack: float = 0.5) -> bool:
    return (inner["x"] >= outer["x"] - slack and inner["y"] >= outer["y"] - slack
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + slack
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + slack)


def on_screen(part: Box) -> bool:
    return within(part, {"x": 0, "y": 0, **LAPTOP})


def the_answer(nb: Notebook, text: str | re.Pattern[str]) -> Any:
    """The scorecard's bubble once it says ``text``."""
    bubble = nb.widget(".yacht-cell .yacht-message")
    expect(bubble).to_have_text(text)
    return bubble


def whole_inside_the_output(nb: Notebook, bubble: Any) -> None:
    """The bubble's text is not cut: nothing scrolls inside it and all of it is inside the
    output area (which hides what overflows it)."""
    sizes = bubble.evaluate("el => [el.scrollWidth, el.clientWidth, el.scrollHeight, "
                            "el.clientHeight]")
    assert sizes[0] <= sizes[1] and sizes[2] <= sizes[3], sizes
    said = bubble.bounding_box()
    assert within(said, output_area(nb)), (said, output_area(nb))


def clickable(nb: Notebook, control: Any) -> None:
    """Nothing covers the middle of ``control``: a click there reaches it."""
    middle = control.bounding_box()
    hit = nb.page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('[data-key]')?.dataset.key",
        [middle["x"] + middle["width"] / 2, middle["y"] + middle["height"] / 2])
    assert hit == control.get_attribute("data-key")


def below(nb: Notebook, name: str, player: str) -> Any:
    """The box in the row under ``name`` in ``player``'s column."""
    boxes = nb.widget(f'.yacht-box[data-player="{player}"]')
    names = boxes.evaluate_all("els => els.map(e => e.dataset.key)")
    return boxes.nth(names.index(f"box-{player}-{name}") + 1)


# -- refusals -----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ur"])
def test_refusals_on_the_card_are_whole_inside_the_output_and_in_the_way_of_nothing(
        notebook: OpenNotebook, lang: str, artifacts: Path) -> None:
    nb = notebook(f"refusals-{lang}.ipynb", "from yacht_edu import play\n"
                  f"view = play(('Asha', 'Ravi'), seed=5, lang={lang!r}, settle=2)\nview")

    def say(error: str) -> str:
        """The message of ``error`` (a Python expression) as the kernel writes it."""
        return str(nb.ask(f"{error}.message({lang!r})"))

    roll_and_see(nb)
    # 1. another player's box (the last column: the bubble would spill out on the right)
    theirs = box(nb, "fours", "Ravi")
    theirs.click(force=True)
    bubble = the_answer(nb, say("__import__('yacht_edu.widgets.referee').widgets.referee"
                                ".NotYourTurnError(player='Ravi', current='Asha')"))
    whole_inside_the_output(nb, bubble)
    clickable(nb, below(nb, "fours", "Ravi"))
    nb.page.screenshot(path=str(artifacts / f"refusal-other-player-{lang}.png"))
    # the next click anywhere on the board takes it away
    nb.widget(".yacht-title").click()
    expect(nb.widget(".yacht-message:not(:empty)")).to_have_count(0)
    # 2. a box already used
    mine = box(nb, "fours", "Asha")
    mine.click()
    expect(mine).to_have_class(FILLED)
    landed(nb)
    roll_and_see(nb)  # Ravi's turn
    asha_fours = box(nb, "fours", "Asha")
    asha_fours.click(force=True)  # Asha's card, Ravi's turn: whose turn it is
    the_answer(nb, re.compile(".+"))
    ravi_choice = box(nb, "choice", "Ravi")
    ravi_choice.click()
    expect(ravi_choice).to_have_class(FILLED)
    landed(nb)
    roll_and_see(nb)  # Asha again
    used = box(nb, "fours", "Asha")
    used.click(force=True)
    # the rule's words (kernel-tested), asked once the bubble shows: the click reaches the
    # kernel first
    bubble = the_answer(nb, re.compile(".+"))
    expect(bubble).to_have_text(nb.ask("view.state['message']"))
    assert nb.ask("view.state['message_at']") == "box-Asha-fours"
    whole_inside_the_output(nb, bubble)
    under = below(nb, "fours", "Asha")
    clickable(nb, under)
    # 3. a box while the dice are landing, then the box under it at once (the bubble is over it)
    nb.widget(".yacht-roll").click()
    landing = box(nb, "sixes", "Asha")
    landing.click(force=True)
    bubble = the_answer(nb, nb.ask(f"__import__('yacht_edu').i18n.t('board.wait_dice', "
                                   f"{lang!r})"))
    whole_inside_the_output(nb, bubble)
    under = below(nb, "sixes", "Asha")
    next_box = str(under.get_attribute("data-key")).removeprefix("box-Asha-")
    clickable(nb, under)
    landed(nb)  # "still landing" is no longer true: it goes
    expect(nb.widget(".yacht-message:not(:empty)")).to_have_count(0)
    under.click()
    expect(under).to_have_class(FILLED)
    scored = nb.ask("[e['category'] for e in view.game.history if e['type'] == 'score']")
    assert scored == ["fours", "choice", next_box]


def test_a_refusal_goes_away_by_itself(notebook: OpenNotebook) -> None:
    nb = notebook("refusal-timer.ipynb", "from yacht_edu import play\n"
                  "view = play(('Asha', 'Ravi'), seed=5)\nview")
    box(nb, "choice", "Ravi").click(force=True)  # before the roll, and not Ravi's turn
    bubble = nb.widget(".yacht-message:not(:empty)")
    expect(bubble).to_have_count(1)
    expect(bubble).to_have_count(0, timeout=10_000)  # a few seconds, with no other click


# -- the layout stays put ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "kn", "ur"])
def test_the_panels_stay_put_through_the_three_rolls_of_a_turn(notebook: OpenNotebook, lang: str,
                                                              artifacts: Path) -> None:
    nb = notebook(f"layout-{lang}.ipynb", "from yacht_edu import play\n"
                  f"view = play(('Asha', 'Ravi'), seed=3, lang={lang!r}, chances=True, "
                  "coach=True)\nview")
    expect(nb.widget(".yacht-coach-sentence")).to_be_visible()
    card = where(nb, ".yacht-scorecard")
    side = where(nb, ".yacht-side")
    assert side["x"] >= card["x"] + card["width"] or side["x"] + side["width"] <= card["x"], (
        "the panels sit beside the card")
    before = layout(nb)
    seen = [before]
    for roll in range(3):
        roll_and_see(nb)
        if roll < 2:
            nb.widget(".yacht-die").nth(roll).click()
            held(nb.widget(".yacht-die").nth(roll))
        seen.append(layout(nb))
    nb.page.screenshot(path=str(artifacts / f"layout-{lang}.png"))
    for after in seen[1:]:
        assert after == before, {p: (before[p], after[p]) for p in PARTS if before[p] != after[p]}


# -- the coach on a small screen -----------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "kn"])
def test_the_coachs_advice_and_what_plus_minus_means_fit_the_screen(notebook: OpenNotebook,
                                                                    lang: str,
                                                                    artifacts: Path) -> None:
    nb = notebook(f"coach-screen-{lang}.ipynb", "from yacht_edu import play\n"
                  f"view = play(('Asha', 'Ravi'), seed=2026, lang={lang!r}, chances=True, "
                  "coach=True)\nview")
    roll_and_see(nb)
    expect(nb.widget(".yacht-coach-table")).to_be_visible()
    scrolled = nb.page.evaluate("() => [...document.querySelectorAll('*')]"
                                ".map(e => e.scrollTop).reduce((a, b) => a + b, 0)")
    assert scrolled == 0
    for part in (".yacht-coach-sentence", ".yacht-spread-note"):
        assert on_screen(where(nb, part)), part
    nb.page.screenshot(path=str(artifacts / f"coach-screen-{lang}.png"))


# -- a first solve says it is working -------------------------------------------------------------


COLD_YAHTZEE = """import os, tempfile
os.environ["YACHT_EDU_CACHE"] = tempfile.mkdtemp()  # nothing solved yet: a cold first solve
from yacht_edu import play
view = play(('Asha', 'Ravi'), rules="yahtzee", seed=1)
view"""


def test_the_first_yahtzee_coach_shows_it_is_working_and_answers_clicks(
        notebook: OpenNotebook) -> None:
    nb = notebook("cold-coach.ipynb", COLD_YAHTZEE)
    roll = nb.widget(".yacht-roll")
    switch = nb.widget(".yacht-coach-switch")
    switch.click()
    expect(switch).to_have_attribute("aria-checked", "true", timeout=2_000)
    expect(nb.widget(".yacht-coach-panel .yacht-solving")).to_be_visible(timeout=2_000)
    roll.click()  # meanwhile: answered at once, not queued
    expect(nb.widget(".yacht-message")).to_have_text(
        "Working it out… wait a moment, then click again.", timeout=2_000)
    expect(nb.widget(".yacht-coach-sentence")).to_be_visible(timeout=120_000)
    assert nb.ask("len(view.game.history)") == 0  # the click meanwhile was not made later
    roll.click()
    expect(roll).to_contain_text("2")
    assert nb.ask("len(view.game.history)") == 1
