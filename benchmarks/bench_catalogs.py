"""A kernel's first message in a language: reading that language's catalogs.

Each run is a fresh process that imports ``yacht_edu.i18n`` and then asks for what the runtime
reads of one language (its messages, its plural entries and its plural rule, as the first
``t``/``tn`` in the language does); it prints the processor and wall seconds of that, with the
files and characters of ``yacht_edu/locale/<lang>/`` it read.  Run it with another checkout's
Python to compare two trees (the script asks only for ``catalog``, ``plural_catalog`` and
``plural_rule``, which every version has).

Run: python benchmarks/bench_catalogs.py [--repeat N]   (default: 5 fresh processes a language)
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from typing import Any

from fresh import answer_task, run_task

LANGUAGES = ("en", "hi", "bn", "kn", "ur")


def read_language(lang: str) -> dict[str, Any]:
    """In this (fresh) process: read one language's catalogs as the runtime does."""
    from yacht_edu import i18n

    if lang != "en":  # English first, as every message's fallback: not counted
        i18n.catalog("en")
        i18n.plural_catalog("en")
    files = sorted((i18n.LOCALE_DIR / lang).glob("*.po"))
    wall, cpu = time.perf_counter(), time.process_time()
    messages, plurals = i18n.catalog(lang), i18n.plural_catalog(lang)
    i18n.plural_rule(lang)(2)
    return {"cpu_s": time.process_time() - cpu, "wall_s": time.perf_counter() - wall,
            "files": len(files),
            "characters": sum(len(path.read_text(encoding="utf-8")) for path in files),
            "messages": len(messages) + len(plurals)}


def main() -> None:
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 5
    print(f"{platform.python_implementation()} {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.1f}, {repeat} fresh processes a language")
    for lang in LANGUAGES:
        runs = [run_task(__file__, "read_language", lang) for _ in range(repeat)]
        first = runs[0]
        print(f"{lang}: {first['files']} files, {first['characters']:,} characters, "
              f"{first['messages']} messages; processor "
              f"{statistics.median(r['cpu_s'] for r in runs) * 1000:.0f} ms, wall "
              f"{statistics.median(r['wall_s'] for r in runs) * 1000:.0f} ms (medians)")
    print(f"load {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__" and not answer_task({"read_language": read_language}):
    main()
