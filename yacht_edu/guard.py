"""Running a function a learner wrote where it can be stopped: a keep rule, a box of a custom rule
set, an answer to an exercise.

The package calls a learner's function on a whole table of inputs at once (the 252 hands, an
exercise's cases) through :func:`answers`, which runs the table in a *forked child process*:

- a time limit of wall-clock seconds: the child is killed when it is up, so no loop can swallow
  it (``except BaseException``), no code can cancel it (an alarm reset), a nested call cannot
  end it early (a box that calls ``custom_rules``: inside the child, the inner table is simply
  worked out there, under the outer limit), and any thread may ask;
- a memory limit (``RLIMIT_AS``: the child may take :data:`MEMORY_LIMIT` bytes beyond what it
  was forked with);
- whatever the function raises, or a child that dies, becomes the package's error naming the
  function and the input it was given, in the learner's language.

One fork per table, not per call: a table of 252 hands costs a few milliseconds more than the
calls themselves.  The child sends back what ``read`` makes of each answer (plain values: whole
numbers, hands, text) and what the function printed, which is printed here; whatever else the
function changes (a list it appends to, a global variable) stays in the child.

The package's own functions (a module under ``yacht_edu``) are run here, as they are.  Where
Python cannot fork (not Linux, or no process to spare), the table is run in this process, with
no memory bound: the time is checked after each call, and an alarm interrupts a call in the main
thread where the platform has one; a loop that swallows the alarm, or a call made in another
thread, is then stopped only after the call ends.
"""

from __future__ import annotations

import contextlib
import io
import mmap
import os
import pickle
import select
import signal
import struct
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from types import FrameType
from typing import Any, TypeVar

from yacht_edu.errors import LearnerFunctionError, RuleError
from yacht_edu.i18n import Given, python_form, shortened

__all__ = [
    "MEMORY_LIMIT",
    "TIME_LIMIT",
    "Shown",
    "answers",
    "can_fork",
    "is_ours",
    "name_of",
    "sent_back",
]

#: Seconds a learner's function may take for a whole table of inputs.
TIME_LIMIT = 2.0
#: Bytes of memory a learner's function may take, beyond what its process started with.
MEMORY_LIMIT = 512 * 2**20
#: Characters of what a learner's function prints that are shown (the rest is left out).
MOST_PRINTED = 20_000
#: Bytes of answers the child may send back.
MOST_SENT = 64 * 2**20

Args = tuple[Any, ...]
R = TypeVar("R")
#: Reads one answer in the child: (the arguments, what the function returned) -> a plain value.
Reader = Callable[[Args, Any], R]

#: True in a child running a learner's function: a nested table is worked out there, under the
#: outer limits.
_inside = False


def name_of(function: object) -> str:
    """How a message names a learner's function: its ``__name__``, else as Python writes it."""
    try:
        name = getattr(function, "__name__", None)
    except Exception:  # a callable object whose attributes raise
        name = None
    return name if isinstance(name, str) else shortened(python_form(function, None))


def is_ours(function: object) -> bool:
    """Whether ``function`` is the package's own (defined in a module of ``yacht_edu``)."""
    try:
        module = getattr(function, "__module__", None)
    except Exception:  # a callable object whose attributes raise is not ours
        return False
    return isinstance(module, str) and (module == "yacht_edu" or module.startswith("yacht_edu."))


def can_fork() -> bool:
    """Whether a learner's function can be run in a forked child process (Linux)."""
    return sys.platform == "linux" and hasattr(os, "fork")


def answers(function: Callable[..., Any], inputs: Sequence[Args], read: Reader[R], *,
            seconds: float | None = None,
            error: type[RuleError] = LearnerFunctionError) -> list[R]:
    """``read(args, function(*args))`` for each ``args`` of ``inputs``, worked out where
    ``function`` can be stopped (see the module's text).

    ``read`` may raise the package's own errors (a value of the wrong kind), which are raised
    here as they are; anything else that goes wrong raises ``error`` naming the function and
    its input: it raised, took more than ``seconds`` (default :data:`TIME_LIMIT`) for the whole
    table, took more than :data:`MEMORY_LIMIT` bytes, or stopped Python.
    """
    seconds = TIME_LIMIT if seconds is None else seconds
    if is_ours(function):
        return [read(args, function(*args)) for args in inputs]
    try:
        if _inside:  # already in a guarded child, whose limits hold
            return _answer_each(function, inputs, read, lambda index: None)
        if can_fork():
            return _in_a_child(function, inputs, read, seconds)
        return _here(function, inputs, read, seconds)
    except _FailedError as failed:
        raise failed.error(function, inputs, error, seconds) from None


# -- what goes wrong -----------------------------------------------------------------------------


