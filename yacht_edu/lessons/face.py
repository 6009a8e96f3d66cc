"""The face of a :class:`~yacht_edu.lessons.feedback.Feedback`: a small coloured box in a notebook.

The only markup of the lessons package; plain HTML, no widgets, so it shows in any front end and
in a saved notebook.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from yacht_edu.display.text import direction

if TYPE_CHECKING:
    from yacht_edu.lessons.feedback import Feedback


#: The look of each kind of feedback: its CSS class, background and text colours.
_LOOK = {
    "right": ("yacht-feedback-right", "#e4f8dc", "#17520d"),
    "wrong": ("yacht-feedback-wrong", "#fdecea", "#8a1c12"),
    "blank": ("yacht-feedback-blank", "#eef2f7", "#1a4f8b"),
    "guess": ("yacht-feedback-guess", "#f3f1f8", "#3d3557"),  # neither green nor red
}


def kind(feedback: Feedback) -> str:
    """right, wrong, blank (not answered yet) or guess (a prediction taken)."""
    if feedback.guess:
        return "guess"
    return {True: "right", False: "wrong", None: "blank"}[feedback.correct]


def feedback_html(feedback: Feedback) -> str:
    """The feedback as one HTML block: a mark, the exercise id and the message."""
    css_class, background, colour = _LOOK[kind(feedback)]
    mark = feedback.mark
    return (f'<div class="yacht-feedback {css_class}" dir="{direction(feedback.lang)}" '
            f'lang="{feedback.lang}" '
            f'style="background:{background};color:{colour};border-radius:6px;'
            f'padding:6px 12px;max-width:56em;white-space:pre-wrap">'
            f'<strong>{mark} {html.escape(feedback.exercise)}</strong> '
            f'{html.escape(feedback.message)}</div>')
