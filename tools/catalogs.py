"""Check every catalog against English, part by part: a maintainer's tool.

Run it in a clone of the repository::

    python -m tools.catalogs          # list what is missing, stale or wrong; exit 1 if any
    python -m tools.catalogs --sync   # add missing ids (empty, with the English beside them)
                                      # and drop stale ids, then translate the gaps

Two folders of catalogs, each a folder per language: the package's, ``yacht_edu/locale/``
(every word a learner reads, in the wheel), and the course's, ``course/locale/`` (the lessons'
prose, ``text_LL.po``, and the build's own words, ``build.po``: read by the build alone).  In each,
English (``en/<part>.po``) is the source.  Every other language has the same parts and ids, each
entry translated (not empty, not fuzzy), with the same ``{placeholders}``, the same numbers in
Western digits (the rule pages write 0-9), the Python a learner types (``keep=``, ``to_json()``,
``upper_first``, ``True``) unchanged, and the English it translates recorded beside it
(``#. en: ...``), so that a change to the English shows up as outdated.  An entry left exactly as
in English (a name the rule pages keep in Latin letters, a symbol) says why in a translator comment.

Across the parts of one language (English too), in both folders, a message id is defined once:
the runtime reads every part of a language into one catalog, so a second definition would
silently replace the first (a lesson would show another lesson's words), and an id means one
thing wherever it is read.  Every catalog's ``Plural-Forms`` header is
its language's (:data:`PLURAL_FORMS`, from the Unicode CLDR plural rules).

>>> placeholders("{box} is already filled (with {points})")
['box', 'points']
>>> numbers("Bonus (35 at 63)")
['35', '63']
>>> sorted(python_words("Keep by values (keep=) or load what Game.to_json() wrote."))
['Game.to_json()', 'keep=']
"""

from __future__ import annotations

import argparse
import re
import string
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, NamedTuple

from tools import COURSE_LOCALE, PACKAGE_LOCALE, ROOT
from yacht_edu.i18n import BIDI_CONTROLS

try:
    import polib
except ImportError as error:  # the runtime reads catalogs without polib; this tool needs it
    raise ImportError("The catalog check and the lessons' translations need polib: "
                      "pip install -e '.[test]' in the clone") from error

__all__ = [
    "CHECKS",
    "COUNTS",
    "EN_NOTE",
    "FOLDERS",
    "LOCALE_DIR",
    "PLURAL_FORMS",
    "Problem",
    "direction_marks",
    "duplicate_ids",
    "english",
    "english_entries",
    "english_plural_ids",
    "extra_parts",
    "forms",
    "header_problems",
    "language_problems",
    "languages",
    "lost_python",
    "main",
    "missing_ids",
    "number_mismatches",
    "numbers",
    "outdated_ids",
    "parts",
    "placeholder_mismatches",
    "placeholders",
    "plural_count",
    "plural_form_mismatches",
    "plural_forms_problem",
    "problems",
    "python_words",
    "read_catalog",
    "recorded_english",
    "records_english",
    "stale_ids",
    "sync",
    "text",
    "uncounted_ids",
    "unexplained_english",
    "untranslated_ids",
]

#: Every folder of catalogs the check reads: the package's, then the course's.  A function given
#: no folder reads them all, and finds a part in the folder whose English has it (a part's name is
#: its own in both).
FOLDERS: tuple[Path, ...] = (PACKAGE_LOCALE, COURSE_LOCALE)
#: The package's catalogs (``yacht_edu.i18n.LOCALE_DIR``).
LOCALE_DIR = PACKAGE_LOCALE
Folder = Path | None
SOURCE = "en"
#: The prefix of the extracted comment that records the English an entry translates.
EN_NOTE = "en: "

Catalog = Any  # a polib.POFile (polib has no type hints)
English = Mapping[str, str]


class Problem(NamedTuple):
    """One thing wrong with one entry of one catalog (of the package's folder, unless said)."""

    lang: str
    part: str
    msgid: str
    kind: str
    folder: Path = PACKAGE_LOCALE

    def __str__(self) -> str:
        return f"{where(self.folder)}{self.lang}/{self.part}.po: {self.kind}: {self.msgid}"


def where(folder: Path) -> str:
    """A folder of catalogs as a message names it: from the repository's root, with a slash."""
    try:
        return folder.resolve().relative_to(ROOT).as_posix() + "/"
    except ValueError:  # a folder elsewhere (a test's copy)
        return folder.as_posix() + "/"


