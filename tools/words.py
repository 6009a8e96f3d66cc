"""The build's own words, in every language: ``course/locale/<lang>/build.po``.

The pages the build writes (the guide and the lesson plans of ``docs/teaching.md`` and
``docs/<lang>/teaching.md``) and the build's errors read their words here, not from the
package's catalogs: no learner's kernel needs them.  They are read with the package's own reader
(:func:`yacht_edu.i18n.read_po`), and an error is said as the package says a message
(:func:`yacht_edu.i18n.t`: placeholders filled, a right-to-left message isolated).

>>> build_words("en")["docs.minutes"]
'{minutes} min'
>>> str(EditionError(problem="a markdown cell without an id"))
"The teacher's notebook is not well formed: a markdown cell without an id."
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from tools import COURSE_LOCALE
from yacht_edu.errors import RuleError
from yacht_edu.i18n import check_language, filled, in_order, isolated, read_po

__all__ = ["EditionError", "build_words", "say"]

ENGLISH = "en"


@functools.cache
def build_words(lang: str) -> Mapping[str, str]:
    """The build's messages in ``lang`` (none for a language without its ``build.po``)."""
    path = COURSE_LOCALE / check_language(lang) / "build.po"
    return read_po(path.read_text(encoding="utf-8")) if path.exists() else {}


def words(msgid: str, lang: str) -> str:
    """The text of the build's message ``msgid`` in ``lang``: English's when ``lang`` lacks it."""
    return build_words(lang).get(msgid) or build_words(ENGLISH)[msgid]


def say(msgid: str, lang: str | None = None, /, **params: object) -> str:
    """The build's message ``msgid`` in ``lang`` (the session's by default), as a message of the
    package is said: each placeholder filled, in a right-to-left language the whole isolated."""
    code = check_language(lang)
    text = words(msgid, code)
    found = code if build_words(code).get(msgid) else ENGLISH
    return isolated(filled(in_order(text, found), found, params), code)


class EditionError(RuleError):
    """A teacher's notebook whose solution regions or teacher notes are not well formed, or a
    language whose catalogs do not translate every cell: its message in the build's words."""

    default_msgid = "lessons.error.edition"

    def message(self, lang: str | None = None) -> str:
        return say(self.msgid, lang, **self.params)
