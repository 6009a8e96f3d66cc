"""Running a function a learner wrote where it can be stopped: a keep rule, a box of a custom rule
set, a box rule of a strategy, an answer to an exercise.

The package calls a learner's function on a whole table of inputs at once (the 252 hands, an
exercise's cases) through :func:`answers`, which runs the table in a *forked child process*:

- a time limit of wall-clock seconds: the child is killed when it is up, so no loop can swallow
  it (``except BaseException``), no code can cancel it (an alarm reset), a nested call cannot
  end it early (a box that calls ``custom_rules``: inside the child, the inner table is simply
  worked out there, under the outer limit), and any thread may ask;
- a memory limit (``RLIMIT_AS``: the child may take :data:`MEMORY_LIMIT` bytes beyond what it
  was forked with);
- the child's whole tree of processes ended with it: the child adopts every process its own
  start and leave behind (Linux's child subreaper), and each is stopped, then killed — one that
  called ``os.setsid()`` too;
- whatever the function raises, or a child that dies, becomes the package's error naming the
  function and the input it was given, in the learner's language; ``input()`` says that a
  function checked here cannot ask for input.

One fork per table, not per call: a table of 252 hands costs a few milliseconds more than the
calls themselves.  The child sends back plain data only — whole numbers, decimals, fractions,
text, True/False, None, and tuples, lists, sets and dicts of them, converted there (a sympy or
numpy number to Python's) — and what the function printed, which is printed here; a value of
any other kind is refused with a message that names it.  What comes back is read as data (a
length, then JSON), never unpickled, so reading it here never runs a learner's code, whatever
the child wrote; whatever else the function changes (a list it appends to, a global variable)
stays in the child.

The package's own functions (whose code was written in the package's own files) are run here, as
they are.  :func:`can_fork` alone decides whether a child is used: where Python cannot fork (not
Linux, a browser, or no process to spare), the table is run in this process, with no memory
bound: the time is checked after each call, and an alarm interrupts a call in the main thread
where the platform has one; a loop that swallows the alarm, or a call made in another thread, is
then stopped only after the call ends.
"""

from __future__ import annotations

import builtins
import contextlib
import functools
import io
import json
import mmap
import os
import select
import signal
import struct
import sys
import threading
import time
import types
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar

from yacht_edu.errors import LearnerFunctionError, RuleError
from yacht_edu.i18n import BoxName, BoxNames, Faces, Given, python_form, shortened, t

#: Seconds a learner's function may take for a whole table of inputs.
FUNCTION_SECONDS = 2.0
#: Bytes of memory a learner's function may take, beyond what its process started with.
MEMORY_LIMIT = 512 * 2**20
#: Characters of what a learner's function prints that are shown (the rest is left out).
MOST_PRINTED = 20_000
#: Bytes of answers the child may send back.
MOST_SENT = 64 * 2**20
#: How deep lists inside lists (or tuples, dicts) of an answer may go.
MOST_DEPTH = 32

Args = tuple[Any, ...]
R = TypeVar("R")
#: Reads one answer in the child: (the arguments, what the function returned) -> a plain value.
Reader = Callable[[Args, Any], R]

#: True in a child running a learner's function: a nested table is worked out there, under the
#: outer limits.
_inside = False
#: The package's own folder: a function whose code was written in a file under it is ours.
_PACKAGE = Path(__file__).resolve().parent


def name_of(function: object) -> str:
    """How a message names a learner's function: its ``__name__``, else as Python writes it."""
    try:
        name = getattr(function, "__name__", None)
    except Exception:  # a callable object whose attributes raise
        name = None
    return name if isinstance(name, str) else shortened(python_form(function, None))


def is_ours(function: object) -> bool:
    """Whether ``function`` is the package's own: a plain function whose code was compiled from
    a file of the package (not decided by its ``__module__``, which anyone may write)."""
    if not isinstance(function, types.FunctionType):
        return False
    code = function.__code__
    return isinstance(code, types.CodeType) and _in_package(code.co_filename)


@functools.lru_cache(maxsize=256)
def _in_package(filename: str) -> bool:
    try:
        return Path(filename).resolve().is_relative_to(_PACKAGE)
    except (OSError, ValueError):
        return False


def can_fork() -> bool:
    """Whether a learner's function can be run in a forked child process (Linux): the one
    place that decides between a child and this process."""
    return sys.platform == "linux" and hasattr(os, "fork")