# -- reading ------------------------------------------------------------------------------------

def folders(locale_dir: Folder = None) -> tuple[Path, ...]:
    """The folder given, or every folder (:data:`FOLDERS`)."""
    return FOLDERS if locale_dir is None else (locale_dir,)


def parts(locale_dir: Folder = None) -> list[str]:
    """The English parts (``model``, ``widgets``, ``text_02`` ...) every language must
    translate: of one folder, or of every folder."""
    return sorted(path.stem for folder in folders(locale_dir)
                  for path in (folder / SOURCE).glob("*.po"))


def folder_of(part: str, locale_dir: Folder = None) -> Path:
    """The folder given, or the folder whose English has the part ``part``."""
    found = [folder for folder in folders(locale_dir)
             if (folder / SOURCE / f"{part}.po").exists()]
    return found[0] if found else folders(locale_dir)[0]


def read_catalog(lang: str, part: str, locale_dir: Folder = None) -> Catalog | None:
    """One ``.po`` file, or None when the language lacks that part."""
    path = folder_of(part, locale_dir) / lang / f"{part}.po"
    return polib.pofile(str(path)) if path.exists() else None


def english(part: str, locale_dir: Folder = None) -> dict[str, str]:
    """The English messages of one part, by id (a plural entry: its general form)."""
    return {e.msgid: text(e) for e in english_entries(part, locale_dir).values()}


def text(entry: Any) -> str:
    """An entry's translation; for a plural entry (``msgid_plural``) its last, general form,
    or "" when any form is empty (every form must be translated)."""
    if not entry.msgid_plural:
        return str(entry.msgstr)
    forms = [entry.msgstr_plural[n] for n in sorted(entry.msgstr_plural)]
    return forms[-1] if forms and all(f.strip() for f in forms) else ""


def forms(entry: Any) -> list[str]:
    """Every form of an entry's translation (one for a plain entry)."""
    if not entry.msgid_plural:
        return [str(entry.msgstr)]
    return [entry.msgstr_plural[n] for n in sorted(entry.msgstr_plural)]


def english_plural_ids(locale_dir: Folder = None) -> set[str]:
    """The ids English writes with plural forms (``msgid_plural``)."""
    return {e.msgid for part in parts(locale_dir)
            for e in english_entries(part, locale_dir).values() if e.msgid_plural}


def plural_count(po: Catalog) -> int:
    """How many plural forms the catalog's header says the language has."""
    found = re.search(r"nplurals\s*=\s*(\d+)", po.metadata.get("Plural-Forms", ""))
    return int(found.group(1)) if found else 2


def english_entries(part: str, locale_dir: Folder = None) -> dict[str, Any]:
    path = folder_of(part, locale_dir) / SOURCE / f"{part}.po"
    return {e.msgid: e for e in polib.pofile(str(path))
            if not e.obsolete}


def entries(po: Catalog) -> dict[str, Any]:
    return {e.msgid: e for e in po if not e.obsolete}


def placeholders(text: str) -> list[str]:
    """The names of the ``{placeholders}`` in a message, sorted."""
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)


def without_placeholders(text: str) -> str:
    return re.sub(r"\{[^{}]*\}", " ", text)


def numbers(text: str) -> list[str]:
    """The numbers written in a message (outside placeholders), sorted."""
    return sorted(re.findall(r"[0-9]+", without_placeholders(text)))


_PYTHON = re.compile(r"[A-Za-z_][\w.]*\(\)|\b[a-z_]+=|\b\w+_\w+\b|\bTrue\b|\bFalse\b|\bNone\b")


def python_words(text: str) -> set[str]:
    """What a learner types in Python, named in a message: ``keep=``, ``to_json()``, ``True`` ..."""
    return set(_PYTHON.findall(without_placeholders(text)))


# -- the checks: each takes the English of a part and its translation, returns the ids at fault --

def missing_ids(source: English, po: Catalog) -> list[str]:
    """Ids English has and the translation lacks."""
    return sorted(set(source) - set(entries(po)))


def stale_ids(source: English, po: Catalog) -> list[str]:
    """Ids the translation has and English no longer has."""
    return sorted(set(entries(po)) - set(source))


def untranslated_ids(source: English, po: Catalog) -> list[str]:
    """Entries with an empty translation, or marked fuzzy (which gettext does not use)."""
    return sorted(i for i, e in entries(po).items()
                  if i in source and (not text(e).strip() or "fuzzy" in e.flags))


