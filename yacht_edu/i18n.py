"""One message catalog for every word a learner reads.

Each language is a folder of gettext ``.po`` files, ``yacht_edu/locale/<code>/<part>.po``, one
part per layer (``model.po``, ``widgets.po``, ...); English is the source every other language
translates, part by part.  Message ids are short symbolic keys such as ``error.no_rolls_left``;
placeholders are written ``{name}`` and filled with :meth:`str.format`.

>>> t("category.full_house")
'Full House'
>>> t("error.no_rolls_left", count=3)
'You have used all 3 rolls of this turn: choose a box to score.'

A parameter is shown as it is, except the few kinds that are marked for the reader: a
:class:`BoxName` (or :class:`BoxNames`) is the one thing turned into words, a
:class:`Given` value is written as Python writes it, shortened and safe to print, and
:class:`Faces` are dice written ``2-2-5``.  A whole number too long to write out (a caller may
give ``-10**5000``) is described instead, wherever it appears.

>>> t("error.category_used", box=BoxName("full_house"), count=25)
'Full House is already filled (with 25 points): choose an open box.'
>>> t("error.category_used", box="full_house", count=1)  # a name, kept as it is; one point
'full_house is already filled (with 1 point): choose an open box.'

A message in a language written right to left (Urdu) comes out isolated, so that it reads in
order wherever it is printed (a traceback, ``print(error)``, a warning, a left-to-right cell, an
HTML page): the whole message between RLI and PDI, each placeholder's value between FSI and PDI
(its own direction, so ``two_pairs yacht`` or ``1-2-3-4-5`` keep their order), and each piece of
the message's own words that reads left to right — a dice pattern, a sum, a signed number, code —
between LRI and PDI (:func:`in_order`): after an Urdu letter, Unicode reads ``2-3-4-5-6`` as
``6-5-4-3-2`` and ``("choice", 15)`` as ``(choice", 15")``.  This is the one place that does
it: the catalogs themselves hold no direction marks.  A lesson's prose is not a message and
is not here: its catalogs (``course/locale/<lang>/text_LL.po``, in a clone of the repository)
are read by the lessons' build alone, which writes each notebook in its language and direction.

>>> urdu = catalog("ur")["error.game_over"]
>>> t("error.game_over", "ur", winners=["Asha", "Ravi"]) == (
...     RLI + urdu.format(winners=FSI + "Asha، Ravi" + PDI) + PDI)
True
"""

from __future__ import annotations

import ast
import contextlib
import functools
import gettext
import math
import re
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from yacht_edu.errors import RuleError

__all__ = ["t"]

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
#: Unicode's direction isolates: a right-to-left run (RLI), a run of its own first letter's
#: direction (FSI), and the end of either (PDI).
RLI, FSI, PDI = "\u2067", "\u2068", "\u2069"
#: Unicode's left-to-right isolate (its end is PDI too).
LRI = "\u2066"
#: Every direction mark and embedding Unicode has; none belongs in a catalog.
BIDI_CONTROLS = frozenset("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")

_session_language = "en"
#: Message ids of box names start with this.
BOX_PREFIX = "category."


class UnknownLanguageError(RuleError):
    """A language code that has no catalog (a :class:`~yacht_edu.errors.RuleError`, so a
    ``ValueError``); the message speaks the session's language, or the one asked for."""

    default_msgid = "error.unknown_language"

    def __init__(self, code: object) -> None:
        self.code = code
        there = ", ".join(f"{c} ({name})" for c, name in LANGUAGES.items())
        super().__init__(code=Given(code), choices=there)


@dataclass(frozen=True)
class BoxName:
    """A box id inside a message, marked where the message is raised: the translator shows
    it by the box's name in the reader's language.  Any other text is shown as it is, so a
    player named "chance" keeps their name."""

    id: str

    def __str__(self) -> str:
        return self.id


