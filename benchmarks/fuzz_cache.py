"""Damage a saved solver table in many ways, and pit rule sets that look alike against each
other, and count what the cache does with each.

Two attacks, each given half the time (or ``--mutations`` damaged tables and no pairs):

1. damaged tables (issue 11): a damaged table either loads as the very same numbers or is
   refused — skipped with a warning and solved again — whatever exception the damage raises
   inside zipfile, numpy or json; nothing else ever comes out.  A forged array header (a shape
   far larger than the file) is refused before the array is read (issue 25), so the process's
   peak memory stays that of a few tables.  Prints the outcomes and, for the refused ones, the
   exception that reading raised (what the cache turned into a warning).
2. equal-but-different designs (issue 25): pairs of custom rule sets that differ in one thing or
   none (a fixed score or a function giving the same table, the bonuses, the joker rule,
   ``upper_first``, the rolls, the boxes removed); two rule sets must be equal exactly when
   everything the solver reads of them is the same (its fingerprint, the rolls, the boxes) and
   share a cache file exactly when they are equal; for some pairs the second is solved after the
   first and compared with a solve made from scratch, by no cache keyed by a rule set.

Run: python benchmarks/fuzz_cache.py --seconds 30 --seed 1
"""

from __future__ import annotations

import argparse
import collections
import itertools
import os
import random
import re
import resource
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from yacht_edu import custom_rules, get_rules
from yacht_edu.rules import Rules, is_full_house
from yacht_edu.solver import cache, solve
from yacht_edu.solver.backward import solve_layers
from yacht_edu.solver.states import StateSpace, _box_rows, box_rows


def damage(good: bytes, rng: random.Random) -> tuple[str, bytes]:
    """One mutation: a byte changed anywhere, in the first 300 bytes (zip and numpy headers) or
    in the last 400 (the zip directory), a cut, an inserted or a deleted byte, or an array's
    declared shape forged far larger."""
    data = bytearray(good)
    how = rng.choice(["byte anywhere", "byte in the headers", "byte in the zip directory",
                      "cut short", "byte inserted", "byte deleted", "array shape forged"])
    at = {"byte in the headers": rng.randrange(300),
          "byte in the zip directory": len(data) - 1 - rng.randrange(400)}.get(
        how, rng.randrange(len(data)))
    if how == "array shape forged":
        return how, forged_shape(good, rng)
    if how.startswith("byte") and "inserted" not in how and "deleted" not in how:
        data[at] ^= rng.randrange(1, 256)
    elif how == "cut short":
        del data[at:]
    elif how == "byte inserted":
        data[at:at] = bytes([rng.randrange(256)])
    else:
        del data[at]
    return how, bytes(data)


_SHAPE = re.compile(rb"'shape': \((\d+),\), \}( +)\n")


def forged_shape(good: bytes, rng: random.Random) -> bytes:
    """One array header declaring up to 10^15 items, its length kept (the padding shortened)."""
    found = rng.choice(list(_SHAPE.finditer(good)))
    number = str(rng.randrange(10**6, 10**15)).encode()
    spaces = max(1, len(found.group(2)) - (len(number) - len(found.group(1))))
    header = b"'shape': (" + number + b",), }" + b" " * spaces + b"\n"
    return good[:found.start()] + header + good[found.end():]


def damaged_tables(rng: random.Random, count: int | None, deadline: float) -> None:
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
        tried = 0
        while (tried < count) if count is not None else (time.perf_counter() < deadline):
            tried += 1
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
    print(f"{tried:,} damaged copies of a {len(good):,}-byte table (pid {os.getpid()}):")
    for (how, outcome), number in sorted(outcomes.items()):
        print(f"  {how:26} {outcome:20} {number:,}")
    print("refused, by what reading raised:",
          ", ".join(f"{name} {number:,}" for name, number in causes.most_common()))


# -- equal-but-different designs ---------------------------------------------------------------

def full_house_25(dice: Any) -> int:
    """The table of a fixed full house of 25, given as a function (no joker score)."""
    return 25 if is_full_house(tuple(sorted(dice))) else 0


def straight_30(dice: Any) -> int:
    faces = set(dice)
    return 30 if any({f, f + 1, f + 2, f + 3} <= faces for f in (1, 2, 3)) else 0


LOWER = ("three_of_a_kind", "four_of_a_kind", "small_straight", "large_straight", "chance")


