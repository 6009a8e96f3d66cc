"""The makers' tools: what builds the course and keeps its catalogs, run from a clone of the
repository, never installed (the wheel holds ``yacht_edu`` alone; the sdist holds these too).

- ``python -m tools.build [--check] [--languages LANG ...]``: every edition of the lessons, in
  every language, and the lesson plans, written from the teacher's notebooks (:mod:`tools.build`);
  ``python -m tools.build --nbgrader DIR``: an nbgrader course of them (:mod:`tools.course`);
- ``python -m tools.catalogs [--sync] [LANG ...]``: every catalog checked against English, the
  package's (``yacht_edu/locale/``) and the course's (``course/locale/``) (:mod:`tools.catalogs`).

The course's catalogs, ``course/locale/<lang>/``, are the lessons' prose (``text_LL.po``) and
the build's own words (``build.po``): only the build reads them, so no learner's kernel does.
"""

from pathlib import Path

__all__ = ["COURSE_LOCALE", "PACKAGE_LOCALE", "ROOT"]

#: The clone of the repository these tools belong to.
ROOT = Path(__file__).resolve().parent.parent
#: The package's catalogs: every word a learner reads (what ``yacht_edu.i18n`` reads).
PACKAGE_LOCALE = ROOT / "yacht_edu" / "locale"
#: The course's catalogs: the lessons' prose and the build's words, read by the build alone.
COURSE_LOCALE = ROOT / "course" / "locale"