@dataclass(frozen=True, init=False)
class BoxNames:
    """Several box ids inside a message, shown as names joined in the reader's language."""

    ids: tuple[str, ...]

    def __init__(self, ids: Iterable[str]) -> None:
        object.__setattr__(self, "ids", tuple(ids))

    def __str__(self) -> str:
        return ", ".join(self.ids)


@dataclass(frozen=True)
class Given:
    """A value the caller gave, shown in a message as Python writes it, shortened and always
    printable (a 5,000-digit integer, a lone surrogate or a long list cannot break a message)."""

    value: object

    def __str__(self) -> str:
        return parameter_text(self, None)


@dataclass(frozen=True, init=False)
class Faces:
    """Dice values inside a message, written ``2-2-5`` (``—`` for none).  They may be values a
    caller gave: one too long to write out is described, so no value can break the message.

    >>> t("error.keep_not_in_dice", keep=Faces([6, 6]), dice=Faces([1, 2, 3, 4, 6]))
    'You cannot keep 6-6: the dice on the table are 1-2-3-4-6. Keep only dice you have.'
    >>> str(Faces([0, -10**5000])), str(Faces([]))
    ('0-a whole number of 5001 digits', '—')
    """

    values: tuple[int, ...]

    def __init__(self, values: Iterable[int]) -> None:
        object.__setattr__(self, "values", tuple(values))

    def __str__(self) -> str:
        return parameter_text(self, None)


def check_language(code: str | None) -> str:
    """The language code to use: ``code`` itself, or the session's language when it is None."""
    if code is None:
        return _session_language
    if not isinstance(code, str) or code not in LANGUAGES:
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


@dataclass(frozen=True)
class Catalogs:
    """One language's catalogs, every file read and parsed once: its messages, its plural
    entries (each id with its forms, in ``msgstr[n]`` order) and which form a number takes."""

    messages: Mapping[str, str]
    plurals: Mapping[str, tuple[str, ...]]
    plural_rule: Callable[[int], int]


@functools.cache
def language_catalogs(code: str) -> Catalogs:
    """Every catalog of one language, ``locale/<code>/*.po``, read once
    (:func:`read_folder`)."""
    return read_folder(LOCALE_DIR / check_language(code), english=code == "en")


def read_folder(folder: Path, *, english: bool = False) -> Catalogs:
    """The catalogs of one folder of ``.po`` files, each file read and parsed once; a file that
    cannot be read (damaged: not UTF-8, a broken line) is left out with a
    :class:`CatalogWarning`, and its messages come in English.  ``english``: the folder is
    English's own (the warning's words then come from the messages read so far).  Which form a
    number takes is the ``Plural-Forms`` of the first file that states it (else English's)."""
    messages: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    rule: Callable[[int], int] | None = None
    for path in sorted(folder.glob("*.po")):
        read = readable_part(path, messages if english else None)
        if read is None:
            continue
        text, entries = read
        messages.update(translated(entries))
        plurals.update(plural_entries(entries))
        rule = rule or header_rule(text)
    return Catalogs(messages, plurals, rule or gettext.c2py("n != 1"))


def catalog(code: str) -> Mapping[str, str]:
    """All translated messages of one language, read from its ``.po`` files (see
    :func:`read_folder`)."""
    return language_catalogs(code).messages


class CatalogWarning(UserWarning):
    """A catalog file that cannot be read: its messages come in English (say it once)."""


def readable_part(path: Path, english: Mapping[str, str] | None
                  ) -> tuple[str, list[dict[str, str]]] | None:
    """The text of the catalog file ``path`` and its entries, or None (with a
    :class:`CatalogWarning`) when the file cannot be read; ``english``: the English messages
    read so far, when ``path`` is English's own (the warning's words come from them)."""
    try:
        text = path.read_text(encoding="utf-8")
        return text, list(po_entries(text))
    except (OSError, UnicodeError, ValueError, SyntaxError, MemoryError) as error:
        words = (english if english is not None else catalog("en")).get(
            "i18n.catalog_unreadable", "{path}: {reason}")
        warnings.warn(words.format(path=str(path), reason=type(error).__name__),
                      CatalogWarning, stacklevel=2)
        return None


