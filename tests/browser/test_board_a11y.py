"""Every learner can play (issue 32), in a real JupyterLab at a school laptop's 1366 x 768:

- a whole game by keyboard and screen reader alone: every control found by its role and its
  accessible name (Playwright's role locators, no CSS selector), every roll, score, turn and
  refusal read from the board's own polite live region, and what it says checked against the
  model, played beside the board with the same seed;
- axe-core (from the npm registry) finds no serious or critical violation on the board, the
  chances and the coach panels, in English and in Urdu; each report is kept as JSON beside the
  screenshots in ``test-artifacts/``;
- the keyboard's focus is never hidden by an answer, targets are at least 24 x 24 CSS pixels, and
  a learner who asks for less motion sees no tumbling dice;
- a board never stays silent: a board whose kernel is gone answers a click itself, saying what
  to do, and a board that draws before its state has come says it is loading and asks again.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import TOKEN, Lab, OpenNotebook
from tests.browser.test_board import FILLED, landed, roll_and_see
from yacht_edu import Game, RuleError
from yacht_edu.i18n import box_name, t
from yacht_edu.widgets.state import ranking

LAPTOP = {"width": 1366, "height": 768}
STYLESHEET = Path(__file__).resolve().parents[2] / "yacht_edu" / "widgets" / "board.css"
pytestmark = pytest.mark.browser
ON_A_LAPTOP = pytest.mark.parametrize("screen", [LAPTOP], indirect=True)

PLAYERS = ("Asha", "Ravi")
SEED = 2026


def listed(values: Any) -> str:
    return ", ".join(str(value) for value in values)


def points(count: int) -> str:
    return f"{count} point" if count == 1 else f"{count} points"


def rolls_left(count: int) -> str:
    return f"{count} roll left" if count == 1 else f"{count} rolls left"


def status(game: Game) -> str:
    """The status line, as the English catalog words it (a game not over)."""
    return f"Round {game.round} of {game.turns} · {game.current_player} to play"


# -- a whole game by keyboard and screen reader ----------------------------------------------------


@ON_A_LAPTOP
def test_a_whole_game_by_keyboard_and_screen_reader_alone(notebook: OpenNotebook,
                                                          artifacts: Path) -> None:
    nb = notebook("a11y-game.ipynb", "from yacht_edu import play\n"
                  f"view = play({PLAYERS!r}, seed={SEED})\nview")
    page = nb.page
    board = page.get_by_role("region", name="Yacht", exact=True)
    said = board.get_by_role("status")
    expect(said).to_have_count(1)  # one live region, the board's own
    expect(said).to_have_attribute("aria-live", "polite")
    ready = board.get_by_role("button", name=re.compile(r"^Roll\b"), disabled=False)
    dice = board.get_by_role("group", name="the five dice").get_by_role("button")
    model = Game(PLAYERS, seed=SEED)  # the same game, played beside the board

    def press(control: Any, key: str = "Enter") -> None:
        control.focus()
        expect(control).to_be_focused()
        page.keyboard.press(key)

    def box(player: str, name: str, state: str) -> Any:
        return board.get_by_role("button", name=re.compile(
            rf"^{player}, {re.escape(name)}: {state}\b"))

    # before the first roll, a box answers why not (a refusal, told in the live region)
    first_box = model.scorecard().open_boxes[0]
    press(box("Asha", box_name(first_box, "en"), "open"))
    with pytest.raises(RuleError) as refused:
        model.score(first_box)
    expect(said).to_have_text(refused.value.message("en"))
    for turn in range(2 * model.turns):
        player = model.current_player
        expect(ready).to_have_count(1)  # the last score is written: the roll may be pressed
        press(ready)
        faces = model.roll()
        expect(said).to_have_text(f"{player} rolled {listed(faces)}: {rolls_left(2)}.")
        if turn % 3 == 1:  # hold the first die, roll again
            expect(ready).to_have_count(1)  # the dice have landed
            press(dice.first, "Space")
            expect(board.get_by_role("button", name=f"die 1: {faces[0]}, held",
                                     pressed=True)).to_have_count(1)
            model.hold(0)
            press(ready)
            faces = model.roll()
            expect(said).to_have_text(f"{player} rolled {listed(faces)}: {rolls_left(1)}.")
        if turn == 5:  # a box already filled answers why, in the live region too
            filled = next(b for b, v in model.scorecard().boxes.items() if v is not None)
            expect(ready).to_have_count(1)
            press(box(player, box_name(filled, "en"), "filled"))
            with pytest.raises(RuleError) as refused:
                model.score(filled)
            expect(said).to_have_text(refused.value.message("en"))
        chosen = max(model.scorecard().open_boxes, key=lambda b: model.rules.score(faces, b))
        name = box_name(chosen, "en")
        expect(ready).to_have_count(1)
        press(box(player, name, "open"))
        scored = model.score(chosen)
        told = (f"{player} scored {points(scored)} in {name} "
                f"(total {model.totals[player]}).")
        if not model.over:
            expect(said).to_have_text(f"{told} {status(model)}")
    # the end: who won, and the ranking
    places = ", ".join(f"{place}. {name}: {points(total)}"
                       for place, name, total in ranking(model.totals))
    expect(said).to_contain_text(told)
    expect(said).to_contain_text(places)
    history = nb.ask("view.game.history")
    assert history == json.loads(json.dumps(model.history))  # every key press reached the model
    page.screenshot(path=str(artifacts / "a11y-whole-game.png"))
    # a new game: the button goes with the ranking, and the focus goes to the roll button
    new_game = board.get_by_role("button", name="New game")
    deadline = time.monotonic() + 10
    while nb.ask("view.referee.settling") and time.monotonic() < deadline:
        time.sleep(0.1)  # the last score is written first
    press(new_game)
    expect(said).to_have_text(f"Round 1 of 12 · {PLAYERS[0]} to play")
    expect(new_game).to_have_count(0)
    expect(ready).to_be_focused()


# -- axe-core on the board, the chances and the coach ---------------------------------------------

#: The rules axe-core runs: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and its best practices.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
AXE_RUN = """async ([part, tags]) => {
  const found = [...document.querySelectorAll(part)];
  const report = await axe.run({include: found},
                               {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]});
  return {url: report.url, testEngine: report.testEngine, violations: report.violations,
          passes: report.passes.map(r => r.id),
          incomplete: report.incomplete.map(r => ({
            id: r.id, impact: r.impact, help: r.help,
            nodes: r.nodes.map(n => ({target: n.target, html: n.html,
                                      why: [...n.any, ...n.all].map(c => c.message)}))}))};
}"""
PANELS = {"board": ".yacht-game", "chances": ".yacht-chances", "coach": ".yacht-coach-panel"}
#: Inside JupyterLab's layout (its panels are "contain: strict") axe-core takes no text for
#: visible and measures no contrast: the board is also checked as a copy on a page of its own,
#: with the same markup and stylesheet.
COPY = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The board</title>
<style>{css}</style></head><body><main>{board}</main></body></html>"""


