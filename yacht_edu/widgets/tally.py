"""The die tally: a class rolls a real die and enters what it shows, sees its counts beside what a
fair die would give, and the chi-square test of fairness.  ``yacht_edu.tally()`` in a cell.

Faces are entered by clicking them, by typing a sequence ("3 6 1 1 5"), or as one count per
face; the tally is saved to and read from CSV, so that the groups of a class can pool their
rolls.  Save writes only a ``.csv`` file inside the notebook's folder, and never over a file
this tally did not write (a notebook, another group's tally): it writes beside it under a new
name and says so.  Every bad file name is answered in the learner's language.  On a hub, a
tally given no group's name takes the learner's name on the hub, so that the teacher's page
shows each learner's die.  The view only asks; this module changes the
:class:`~yacht_edu.probability.tally.Tally` (the model) and the view redraws.

>>> widget = tally("Group A")
>>> widget.click_face(6); widget.type_faces("1 6 3")
>>> widget.counts
[1, 0, 1, 0, 0, 2]
>>> widget.undo(); widget.tally.rolls
3
"""

from __future__ import annotations

import os
import re
import uuid
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from yacht_edu import sender
from yacht_edu.display.explain import fairness_summary
from yacht_edu.display.numbers import percent
from yacht_edu.display.text import direction
from yacht_edu.errors import RuleError
from yacht_edu.i18n import Given, check_language, t
from yacht_edu.lite import missing_library
from yacht_edu.probability.fairness import BadCountsError, FairnessTest, FewRollsWarning
from yacht_edu.probability.tally import BadTallyFileError, Tally, save_path
from yacht_edu.widgets.messages import Shapes, intent_of

HERE = Path(__file__).parent
_LABELS = ("title", "face", "count", "fair", "bar", "typed", "add", "undo", "clear", "file",
           "save", "load")
_SEPARATORS = re.compile(r"[\s,;]+")
#: The intents the view sends, and the kinds of their fields (a count is checked by the tally).
INTENTS: Shapes = {
    "face": {"face": (int,)},
    "type": {"text": (str, type(None))},
    "count": {"face": (int,), "count": (int, str, type(None))},
    "undo": {},
    "clear": {},
    "save": {"path": (str, type(None))},
    "load": {"path": (str, type(None))},
}