def header_rule(text: str) -> Callable[[int], int] | None:
    """Which form a number takes, from a catalog's ``Plural-Forms`` header (None without one)."""
    found = re.search(r"Plural-Forms:\s*nplurals=\d+;\s*plural=([^;\\\"]+)", text)
    return gettext.c2py(found.group(1).strip()) if found else None


_PO_LINE = re.compile(r'^(msgid|msgid_plural|msgctxt|msgstr(?:\[\d+\])?)\s+(".*")\s*$|^(".*")\s*$')


def po_entries(text: str) -> Iterator[dict[str, str]]:
    """Every entry of a gettext ``.po`` text as its fields (``msgid``, ``msgstr``,
    ``msgstr[0]``, ...), continuation lines joined; comments and obsolete entries skipped.
    Each line is read once, and a field's pieces joined once, so the time grows with the text.
    """
    fields: dict[str, list[str]] = {}
    key = ""
    for line in (*text.splitlines(), ""):
        line = line.strip()
        match = _PO_LINE.match(line)
        if match is None:  # a comment, an obsolete entry or a blank line
            if not line or line.startswith("#~"):
                if fields:
                    yield joined(fields)
                fields, key = {}, ""
            continue
        if match.group(1):
            if match.group(1) == "msgid" and fields:
                yield joined(fields)
                fields = {}
            key = match.group(1)
            fields[key] = [ast.literal_eval(match.group(2))]
        elif key:
            fields[key].append(ast.literal_eval(match.group(3)))


def joined(fields: Mapping[str, list[str]]) -> dict[str, str]:
    """Each field of an entry as one text, its lines joined."""
    return {key: "".join(pieces) for key, pieces in fields.items()}


def read_po(text: str) -> dict[str, str]:
    """The translated entries of a gettext ``.po`` text (comments, obsolete and empty skipped)."""
    return translated(po_entries(text))


def translated(entries: Iterable[Mapping[str, str]]) -> dict[str, str]:
    """The translated plain entries among ``entries`` (:func:`po_entries`), by id."""
    return {fields["msgid"]: fields["msgstr"] for fields in entries
            if fields.get("msgid") and fields.get("msgstr")}


def t(msgid: str, lang: str | None = None, /, **params: object) -> str:
    """The message ``msgid`` in ``lang`` (default: the session's language), placeholders filled.

    A message missing from a catalog falls back to English, and to the id itself if English
    lacks it too, so a learner never sees an exception instead of a word.  A box a learner
    invented (``category.two_pairs``) is called by the name the learner gave it.
    """
    code = check_language(lang)
    return isolated(words(msgid, code, params), code)


def words(msgid: str, code: str, params: Mapping[str, object]) -> str:
    """The message ``msgid`` in the language ``code``, placeholders filled (each isolated in a
    right-to-left language), the whole not yet isolated.  A plural entry takes the form its
    ``{count}`` asks for (:func:`tn`)."""
    if msgid in plural_catalog("en"):
        code, text = plural_form(msgid, params.get("count"), code)
        text = in_order(text, code)
    elif catalog(code).get(msgid):
        text = in_order(catalog(code)[msgid], code)
    else:
        text = catalog("en").get(msgid) or msgid.removeprefix(BOX_PREFIX)
    return safely_filled(msgid, text, code, params) if params else text


def safely_filled(msgid: str, text: str, code: str, params: Mapping[str, object]) -> str:
    """:func:`filled`; a translation whose placeholders are broken (a stray ``{``, a name the
    English has not) falls back to the English message, and that to the message id."""
    try:
        return filled(text, code, params)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        if msgid in plural_catalog("en"):
            english = plural_form(msgid, params.get("count"), "en")[1]
        else:
            english = catalog("en").get(msgid, msgid)
        try:
            return filled(english, "en", params)
        except (KeyError, IndexError, ValueError, AttributeError, TypeError):
            return msgid


