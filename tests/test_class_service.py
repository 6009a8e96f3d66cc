"""The class service with a fake hub: who may send and see what, strict events, limits, the
teacher's view, the CSV export, restarts; and the sender in a learner's kernel (``check()``, the
die tally, a finished game), which never blocks nor breaks a lesson.

The service runs for real (tornado on a free port, in a thread); only the hub's answer to
"whose token is this?" is a table here.  ``tests/hub/`` runs it on a real JupyterHub.
"""

from __future__ import annotations

import asyncio
import csv
import html
import io
import json
import re
import socket
import threading
import time
import urllib.error
import urllib.request
import uuid
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from tornado import web
from tornado.httpserver import HTTPServer

import yacht_edu as ye
from yacht_edu import sender as sending
from yacht_edu.classroom.events import MAX_BYTES, BadEventError, read_event
from yacht_edu.classroom.hub import SERVICE_ENVIRONMENT, hub_config
from yacht_edu.classroom.service import (
    BURST,
    NoAccessError,
    Person,
    Service,
    make_app,
    make_server,
)
from yacht_edu.classroom.store import Store
from yacht_edu.classroom.view import view_of
from yacht_edu.lessons import check
from yacht_edu.lessons.feedback import reset_tries

PREFIX = "/services/yacht-class/"
PEOPLE: dict[str, Person | None] = {
    "asha": Person("asha"), "ravi": Person("ravi", groups=frozenset({"7b"})),
    "mira": Person("mira", groups=frozenset({"teachers"})), "root": Person("root", admin=True),
    "guest": None,  # known to the hub, without the service's access scope
}


async def fake_identify(handler: web.RequestHandler) -> Person | None:
    """The hub's answer: the people of :data:`PEOPLE`, and any ``learnerNNN``."""
    match = re.fullmatch(r"token (\w+)", handler.request.headers.get("Authorization", ""))
    if match is not None and re.fullmatch(r"learner\d+", match[1]):
        return Person(match[1])
    if match is None or match[1] not in PEOPLE:
        return None
    person = PEOPLE[match[1]]
    if person is None:
        raise NoAccessError
    return person


@dataclass
class Running:
    url: str
    store: Store
    service: Service

    def call(self, path: str, token: str | None = None, body: bytes | dict[str, Any] | None = None
             ) -> tuple[int, bytes]:
        data = json.dumps(body).encode() if isinstance(body, dict) else body
        headers = {"Authorization": f"token {token}"} if token else {}
        request = urllib.request.Request(self.url + path, data=data, headers=headers,
                                         method="POST" if data is not None else "GET")
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, answer.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def send(self, token: str, event: dict[str, Any]) -> int:
        return self.call("api/events", token, event)[0]

    def view(self, token: str = "mira", query: str = "") -> dict[str, Any]:
        status, body = self.call(f"api/view{query}", token)
        assert status == 200, body
        return json.loads(body)  # type: ignore[no-any-return]


def start(folder: Path, clock: Callable[[], float] = time.time, **options: Any
          ) -> tuple[Running, HTTPServer, asyncio.AbstractEventLoop]:
    store = Store(folder, clock=clock)
    service = Service(store, **options)
    ready = threading.Event()
    holder: dict[str, Any] = {}

    def serve() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        server = make_server(make_app(service, fake_identify, prefix=PREFIX))
        server.listen(port, "127.0.0.1")
        holder.update(server=server, loop=loop, port=port)
        ready.set()
        loop.run_forever()

    threading.Thread(target=serve, daemon=True).start()
    ready.wait(10)
    running = Running(f"http://127.0.0.1:{holder['port']}{PREFIX}", store, service)
    return running, holder["server"], holder["loop"]


def stop(server: HTTPServer, loop: asyncio.AbstractEventLoop) -> None:
    loop.call_soon_threadsafe(server.stop)
    loop.call_soon_threadsafe(loop.stop)


