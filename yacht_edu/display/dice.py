"""Dice drawn with pips: one die as SVG, five side by side, the padlock under a held die.

``Dice._repr_html_`` calls :func:`dice_html`.  The picture of a die — its view box, body, pip
radius and where each face's pips sit — is written once, here: :func:`die_svg` draws it, and the
game board's view (``widgets/board.js``) draws its dice from :func:`die_drawing`, the same
picture sent in the board's state, so a die looks the same in a cell's output and in a game.

>>> die_svg(1).count("<circle"), die_svg(6).count("<circle")   # pips, not digits
(1, 6)
>>> "circle" in die_svg(None)    # a die not rolled yet has no pips
False
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from yacht_edu.checks import faces, items, whole_number
from yacht_edu.errors import InvalidKeepError
from yacht_edu.i18n import Given, t

if TYPE_CHECKING:
    from yacht_edu.dice import Dice

__all__ = ["BODY", "HELD_FRAME", "INK", "PIPS", "PIP_RADIUS", "VIEW_BOX", "dice_html",
           "die_drawing", "die_label", "die_svg", "lock_svg", "pip_centres"]

# Where the pips of each face sit on a 3 x 3 grid (column, row), as on a real die.
PIPS: Mapping[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}

#: The die is drawn in a 72 x 72 box: a rounded square (its body) with pips of this radius, the
#: grid's columns and rows 22 apart from 14.
VIEW_BOX = "0 0 72 72"
BODY: Mapping[str, float] = {"x": 4, "y": 4, "width": 64, "height": 64, "rx": 11}
PIP_RADIUS = 6.5

HELD_FRAME = "#1a4f8b"
INK = "#1b1b1b"


def pip_centres(face: int | None) -> tuple[tuple[int, int], ...]:
    """Where the pips of ``face`` sit in the die's box (none for a die not rolled yet).

    >>> pip_centres(2), pip_centres(None)
    (((14, 14), (58, 58)), ())
    """
    return tuple((14 + 22 * column, 14 + 22 * row) for column, row in PIPS.get(face or 0, ()))


def die_drawing() -> dict[str, Any]:
    """The picture of a die as JSON, for the board's view to draw its dice from: the view box,
    the body, the pip radius and the centres of each face's pips (faces as strings)."""
    return {"view_box": VIEW_BOX, "body": dict(BODY), "pip": PIP_RADIUS,
            "pips": {str(face): [list(centre) for centre in pip_centres(face)]
                     for face in PIPS}}


def die_svg(face: int | None, size: int = 56, held: bool = False, label: str = "") -> str:
    """One die drawn with pips (an empty die for ``None``); a held die has a thick dark frame."""
    pips = "".join(f'<circle cx="{x}" cy="{y}" r="{PIP_RADIUS}" fill="{INK}"/>'
                   for x, y in pip_centres(face))
    frame = (f'stroke="{HELD_FRAME}" stroke-width="7"' if held
             else 'stroke="#555" stroke-width="2.5"')
    fill = "#fff3c4" if held else "#ffffff"
    title = f"<title>{html.escape(label)}</title>" if label else ""
    body = " ".join(f'{name}="{value}"' for name, value in BODY.items())
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="{VIEW_BOX}" role="img" aria-label="{html.escape(label)}">{title}'
        f'<rect {body} fill="{fill}" {frame}/>{pips}</svg>'
    )


def lock_svg(size: int = 22) -> str:
    """A small closed padlock: the mark under a held die, so that holding is not told by colour."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 24 24" aria-hidden="true">'
        f'<path d="M7 11V8a5 5 0 0 1 10 0v3" fill="none" stroke="{HELD_FRAME}" stroke-width="2.6"/>'
        f'<rect x="4" y="11" width="16" height="11" rx="2" fill="{HELD_FRAME}"/>'
        f'<circle cx="12" cy="16.5" r="1.8" fill="#fff"/></svg>'
    )


def die_label(position: int, face: int | None, held: bool, lang: str | None = None) -> str:
    """The accessible name of a die: "die 3: 5, held".

    >>> die_label(2, 5, held=True, lang="en")
    'die 3: 5, held'
    """
    if face is None:
        return t("die.label_empty", lang, number=position + 1)
    key = "die.label_held" if held else "die.label"
    return t(key, lang, number=position + 1, face=face)


def dice_html(dice: Dice | Iterable[int], held: Iterable[int] = (), lang: str | None = None) -> str:
    """Five dice side by side; a held die (by its position) is framed, lifted and marked with a
    padlock.  Both are read as the model reads them (a single value or an endless iterator is
    refused)."""
    kept = held_positions(held)
    shown = "".join(_die_cell(i, face, i in kept, lang) for i, face in enumerate(faces(dice)))
    return (f'<div class="yacht-dice-row" style="display:flex;gap:10px;align-items:flex-start;'
            f'direction:ltr;padding-top:10px" role="group" '
            f'aria-label="{html.escape(t("display.dice", lang))}">{shown}</div>')


def held_positions(held: Iterable[int]) -> frozenset[int]:
    """The positions of held dice, each a whole number."""
    positions = [(whole_number(p), p) for p in items(held, InvalidKeepError,
                                                     "error.not_a_positions_list")]
    for number, given in positions:
        if number is None:
            raise InvalidKeepError("error.bad_position", position=Given(given))
    return frozenset(number for number, _ in positions if number is not None)


def _die_cell(position: int, face: int, held: bool, lang: str | None) -> str:
    label = die_label(position, face, held, lang)
    mark = lock_svg() if held else ""
    lift = "transform:translateY(-8px);" if held else ""
    kind = "yacht-die yacht-held" if held else "yacht-die"
    return (f'<div class="{kind}" style="display:flex;flex-direction:column;align-items:center;'
            f'{lift}">{die_svg(face, held=held, label=label)}{mark}</div>')