def plural_form(msgid: str, count: object, code: str) -> tuple[str, str]:
    """The language and the form of the plural entry ``msgid`` that the number ``count`` takes;
    a count that is not a whole number (already written out) takes the general, last form."""
    forms = plural_catalog(code).get(msgid)
    if forms is None:  # not translated yet: English
        code, forms = "en", plural_catalog("en")[msgid]
    if isinstance(count, int) and not isinstance(count, bool):
        return code, forms[min(plural_rule(code)(count), len(forms) - 1)]
    return code, forms[-1]


def filled(text: str, code: str, params: Mapping[str, object]) -> str:
    """``text`` with its placeholders filled: each value shown as the reader sees it, in a
    right-to-left language each between FSI and PDI."""
    marks = (FSI, PDI) if code in RTL_LANGUAGES else ("", "")
    return text.format(**{key: marks[0] + parameter_text(value, code) + marks[1]
                          for key, value in params.items()})


def isolated(text: str, lang: str | None = None) -> str:
    """A whole message as a reader of ``lang`` sees it: in a right-to-left language between
    RLI and PDI, so that it keeps its order inside any text around it; else as it is."""
    return RLI + text + PDI if check_language(lang) in RTL_LANGUAGES else text


def left_to_right(text: str, lang: str | None = None) -> str:
    """``text`` that reads left to right (a signed number, a dice pattern, code) as a reader of
    ``lang`` sees it in order: in a right-to-left language between LRI and PDI, else as it is.

    >>> left_to_right("+31.6", "ur") == LRI + "+31.6" + PDI, left_to_right("+31.6", "en")
    (True, '+31.6')
    """
    return LRI + text + PDI if check_language(lang) in RTL_LANGUAGES else text


# -- the left-to-right pieces of a right-to-left message ------------------------------------------

#: Letters and marks of the scripts written right to left (Hebrew, Arabic and its Urdu letters,
#: with their punctuation): where a message's left-to-right pieces end.
_RIGHT_TO_LEFT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\n]")
#: One piece of a message's words: a doubled brace, a placeholder, or one character.
_PIECE = re.compile(r"\{\{|\}\}|\{[^{}]*\}|.", re.DOTALL)
#: Signs of a sum or a comparison: between two numbers they join them into one expression.
_OPERATORS = frozenset("=+-−±×÷·*/^<>≤≥≈→")
_OPENING = {"(": ")", "[": "]", "{{": "}}"}
#: A plain number, which reads in order anyway (its separators are Unicode's common separators).
_PLAIN_NUMBER = re.compile(r"\d+(?:[.,/:]\d+)*")
#: A placeholder, or several joined by spaced signs ("{mean} ± {sd}"): each value is isolated
#: already, and the whole reads as the sentence around it does.
_VALUES_ONLY = re.compile(r"\{[^{}]*\}(?:\s+[=±×+\-−<>≤≥≈]\s+\{[^{}]*\})*")


def in_order(text: str, lang: str | None = None) -> str:
    """A message's own words in ``lang``, each piece that reads left to right isolated between
    LRI and PDI in a right-to-left language: a dice pattern, a sum, a formula, a signed number,
    code (placeholders are isolated as they are filled, by :func:`filled`).  A piece is what
    stands between the right-to-left words, split where a sentence would split it — at a
    comma, a colon or a bracket that opens outside it — and where two numbers stand apart
    (``1-2-3-4-5 120`` are two).  Latin words alone and plain numbers read in order as they are.

    >>> shown = in_order("1-2-3-4-5 ایک Little Straight ہے؛ 2-3-4-5-6 ایک", "ur")
    >>> shown == (LRI + "1-2-3-4-5" + PDI + " ایک Little Straight ہے؛ "
    ...           + LRI + "2-3-4-5-6" + PDI + " ایک")
    True
    >>> in_order('جیسے ("choice", 15)۔', "ur") == 'جیسے ' + LRI + '("choice", 15)' + PDI + '۔'
    True
    >>> in_order("2-3-4-5-6", "en")
    '2-3-4-5-6'
    """
    code = check_language(lang)
    return text if code not in RTL_LANGUAGES else _in_order(text)


