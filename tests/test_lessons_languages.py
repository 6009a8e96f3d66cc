"""The lessons in every language: both editions and the lesson plans are what the build writes
from the catalogs, their code is English's but for the language they choose, Urdu reads right to
left, and a language that is not fully translated gets nothing and a message naming the gaps.

The languages whose translations are not there yet are checked on editions built from made-up
catalogs (tests/helpers/fake_translation.py), so every check runs now and on the real ones later.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import polib
import pytest

from tests.helpers.editions import (
    LEARNER,
    ROOT,
    TEACHER,
    built_languages,
    fake_build,
    learner_editions,
    teacher_editions,
)
from tests.helpers.fake_translation import fake_catalogs, fake_text
from tools.build import Folders, build_lessons, main, ready_languages
from tools.direction import right_to_left
from tools.edition import source
from tools.prose import text_id
from tools.teaching import BEGIN_PLANS, END_PLANS, page_words
from tools.translation import (
    ENGLISH,
    TRANSLATED,
    language_line,
    translated_teacher,
)
from tools.words import EditionError
from yacht_edu.i18n import LANGUAGES

TEACHERS = sorted(TEACHER.glob("*.ipynb"))
REPOSITORY = Folders(teacher=TEACHER, learner=LEARNER, docs=ROOT / "docs")


def read(path: Path) -> dict[str, Any]:
    book: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return book


@pytest.fixture(scope="module")
def fake(tmp_path_factory: pytest.TempPathFactory) -> Folders:
    """Both editions and the plans in Kannada and Urdu, from made-up catalogs."""
    return fake_build(tmp_path_factory.mktemp("fake"), ["kn", "ur"])


# -- the repository's build ---------------------------------------------------------------------

@pytest.mark.lessons  # the build checks, with the lessons: not in the fast loop
def test_nothing_built_is_stale() -> None:
    ready = ready_languages(REPOSITORY)
    assert main(["--check", "--languages", ENGLISH, *ready]) == 0
    assert built_languages() == ready, "build the languages whose catalogs are complete"
    for lang in set(TRANSLATED) - set(ready):  # a language not (or no longer) fully translated
        stale = [folder for folder in (TEACHER / lang, LEARNER / lang, ROOT / "docs" / lang)
                 if folder.exists()]
        assert stale == [], f"{lang} is not fully translated: remove its old editions"


def test_every_lesson_chooses_english_in_its_first_code_cell() -> None:
    for path in TEACHERS:
        code = [source(cell) for cell in read(path)["cells"] if cell["cell_type"] == "code"]
        assert language_line(ENGLISH) in code[0].split("\n"), path.name
        assert "import yacht_edu as ye" in code[0], path.name
        assert not any("set_language(" in cell for cell in code[1:]), path.name


def test_the_plans_of_docs_teaching_are_the_teachers_notes() -> None:
    page = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    plans = page.split(BEGIN_PLANS)[1].split(END_PLANS)[0]
    for number, path in enumerate(TEACHERS, start=1):
        assert f"\n## Lesson {number} — " in plans, path.name
    assert plans.count("\n## ") == len(TEACHERS)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_teaching_page_holds_the_guide_and_the_exchange_command(lang: str) -> None:
    """Each language's page for teachers opens with how the checks work and how to grade with
    nbgrader (the English page's introduction and guide, translated), the command that creates
    nbgrader's exchange folder included, before the plans."""
    page = (ROOT / "docs" / ("" if lang == ENGLISH else lang) / "teaching.md").read_text(
        encoding="utf-8")
    grading = page_words("docs.teaching.grading", lang)
    heading = grading.split("\n", 1)[0]
    assert heading.startswith("## ") and f"\n{heading}\n" in page
    command = "sudo mkdir -p /srv/nbgrader/exchange && sudo chmod 777 /srv/nbgrader/exchange"
    assert command in grading and command in page
    assert page.index(heading) < page.index(page_words("docs.minutes", lang, minutes=50))
    introduction = page_words("docs.teaching.introduction", lang)
    assert 'check("02.3", ..., solution=True)' in introduction


# -- what a language's build holds (on the made-up catalogs) ------------------------------------

@pytest.mark.lessons  # the build checks, with the lessons: not in the fast loop
def test_a_fresh_build_is_not_stale(fake: Folders) -> None:
    assert build_lessons(fake, ["kn", "ur"], write=False).changed == []
    assert main(["--check", "--languages", "kn", "ur", "--teacher", str(fake.teacher),
                 "--learner", str(fake.learner), "--docs", str(fake.docs)]) == 1, (
        "the repository's catalogs translate nothing yet, or differently: not this build")


@pytest.mark.lessons  # the build checks, with the lessons: not in the fast loop
def test_the_check_lists_every_stale_file_and_writes_nothing(tmp_path: Path) -> None:
    folders = fake_build(tmp_path, ["kn", "ur"])
    stale = [folders.docs / "teaching.md", folders.docs / "kn" / "teaching.md",
             folders.learner / "ur" / TEACHERS[2].name, folders.teacher / "kn" / TEACHERS[0].name,
             folders.locale / "en" / "text_04.po"]
    for path in stale:  # a line added to each (in docs/teaching.md, among the plans)
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace(BEGIN_PLANS, BEGIN_PLANS + "\nA hand-written line.")
                        if BEGIN_PLANS in text else text + "\n", encoding="utf-8")
    before = {path: path.read_text(encoding="utf-8") for path in stale}
    assert sorted(build_lessons(folders, ["kn", "ur"], write=False).changed) == sorted(stale)
    assert {path: path.read_text(encoding="utf-8") for path in stale} == before
    assert sorted(build_lessons(folders, ["kn", "ur"]).changed) == sorted(stale)
    assert build_lessons(folders, ["kn", "ur"], write=False).changed == []


