"""One message catalog for every word a learner reads.

Each language is a folder of gettext ``.po`` files, ``yacht_edu/locale/<code>/<part>.po``, one
part per layer (``model.po``, ``widgets.po``, ...); English is the source every other language
translates, part by part.  Message ids are short symbolic keys such as ``error.no_rolls_left``;
placeholders are written ``{name}`` and filled with :meth:`str.format`.

>>> t("category.full_house")
'Full House'
>>> t("error.no_rolls_left", rolls=3)
'You have used all 3 rolls of this turn: choose a category to score.'
"""

from __future__ import annotations

import ast
import contextlib
import functools
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

__all__ = [
    "LANGUAGES",
    "RTL_LANGUAGES",
    "UnknownLanguageError",
    "catalog",
    "digits",
    "get_language",
    "language",
    "set_language",
    "t",
]

LOCALE_DIR = Path(__file__).parent / "locale"

#: The languages there are, with their own names.
LANGUAGES: Mapping[str, str] = {
    "en": "English",
    "hi": "हिन्दी",
    "bn": "বাংলা",
    "kn": "ಕನ್ನಡ",
    "ur": "اردو",
}
#: Languages written right to left.
RTL_LANGUAGES = frozenset({"ur"})

_session_language = "en"


class UnknownLanguageError(ValueError):
    """A language code that has no catalog."""

    def __init__(self, code: object) -> None:
        there = ", ".join(f"{c} ({name})" for c, name in LANGUAGES.items())
        super().__init__(f"There is no catalog for language {code!r}. Choose one of: {there}.")


def check_language(code: str | None) -> str:
    """The language code to use: ``code`` itself, or the session's language when it is None."""
    if code is None:
        return _session_language
    if code not in LANGUAGES:
        raise UnknownLanguageError(code)
    return code


def set_language(code: str) -> None:
    """Choose the language of every message for this session (``"en"``, ``"hi"``, ``"bn"``, ...)."""
    global _session_language
    _session_language = check_language(code)


def get_language() -> str:
    """The session's language code."""
    return _session_language


@contextlib.contextmanager
def language(code: str) -> Iterator[None]:
    """Speak ``code`` inside a ``with`` block, then return to the previous language."""
    global _session_language
    before = _session_language
    set_language(code)
    try:
        yield
    finally:
        _session_language = before


@functools.cache
def catalog(code: str) -> Mapping[str, str]:
    """All translated messages of one language, read from its ``.po`` files."""
    messages: dict[str, str] = {}
    for path in sorted((LOCALE_DIR / check_language(code)).glob("*.po")):
        messages.update(read_po(path.read_text(encoding="utf-8")))
    return messages


_PO_LINE = re.compile(r'^(msgid|msgstr|msgctxt|msgid_plural)\s+(".*")\s*$|^(".*")\s*$')


def read_po(text: str) -> dict[str, str]:
    """The translated entries of a gettext ``.po`` text (comments, obsolete and empty skipped)."""
    entries: dict[str, str] = {}
    fields: dict[str, str] = {}
    key = ""

    def flush() -> None:
        if fields.get("msgid") and fields.get("msgstr"):
            entries[fields["msgid"]] = fields["msgstr"]
        fields.clear()

    for line in text.splitlines():
        line = line.strip()
        match = _PO_LINE.match(line)
        if match is None:  # a comment, an obsolete entry or a blank line
            if not line:
                flush()
            continue
        if match.group(1):
            if match.group(1) == "msgid":
                flush()
            key = match.group(1)
            fields[key] = ast.literal_eval(match.group(2))
        elif key:
            fields[key] += ast.literal_eval(match.group(3))
    flush()
    return entries


def t(msgid: str, lang: str | None = None, /, **params: object) -> str:
    """The message ``msgid`` in ``lang`` (default: the session's language), placeholders filled.

    A message missing from a catalog falls back to English, and to the id itself if English
    lacks it too, so a learner never sees an exception instead of a word.
    """
    code = check_language(lang)
    text = catalog(code).get(msgid) or catalog("en").get(msgid) or msgid
    shown = {key: digits(value, code) if isinstance(value, int) else value
             for key, value in params.items()}
    return text.format(**shown) if shown else text


# The Bengali and Hindi pages write Western digits, as do the Kannada and Urdu rule pages,
# so numbers stay in Western digits everywhere; this is the single place to change that.
_NATIVE_DIGITS: Mapping[str, str] = {}


def digits(number: int, lang: str | None = None) -> str:
    """A whole number written with the digits the language's rule pages use."""
    code = check_language(lang)
    text = str(number)
    native = _NATIVE_DIGITS.get(code)
    return text if native is None else text.translate(str.maketrans("0123456789", native))