@functools.lru_cache(maxsize=4096)  # a catalog's messages, each worked out once
def _in_order(text: str) -> str:
    out, start = [], 0
    for stop in [m.start() for m in _RIGHT_TO_LEFT.finditer(text)] + [len(text)]:
        glued = (start > 0 and _letter(text[start - 1]), _letter(text[stop:stop + 1]))
        out.append(_isolated_pieces(text[start:stop], glued))
        out.append(text[stop:stop + 1])
        start = stop + 1
    return "".join(out)


def _letter(character: str) -> bool:
    return character.isalpha()  # a letter of any script (Unicode's L categories)


def _isolated_pieces(span: str, glued: tuple[bool, bool] = (False, False)) -> str:
    """A stretch of a message with no right-to-left letter, its left-to-right pieces isolated;
    a word ``glued`` to the right-to-left letter before or after it (``p-قدر``) is part of
    that word."""
    pieces = _PIECE.findall(span)
    breaks = _unpaired(pieces)
    depth = _depths(pieces, breaks)
    spaces = [i for i, piece in enumerate(pieces) if piece.isspace()]
    if glued[0]:
        breaks |= set(range(spaces[0] if spaces else len(pieces)))
    if glued[1]:
        breaks |= set(range(spaces[-1] + 1 if spaces else 0, len(pieces)))
    items: list[list[int]] = []  # the positions of each piece's characters, piece by piece
    word: list[int] = []
    for i, piece in enumerate(pieces):
        ends_sentence = (piece in ",;:." and i + 1 < len(pieces) and pieces[i + 1].isspace()
                         and depth[i] == 0)
        if i in breaks or ends_sentence or (piece.isspace() and depth[i] == 0):
            if word:
                items.append(word)
            word = []
            if not piece.isspace():
                items.append([])  # a break between items
            continue
        word.append(i)
    if word:
        items.append(word)
    runs = _joined(pieces, items)
    wrapped = dict.fromkeys(range(len(pieces)), "")
    closes = dict.fromkeys(range(len(pieces)), "")
    for first, last in runs:
        shown = "".join(pieces[first:last + 1])
        if _needs_isolating(shown):
            wrapped[first], closes[last] = LRI, PDI
    return "".join(wrapped[i] + piece + closes[i] for i, piece in enumerate(pieces))


def _unpaired(pieces: list[str]) -> set[int]:
    """The brackets and quotes of a stretch that open or close outside it (around right-to-left
    words): they belong to the sentence, not to a piece."""
    stack: list[int] = []
    unpaired: set[int] = set()
    quote: dict[str, int] = {}
    for i, piece in enumerate(pieces):
        if piece in _OPENING:
            stack.append(i)
        elif piece in _OPENING.values():
            if stack and _OPENING[pieces[stack[-1]]] == piece:
                stack.pop()
            else:
                unpaired.add(i)
        elif piece in "\"'`":
            if piece in quote:
                del quote[piece]
            else:
                quote[piece] = i
    return unpaired | set(stack) | set(quote.values())


def _depths(pieces: list[str], unpaired: set[int]) -> list[int]:
    """How many of the stretch's own brackets are open at each piece."""
    depths, depth = [], 0
    for i, piece in enumerate(pieces):
        depths.append(depth)
        if i not in unpaired:
            depth += (piece in _OPENING) - (piece in _OPENING.values())
    return depths


