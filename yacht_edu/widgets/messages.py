"""What a view may send to Python: an intent and its fields, each of the kind the intent takes.

A view sends small JSON messages (``{"intent": "hold", "die": 2}``).  Anything else that reaches
a widget's handler — not a dict, an unknown intent, a field of the wrong kind (a list where a
name belongs), from a view of another version or a browser's console — is refused here: the
widget's state stays as it was, and the refusal is logged (``logging``, logger
``yacht_edu.widgets``) for whoever looks after the notebook; the learner clicked nothing wrong.

>>> shapes = {"hold": {"die": (int,)}, "roll": {}}
>>> intent_of({"intent": "hold", "die": 2}, shapes, "board")
'hold'
>>> intent_of({"intent": "hold", "die": [2]}, shapes, "board") is None
True
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from yacht_edu.i18n import python_form, shortened

#: Where refused messages are logged.
LOG = logging.getLogger("yacht_edu.widgets")
#: For each intent a widget answers: its fields and the kinds each may be (``type(None)``: the
#: field may be left out; ``object``: any value, which the widget checks itself).
Shapes = Mapping[str, Mapping[str, tuple[type, ...]]]
#: The most characters of a refused message written to the log.
LOGGED_LENGTH = 200


def intent_of(content: object, shapes: Shapes, widget: str) -> str | None:
    """The intent of ``content`` if it is a message of one of ``shapes``; else None, and the
    message is logged as refused by ``widget``."""
    intent = content.get("intent") if isinstance(content, dict) else None
    if isinstance(content, dict) and isinstance(intent, str) and intent in shapes:
        fields = shapes[intent]
        if all(is_of_kind(content.get(key), kinds) for key, kinds in fields.items()):
            return intent
    LOG.warning("%s refused a message of the wrong shape: %s", widget,
                shortened(python_form(content, None), LOGGED_LENGTH))
    return None


def is_of_kind(value: object, kinds: tuple[type, ...]) -> bool:
    """Whether ``value`` is one of ``kinds`` (True and False are switches, not whole numbers)."""
    if isinstance(value, bool) and bool not in kinds and object not in kinds:
        return False
    return isinstance(value, kinds)
