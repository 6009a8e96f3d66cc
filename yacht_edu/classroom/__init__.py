"""A teacher's tools for a class on a JupyterHub: hand the lessons out, collect the saved games,
and see the class live.

- :mod:`~yacht_edu.classroom.handout`: nbgitpuller links, saved games collected;
- the class service (:mod:`~yacht_edu.classroom.service`): a JupyterHub managed service that
  keeps what learners' kernels send (:mod:`~yacht_edu.classroom.sender`: each ``check()``, each
  die tally, each finished game; checked by :mod:`~yacht_edu.classroom.events`, kept by
  :mod:`~yacht_edu.classroom.store`) and shows the teacher the class
  (:mod:`~yacht_edu.classroom.view`); :mod:`~yacht_edu.classroom.hub`: the hub's snippet.

``python -m yacht_edu.classroom link|collect|service|hub-config|export|forget`` (see
:mod:`~yacht_edu.classroom.commands`).
"""

from yacht_edu.classroom.commands import main
from yacht_edu.classroom.handout import ClassroomError, collect, nbgitpuller_link

__all__ = ["ClassroomError", "collect", "main", "nbgitpuller_link"]