def answers(function: Callable[..., Any], inputs: Sequence[Args], read: Reader[R], *,
            seconds: float | None = None,
            error: type[RuleError] = LearnerFunctionError) -> list[R]:
    """``read(args, function(*args))`` for each ``args`` of ``inputs``, worked out where
    ``function`` can be stopped (see the module's text), each made plain (:func:`plain`).

    ``read`` may raise the package's own errors (a value of the wrong kind), which are raised
    here as they are; anything else that goes wrong raises ``error`` naming the function and
    its input: it raised, took more than ``seconds`` (default :data:`FUNCTION_SECONDS`) for the
    whole table, took more than :data:`MEMORY_LIMIT` bytes, stopped Python, asked for input, or gave
    a value that is not plain data.
    """
    seconds = FUNCTION_SECONDS if seconds is None else seconds
    try:
        if is_ours(function):
            return [_plain_answer(index, read(args, function(*args)))
                    for index, args in enumerate(inputs)]
        if _inside:  # already in a guarded child, whose limits hold
            return _answer_each(function, inputs, read, lambda index: None)
        if can_fork():
            return _in_a_child(function, inputs, read, seconds)
        return _here(function, inputs, read, seconds)
    except _FailedError as failed:
        raise failed.error(function, inputs, error, seconds) from None


# -- what goes wrong -----------------------------------------------------------------------------


class _FailedError(Exception):
    """A learner's function failed (``kind``: raised, too_slow, memory, stopped, input,
    not_plain, interfered) on input ``index`` (None: not known)."""

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
        elif self.kind == "not_plain":
            params["value"] = Given(self.detail)
        elif self.kind == "stopped":
            params["code"] = Given(self.detail)
        return error(f"guard.error.{self.kind}", **params)


class InputRefusedError(RuntimeError):
    """What ``input()`` (or reading ``sys.stdin``) raises in a learner's function run by the
    guard: it cannot ask anyone anything."""


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
            answer = read(args, value)
        except words:  # the package's own words about the value
            raise
        except BaseException as failure:  # the value's own code (a generator) failed
            raise _failure(index, failure) from None
        found.append(_plain_answer(index, answer))
    return found


def _plain_answer(index: int, answer: R) -> R:
    try:
        return plain(answer)  # type: ignore[return-value]
    except _NotPlainError as odd:
        raise _FailedError("not_plain", index, Shown(python_form(odd.value, None))) from None
    except MemoryError:
        raise _FailedError("memory", index) from None
    except Exception:  # the value's own code failed while it was read: not plain data
        raise _FailedError("not_plain", index, Shown(python_form(answer, None))) from None


def _failure(index: int, failure: BaseException) -> _FailedError:
    if isinstance(failure, MemoryError):
        return _FailedError("memory", index)
    if isinstance(failure, InputRefusedError):
        return _FailedError("input", index)
    return _FailedError("raised", index, Shown(python_form(failure, None)))


# -- plain data -----------------------------------------------------------------------------------


class _NotPlainError(Exception):
    """A value that is not plain data (:func:`plain`)."""

    def __init__(self, value: object) -> None:
        super().__init__()
        self.value = value


#: Values that are plain as they are.
_ATOMS = (int, float, complex, str, bytes, bool, type(None), type(Ellipsis), Fraction, Decimal)


def plain(value: object, depth: int = 0) -> object:
    """``value`` as plain data: Python's own numbers (a numpy or sympy number converted: a
    sympy fraction to a :class:`~fractions.Fraction`, ``oo`` to ``inf``), text, True/False,
    None, ``...``, and tuples, lists, sets and dicts of them (a numpy array or a sympy matrix of
    one row or column as a tuple, others as lists of rows); anything else raises
    :class:`_NotPlainError`.  Run where the value was made (the child): it may run the value's
    own code.

    >>> import sympy, numpy
    >>> plain((sympy.Rational(1, 3), numpy.int64(4), sympy.oo, [numpy.array([1.5, 2.0])]))
    (Fraction(1, 3), 4, inf, [(1.5, 2.0)])
    """
    kind = type(value)
    if kind in _ATOMS:
        return value
    if depth > MOST_DEPTH:
        raise _NotPlainError(value)
    if isinstance(value, int):  # a subclass: its own methods are not called
        return int.__index__(value)
    if isinstance(value, float):
        return float.__float__(value)
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, Fraction):
        return Fraction(int.__index__(value.numerator), int.__index__(value.denominator))
    for many in (tuple, list, set, frozenset):
        if isinstance(value, many):
            items: Iterable[object] = value
            return many(plain(item, depth + 1) for item in items)
    if isinstance(value, dict):
        return {plain(key, depth + 1): plain(item, depth + 1) for key, item in value.items()}
    module = kind.__module__.split(".")[0] if isinstance(kind.__module__, str) else ""
    if module == "numpy":
        return _numpy_plain(value, depth)
    if module == "sympy":
        return _sympy_plain(value, depth)
    raise _NotPlainError(value)


