"""What every face shares: the writing direction of the learner's language."""

from __future__ import annotations

from yacht_edu.i18n import RTL_LANGUAGES, check_language


def direction(lang: str | None) -> str:
    """``"rtl"`` for a language written right to left, else ``"ltr"``."""
    return "rtl" if check_language(lang) in RTL_LANGUAGES else "ltr"