def plural_form_mismatches(source: English, po: Catalog) -> list[str]:
    """Plural entries without exactly the forms the header's ``nplurals`` names, and plural
    entries of English translated as plain ones (or the other way round)."""
    wanted = plural_count(po)
    english_plurals = set(source) & english_plural_ids()
    return sorted(i for i, e in entries(po).items() if i in source and (
        bool(e.msgid_plural) != (i in english_plurals)
        or (e.msgid_plural and sorted(e.msgstr_plural) != list(range(wanted)))))


def placeholder_mismatches(source: English, po: Catalog) -> list[str]:
    """Translations whose ``{placeholders}`` differ from the English ones."""
    return sorted(i for i, e in entries(po).items()
                  if i in source and text(e)
                  and any(placeholders(form) != placeholders(source[i]) for form in forms(e)))


def number_mismatches(source: English, po: Catalog) -> list[str]:
    """Translations that drop or change a number of the English, or write digits other than 0-9.

    A translation may add a number the seed writes ("3 ರೀತಿಯ" for "Three of a Kind").
    """
    def wrong(text: str, en: str) -> bool:
        native = any(ch.isdecimal() and not ch.isascii() for ch in text)  # ² is no digit
        return native or bool(Counter(numbers(en)) - Counter(numbers(text)))
    return sorted(i for i, e in entries(po).items()
                  if i in source and text(e) and wrong(text(e), source[i]))


def lost_python(source: English, po: Catalog) -> list[str]:
    """Translations that translate or drop Python the learner types (``keep=``, ``True`` ...)."""
    return sorted(i for i, e in entries(po).items()
                  if i in source and text(e)
                  and not python_words(source[i]) <= python_words(text(e)))


def outdated_ids(source: English, po: Catalog) -> list[str]:
    """Entries whose recorded English (``#. en: ...``) is not the current English."""
    return sorted(i for i, e in entries(po).items()
                  if i in source and text(e) and not records_english(e, source[i]))


def records_english(entry: Any, english: str) -> bool:
    """Whether an entry's ``#. en:`` note is this English. polib wraps a long note over several
    comment lines, at its blanks and after its hyphens, and a comment line loses trailing blanks
    (the English ", " is recorded as ","): so the note's lines, joined up to the developer's note
    that may follow them, are compared with the English without their blanks."""
    lines = str(entry.comment).splitlines()
    starts = [n for n, line in enumerate(lines) if line.startswith(EN_NOTE)]
    def blankless(text: str) -> str:
        return re.sub(r"\s+", "", text)
    wanted = blankless(EN_NOTE + english.replace("\n", "\\n"))
    return bool(starts) and any(blankless("".join(lines[starts[0]:end])) == wanted
                                for end in range(starts[0] + 1, len(lines) + 1))


def unexplained_english(source: English, po: Catalog) -> list[str]:
    """Entries left as in English with no translator comment saying why (the seed that keeps a
    name in Latin letters, or a symbol that reads the same everywhere)."""
    return sorted(i for i, e in entries(po).items()
                  if i in source and text(e) == source[i] and not e.tcomment.strip())


def direction_marks(source: English, po: Catalog) -> list[str]:
    """Translations holding a direction mark or isolate (U+200E, U+2067 ...): the runtime
    isolates every message of a right-to-left language itself (:func:`yacht_edu.i18n.t`), the
    same way for all, so a catalog holds none."""
    return sorted(i for i, e in entries(po).items()
                  if i in source and any(set(form) & BIDI_CONTROLS for form in forms(e)))


def recorded_english(entry: Any) -> str | None:
    notes = [line for line in str(entry.comment).splitlines() if line.startswith(EN_NOTE)]
    return notes[0][len(EN_NOTE):].replace("\\n", "\n") if notes else None


CHECKS: Mapping[str, Callable[[English, Catalog], list[str]]] = {
    "missing": missing_ids,
    "stale": stale_ids,
    "empty or fuzzy": untranslated_ids,
    "plural forms not as the header says": plural_form_mismatches,
    "placeholders differ from English": placeholder_mismatches,
    "numbers of the English dropped or not 0-9": number_mismatches,
    "Python names translated or dropped": lost_python,
    "English changed since translated": outdated_ids,
    "same as English, no comment saying why": unexplained_english,
    "direction marks (the code isolates right-to-left messages)": direction_marks,
}