class _FailedError(Exception):
    """A learner's function failed (``kind``: raised, too_slow, memory, stopped) on input
    ``index`` (None: not known)."""

    def __init__(self, kind: str, index: int | None, detail: object = None) -> None:
        super().__init__(kind, index, detail)
        self.kind, self.index, self.detail = kind, index, detail

    def error(self, function: object, inputs: Sequence[Args], error: type[RuleError],
              seconds: float) -> RuleError:
        """The package's error, naming the function and its input."""
        given = ("—" if self.index is None or not 0 <= self.index < len(inputs)
                 else shown_input(inputs[self.index]))
        params: dict[str, object] = {"function": name_of(function), "input": given}
        if self.kind == "raised":
            params["error"] = Given(self.detail)
        elif self.kind == "too_slow":
            params["seconds"] = f"{seconds:g}"
        elif self.kind == "memory":
            params["megabytes"] = MEMORY_LIMIT // 2**20
        else:
            params["code"] = Given(self.detail)
        return error(f"guard.error.{self.kind}", **params)


def shown_input(args: Args) -> str:
    """The arguments a function was given, as Python writes them (each shortened)."""
    return ", ".join(shortened(python_form(arg, None)) for arg in args)


class _TooSlow(BaseException):
    """The alarm of a run in this process (not an Exception: ``except Exception`` lets it by)."""


def _answer_each(function: Callable[..., Any], inputs: Sequence[Args], read: Reader[R],
                 before: Callable[[int], None], *, here: bool = False) -> list[R]:
    """The table itself: ``before(index)`` is told each input's number before it is tried;
    ``here``: in this process, where an interrupt or the alarm are this process's own."""
    own: tuple[type[BaseException], ...] = (_TooSlow, KeyboardInterrupt) if here else ()
    words: tuple[type[BaseException], ...] = (*own, RuleError)
    found = []
    for index, args in enumerate(inputs):
        before(index)
        try:
            value = function(*args)
        except own:
            raise
        except BaseException as failure:  # a learner's function may raise anything: name it
            raise _failure(index, failure) from None
        try:
            found.append(read(args, value))
        except words:  # the package's own words about the value
            raise
        except BaseException as failure:  # the value's own code (a generator) failed
            raise _failure(index, failure) from None
    return found


def _failure(index: int, failure: BaseException) -> _FailedError:
    if isinstance(failure, MemoryError):
        return _FailedError("memory", index)
    return _FailedError("raised", index, Shown(python_form(failure, None)))


# -- in a forked child ----------------------------------------------------------------------------


def _in_a_child(function: Callable[..., Any], inputs: Sequence[Args], read: Reader[R],
                seconds: float) -> list[R]:
    at = mmap.mmap(-1, 8)  # the number of the input being tried, shared with the child
    struct.pack_into("q", at, 0, -1)
    reading, writing = os.pipe()
    try:
        with warnings.catch_warnings():  # Python 3.12 warns of forking a process with threads:
            warnings.simplefilter("ignore", DeprecationWarning)  # the child only runs the table,
            child = os.fork()  # and a child stuck on a lock is killed when its time is up
    except OSError:  # no process to spare: the table runs here
        for end in (reading, writing):
            os.close(end)
        at.close()
        return _here(function, inputs, read, seconds)
    if child == 0:  # pragma: no cover - the child: never returns to the caller's code
        try:
            os.close(reading)
            _child(function, inputs, read, writing, at)
        finally:
            os._exit(70)
    os.close(writing)
    with contextlib.suppress(OSError):
        os.setpgid(child, child)  # its own group, so its own children end with it
    try:
        sent = _read_until(reading, time.monotonic() + seconds)
    finally:
        os.close(reading)
        status = _end(child)
    index = struct.unpack_from("q", at, 0)[0]
    at.close()
    if sent is None:
        raise _FailedError("too_slow", index)
    if not sent:
        raise _FailedError("stopped", index, os.waitstatus_to_exitcode(status))
    outcome, printed = pickle.loads(sent)
    if printed and sys.stdout is not None:  # no stdout (pythonw): nowhere to show it
        sys.stdout.write(printed)
    if isinstance(outcome, _FailedError):
        raise outcome
    if isinstance(outcome, _Refused):
        raise outcome.rebuilt()
    return list(outcome)


def _child(function: Callable[..., Any], inputs: Sequence[Args], read: Reader[Any],
           writing: int, at: mmap.mmap) -> None:  # pragma: no cover - runs in the child
    global _inside
    _inside = True
    with contextlib.suppress(OSError):
        os.setpgid(0, 0)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent answers an interrupt
    with contextlib.suppress(OSError, ValueError):  # no /proc, a limit that cannot be set
        _limit_memory()
    printed = _Printed()
    outcome: object
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
        try:
            outcome = _answer_each(function, inputs, read,
                                   lambda index: struct.pack_into("q", at, 0, index))
        except _FailedError as failed:
            outcome = failed
        except RuleError as refused:
            outcome = _Refused.of(refused)
    try:
        sent = pickle.dumps((outcome, printed.getvalue()))
    except MemoryError:
        sent = pickle.dumps((_FailedError("memory", None), ""))
    with open(writing, "wb") as pipe:
        pipe.write(sent)
    os._exit(0)


def _limit_memory() -> None:  # pragma: no cover - runs in the child
    """At most :data:`MEMORY_LIMIT` more bytes of address space than the child has now."""
    import resource

    with open("/proc/self/statm") as statm:
        now = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = now + MEMORY_LIMIT
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


