"""The learners' languages: every catalog translates every English message, the language can be
chosen per call and per session, rule errors arrive in it, and the box names are the rule
pages' (docs/rules.md#sources).

The catalog checks read every language's every English part, so a new English string fails
here (naming each catalog that lacks it) until it is translated: run
``python -m tools.catalogs --sync`` to add it (empty) to every catalog, then translate it.
"""

from __future__ import annotations

import ast
import functools
import re
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import polib
import pytest

import yacht_edu
from tests.helpers.grid import check_every
from tests.helpers.shown import plain, shown
from tools import catalogs as check
from yacht_edu import (
    BoxUsedError,
    Dice,
    Game,
    InvalidDiceError,
    JokerRuleError,
    NoRollsLeftError,
    NotRolledYetError,
    RuleError,
    Scorecard,
    UnknownBoxError,
    UnknownLanguageError,
    UpperSectionFirstError,
    categories,
    get_language,
    get_rules,
    set_language,
)
from yacht_edu.custom import custom_rules as ye_custom_rules
from yacht_edu.display.scorecard import scorecard_html
from yacht_edu.i18n import (
    BIDI_CONTROLS,
    FSI,
    LANGUAGES,
    LOCALE_DIR,
    LRI,
    PDI,
    RLI,
    RTL_LANGUAGES,
    BoxName,
    Faces,
    catalog,
    in_order,
    language,
    left_to_right,
    plural_catalog,
    plural_rule,
    read_plural_po,
    t,
    tn,
)

TRANSLATED = [code for code in LANGUAGES if code != "en"]
PARTS = check.parts()
#: Every translated catalog: (language, English part).
CATALOGS = [(lang, part) for lang in TRANSLATED for part in PARTS]


@pytest.fixture(autouse=True)
def session_language() -> Iterator[None]:
    """Every test leaves the session's language as it found it."""
    before = get_language()
    yield
    set_language(before)


@functools.cache
def translation(lang: str, part: str) -> polib.POFile:
    po = check.read_catalog(lang, part)
    assert po is not None, (f"{lang}/{part}.po is missing: run "
                            f"python -m tools.catalogs --sync {lang}, then translate it")
    return po


english_of = functools.cache(check.english)


def every_catalog(problems: Callable[[polib.POFile, dict[str, str], str], list[str]]) -> None:
    """Every translated catalog has none of the ``problems`` (of its translation, its part's
    English and its language); a failure names every catalog with its problems."""
    def has_none(catalog: tuple[str, str]) -> None:
        lang, part = catalog
        found = problems(translation(lang, part), english_of(part), lang)
        assert not found, ", ".join(found)

    check_every(CATALOGS, has_none, name=lambda catalog: "{}/{}.po".format(*catalog))


# -- every catalog against English, part by part --------------------------------------------------

def test_the_languages_are_the_catalog_folders() -> None:
    folders = {p.name for p in LOCALE_DIR.iterdir() if p.is_dir() and any(p.glob("*.po"))}
    assert folders == set(LANGUAGES) == {"en", "hi", "bn", "kn", "ur"}
    assert PARTS and "model" in PARTS


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_stale_part(lang: str) -> None:
    assert check.extra_parts(lang) == []


def test_header_names_the_language_utf8_and_plural_forms() -> None:
    every_catalog(lambda po, source, lang: check.header_problems(lang, po))


def test_every_english_id_is_translated() -> None:
    every_catalog(lambda po, source, lang: [*check.missing_ids(source, po),
                                            *check.untranslated_ids(source, po)])


def test_no_stale_id() -> None:
    every_catalog(lambda po, source, lang: check.stale_ids(source, po))


def test_every_placeholder_survives() -> None:
    every_catalog(lambda po, source, lang: check.placeholder_mismatches(source, po))


def test_numbers_in_western_digits_and_python_names_kept() -> None:
    every_catalog(lambda po, source, lang: [*check.number_mismatches(source, po),
                                            *check.lost_python(source, po)])


def test_translations_follow_the_current_english() -> None:
    every_catalog(lambda po, source, lang: [*check.outdated_ids(source, po),
                                            *check.unexplained_english(source, po)])


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_runtime_reads_what_polib_reads(lang: str) -> None:
    """Two readers of the same files agree: the package's own and polib (what tools use)."""
    with_polib = {
        e.msgid: e.msgstr
        for path in sorted((LOCALE_DIR / lang).glob("*.po"))
        for e in polib.pofile(str(path))
        if e.msgid and e.msgstr and not e.obsolete
    }
    assert dict(catalog(lang)) == with_polib


def message_ids_named_in_the_code() -> dict[str, str]:
    """Every string constant in the package that has the shape of a message id, with its file."""
    prefixes = "|".join(sorted({msgid.split(".")[0] for msgid in catalog("en")}))
    shape = re.compile(rf"(?:{prefixes})\.[a-z0-9_]+(?:\.[a-z0-9_]+)*")
    package = Path(yacht_edu.__file__).parent
    named: dict[str, str] = {}
    for path in package.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        in_f_strings = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
                        for part in node.values}  # "rules.joker_" of f"rules.joker_{joker}"
        named |= {node.value: str(path.relative_to(package)) for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and id(node) not in in_f_strings and shape.fullmatch(node.value)
                  and not node.value.endswith((".py", ".po", ".json", ".js", ".css"))}
    return named


