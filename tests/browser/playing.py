"""A learner's turn on the board, wherever it is shown (Notebook 7, marimo, Voilà): roll, hold
two dice, roll again, score. What the page must show comes from the model itself, played in the
test with the same players and seed, so each click is checked against the rules.

``find(css)`` locates in the application's output area (marimo's shadow roots included: CSS
locators pierce them).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from playwright.sync_api import Locator, expect

from yacht_edu import Game

Find = Callable[[str], Locator]

FILLED = re.compile(r"\byacht-filled\b")
HELD = re.compile(r"\byacht-held\b")
ROLLING = re.compile(r"\byacht-rolling\b")
HOLD = (1, 2)  # the second and third dice: the two fours of seed 2026's first throw
BOX = "fours"


def landed(find: Find) -> None:
    """Until the dice have landed (a click while they land is answered "wait a moment")."""
    expect(find(".yacht-roll")).not_to_have_class(ROLLING)


def dice_read(find: Find, faces: Sequence[int], held: tuple[int, ...] = ()) -> None:
    """The dice's accessible names say ``faces``, the ``held`` positions held."""
    for place, face in enumerate(faces):
        name = f"die {place + 1}: {face}" + (", held" if place in held else "")
        expect(find(".yacht-die").nth(place)).to_have_attribute("aria-label", name)


def status(find: Find, round_number: int, player: str) -> None:
    expect(find(".yacht-status")).to_have_text(f"Round {round_number} of 12 · {player} to play")


def roll_and_hold(find: Find, players: Sequence[str], seed: int) -> Game:
    """The turn's first half: roll, hold the second and third dice, roll again; the model's
    game, played the same way, is returned (its dice are the page's)."""
    game = Game(tuple(players), "yacht", seed)
    status(find, 1, players[0])
    first = game.roll()
    find(".yacht-roll").click()
    dice_read(find, first)
    landed(find)
    for place in HOLD:
        find(".yacht-die").nth(place).click()
    dice_read(find, first, held=HOLD)
    expect(find(".yacht-die").nth(HOLD[0])).to_have_class(HELD)
    game.hold(*HOLD)
    second = game.roll()
    find(".yacht-roll").click()
    dice_read(find, second, held=HOLD)
    landed(find)
    return game


def score(find: Find, game: Game) -> None:
    """The turn's end: the first player scores Fours and the page passes the turn on."""
    player = game.current_player
    box = find(f'.yacht-category-{BOX}[data-player="{player}"]')
    points = game.score(BOX)
    box.click()
    expect(box).to_have_class(FILLED)
    expect(box).to_have_text(str(points))
    status(find, game.round, game.current_player)
