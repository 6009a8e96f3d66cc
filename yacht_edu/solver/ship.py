"""The tables shipped in the package: written from a fresh solve, read back into numpy.

``python -m yacht_edu.solver ship [--into DIR]`` solves each built-in rule set afresh (no cache)
and writes its file (default: into the package, :data:`yacht_edu.shipped.FOLDER`); the format is
:mod:`yacht_edu.shipped`'s.  :func:`shipped_arrays` reads a file back for
:func:`~yacht_edu.solver.solve`, which uses it before solving: the solver's own numbers, bit for
bit, at the cost of reading a file.
"""

from __future__ import annotations

import argparse
import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from yacht_edu import shipped
from yacht_edu.rules import Rules, get_rules
from yacht_edu.solver.states import StateSpace, box_rows, possible_scores


def fingerprint(rules: Rules) -> str:
    """What a shipped table must have been solved from: every number the solver reads."""
    return hashlib.sha256(box_rows(rules).fingerprint()).hexdigest()


def table_bytes(rules: Rules, mean: npt.NDArray[np.float64],
                mean_square: npt.NDArray[np.float64]) -> bytes:
    """The file of a solved table (``mean``, ``mean_square``: one value per state, NaN where no
    game reaches)."""
    space = StateSpace.of(rules)
    reachable = ~np.isnan(mean)
    if not np.array_equal(reachable, ~np.isnan(mean_square)) or len(mean) != space.size:
        raise ValueError(f"{rules!r}: the mean and the mean square disagree on the states")
    header = {"rules": rules.name, "states": space.size, "uppers": space.uppers,
              "fifties": space.fifties, "boxes": list(rules.boxes),
              "fingerprint": fingerprint(rules),
              "possible_scores": {box: sorted(points)
                                  for box, points in possible_scores(rules).items()},
              "written_by": "python -m yacht_edu.solver ship"}
    bits = np.packbits(reachable, bitorder="little").tobytes()
    return shipped.encode(header, bits, mean[reachable].astype("<f8").tobytes(),
                          mean_square[reachable].astype("<f8").tobytes())


def shipped_arrays(rules: Rules) -> dict[str, npt.NDArray[Any]] | None:
    """The shipped table of ``rules`` as the solver's arrays (``mean``, ``mean_square``), or
    None: not shipped, damaged, or solved from other numbers than the model gives now."""
    path = shipped.table_path(rules)
    if path is None or not path.is_file():
        return None
    try:
        found = shipped.read_file(path)
    except (OSError, ValueError):
        return None
    header = found.header
    space = StateSpace.of(rules)
    if (header.get("rules") != rules.name or header.get("states") != space.size
            or header.get("fingerprint") != fingerprint(rules)):
        return None
    reachable = np.unpackbits(np.frombuffer(found.reachable, dtype=np.uint8),
                              bitorder="little")[:space.size].astype(bool)
    arrays = {}
    for name, data in (("mean", found.mean), ("mean_square", found.mean_square)):
        values = np.full(space.size, np.nan)
        values[reachable] = np.frombuffer(data, dtype="<f8")
        arrays[name] = values
    return arrays


def write(folder: Path) -> list[Path]:
    """Solve every shipped rule set afresh and write its file into ``folder``."""
    from yacht_edu.solver import solve  # a cycle: solve reads the shipped tables through here

    written = []
    for name in shipped.SHIPPED_RULES:
        rules = get_rules(name)
        table = solve(rules, use_cache=False)
        path = folder / f"{name}.table"
        path.write_bytes(table_bytes(rules, table.mean, table.mean_square))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m yacht_edu.solver ship [--into DIR]``."""
    parser = argparse.ArgumentParser(prog="python -m yacht_edu.solver ship",
                                     description="Write the solver's tables shipped in the "
                                                 "package (yacht, yacht_sum4, yahtzee).")
    parser.add_argument("--into", type=Path, default=shipped.FOLDER, metavar="DIR",
                        help="where to write them (default: the package's own folder)")
    arguments = parser.parse_args(argv)
    for path in write(arguments.into):
        print(f"{path}  {path.stat().st_size:,} bytes")
    return 0