def test_every_message_id_the_code_names_is_in_english() -> None:
    """A learner never sees a bare id such as ``error.no_rolls_left`` instead of a sentence."""
    named = message_ids_named_in_the_code()
    assert "error.keep_both" in named and "card.total" in named  # the scan finds real uses
    known = set(catalog("en")) | set(plural_catalog("en"))
    assert {msgid: path for msgid, path in named.items() if msgid not in known} == {}


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_runtime_reads_the_plural_forms_polib_reads(lang: str) -> None:
    with_polib = {
        e.msgid: tuple(e.msgstr_plural[n] for n in sorted(e.msgstr_plural))
        for path in sorted((LOCALE_DIR / lang).glob("*.po"))
        for e in polib.pofile(str(path))
        if e.msgid_plural and not e.obsolete
    }
    assert with_polib  # the board's counts are written with plural forms
    assert dict(plural_catalog(lang)) == with_polib


@pytest.mark.parametrize(("lang", "forms"), [
    ("en", {0: 1, 1: 0, 2: 1, 3: 1}),    # "0 rolls", "1 roll", "2 rolls"
    ("hi", {0: 0, 1: 0, 2: 1, 3: 1}),    # CLDR: 0 and 1 take the singular
    ("bn", {0: 0, 1: 0, 2: 1, 3: 1}),
    ("kn", {0: 0, 1: 0, 2: 1, 3: 1}),
    ("ur", {0: 1, 1: 0, 2: 1, 3: 1}),
])
def test_each_language_chooses_its_plural_form_from_its_header(lang: str,
                                                                 forms: dict[int, int]) -> None:
    assert {n: plural_rule(lang)(n) for n in forms} == forms
    singular, plural = plural_catalog(lang)["board.points"]
    for n, form in forms.items():
        assert tn("board.points", n, lang) == shown(lang, (singular, plural)[form], count=str(n))


def test_a_plural_message_missing_from_a_catalog_falls_back_to_english() -> None:
    assert tn("board.nonexistent", 2, "kn") == "board.nonexistent"
    assert read_plural_po('msgid "a"\nmsgid_plural "a"\nmsgstr[0] "x"\nmsgstr[1] ""\n') == {}


def test_the_checks_catch_each_kind_of_fault(tmp_path: Path) -> None:
    """Each check can fail: a catalog with one fault of every kind is caught fault by fault."""
    english = {
        "a.fine": "Roll {rolls} times",
        "b.missing": "Missing",
        "c.empty": "Empty",
        "d.fuzzy": "Fuzzy",
        "e.placeholder": "{category} is full",
        "f.number": "Bonus (35 at 63)",
        "g.native": "at most 5",
        "h.python": "Use keep= or Game.to_json(), then True",
        "i.outdated": "New English",
        "j.latin": "Full House",
        "k.marked": "{box} is full",
    }
    po = polib.POFile()
    po.metadata = {"Language": "xx", "Content-Type": "text/plain; charset=UTF-8"}
    faulty = {
        "a.fine": ("{rolls} बार फेंकें", "Roll {rolls} times", ""),
        "c.empty": ("", "Empty", ""),
        "d.fuzzy": ("धुंधला", "Fuzzy", "fuzzy"),
        "e.placeholder": ("{categroy} भरी है", "{category} is full", ""),
        "f.number": ("बोनस (63 पर)", "Bonus (35 at 63)", ""),
        "g.native": ("अधिकतम ५", "at most 5", ""),
        "h.python": ("रखें= या Game.to_json(), फिर सही", english["h.python"], ""),
        "i.outdated": ("पुराना", "Old English", ""),
        "j.latin": ("Full House", "Full House", ""),
        "k.marked": ("\u2067\u2068{box}\u2069 بھرا ہے\u2069", "{box} is full", ""),
        "z.stale": ("बासी", "Stale", ""),
    }
    for msgid, (msgstr, en, flag) in faulty.items():
        entry = polib.POEntry(msgid=msgid, msgstr=msgstr, comment=check.EN_NOTE + en)
        if flag:
            entry.flags.append(flag)
        po.append(entry)
    assert check.missing_ids(english, po) == ["b.missing"]
    assert check.stale_ids(english, po) == ["z.stale"]
    assert check.untranslated_ids(english, po) == ["c.empty", "d.fuzzy"]
    assert check.placeholder_mismatches(english, po) == ["e.placeholder"]
    assert check.number_mismatches(english, po) == ["f.number", "g.native"]
    assert check.lost_python(english, po) == ["h.python"]
    assert check.outdated_ids(english, po) == ["i.outdated"]
    assert check.unexplained_english(english, po) == ["j.latin"]
    assert check.direction_marks(english, po) == ["k.marked"]
    assert check.header_problems("xx", po) == ["Plural-Forms"]
    po.find("j.latin").tcomment = "source 001: the page keeps this name in Latin letters"
    assert check.unexplained_english(english, po) == []


def test_a_long_english_note_wrapped_by_polib_still_records_its_english(tmp_path: Path) -> None:
    """polib writes a long note over several ``#.`` lines; the check reads it whole."""
    english = {"t.long": "# A heading\n\nA full-house paragraph, long enough to be wrapped, " * 3,
               "t.old": "Old words, long enough to be wrapped over two lines or three, " * 3}
    po = polib.POFile()
    po.metadata = {"Language": "bn", "Content-Type": "text/plain; charset=UTF-8"}
    for msgid, en in english.items():
        note = check.EN_NOTE + en.replace("\n", "\\n")
        po.append(polib.POEntry(msgid=msgid, msgstr="অনুবাদ", comment=note + "\nlesson text"))
    po.save(str(tmp_path / "demo.po"))
    saved = polib.pofile(str(tmp_path / "demo.po"))
    assert len(saved.find("t.long").comment.splitlines()) > 3
    assert check.outdated_ids(english | {"t.old": "New words"}, saved) == ["t.old"]