def _joined(pieces: list[str], items: list[list[int]]) -> list[tuple[int, int]]:
    """Words joined into the runs that read as one: Latin words with each other, anything
    with a sign between (``3a + 2b``); a number or a value stands apart from its neighbours
    otherwise (``1-2-3-4-5 120`` are two, and so are ``{given} yahtzee``).  A sign at either
    end of a run stays outside it."""
    runs: list[list[list[int]]] = []
    for item in items:
        if not item:
            runs.append([])
            continue
        before = runs[-1][-1] if runs and runs[-1] else None
        if before is not None and (_sign(pieces, before) or _sign(pieces, item) or not (
                _numeric(pieces, before) or _numeric(pieces, item))):
            runs[-1].append(item)
        else:
            runs.append([item])
    spans = []
    for run in runs:
        while run and _sign(pieces, run[0]):
            run = run[1:]
        while run and _sign(pieces, run[-1]):
            run = run[:-1]
        if run:
            spans.append((run[0][0], run[-1][-1]))
    return spans


def _numeric(pieces: list[str], item: list[int]) -> bool:
    """A number, a dice pattern or a value: no Latin letter of its own."""
    return not any(pieces[i][0].isalpha() for i in item if not pieces[i].startswith("{"))


def _sign(pieces: list[str], item: list[int]) -> bool:
    return all(pieces[i] in _OPERATORS for i in item)


def _needs_isolating(shown: str) -> bool:
    """Whether a run reads out of order unless isolated: a run with digits or Latin letters
    of its own, but not Latin words alone, a plain number, or values joined by signs (a lone
    symbol, ``·`` or ``✔``, takes the direction of the words around it)."""
    if _VALUES_ONLY.fullmatch(shown) or _PLAIN_NUMBER.fullmatch(shown):
        return False
    own = re.sub(r"\{[^{}]*\}", "", shown)
    return (any(c.isdigit() or c.isalpha() for c in own)
            and not all(c.isalpha() or c.isspace() for c in own))


def box_name(box: str, lang: str | None = None) -> str:
    """A box in words: its name in the catalog, or a learner's own box as the learner named it.

    >>> box_name("full_house", "en"), box_name("two_pairs", "en")
    ('Full House', 'two_pairs')
    """
    return t(BOX_PREFIX + box, lang)


#: The longest a value the caller gave is shown in a message, in characters.
SHOWN_LENGTH = 60
# str(int) refuses more than 4,300 digits; 14,000 bits is about 4,200 digits.
_LONGEST_INT_BITS = 14_000


def parameter_text(value: object, lang: str | None) -> str:
    """One message parameter as the reader sees it (see the module's docstring)."""
    if isinstance(value, BoxName):
        return words(BOX_PREFIX + value.id, check_language(lang), {})
    if isinstance(value, BoxNames):
        return separator(lang).join(parameter_text(BoxName(c), lang) for c in value.ids)
    if isinstance(value, Given):
        return shortened(python_form(value.value, lang))
    if isinstance(value, Faces):
        return "-".join(digits(v, lang) for v in value.values) or "—"
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return digits(value, lang)
    if isinstance(value, (tuple, list)):
        return separator(lang).join(parameter_text(v, lang) for v in value)
    return printable(str(value))


def separator(lang: str | None) -> str:
    """What joins the items of a list inside a message (", " in English)."""
    return words("list.separator", check_language(lang), {})


def python_form(value: object, lang: str | None) -> str:
    """``repr(value)``, or a description when Python cannot or should not write it out."""
    if isinstance(value, int) and not isinstance(value, bool) and huge(value):
        return digits(value, lang)
    try:
        return printable(repr(value))
    except Exception:  # a repr that fails (a huge int inside a list) must not hide the message
        if isinstance(value, int) and not isinstance(value, bool):
            # a digit limit set lower (sys.set_int_max_str_digits), or an int subclass whose
            # repr raises: its value as a plain int
            return digits(int.__index__(value), lang)
        return f"<{type(value).__name__}>"


def huge(number: int) -> bool:
    return number.bit_length() > _LONGEST_INT_BITS


