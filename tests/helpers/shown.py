"""A catalog's words as a reader is shown them: the values filled in, and in a language written
right to left each value and the whole message isolated, as :func:`yacht_edu.i18n.t` does."""

from __future__ import annotations

from yacht_edu.i18n import BIDI_CONTROLS, FSI, PDI, RTL_LANGUAGES, in_order, isolated


def shown(lang: str, words: str, **values: str) -> str:
    """``words`` of ``lang``'s catalog with ``values`` filled in, as ``t`` shows them (its
    left-to-right pieces isolated by :func:`~yacht_edu.i18n.in_order`, tested in
    ``tests/test_i18n.py``)."""
    marks = (FSI, PDI) if lang in RTL_LANGUAGES else ("", "")
    return isolated(in_order(words, lang).format(**{key: marks[0] + value + marks[1]
                                                    for key, value in values.items()}), lang)


def plain(text: str) -> str:
    """``text`` without its direction marks."""
    return "".join(ch for ch in text if ch not in BIDI_CONTROLS)