def test_sync_adds_new_english_ids_and_retires_stale_ones(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "demo.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: en\\n"\n\nmsgid "x.kept"\nmsgstr "Kept"\n\n'
        'msgid "x.new"\nmsgstr "New {n}"\n', encoding="utf-8")
    (tmp_path / "kn").mkdir()
    (tmp_path / "kn" / "demo.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: kn\\n"\n\n#. en: Kept\nmsgid "x.kept"\nmsgstr "ಉಳಿದಿದೆ"\n\n'
        'msgid "x.gone"\nmsgstr "ಹೋಯಿತು"\n', encoding="utf-8")
    assert check.sync("kn", "demo", tmp_path) == ["+ x.new", "- x.gone"]
    added = check.read_catalog("kn", "demo", tmp_path).find("x.new")  # type: ignore[union-attr]
    assert (added.msgstr, check.recorded_english(added)) == ("", "New {n}")
    kinds = {(p.msgid, p.kind) for p in check.problems("kn", "demo", tmp_path)}
    assert kinds == {("x.new", "empty or fuzzy"), ("Content-Type", "header"),
                     ("Plural-Forms", "header")}
    assert check.sync("kn", "demo", tmp_path) == []
    assert check.problems("hi", "demo", tmp_path)[0].kind == "no catalog"



def test_sync_records_a_long_english_whole(tmp_path: Path) -> None:
    """A lesson's paragraph is longer than a line: its English note must not be wrapped, or the
    check would read only the first line and call the translation outdated."""
    english = "A paragraph of a lesson, " * 8 + "\nand a second line."
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "demo.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: en\\n"\n\nmsgid "x.long"\nmsgstr ""\n'
        + "".join(f'"{line}"\n' for line in english.replace("\n", "\\n\n").splitlines())
        + "\n", encoding="utf-8")
    check.sync("kn", "demo", tmp_path)
    added = check.read_catalog("kn", "demo", tmp_path).find("x.long")  # type: ignore[union-attr]
    assert check.recorded_english(added) == english

@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_message_id_is_defined_in_one_part_only(lang: str) -> None:
    """The runtime reads a language's parts into one catalog: a second definition would replace
    the first, and a lesson would show another lesson's words."""
    assert check.duplicate_ids(lang) == {}
    assert check.language_problems(lang) == []


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_catalog_has_its_languages_plural_forms(lang: str) -> None:
    for part in PARTS:
        po = check.read_catalog(lang, part)
        assert po is not None and not check.plural_forms_problem(lang, po), (lang, part)
    assert check.PLURAL_FORMS[lang] == {"en": "nplurals=2; plural=(n != 1);",
                                        "ur": "nplurals=2; plural=(n != 1);"}.get(
        lang, "nplurals=2; plural=(n > 1);")  # CLDR: hi, bn, kn say "one" for 0 and 1


ENGLISH_RULE, KANNADA_RULE = check.PLURAL_FORMS["en"], check.PLURAL_FORMS["kn"]


def write_part(folder: Path, lang: str, part: str, messages: dict[str, tuple[str, str]],
               plural_forms: str) -> None:
    """One catalog part: each id with its words and the English they translate."""
    po = check.new_catalog(lang, part)
    po.metadata["Plural-Forms"] = plural_forms
    for msgid, (words, english) in messages.items():
        po.append(polib.POEntry(msgid=msgid, msgstr=words,
                                comment="" if lang == "en" else check.EN_NOTE + english))
    (folder / lang).mkdir(exist_ok=True)
    po.save(str(folder / lang / f"{part}.po"))


def two_parts(folder: Path, kannada_rule: str = KANNADA_RULE,
              second: dict[str, tuple[str, str]] | None = None) -> None:
    """English and Kannada, each in two parts, every message translated; ``second``: more
    Kannada messages in the second part."""
    write_part(folder, "en", "first", {"x.one": ("One", "")}, ENGLISH_RULE)
    write_part(folder, "en", "second", {"x.two": ("Two", "")}, ENGLISH_RULE)
    write_part(folder, "kn", "first", {"x.one": ("ಒಂದು", "One")}, kannada_rule)
    write_part(folder, "kn", "second", {"x.two": ("ಎರಡು", "Two"), **(second or {})},
               kannada_rule)


def test_an_id_defined_in_two_parts_fails_the_check(tmp_path: Path) -> None:
    two_parts(tmp_path)
    assert check.language_problems("en", tmp_path) == check.language_problems("kn", tmp_path) == []
    two_parts(tmp_path, second={"x.one": ("ಇನ್ನೊಂದು", "One")})
    assert check.duplicate_ids("kn", tmp_path) == {"x.one": ["first", "second"]}
    assert check.language_problems("kn", tmp_path) == [
        "kn/first.po: also defined in second: x.one"]
    assert check.duplicate_ids("en", tmp_path) == {}


def test_a_wrong_plural_forms_header_fails_the_check(tmp_path: Path) -> None:
    two_parts(tmp_path, kannada_rule=ENGLISH_RULE)  # Kannada says "one" for 0 too
    for part in ("first", "second"):
        po = check.read_catalog("kn", part, tmp_path)
        assert check.plural_forms_problem("kn", po)
        assert check.header_problems("kn", po) == ["Plural-Forms"]
    write_part(tmp_path, "en", "first", {"x.one": ("One", "")}, KANNADA_RULE)
    assert check.language_problems("en", tmp_path) == [
        f"{check.where(tmp_path)}en/first.po: header: Plural-Forms is not {ENGLISH_RULE!r}"]


