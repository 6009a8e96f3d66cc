"""The class service: a JupyterHub managed service that keeps a class's events and shows the
teacher the class (``python -m yacht_edu.classroom service``; ``hub-config`` prints the hub's
configuration).  A small tornado application, as JupyterHub's services are.

Who may do what — the hub says who the caller is, from their token (a learner's kernel sends
its server's ``JUPYTERHUB_API_TOKEN``; a browser logs in with the hub's OAuth):

- ``POST <prefix>api/events``: a learner of the class stores an event of their own (the name
  is the hub's, never a field of the event; the class is the service's, from the learner's
  hub groups).  201 stored, 200 stored before (the same id), 400 malformed, 413 too big,
  429 too many (more than :data:`RATE` a second after a burst of :data:`BURST`), 403 no token
  or not a learner of a class;
- ``GET <prefix>`` (the page), ``<prefix>api/view`` (JSON, or ``?format=html``) and
  ``<prefix>api/export.csv``: members of the teachers' group and the hub's admins; anyone else
  403.  A browser without a login is sent to the hub's login first.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated
from tornado import web

from yacht_edu.classroom.events import MAX_BYTES, BadEventError, read_event
from yacht_edu.classroom.store import Row, Store
from yacht_edu.classroom.view import ClassView, class_view, csv_text
from yacht_edu.i18n import LANGUAGES, t

__all__ = ["BURST", "RATE", "Person", "Service", "make_app", "serve"]

#: Events a learner may send at once, and a second after that.
BURST, RATE = 20, 5
#: The service's name on the hub (its URL is ``/services/<name>/``).
NAME = "yacht-class"
#: The class of every learner when the service is given no class groups.
DEFAULT_CLASS = "class"


@dataclass(frozen=True)
class Person:
    """Whom the hub says the caller is: a user's name, admin or not, their groups."""

    name: str
    admin: bool = False
    groups: frozenset[str] = frozenset()


class NoAccessError(Exception):
    """The hub knows the caller, who has no access to this service (403)."""


Identify = Callable[[web.RequestHandler], Awaitable["Person | None"]]


