"""The faces' strings: dice drawn with pips, scorecards as a teacher draws them, the tables of the
mathematics and the coach — HTML, SVG and LaTeX, and nothing else draws any.

Pure strings, no Jupyter import, and nothing above the model (``tests/test_imports.py``): the
model's and the mathematics' ``_repr_html_`` and ``__str__`` reach these through
:func:`~yacht_edu.shown.shown_by` when first shown, and the game board draws its dice from
:func:`die_drawing`, the picture :func:`die_svg` draws, so a die looks the same in a cell's
output and in a game.  Every word comes from the message catalog.  One module per thing drawn:
:mod:`~yacht_edu.display.dice`, :mod:`~yacht_edu.display.scorecard`, :mod:`~yacht_edu.display.game`,
:mod:`~yacht_edu.display.tables` (distributions, the teacher's table),
:mod:`~yacht_edu.display.coach` (advice, analyses), :mod:`~yacht_edu.display.luck`
(luck and skill), :mod:`~yacht_edu.display.strategies`
(simulated games), :mod:`~yacht_edu.display.explain` (the mathematics in a sentence),
:mod:`~yacht_edu.display.plain` (what a cell shows as text: advice, analyses, games),
:mod:`~yacht_edu.display.words` (the words for a choice and a strategy); every
number a learner reads is written by :mod:`~yacht_edu.display.numbers` (:func:`percent`,
:func:`with_decimal`, :func:`about_one_in` ...), and :func:`direction` for right-to-left languages
is shared by all.
"""

from __future__ import annotations

from yacht_edu.display.dice import (
    HELD_FRAME,
    INK,
    PIPS,
    dice_html,
    die_drawing,
    die_label,
    die_svg,
    lock_svg,
)
from yacht_edu.display.game import game_html, game_status
from yacht_edu.display.numbers import (
    about_one_in,
    about_points,
    decimal,
    fraction,
    in_script,
    p_value,
    percent,
    percentage_points,
    with_decimal,
)
from yacht_edu.display.scorecard import (
    CARD_STYLE,
    CELL,
    NUMBER,
    SUM_ROW,
    scorecard_html,
    upper_progress,
)
from yacht_edu.display.text import direction

__all__ = [
    "CARD_STYLE",
    "CELL",
    "HELD_FRAME",
    "INK",
    "NUMBER",
    "PIPS",
    "SUM_ROW",
    "about_one_in",
    "about_points",
    "decimal",
    "dice_html",
    "die_drawing",
    "die_label",
    "die_svg",
    "direction",
    "fraction",
    "game_html",
    "game_status",
    "in_script",
    "lock_svg",
    "p_value",
    "percent",
    "percentage_points",
    "scorecard_html",
    "upper_progress",
    "with_decimal",
]
