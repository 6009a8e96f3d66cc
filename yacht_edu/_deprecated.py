"""Old names kept for one release after a rename: each use warns with a DeprecationWarning that
names the new one."""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["renamed", "renamed_function", "warn_renamed"]

F = TypeVar("F", bound=Callable[..., Any])


def warn_renamed(owner: object, old: str, new: str) -> None:
    """Warn that ``owner.old`` was read: it is now ``owner.new``."""
    warnings.warn(f"{type(owner).__name__}.{old} is now .{new}", DeprecationWarning, stacklevel=3)


def renamed(old: str, new: str) -> Any:
    """A read-only attribute ``old`` that warns and reads ``new``."""

    def read(self: object) -> object:
        warn_renamed(self, old, new)
        return getattr(self, new)

    return property(read, doc=f"Deprecated: use ``{new}``.")


def renamed_function(function: F, old: str) -> F:
    """``function`` under its old name ``old``, warning at each call."""

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        warnings.warn(f"{old} is now {function.__name__}", DeprecationWarning, stacklevel=2)
        return function(*args, **kwargs)

    wrapper.__name__ = wrapper.__qualname__ = old
    return wrapper  # type: ignore[return-value]