class Service:
    """The service's rules and data: which class a learner is in, who is a teacher, the rate
    of each learner's events, and the store."""

    def __init__(self, store: Store, *, teachers: str = "teachers",
                 class_groups: tuple[str, ...] = (), clock: Callable[[], float] = time.monotonic
                 ) -> None:
        self.store = store
        self.teachers = teachers
        self.class_groups = class_groups
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}
        self.views: dict[tuple[str, str | None, str, int, int], ClassView] = {}
        self.loaded: dict[str, list[Row]] = {}

    def class_of(self, person: Person) -> str | None:
        """The learner's class: the first class group they are in (None: none), or the one
        class when the service names no groups."""
        if not self.class_groups:
            return DEFAULT_CLASS
        return next((g for g in self.class_groups if g in person.groups), None)

    def classes(self) -> tuple[str, ...]:
        return self.class_groups or (DEFAULT_CLASS,)

    def is_teacher(self, person: Person) -> bool:
        return person.admin or self.teachers in person.groups

    def allow(self, learner: str) -> float:
        """0 if the learner may send an event now (and count it), else the seconds to wait."""
        now = self.clock()
        tokens, then = self.buckets.get(learner, (float(BURST), now))
        tokens = min(float(BURST), tokens + (now - then) * RATE)
        if tokens < 1:
            self.buckets[learner] = (tokens, now)
            return (1 - tokens) / RATE
        self.buckets[learner] = (tokens - 1, now)
        return 0.0

    def view(self, klass: str, lesson: str | None, lang: str) -> ClassView:
        """The class's view, worked out again only when an event arrived or ten seconds went
        by (the stuck times move)."""
        key = (klass, lesson, lang, self.store.last(klass), int(time.time() // 10))
        if key not in self.views:
            self.views.clear()
            self.views[key] = class_view(klass, self.rows(klass), lesson=lesson, lang=lang)
        return self.views[key]

    def rows(self, klass: str) -> list[Row]:
        """The class's events, read from the store once and then only the new ones (all again
        if some were deleted meanwhile: ``forget`` from another process)."""
        cached = self.loaded.get(klass, [])
        new = self.store.events(klass, after=cached[-1].seq if cached else 0)
        if self.store.count(klass) != len(cached) + len(new):
            self.loaded[klass] = self.store.events(klass)
        else:
            self.loaded[klass] = cached + new
        return self.loaded[klass]


class Base(web.RequestHandler):
    """Who is calling (``self.person``), and the answers every handler gives."""

    person: Person | None = None

    @property
    def service(self) -> Service:
        return self.settings["service"]  # type: ignore[no-any-return]

    async def prepare(self) -> None:
        try:
            self.person = await self.settings["identify"](self)
        except NoAccessError:
            self.refuse(403, "classview.service.no_access")

    def refuse(self, status: int, msgid: str, **params: object) -> None:
        """Answer ``status`` with the message (in the service's language) and stop."""
        self.set_status(status)
        self.finish({"error": t(msgid, self.settings["lang"], **params)})
        raise web.Finish()

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.finish({"error": self._reason})

    def lang(self) -> str:
        default: str = self.settings["lang"]
        asked = self.get_argument("lang", default)
        return asked if asked in LANGUAGES else default


class Events(Base):
    async def post(self) -> None:
        person = self.person
        if person is None:
            self.refuse(403, "classview.service.no_token")
        assert person is not None
        klass = self.service.class_of(person)
        if klass is None:
            self.refuse(403, "classview.service.not_in_class")
        assert klass is not None
        wait = self.service.allow(person.name)
        if wait:
            self.set_header("Retry-After", str(max(1, round(wait))))
            self.refuse(429, "classview.service.too_many", rate=RATE)
        body = self.request.body
        try:
            event = read_event(body)
        except BadEventError as error:
            self.set_status(413 if len(body) > MAX_BYTES else 400)
            self.finish({"error": error.message(self.settings["lang"])})
            return
        stored = self.service.store.add(klass, person.name, event)
        self.set_status(201 if stored else 200)
        self.finish({"stored": stored, "learner": person.name, "class": klass})


class TeacherBase(Base):
    """A teacher's request: teachers' group members and admins only."""

    def teacher_class(self) -> str:
        person = self.person
        if person is None:
            self.log_in()
            self.refuse(403, "classview.service.no_token")
        assert person is not None
        if not self.service.is_teacher(person):
            self.refuse(403, "classview.service.not_teacher", group=self.service.teachers)
        klass = self.get_argument("class", self.service.classes()[0])
        if klass not in self.service.classes():
            self.refuse(404, "classview.service.no_class", klass=klass)
        return klass

    def log_in(self) -> None:
        """A browser with no login goes to the hub's (the page does; the API answers 403)."""


class Page(HubOAuthenticated, TeacherBase):  # type: ignore[misc]
    def log_in(self) -> None:
        if self.settings["hub_auth"] is not None and "Authorization" not in self.request.headers:
            self.hub_auth = self.settings["hub_auth"]
            self.redirect(self.get_login_url())
            raise web.Finish()

    def get(self) -> None:
        from yacht_edu.display.classview import class_view_html

        klass = self.teacher_class()
        view = self.service.view(klass, self.get_argument("lesson", None), self.lang())
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(f'<!doctype html><html><head><meta charset="utf-8">'
                    f'<meta http-equiv="refresh" content="5"><title>{NAME}</title></head>'
                    f"<body>{class_view_html(view)}</body></html>")


class View(TeacherBase):
    def get(self) -> None:
        klass = self.teacher_class()
        view = self.service.view(klass, self.get_argument("lesson", None), self.lang())
        if self.get_argument("format", "json") == "html":
            from yacht_edu.display.classview import class_view_html

            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(class_view_html(view))
        else:
            self.finish(view.to_json())


class Export(TeacherBase):
    def get(self) -> None:
        klass = self.teacher_class()
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="{klass}.csv"')
        self.finish(csv_text(self.service.rows(klass)))


def make_app(service: Service, identify: Identify, *, prefix: str = f"/services/{NAME}/",
             lang: str = "en", hub_auth: Any = None, cookie_secret: bytes | None = None
             ) -> web.Application:
    """The tornado application under ``prefix`` (``identify``: who calls, from the request)."""
    routes: list[Any] = [
        (prefix, Page), (prefix + "api/events", Events), (prefix + "api/view", View),
        (prefix + "api/export.csv", Export),
    ]
    if hub_auth is not None:
        routes.append((prefix + "oauth_callback", HubOAuthCallbackHandler))
    return web.Application(routes, service=service, identify=identify, lang=lang,
                           hub_auth=hub_auth,
                           cookie_secret=cookie_secret or secrets.token_bytes(32))


# -- on a hub -----------------------------------------------------------------------------------


def hub_identify(hub_auth: Any) -> Identify:
    """Who calls, as the hub says from their token (a header, or the OAuth cookie): a user
    with the service's access scope, or None."""

    async def identify(handler: web.RequestHandler) -> Person | None:
        model = await hub_auth.get_user(handler, sync=False)
        if not model:
            return None
        if model.get("kind", "user") != "user" or (
                hub_auth.access_scopes and not hub_auth.check_scopes(hub_auth.access_scopes,
                                                                      model)):
            raise NoAccessError
        return Person(model["name"], bool(model.get("admin")),
                      frozenset(model.get("groups") or ()))

    return identify


def listen_on(host: str) -> str:
    """The address to listen on: the service URL's, or every address of the machine when the
    URL names the host (``http://hub:10101`` in Kubernetes: the name is the pod's service's).

    >>> listen_on("127.0.0.1"), listen_on("localhost"), listen_on("hub")
    ('127.0.0.1', 'localhost', '')
    """
    import ipaddress

    try:
        ipaddress.ip_address(host)
    except ValueError:
        return host if host == "localhost" else ""
    return host


def warm() -> None:
    """Import what the first event and the first view need (the lessons' exercises, the
    fairness test), so that neither waits for it."""
    from yacht_edu.lessons import exercises, lessons

    for number in lessons():
        exercises(number)
    class_view(DEFAULT_CLASS, [], lesson="01")
    from yacht_edu.classroom.view import pooled_p_value

    pooled_p_value((1, 1, 1, 1, 1, 1))


def secret(folder: Path) -> bytes:
    """The service's cookie secret, kept in its folder (a restart keeps the teachers' logins)."""
    path = folder / "cookie_secret"
    if not path.exists():
        path.write_bytes(secrets.token_bytes(32))
        path.chmod(0o600)
    return path.read_bytes()


def serve(arguments: argparse.Namespace) -> None:
    """Run the service as the hub starts it (its address and token in the environment)."""
    import asyncio
    from urllib.parse import urlsplit

    from jupyterhub.services.auth import HubOAuth

    folder = Path(arguments.data)
    store = Store(folder)
    warm()
    service = Service(store, teachers=arguments.teachers,
                      class_groups=tuple(g for g in arguments.class_groups.split(",") if g))
    # the one instance the OAuth callback handler finds too
    hub_auth = HubOAuth.instance(api_token=os.environ["JUPYTERHUB_API_TOKEN"], cache_max_age=60)
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", f"/services/{NAME}/")
    app = make_app(service, hub_identify(hub_auth), prefix=prefix, lang=arguments.lang,
                   hub_auth=hub_auth, cookie_secret=secret(folder))
    address = urlsplit(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"))

    async def run() -> None:
        app.listen(address.port or 80, listen_on(address.hostname or "127.0.0.1"),
                   max_body_size=64 * MAX_BYTES, xheaders=True)
        print(json.dumps({"service": NAME, "listening": address.geturl(), "prefix": prefix,
                          "data": str(store.path), "events": store.count()}), flush=True)
        await asyncio.Event().wait()

    asyncio.run(run())