def _numpy_plain(value: Any, depth: int) -> object:
    shape = getattr(value, "shape", ())
    if shape == () and hasattr(value, "item"):
        item = value.item()
        if type(item) not in _ATOMS:  # an object array's item, a datetime
            raise _NotPlainError(value)
        return item
    if getattr(getattr(value, "dtype", None), "kind", "O") in "OV":
        raise _NotPlainError(value)
    return _rows(value, shape, depth)


def _rows(value: Any, shape: object, depth: int) -> object:
    """An array or a matrix: a tuple when it has one row or one column, else lists of rows."""
    rows = value.tolist()
    if isinstance(shape, tuple) and (len(shape) == 1 or 1 in shape):
        flat = [item for row in rows for item in (row if isinstance(row, list) else [row])]
        return tuple(plain(item, depth + 1) for item in flat)
    return plain(rows, depth + 1)


def _sympy_plain(value: Any, depth: int) -> object:
    if type(value).__name__ in ("BooleanTrue", "BooleanFalse"):
        return bool(value)
    if getattr(value, "is_Integer", False) is True:
        return int(value)
    if getattr(value, "is_Rational", False) is True:
        return Fraction(int(value.p), int(value.q))
    if getattr(value, "is_Float", False) is True:
        return float(value)
    if hasattr(value, "shape") and hasattr(value, "tolist"):  # a Matrix
        return _rows(value, value.shape, depth)
    if getattr(value, "is_number", False) is not True:  # a symbol, an expression
        raise _NotPlainError(value)
    if getattr(value, "is_extended_real", False) is True:  # pi, sqrt(2), oo
        return float(value)
    if getattr(value, "is_finite", None) is not True:  # nan, zoo
        return float("nan")
    return complex(value)


class Shown(str):
    """A value that could not be sent back from the child, as Python wrote it there: in a message
    (:class:`~yacht_edu.i18n.Given`) it reads as the value did."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


def sent_back(value: object) -> object:
    """``value`` as plain data (:func:`plain`) if it is, keeping the marks of a message's
    parameters (:class:`~yacht_edu.i18n.Given`, :class:`~yacht_edu.i18n.Faces`, box names),
    else what Python writes for it (:class:`Shown`): what the package's words about a value
    say of it, sent back from the child."""
    if isinstance(value, Given):
        return Given(sent_back(value.value))
    if isinstance(value, Faces):
        return Faces(tuple(sent_back(item) for item in value.values))  # type: ignore[misc]
    if isinstance(value, (BoxName, BoxNames, Shown)):
        return value
    try:
        return plain(value)
    except Exception:  # not plain, or its own code failed: as Python writes it
        return Shown(python_form(value, None))


# -- the child's message: a length, then JSON ---------------------------------------------------


class _GarbledError(Exception):
    """What came back from the child is not a message the child's code writes."""


_HEADER = struct.Struct("!Q")


#: Whole numbers written as JSON's own (the rest as text: JSON readers round larger ones).
_JSON_INT = 2**53


def _encoded(value: object) -> object:
    """A plain value (or a message's parameter) as JSON data: a whole number of JSON's range,
    a text, True, False and None as JSON's own; every other kind tagged (a list whose first
    item names it)."""
    kind = type(value)
    if _json_own(value):
        return value
    if value is Ellipsis:
        return ["e"]
    simple: dict[type, Callable[[Any], list[object]]] = {
        int: lambda v: ["i", format(v, "x")], float: lambda v: ["f", float.hex(v)],
        complex: lambda v: ["c", float.hex(v.real), float.hex(v.imag)],
        Shown: lambda v: ["w", str(v)], str: lambda v: ["s", v],
        bytes: lambda v: ["y", v.decode("latin-1")], Decimal: lambda v: ["d", str(v)],
        Fraction: lambda v: ["q", format(v.numerator, "x"), format(v.denominator, "x")],
        BoxName: lambda v: ["B", v.id], BoxNames: lambda v: ["N", list(v.ids)],
        Given: lambda v: ["g", _encoded(v.value)],
        Faces: lambda v: ["a", [_encoded(item) for item in v.values]],
        tuple: lambda v: ["t", [_encoded(item) for item in v]],
        list: lambda v: ["l", [_encoded(item) for item in v]],
        set: lambda v: ["S", [_encoded(item) for item in v]],
        frozenset: lambda v: ["F", [_encoded(item) for item in v]],
        dict: lambda v: ["m", [[_encoded(k), _encoded(i)] for k, i in v.items()]],
    }
    return simple[kind](value)


