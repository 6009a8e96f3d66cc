"""A teacher's tools for a class on a JupyterHub: hand the lessons out, collect the saved games,
and see the class live.

- :mod:`~yacht_edu.classroom.handout`: nbgitpuller links, saved games collected;
- the class service (:mod:`~yacht_edu.classroom.service`): a JupyterHub managed service that
  keeps what learners' kernels send (:mod:`yacht_edu.sender`, outside this package: each
  ``check()``, each die tally, each finished game; checked by
  :mod:`~yacht_edu.classroom.events`, kept by :mod:`~yacht_edu.classroom.store`) and shows the
  teacher the class (:mod:`~yacht_edu.classroom.view`); :mod:`~yacht_edu.classroom.hub`: the
  hub's snippet.

``python -m yacht_edu.classroom link|collect|service|hub-config|export|forget`` (see
:mod:`~yacht_edu.classroom.commands`).

Importing this package imports nothing: its names load from their modules when first asked for,
so a module of it (the events' checks, the store) loads without the command line.
"""

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # what a type checker reads; at run time these load on first use (below)
    from yacht_edu.classroom.handout import nbgitpuller_link

#: Each name of this package, with the module it comes from (loaded when first asked for).
_NAMES = {
    "nbgitpuller_link": "yacht_edu.classroom.handout",
}


def __getattr__(name: str) -> object:
    if name in _NAMES:
        return getattr(import_module(_NAMES[name]), name)
    raise AttributeError(f"module 'yacht_edu.classroom' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = ["nbgitpuller_link"]
