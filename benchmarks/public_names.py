"""How many names the package declares public: its modules, the ``__all__`` lists, the names in
them (and how many distinct), and how many names two or more lists hold (issue 34 item 2; the
third architecture review's count, its §3: 795 names in 92 lists; 806 in 96 on main before the
one public face).

Run: python benchmarks/public_names.py [PACKAGE_FOLDER]   (default: this checkout's yacht_edu/)
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from tests.helpers.public_names import PACKAGE, public_lists

    package = Path(sys.argv[1]) if len(sys.argv) > 1 else PACKAGE
    lists = public_lists(package)
    where = Counter(name for names in lists.values() for name in names)
    beside_top = Counter(name for module, names in lists.items() if module != "__init__.py"
                         for name in names)
    print(f"modules {len(list(package.rglob('*.py')))}, __all__ lists {len(lists)}, "
          f"names {sum(where.values())}, distinct {len(where)}, "
          f"in 2+ lists {sum(1 for count in where.values() if count > 1)}, "
          f"in 2+ lists besides the top level's {sum(1 for c in beside_top.values() if c > 1)}")


if __name__ == "__main__":
    main()