def _json_own(value: object) -> bool:
    """Whether ``value`` is written as JSON's own value (see :func:`_encoded`)."""
    kind = type(value)
    if kind is int:
        return -_JSON_INT < value < _JSON_INT  # type: ignore[operator]
    return value is None or kind is str or kind is bool


def _decoded(data: object) -> Any:
    """What :func:`_encoded` wrote, read back as data only; anything else is garbled."""
    if _json_own(data):
        return data
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise _GarbledError
    tag, *rest = data
    if tag in _SINGLE and not rest:
        return _SINGLE[tag]
    if len(rest) == 1 and tag in _FROM_TEXT and isinstance(rest[0], str):
        return _FROM_TEXT[tag](rest[0])
    if tag == "b" and len(rest) == 1 and isinstance(rest[0], bool):
        return rest[0]
    if tag == "c" and len(rest) == 2 and all(isinstance(part, str) for part in rest):
        return complex(float.fromhex(rest[0]), float.fromhex(rest[1]))
    if tag == "q" and len(rest) == 2 and all(isinstance(part, str) for part in rest):
        return Fraction(int(rest[0], 16), int(rest[1], 16))
    if tag == "N" and len(rest) == 1 and isinstance(rest[0], list):
        return BoxNames(str(item) for item in rest[0])
    if tag == "g" and len(rest) == 1:
        return Given(_decoded(rest[0]))
    if tag in _MANY and len(rest) == 1 and isinstance(rest[0], list):
        return _MANY[tag](_decoded(item) for item in rest[0])
    if tag == "m" and len(rest) == 1 and isinstance(rest[0], list):
        return {_decoded(key): _decoded(item) for key, item in map(_pair, rest[0])}
    raise _GarbledError


def _pair(data: object) -> tuple[object, object]:
    if not isinstance(data, list) or len(data) != 2:
        raise _GarbledError
    return data[0], data[1]


_SINGLE: dict[str, object] = {"n": None, "e": Ellipsis}
_FROM_TEXT: dict[str, Callable[[str], object]] = {
    "i": lambda text: int(text, 16), "f": float.fromhex, "s": str, "w": Shown,
    "y": lambda text: text.encode("latin-1"), "d": Decimal, "B": BoxName,
}
_MANY: dict[str, Callable[[Iterator[Any]], object]] = {
    "t": tuple, "l": list, "S": set, "F": frozenset, "a": Faces,
}


def _message(outcome: object, printed: str) -> bytes:
    """The child's message: what the table gave (or how it failed) and what it printed."""
    if isinstance(outcome, _FailedError):
        sent: object = ["failed", outcome.kind, outcome.index, _encoded(sent_back(outcome.detail))]
    elif isinstance(outcome, RuleError):
        kind = type(outcome)
        sent = ["refused", f"{kind.__module__}:{kind.__qualname__}", outcome.msgid,
                [[str(key), _encoded(sent_back(value))] for key, value in outcome.params.items()]]
    else:
        sent = ["answers", [_encoded(value) for value in outcome]]  # type: ignore[attr-defined]
    text = json.dumps({"outcome": sent, "printed": printed}, separators=(",", ":"))
    data = text.encode("utf-8", "surrogatepass")
    return _HEADER.pack(len(data)) + data


def _read_message(data: bytes) -> tuple[object, str]:
    """The child's message read back (``_FailedError`` or ``RuleError`` for a failure, else
    the list of answers) and what it printed; :class:`_GarbledError` if it is not one."""
    try:
        message = json.loads(data.decode("utf-8", "surrogatepass"))
        outcome, printed = message["outcome"], message["printed"]
        if not isinstance(printed, str) or not isinstance(outcome, list) or not outcome:
            raise _GarbledError
        if outcome[0] == "answers" and len(outcome) == 2 and isinstance(outcome[1], list):
            return [_decoded(item) for item in outcome[1]], printed
        if outcome[0] == "failed" and len(outcome) == 4 and isinstance(outcome[1], str):
            index = outcome[2] if type(outcome[2]) is int else None
            return _FailedError(outcome[1], index, _decoded(outcome[3])), printed
        if outcome[0] == "refused" and len(outcome) == 4 and isinstance(outcome[2], str):
            params = {str(key): _decoded(value) for key, value in map(_pair, outcome[3])}
            return _rebuilt(outcome[1], outcome[2], params), printed
    except (ValueError, TypeError, KeyError, RecursionError, OverflowError, MemoryError):
        pass
    raise _GarbledError