class _Printed(io.StringIO):
    """What the child prints, its first :data:`MOST_PRINTED` characters kept."""

    def write(self, text: str) -> int:
        room = MOST_PRINTED - self.tell()
        if room > 0:
            super().write(text[:room])
        return len(text)


def _read_until(reading: int, deadline: float) -> bytes | None:
    """Everything the child sends (empty if it died first), or None if the time is up first."""
    parts: list[bytes] = []
    size = 0
    while (left := deadline - time.monotonic()) > 0:
        ready, _, _ = select.select([reading], [], [], left)
        if not ready:
            continue
        part = os.read(reading, 1 << 16)
        if not part:
            return b"".join(parts)
        parts.append(part)
        size += len(part)
        if size > MOST_SENT:
            return b""
    return None


def _end(child: int) -> int:
    """Kill the child and whatever it started, and wait for it: its wait status."""
    for kill in (os.killpg, os.kill):
        with contextlib.suppress(OSError):
            kill(child, signal.SIGKILL)
    try:
        return os.waitpid(child, 0)[1]
    except ChildProcessError:  # reaped already (SIGCHLD ignored): its status is lost
        return 0


@dataclass(frozen=True)
class _Refused:
    """The package's error raised in the child, in a form that can be sent back: its class, its
    message id and its parameters, each a plain value (:func:`sent_back`)."""

    kind: type[RuleError]
    msgid: str
    params: tuple[tuple[str, object], ...]

    @classmethod
    def of(cls, error: RuleError) -> _Refused:
        params = tuple((key, sent_back(value)) for key, value in error.params.items())
        return cls(type(error), error.msgid, params)

    def rebuilt(self) -> RuleError:
        return self.kind(self.msgid, **dict(self.params))


# -- sending values back --------------------------------------------------------------------------


class Shown(str):
    """A value that could not be sent back from the child, as Python wrote it there: in a message
    (:class:`~yacht_edu.i18n.Given`) it reads as the value did."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


#: Values sent back as they are: nothing of them runs a learner's code when read back.
_ATOMS = (int, float, complex, str, bytes, bool, type(None), type(Ellipsis), Fraction, Decimal)
#: Modules whose values are sent back as they are, if they can be read back.
_PLAIN_MODULES = ("numpy", "sympy", "yacht_edu")


def sent_back(value: object) -> object:
    """``value`` if it is plain (numbers, text, the package's, sympy's and numpy's values, and
    lists, tuples, sets and dicts of them), else what Python writes for it (:class:`Shown`): so
    reading the child's answer back here never runs a learner's code."""
    kind = type(value)
    if isinstance(value, Given):
        return Given(sent_back(value.value))
    if kind in (tuple, list, set, frozenset):
        return kind(sent_back(item) for item in value)  # type: ignore[attr-defined]
    if kind is dict:
        return {sent_back(key): sent_back(item)
                for key, item in value.items()}  # type: ignore[attr-defined]
    if kind in _ATOMS:
        return value
    if (kind.__module__.split(".")[0] in _PLAIN_MODULES
            and getattr(getattr(value, "dtype", None), "kind", "") != "O"):
        with contextlib.suppress(Exception):  # else written out
            pickle.loads(pickle.dumps(value))
            return value
    return Shown(python_form(value, None))


# -- in this process (where Python cannot fork) --------------------------------------------


def _here(function: Callable[..., Any], inputs: Sequence[Args], read: Reader[R],
          seconds: float) -> list[R]:
    started = time.monotonic()
    at = [-1]

    def before(index: int) -> None:
        if time.monotonic() - started > seconds:
            raise _FailedError("too_slow", index - 1)
        at[0] = index

    try:
        with _alarm(seconds):
            return _answer_each(function, inputs, read, before, here=True)
    except _TooSlow:
        raise _FailedError("too_slow", at[0]) from None


@contextlib.contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """Interrupt the block after ``seconds`` (where the platform has an alarm and this is the
    main thread; elsewhere the clock is read between calls)."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(
            signal, "setitimer"):
        with _clock_at_each_line(seconds):  # the browser (Pyodide) has no alarm, no fork
            yield
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        raise _TooSlow

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# -- where there is no alarm (the browser edition: Pyodide has no signals and no fork) --------

_told_in_browser: list[bool] = []


@contextlib.contextmanager
def _clock_at_each_line(seconds: float) -> Iterator[None]:
    """Interrupt the block after ``seconds``, reading the clock at each line of Python it runs
    in this thread (a tracer): a loop in Python stops, a long call into C does not.  In the
    browser the learner is told once that their function runs inside the notebook's Python."""
    if sys.platform == "emscripten" and not _told_in_browser:
        _told_in_browser.append(True)
        from yacht_edu.i18n import t

        print(t("lite.guard.in_kernel", seconds=f"{seconds:g}"), file=sys.stderr)
    deadline = time.monotonic() + seconds

    def tracer(frame: FrameType, event: str, arg: object) -> Any:
        if time.monotonic() > deadline:
            raise _TooSlow
        return tracer

    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        yield
    finally:
        sys.settrace(previous)
