"""The solver's tables shipped inside the package: read in pure Python, no numpy needed.

For each built-in rule set (``yacht``, ``yacht_sum4``, ``yahtzee`` with its default options) the
package carries what the optimal-strategy solver works out for every scorecard state: the
expected points still to come, and their mean square (for the standard deviation).  The coach
reads them, so its first advice on a new computer comes at once instead of after a solve; where
numpy is missing (the browser edition) they are the coach's only source (:mod:`.turn`).

The files are written by ``python -m yacht_edu.solver ship`` (:mod:`yacht_edu.solver.ship`) and
checked against a fresh solve by ``tests/test_shipped.py``.  A file is a line of JSON (the rule
set, the state layout, a fingerprint of every number the solver read from the model, a SHA-256
checksum), then a zlib-compressed body (zlib, not xz: 8% larger, seven times quicker to read):

1. which states a game can reach, a bit each (state ``i``: bit ``i % 8`` of byte ``i // 8``);
2. the expected points still to come of each reachable state, in state order, as little-endian
   float64 — the solver's numbers bit for bit —, stored byte plane by byte plane (all the first
   bytes, then all the second bytes, ...: the planes of the high bytes compress well);
3. their mean squares, the same way.

>>> table = shipped_table("yacht")
>>> mean, _ = table.future(Scorecard.empty("yacht"))
>>> round(mean, 4)                                        # the optimal expected score
166.9551
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import sys
import zlib
from array import array
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from yacht_edu.errors import NeedsLibraryError
from yacht_edu.expected import Expected
from yacht_edu.rules import Rules, RulesLike, get_rules
from yacht_edu.scorecard import Scorecard

__all__ = ["FOLDER", "SHIPPED_RULES", "encode", "read_file", "table_path"]

#: Bump when the file's layout changes.
FORMAT = 1
#: Where the files are: beside this module.
FOLDER = Path(__file__).resolve().parent
#: The rule sets whose tables are shipped (each with its default options).
SHIPPED_RULES = ("yacht", "yacht_sum4", "yahtzee")
#: The most a file's first line (its JSON header) may take.
MOST_HEADER = 1 << 16
_PLANES = 8  # the bytes of a float64


class TableFileError(ValueError):
    """A shipped table that cannot be used (damaged, or of another layout): the caller solves."""


@dataclass(frozen=True)
class TableFile:
    """What a table file holds: its header, and its arrays as bytes (little-endian float64)."""

    header: Mapping[str, Any]
    reachable: bytes
    mean: bytes
    mean_square: bytes


def table_path(rules: RulesLike) -> Path | None:
    """The file of a built-in rule set with its default options (None for any other)."""
    ruleset = get_rules(rules)
    if ruleset.name not in SHIPPED_RULES or ruleset != get_rules(ruleset.name):
        return None
    return FOLDER / f"{ruleset.name}.table"


def encode(header: Mapping[str, Any], reachable: bytes, mean: bytes, mean_square: bytes) -> bytes:
    """A table file: ``header`` (the checksum and sizes added), then the compressed body."""
    body = reachable + _planes(mean) + _planes(mean_square)
    meta = {**header, "format": FORMAT, "reachable_bytes": len(reachable),
            "values": len(mean) // _PLANES, "sha256": hashlib.sha256(body).hexdigest()}
    line = json.dumps(meta, sort_keys=True, separators=(",", ":")).encode() + b"\n"
    return line + zlib.compress(body, 9)


def read_file(path: Path) -> TableFile:
    """The header and arrays of a table file; :class:`TableFileError` if it is damaged."""
    data = path.read_bytes()
    end = data.find(b"\n", 0, MOST_HEADER)
    try:
        header = json.loads(data[:end])
        body = zlib.decompress(data[end + 1:])
        count, reach = int(header["values"]), int(header["reachable_bytes"])
    except (ValueError, KeyError, TypeError, zlib.error) as error:
        raise TableFileError(str(path)) from error
    size = count * _PLANES
    if (header.get("format") != FORMAT or len(body) != reach + 2 * size
            or hashlib.sha256(body).hexdigest() != header.get("sha256")):
        raise TableFileError(str(path))
    return TableFile(header, body[:reach], _unplanes(body[reach:reach + size]),
                     _unplanes(body[reach + size:]))


def _planes(values: bytes) -> bytes:
    """float64 bytes regrouped plane by plane: every value's first byte, then second, ..."""
    return b"".join(values[k::_PLANES] for k in range(_PLANES))