def axe_reports(page: Any, axe_script: str, where: str) -> dict[str, dict[str, Any]]:
    """axe-core's report on each part of the board shown in ``page``."""
    page.add_script_tag(content=axe_script)
    return {part: page.evaluate(AXE_RUN, [f"{where} {selector}".strip(), AXE_TAGS])
            for part, selector in PANELS.items()}


def counted(report: dict[str, Any]) -> dict[str, int]:
    impacts = [violation["impact"] for violation in report["violations"]]
    return {**{impact: impacts.count(impact)
               for impact in ("critical", "serious", "moderate", "minor")},
            "rules passed": len(report["passes"]), "to review by hand": len(report["incomplete"])}


@ON_A_LAPTOP
@pytest.mark.parametrize("lang", ["en", "ur"])
def test_axe_finds_no_serious_violation_on_the_board_and_its_panels(
        notebook: OpenNotebook, lang: str, axe_script: str, artifacts: Path) -> None:
    nb = notebook(f"axe-{lang}.ipynb", "from yacht_edu import play\n"
                  f"view = play({PLAYERS!r}, seed=3, lang={lang!r}, chances=True, coach=True)"
                  "\nview")
    page = nb.page
    roll_and_see(nb)
    nb.widget(".yacht-die").first.click()  # a die held, a table of choices in the coach
    expect(nb.widget(".yacht-coach-table")).to_be_visible()
    nb.widget(".yacht-exact-toggle").click()  # the exact column too
    expect(nb.widget(".yacht-exact").first).to_be_visible()
    board = nb.widget(".yacht-game").evaluate("el => el.outerHTML")
    copy = page.context.new_page()
    copy.set_content(COPY.format(css=STYLESHEET.read_text(encoding="utf-8"), board=board))
    reports = {"in JupyterLab": axe_reports(page, axe_script, ".jp-OutputArea-output"),
               "on a page of its own": axe_reports(copy, axe_script, "")}
    counts: dict[str, dict[str, dict[str, int]]] = {}
    for where, parts in reports.items():
        for part, report in parts.items():
            name = f"axe-{lang}-{part}" + ("" if where == "in JupyterLab" else "-copy")
            (artifacts / f"{name}.json").write_text(
                json.dumps({"where": where, **report}, indent=2, ensure_ascii=False) + "\n")
            counts.setdefault(part, {})[where] = counted(report)
            serious = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
                       for v in report["violations"] if v["impact"] in ("serious", "critical")]
            assert serious == [], (where, part, serious)
            assert "target-size" in report["passes"]  # axe looked at the controls
    # on its own page axe measures every text's contrast (AA), and finds it enough
    assert all("color-contrast" in report["passes"]
               for report in reports["on a page of its own"].values())
    (artifacts / f"axe-{lang}-counts.json").write_text(json.dumps(counts, indent=2) + "\n")
    copy.screenshot(path=str(artifacts / f"axe-{lang}-copy.png"))
    copy.close()