@pytest.fixture
def running(tmp_path: Path) -> Iterator[Running]:
    service, server, loop = start(tmp_path / "class")
    yield service
    stop(server, loop)


def event(kind: str = "check", **fields: Any) -> dict[str, Any]:
    made: dict[str, Any] = {"id": uuid.uuid4().hex, "kind": kind, "time": time.time()}
    if kind == "check":
        made |= {"exercise": "02.3", "correct": True, "guess": False, "tries": 0,
                 "misconception": None, "lang": "en"}
    elif kind == "tally":
        made |= {"tally": uuid.uuid4().hex, "group": "A", "counts": [1, 2, 3, 4, 5, 6]}
    else:
        made |= {"game": uuid.uuid4().hex, "rules": "yacht", "players": [
            {"name": "Asha", "points": 180, "start": 166.5, "luck": 20.0, "loss": 6.5}]}
    return made | fields


# -- who may do what ---------------------------------------------------------------------------


def test_a_learner_sends_and_a_teacher_sees(running: Running) -> None:
    assert running.send("asha", event(exercise="02.3", correct=False, tries=1,
                                      misconception="counted_hands")) == 201
    assert running.send("asha", event(exercise="02.3", correct=True, tries=1)) == 201
    view = running.view()
    assert view["learners"] == ["asha"] and view["lesson"] == "02"
    assert view["grid"]["asha"]["02.3"] == {"right": True, "tries": 1, "guess": False}
    assert [m["name"] for m in view["misconceptions"]["02.3"]] == ["counted_hands"]
    assert running.view("root")["learners"] == ["asha"]  # an admin too


def test_nobody_reads_what_is_not_theirs(running: Running) -> None:
    running.send("asha", event())
    for path in ("", "api/view", "api/export.csv", "api/view?format=html"):
        for token in (None, "asha", "ravi", "guest", "nobody"):
            status, body = running.call(path, token)
            assert status == 403, (path, token)
            assert b"asha" not in body
    assert running.call("api/events", None, event())[0] == 403
    assert running.call("api/events", "guest", event())[0] == 403
    assert running.store.count() == 1


def test_a_learner_cannot_send_as_anyone_else(running: Running) -> None:
    forged = event() | {"learner": "ravi"}
    status, body = running.call("api/events", "asha", forged)
    assert status == 400 and b"learner" in body
    stored = event()
    status, body = running.call("api/events", "asha", stored)
    assert json.loads(body)["learner"] == "asha"
    assert [row.learner for row in running.store.events("class")] == ["asha"]


def test_a_learner_cannot_send_to_another_class(tmp_path: Path) -> None:
    service, server, loop = start(tmp_path / "class", class_groups=("7a", "7b"))
    try:
        assert service.send("asha", event()) == 403  # in no class group
        assert service.send("ravi", event() | {"class": "7a"}) == 400  # the class is no field
        assert service.send("ravi", event()) == 201
        assert [row.klass for row in service.store.events("7b")] == ["7b"]
        assert service.store.events("7a") == []
        assert service.view(query="?class=7b")["learners"] == ["ravi"]
        assert service.call("api/view?class=8c", "mira")[0] == 404
    finally:
        stop(server, loop)


# -- bad input loses nothing --------------------------------------------------------------------