def _rebuilt(kind: object, msgid: str, params: dict[str, object]) -> RuleError:
    """The package's error of the kind the child named, if the package has it (else a
    :class:`~yacht_edu.errors.RuleError`), with its message id and parameters."""
    found: object = RuleError
    if isinstance(kind, str) and kind.startswith("yacht_edu") and ":" in kind:
        module, name = kind.split(":", 1)
        found = sys.modules.get(module)
        for part in name.split("."):
            found = getattr(found, part, None)
    chosen = found if isinstance(found, type) and issubclass(found, RuleError) else RuleError
    error = chosen.__new__(chosen)
    RuleError.__init__(error, msgid, **params)  # its own __init__ may ask for other arguments
    return error


# -- in a forked child ----------------------------------------------------------------------------


def _in_a_child(function: Callable[..., Any], inputs: Sequence[Args], read: Reader[R],
                seconds: float) -> list[R]:
    _prctl()  # looked up here, where it stays for the next child
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
        sent = _read_until(reading, child, time.monotonic() + seconds)
    finally:
        os.close(reading)
        status = _end(child)
    index = struct.unpack_from("q", at, 0)[0]
    at.close()
    if sent is None:
        raise _FailedError("too_slow", index)
    if sent == b"":
        raise _FailedError("stopped", index, os.waitstatus_to_exitcode(status))
    try:
        outcome, printed = _read_message(sent)
    except _GarbledError:
        raise _FailedError("interfered", index) from None
    if printed and sys.stdout is not None:  # no stdout (pythonw): nowhere to show it
        sys.stdout.write(printed)
    if isinstance(outcome, _FailedError):
        raise outcome
    if isinstance(outcome, RuleError):
        raise outcome
    return outcome  # type: ignore[return-value]


def _child(function: Callable[..., Any], inputs: Sequence[Args], read: Reader[Any],
           writing: int, at: mmap.mmap) -> None:  # pragma: no cover - runs in the child
    global _inside
    _inside = True
    with contextlib.suppress(OSError):
        os.setpgid(0, 0)
    _adopt_orphans()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent answers an interrupt
    with contextlib.suppress(OSError, ValueError):  # no /proc, a limit that cannot be set
        _limit_memory()
    printed = _Printed()
    outcome: object
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed), _no_input():
        try:
            outcome = _answer_each(function, inputs, read,
                                   lambda index: struct.pack_into("q", at, 0, index))
        except _FailedError as failed:
            outcome = failed
        except RuleError as refused:
            outcome = refused
    try:
        sent = _message(outcome, printed.getvalue())
    except MemoryError:
        sent = _message(_FailedError("memory", None), "")
    except Exception:  # a value that cannot be written (a refusal's odd parameter)
        sent = _message(_FailedError("not_plain", None, Shown("?")), "")
    with open(writing, "wb") as pipe:
        pipe.write(sent)
    if _alone():
        os._exit(0)
    while True:  # the parent ends it, and with it every process it started or adopted
        signal.pause()


def _alone() -> bool:  # pragma: no cover - runs in the child
    """Whether this process has no child (alive or ended) and no other thread: nothing can be
    left behind when it ends."""
    try:
        os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        return threading.active_count() == 1
    return False


def _adopt_orphans() -> None:  # pragma: no cover - runs in the child
    """Make this process the one that adopts every process its descendants leave behind (a
    ``setsid()`` or a double fork included), so that the parent finds them all under it."""
    prctl = _prctl()
    if prctl is not None:
        prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER (Linux 3.4)


@functools.lru_cache(maxsize=1)
def _prctl() -> Callable[..., int] | None:
    """The C library's ``prctl`` (looked up once, in the parent, before the first fork)."""
    try:
        import ctypes

        found: Callable[..., int] = ctypes.CDLL(None, use_errno=True).prctl
        return found
    except (OSError, AttributeError):
        return None