# -- focus, targets, motion ------------------------------------------------------------------------

FOCUS_HIDDEN = """() => {
  const focused = document.activeElement.getBoundingClientRect();
  const bubbles = [...document.querySelectorAll('.yacht-message')]
    .filter(b => b.textContent && b.getBoundingClientRect().width > 0);
  return bubbles.some(b => {
    const r = b.getBoundingClientRect();
    return r.left < focused.right && r.right > focused.left &&
           r.top < focused.bottom && r.bottom > focused.top;
  });
}"""


@ON_A_LAPTOP
def test_the_focus_is_never_hidden_by_an_answer_and_targets_are_large_enough(
        notebook: OpenNotebook) -> None:
    nb = notebook("focus.ipynb", "from yacht_edu import play\n"
                  "view = play(('Asha', 'Ravi'), seed=5, chances=True, coach=True)\nview")
    page = nb.page
    roll_and_see(nb)
    fours = nb.widget('.yacht-category-fours[data-player="Asha"]')
    fours.click()
    expect(fours).to_have_class(FILLED)
    landed(nb)
    roll_and_see(nb)  # Ravi's turn
    mine = nb.widget('.yacht-category-fours[data-player="Ravi"]')
    mine.click()
    expect(mine).to_have_class(FILLED)
    landed(nb)
    roll_and_see(nb)  # Asha again: her filled Fours answers why, over the box below it
    used = nb.widget('.yacht-category-fours[data-player="Asha"]')
    used.focus()
    page.keyboard.press("Enter")
    expect(nb.widget(".yacht-cell .yacht-message")).not_to_be_empty()
    assert page.evaluate(FOCUS_HIDDEN) is False  # the answer stands beside, not over, its box
    fives = nb.widget('.yacht-category-fives[data-player="Asha"]')  # under the answer
    for _ in range(3):  # on by Tab to the box the answer stood over
        page.keyboard.press("Tab")
        expect(nb.widget(".yacht-message:not(:empty)")).to_have_count(0)
        assert page.evaluate(FOCUS_HIDDEN) is False
        if fives.evaluate("el => el === document.activeElement"):
            break
    expect(fives).to_be_focused()
    # every control of the board is at least 24 x 24 CSS pixels (WCAG 2.2, 2.5.8)
    sizes = nb.widget(".yacht-game").evaluate(
        "el => [...el.querySelectorAll('button, input')].map(c => "
        "[c.dataset.key || c.className, c.getBoundingClientRect().width, "
        "c.getBoundingClientRect().height])")
    small = [size for size in sizes if size[1] < 24 or size[2] < 24]
    assert sizes and small == []


