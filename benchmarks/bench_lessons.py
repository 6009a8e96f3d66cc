"""Time the lessons under nbval, both editions, with a cold solver cache: the whole run, as the
README's test command runs them, then each notebook alone.

Run from the repository: python benchmarks/bench_lessons.py [notebook ...]
(default: every notebook in teacher/ and notebooks/)
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The lessons' run (README, "Two commands"): nbval is loaded only there.
LESSONS_RUN = ["-p", "nbval", "--nbval", "--nbval-current-env"]


def nbval(paths: list[Path]) -> float:
    """Seconds for one pytest run of ``paths`` under nbval, in a fresh (cold) solver cache."""
    with tempfile.TemporaryDirectory(prefix="yacht_edu_cache_") as cache:
        env = dict(os.environ, YACHT_EDU_CACHE=cache, PYTHONPATH=str(ROOT))
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                               *LESSONS_RUN, *map(str, paths)], cwd=ROOT, env=env,
                              capture_output=True, text=True)
        seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"the lessons failed:\n{done.stdout[-3000:]}")
    return seconds


def main(argv: list[str]) -> None:
    paths = ([Path(a) for a in argv] or
             sorted([*(ROOT / "teacher").glob("*.ipynb"), *(ROOT / "notebooks").glob("*.ipynb")]))
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}")
    print(f"all {len(paths)} notebooks in one run, cold cache: {nbval(paths):.1f} s")
    for path in paths:
        print(f"  {path.parent.name}/{path.name}: {nbval([path]):.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
