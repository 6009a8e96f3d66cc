"""Every link in the README and in docs/*.md leads somewhere: a file of the repository that
exists and, after a ``#``, an anchor that file defines (``<a id="...">`` or a heading).  Every
``yacht_edu.…`` name they mention, and every ``ye.…`` of the README, exists under that name."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchors(page: Path) -> set[str]:
    """The anchors of a Markdown page: explicit ``<a id>`` ones and GitHub's heading slugs."""
    text = page.read_text(encoding="utf-8")
    explicit = set(re.findall(r'<a (?:id|name)="([^"]+)"', text))
    headings = re.findall(r"^#+\s+(.+?)\s*$", text, flags=re.MULTILINE)
    slugs = {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in headings}
    return explicit | slugs


def local_links(page: Path) -> list[str]:
    return [link for link in LINK.findall(page.read_text(encoding="utf-8"))
            if not re.match(r"[a-z]+:", link)]


def broken(page: Path, link: str, root: Path = ROOT) -> bool:
    path, _, anchor = link.partition("#")
    target = (page.parent / path).resolve() if path else page
    if not target.exists() or root not in (target, *target.parents):
        return True
    return bool(anchor) and target.suffix == ".md" and anchor not in anchors(target)


def test_the_scan_finds_the_links() -> None:
    assert len(PAGES) >= 5
    assert sum(len(local_links(page)) for page in PAGES) > 30


def test_every_link_leads_to_a_file_and_anchor_that_exist() -> None:
    assert [(page.name, link) for page in PAGES for link in local_links(page)
            if broken(page, link)] == []


def test_a_broken_link_is_found(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Title\n<a id=\"here\"></a>\n", encoding="utf-8")
    assert not broken(page, "#here", tmp_path) and not broken(page, "#title", tmp_path)
    assert broken(page, "#elsewhere", tmp_path) and broken(page, "missing.md", tmp_path)
    assert broken(page, "../outside.md", tmp_path)


def resolves(dotted: str) -> bool:
    """Whether ``yacht_edu.a.b`` names a module, or an attribute of the longest module prefix."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for part in parts[cut:]:
                found = getattr(found, part)
        except AttributeError:
            return False
        return True
    return False


def test_every_name_of_the_package_the_pages_mention_exists() -> None:
    import yacht_edu as ye

    mentioned = {(page.name, name) for page in PAGES
                 for name in re.findall(r"\byacht_edu(?:\.\w+)+", page.read_text(encoding="utf-8"))
                 if not name.endswith(".py")}  # a file named after the package, not a module
    assert len(mentioned) > 20
    assert sorted((page, name) for page, name in mentioned if not resolves(name)) == []
    top = set(re.findall(r"\bye\.(\w+)", PAGES[0].read_text(encoding="utf-8")))
    assert "play" in top and [name for name in sorted(top) if not hasattr(ye, name)] == []
    assert not resolves("yacht_edu.no_such_module") and not resolves("yacht_edu.coach.no_such")
