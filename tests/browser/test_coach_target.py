"""The coach's target mode in a real browser: switch to it, see the choices ranked by the chance
to reach the target, change the target in the panel's number box."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Notebook, OpenNotebook

pytestmark = pytest.mark.browser

VIEW = "[v for v in Out.values() if type(v).__name__ == 'GameView'][0]"


@pytest.fixture(scope="session")
def warm_tables() -> None:
    """Both Yacht tables solved once per session into the run's cache, which the kernels share
    (the root conftest points ``YACHT_EDU_CACHE`` at it before the server starts): the test then
    measures the panel, not a first solve."""
    import os

    from yacht_edu.solver import solve
    from yacht_edu.solver.target import solve_target

    assert Path(os.environ["YACHT_EDU_CACHE"]).is_dir()
    solve("yacht")
    solve_target("yacht")


def kernel_best(nb: Notebook, target: int) -> str:
    """What the kernel's ``advise(game, target=target)`` ranks first, as the coach writes it."""
    return str(nb.ask(f"__import__('yacht_edu').advise({VIEW}.game, target={target})[0]"
                      ".label('en')"))


def test_the_coach_target_mode_ranks_choices_in_the_game_widget(warm_tables: None,
                                                                notebook: OpenNotebook) -> None:
    nb = notebook("target.ipynb", "from yacht_edu import play\n"
                  "view = play(seed=2026, coach=True)\nview")
    roll = nb.widget(".yacht-roll")
    roll.click()
    expect(roll).to_have_text("Roll 2 rolls left")
    expect(nb.widget(".yacht-coach-sentence")).to_contain_text("Best:")
    modes = nb.widget(".yacht-mode")
    expect(modes).to_have_text(["Best average score", "Play to reach a target"])
    modes.nth(1).click()
    expect(modes.nth(1)).to_have_attribute("aria-checked", "true")
    sentence = nb.widget(".yacht-coach-sentence")
    expect(sentence).to_contain_text("Best for reaching 200: ")
    best = nb.widget(".yacht-coach-choice.yacht-best th").first
    expect(best).to_have_text(kernel_best(nb, 200))
    expect(nb.widget(".yacht-coach-table thead th").nth(2)).to_have_text("Chance to reach 200")
    chances = nb.widget(".yacht-coach-choice td:nth-child(3)").all_inner_texts()
    assert all(re.fullmatch(r"\d{1,3}\.\d{2} %", text) for text in chances)
    shown = [float(text.rstrip(" %")) for text in chances]
    assert shown == sorted(shown, reverse=True)
    # the learner types another target into the panel's number box
    box = nb.widget(".yacht-target-input")
    expect(box).to_have_value("200")
    box.fill("150")
    box.press("Enter")
    expect(sentence).to_contain_text("Best for reaching 150: ")
    assert nb.ask(f"{VIEW}.coach_settings.target") == 150
    expect(best).to_have_text(kernel_best(nb, 150))
    expect(box).to_have_value("150")
