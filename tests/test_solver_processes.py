"""The float solve shared out to forked helper processes: the very same table as one process."""

from __future__ import annotations

import numpy as np
import pytest

from yacht_edu.solver import backward, solve
from yacht_edu.solver.states import StateSpace, box_rows


class CountingBar:
    def __init__(self, total: int, desc: str) -> None:
        self.total, self.done, self.closed = total, 0, False

    def update(self, n: int = 1) -> None:
        self.done += n

    def close(self) -> None:
        self.closed = True


@pytest.mark.skipif(not backward._can_fork(), reason="helper processes are forked on Linux only")
@pytest.mark.parametrize("name", ["yacht", "yacht_sum4"])
def test_two_processes_give_the_same_table_bit_for_bit(name: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backward, "FORK_FROM", 0)  # fork even for these small rule sets
    starts: list[int] = []
    original = backward._helpers

    def helpers(job: backward._Job, helpers: int, forked: bool):  # type: ignore[no-untyped-def]
        starts.append(forked)
        return original(job, helpers, forked)

    monkeypatch.setattr(backward, "_helpers", helpers)
    bars: list[CountingBar] = []

    def progress(total: int, desc: str) -> CountingBar:
        bars.append(CountingBar(total, desc))
        return bars[-1]

    alone = solve(name, workers=1, use_cache=False)
    shared = solve(name, workers=2, use_cache=False, progress=progress)
    assert np.array_equal(alone.mean, shared.mean, equal_nan=True)
    assert np.array_equal(alone.mean_square, shared.mean_square, equal_nan=True)
    # Ordinary arrays come back, not views of the memory the helpers shared.
    assert shared.mean.flags.owndata and shared.mean_square.flags.owndata
    assert bars[0].done == bars[0].total > 0 and bars[0].closed
    assert starts == [False, True]  # one process, then forked helpers


def test_threads_serve_a_solve_that_brings_its_own_chunk_solver() -> None:
    space, rows = StateSpace.of("yacht"), box_rows("yacht")
    seen: list[int] = []

    def work(states, mean, mean_square, filled):  # type: ignore[no-untyped-def]
        seen.append(len(states))
        return backward._float_chunk(rows)(states, mean, mean_square, filled)

    mean, _ = backward.solve_layers(space, rows, solve_chunk=work, workers=2)
    assert sum(seen) == sum(len(space.layer(n).solved) for n in range(space.number_of_boxes))
    assert np.array_equal(mean, solve("yacht", workers=1, use_cache=False).mean, equal_nan=True)