MALFORMED: dict[str, bytes] = {
    "not JSON": b"{nope",
    "not UTF-8": b'{"id": "\xff"}',
    "an array": b"[1, 2]",
    "NaN": json.dumps(event() | {"time": 1.8e9}).replace("1800000000.0", "NaN").encode(),
    "a key twice": b'{"id": "a", "id": "b"}',
    "unknown kind": json.dumps(event() | {"kind": "grade"}).encode(),
    "no id": json.dumps({k: v for k, v in event().items() if k != "id"}).encode(),
    "a bad id": json.dumps(event(id="../../etc")).encode(),
    "a string for a bool": json.dumps(event(correct="yes")).encode(),
    "a bool for tries": json.dumps(event(tries=True)).encode(),
    "negative tries": json.dumps(event(tries=-1)).encode(),
    "an unknown exercise": json.dumps(event(exercise="99.9")).encode(),
    "another exercise's misconception": json.dumps(
        event(exercise="01.1", correct=False, misconception="counted_hands")).encode(),
    "a right answer with a misconception": json.dumps(
        event(misconception="counted_hands")).encode(),
    "an unknown language": json.dumps(event(lang="fr")).encode(),
    "a time in 1970": json.dumps(event(time=0)).encode(),
    "five faces": json.dumps(event("tally", counts=[1, 2, 3, 4, 5])).encode(),
    "a float count": json.dumps(event("tally", counts=[1, 2, 3, 4, 5, 6.5])).encode(),
    "a control character": json.dumps(event("tally", group="A\u0000")).encode(),
    "a long group": json.dumps(event("tally", group="A" * 61)).encode(),
    "luck that does not add up": json.dumps(event("game", players=[
        {"name": "A", "points": 180, "start": 166.5, "luck": 99.0, "loss": 6.5}])).encode(),
    "a player twice": json.dumps(event("game", players=[
        {"name": "A", "points": 1, "start": None, "luck": None, "loss": None}] * 2)).encode(),
    "an extra player field": json.dumps(event("game", players=[
        {"name": "A", "points": 1, "start": None, "luck": None, "loss": None,
         "admin": True}])).encode(),
}


@pytest.mark.parametrize("what", MALFORMED)
def test_a_malformed_event_is_refused_and_stored_nowhere(running: Running, what: str) -> None:
    status, body = running.call("api/events", "asha", MALFORMED[what])
    assert status == 400, what
    assert json.loads(body)["error"]
    assert running.store.count() == 0
    assert running.send("ravi", event()) == 201  # the service serves everyone else


def test_an_oversized_event_is_refused(running: Running) -> None:
    big = event("tally", group="A") | {"padding": "x" * MAX_BYTES}
    status, body = running.call("api/events", "asha", big)
    assert status == 413 and str(MAX_BYTES).encode() in body
    assert running.store.count() == 0


def test_a_flood_is_refused_and_the_others_are_served(running: Running) -> None:
    statuses = [running.send("asha", event()) for _ in range(BURST + 10)]
    assert statuses[:BURST] == [201] * BURST and 429 in statuses[BURST:]
    assert running.send("ravi", event()) == 201
    assert running.store.count() == BURST + statuses[BURST:].count(201) + 1


def test_an_event_sent_twice_is_stored_once(running: Running) -> None:
    once = event()
    assert [running.send("asha", once) for _ in range(3)] == [201, 200, 200]
    assert running.store.count() == 1


def test_a_restart_keeps_every_event(tmp_path: Path) -> None:
    service, server, loop = start(tmp_path / "class")
    sent = [event() for _ in range(5)]
    for made in sent:
        assert service.send("asha", made) == 201
    stop(server, loop)
    again, server, loop = start(tmp_path / "class")
    try:
        assert [row.event for row in again.store.events("class")] == sent
        assert again.send("asha", sent[0]) == 200  # still known: not stored twice
        assert again.view()["grid"]["asha"]["02.3"]["right"] is True
    finally:
        stop(server, loop)


def test_read_event_names_the_field() -> None:
    with pytest.raises(BadEventError, match="tries"):
        read_event(json.dumps(event(tries=1.5)).encode())


# -- the teacher's view -------------------------------------------------------------------------


