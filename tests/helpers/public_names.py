"""The package's declared public names: every module's literal ``__all__`` list (issue 34 item 2).

The figure the third architecture review counted (its §3, "Public surface") and
``benchmarks/public_names.py`` prints; ``tests/test_names.py`` keeps it under a ceiling.
"""

from __future__ import annotations

import ast
from pathlib import Path

__all__ = ["PACKAGE", "public_lists"]

PACKAGE = Path(__file__).resolve().parent.parent.parent / "yacht_edu"


def declares_all(node: ast.stmt) -> bool:
    """Whether a module's statement is ``__all__ = [...]`` (or annotated so)."""
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, ast.AnnAssign) and node.value is not None:
        targets = [node.target]
    else:
        return False
    return any(isinstance(target, ast.Name) and target.id == "__all__" for target in targets)


def public_lists(root: Path = PACKAGE) -> dict[str, list[str]]:
    """Each module with a literal ``__all__`` (its path under ``root``) and the names it lists."""
    found: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if declares_all(node):
                assert isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None
                found[path.relative_to(root).as_posix()] = list(ast.literal_eval(node.value))
    return found