def test_an_untranslated_or_outdated_entry_fails_the_check(tmp_path: Path) -> None:
    two_parts(tmp_path)
    assert check.problems("kn", "second", tmp_path) == []
    two_parts(tmp_path, second={"x.two": ("", "Two")})  # the translation emptied
    assert [(p.msgid, p.kind) for p in check.problems("kn", "second", tmp_path)] == [
        ("x.two", "empty or fuzzy")]
    two_parts(tmp_path, second={"x.two": ("ಎರಡು", "Two, as it was")})  # English changed since
    assert [(p.msgid, p.kind) for p in check.problems("kn", "second", tmp_path)] == [
        ("x.two", "English changed since translated")]


def test_a_count_without_plural_forms_fails_the_check(tmp_path: Path) -> None:
    two_parts(tmp_path)
    assert check.uncounted_ids(tmp_path) == []
    write_part(tmp_path, "en", "second", {"x.two": ("{rolls} rolls left", "")}, ENGLISH_RULE)
    assert check.uncounted_ids(tmp_path) == ["x.two"]
    assert check.language_problems("en", tmp_path) == [
        "en: a count without plural forms (msgid_plural, {count}): x.two"]
    po = check.new_catalog("en", "second")
    po.append(polib.POEntry(msgid="x.two", msgid_plural="x.two",
                            msgstr_plural={0: "{count} roll left", 1: "{count} rolls left"}))
    po.save(str(tmp_path / "en" / "second.po"))
    assert check.uncounted_ids(tmp_path) == []


def test_every_message_with_a_count_is_a_plural_entry_in_every_language() -> None:
    assert check.uncounted_ids() == []
    counted = check.english_plural_ids()
    assert len(counted) > 50
    for lang in LANGUAGES:
        assert set(plural_catalog(lang)) == counted, lang  # every form of every one written


#: One count message, 1 and 2, in every language: the noun agrees with its number.
SITUATIONS = {
    "en": ("Dice 1-2-3-4-6 · 1 roll left", "Dice 1-2-3-4-6 · 2 rolls left"),
    "hi": ("पासे 1-2-3-4-6 · 1 रोल बाकी", "पासे 1-2-3-4-6 · 2 रोल बाकी"),
    "bn": ("ডাইস 1-2-3-4-6 · 1টি ছোড়া বাকি", "ডাইস 1-2-3-4-6 · 2টি ছোড়া বাকি"),
    "kn": ("ಡೈಸ್ 1-2-3-4-6 · 1 ಎಸೆತ ಬಾಕಿ", "ಡೈಸ್ 1-2-3-4-6 · 2 ಎಸೆತಗಳು ಬಾಕಿ"),
    "ur": ("پانسے 1-2-3-4-6 · 1 بار پھینکنا باقی", "پانسے 1-2-3-4-6 · 2 بار پھینکنا باقی"),
}
BOX_SCORES = {
    "en": ("Ones: score 1 point here", "Ones: score 2 points here"),
    "hi": ("इक्के: यहां 1 अंक स्कोर करें", "इक्के: यहां 2 अंक स्कोर करें"),
    "bn": ("এক: এখানে 1 পয়েন্ট স্কোর করুন", "এক: এখানে 2 পয়েন্ট স্কোর করুন"),
    "kn": ("ಒಂದು: ಇಲ್ಲಿ 1 ಅಂಕವನ್ನು ಸ್ಕೋರ್ ಮಾಡಿ", "ಒಂದು: ಇಲ್ಲಿ 2 ಅಂಕಗಳನ್ನು ಸ್ಕೋರ್ ಮಾಡಿ"),
    "ur": ("ایک: یہاں 1 پوائنٹ اسکور کریں", "ایک: یہاں 2 پوائنٹس اسکور کریں"),
}


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_count_of_one_is_singular_and_of_two_plural(lang: str) -> None:
    dice = Faces([1, 2, 3, 4, 6])
    for n, expected in zip((1, 2), SITUATIONS[lang], strict=True):
        assert plain(t("coach.situation", lang, dice=dice, count=n)) == expected
        assert plain(tn("coach.situation", n, lang, dice=dice)) == expected
    for n, expected in zip((1, 2), BOX_SCORES[lang], strict=True):
        assert plain(t("widget.box_score", lang, box=BoxName("ones"), count=n)) == expected
    if lang != "en":  # English writes "You have used all 3 rolls" and "the 1 roll"
        return
    game = Game(rules=ye_custom_rules(rolls=1), seed=1)
    game.roll()
    with pytest.raises(NoRollsLeftError) as one:
        game.roll()
    assert one.value.message("en") == (
        "You have used the 1 roll of this turn: choose a box to score.")


def test_a_count_already_written_out_takes_the_general_form() -> None:
    assert t("plot.fair.classes", "en", count="2,000") == "2,000 simulated classes"
    assert tn("plot.fair.classes", 1, "en", count="1") == "1 simulated class"
    assert tn("plot.fair.classes", 2000, "kn", count="2,000") == "2,000 ಅನುಕರಿಸಿದ ತರಗತಿಗಳು"