@pytest.mark.parametrize("lang", ["kn", "ur"])
@pytest.mark.parametrize("path", TEACHERS, ids=lambda p: p.name)
def test_each_markdown_cell_is_its_translation(fake: Folders, lang: str, path: Path) -> None:
    english, built = read(path), read(fake.teacher / lang / path.name)
    lesson = path.name[:2]
    for cell, translated in zip(english["cells"], built["cells"], strict=True):
        if cell["cell_type"] == "markdown":
            wanted = right_to_left(lang, fake_text(lang, source(cell)))
            assert source(translated) == wanted, text_id(lesson, cell)
    assert built["metadata"]["yacht_edu"]["language"] == lang
    assert read(fake.learner / lang / path.name)["metadata"]["yacht_edu"] == {
        **english["metadata"].get("yacht_edu", {}), "language": lang, "edition": "learner"}


@pytest.mark.parametrize("path", TEACHERS, ids=lambda p: p.name)
def test_urdu_markdown_is_set_right_to_left(fake: Folders, path: Path) -> None:
    for folder in (fake.teacher, fake.learner):
        for cell in read(folder / "ur" / path.name)["cells"]:
            if cell["cell_type"] == "markdown":
                text = source(cell)
                assert text.startswith('<div dir="rtl" lang="ur">\n\n'), text[:60]
                assert text.endswith("\n\n</div>"), text[-60:]
    for cell in read(fake.teacher / "kn" / path.name)["cells"]:
        assert "dir=" not in source(cell)


@pytest.mark.parametrize("lang", ["kn", "ur"])
def test_the_plans_are_written_in_each_language(fake: Folders, lang: str) -> None:
    page = (fake.docs / lang / "teaching.md").read_text(encoding="utf-8")
    assert f"# {page_words('docs.teaching.title', lang)}\n" in page
    minutes = page_words("docs.minutes", lang, minutes=50)
    assert f"## Lesson 1 — Playing Yacht ({minutes})" in page
    assert page.count("\n## ") == len(TEACHERS) + 1  # the plans and the grading guide
    assert "../rules.md#scoring" in page and "(rules.md" not in page  # links from docs/<lang>/
    english = (fake.docs / "teaching.md").read_text(encoding="utf-8")
    assert "[the rule book](rules.md#scoring)" in english


# -- the same code in every language ------------------------------------------------------------

