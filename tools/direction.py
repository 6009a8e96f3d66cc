"""A lesson's markdown set right to left, for a language written so (Urdu), as JupyterLab 4 and
Notebook 7 show it.

The cell is wrapped in ``<div dir="rtl" lang="ur">`` with blank lines inside, so that its
markdown still renders and every block runs right to left (lists and tables too: a table's first
column is on the right).  Inside it, what reads left to right stays so: each inline code, formula
and number range (``0–5``, whose ends the bidirectional algorithm would swap) is wrapped in
``<span dir="ltr">``, a display formula in ``<div dir="ltr">``.  JupyterLab's sanitizer keeps
``dir``, ``lang`` and a ``text-align`` style; its style sheet sets every markdown paragraph
``text-align: left``, so a paragraph is written as the HTML paragraph it renders to, right
aligned, with its inline markdown (bold, italics, code, links) turned into HTML here; formulas
are left in place for JupyterLab's MathJax, which reads them from HTML as from markdown.

>>> print(right_to_left("ur", "## Keep `x`\\n\\n**Two** dice: $p = 1/6$ in 0–5 min."))
<div dir="rtl" lang="ur">
<BLANKLINE>
## Keep <span dir="ltr">`x`</span>
<BLANKLINE>
<p dir="rtl" style="text-align: right"><strong>Two</strong> dice: <span dir="ltr">$p = 1/6$</span> \
in <span dir="ltr">0–\u20605</span> min.</p>
<BLANKLINE>
</div>
>>> print(right_to_left("ur", "1. Run:\\n\\n   ```\\n   pip install x\\n   ```"))
<div dir="rtl" lang="ur">
<BLANKLINE>
1. Run:
<BLANKLINE>
   <div dir="ltr">
<BLANKLINE>
   ```
   pip install x
   ```
<BLANKLINE>
   </div>
<BLANKLINE>
</div>
>>> right_to_left("kn", "Unchanged `x`.")
'Unchanged `x`.'
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from yacht_edu.i18n import RTL_LANGUAGES

__all__ = ["WORD_JOINER", "paragraph_html", "right_to_left"]

# What stays left to right: inline code, then formulas ($$...$$ before $...$), each one match so
# that a dollar inside code is not a formula.
_LEFT_TO_RIGHT = re.compile(r"`[^`\n]+`|\$\$.+?\$\$|\$[^$\n]+\$", re.DOTALL)
# A number range, product or sum joined by a neutral sign (0–5, 2 × 3, 5 + 5 = 10), whose order
# the bidirectional algorithm would turn round; and a number with a sign before it (+100,
# ± 34.80), whose sign it would put after the number.  A dice pattern (3-3-3-1-5) is the first
# kind; a hyphen is never a sign.
_NUMBERS = re.compile(r"\d[\d,.]*(?:\s?[–×=+−≈±-]\s?\d[\d,.]*)+|(?<![\w)])[+±−]\s?\d[\d,.]*")
#: Joins the en dash of a range to the number after it, so that a line never breaks between
#: "12–" and "22" (a right-to-left line would show them at its two ends).
WORD_JOINER = "\u2060"
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
_ITALIC = re.compile(r"(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])", re.DOTALL)
# A block that markdown does not make a paragraph: a heading, a list, a table, a quote, HTML.
_NOT_A_PARAGRAPH = re.compile(r"#|[-*+] |\d+[.)] |\||>|<|```|~~~| {4}")
RIGHT = '<p dir="rtl" style="text-align: right">'


def right_to_left(lang: str, text: str) -> str:
    """A markdown cell's text as ``lang`` shows it (see the module); a language written left to
    right gets its text as it is."""
    if lang not in RTL_LANGUAGES:
        return text
    blocks = [shown_block(block) for block in re.split(r"\n[ \t]*\n", text.strip("\n"))]
    return f'<div dir="rtl" lang="{lang}">\n\n' + "\n\n".join(blocks) + "\n\n</div>"


def shown_block(block: str) -> str:
    """One block of the cell (the text between blank lines) in its direction."""
    if block.startswith("$$"):
        return f'<div dir="ltr">{block}</div>'
    if block.lstrip(" ").startswith(("```", "~~~")):  # a command to copy, as it is typed
        indent = block[:len(block) - len(block.lstrip(" "))]  # inside a list item, as deep
        return f'{indent}<div dir="ltr">\n\n{block}\n\n{indent}</div>'
    if _NOT_A_PARAGRAPH.match(block):
        return pieces(block, markdown_text, lambda code: code)
    indent = block[:len(block) - len(block.lstrip(" "))]  # a list item's later paragraph
    return indent + paragraph_html(block[len(indent):])


def paragraph_html(block: str) -> str:
    """A markdown paragraph as a right-aligned HTML paragraph (its inline markdown in HTML)."""
    return RIGHT + pieces(block, inline_html, code_html) + "</p>"


def pieces(text: str, words: Callable[[str], str], code: Callable[[str], str]) -> str:
    """``text`` with every inline code and formula set left to right (a code through ``code``),
    the rest through ``words``."""
    shown: list[str] = []
    end = 0
    for match in _LEFT_TO_RIGHT.finditer(text):
        found = match.group(0)
        shown += [words(text[end:match.start()]),
                  f'<span dir="ltr">{code(found) if found.startswith("`") else found}</span>']
        end = match.end()
    shown.append(words(text[end:]))
    return "".join(shown)


def markdown_text(text: str) -> str:
    """Markdown outside code and formulas, its number ranges and signed numbers set left to
    right (a range's dash joined to its end).

    >>> print(markdown_text("+100 بونس، ± 34.80، 12–22 منٹ، 3-3-3-1-5"))
    <span dir="ltr">+100</span> بونس، <span dir="ltr">± 34.80</span>، \
<span dir="ltr">12–⁠22</span> منٹ، <span dir="ltr">3-3-3-1-5</span>
    """
    return _NUMBERS.sub(lambda match: f'<span dir="ltr">{joined(match.group(0))}</span>', text)


def joined(numbers: str) -> str:
    """A range's en dash joined to the number after it (:data:`WORD_JOINER`)."""
    return numbers.replace("–", "–" + WORD_JOINER)


def code_html(code: str) -> str:
    """An inline code as HTML: ```x < 1``` is ``<code>x &lt; 1</code>``."""
    return f"<code>{html.escape(code.strip('`'), quote=False)}</code>"


def inline_html(text: str) -> str:
    """Markdown outside code and formulas, as HTML: links, bold, italics, number ranges."""
    text = markdown_text(html.escape(text, quote=False))
    text = _LINK.sub(lambda match: f'<a href="{match.group(2)}">{match.group(1)}</a>', text)
    text = _BOLD.sub(r"<strong>\1</strong>", text)
    return _ITALIC.sub(r"<em>\1</em>", text)