@pytest.mark.parametrize("screen", [{**LAPTOP, "reduced_motion": "reduce"}], indirect=True)
def test_less_motion_lands_the_dice_without_tumbling(notebook: OpenNotebook) -> None:
    nb = notebook("motion.ipynb", "from yacht_edu import play\n"
                  "view = play(seed=5, settle=3)\nview")
    nb.widget(".yacht-roll").click()
    expect(nb.widget(".yacht-dice")).to_have_class(re.compile(r"\byacht-landing\b"))
    animations = nb.widget(".yacht-pips").evaluate_all(
        "pips => pips.map(p => getComputedStyle(p).animationName)")
    assert animations == ["none"] * 5


# -- never silent ----------------------------------------------------------------------------------


def kernel_id(lab: Lab, name: str) -> str:
    return lab.kernel_of(name).stem.removeprefix("kernel-")


@ON_A_LAPTOP
@pytest.mark.parametrize("gone", ["shut down", "restarted"])
def test_a_board_whose_kernel_is_gone_says_so_and_what_to_do(notebook: OpenNotebook, lab: Lab,
                                                            gone: str, artifacts: Path) -> None:
    name = f"gone-{gone.replace(' ', '-')}.ipynb"
    nb = notebook(name, "from yacht_edu import play\n"
                  "view = play(('Asha', 'Ravi'), seed=2026)\nview")
    roll = nb.widget(".yacht-roll")
    roll.click()  # Python answers while it is there
    expect(roll).to_contain_text("2 rolls left")
    expect(roll).not_to_have_class(re.compile(r"\byacht-rolling\b"))  # the dice have landed
    nb.close()
    kernel = f"{lab.url}/api/kernels/{kernel_id(lab, name)}"
    if gone == "shut down":
        request = urllib.request.Request(f"{kernel}?token={TOKEN}", method="DELETE")
    else:  # a new kernel, which knows nothing of this board
        request = urllib.request.Request(f"{kernel}/restart?token={TOKEN}", method="POST")
    urllib.request.urlopen(request, timeout=60)
    nb.widget(".yacht-die").first.click()
    answer = nb.widget(".yacht-message")
    expect(answer).to_have_text(t("widget.no_answer", "en"), timeout=15_000)
    expect(answer).to_have_class(re.compile(r"\byacht-lost\b"))
    said = nb.page.get_by_role("region", name="Yacht", exact=True).get_by_role("status")
    expect(said).to_have_text(t("widget.no_answer", "en"))  # a screen reader hears it too
    nb.page.screenshot(path=str(artifacts / f"kernel-{gone.replace(' ', '-')}.png"))
    nb.widget(".yacht-title").click()  # the answer stays while Python is silent
    expect(answer).to_have_text(t("widget.no_answer", "en"))


@ON_A_LAPTOP
def test_a_board_drawn_before_its_state_says_loading_and_asks_again(
        notebook: OpenNotebook) -> None:
    nb = notebook("empty.ipynb", "from yacht_edu import play\n"
                  "view = play(('Asha', 'Ravi'), seed=2026, lang='kn')\nview")
    expect(nb.widget(".yacht-die")).to_have_count(5)
    # the state gone from the browser's copy (seen once in a class: a board drawn blank), and
    # Python busy for a while: the board says it is loading until its question is answered
    nb.client.execute("view.state = {}\nimport time\ntime.sleep(4)")
    loading = nb.widget(".yacht-loading-words")
    expect(loading).to_have_text(t("widget.loading", "kn"))
    expect(nb.widget(".yacht-die")).to_have_count(5, timeout=20_000)  # asked again: drawn
    expect(loading).to_have_count(0)
    nb.widget(".yacht-roll").click()
    expect(nb.widget(".yacht-roll")).to_contain_text("2")
    assert len(nb.ask("view.game.history")) == 1