def digit_count(number: int) -> int:
    """How many digits ``number`` has, worked out without writing it.

    >>> digit_count(-10**5000), digit_count(10**5000 - 1), digit_count(0)
    (5001, 5000, 1)
    """
    size = int(abs(number).bit_length() * math.log10(2)) + 1
    return size - 1 if size > 1 and abs(number) < 10 ** (size - 1) else size


def printable(text: str) -> str:
    """``text`` with lone surrogates written as escapes, so it can be printed and saved."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def shortened(text: str, length: int = SHOWN_LENGTH) -> str:
    """``text`` cut to ``length`` characters, an ellipsis marking the cut."""
    return text if len(text) <= length else text[: length - 1] + "…"


def tn(msgid: str, count: int, lang: str | None = None, /, **params: object) -> str:
    """The message ``msgid`` in the plural form that ``count`` takes in ``lang`` (``ngettext``).

    The entry is a gettext plural entry (``msgid_plural``, ``msgstr[0]``, ``msgstr[1]`` ...);
    which form a number takes is the catalog's ``Plural-Forms`` header.  ``count`` is also passed
    to the message as ``{count}``, unless ``params`` give ``count=`` as it should be shown
    (``"2,000"``).  :func:`t` does the same with the ``count=`` it is given, so a message with a
    count reads right whoever asks for it (an error, a label).

    >>> tn("board.rolls_left", 1, "en"), tn("board.rolls_left", 2, "en")
    ('1 roll left', '2 rolls left')
    >>> tn("board.rolls_left", 0, "kn"), tn("board.rolls_left", 2, "kn")  # Kannada: 0 is singular
    ('0 ಎಸೆತ ಬಾಕಿ', '2 ಎಸೆತಗಳು ಬಾಕಿ')
    """
    code = check_language(lang)
    if msgid not in plural_catalog("en"):
        return isolated(words(msgid, code, {"count": count, **params}), code)
    found, text = plural_form(msgid, count, code)
    return isolated(safely_filled(msgid, in_order(text, found), found,
                                  {"count": count, **params}), code)


def plural_catalog(code: str) -> Mapping[str, tuple[str, ...]]:
    """The plural entries of one language: each id with its forms, in ``msgstr[n]`` order."""
    return language_catalogs(code).plurals


def read_plural_po(text: str) -> dict[str, tuple[str, ...]]:
    """The translated plural entries (``msgid_plural`` with every ``msgstr[n]`` filled)."""
    return plural_entries(po_entries(text))


def plural_entries(entries: Iterable[Mapping[str, str]]) -> dict[str, tuple[str, ...]]:
    """The translated plural entries among ``entries`` (:func:`po_entries`), by id."""
    found: dict[str, tuple[str, ...]] = {}
    for fields in entries:
        forms = tuple(fields[f"msgstr[{n}]"] for n in range(len(fields))
                      if f"msgstr[{n}]" in fields)
        if fields.get("msgid") and "msgid_plural" in fields and forms and all(forms):
            found[fields["msgid"]] = forms
    return found


def plural_rule(code: str) -> Callable[[int], int]:
    """Which form a number takes in ``code``: the ``plural=`` of its catalogs' header."""
    return language_catalogs(code).plural_rule


# The Bengali and Hindi pages write Western digits, as do the Kannada and Urdu rule pages,
# so numbers stay in Western digits everywhere; this is the single place to change that.
_NATIVE_DIGITS: Mapping[str, str] = {}


def digits(number: int, lang: str | None = None) -> str:
    """A whole number written with the digits the language's rule pages use; one too long to
    write out is described (``a whole number of 5001 digits``)."""
    code = check_language(lang)
    try:
        text = "" if huge(number) else str(number)
    except ValueError:  # a limit set lower than Python's own (sys.set_int_max_str_digits)
        text = ""
    if not text:
        return words("value.huge_int", code, {"count": digit_count(number)})
    native = _NATIVE_DIGITS.get(code)
    return text if native is None else text.translate(str.maketrans("0123456789", native))
