"""The class service: a JupyterHub managed service that keeps a class's events and shows the
teacher the class (``python -m yacht_edu.classroom service``; ``hub-config`` prints the hub's
configuration).  A small tornado application, as JupyterHub's services are.

Who may do what — the hub says who the caller is, from their token (a learner's kernel sends
its server's ``JUPYTERHUB_API_TOKEN``; a browser logs in with the hub's OAuth):

- ``POST <prefix>api/events``: a learner of the class stores an event of their own (the name
  is the hub's, never a field of the event; the class is the service's, from the learner's
  hub groups).  201 stored, 200 stored before (the same id), 400 malformed, 413 too big
  (said from the request's length, before its body is read), 429 too many (more than
  :data:`RATE` a second after a burst of :data:`BURST`, or more than :data:`MAX_CONNECTIONS`
  connections open at once), 409 past what one learner may keep (:data:`MAX_EVENTS` events,
  tallies in :data:`MAX_GROUPS` groups: the message says so), 403 no token or not a learner
  of a class, 503 the database cannot be used now (the kernel sends again later);
- ``GET <prefix>`` (the page), ``<prefix>api/view`` (JSON, or ``?format=html``) and
  ``<prefix>api/export.csv``: members of the teachers' group and the hub's admins; anyone else
  403.  A browser without a login is sent to the hub's login first.

No learner can take the service from the others: a connection whose request does not arrive
within :data:`IDLE_SECONDS` (or whose body takes more than :data:`BODY_SECONDS`) is closed, each
person may hold :data:`MAX_CONNECTIONS` connections (one more is held unanswered for
:data:`IDLE_SECONDS`, then refused: a learner opening connections again and again in a loop
makes the service do that work once in :data:`IDLE_SECONDS`, not at once), the service raises
its limit of open files to the system's and waits for :data:`BACKLOG` connections, and what one
learner stores is bounded (above), so the teacher's view is worked out from what is new since
they last looked (:class:`~yacht_edu.classroom.view.ClassRecord`), whatever one learner sent.
The pages say to browsers that they run no script and are shown in no frame.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import json
import os
import random
import secrets
import socket
import sqlite3
import time
import weakref
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated
from tornado import gen, iostream, web
from tornado.httpserver import HTTPServer
from tornado.log import access_log

from yacht_edu.classroom.events import MAX_BYTES, BadEventError, read_event
from yacht_edu.classroom.hub import NAME
from yacht_edu.classroom.store import DamagedStoreError, Store
from yacht_edu.classroom.view import ClassRecord, ClassSnapshot, csv_text, pooled_p_value, view_of
from yacht_edu.display.classview import class_view_html
from yacht_edu.i18n import LANGUAGES, t
from yacht_edu.lessons import exercises, lessons

#: Events a learner may send at once, and a second after that.
BURST, RATE = 20, 5
#: The most events the service keeps of one learner in one class (a whole course sends about
#: a thousand), and the most groups one learner's die tallies may name.
MAX_EVENTS, MAX_GROUPS = 10_000, 10
#: The most connections one person may hold open at once (a kernel's sender keeps one), and
#: the most more of theirs held unanswered (past them a connection is refused at once).
MAX_CONNECTIONS, MAX_HELD = 16, 4096
#: Seconds a connection may wait for its request's headers (or, kept open, for the next
#: request), and for its body.
IDLE_SECONDS, BODY_SECONDS = 60.0, 10.0
#: The most bytes of a body the service reads (and drops) to answer 413; past it the
#: connection is closed.
MOST_READ = 2**20
#: Connections waiting to be taken in (the system may hold fewer): a learner opening hundreds
#: at once does not make the others' wait for the first's retry, a second later.
BACKLOG = 4096
#: The class of every learner when the service is given no class groups.
DEFAULT_CLASS = "class"
#: What the pages tell browsers: no script, no frame around them, nothing sent elsewhere.
SAFE_HEADERS = {
    "Content-Security-Policy": ("default-src 'none'; style-src 'unsafe-inline'; "
                                "img-src data:; frame-ancestors 'none'; base-uri 'none'; "
                                "form-action 'none'"),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


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
    of each learner's events, their connections, what they may keep, and the store."""

    def __init__(self, store: Store, *, teachers: str = "teachers",
                 class_groups: tuple[str, ...] = (), clock: Callable[[], float] = time.monotonic
                 ) -> None:
        self.store = store
        self.teachers = teachers
        self.class_groups = class_groups
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}
        self.views: dict[tuple[Any, ...], ClassSnapshot] = {}
        self.records: dict[str, ClassRecord] = {}
        self.generation = store.generation()
        self.connections: dict[str, weakref.WeakSet[iostream.IOStream]] = {}
        self.held: Counter[str] = Counter()

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

    def connect(self, name: str, stream: iostream.IOStream) -> bool:
        """Count ``stream`` as one of ``name``'s connections; False past
        :data:`MAX_CONNECTIONS` open at once."""
        mine = self.connections.setdefault(name, weakref.WeakSet())
        for old in [old for old in mine if old.closed()]:
            mine.discard(old)
        if stream in mine:
            return True
        if len(mine) >= MAX_CONNECTIONS:
            return False
        mine.add(stream)
        return True

    def record(self, klass: str) -> ClassRecord:
        """The class's events added up, brought up to date with what arrived since (read
        again from the start when events were forgotten meanwhile, by the ``forget``
        command)."""
        generation = self.store.generation()
        if generation != self.generation:
            self.generation = generation
            self.records.clear()
            self.views.clear()
        record = self.records.setdefault(klass, ClassRecord(klass))
        for row in self.store.events(klass, after=record.seq):
            record.add(row)
        return record

    def refusal(self, klass: str, learner: str, event: dict[str, Any]) -> tuple[str, int] | None:
        """Why the learner may not store ``event`` (a message id and its limit), or None:
        past :data:`MAX_EVENTS`, or a tally in a group past :data:`MAX_GROUPS`.  An event
        stored before is never refused (it is stored once)."""
        record = self.record(klass)
        if self.store.has(klass, learner, event["id"]):
            return None
        if record.events[learner] >= MAX_EVENTS:
            return "classview.service.too_many_events", MAX_EVENTS
        groups = record.groups_of.get(learner, set())
        if event["kind"] == "tally" and event["group"] not in groups and len(groups) >= MAX_GROUPS:
            return "classview.service.too_many_groups", MAX_GROUPS
        return None

    def view(self, klass: str, lesson: str | None, lang: str) -> ClassSnapshot:
        """The class's view, worked out again only when an event arrived or ten seconds went
        by (the stuck times move)."""
        record = self.record(klass)
        key = (klass, lesson, lang, record.seq, self.generation, len(self.store.damaged),
               int(time.time() // 10))
        if key not in self.views:
            self.views.clear()
            self.views[key] = record.view(lesson=lesson, lang=lang,
                                          damaged=len(self.store.damaged) + record.unreadable)
        return self.views[key]


class Base(web.RequestHandler):
    """Who is calling (``self.person``), and the answers every handler gives."""

    person: Person | None = None

    @property
    def service(self) -> Service:
        return self.settings["service"]  # type: ignore[no-any-return]

    def set_default_headers(self) -> None:
        for name, value in SAFE_HEADERS.items():
            self.set_header(name, value)

    async def prepare(self) -> None:
        try:
            self.person = await self.settings["identify"](self)
        except NoAccessError:
            self.refuse(403, "classview.service.no_access")
        stream = getattr(self.request.connection, "stream", None)
        if (self.person is not None and stream is not None
                and not self.service.connect(self.person.name, stream)):
            await self.hold(self.person.name)
            self.refuse(429, "classview.service.too_many_connections", most=MAX_CONNECTIONS)

    async def hold(self, name: str) -> None:
        """Leave one of ``name``'s connections past the limit unanswered for about
        :data:`IDLE_SECONDS` (at most :data:`MAX_HELD` of theirs at once); each for a time of
        its own, so that connections opened together are not answered (and opened again)
        together."""
        held = self.service.held
        if held[name] >= MAX_HELD:
            return
        held[name] += 1
        try:
            await gen.sleep(IDLE_SECONDS * random.uniform(0.5, 1.5))
        finally:
            held[name] -= 1

    def refuse(self, status: int, msgid: str, **params: object) -> None:
        """Answer ``status`` with the message (in the service's language) and stop; a refused
        connection is closed."""
        self.set_status(status)
        self.set_header("Connection", "close")
        self.finish({"error": t(msgid, self.settings["lang"], **params)})
        raise web.Finish()

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(error, sqlite3.DatabaseError):  # the kernel's sender tries again later
            self.set_status(503)
            self.finish({"error": store_trouble(self.service.store.path, error,
                                                self.settings["lang"])})
            return
        self.finish({"error": self._reason})

    def lang(self) -> str:
        default: str = self.settings["lang"]
        asked = self.get_argument("lang", default)
        return asked if asked in LANGUAGES else default

    def send_text(self, text: str, kind: str) -> None:
        """``text`` as UTF-8 (whatever it holds: a character that cannot be written is
        replaced, never an error)."""
        self.set_header("Content-Type", f"{kind}; charset=utf-8")
        self.finish(text.encode("utf-8", "replace"))


def store_trouble(path: Path, error: sqlite3.DatabaseError, lang: str) -> str:
    """What to say when the database cannot be used: damaged (how to repair it), or busy,
    full or unwritable (the reason)."""
    reason = str(error) or type(error).__name__
    if "malformed" in reason or "not a database" in reason:
        return t("classview.store.damaged", lang, path=str(path), reason=reason,
                 folder=str(path.parent))
    return t("classview.store.trouble", lang, reason=reason)


@web.stream_request_body
class Events(Base):
    """A learner's event.  Refused at once, the connection closed: past the connections a
    person may hold.  Any other refusal is answered once the body (at most :data:`MOST_READ`
    bytes, kept up to :data:`MAX_BYTES`) has arrived, so the kernel always reads the answer."""

    async def prepare(self) -> None:
        await super().prepare()
        self.body = bytearray()
        self.length = 0
        self.refused = self.refusal()

    def refusal(self) -> tuple[int, str, dict[str, object]] | None:
        """Why the event will be refused, known from its headers (None: not yet)."""
        person = self.person
        if person is None:
            return 403, "classview.service.no_token", {}
        if self.service.class_of(person) is None:
            return 403, "classview.service.not_in_class", {}
        length = self.request.headers.get("Content-Length", "0")
        if length.isdigit() and int(length) > MAX_BYTES:
            return 413, "classview.event.too_big", {"length": int(length), "limit": MAX_BYTES}
        wait = self.service.allow(person.name)
        if wait:
            self.set_header("Retry-After", str(max(1, round(wait))))
            return 429, "classview.service.too_many", {"rate": RATE}
        return None

    def data_received(self, chunk: bytes) -> None:
        """The body as it comes, kept up to :data:`MAX_BYTES` + 1 bytes (the rest counted)."""
        self.length += len(chunk)
        if len(self.body) <= MAX_BYTES:
            self.body += chunk[:MAX_BYTES + 1 - len(self.body)]

    def post(self) -> None:
        if self.refused is not None:
            status, msgid, params = self.refused
            self.answer(status, msgid, **params)
        if self.length > MAX_BYTES:
            self.answer(413, "classview.event.too_big", length=self.length, limit=MAX_BYTES)
        person = self.person
        assert person is not None
        klass = self.service.class_of(person)
        assert klass is not None
        try:
            event = read_event(bytes(self.body))
        except BadEventError as error:
            self.set_status(400)
            self.finish({"error": error.message(self.settings["lang"])})
            return
        refused = self.service.refusal(klass, person.name, event)
        if refused is not None:
            self.answer(409, refused[0], most=refused[1])
        stored = self.service.store.add(klass, person.name, event)
        self.set_status(201 if stored else 200)
        self.finish({"stored": stored, "learner": person.name, "class": klass})

    def answer(self, status: int, msgid: str, **params: object) -> None:
        """Refuse, keeping the connection (the kernel's sender sends its next event on it)."""
        self.set_status(status)
        self.finish({"error": t(msgid, self.settings["lang"], **params)})
        raise web.Finish()


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
        klass = self.teacher_class()
        view = self.service.view(klass, self.get_argument("lesson", None), self.lang())
        self.send_text(f'<!doctype html><html><head><meta charset="utf-8">'
                       f'<meta http-equiv="refresh" content="5"><title>{NAME}</title></head>'
                       f"<body>{class_view_html(view)}</body></html>", "text/html")


class View(TeacherBase):
    def get(self) -> None:
        klass = self.teacher_class()
        view = self.service.view(klass, self.get_argument("lesson", None), self.lang())
        if self.get_argument("format", "json") == "html":
            self.send_text(class_view_html(view), "text/html")
        else:
            self.finish(view.to_json())


class Export(TeacherBase):
    async def get(self) -> None:
        klass = self.teacher_class()
        self.set_header("Content-Disposition", f'attachment; filename="{klass}.csv"')
        store = self.service.store  # a whole class read and written out, off the event loop
        text = await asyncio.get_running_loop().run_in_executor(
            None, lambda: csv_text(store.events(klass)))
        self.send_text(text, "text/csv")


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
                           hub_auth=hub_auth, log_function=log_request,
                           cookie_secret=cookie_secret or secrets.token_bytes(32))


def log_request(handler: web.RequestHandler) -> None:
    """The access log: a request the service failed (5xx) and the teachers' requests; not the
    refusals a hostile learner can make by the thousand a second."""
    status = handler.get_status()
    if status >= 500 or (status < 400 and not isinstance(handler, Events)):
        log = access_log.warning if status >= 500 else access_log.info
        log("%d %s %.2fms", status, handler._request_summary(),
            1000.0 * handler.request.request_time())


class Server(HTTPServer):
    """The service's HTTP server: it listens with a long queue (:data:`BACKLOG`)."""

    def listen(self, port: int, address: str | None = None,
               family: socket.AddressFamily = socket.AF_UNSPEC, backlog: int = BACKLOG,
               flags: int | None = None, reuse_port: bool = False) -> None:
        super().listen(port, address, family, backlog, flags, reuse_port)


def make_server(app: web.Application, *, xheaders: bool = False) -> HTTPServer:
    """The HTTP server of ``app``, with the service's timeouts and limits (see the module)."""
    return Server(app, xheaders=xheaders, idle_connection_timeout=IDLE_SECONDS,
                  body_timeout=BODY_SECONDS, max_body_size=MOST_READ)


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
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return host if host == "localhost" else ""
    return host


def preload(service: Service | None = None) -> None:
    """Import what the first event and the first view need (the lessons' exercises, the
    fairness test), and add up the service's classes, so that neither waits for it."""
    for number in lessons():
        exercises(number)
    view_of(DEFAULT_CLASS, [], lesson="01")
    pooled_p_value((1, 1, 1, 1, 1, 1))
    if service is not None:
        for klass in service.classes():
            service.record(klass)


def secret(folder: Path) -> bytes:
    """The service's cookie secret, kept in its folder (a restart keeps the teachers' logins)."""
    path = folder / "cookie_secret"
    if not path.exists():
        path.write_bytes(secrets.token_bytes(32))
        path.chmod(0o600)
    return path.read_bytes()


def more_files() -> None:
    """Raise this process's limit of open files to the most the system lets it have (a
    systemd service starts with 1,024: every open connection takes one)."""
    import resource  # Unix only

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


#: Seconds a service whose database is damaged answers 503 (saying how to repair it) before it
#: ends, so that the hub starts it again: on the repaired database, once repaired.
DAMAGED_SECONDS = 60.0


def serve(arguments: argparse.Namespace) -> None:
    """Run the service as the hub starts it (its address and token in the environment)."""
    from jupyterhub.services.auth import HubOAuth

    os.umask(0o077)  # whatever the service writes is its own
    more_files()
    folder = Path(arguments.data)
    try:
        store: Store | None = Store(folder)
    except DamagedStoreError as error:
        print(error.message(arguments.lang), flush=True)
        store, problem = None, error
    service = Service(store, teachers=arguments.teachers,
                      class_groups=tuple(g for g in arguments.class_groups.split(",") if g)
                      ) if store is not None else None
    preload(service)
    # the one instance the OAuth callback handler finds too
    hub_auth = HubOAuth.instance(api_token=os.environ["JUPYTERHUB_API_TOKEN"], cache_max_age=60)
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", f"/services/{NAME}/")
    if service is not None:
        app = make_app(service, hub_identify(hub_auth), prefix=prefix, lang=arguments.lang,
                       hub_auth=hub_auth, cookie_secret=secret(folder))
    else:
        app = web.Application([(prefix + ".*", Damaged)], problem=problem, lang=arguments.lang)
    address = urlsplit(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"))

    async def run() -> None:
        make_server(app, xheaders=True).listen(address.port or 80,
                                               listen_on(address.hostname or "127.0.0.1"))
        print(json.dumps({"service": NAME, "listening": address.geturl(), "prefix": prefix,
                          "data": str(folder / "class.sqlite"),
                          "events": store.count() if store is not None else None}), flush=True)
        if store is None:
            await asyncio.sleep(DAMAGED_SECONDS)
            raise SystemExit(3)
        await asyncio.Event().wait()

    asyncio.run(run())


class Damaged(web.RequestHandler):
    """Every request to a service whose database is damaged: 503, and how to repair it (a
    learner's kernel keeps its events and sends them again later)."""

    def set_default_headers(self) -> None:
        for name, value in SAFE_HEADERS.items():
            self.set_header(name, value)

    def prepare(self) -> None:
        problem: DamagedStoreError = self.settings["problem"]
        self.set_status(503)
        self.set_header("Retry-After", str(int(DAMAGED_SECONDS)))
        self.finish({"error": problem.message(self.settings["lang"])})
