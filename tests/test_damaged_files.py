"""Files damaged or left half written (reliability-3, F4 and F5): a solver table whose save was
killed leaves no temporary file for good; a catalog file that cannot be read, or a translation
whose placeholders are broken, never stops a message (it comes in English).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from yacht_edu import i18n
from yacht_edu.rules import get_rules
from yacht_edu.solver import cache

# -- F4: a killed save ------------------------------------------------------------------------


def test_a_stale_temporary_file_is_removed_at_the_next_save(tmp_path: Path) -> None:
    """A temporary file older than ten minutes (a save killed midway) goes at the next save in
    its folder; a younger one (a save still being written) and other files stay."""
    table = tmp_path / "yacht-float-v9.npz"
    stale = tmp_path / "yacht-exact-v9.npzabc123.tmp"
    young = tmp_path / "yacht-float-v9.npzdef456.tmp"
    other = tmp_path / "notes.tmp"
    for path in (stale, young, other):
        path.write_bytes(b"half a table")
    old = time.time() - cache.STALE_SECONDS - 60
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    assert cache.save(table, {"values": np.arange(3.0)}, {"format": 1})
    assert not stale.exists() and young.exists() and other.exists() and table.exists()


SAVER = """
import sys, numpy as np
from pathlib import Path
from yacht_edu.solver import cache
big = {"values": np.random.default_rng(1).random(20_000_000)}  # 160 MB: slow to write
print("saving", flush=True)
cache.save(Path(sys.argv[1]), big, {"format": 1})
"""


@pytest.mark.slow  # a process writing a large table, killed midway: a few seconds
def test_a_save_killed_midway_leaves_nothing_for_good(tmp_path: Path) -> None:
    """The review's kill: SIGKILL while the table is written leaves a ``.tmp``; once it is
    stale, the next save in that folder removes it, and the table read is the next save's."""
    table = tmp_path / "yacht-float-v9.npz"
    saver = subprocess.Popen([sys.executable, "-c", SAVER, str(table)], stdout=subprocess.PIPE,
                             text=True)
    assert saver.stdout is not None and saver.stdout.readline().strip() == "saving"
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob("*.tmp")) and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.2)
    saver.send_signal(signal.SIGKILL)
    saver.wait()
    (left,) = list(tmp_path.glob("*.tmp"))
    old = time.time() - cache.STALE_SECONDS - 1
    os.utime(left, (old, old))
    assert cache.save(table, {"values": np.arange(4.0)}, {"format": 1})
    assert list(tmp_path.glob("*.tmp")) == [] and table.exists()


def test_the_table_path_ends_as_the_sweep_expects() -> None:
    assert cache.table_path(get_rules("yacht"), "float").suffix == ".npz"


# -- F5: a damaged catalog ------------------------------------------------------------------------


@pytest.fixture
def catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the catalogs that a test may damage, read afresh."""
    copy = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, copy)
    monkeypatch.setattr(i18n, "LOCALE_DIR", copy)
    i18n.language_catalogs.cache_clear()
    yield copy
    i18n.language_catalogs.cache_clear()


def test_a_catalog_file_that_is_not_utf8_is_left_out_in_english(catalogs: Path) -> None:
    """The review's byte: one invalid UTF-8 byte in hi/model.po made every Hindi message raise
    UnicodeDecodeError.  Now that file's messages come in English, with one warning naming it,
    and the other Hindi files are read as before."""
    english = i18n.t("error.no_rolls_left", "en", count=3)
    hindi_elsewhere = i18n.t("classview.learner", "hi")
    i18n.language_catalogs.cache_clear()
    damaged = catalogs / "hi" / "model.po"
    damaged.write_bytes(damaged.read_bytes().replace(b"msgstr", b"msgstr\xff", 1))
    with pytest.warns(i18n.CatalogWarning, match="model.po") as warned:
        words = (i18n.t("error.no_rolls_left", "hi", count=3), i18n.t("classview.learner", "hi"))
    assert words == (english, hindi_elsewhere) and hindi_elsewhere != i18n.t("classview.learner")
    assert {w.category for w in warned} == {i18n.CatalogWarning}
    assert len(warned) == 1  # the file is read once for the messages, the plurals and the rule


def broken(catalogs: Path, lang: str, msgid: str, start: str) -> None:
    """``lang``'s translation of ``msgid`` made to start with ``start`` (a placeholder that
    cannot be filled)."""
    path = catalogs / lang / "classview.po"
    text = path.read_text(encoding="utf-8")
    line = text.index('msgstr "', text.index(f'msgid "{msgid}"')) + len('msgstr "')
    path.write_text(text[:line] + start + text[line:], encoding="utf-8")


def test_a_stray_brace_in_a_translation_falls_back_to_english(catalogs: Path,
                                                              recwarn: pytest.WarningsRecorder
                                                              ) -> None:
    """The review's ``{``: that message raised ValueError; now it is said in English, and so
    is one naming a placeholder the English has not; the file is read (no warning)."""
    broken(catalogs, "hi", "classview.title", "{ ")
    broken(catalogs, "kn", "classview.title", "{nothing} ")
    for lang in ("hi", "kn"):
        assert i18n.t("classview.title", lang, klass="7b") == i18n.t("classview.title", "en",
                                                                     klass="7b")
    assert i18n.t("classview.learner", "hi") != i18n.t("classview.learner", "en")
    assert not [w for w in recwarn if issubclass(w.category, i18n.CatalogWarning)]
