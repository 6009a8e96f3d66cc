"""The face of a :class:`~yacht_edu.lessons.Feedback`: a small coloured box in a notebook.

The only markup of the lessons package; plain HTML, no widgets, so it shows in any front end and
in a saved notebook.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from yacht_edu.display.text import direction

if TYPE_CHECKING:
    from yacht_edu.lessons.feedback import Feedback

__all__ = ["feedback_html"]

_LOOK = {
    True: ("yacht-feedback-right", "✔", "#e4f8dc", "#17520d"),
    False: ("yacht-feedback-wrong", "✘", "#fdecea", "#8a1c12"),
    None: ("yacht-feedback-blank", "…", "#eef2f7", "#1a4f8b"),
}


def feedback_html(feedback: Feedback) -> str:
    """The feedback as one HTML block: a mark, the exercise id and the message."""
    css_class, mark, background, colour = _LOOK[feedback.correct]
    return (f'<div class="yacht-feedback {css_class}" dir="{direction(feedback.lang)}" '
            f'lang="{feedback.lang}" '
            f'style="background:{background};color:{colour};border-radius:6px;'
            f'padding:6px 12px;max-width:56em">'
            f'<strong>{mark} {html.escape(feedback.exercise)}</strong> '
            f'{html.escape(feedback.message)}</div>')
