"""The teacher's view of the class in a notebook: ``yacht_edu.class_view()`` shows what the class
service's page shows, and fetches it again every few seconds.

It asks the service with the teacher's own token (their server's): the service shows the class
to members of the teachers' group and to admins only.  Where no class service is configured
(a laptop) it says so and fetches nothing.
"""

from __future__ import annotations

import html
import threading
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlencode

import ipywidgets

from yacht_edu import sender
from yacht_edu.i18n import check_language, t
from yacht_edu.lite import in_browser


class ClassView(ipywidgets.HTML):  # type: ignore[misc]
    """The class's view, refreshed every ``every`` seconds until :meth:`close`."""

    def __init__(self, *, lesson: str | None = None, lang: str | None = None,
                 klass: str | None = None, every: float = 5.0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = check_language(lang)
        self.query = {key: value for key, value in
                      (("lesson", lesson), ("class", klass), ("lang", self.lang),
                       ("format", "html")) if value is not None}
        self.every = every
        self.stopped = threading.Event()
        self.thread: threading.Thread | None = None
        found = sender.sender()
        self.url = None if found is None else found.url.removesuffix("events") + "view"
        self.token = "" if found is None else found.token
        if self.refresh() and every > 0:
            self.thread = threading.Thread(target=self.keep_fresh, daemon=True,
                                           name="yacht_edu-class-view")
            self.thread.start()

    def refresh(self) -> bool:
        """Fetch the view once; False when there is nothing to fetch again (no service, or
        the service refuses this person)."""
        if self.url is None:  # the browser edition has no server at all: it says so
            said = "lite.no_class_service" if in_browser() else "classview.no_service"
            self.value = self.note(t(said, self.lang))
            return False
        request = urllib.request.Request(f"{self.url}?{urlencode(self.query)}",
                                         headers={"Authorization": f"token {self.token}"})
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        try:
            with opener.open(request, timeout=sender.TIMEOUT) as answer:
                self.value = answer.read().decode("utf-8")
        except urllib.error.HTTPError as error:
            if error.code == 403:
                self.value = self.note(t("classview.only_teachers", self.lang))
                return False
            self.value = self.note(t("classview.unreachable", self.lang))
        except OSError:
            self.value = self.note(t("classview.unreachable", self.lang))
        return True

    def note(self, text: str) -> str:
        return f'<p class="yacht-class-note">{html.escape(text)}</p>'

    def keep_fresh(self) -> None:
        while not self.stopped.wait(self.every):
            self.refresh()

    def close(self) -> None:
        self.stopped.set()
        super().close()


def class_view(*, lesson: str | None = None, lang: str | None = None, klass: str | None = None,
               every: float = 5.0) -> ClassView:
    """The class as the teacher sees it (``yacht_edu.class_view()`` in a teacher's notebook):
    the grid of the ``lesson`` (default: the latest one checked), the misconceptions, the
    pooled dice and the finished games, in ``lang``; fetched again every ``every`` seconds."""
    return ClassView(lesson=lesson, lang=lang, klass=klass, every=every)
