"""The float solve shared out to forked helper processes: the very same table as one process."""

from __future__ import annotations

import functools
import multiprocessing
import os
import re
import signal
import time

import numpy as np
import numpy.typing as npt
import pytest

from yacht_edu.errors import SolverStoppedError
from yacht_edu.i18n import LANGUAGES
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
        return backward._float_chunk(rows, 4096)[0](states, mean, mean_square, filled)

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
    return backward._ExpectedJob(work, backward.CHUNK, layers, *tables)


@pytest.mark.skipif(not workers.can_fork(), reason="helper processes are forked on Linux only")
def test_a_team_shares_out_every_part_once_and_this_process_works_too() -> None:
    import os

    parent = os.getpid()

    def work(states, mean, mean_square, filled):  # type: ignore[no-untyped-def]
        return (np.full(len(states), float(os.getpid() == parent)),
                np.full(len(states), float(filled)))

    job = _team_job(work)
    with workers.Team(job, 1) as team:
        done = list(team.run(6))
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
            list(team.run(10))
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


# -- a helper that dies or is paused at any moment -------------------------------------------------

#: Seconds within which a dead or paused helper must stop the solve (the team notices within
#: workers.PATIENCE; the rest is room for a loaded machine).
NOTICED_WITHIN = 10.0
MOMENTS = ["before a layer", "mid-layer", "between layers", "holding the counter"]


def _signal_job(moment: str, sign: int, helper_pid: npt.NDArray[np.int64]) -> backward._ExpectedJob:
    """Yacht's layers, each part taking a moment; ``sign`` is sent to the helper at ``moment``."""
    parent = os.getpid()

    def work(states, mean, mean_square, filled):  # type: ignore[no-untyped-def]
        time.sleep(0.002)  # parts that take a while, so both processes take some
        if moment == "mid-layer" and os.getpid() == parent and filled == 10 and helper_pid[0]:
            os.kill(int(helper_pid[0]), sign)  # while it works on this layer too
            helper_pid[0] = 0
        return np.zeros(len(states)), np.zeros(len(states))

    return _team_job(work)


class HoldingTeam(workers.Team):
    """A team whose helper takes the counter's lock, then receives ``sign``: a helper killed or
    paused holding it never gives it back."""

    sign: int = signal.SIGKILL

    def __init__(self, job: workers.LayerJob, size: int) -> None:
        self.parent = os.getpid()
        super().__init__(job, size)

    def take(self) -> int:
        if os.getpid() != self.parent:
            self.lock.acquire()
            os.kill(os.getpid(), self.sign)
        return super().take()


def _run_down(team: workers.Team) -> None:
    for filled in (10, 9, 8):
        list(team.run(filled))


@pytest.mark.slow  # eight forked solves, each waiting for a stop: about 9 s
@pytest.mark.skipif(not workers.can_fork(), reason="helper processes are forked on Linux only")
@pytest.mark.parametrize("sign", [signal.SIGKILL, signal.SIGSTOP], ids=["killed", "paused"])
@pytest.mark.parametrize("moment", MOMENTS)
def test_a_helper_that_dies_or_is_paused_at_any_moment_stops_the_solve_in_time(
        moment: str, sign: int, monkeypatch: pytest.MonkeyPatch) -> None:
    helper_pid = workers.shared_array(1, 0, np.int64, shared=True)
    job = _signal_job(moment, sign, helper_pid)
    team_of = HoldingTeam if moment == "holding the counter" else workers.Team
    HoldingTeam.sign = sign
    with team_of(job, 1) as team:
        helpers = list(team.helpers)
        helper_pid[0] = helpers[0].pid
        if moment == "between layers":
            assert sum(team.run(11)) == len(job.layers[11].solved)
        if moment in ("before a layer", "between layers"):
            os.kill(helpers[0].pid, sign)
            time.sleep(0.1)  # idle, waiting for the next layer
        started = time.monotonic()
        with pytest.raises(SolverStoppedError) as stopped:
            _run_down(team)
    assert time.monotonic() - started < NOTICED_WITHIN
    msgid = "solver.error.helper_paused" if sign == signal.SIGSTOP else (
        "solver.error.helper_stopped")
    assert stopped.value.msgid == msgid
    for lang in LANGUAGES:
        assert "workers=1" in stopped.value.message(lang)
    assert not any(helper.is_alive() for helper in helpers)  # a paused one is killed too
    assert not multiprocessing.active_children()
    monkeypatch.setattr(backward, "FORK_FROM", 0)  # the next solve, forked too, is right
    assert np.array_equal(solve("yacht", workers=2, use_cache=False).mean, _alone(),
                          equal_nan=True)


@functools.cache
def _alone() -> npt.NDArray[np.float64]:
    """Yacht's table solved by one process."""
    return solve("yacht", workers=1, use_cache=False).mean


@pytest.mark.slow  # about a second or more (the fast loop keeps under a minute and a quarter)
@pytest.mark.skipif(not workers.can_fork(), reason="helper processes are forked on Linux only")
@pytest.mark.parametrize("sign", [signal.SIGKILL, signal.SIGSTOP], ids=["killed", "paused"])
def test_a_solve_whose_helper_dies_between_layers_stops_and_the_next_solve_is_right(
        sign: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The reproducer: a helper killed between layers gave a raw ConnectionResetError or
    BrokenPipeError, a paused one hung the solve."""
    monkeypatch.setattr(backward, "FORK_FROM", 0)  # fork even for Yacht
    layer_done = backward._ExpectedJob.layer_done
    signalled: list[int] = []

    def signal_after_first_layer(job: backward._ExpectedJob, filled: int) -> None:
        layer_done(job, filled)
        if not signalled:
            for helper in multiprocessing.active_children():
                os.kill(helper.pid or 0, sign)
                signalled.append(helper.pid or 0)

    monkeypatch.setattr(backward._ExpectedJob, "layer_done", signal_after_first_layer)
    started = time.monotonic()
    with pytest.raises(SolverStoppedError):
        solve("yacht", workers=2, use_cache=False)
    assert time.monotonic() - started < NOTICED_WITHIN
    assert signalled and not multiprocessing.active_children()
    monkeypatch.setattr(backward._ExpectedJob, "layer_done", layer_done)
    again = solve("yacht", workers=2, use_cache=False)
    alone = solve("yacht", workers=1, use_cache=False)
    assert np.array_equal(again.mean, alone.mean, equal_nan=True)
    assert np.array_equal(again.mean_square, alone.mean_square, equal_nan=True)


def test_a_process_is_paused_when_it_is_stopped_by_a_signal() -> None:
    import subprocess
    import sys

    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        assert not workers.is_paused(sleeper.pid)
        os.kill(sleeper.pid, signal.SIGSTOP)
        deadline = time.monotonic() + 5
        while not workers.is_paused(sleeper.pid) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert workers.is_paused(sleeper.pid)
    finally:
        sleeper.kill()
        sleeper.wait()
    assert not workers.is_paused(sleeper.pid)  # gone: not paused
