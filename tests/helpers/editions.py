"""Every language's editions of the lessons, for the tests: the built ones (``teacher/<lang>/``,
``notebooks/<lang>/``) of each language whose translations are there, and for each other
language an edition built once per test session from made-up catalogs
(:mod:`tests.helpers.fake_translation`) in a temporary folder, so that what is checked of every
language is checked now and keeps being checked when the translations land.
"""

from __future__ import annotations

import atexit
import functools
import shutil
import tempfile
from pathlib import Path

from tests.helpers.fake_translation import fake_catalogs
from tools.build import Folders, build_lessons
from tools.translation import ENGLISH, TRANSLATED

__all__ = ["LEARNER", "ROOT", "TEACHER", "built_languages", "fake_build", "learner_editions",
           "teacher_editions"]

ROOT = Path(__file__).resolve().parents[2]
TEACHER, LEARNER = ROOT / "teacher", ROOT / "notebooks"


def built_languages() -> list[str]:
    """The languages whose editions are in the repository."""
    return [lang for lang in TRANSLATED if (TEACHER / lang).is_dir()]


def fake_build(folder: Path, languages: list[str]) -> Folders:
    """Both editions and the plans in ``languages``, from made-up catalogs, all in ``folder``."""
    (folder / "teacher").mkdir(parents=True, exist_ok=True)
    for path in TEACHER.glob("*.ipynb"):
        shutil.copy(path, folder / "teacher" / path.name)
    (folder / "docs").mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "docs" / "teaching.md", folder / "docs" / "teaching.md")
    folders = Folders(teacher=folder / "teacher", learner=folder / "notebooks",
                      docs=folder / "docs", locale=folder / "locale")
    fake_catalogs(TEACHER, folders.locale, languages)
    outcome = build_lessons(folders, languages)
    assert outcome.errors == [], outcome.errors
    return folders


@functools.cache
def session_fake() -> Folders:
    """The made-up editions of every language not built in the repository (built once)."""
    folder = Path(tempfile.mkdtemp(prefix="yacht_edu_editions_"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return fake_build(folder, [lang for lang in TRANSLATED if lang not in built_languages()])


def teacher_editions(lesson: Path) -> dict[str, Path]:
    """A teacher's notebook (``teacher/LL_name.ipynb``) in every language, by language code."""
    fake = session_fake().teacher
    return {ENGLISH: lesson, **{lang: (TEACHER if lang in built_languages() else fake) / lang
                                / lesson.name for lang in TRANSLATED}}


def learner_editions(lesson: Path) -> dict[str, Path]:
    """A lesson's learner's notebook in every language, by language code."""
    fake = session_fake().learner
    return {ENGLISH: LEARNER / lesson.name,
            **{lang: (LEARNER if lang in built_languages() else fake) / lang / lesson.name
               for lang in TRANSLATED}}