class DieTally(anywidget.AnyWidget):
    """A tally of a physical die's rolls, with the fairness test (see the module)."""

    _esm = HERE / "tally.js"
    _css = HERE / "tally.css"

    counts = traitlets.List(traitlets.Int(), default_value=[0] * 6).tag(sync=True)
    per_face = traitlets.Float(0.0).tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)
    result = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    path = traitlets.Unicode("tally.csv").tag(sync=True)
    direction = traitlets.Unicode("ltr").tag(sync=True)

    def __init__(self, group: str | None = None, *, path: str = "tally.csv",
                 lang: str | None = None, simulations: int = 2_000, seed: int = 0,
                 **kwargs: Any) -> None:
        super().__init__(path=path, **kwargs)
        self.lang = check_language(lang)
        self.simulations = simulations
        self.seed = seed
        self.tally = Tally(hub_user() if group is None else group)
        #: the files this tally wrote (it may write them again)
        self.written: set[Path] = set()
        self.test: FairnessTest | None = None
        self.shared_as = uuid.uuid4().hex  # this tally's id for the class service
        self.shared: tuple[int, ...] = tuple(self.tally.counts)
        self.on_msg(self._intent)
        self._show()

    # -- what a class does ---------------------------------------------------------------

    def click_face(self, face: int) -> None:
        """One more roll showing ``face``."""
        self._change(lambda: self.tally.add(face))

    def type_faces(self, text: str) -> None:
        """Rolls typed as faces: "3 6 1", "3,6,1" or "361"."""
        def added() -> Tally:
            pieces = [p for p in _SEPARATORS.split(text.strip()) if p]
            faces = [int(ch) if ch.isdecimal() else ch for piece in pieces for ch in piece]
            return self.tally.add_faces(faces)  # type: ignore[arg-type]
        self._change(added)

    def set_count(self, face: int, count: int | str) -> None:
        """Set how many times ``face`` came up."""
        def changed() -> Tally:
            counts = list(self.tally.counts)
            if not isinstance(face, int) or face not in range(1, 7):
                self.tally.add(face)  # raises the catalog's error for a face
            counts[face - 1] = _count(count)
            return Tally(self.tally.group).add_counts(counts)
        self._change(changed)

    def set_counts(self, counts: Sequence[int]) -> None:
        """Replace the counts of all six faces."""
        self._change(lambda: Tally(self.tally.group).add_counts(counts))

    def undo(self) -> None:
        self._change(self.tally.undo)

    def clear(self) -> None:
        self._change(self.tally.cleared)

    def save(self, path: str | Path | None = None) -> Path:
        """Write this group's tally to a CSV file in the notebook's folder (default:
        :attr:`path`), never over a file it did not write (:func:`save_path`: then beside it,
        under a new name); a name it cannot use raises
        :class:`~yacht_edu.probability.tally.BadTallyFileError` and says why."""
        asked = self.path if path is None else path
        try:
            target = save_path(asked, folder=Path.cwd(), tally=self.tally,
                               written=frozenset(self.written))
            self.tally.save(target)
        except BadTallyFileError as error:
            self.message = error.message(self.lang)
            raise
        except OSError as error:
            self.message = t("die_tally.error.file", self.lang, path=str(asked),
                             reason=error.strerror or type(error).__name__)
            raise
        self.written.add(target)
        shown = str(target.relative_to(Path.cwd().resolve()))
        self.path = shown
        self.message = (t("die_tally.saved", self.lang, path=shown)
                        if target == (Path.cwd() / str(asked)).resolve()
                        else t("die_tally.saved_beside", self.lang, path=shown, taken=str(asked)))
        return target

    def load(self, *paths: str | Path) -> None:
        """Add the rolls of every group in these CSV files to this tally (pool them)."""
        chosen = paths or (self.path,)
        def pooled() -> Tally:
            more = Tally.load(*chosen)
            return self.tally.add_counts(more.counts)
        try:
            self._change(pooled)
        except OSError as error:
            self.message = t("die_tally.error.file", self.lang, path=", ".join(map(str, chosen)),
                             reason=error.strerror or type(error).__name__)
        except (ValueError, UnicodeError):  # a name no file can have (a NUL, a lone surrogate)
            self.message = t("die_tally.error.bad_name", self.lang,
                             path=Given(", ".join(map(str, chosen))))

    # -- the view's side -----------------------------------------------------------------

    def _intent(self, _: object, content: Any, buffers: object) -> None:
        """Answer what the view sends (:data:`INTENTS`); a message of another shape is refused
        and logged (:mod:`yacht_edu.widgets.messages`), and changes nothing."""
        intent = intent_of(content, INTENTS, "tally")
        try:
            if intent == "face":
                self.click_face(content.get("face"))
            elif intent == "type":
                self.type_faces(str(content.get("text", "")))
            elif intent == "count":
                self.set_count(content.get("face"), content.get("count", ""))
            elif intent == "undo":
                self.undo()
            elif intent == "clear":
                self.clear()
            elif intent == "save":
                self.save(content.get("path") or self.path)
            elif intent == "load":
                self.load(content.get("path") or self.path)
        except (RuleError, OSError, ValueError):
            pass  # the message says what went wrong

    def _change(self, change: Any) -> None:
        """Apply a change of the tally; bad input leaves it as it was and says why."""
        try:
            new = change()
        except RuleError as error:
            self.message = error.message(self.lang)
            return
        self.tally = new
        self.message = ""
        self._show()

    def _show(self) -> None:
        self.test, needs = None, ""
        if self.tally.rolls:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", FewRollsWarning)  # the summary says it
                try:
                    self.test = self.tally.test(simulations=self.simulations, seed=self.seed)
                except ModuleNotFoundError as error:  # numpy missing (the browser edition):
                    said = missing_library(error)  # the tally counts on, the test says why not
                    if said is None:
                        raise
                    needs = said.message(self.lang)
        labels = {key: t(f"die_tally.{key}", self.lang) for key in _LABELS}
        labels["total"] = t("die_tally.total", self.lang, count=self.tally.rolls)
        group = self.tally.group
        labels["group"] = t("die_tally.group", self.lang, group=group) if group else ""
        self.labels = labels
        self.direction = direction(self.lang)
        self.per_face = self.tally.per_face
        self.counts = list(self.tally.counts)
        self.result = needs or t("die_tally.empty", self.lang)
        if self.test:  # with too few rolls the summary says the test means little: no verdict
            self.result = fairness_summary(self.test, self.lang)
            if self.test.reliable:
                self.result += " " + verdict(self.test, self.lang)
        self.share()

    def share(self) -> None:
        """Tell the class service (if the hub has one) this group's counts, when they change."""
        counts = tuple(self.tally.counts)
        if counts != self.shared:
            self.shared = counts
            sender.send(sender.tally_event(self.shared_as, self.tally.group, list(counts)),
                        key=self.shared_as)

    def __repr__(self) -> str:
        return f"DieTally({self.tally.group!r}, counts={self.tally.counts})"


#: Below this p-value the tally says its rolls are a reason to doubt the die (1 in 20).
DOUBT_BELOW = 0.05


def verdict(test: FairnessTest, lang: str | None = None) -> str:
    """What the test's p-value means for the die, in words.

    >>> from yacht_edu.probability.fairness import fairness
    >>> verdict(fairness([8, 9, 12, 11, 6, 14]), "en")[:52]
    'In words: a fair die gives counts this far from even'
    """
    p = test.p_value_float
    key = "die_tally.verdict_doubt" if p < DOUBT_BELOW else "die_tally.verdict_fits"
    return t(key, lang, percent=percent(p, lang))


def _count(value: int | str) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        number = -1
    if number < 0 or (isinstance(value, float)):
        raise BadCountsError("fairness.error.count", value=repr(value))
    return number


def tally(group: str | None = None, *, path: str = "tally.csv", lang: str | None = None,
          simulations: int = 2_000, seed: int = 0) -> DieTally:
    """A die tally for a class or a group (``yacht_edu.tally("Group A")`` in a cell); with no
    group's name, on a hub, the learner's name there (elsewhere none)."""
    return DieTally(group, path=path, lang=lang, simulations=simulations, seed=seed)


def hub_user() -> str:
    """The learner's name on the hub (``JUPYTERHUB_USER``), or "" off a hub."""
    return os.environ.get("JUPYTERHUB_USER", "")