def cells_but_the_language(book: dict[str, Any], lang: str) -> list[tuple[Any, ...]]:
    """Every cell's type, id, metadata and code (the language line said in English), and the
    notebook's metadata without its language."""
    rows: list[tuple[Any, ...]] = []
    for cell in book["cells"]:
        code = source(cell).replace(language_line(lang), language_line(ENGLISH))
        rows.append((cell["cell_type"], cell.get("id"), cell.get("metadata"),
                     code if cell["cell_type"] == "code" else None, cell.get("outputs")))
    metadata = json.loads(json.dumps(book["metadata"]))
    metadata.get("yacht_edu", {}).pop("language", None)
    if metadata.get("yacht_edu") == {}:  # a teacher's notebook that recorded nothing else
        del metadata["yacht_edu"]
    rows.append(("metadata", metadata))
    return rows


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("path", TEACHERS, ids=lambda p: p.name)
def test_every_language_runs_the_same_code(lang: str, path: Path) -> None:
    for editions in (teacher_editions(path), learner_editions(path)):
        english, built = read(editions[ENGLISH]), read(editions[lang])
        code = [source(cell) for cell in built["cells"] if cell["cell_type"] == "code"]
        assert language_line(lang) in code[0].split("\n")
        assert cells_but_the_language(built, lang) == cells_but_the_language(english, ENGLISH)


# -- a language not fully translated -------------------------------------------------------------

def one_entry(folder: Path, lang: str, part: str, msgid: str) -> tuple[polib.POFile, Any]:
    po = polib.pofile(str(folder / lang / f"{part}.po"))
    return po, po.find(msgid)


@pytest.mark.parametrize("gap", ["empty", "outdated", "missing", "fuzzy"])
def test_a_gap_stops_the_language_naming_lesson_language_and_id(tmp_path: Path, gap: str) -> None:
    folders = fake_build(tmp_path / "built", ["ur"])
    locale = tmp_path / "locale"
    fake_catalogs(TEACHER, locale, ["kn"])
    msgid = "text.03.03-06"
    po, entry = one_entry(locale, "kn", "text_03", msgid)
    if gap == "empty":
        entry.msgstr = ""
    elif gap == "outdated":
        entry.comment = entry.comment.replace("en: ", "en: An older English. ", 1)
    elif gap == "missing":
        po.remove(entry)
    else:
        entry.flags.append("fuzzy")
    po.save()
    outcome = build_lessons(Folders(folders.teacher, folders.learner, folders.docs, locale),
                            ["kn"])
    (error,) = outcome.errors
    assert isinstance(error, EditionError)
    assert all(word in str(error) for word in ("lesson 03", "(kn)", msgid, LANGUAGES["kn"]))
    assert "lesson 02" not in str(error)
    assert not (folders.teacher / "kn").exists() and not (folders.learner / "kn").exists()
    assert not (folders.docs / "kn").exists()


def test_english_alone_is_built_whatever_the_catalogs(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    shutil.copy(ROOT / "docs" / "teaching.md", docs / "teaching.md")
    command = ["--learner", str(tmp_path / "notebooks"), "--docs", str(docs)]
    assert main([*command, "--languages", "en"]) == 0
    assert sorted(p.name for p in (tmp_path / "notebooks").iterdir()) == [p.name for p in TEACHERS]
    if set(ready_languages(REPOSITORY)) != set(TRANSLATED):
        assert main(command) == 1  # every language asked for: the untranslated ones fail


@pytest.mark.parametrize("cell", ["no line", "two lines", "a later cell"])
def test_the_language_line_must_be_once_in_the_first_code_cell(cell: str) -> None:
    book = read(TEACHERS[0])
    code = [c for c in book["cells"] if c["cell_type"] == "code"]
    line = language_line(ENGLISH)
    if cell == "no line":
        code[0]["source"] = source(code[0]).replace(line, "")
    elif cell == "two lines":
        code[0]["source"] = source(code[0]) + "\n" + line
    else:
        code[1]["source"] = source(code[1]) + "\n" + line
    texts = {text_id("01", c): "x" for c in book["cells"] if c["cell_type"] == "markdown"}
    with pytest.raises(EditionError, match="first code cell"):
        translated_teacher(book, "kn", texts, "01")