@pytest.mark.slow
def test_the_command_line_check_passes_on_the_shipped_catalogs() -> None:
    done = subprocess.run([sys.executable, "-m", "tools.catalogs"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


# -- choosing the language ------------------------------------------------------------------------

def test_english_when_nothing_is_chosen() -> None:
    code = ("import yacht_edu; from yacht_edu.i18n import t; "
            "print(yacht_edu.get_language()); print(t('card.total'))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[:2] == ["en", catalog("en")["card.total"]]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_set_language_speaks_every_message_in_it(lang: str) -> None:
    yacht_edu.set_language(lang)
    assert get_language() == lang
    total = shown(lang, catalog(lang)["card.total"])
    assert t("card.total") == total != catalog("en")["card.total"]
    assert str(NotRolledYetError()) == shown(lang, catalog(lang)["error.not_rolled_yet"])
    assert get_rules("yacht").label() == shown(lang, catalog(lang)["rules.yacht"])
    assert t("card.total", "en") == catalog("en")["card.total"]  # one call may ask for English


def test_a_language_block_restores_the_session_language() -> None:
    set_language("bn")
    with language("kn"):
        assert get_language() == "kn" and t("card.total") == catalog("kn")["card.total"]
    assert get_language() == "bn"
    with pytest.raises(NotRolledYetError), language("ur"):
        Game().score("yacht")
    assert get_language() == "bn"


@pytest.mark.parametrize("code", ["fr", "KN", "kn_IN", "Kannada", "", "ಕನ್ನಡ"])
def test_an_unknown_language_is_refused_with_the_languages_there_are(code: str) -> None:
    set_language("hi")
    for attempt in (lambda: set_language(code), lambda: t("card.total", code),
                    lambda: language(code).__enter__()):
        with pytest.raises(UnknownLanguageError) as error:
            attempt()
        assert isinstance(error.value, RuleError) and isinstance(error.value, ValueError)
        message = str(error.value)
        assert repr(code) in message
        assert all(c in message and name in message for c, name in LANGUAGES.items())
    assert get_language() == "hi"


# -- rule errors arrive in the chosen language ----------------------------------------------------

def filled(template: str) -> re.Pattern[str]:
    """A catalog message as a pattern: its words exactly, each placeholder any text."""
    pieces = re.split(r"(\{\w+\})", template)
    return re.compile("".join(f"(?P<{p[1:-1]}>.+?)" if re.fullmatch(r"\{\w+\}", p)
                              else re.escape(p) for p in pieces))


def raised(move: object) -> RuleError:
    with pytest.raises(RuleError) as error:
        move()  # type: ignore[operator]
    return error.value


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_rule_errors_arrive_in_the_chosen_language(lang: str) -> None:
    words = catalog(lang)
    set_language(lang)

    early = raised(lambda: Game().score("yacht"))
    assert isinstance(early, NotRolledYetError)
    assert str(early) == early.message(lang) == shown(lang, words["error.not_rolled_yet"])

    game = Game(seed=7)
    for _ in range(3):
        game.roll()
    fourth = raised(game.roll)
    assert isinstance(fourth, NoRollsLeftError)
    assert str(fourth) == shown(lang, plural_catalog(lang)["error.no_rolls_left"][-1], count="3")

    unknown = raised(lambda: game.score("sevens"))
    assert isinstance(unknown, UnknownBoxError)
    parts = filled(plain(words["error.unknown_category"])).fullmatch(plain(str(unknown)))
    assert parts is not None, str(unknown)
    assert parts["box"] == "'sevens'"
    assert parts["choices"] == ", ".join(categories("yacht"))  # the ids a learner types

    points = game.score("choice")
    game.roll()
    used = raised(lambda: game.score("choice"))
    assert isinstance(used, BoxUsedError)
    form = plural_catalog(lang)["error.category_used"][0 if plural_rule(lang)(points) == 0 else -1]
    assert str(used) == shown(lang, form, box=words["category.choice"], count=str(points))

    bad_die = raised(lambda: Dice(1, 2, 3, 4, 7))
    assert isinstance(bad_die, InvalidDiceError)
    assert str(bad_die) == shown(lang, words["error.die_out_of_range"], value="7")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_yahtzee_rule_errors_name_the_boxes_in_the_chosen_language(lang: str) -> None:
    words = catalog(lang)
    five_fives = Dice(5, 5, 5, 5, 5)
    joker_card = Scorecard.from_filled({"yahtzee": 50}, "yahtzee")
    joker = raised(lambda: joker_card.fill(five_fives, "chance"))
    assert isinstance(joker, JokerRuleError)
    assert joker.message(lang) == shown(lang, words["error.joker_forced"],
                                        box=words["category.chance"],
                                        choices=words["category.fives"])

    upper_first = Scorecard.empty(get_rules("yahtzee", upper_first=True))
    early = raised(lambda: upper_first.fill(five_fives, "chance"))
    assert isinstance(early, UpperSectionFirstError)
    upper_boxes = get_rules("yahtzee").upper_section
    upper = words["list.separator"].join(words[f"category.{c}"] for c in upper_boxes)
    assert early.message(lang) == shown(lang, words["error.upper_first"],
                                        box=words["category.chance"], left=upper)


def test_an_error_speaks_the_language_it_is_shown_in() -> None:
    """A widget in Kannada shows a rule's message in Kannada, whatever the session speaks."""
    with language("bn"):
        error = raised(lambda: Game().score("yacht"))
    assert error.message("kn") == catalog("kn")["error.not_rolled_yet"]
    assert error.message("ur") == shown("ur", catalog("ur")["error.not_rolled_yet"])
    with language("hi"):
        assert str(error) == catalog("hi")["error.not_rolled_yet"]


# -- right to left: every message isolated once, in code ----------------------------------------

def messages(lang: str) -> dict[str, str]:
    """The catalog's messages, without the lessons' prose (``text.*``: markdown cells, whose
    braces are LaTeX, not placeholders; a lesson is built from the catalog as it is)."""
    return {msgid: words for msgid, words in catalog(lang).items()
            if not msgid.startswith("text.")}


def values_for(words: str) -> dict[str, str]:
    """A value for each placeholder of a message, each a different text."""
    return {name: f"v{i}" for i, name in enumerate(check.placeholders(words))}


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_no_catalog_entry_holds_a_direction_mark(lang: str) -> None:
    """The code isolates right-to-left messages (t, tn); a mark in a catalog would isolate twice
    or differently from every other message."""
    for part in PARTS:
        for entry in translation(lang, part) if lang != "en" else polib.pofile(
                str(check.folder_of(part) / "en" / f"{part}.po")):
            marked = [form for form in check.forms(entry) if set(form) & BIDI_CONTROLS]
            assert not marked, (lang, part, entry.msgid)


def without_left_to_right_isolates(text: str) -> str:
    """``text`` with each LRI and the PDI that closes it taken out (the other isolates kept)."""
    kept, open_ = [], []
    for character in text:
        if character in (LRI, RLI, FSI):
            open_.append(character)
        elif character == PDI and open_ and open_.pop() == LRI:
            continue
        if character != LRI:
            kept.append(character)
    return "".join(kept)


def left_to_right_runs(text: str) -> list[str]:
    """The characters inside each outermost LRI ... PDI of ``text``."""
    runs: list[str] = []
    depth, inside = 0, -1
    for character in text:
        if character in (LRI, RLI, FSI):
            if character == LRI and inside < 0:
                inside, runs = depth, [*runs, ""]
            depth += 1
            continue
        if character == PDI:
            depth -= 1
            if depth == inside:
                inside = -1
            continue
        if inside >= 0:
            runs[-1] += character
    return runs


def test_every_urdu_message_is_isolated_whole_and_each_value_apart() -> None:
    for msgid, words in messages("ur").items():
        values = values_for(words)
        isolated_values = {name: FSI + value + PDI for name, value in values.items()}
        said = without_left_to_right_isolates(t(msgid, "ur", **values))
        assert said == RLI + words.format(**isolated_values) + PDI, msgid
    for msgid, forms in plural_catalog("ur").items():
        for n, form in ((1, forms[0]), (2, forms[-1])):
            values = {k: v for k, v in values_for(form).items() if k != "count"}
            said = without_left_to_right_isolates(tn(msgid, n, "ur", **values))
            assert said == RLI + form.format(count=FSI + str(n) + PDI, **{
                name: FSI + value + PDI for name, value in values.items()}) + PDI, msgid


#: What reads left to right inside an Urdu sentence (issue 32): a dice pattern, a pair of a box
#: and its points as Python writes it, a sum or a formula with digits.
DICE_PATTERN = re.compile(r"\d(?:-\d){2,}")
CODE_SAMPLE = re.compile(r"\(\"[a-z_]+\", \d+\)|\[[\d, ]+\]|[A-Za-z_.]+\([ -'*-~]*\)")
FORMULA = re.compile(r"\d+ [-+×] \d+|\d+! = \d+")


@pytest.mark.parametrize("pattern", [DICE_PATTERN, CODE_SAMPLE, FORMULA],
                         ids=["dice", "code", "formula"])
def test_in_an_urdu_message_each_left_to_right_piece_is_isolated(pattern: re.Pattern[str]
                                                                   ) -> None:
    found = 0
    for msgid, words in messages("ur").items():
        said = t(msgid, "ur", **values_for(words))
        for piece in pattern.findall(words):
            if "{" in piece:  # a value inside: its run holds the value, not the placeholder
                continue
            found += 1
            assert any(piece in run for run in left_to_right_runs(said)), (msgid, piece)
    assert found >= 10  # the catalogs have many: the test looks at real messages


def test_the_big_straight_and_the_pair_of_lesson_1_read_in_order_in_urdu() -> None:
    """The review's examples (issue 32): each is one left-to-right run of its own."""
    runs = left_to_right_runs(t("misconception.straight_is_big", "ur"))
    assert runs == ["1-2-3-4-5", "2-3-4-5-6"]
    assert left_to_right_runs(t("lesson.01.2.hint.1", "ur")) == ['("choice", 15)']


def test_numbers_that_stand_apart_are_not_joined_and_plain_numbers_are_left_alone() -> None:
    """Two numbers side by side are two items of the sentence (each read in its place, right to
    left); Latin words alone, a whole number and values joined by a sign read in order as
    they are."""
    urdu = "ہے: 1-2-3-4-5 120 ترتیب وار"
    assert left_to_right_runs(in_order(urdu, "ur")) == ["1-2-3-4-5"]
    for plain_words in ("Yacht میں Full House", "کل 7776 میں سے", "{mean} ± {sd} ہے",
                        "پھر 10,000 اور 5/12"):
        assert in_order(plain_words, "ur") == plain_words
    assert left_to_right_runs(in_order("لیکن 5! = 120 دیتا", "ur")) == ["5! = 120"]
    assert left_to_right_runs(in_order("جیسے keep=[6, 6]۔", "ur")) == ["keep=[6, 6]"]


def test_a_bracket_around_urdu_words_and_a_word_glued_to_urdu_stay_with_the_sentence() -> None:
    for sentence in ("جگہیں 0 (سب سے بائیں پانسا) سے 4 تک", "یہ p-قدر ہے",
                     "E = (پھینکنے کی تعداد) / 6 سے"):
        assert in_order(sentence, "ur") == sentence


def test_only_a_right_to_left_language_isolates_its_pieces() -> None:
    for lang in ("en", "hi", "bn", "kn"):
        assert in_order("2-3-4-5-6 ايک", lang) == "2-3-4-5-6 ايک"
        assert left_to_right("+31.6", lang) == "+31.6"
    assert left_to_right("+31.6", "ur") == LRI + "+31.6" + PDI


def test_isolating_adds_only_balanced_marks_and_keeps_every_placeholder() -> None:
    """``in_order`` only adds LRI ... PDI pairs: taken out, the message is the catalog's, and
    every placeholder is still one (the message can be filled)."""
    for msgid, words in messages("ur").items():
        ordered = in_order(words, "ur")
        assert without_left_to_right_isolates(ordered) == words, msgid
        assert ordered.count(LRI) == ordered.count(PDI) - words.count(PDI), msgid
        assert check.placeholders(ordered) == check.placeholders(words), msgid


def test_an_urdu_number_is_not_run_into_the_latin_letters_before_it() -> None:
    """With no marks in the catalogs, a number right after Latin letters (only spaces between)
    joins their left-to-right run, so a right-to-left reader meets it first: "(a, b) 25" read
    as "25 (a, b)".  An Urdu word between them keeps their order (lesson 11.3's hint).  A
    page's markdown (a lesson's ``text.``, the teaching page's ``docs.``) is set right to left by
    :mod:`tools.direction`, its commands in blocks of their own."""
    stuck = {msgid: words for msgid, words in catalog("ur").items()
             if not msgid.startswith(("text.", "docs.")) and not msgid.endswith(".solution")
             and re.search(r"[A-Za-z)\]] +[0-9]", words)}
    assert stuck == {}
    assert "(a, b) ایسے ہیں جو 25" in catalog("ur")["lesson.11.3.hint.1"]


def test_an_urdu_error_prints_isolated_and_english_has_no_marks() -> None:
    game = Game(seed=7)
    for _ in range(3):
        game.roll()
    with language("ur"):
        fourth = raised(game.roll)
        printed = str(fourth)
    assert printed == fourth.message("ur") == shown(
        "ur", plural_catalog("ur")["error.no_rolls_left"][-1], count="3")
    assert printed.startswith(RLI) and printed.endswith(PDI) and FSI + "3" + PDI in printed
    with language("ur"):
        unknown = raised(lambda: game.score("sevens"))
    assert FSI + "'sevens'" + PDI in unknown.message("ur")  # a Latin name: its own direction
    assert not set(str(fourth.message("en"))) & BIDI_CONTROLS
    for lang in ("en", "hi", "bn", "kn"):  # only a right-to-left language is isolated
        for msgid, words in messages(lang).items():
            values = values_for(words)
            assert t(msgid, lang, **values) == words.format(**values), (lang, msgid)


# -- the box names are the rule pages' words---------------------------------------------------

# The Yacht boxes in scorecard order: ones .. sixes, full house, four of a kind, little straight,
# big straight, choice, yacht.
SEED_NAMES = {
    # source 000 (Kannada): "ಒಂದು, ಎರಡು, ಮೂರು, ನಾಲ್ಕು, ಐದು ಮತ್ತು ಆರು ವಿಭಾಗಗಳಲ್ಲಿ";
    # its combination boxes keep their names in Latin letters ("- Full House: ...").
    "kn": ("ಒಂದು", "ಎರಡು", "ಮೂರು", "ನಾಲ್ಕು", "ಐದು", "ಆರು",
           "Full House", "Four of a Kind", "Little Straight", "Big Straight", "Choice", "Yacht"),
    # source 001 (Bengali): "এক, দুই, তিন, চার, পাঁচ ও ছয় বিভাগে"; Latin combinations.
    "bn": ("এক", "দুই", "তিন", "চার", "পাঁচ", "ছয়",
           "Full House", "Four of a Kind", "Little Straight", "Big Straight", "Choice", "Yacht"),
    # source 004 (Urdu): "ایک، دو، تین، چار، پانچ اور چھ کے زمروں میں";
    # Latin combinations.
    "ur": ("ایک", "دو", "تین", "چار", "پانچ", "چھ",
           "Full House", "Four of a Kind", "Little Straight", "Big Straight", "Choice", "Yacht"),
    # source 003 (Hindi): the score sheet rows "नौका, बड़ा सीधा, छोटा सीधा,
    # एक तरह के चार, पूरा सदन, खिलाड़ी की पसंद, छक्के, फाइव्स, चौके, थ्रीज, दुक्की"; as a teacher
    # reads them (issue 15, docs/glossary.md) the upper boxes are the native die names in the
    # plural, full house is "फुल हाउस" (not "whole parliament"), the straights are "स्ट्रेट" as
    # players say it (सीधा reads "simple"), four of a kind is the lessons' "चार एक जैसे" (not
    # "four of one type") and Yacht keeps the game's name.
    "hi": ("इक्के", "दुक्के", "तिक्के", "चौके", "पंजे", "छक्के",
           "फुल हाउस", "चार एक जैसे", "छोटा स्ट्रेट", "बड़ा स्ट्रेट", "खिलाड़ी की पसंद", "यॉट"),
}

# The Yahtzee boxes the Kannada Yahtzee page names, source 002:
# "ಏಸಸ್ (ಒನ್ಸ್)", "3 ರೀತಿಯ:", "ಸಣ್ಣ ನೇರ: 30 ಅಂಕಗಳು.", "ದೊಡ್ಡ ನೇರ: 40 ಅಂಕಗಳು.",
# "Yahtzee ಬಾಕ್ಸ್ನಲ್ಲಿ", "ಅವಕಾಶ: ಎಲ್ಲಾ ಐದು ದಾಳಗಳ ಒಟ್ಟು."
# Three of a kind stays in Latin letters, as the Yacht combinations do: "3 ರೀತಿಯ" reads "3 kinds of".
# The straights are in Latin letters as Yacht's are (docs/glossary.md: Straight is one word per
# language), not source 002's calques.
KANNADA_YAHTZEE = {"aces": "ಏಸಸ್", "three_of_a_kind": "Three of a Kind",
                   "small_straight": "Small Straight", "large_straight": "Large Straight",
                   "yahtzee": "Yahtzee", "chance": "ಅವಕಾಶ"}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_yacht_boxes_are_named_as_the_source_names_them(lang: str) -> None:
    assert tuple(plain(t(f"category.{c}", lang)) for c in categories("yacht")) == SEED_NAMES[lang]


def test_the_kannada_yahtzee_boxes_are_named_as_the_glossary_names_them() -> None:
    assert {c: t(f"category.{c}", "kn") for c in KANNADA_YAHTZEE} == KANNADA_YAHTZEE


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("rules", ["yacht", "yacht_sum4", "yahtzee"])
def test_a_scorecard_names_every_box_once_in_the_language(lang: str, rules: str) -> None:
    names = [t(f"category.{c}", lang) for c in categories(rules)]
    assert len(set(names)) == len(names), names  # a learner can tell every box apart
    card = scorecard_html(Scorecard.empty(rules), lang)
    assert all(name in card for name in names)
    assert t("card.total", lang) in card and get_rules(rules).label(lang) in card
    assert f'dir="{"rtl" if lang in RTL_LANGUAGES else "ltr"}"' in card


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_rule_set_shows_its_options_in_the_language(lang: str) -> None:
    words = catalog(lang)
    label = without_left_to_right_isolates(
        get_rules("yahtzee", joker="free", upper_first=True).label(lang))
    assert all(words[key] in label
               for key in ("rules.yahtzee", "rules.joker_free", "rules.upper_first"))


def test_a_number_python_will_not_write_is_described_whatever_the_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Python writes no int of more than 4,300 digits (a limit a program may lower): a number
    the package would otherwise write out is described, in a message as anywhere."""
    from yacht_edu import i18n

    monkeypatch.setattr(i18n, "_LONGEST_INT_BITS", 10**9)  # as if the limit were set lower
    described = t("value.huge_int", "hi", count=5001)
    assert i18n.digits(-10**5000, "hi") == described
    assert str(i18n.Faces([1, 10**5000])) == f"1-{t('value.huge_int', 'en', count=5001)}"
    assert described in t("error.bad_seed", "hi", given=i18n.Given(10**5000))


def test_an_unknown_language_is_a_rule_error_in_any_language() -> None:
    # Caught with the package's other errors (issue 25): ``except RuleError`` catches it too.
    with pytest.raises(RuleError) as error:
        t("card.total", "fr")
    assert isinstance(error.value, UnknownLanguageError) and error.value.code == "fr"
    for lang in LANGUAGES:
        assert "'fr'" in error.value.message(lang)
        assert error.value.message(lang) == t("error.unknown_language", lang, **error.value.params)


# -- reading: each file once, the course's catalogs never (issue 34, the review's F14) ------------

def test_a_language_is_read_once_for_its_messages_plurals_and_rule(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``catalog``, ``plural_catalog`` and ``plural_rule`` each globbed and parsed every file of a
    language; now the three read one parse, and a kernel reads no lesson prose and none of the
    build's words (course/locale/, read by the build alone)."""
    from yacht_edu import i18n

    read: list[str] = []
    original = i18n.readable_part

    def counted(path: Path, english: Mapping[str, str] | None) -> Any:
        read.append(f"{path.parent.name}/{path.name}")
        return original(path, english)

    monkeypatch.setattr(i18n, "readable_part", counted)
    i18n.language_catalogs.cache_clear()
    try:
        words = (t("card.total", "kn"), tn("board.rolls_left", 2, "kn"), plural_rule("kn")(0),
                 catalog("kn"), plural_catalog("kn"))
    finally:
        i18n.language_catalogs.cache_clear()
    kannada = sorted(f"kn/{path.name}" for path in (LOCALE_DIR / "kn").glob("*.po"))
    assert sorted(name for name in read if name.startswith("kn/")) == kannada
    assert not [name for name in read if name.split("/")[1].startswith(("text_", "build"))]
    assert words[2] == 0 and words[1] == tn("board.rolls_left", 2, "kn")


def test_the_check_reads_both_folders_and_an_id_is_defined_once_across_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The package's catalogs and the course's are checked alike: a part is found in its own
    folder, and an id of one folder defined again in the other is reported."""
    package, course = tmp_path / "package", tmp_path / "course"
    package.mkdir()
    course.mkdir()
    two_parts(package)
    write_part(course, "en", "text_01", {"text.01.a": ("Prose", "")}, ENGLISH_RULE)
    write_part(course, "kn", "text_01", {"text.01.a": ("ಗದ್ಯ", "Prose")}, KANNADA_RULE)
    monkeypatch.setattr(check, "FOLDERS", (package, course))
    assert check.parts() == ["first", "second", "text_01"]
    assert check.folder_of("text_01") == course and check.folder_of("first") == package
    assert check.english("text_01") == {"text.01.a": "Prose"}
    assert check.problems("kn", "text_01") == [] and check.language_problems("kn") == []
    write_part(course, "kn", "build", {"x.one": ("ಒಂದು", "One")}, KANNADA_RULE)
    assert check.duplicate_ids("kn") == {"x.one": ["build", "first"]}
    assert check.extra_parts("kn") == ["build"]  # and English has no build.po there
    assert str(check.problems("kn", "text_01", package)[0]).endswith("no catalog: kn/text_01.po")