def test_the_view_puts_the_learners_stuck_longest_first(tmp_path: Path) -> None:
    """Stuck since the service received the first wrong try (its clock, never the kernel's)."""
    now = time.time()
    received = iter([now - 600, now - 900, now, now])
    running, server, loop = start(tmp_path / "class", clock=lambda: next(received))
    try:
        running.send("asha", event(exercise="02.1", correct=False, tries=1))
        running.send("ravi", event(exercise="02.1", correct=False, tries=3))
        running.send("root", event(exercise="02.1", correct=True, tries=0))
        running.send("asha", event(exercise="02.2", correct=True, guess=True, tries=0))
        view = running.view()
        page = running.call("", "mira")[1].decode()
    finally:
        stop(server, loop)
    assert list(view["grid"]) == ["ravi", "asha", "root"]
    assert view["stuck"]["ravi"] > view["stuck"]["asha"] > view["stuck"]["root"] == 0
    assert view["grid"]["asha"]["02.2"]["guess"] is True
    assert page.index("ravi") < page.index("asha") < page.index("root")


def test_the_misconceptions_in_the_teachers_language(running: Running) -> None:
    for name in ("asha", "ravi"):
        running.send(name, event(exercise="02.3", correct=False, tries=1,
                                 misconception="counted_hands"))
    running.send("root", event(exercise="02.3", correct=False, tries=1,
                               misconception="pair_may_match_triple"))
    found = running.view(query="?lang=hi")["misconceptions"]["02.3"]
    assert [(m["name"], m["learners"]) for m in found] == [
        ("counted_hands", 2), ("pair_may_match_triple", 1)]
    from yacht_edu.i18n import t
    assert found[0]["words"] == t("misconception.counted_hands", "hi")


def test_the_pooled_dice_and_their_fairness(running: Running) -> None:
    tally = uuid.uuid4().hex
    running.send("asha", event("tally", tally=tally, group="A", counts=[1, 1, 1, 1, 1, 1]))
    running.send("asha", event("tally", tally=tally, group="A", counts=[2, 1, 1, 1, 1, 1]))
    running.send("ravi", event("tally", group="A", counts=[0, 3, 0, 0, 0, 0]))
    running.send("root", event("tally", group="B", counts=[8, 9, 12, 11, 6, 14]))
    dice = running.view()["dice"]
    assert dice["groups"] == {"A": [2, 4, 1, 1, 1, 1], "B": [8, 9, 12, 11, 6, 14]}
    assert dice["whole"] == [10, 13, 13, 12, 7, 15]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert dice["p_value"] == ye.fairness([10, 13, 13, 12, 7, 15]).p_value_float
        assert dice["p_values"]["B"] == ye.fairness([8, 9, 12, 11, 6, 14]).p_value_float


def test_finished_games_with_luck_and_skill(running: Running) -> None:
    running.send("asha", event("game"))
    (game,) = running.view()["games"]
    assert game["learner"] == "asha" and game["players"][0]["luck"] == 20.0


def test_the_export_is_csv(running: Running) -> None:
    running.send("asha", event(correct=False, tries=2, misconception="counted_hands"))
    running.send("ravi", event("tally"))
    status, body = running.call("api/export.csv", "mira")
    rows = list(csv.DictReader(io.StringIO(body.decode())))
    assert status == 200 and [row["learner"] for row in rows] == ["asha", "ravi"]
    assert rows[0]["misconception"] == "counted_hands" and rows[1]["face_6"] == "6"


def test_the_export_writes_no_formula(running: Running) -> None:
    running.send("asha", event("tally", group="=HYPERLINK(\"http://x\")"))
    body = running.call("api/export.csv", "mira")[1].decode()
    (row,) = csv.DictReader(io.StringIO(body))
    assert row["group"] == "'=HYPERLINK(\"http://x\")"


def test_the_view_is_quick_for_a_class_hour(tmp_path: Path) -> None:
    store = Store(tmp_path)
    exercises = [f"{lesson:02d}.{n}" for lesson in (1, 2, 3) for n in range(1, 5)]
    from yacht_edu.lessons import exercise
    known = [ex for ex in exercises if _exists(exercise, ex)]
    for learner in range(30):
        for ex in known:
            store.add("class", f"learner{learner}", event(exercise=ex, correct=False, tries=1))
            store.add("class", f"learner{learner}", event(exercise=ex, correct=True, tries=1))
        store.add("class", f"learner{learner}", event("tally", group=f"G{learner % 6}"))
    started = time.perf_counter()
    view = view_of("class", store.events("class"), lesson="02")
    assert len(view.grid.rows) == 30 and time.perf_counter() - started < 2