def a_design(rng: random.Random) -> dict[str, Any]:
    """The options of a small Yahtzee variant (at most ten boxes, solved in a second)."""
    removed = sorted(rng.sample(LOWER, rng.randint(3, 5)))
    scores: dict[str, Any] = {}
    if rng.random() < 0.7:
        scores["full_house"] = rng.choice([25, 25, 30, full_house_25])
    if "small_straight" not in removed and rng.random() < 0.5:
        scores["small_straight"] = rng.choice([30, straight_30])
    return {"remove": removed, "scores": scores, "rolls": rng.choice([3, 3, 3, 2]),
            "joker": rng.choice(["forced", "forced", "free", "none"]),
            "yahtzee_bonus": rng.choice([100, 100, 150]),
            "upper_bonus_rule": rng.choice([None, None, (50, 35), False]),
            "upper_first": rng.random() < 0.2}


def one_change(design: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The design with one option drawn again (often to the same value, or to a function with
    the same table)."""
    other = a_design(rng)
    key = rng.choice(sorted(design))
    return {**design, key: other[key]}


def what_the_solver_reads(rules: Rules) -> tuple[object, ...]:
    """Everything the solver reads of a rule set, worked out afresh (by no cache keyed by a
    rule set): two rule sets play alike when these are the same."""
    return rules.rolls, rules.boxes, _box_rows.__wrapped__(rules).fingerprint()


def from_scratch(rules: Rules) -> float:
    """The expected final score solved from the model alone: no table kept for a rule set."""
    rows = _box_rows.__wrapped__(rules)
    mean, _ = solve_layers(StateSpace(rules), rows, workers=1)
    return float(mean[0])


def a_family(rng: random.Random) -> list[Rules]:
    """A design and six designs each one change away from it (the designer's refusals left
    out)."""
    options = a_design(rng)
    family: list[Rules] = []
    for changed in [options, *(one_change(options, rng) for _ in range(6))]:
        try:
            family.append(custom_rules("yahtzee", **changed))
        except Exception:  # a combination the designer refuses (a bonus on a changed box)
            continue
    return family


def alike_designs(rng: random.Random, deadline: float) -> None:
    tally: collections.Counter[str] = collections.Counter()
    with tempfile.TemporaryDirectory() as folder, cache.only(Path(folder)):
        while time.perf_counter() < deadline:
            family = a_family(rng)
            reads = [what_the_solver_reads(rules) for rules in family]
            for (first, read_first), (second, read_second) in itertools.combinations(
                    zip(family, reads, strict=True), 2):
                alike, equal = read_first == read_second, first == second
                same_file = (cache.table_path(first, "float")
                             == cache.table_path(second, "float"))
                tally["pairs"] += 1
                tally["equal" if equal else "different"] += 1
                if equal and not alike:
                    tally["WRONG: equal but playing differently"] += 1
                if alike and not equal:
                    tally["playing alike but not equal"] += 1
                if same_file != equal:
                    tally["WRONG: a file shared by different rule sets"] += 1
            if len(family) > 1 and rng.random() < 0.25:  # one after the other, then afresh
                first, second = rng.sample(family, 2)
                tally["pairs solved"] += 1
                solve(first, use_cache=False)
                after = solve(second, use_cache=False).expected().mean
                if abs(after - from_scratch(second)) > 1e-9:
                    tally["WRONG: a value taken from the other rule set"] += 1
    print(f"{tally['pairs']:,} pairs of designs one change apart or none: {tally['equal']:,} "
          f"equal, {tally['different']:,} different; {tally['pairs solved']:,} pairs solved one "
          f"after the other")
    for key in ("WRONG: equal but playing differently",
                "WRONG: a file shared by different rule sets",
                "WRONG: a value taken from the other rule set", "playing alike but not equal"):
        print(f"  {key:46} {tally[key]:,}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--mutations", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    seconds = arguments.seconds if arguments.seconds is not None else (
        0.0 if arguments.mutations else 60.0)
    started = time.perf_counter()
    damaged_tables(rng, arguments.mutations, started + seconds / 2)
    alike_designs(rng, time.perf_counter() + seconds / 2)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"seed {arguments.seed}, {time.perf_counter() - started:.0f} s, "
          f"peak memory of the process {peak:.0f} MB")


if __name__ == "__main__":
    main()