def header_problems(lang: str, po: Catalog) -> list[str]:
    """What translators' tools and msgfmt need in the header: language, UTF-8, and the plural
    forms of the language (:data:`PLURAL_FORMS`)."""
    meta = po.metadata
    wanted = {
        "Language": meta.get("Language") == lang,
        "Content-Type": "charset=UTF-8" in meta.get("Content-Type", ""),
        "Plural-Forms": meta.get("Plural-Forms", "").startswith("nplurals=")
                        and not plural_forms_problem(lang, po),
    }
    return sorted(field for field, ok in wanted.items() if not ok)


def plural_forms_problem(lang: str, po: Catalog) -> bool:
    """True when the catalog's ``Plural-Forms`` header is there and is not the language's own
    (spaces aside): gettext and :func:`yacht_edu.i18n.tn` would pick the wrong forms."""
    found = po.metadata.get("Plural-Forms")
    if found is None or lang not in PLURAL_FORMS:
        return False
    return _no_spaces(found) != _no_spaces(PLURAL_FORMS[lang])


def _no_spaces(text: str) -> str:
    return re.sub(r"\s+", "", text).rstrip(";")


#: The placeholders that stand for a number of things ("{count} rolls left", "{games} simulated
#: games"): an English message with one is a plural entry (``msgid_plural``) whose forms follow
#: its ``{count}`` ("1 roll", "2 rolls"; Kannada "1 ಎಸೆತ", "2 ಎಸೆತಗಳು"), every language's forms
#: written.  A value the learner gave and the package refuses is a ``{value}``, not a count; a
#: measure (``{seconds}``, ``{megabytes}``), a limit (``{most}``, ``{least}``, ``{limit}``) and a
#: mean (``{mean}``, ``{loss}``) are not counted either.
COUNTS = frozenset({"count", "rolls", "games", "turns", "points", "decisions", "mistakes",
                    "simulations", "learners", "classes", "boxes", "states", "trials", "dof",
                    "size", "depth"})


def uncounted_ids(locale_dir: Folder = None) -> list[str]:
    """English messages with a count that are not plural entries, and plural entries without
    the ``{count}`` their form follows."""
    found = []
    for part in parts(locale_dir):
        for msgid, entry in english_entries(part, locale_dir).items():
            named = set(placeholders(text(entry)))
            if bool(entry.msgid_plural) != bool(named & COUNTS) or (
                    entry.msgid_plural and "count" not in named):
                found.append(msgid)
    return sorted(found)


def duplicate_ids(lang: str, locale_dir: Folder = None) -> dict[str, list[str]]:
    """The message ids that more than one part of the language defines (in one folder, or in
    every folder), each with those parts (the runtime would keep only the last part's words)."""
    found: dict[str, list[str]] = {}
    for path in sorted(path for folder in folders(locale_dir)
                       for path in (folder / lang).glob("*.po")):
        for msgid in entries(polib.pofile(str(path))):
            if msgid:
                found.setdefault(msgid, []).append(path.stem)
    return {msgid: where for msgid, where in found.items() if len(where) > 1}


def language_problems(lang: str, locale_dir: Folder = None) -> list[str]:
    """What is wrong across the parts of one language: an id defined in two parts; for English,
    a part of the same name in two folders, a message with a count that is not a plural entry
    (:data:`COUNTS`) and a ``Plural-Forms`` header that is not English's (a translation's header
    is checked with the rest of each part, :func:`problems`)."""
    found = [f"{lang}/{parts[0]}.po: also defined in {', '.join(parts[1:])}: {msgid}"
             for msgid, parts in sorted(duplicate_ids(lang, locale_dir).items())]
    if lang != SOURCE:
        return found
    named = parts(locale_dir)
    found += [f"{lang}/{part}.po: a part of this name in two folders"
              for part in sorted({part for part in named if named.count(part) > 1})]
    found += [f"{lang}: a count without plural forms (msgid_plural, {{count}}): {msgid}"
              for msgid in uncounted_ids(locale_dir)]
    for folder in folders(locale_dir):
        for path in sorted((folder / lang).glob("*.po")):
            if plural_forms_problem(lang, polib.pofile(str(path))):
                found.append(f"{where(folder)}{lang}/{path.stem}.po: header: Plural-Forms is "
                             f"not {PLURAL_FORMS[lang]!r}")
    return found


