"""Damage a saved solver table in many ways and count what the cache does with each.

The promise (issue 11): a damaged table either loads as the very same numbers or is refused —
skipped with a warning and solved again — whatever exception the damage raises inside zipfile,
numpy or json; nothing else ever comes out.  Prints the outcomes and, for the refused ones, the
exception that reading raised (what the cache turned into a warning).

Run: python benchmarks/fuzz_cache.py --mutations 5000 --seed 1
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import tempfile
from pathlib import Path

import numpy as np

from yacht_edu import get_rules
from yacht_edu.solver import cache, solve
from yacht_edu.solver.states import box_rows


def damage(good: bytes, rng: random.Random) -> tuple[str, bytes]:
    """One mutation: a byte changed anywhere, in the first 300 bytes (zip and numpy headers) or
    in the last 400 (the zip directory), a cut, an inserted or a deleted byte."""
    data = bytearray(good)
    how = rng.choice(["byte anywhere", "byte in the headers", "byte in the zip directory",
                      "cut short", "byte inserted", "byte deleted"])
    at = {"byte in the headers": rng.randrange(300),
          "byte in the zip directory": len(data) - 1 - rng.randrange(400)}.get(
        how, rng.randrange(len(data)))
    if how.startswith("byte") and "inserted" not in how and "deleted" not in how:
        data[at] ^= rng.randrange(1, 256)
    elif how == "cut short":
        del data[at:]
    elif how == "byte inserted":
        data[at:at] = bytes([rng.randrange(256)])
    else:
        del data[at]
    return how, bytes(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutations", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    rules = get_rules("yacht")
    table = solve(rules, use_cache=False)
    expected = cache.header(rules, "float", box_rows(rules).fingerprint())
    arrays = {"mean": table.mean, "mean_square": table.mean_square}  # as the solver saves it
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "table.npz"
        cache.save(path, arrays, expected)
        good = path.read_bytes()
        outcomes: collections.Counter[tuple[str, str]] = collections.Counter()
        causes: collections.Counter[str] = collections.Counter()
        for _ in range(arguments.mutations):
            how, data = damage(good, rng)
            path.write_bytes(data)
            try:
                loaded = cache.read(path, expected)
            except cache.Refused as refused:
                outcomes[how, "refused"] += 1
                cause = refused.__cause__
                causes[type(cause).__name__ if cause else f"checksum or header ({refused})"] += 1
                continue
            except Exception as error:  # the promise broken: counted and shown
                outcomes[how, f"crashed: {type(error).__name__}"] += 1
                continue
            same = loaded.keys() == arrays.keys() and all(
                np.array_equal(loaded[k], arrays[k], equal_nan=True) for k in arrays)
            outcomes[how, "same numbers" if same else "DIFFERENT numbers"] += 1
    print(f"{arguments.mutations} damaged copies of a {len(good):,}-byte table "
          f"(seed {arguments.seed}, pid {os.getpid()}):")
    for (how, outcome), count in sorted(outcomes.items()):
        print(f"  {how:26} {outcome:20} {count}")
    print("refused, by what reading raised:",
          ", ".join(f"{name} {count}" for name, count in causes.most_common()))


if __name__ == "__main__":
    main()