@contextlib.contextmanager
def _no_input() -> Iterator[None]:
    """``input()`` and ``sys.stdin`` raise :class:`InputRefusedError` meanwhile."""
    def refuse(*args: object) -> str:
        raise InputRefusedError("input")

    before = builtins.input, sys.stdin
    builtins.input = refuse
    sys.stdin = _NoInput()
    try:
        yield
    finally:
        builtins.input, sys.stdin = before


class _NoInput(io.TextIOBase):
    def read(self, size: int | None = -1) -> str:
        raise InputRefusedError("stdin")

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        raise InputRefusedError("stdin")


def _limit_memory() -> None:  # pragma: no cover - runs in the child
    """At most :data:`MEMORY_LIMIT` more bytes of address space than the child has now."""
    import resource  # Unix only, as the fork this runs after

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


def _read_until(reading: int, child: int, deadline: float) -> bytes | None:
    """The child's whole message (its length first, so a process it left holding the pipe
    cannot make us wait), ``b""`` if the child ended without one, or None if the time is up
    first."""
    parts: list[bytes] = []
    size, wanted, ended = 0, None, False
    while (left := deadline - time.monotonic()) > 0:
        ready, _, _ = select.select([reading], [], [], min(left, 0.05))
        if not ready:
            if ended:  # it ended, and nothing more came: what holds the pipe sends nothing
                return b""
            ended = _has_ended(child)
            continue
        part = os.read(reading, 1 << 16)
        if not part:
            return b""
        parts.append(part)
        size += len(part)
        if wanted is None and size >= _HEADER.size:
            wanted = _HEADER.size + _HEADER.unpack(b"".join(parts)[:_HEADER.size])[0]
            if wanted > MOST_SENT:
                return b""
        if wanted is not None and size >= wanted:
            return b"".join(parts)[_HEADER.size:wanted]
    return None


def _has_ended(child: int) -> bool:
    """Whether the child has ended (left to be reaped by :func:`_end`, so its number is not
    given to another process meanwhile)."""
    try:
        return os.waitid(os.P_PID, child, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:
        return True


def _end(child: int) -> int:
    """End the child and every process under it (it adopted those its descendants left): the
    descendants first, killed until none is left alive, so that none is left without the
    child to adopt it; then the child, and wait for it: its wait status."""
    if not _ends_soon(child):  # ended, it adopts nothing more: no process is left under it
        with contextlib.suppress(OSError):
            os.kill(child, signal.SIGSTOP)  # it starts nothing more once the signal lands
        _kill_descendants(child)
    for kill in (os.kill, os.killpg):
        with contextlib.suppress(OSError):
            kill(child, signal.SIGKILL)
    try:
        return os.waitpid(child, 0)[1]
    except ChildProcessError:  # reaped already (SIGCHLD ignored): its status is lost
        return 0


def _ends_soon(child: int, grace: float = 0.003) -> bool:
    """Whether the child ends within ``grace`` seconds (one that started nothing ends as soon
    as its answer is sent)."""
    deadline = time.monotonic() + grace
    while not _has_ended(child):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.0002)
    return True


def _kill_descendants(child: int, most: float = 5.0) -> None:
    """Kill every process under ``child``, looking again until none is alive (one may fork
    before its signal lands; what a killed one leaves, the child adopts)."""
    deadline = time.monotonic() + most
    while time.monotonic() < deadline:
        alive = [pid for pid, state in _descendants(child) if state not in ("Z", "X")]
        if not alive:
            return
        for pid in alive:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0)


def _descendants(root: int) -> list[tuple[int, str]]:
    """The processes under ``root`` (its children, theirs, and so on) with their states, from
    ``/proc``."""
    found = _processes(newer_than=root)
    below: list[tuple[int, str]] = []
    queue = [root]
    while queue:
        pid = queue.pop()
        for child, (parent, state) in found.items():
            if parent == pid:
                below.append((child, state))
                queue.append(child)
    return below


def _processes(newer_than: int) -> dict[int, tuple[int, str]]:
    """The parent and state of every process numbered after ``newer_than`` (started after it:
    Linux numbers processes in order, wrapping round only past millions), read from
    ``/proc/<pid>/stat``."""
    found = {}
    with contextlib.suppress(OSError):
        for entry in os.scandir("/proc"):
            if entry.name.isdigit() and int(entry.name) > newer_than:
                with contextlib.suppress(OSError, ValueError, IndexError):
                    with open(f"/proc/{entry.name}/stat", "rb") as stat:
                        fields = stat.read().rsplit(b")", 1)[1].split()
                    found[int(entry.name)] = (int(fields[1]), fields[0].decode())
    return found


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
        with _alarm(seconds), _no_input():
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
