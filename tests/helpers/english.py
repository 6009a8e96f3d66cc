"""English sentences in what a lesson shows a Kannada or Urdu learner.

A cell's outputs are read as the learner sees them (an HTML output without its tags, else its
plain text; images and widgets are not text).  What may stay in Latin letters is left out first:
inline code and Python as it is written (``ye.score(...)``, ``keep=``, ``full_house``,
``True``), numbers, addresses, and the box names the glossary keeps in Latin letters in that
language (``Full House``, ``Four of a Kind``, ``Yacht``; the board's ``Joker``).  What is left is
cut into pieces at line ends and sentence marks, and a piece is English when Latin letters are most
of its letters and it holds a few Latin words, one of them among the commonest English words::

    >>> english_sentences("ಉಳಿದ ಎಸೆತಗಳು: 2", "kn")
    []
    >>> english_sentences("Yacht (four of a kind scores all five dice): 100%", "kn")
    ['(four of a kind scores all five dice)']
    >>> english_sentences("ಇಲ್ಲಿ Full House ಮತ್ತು `ye.score([2, 2, 3, 3, 3], 'full_house')`", "kn")
    []
"""

from __future__ import annotations

import ast
import functools
import html
import re
import textwrap
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["COMMON_WORDS", "english_in_outputs", "english_sentences", "kept_names", "shown_text"]

#: The commonest English words (function words and the verbs every sentence has): a run of Latin
#: words with one of these is a sentence, not a name.
COMMON_WORDS = frozenset("""
a an the of to in on at by for from with without into as and or but not no if then than so
is are was were be been being has have had do does did can could will would should may must
you your we our it its this that these those there here what which who when where how why
all each every one some any more most less only also very just still again
one two three four five six roll rolls rolled keep kept score scores scored points point
left turn turns game games box boxes dice die chance best play played player players
""".split())  # noqa: SIM905

_CODE = re.compile(
    r"`[^`]*`"                                # inline code
    r"|https?://\S+"                          # an address
    r"|\b[A-Za-z_][\w.]*\("                   # a call's name, ye.score( or GoalAdvice(
    r"|\b\w+=\S*"                             # a keyword argument, keep=(5, 5)
    r"|\b\w*[_.]\w+\b"                        # a Python name, full_house, ye.Game
    r"|\b(?:True|False|None)\b"
    r"|\d[\d,./:%×^+\-–]*")                   # a number
_PIECES = re.compile(r"[\n.!?;:।॥؟۔|]+")
_LATIN_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")


@functools.cache
def kept_names(lang: str) -> tuple[str, ...]:
    """The names that stay in Latin letters in ``lang``: its box names written in Latin
    letters, and the board's word "Joker" — longest first."""
    from yacht_edu.i18n import catalog

    names = {text for msgid, text in catalog(lang).items()
             if msgid.startswith("category.") and re.fullmatch(r"[A-Za-z ]+", text)}
    return tuple(sorted(names | {"Joker"}, key=len, reverse=True))


def is_python(text: str) -> bool:
    """True for Python source shown as it is (``print(inspect.getsource(...))``): text that
    parses as Python with a statement in it, not only an expression (a repr parses too)."""
    try:
        tree = ast.parse(textwrap.dedent(text))
    except (SyntaxError, ValueError):
        return False
    return any(not isinstance(node, ast.Expr) for node in tree.body)


def english_sentences(text: str, lang: str) -> list[str]:
    """The pieces of ``text`` that are English sentences (see the module); none in Python
    source shown as it is."""
    if is_python(text):
        return []
    # direction marks, as they are or as a repr escapes them ('\\u2068Four of a Kind\\u2069')
    text = re.sub(r"\\u[0-9a-fA-F]{4}|[\u200e\u200f\u2066-\u2069]", " ", text)
    for name in kept_names(lang):
        text = re.sub(rf"\b{re.escape(name)}\b", " ", text)
    text = _CODE.sub(" ", text)
    found = []
    for piece in _PIECES.split(text):
        letters = [ch for ch in piece if ch.isalpha()]
        latin = [ch for ch in letters if ch.isascii()]
        words = _LATIN_WORD.findall(piece)
        common = [word for word in words if word.lower() in COMMON_WORDS]
        if len(latin) * 2 > len(letters) and len(words) >= 2 and common:
            found.append(" ".join(piece.split()))
    return found


def shown_text(output: Mapping[str, Any]) -> str:
    """The text of one output as the learner sees it: a stream's text, a display's HTML without
    its tags (else its plain text), an error's message; nothing for an image or a widget."""
    if output.get("output_type") == "stream" or ("text" in output and "data" not in output):
        return str(output.get("text", ""))
    if "evalue" in output:
        return f"{output.get('ename', '')}: {output['evalue']}"
    data = output.get("data", {})
    if "text/html" in data:
        markup = "".join(data["text/html"])
        markup = re.sub(r"(?is)<(script|style)\b.*?</\1>", " ", markup)
        return html.unescape(re.sub(r"<[^>]+>", "\n", markup))
    if "application/vnd.jupyter.widget-view+json" in data or any(
            kind.startswith("image/") for kind in data):
        return ""
    return "".join(data.get("text/markdown", data.get("text/plain", "")))


def english_in_outputs(outputs: Iterable[Mapping[str, Any]], lang: str) -> list[str]:
    """Every English sentence in a cell's outputs."""
    return [sentence for output in outputs
            for sentence in english_sentences(shown_text(output), lang)]
