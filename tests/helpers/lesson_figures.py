"""Every number a lesson states in its markdown, and the check that each is what the package says.

A lesson's test names each figure its text states (as written: ``"7,776"``, ``"25/648"``,
``"0.5981"``, ``"6^5"``, the ``1,296`` of "1 in 1,296") with the value the package computes;
:func:`check_figures` fails when the text states a number the test does not name, when a named
figure is no longer in the text, or when a figure and its value disagree (a decimal must be the
value rounded to the places it shows).  Left out as plain: whole numbers up to 12 (faces, dice,
rolls, boxes, lesson numbers), the ids of the exercises (01.3, 10.1), durations of the teacher's
minute plan ("5–12 min", with each language's word for minutes), and numbers inside `code`.

The same figures are checked in every language's teacher's edition of the lesson (its markdown
is the catalogs' translation; :func:`tests.helpers.editions.teacher_editions`): a translation
must state every figure of the English, and no other.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path

from tests.helpers.editions import TEACHER, teacher_editions
from tools.direction import WORD_JOINER
from tools.teaching import page_words
from yacht_edu.i18n import LANGUAGES

__all__ = ["check_figures", "stated_numbers", "value_of"]

_CODE = re.compile(r"`[^`]*`")
_TAG = re.compile(r"</?[A-Za-z][^<>]*>")
#: The word for minutes in every language (the plans' headings write "50 min" with it).
MINUTES = sorted({page_words("docs.minutes", lang, minutes="").strip() for lang in LANGUAGES})
_DURATION = re.compile(r"\d+(?:\s*[–-]\s*\d+)?\s*(?:" + "|".join(MINUTES) + r")(?![A-Za-z])")
_NUMBER = re.compile(r"(?<![\w.])\d+(?:,\d{3})*(?:\.\d+)?(?:/\d+(?:,\d{3})*)?(?:\^\d+)?")
PLAIN = frozenset(str(n) for n in range(13))


def markdown(path: Path) -> str:
    """All markdown of a notebook, one cell after another, without HTML tags (the markup that
    sets a right-to-left language's cell, and its code and formulas, in their direction; an
    HTML code is written as markdown's)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    text = "\n\n".join(c["source"] if isinstance(c["source"], str) else "".join(c["source"])
                       for c in cells if c["cell_type"] == "markdown")
    text = text.replace(WORD_JOINER, "")  # a range's dash joined to its end in Urdu
    return html.unescape(_TAG.sub("", re.sub(r"</?code>", "`", text)))


def stated_numbers(path: Path) -> set[str]:
    """The numbers the markdown states, as written, less the plain ones (see the module).

    >>> import tempfile
    >>> cell = {"cell_type": "markdown", "source": "Of 7,776 rolls 300 (25/648 ≈ 0.0386); "
    ...         "`f(77)`, 6 dice, exercise 02.3, 5–12 min, <span dir='ltr'>20–35</span> منٹ"}
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "x.ipynb"
    ...     _ = path.write_text(json.dumps({"cells": [cell]}))
    ...     sorted(stated_numbers(path))
    ['0.0386', '25/648', '300', '7,776']
    """
    text = _DURATION.sub(" ", _CODE.sub(" ", markdown(path)))
    found = set(_NUMBER.findall(text))
    return {n for n in found if n not in PLAIN and n not in exercise_ids()}


def exercise_ids() -> set[str]:
    """The ids of every lesson's exercises ("02.3", "10.1"): names, not numbers."""
    from yacht_edu.lessons import exercises, lessons

    return {task.id for lesson in lessons() for task in exercises(lesson)}


def value_of(written: str) -> Fraction:
    """The exact value of a number as written: ``"7,776"``, ``"25/648"``, ``"0.5981"``, and
    with a power as LaTeX writes it, ``"6^5"`` or ``"1/6^5"`` (the power binds to the last number).

    >>> value_of("1/6^5"), value_of("6^5"), value_of("1,296")
    (Fraction(1, 7776), Fraction(7776, 1), Fraction(1296, 1))
    """
    text, _, power = written.replace(",", "").partition("^")
    if not power:
        return Fraction(text)
    top, _, bottom = text.rpartition("/")
    base = Fraction(int(bottom) ** int(power))
    return Fraction(top) / base if top else base


def agrees(written: str, value: object) -> bool:
    """True when the figure as written states ``value``: exactly, or rounded to its places."""
    exact = Fraction(str(value)) if not isinstance(value, (int, Fraction)) else Fraction(value)
    stated = value_of(written)
    if "." in written and "/" not in written and "^" not in written:
        places = len(written.split(".")[1])
        return abs(exact - stated) <= Fraction(1, 2 * 10**places)
    return exact == stated


def check_figures(path: Path, figures: Mapping[str, object]) -> None:
    """Fail unless the markdown states exactly the named figures, each agreeing with its value,
    in the lesson and, for a teacher's notebook, in its edition in every language."""
    editions = teacher_editions(path) if path.parent == TEACHER else {"en": path}
    for lang, edition in editions.items():
        check_edition(edition, figures, f"{lang}/{path.name}")


def check_edition(path: Path, figures: Mapping[str, object], name: str) -> None:
    stated = stated_numbers(path)
    assert sorted(stated - set(figures)) == [], f"{name} states numbers no test checks"
    assert sorted(set(figures) - stated) == [], f"{name} no longer states these"
    wrong = {written: value for written, value in figures.items() if not agrees(written, value)}
    assert wrong == {}, f"{name}: these figures disagree with the package"
