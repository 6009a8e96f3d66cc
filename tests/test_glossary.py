"""The glossary's words, enforced: no catalog entry and no built lesson of a language holds a text
that docs/glossary.md's table "Words that must not appear" bans for that language."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path
from typing import NamedTuple

import polib
import pytest

from tests.helpers.editions import LEARNER, ROOT, TEACHER
from tools.catalogs import FOLDERS
from tools.translation import TRANSLATED

GLOSSARY = ROOT / "docs" / "glossary.md"
SECTION = "## Words that must not appear"
COLUMNS = ["lang", "banned", "instead", "why"]


class Banned(NamedTuple):
    lang: str
    text: str
    instead: str


def banned_words(page: str) -> list[Banned]:
    """The rows of the page's table "Words that must not appear"; ValueError when the section
    or its table is not there, or a row does not have the table's four columns."""
    if SECTION not in page:
        raise ValueError(f"no section {SECTION!r}")
    section = page.split(SECTION, 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    if len(rows) < 2 or cells(rows[0]) != COLUMNS or not re.fullmatch(r"[\s|:-]+", rows[1]):
        raise ValueError(f"the section's table does not have the columns {COLUMNS}")
    found = []
    for row in rows[2:]:
        lang, text, instead, _ = cells(row) if len(cells(row)) == 4 else ("", "", "", "")
        if not lang or not text:
            raise ValueError(f"a row without a language and a banned text: {row}")
        found.append(Banned(lang, text, instead))
    return found


def cells(row: str) -> list[str]:
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def banned_for(lang: str) -> list[Banned]:
    found = [row for row in banned_words(GLOSSARY.read_text(encoding="utf-8")) if row.lang == lang]
    assert found, f"docs/glossary.md bans no word for {lang}: its table cannot be read or is empty"
    return found


def catalog_texts(lang: str) -> list[tuple[str, str, str]]:
    """(file, id, text) of every translation of a language's catalogs, the package's and the
    course's, plural forms included."""
    texts = []
    for path in sorted(path for folder in FOLDERS for path in (folder / lang).glob("*.po")):
        for entry in polib.pofile(str(path)):
            if entry.obsolete:
                continue
            forms = [entry.msgstr, *entry.msgstr_plural.values()]
            texts += [(path.relative_to(ROOT).as_posix(), entry.msgid, form)
                      for form in forms if form]
    return texts


def lesson_texts(lang: str) -> list[tuple[str, str, str]]:
    """(file, cell id, text) of every markdown cell of a language's built editions."""
    texts = []
    for folder in (TEACHER / lang, LEARNER / lang):
        for path in sorted(folder.glob("*.ipynb")):
            for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
                if cell["cell_type"] == "markdown":
                    source = cell["source"]
                    texts.append((str(path.relative_to(ROOT)), cell.get("id", "?"),
                                  source if isinstance(source, str) else "".join(source)))
    return texts


def holds(text: str, banned: str) -> bool:
    """True when ``banned`` starts a word of ``text`` (it may go on: a row can be a stem, ಉರುಳಿಸ);
    inside a word it is another word (दिखाने, "to show", holds खाने)."""
    return any(start == 0 or not unicodedata.category(text[start - 1]).startswith(("L", "M"))
               for start in (match.start() for match in re.finditer(re.escape(banned), text)))


def uses(texts: list[tuple[str, str, str]], banned: list[Banned]) -> list[str]:
    return [f"{where}: {msgid}: {row.text!r} (write {row.instead!r})"
            for where, msgid, text in texts for row in banned if holds(text, row.text)]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_catalog_entry_uses_a_banned_word(lang: str) -> None:
    assert uses(catalog_texts(lang), banned_for(lang)) == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_built_lesson_uses_a_banned_word(lang: str) -> None:
    assert uses(lesson_texts(lang), banned_for(lang)) == []


def test_the_table_is_read_row_by_row() -> None:
    page = ("# G\n\n## Words that must not appear\n\nText.\n\n| lang | banned | instead | why |\n"
            "| --- | --- | --- | --- |\n| kn | ದಾಳ | ಡೈಸ್ | dice |\n| ur | پانسہ | پانسا | one |\n\n"
            "## Next\n\n| kn | not | read | here |\n")
    assert banned_words(page) == [Banned("kn", "ದಾಳ", "ಡೈಸ್"), Banned("ur", "پانسہ", "پانسا")]


@pytest.mark.parametrize("page", [
    "# G\n\nno such section\n",
    "## Words that must not appear\n\nno table\n",
    "## Words that must not appear\n\n| lang | word |\n| --- | --- |\n| kn | ದಾಳ |\n",
    "## Words that must not appear\n\n| lang | banned | instead | why |\n"
    "| --- | --- | --- | --- |\n| kn | ದಾಳ |\n",
])
def test_a_table_that_cannot_be_read_fails(page: str) -> None:
    with pytest.raises(ValueError, match=r"section|table|row"):
        banned_words(page)


@pytest.mark.parametrize(("text", "banned", "found"), [
    ("पहला खाना भरें", "खाना", True),
    ("खाने में 25", "खाने", True),
    ("दिखाने के लिए", "खाने", False),   # "to show" is not a box
    ("ಡೈಸ್ ಉರುಳಿಸಿ", "ಉರುಳಿಸ", True),    # a stem: any ending
    ("(ಸರದಿ 3)", "ಸರದಿ", True),
])
def test_a_banned_text_starts_a_word(text: str, banned: str, found: bool) -> None:
    assert holds(text, banned) is found


def test_a_banned_word_is_found_and_named(tmp_path: Path) -> None:
    texts = [("kn/x.po", "board.roll", "ದಾಳಗಳನ್ನು ಎಸೆಯಿರಿ"), ("kn/x.po", "board.keep", "ಉಳಿಸಿ")]
    assert uses(texts, [Banned("kn", "ದಾಳ", "ಡೈಸ್")]) == [
        "kn/x.po: board.roll: 'ದಾಳ' (write 'ಡೈಸ್')"]


#: An upper box's name in Kannada before ವಿಭಾಗ (box), not in bold: a count ("two boxes" is
#: ಎರಡು ವಿಭಾಗಗಳು) or a box the convention writes **ಎರಡು** ವಿಭಾಗ.  ಒಂದು ವಿಭಾಗ is "a box".
UNBOLD_KANNADA_BOX = re.compile(r"(?<![*\w])(ಎರಡು|ಮೂರು|ನಾಲ್ಕು|ಐದು|ಆರು)\s+ವಿಭಾಗ(?!ಗಳ)")


def test_kannada_writes_the_upper_boxes_in_bold() -> None:
    """docs/glossary.md's Kannada note: "**ಆರು** ವಿಭಾಗ" is the Sixes box, bold in the lessons'
    prose wherever a box is meant (translations-lessons-bn-kn.md KR12)."""
    texts = [(where, msgid, text) for where, msgid, text in catalog_texts("kn")
             if "/text_" in where]
    found = [f"{where}: {msgid}" for where, msgid, text in texts
             if UNBOLD_KANNADA_BOX.search(text)]
    assert found == []
    assert UNBOLD_KANNADA_BOX.search("ಆರು ವಿಭಾಗದಲ್ಲಿ") and not UNBOLD_KANNADA_BOX.search(
        "**ಆರು** ವಿಭಾಗದಲ್ಲಿ") and not UNBOLD_KANNADA_BOX.search("ಆರು ವಿಭಾಗಗಳು")


def test_the_rows_the_lesson_reviews_ask_for_are_in_the_glossary() -> None:
    """The rows of translations-lessons-hi-ur.md §6 and translations-lessons-bn-kn.md §10: a
    lesson's goals apart from a points target (hi, kn), cost and power (ur), Kannada ordered and
    outcome, par; each with the banned word that enforces it."""
    page = GLOSSARY.read_text(encoding="utf-8")
    for concept in ("a lesson's goals", "target (points)", "cost (in points)", "power",
                    "ordered roll, outcome", "par (of a box)"):
        assert f"\n| {concept} |" in page, concept
    banned = {(row.lang, row.text) for row in banned_words(page)}
    assert {("hi", "कौन-से लक्ष्य"), ("kn", "**ಗುರಿಗಳು.**"), ("kn", "ಕ್ರಮಬದ್ಧ"),
            ("kn", "ಫಲಿತಗಳ"), ("ur", "طاقت"), ("ur", "کھیلنے کی قیمت")} <= banned
