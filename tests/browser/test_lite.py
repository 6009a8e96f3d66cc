"""The browser edition, built from the registries and served on 127.0.0.1, in headless Chromium
with every request to another host refused: lesson 1 in Kannada plays a turn on the board, lesson
2 in Urdu shows its exact chances right to left, the coach of a Yacht game (pure Python, from the
tables shipped in the package) gives the numpy solver's best choice, and every English lesson is
run in the page's own Python to record which cells run and which say what they need.

The site is built once for the module (``python -m yacht_edu.lite build``: about a minute, the
npm packages kept in the test's cache); the records go to ``test-artifacts/lite-lessons.json``.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, missing
from yacht_edu import Game
from yacht_edu.coach import advise
from yacht_edu.display import die_label
from yacht_edu.i18n import t

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
#: The Pyodide kernel starts in the page: seconds to minutes on a loaded machine.
KERNEL_MS = 240_000
#: Lessons that must run whole without numpy, every cell (the records say the rest).
WHOLE = ("01_playing_yacht.ipynb", "04_expected_value.ipynb", "06_variants.ipynb")
#: Lessons that import numpy only in the cells that simulate or plot: their first cell and every
#: check of an exercise run without it (lesson 10's 10.3, whose answer needs the simulation, says
#: "not answered yet").
CHECKS_RUN = ("09_waiting_for_a_yacht.ipynb", "10_is_this_die_fair.ipynb")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built from the registries (npm's pyodide: no numpy, no matplotlib)."""
    try:
        from yacht_edu.lite.site import build
    except ImportError:
        missing("the lite extra is not installed (pip install -e '.[lite]')")
    if shutil.which("npm") is None:
        missing("npm is not installed (the site's Python comes from the npm package pyodide)")
    given = os.environ.get("YACHT_EDU_LITE_SITE")  # built already (.ci/run does)
    if given and (Path(given) / "jupyter-lite.json").is_file():
        folder = Path(given)
    else:
        folder = tmp_path_factory.mktemp("lite") / "site"
        cache = Path(os.environ.get("YACHT_EDU_LITE_CACHE", tmp_path_factory.mktemp("npm")))
        build(folder, cache=cache, log=lambda line: None)
    lock = json.loads((folder / "static" / "pyodide" / "pyodide-lock.json").read_text())
    assert "numpy" not in lock["packages"] and "yacht-edu" in lock["packages"]
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    figures(site_mib=round(size / 2**20, 1))
    return folder


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The site served on 127.0.0.1 by ``python -m yacht_edu.lite serve``'s server."""
    from yacht_edu.lite.serve import server

    running = server(site, "127.0.0.1", 0)
    thread = threading.Thread(target=running.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{running.server_address[1]}"
    running.shutdown()
    running.server_close()


@pytest.fixture
def offline(browser: Any, served: str) -> Iterator[Any]:
    """A page that may reach the site and nothing else: any other request is refused, and
    the test fails if one was even tried."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    refused: list[str] = []

    def only_the_site(route: Any) -> None:
        if route.request.url.startswith(served + "/"):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    context.route("**/*", only_the_site)
    page = context.new_page()
    page.set_default_timeout(60_000)
    expect.set_options(timeout=60_000)
    yield page
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"lite-{len(os.listdir(ARTIFACTS))}.png"))
    context.close()
    assert refused == [], "the site asked for something outside 127.0.0.1"


def figures(**found: object) -> None:
    """Keep measured figures in ``test-artifacts/lite-figures.json`` (BENCHMARKS.md cites them)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / "lite-figures.json"
    known = json.loads(path.read_text()) if path.is_file() else {}
    path.write_text(json.dumps({**known, **found}, indent=1))


def open_lesson(page: Any, served: str, path: str) -> float:
    """Open a lesson and wait for its kernel: seconds from opening the page."""
    started = time.monotonic()
    page.goto(f"{served}/lab/index.html?path={path}")
    expect(page.locator("#jp-main-statusbar")).to_contain_text("Idle", timeout=KERNEL_MS)
    assert page.evaluate("crossOriginIsolated"), "the server's headers isolate the page"
    return time.monotonic() - started


def run_all(page: Any) -> None:
    page.locator(".lm-MenuBar-item", has_text="Run").click()
    page.get_by_text("Run All Cells", exact=True).click()


def first_board_call(lesson: Path) -> tuple[tuple[str, ...], int]:
    """The players and the seed of the lesson's first ``ye.play(...)`` cell."""
    for cell in json.loads(lesson.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and source.startswith("ye.play("):
            call = ast.parse(source).body[0].value  # type: ignore[attr-defined]
            given = {k.arg: ast.literal_eval(k.value) for k in call.keywords}
            return tuple(given["players"]), int(given["seed"])
    raise AssertionError(f"no ye.play(...) cell in {lesson}")


def dice_read(board: Any, faces: tuple[int, ...], held: tuple[int, ...], lang: str) -> None:
    for place, face in enumerate(faces):
        expect(board.locator(".yacht-die").nth(place)).to_have_attribute(
            "aria-label", die_label(place, face, place in held, lang))


def test_lesson_1_in_kannada_plays_a_turn_and_the_coach_answers_as_numpy(
        offline: Any, served: str) -> None:
    lesson = ROOT / "notebooks" / "kn" / "01_playing_yacht.ipynb"
    players, seed = first_board_call(lesson)
    started = time.monotonic()
    kernel_s = open_lesson(offline, served, "kn/01_playing_yacht.ipynb")
    run_all(offline)
    board = offline.locator(".jp-OutputArea-output .yacht-game").first
    expect(board.locator(".yacht-roll")).to_be_visible(timeout=KERNEL_MS)
    figures(kernel_idle_s=round(kernel_s, 1),  # opening the page to the kernel ready, then
            first_board_s=round(time.monotonic() - started, 1))  # to the lesson's first board
    faces = offline.evaluate("""async () => (await document.fonts.load(
        '16px "Noto Sans Kannada"', 'ಕನ್ನಡ')).length""")
    assert faces >= 1, "the site's own Kannada font, where the computer has none"
    game = Game(players, "yacht", seed)
    first = game.roll()
    board.locator(".yacht-roll").click()
    dice_read(board, tuple(first), (), "kn")
    expect(board.locator(".yacht-roll")).not_to_have_class(re.compile(r"\byacht-rolling\b"))
    for place in (1, 2):
        board.locator(".yacht-die").nth(place).click()
    dice_read(board, tuple(first), (1, 2), "kn")
    game.hold(1, 2)
    second = game.roll()
    board.locator(".yacht-roll").click()
    dice_read(board, tuple(second), (1, 2), "kn")
    expect(board.locator(".yacht-roll")).not_to_have_class(re.compile(r"\byacht-rolling\b"))
    box = board.locator(f'.yacht-category-fours[data-player="{players[0]}"]')
    points = game.score("fours")
    box.click()
    expect(box).to_have_class(re.compile(r"\byacht-filled\b"))
    expect(box).to_have_text(str(points))
    # the next turn's first roll, then the coach: its best choice is the numpy solver's
    rolled = game.roll()
    board.locator(".yacht-roll").click()
    dice_read(board, tuple(rolled), (), "kn")
    board.locator(".yacht-coach-switch").click()
    best = advise(game).best  # in this process: numpy
    expect(board.locator(".yacht-coach-choice.yacht-best th").first).to_have_text(
        best.label("kn"), timeout=KERNEL_MS)


def test_lesson_2_in_urdu_shows_its_exact_chances_right_to_left(offline: Any,
                                                               served: str) -> None:
    open_lesson(offline, served, "ur/02_one_roll.ipynb")
    run_all(offline)
    last = offline.locator(".jp-CodeCell").last
    needs = t("lite.error.needs_library", "ur", library="numpy")
    before_the_name = needs.split("\u2068")[0].strip("\u2067")  # the words before "numpy"
    expect(last.locator(".jp-OutputArea-output")).to_contain_text(
        before_the_name, timeout=KERNEL_MS)  # the plot: says what it needs, in Urdu
    prose = offline.locator('.jp-RenderedMarkdown div[dir="rtl"][lang="ur"]').first
    expect(prose).to_be_visible()
    assert prose.evaluate("el => getComputedStyle(el).direction") == "rtl"
    feedback = offline.locator('.jp-OutputArea-output [dir="rtl"]').first
    expect(feedback).to_be_visible()
    assert feedback.evaluate("el => getComputedStyle(el).direction") == "rtl"
    chances = offline.locator(".jp-CodeCell").filter(
        has_text="ye.p_one_roll(box) for box in ye.categories()")
    # docs/rules.md#exact-chances: yacht 6 of 7,776 rolls = 1/1296, shown as an exact fraction
    expect(chances.locator(".jp-OutputArea-output")).to_contain_text("1296")
    assert "0.00077" not in chances.locator(".jp-OutputArea-output").inner_text()


def test_every_lesson_runs_or_says_what_it_needs_and_a_saved_game_downloads(
        offline: Any, served: str) -> None:
    open_lesson(offline, served, "01_playing_yacht.ipynb")
    cell = offline.locator(".jp-Notebook .jp-Cell").last
    cell.click()
    offline.keyboard.press("Escape")
    offline.keyboard.press("b")
    offline.locator(".jp-Notebook .jp-Cell").last.locator(".cm-content").click()
    offline.keyboard.insert_text('from yacht_edu.lite import run_lessons\n'
                                 'record = run_lessons("/drive")\n'  # (empties the namespace)
                                 'import json\n'
                                 'import yacht_edu as ye\n'  # a game saved, to download
                                 'game = ye.Game(("Asha",), seed=31)\n'
                                 'game.roll()\n'
                                 'open("/drive/asha.json", "w").write(game.to_json())\n'
                                 'print("RECORD" + json.dumps(record))')
    started = time.monotonic()
    offline.keyboard.press("Shift+Enter")
    runner = offline.locator(".jp-CodeCell").filter(has_text="run_lessons(")
    output = runner.locator(".jp-OutputArea-output").filter(has_text="RECORD")
    expect(output).to_be_visible(timeout=1_200_000)
    text = output.inner_text()
    record = json.loads(text[text.index("RECORD") + len("RECORD"):].split("\n", 1)[0])
    figures(every_lesson_run_s=round(time.monotonic() - started, 1))
    (ARTIFACTS / "lite-lessons.json").write_text(json.dumps(record, indent=1))
    # the saved game is in the file browser, and downloads as the game it was
    offline.locator('[data-command="filebrowser:refresh"]').first.click()
    saved = offline.locator(".jp-DirListing-item", has_text="asha.json")
    expect(saved).to_be_visible()
    saved.click(button="right")
    with offline.expect_download() as download:
        offline.locator(".lm-Menu-item", has_text="Download").first.click()
    game = Game(("Asha",), seed=31)
    game.roll()
    assert Game.from_json(Path(download.value.path()).read_text()).to_json() == game.to_json()
    english = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert sorted(record) == english
    for name in WHOLE:
        assert all(outcome == "ran" for _, outcome, _, _ in record[name]), record[name]
    for name in CHECKS_RUN:
        sources = ["".join(cell["source"]) for cell in json.loads(
            (ROOT / "notebooks" / name).read_text(encoding="utf-8"))["cells"]
            if cell["cell_type"] == "code"]
        ran = {cell for cell, outcome, _, _ in record[name] if outcome == "ran"}
        checks = {n for n, source in enumerate(sources) if source.startswith("check(")}
        assert 0 in ran and checks and checks <= ran, (name, record[name])
    for name, cells in record.items():
        said = [cell for cell, outcome, _, _ in cells if outcome == "needs"]
        for cell, outcome, detail, _ in cells:
            if outcome in ("needs", "follows"):  # follows: uses what a cell above could not make
                assert detail in ("numpy", "matplotlib")
            if outcome == "follows":
                assert said and said[0] < cell, (name, cell)
            assert outcome != "failed", (name, cell, detail)  # no learner meets a raw error