def _exists(exercise: Any, ex: str) -> bool:
    try:
        exercise(ex)
    except ValueError:
        return False
    return True


# -- the sender in a learner's kernel -----------------------------------------------------------


@pytest.fixture
def configured(running: Running, monkeypatch: pytest.MonkeyPatch) -> Iterator[Running]:
    """A kernel on a hub with the class service: its address and Asha's token."""
    monkeypatch.setenv(SERVICE_ENVIRONMENT, running.url)
    monkeypatch.setenv(sending.TOKEN, "asha")
    sending.reset()
    reset_tries()
    yield running
    sending.reset()


def flushed() -> sending.Sender:
    found = sending.sender()
    assert found is not None and found.flush(20)
    return found


def test_outside_a_hub_nothing_is_sent(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv(SERVICE_ENVIRONMENT, raising=False)
    monkeypatch.setenv(sending.TOKEN, "asha")  # a token alone is no service
    sending.reset()
    threads = threading.active_count()
    try:
        check("02.3", 7)
        ye.tally("A").click_face(3)
        assert sending.sender() is None
        assert capsys.readouterr().out == ""
        assert threading.active_count() == threads  # no sender thread
        # nothing slower: what check() adds outside a hub is one look-up (under 20 µs, far
        # under the millisecond a check takes, even on a loaded machine)
        started = time.perf_counter()
        for _ in range(10_000):
            sending.send({"kind": "check"})
        assert (time.perf_counter() - started) / 10_000 < 20e-6
    finally:
        sending.reset()


def test_check_sends_and_says_so_once(configured: Running,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    from yacht_edu.lessons import exercise
    wrong = exercise("02.3").misconceptions[0]
    first = check("02.3", wrong.value())
    check("02.3", exercise("02.3").example())
    check("02.3", ...)  # a blank is not sent
    flushed()
    said = capsys.readouterr().out
    from yacht_edu.i18n import t
    assert said.count(t("classview.shared")) == 1
    rows = configured.store.events("class")
    assert [(r.learner, r.event["correct"], r.event["tries"], r.event["misconception"])
            for r in rows] == [("asha", False, 1, first.misconception), ("asha", True, 1, None)]


def test_the_tally_sends_its_counts_and_the_view_pools_them(configured: Running) -> None:
    widget = ye.tally("Group A")
    widget.type_faces("1 2 3 6 6")
    widget.undo()
    flushed()
    assert configured.view()["dice"]["groups"] == {"Group A": [1, 1, 1, 0, 0, 1]}


def test_a_finished_game_is_sent_with_its_luck_and_skill(configured: Running) -> None:
    view = ye.play(("Asha",), seed=3, settle=0)
    for box in view.game.rules.boxes:
        view.roll()
        view.score(box)
    assert view.game.over
    view.render()  # a redraw does not send it again
    flushed()
    (game,) = configured.view()["games"]
    (player,) = game["players"]
    table = ye.luck_and_skill(view.game)["Asha"]
    assert player["points"] == view.game.totals["Asha"]
    assert player["luck"] == pytest.approx(table.luck) and player["loss"] == pytest.approx(
        table.loss)


def test_a_service_down_never_breaks_nor_slows_a_check(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # nothing listens there
    monkeypatch.setenv(SERVICE_ENVIRONMENT, f"http://127.0.0.1:{port}/services/yacht-class/")
    monkeypatch.setenv(sending.TOKEN, "asha")
    sending.reset()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            check("02.3", 7)
            found = sending.sender()
            assert found is not None
            deadline = time.monotonic() + 10
            while "classview.sender.down" not in found.trouble and time.monotonic() < deadline:
                time.sleep(0.05)
            started = time.perf_counter()
            for _ in range(20):
                check("02.3", 7)
            assert time.perf_counter() - started < 2
        down = [w for w in caught if issubclass(w.category, sending.ClassServiceWarning)]
        assert len(down) == 1
    finally:
        sending.reset()


def test_a_full_queue_drops_with_one_warning() -> None:
    full = sending.Sender("http://127.0.0.1:9/", "asha", size=2, quiet=True)
    full.start = lambda: None  # type: ignore[method-assign]  # nothing takes from the queue
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _ in range(5):
            full.send({"kind": "tally"})
    assert full.dropped == 3 and len(caught) == 1


def test_a_tally_waiting_is_replaced_by_its_newer_counts() -> None:
    waiting = sending.Sender("http://127.0.0.1:9/", "asha", quiet=True)
    waiting.start = lambda: None  # type: ignore[method-assign]
    for counts in ([1, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0]):
        waiting.send(sending.tally_event("t" * 32, "A", counts), key="t" * 32)
    assert waiting.queue.qsize() == 1
    assert waiting.waiting["t" * 32]()["counts"] == [2, 0, 0, 0, 0, 0]


# -- the hub's configuration and the commands ---------------------------------------------------


def test_the_hub_config_is_a_jupyterhub_configuration() -> None:
    from traitlets.config import Config

    c = Config()
    exec(hub_config(data="/srv/class", python="/usr/bin/python3"), {"c": c})
    (service,) = c.JupyterHub.services.get_value([])
    assert service["name"] == "yacht-class" and service["command"][:3] == [
        "/usr/bin/python3", "-m", "yacht_edu.classroom"]
    roles = {role["name"]: role for role in c.JupyterHub.load_roles.get_value([])}
    assert "access:services!service=yacht-class" in roles["server"]["scopes"]
    assert c.Spawner.environment.get_value({})[SERVICE_ENVIRONMENT].endswith(
        "/services/yacht-class/")


def test_export_and_forget(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from yacht_edu.classroom.commands import main

    store = Store(tmp_path)
    store.add("class", "asha", event())
    store.add("7b", "ravi", event())
    assert main(["export", "--data", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("seq,learner") and len(lines) == 3
    assert main(["forget", "--data", str(tmp_path), "--class", "7b"]) == 0
    assert store.classes() == ["class"]
    assert main(["forget", "--data", str(tmp_path / "none")]) == 2


def test_the_notebook_view_outside_a_hub_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SERVICE_ENVIRONMENT, raising=False)
    sending.reset()
    try:
        from yacht_edu.i18n import t
        assert t("classview.no_service") in ye.class_view().value
    finally:
        sending.reset()


def test_the_notebook_view_for_a_teacher_and_a_learner(running: Running,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    running.send("ravi", event())
    monkeypatch.setenv(SERVICE_ENVIRONMENT, running.url)
    from yacht_edu.i18n import t
    try:
        for token, shown in (("mira", "ravi"), ("asha", html.escape(t("classview.only_teachers")))):
            monkeypatch.setenv(sending.TOKEN, token)
            sending.reset()
            widget = ye.class_view(every=0)
            assert shown in widget.value
            widget.close()
    finally:
        sending.reset()


def test_forget_from_another_process_empties_the_running_view(running: Running,
                                                              tmp_path: Path) -> None:
    running.send("asha", event())
    assert running.view()["learners"] == ["asha"]
    assert Store(tmp_path / "class").forget() == 1  # the command, another connection
    assert running.view()["learners"] == []
    running.send("ravi", event())
    assert running.view()["learners"] == ["ravi"]


def test_the_pooled_p_value_is_fairness_own() -> None:
    from random import Random

    from yacht_edu.classroom.view import pooled_p_value

    pick = Random(24)
    for _ in range(60):
        counts = tuple(pick.randint(0, pick.choice((3, 30, 300))) for _ in range(6))
        if sum(counts):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                assert pooled_p_value(counts) == ye.fairness(counts, simulations=1).p_value_float
    assert pooled_p_value((0,) * 6) is None
