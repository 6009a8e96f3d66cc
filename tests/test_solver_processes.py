"""The float solve shared out to forked helper processes: the very same table as one process."""

from __future__ import annotations

import re

import numpy as np
import pytest

from yacht_edu.errors import SolverStoppedError
from yacht_edu.solver import backward, solve, workers
from yacht_edu.solver.states import StateSpace, box_rows


class CountingBar:
    def __init__(self, total: int, desc: str) -> None:
        self.total, self.done, self.closed = total, 0, False

    def update(self, n: int = 1) -> None:
        self.done += n

    def close(self) -> None:
        self.closed = True


@pytest.mark.skipif(not workers.can_fork(), reason="helper processes are forked on Linux only")
@pytest.mark.parametrize("name", ["yacht", "yacht_sum4"])
def test_two_processes_give_the_same_table_bit_for_bit(name: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backward, "FORK_FROM", 0)  # fork even for these small rule sets
    starts: list[int] = []
    original = workers._helpers

    def helpers(job: workers.LayerJob, helpers: int, forked: bool):  # type: ignore[no-untyped-def]
        starts.append(forked)
        return original(job, helpers, forked)

    monkeypatch.setattr(workers, "_helpers", helpers)
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


def _team_job(work: backward.ChunkSolver) -> backward._ExpectedJob:
    """A job over Yacht's layers whose chunks are worked out by ``work``."""
    space = StateSpace.of("yacht")
    layers = [space.layer(n) for n in range(space.number_of_boxes + 1)]
    largest = max(len(layer.solved) for layer in layers)
    tables = [workers.shared_array(size, 0.0, np.float64, shared=True)
              for size in (space.size, space.size, largest, largest)]
    return backward._ExpectedJob(work, layers, *tables)


def _parts(job: backward._ExpectedJob, filled: int) -> list[tuple[int, int, int]]:
    states = len(job.layers[filled].solved)
    return [(filled, start, min(start + 8, states)) for start in range(0, states, 8)]


@pytest.mark.skipif(not workers.can_fork(), reason="helper processes are forked on Linux only")
def test_a_team_shares_out_every_part_once_and_this_process_works_too() -> None:
    import os

    parent = os.getpid()

    def work(states, mean, mean_square, filled):  # type: ignore[no-untyped-def]
        return (np.full(len(states), float(os.getpid() == parent)),
                np.full(len(states), float(filled)))

    job = _team_job(work)
    with workers.Team(job, 1) as team:
        done = list(team.run(_parts(job, 6)))
        helpers = list(team.helpers)
    states = len(job.layers[6].solved)
    assert sum(done) == states
    assert np.all(job.layer_mean_square[:states] == 6)  # every part worked out once, written
    assert set(job.layer_mean[:states].tolist()) <= {0.0, 1.0}
    assert not any(helper.is_alive() for helper in helpers)  # stopped when the team ends


@pytest.mark.skipif(not workers.can_fork(), reason="helper processes are forked on Linux only")
@pytest.mark.parametrize("failure", ["raises", "dies"])
def test_a_helper_that_fails_stops_the_solve_with_a_clear_error(failure: str) -> None:
    import os
    import time

    parent = os.getpid()
    helper_started = workers.shared_array(1, 0, np.int64, shared=True)

    def work(states, mean, mean_square, filled):  # type: ignore[no-untyped-def]
        if os.getpid() != parent:
            helper_started[0] = 1
            if failure == "dies":
                os._exit(3)
            raise ValueError("a broken chunk")
        waited = time.monotonic()
        while not helper_started[0] and time.monotonic() - waited < 30:
            time.sleep(0.001)  # leave the helper a part to take
        return np.zeros(len(states)), np.zeros(len(states))

    job = _team_job(work)
    expected = "(exit code 3)" if failure == "dies" else "(ValueError: a broken chunk)"
    with workers.Team(job, 1) as team:
        helpers = list(team.helpers)
        with pytest.raises(SolverStoppedError, match=re.escape(expected)) as stopped:
            list(team.run(_parts(job, 10)))
    assert isinstance(stopped.value, RuntimeError)
    assert "workers=1" in stopped.value.message("en")
    for lang in ("kn", "bn", "hi", "ur"):  # said in every language, with the details kept
        assert ("3" if failure == "dies" else "ValueError: a broken chunk") in (
            stopped.value.message(lang))
    assert not any(helper.is_alive() for helper in helpers)


@pytest.mark.parametrize("progress", [True, 1, "tqdm", [None]])
def test_a_progress_that_is_not_a_bar_is_refused_before_any_work(progress: object) -> None:
    from yacht_edu.errors import ArgumentTypeError
    from yacht_edu.solver.target import solve_target
    from yacht_edu.strategies import simulate

    # refused even when the table is cached
    calls = (lambda: solve("yacht", progress=progress),  # type: ignore[arg-type]
             lambda: solve_target("yacht", progress=progress,  # type: ignore[arg-type]
                                  use_cache=False),
             lambda: simulate("best_box_now", "yacht", games=10,
                              progress=progress))  # type: ignore[arg-type]
    for call in calls:
        with pytest.raises(ArgumentTypeError, match="not a progress bar"):
            call()


def test_no_bar_is_none_or_false() -> None:
    assert workers.start_progress(None, 10, "x") is None
    assert workers.start_progress(False, 10, "x") is None  # type: ignore[arg-type]
    bar = workers.start_progress(CountingBar, 10, "x")
    assert isinstance(bar, CountingBar) and bar.total == 10