def problems(lang: str, part: str, locale_dir: Folder = None) -> list[Problem]:
    """Everything wrong with one language's translation of one part."""
    folder = folder_of(part, locale_dir)
    po = read_catalog(lang, part, folder)
    if po is None:
        return [Problem(lang, part, f"{lang}/{part}.po", "no catalog", folder)]
    source = english(part, folder)
    found = [Problem(lang, part, field, "header", folder) for field in header_problems(lang, po)]
    for kind, check in CHECKS.items():
        found += [Problem(lang, part, msgid, kind, folder) for msgid in check(source, po)]
    return found


def extra_parts(lang: str, locale_dir: Folder = None) -> list[str]:
    """Parts a language has that English does not (a whole stale file), in one folder or in
    every folder."""
    return sorted({path.stem for folder in folders(locale_dir)
                   for path in (folder / lang).glob("*.po")
                   if not (folder / SOURCE / path.name).exists()})


# -- keeping catalogs in step -------------------------------------------------------------------

def sync(lang: str, part: str, locale_dir: Folder = None) -> list[str]:
    """Add missing ids (empty, English beside them), obsolete stale ones: say what changed."""
    folder = folder_of(part, locale_dir)
    path = folder / lang / f"{part}.po"
    po = read_catalog(lang, part, folder)
    if po is None:
        po = new_catalog(lang, part)
    source = english_entries(part, folder)
    new, stale = missing_ids(source, po), stale_ids(source, po)
    for msgid in new:  # the English beside it, and the developer's note on where it shows
        entry = source[msgid]
        notes = [EN_NOTE + text(entry).replace("\n", "\\n"), entry.comment]
        comment = "\n".join(filter(None, notes))
        if entry.msgid_plural:
            po.append(polib.POEntry(msgid=msgid, msgid_plural=entry.msgid_plural, comment=comment,
                                    msgstr_plural=dict.fromkeys(range(plural_count(po)), "")))
        else:
            po.append(polib.POEntry(msgid=msgid, msgstr="", comment=comment))
    for entry in po:
        entry.obsolete = entry.obsolete or entry.msgid in stale
    changed = [f"+ {msgid}" for msgid in new] + [f"- {msgid}" for msgid in stale]
    if changed:
        path.parent.mkdir(parents=True, exist_ok=True)
        po.wrapwidth = 0  # the English note stays on one line: recorded_english reads one line
        po.save(str(path))
    return changed


#: Each language's gettext plural rule, from the Unicode CLDR plural rules for whole numbers: in
#: Hindi, Bengali and Kannada 0 and 1 take the singular ("one": i = 0 or n = 1), in English and
#: Urdu only 1 ("one": i = 1 and v = 0).
PLURAL_FORMS: Mapping[str, str] = {
    "en": "nplurals=2; plural=(n != 1);",
    "hi": "nplurals=2; plural=(n > 1);",
    "bn": "nplurals=2; plural=(n > 1);",
    "kn": "nplurals=2; plural=(n > 1);",
    "ur": "nplurals=2; plural=(n != 1);",
}


def new_catalog(lang: str, part: str) -> Catalog:
    po = polib.POFile()
    po.header = f"yacht_edu messages, part {part!r}, in {lang!r}: translated from en/{part}.po"
    po.metadata = {
        "Project-Id-Version": "yacht_edu 0.1",
        "Language": lang,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": PLURAL_FORMS.get(lang, PLURAL_FORMS[SOURCE]),
    }
    return po


def languages(locale_dir: Folder = None) -> list[str]:
    """The languages that translate English: every folder beside ``en`` (in any folder)."""
    return sorted({p.name for folder in folders(locale_dir) for p in folder.iterdir()
                   if p.is_dir() and p.name != SOURCE and not p.name.startswith(("_", "."))})


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.catalogs",
                                     description="Check every catalog, the package's and the "
                                                 "course's, against English.")
    parser.add_argument("--sync", action="store_true",
                        help="add missing ids (empty) and obsolete stale ones before checking")
    parser.add_argument("languages", nargs="*", help="language codes (default: all)")
    args = parser.parse_args(None if argv is None else list(argv))
    found: list[str] = []
    for lang in dict.fromkeys([SOURCE, *(args.languages or languages())]):
        found += language_problems(lang)
        if lang == SOURCE:
            continue
        found += [f"{lang}/{p}.po: stale part (English has no {p}.po)" for p in extra_parts(lang)]
        for part in parts():
            if args.sync:
                for line in sync(lang, part):
                    print(f"{where(folder_of(part))}{lang}/{part}.po: {line}")
            found += [str(p) for p in problems(lang, part)]
    print("\n".join(found) or "Every catalog translates every English message.")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
