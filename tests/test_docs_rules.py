"""docs/rules.md is the rule book the code cites: every cited section exists, nothing points
outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
CITING = [p for pattern in ("yacht_edu/**/*.py", "yacht_edu/**/*.po", "tests/**/*.py",
                            "notebooks/*.ipynb", "teacher/*.ipynb", "README.md", "docs/*.md")
          for p in ROOT.glob(pattern)]


def test_every_cited_section_of_the_rules_exists() -> None:
    anchors = set(re.findall(r'<a id="([\w-]+)"></a>', RULES.read_text(encoding="utf-8")))
    cited = {(anchor, path.name) for path in CITING
             for anchor in re.findall(r"rules\.md#([\w-]+)", path.read_text(encoding="utf-8"))}
    assert len(cited) > 20  # the scan finds the citations
    assert {(a, where) for a, where in cited if a not in anchors} == set()


def test_nothing_cites_a_rule_book_outside_the_repository() -> None:
    outside = re.compile(r"\.\./shared|RULES\.md|seed \d{3}_|seeds? \d{3}\b")
    assert [p.name for p in CITING if p != Path(__file__)
            and outside.search(p.read_text(encoding="utf-8"))] == []