def _unplanes(planes: bytes) -> bytes:
    """The inverse of :func:`_planes`."""
    count = len(planes) // _PLANES
    values = bytearray(len(planes))
    for k in range(_PLANES):
        values[k::_PLANES] = planes[k * count:(k + 1) * count]
    return bytes(values)


def _floats(data: bytes) -> array[float]:
    """Little-endian float64 bytes as an array of Python floats."""
    numbers = array("d")
    numbers.frombytes(data)
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers


class ShippedTable:
    """A shipped table read into Python arrays: the worth of any scorecard of its rule set."""

    def __init__(self, rules: Rules, found: TableFile) -> None:
        self.rules = rules
        self.header = found.header
        self.uppers, self.fifties = int(found.header["uppers"]), int(found.header["fifties"])
        self.mean, self.mean_square = _floats(found.mean), _floats(found.mean_square)
        padded = found.reachable + bytes(-len(found.reachable) % 8)
        self.words = array("Q")
        self.words.frombytes(padded)
        if sys.byteorder == "big":
            self.words.byteswap()
        self.before = array("q", [0])  # reachable states before each word of 64
        for word in self.words:
            self.before.append(self.before[-1] + bin(word).count("1"))

    def state_number(self, card: Scorecard) -> int:
        """The solver's number of ``card``'s state (the layout the header gives)."""
        filled = sum(1 << i for i, box in enumerate(self.rules.boxes) if not card.is_open(box))
        upper = min(card.upper_subtotal, self.uppers - 1)  # 0..63, 63 for "63 or more"
        fifty = int(self.fifties > 1 and card.bonus_box_full)
        return (filled * self.uppers + upper) * self.fifties + fifty

    def future(self, card: Scorecard) -> tuple[float, float]:
        """The points still to come from ``card``: their mean and mean square (NaN: a state no
        game reaches)."""
        state = self.state_number(card)
        word = self.words[state >> 6]
        bit = 1 << (state & 63)
        if not word & bit:
            return float("nan"), float("nan")
        at = self.before[state >> 6] + bin(word & (bit - 1)).count("1")
        return self.mean[at], self.mean_square[at]


@functools.lru_cache(maxsize=len(SHIPPED_RULES))
def _read(rules: Rules) -> ShippedTable | None:
    path = table_path(rules)
    if path is None or not path.is_file():
        return None
    try:
        found = read_file(path)
    except (OSError, TableFileError):
        return None
    if found.header.get("rules") != rules.name:
        return None
    return ShippedTable(rules, found)


def shipped_table(rules: RulesLike) -> ShippedTable | None:
    """The shipped table of ``rules``, or None (a rule set not shipped, or a damaged file)."""
    return _read(get_rules(rules))


def possible_scores(rules: RulesLike) -> dict[str, frozenset[int]] | None:
    """Every score a box can hold under a shipped rule set, as the solver read them when the
    tables were written (None for a rule set not shipped)."""
    path = table_path(rules)
    if path is None or not path.is_file():
        return None
    try:
        with path.open("rb") as file:
            header = json.loads(file.readline(MOST_HEADER))
        found = header["possible_scores"]
        return {box: frozenset(int(n) for n in points) for box, points in found.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def optimal_expected_score(rules: RulesLike = "yacht", *, exact: bool = False,
                           progress: object = None, **variant: object) -> Expected:
    """:func:`yacht_edu.solver.optimal_expected_score` where numpy is missing: from the shipped
    table of a built-in rule set (the same numbers); anything else needs numpy and says so."""
    ruleset = get_rules(rules, **variant)
    table = None if exact is not False else shipped_table(ruleset)
    if table is None:
        raise NeedsLibraryError(library="numpy")
    mean, mean_square = table.future(Scorecard.empty(ruleset))
    variance = max(mean_square - mean * mean, 0.0)
    return Expected(mean, math.sqrt(variance), variance)  # as OptimalTable.expected: same bits
