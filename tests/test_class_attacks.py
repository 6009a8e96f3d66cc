"""A class can't break it (issue 29): every attack of the third reliability review
(reliability-3: S1–S11, F2, F3) on the class service, sent through
HTTP as a learner's kernel would, then the teacher's page, the HTML view, the CSV export and
``ye.class_view()`` opened — each must answer, and show the class.

The service runs for real (tornado on a free port, in a thread, with the service's own
timeouts and limits: ``make_server``); only the hub's "whose token is this?" is a table
(``tests/test_class_service.py``), which also knows any ``learnerNNN``.
"""

from __future__ import annotations

import contextlib
import csv
import io
import itertools
import json
import os
import socket
import stat
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import yacht_edu as ye
from tests.test_class_service import Running, event, start, stop
from yacht_edu import sender as sending
from yacht_edu.classroom import service as service_module
from yacht_edu.classroom.commands import main
from yacht_edu.classroom.events import MAX_COUNT, most_points
from yacht_edu.classroom.hub import SERVICE_ENVIRONMENT
from yacht_edu.classroom.service import MAX_CONNECTIONS, MAX_GROUPS, SAFE_HEADERS
from yacht_edu.classroom.store import DATABASE, DamagedStoreError, Store, StoredEvent
from yacht_edu.classroom.view import ClassRecord, cell, csv_text
from yacht_edu.i18n import t
from yacht_edu.probability.fairness import MOST_TALLIED_ROLLS


class Clock:
    """The service's clock for its rate limit: each reading a fifth of a second after the one
    before, so that a learner sends as fast as the limit lets them (5 a second), without the
    test waiting for it (the review did the same)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.2
        return self.now


@pytest.fixture
def class_service(tmp_path: Path) -> Iterator[Running]:
    """The class service, its rate limit on a clock that lets a learner send at full rate."""
    running, server, loop = start(tmp_path / "class", clock=time.time)
    running.service.clock = Clock()
    yield running
    stop(server, loop)


def everything_answers(running: Running, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The teacher's page, the HTML view, the JSON view, the CSV and ``ye.class_view()``: each
    200, each valid UTF-8 text; returned by name."""
    seen = {}
    for name, path in (("page", ""), ("html", "api/view?format=html"), ("json", "api/view"),
                       ("csv", "api/export.csv")):
        status, body = running.call(path, "mira")
        assert status == 200, (name, body[:300])
        seen[name] = body.decode("utf-8")  # strict: no byte a page cannot hold
    monkeypatch.setenv(SERVICE_ENVIRONMENT, running.url)
    monkeypatch.setenv(sending.TOKEN, "mira")
    sending.reset()
    try:
        widget = ye.class_view(every=0)
        seen["notebook"] = widget.value
        widget.close()
    finally:
        sending.reset()
    assert t("classview.unreachable") not in seen["notebook"]
    assert t("classview.title", klass="class") in seen["notebook"]
    return seen


def post(running: Running, token: str, body: bytes | dict[str, Any]) -> tuple[int, str]:
    status, answer = running.call("api/events", token, body)
    return status, json.loads(answer).get("error", "") if answer else ""


def raw(kind: str = "tally", **fields: Any) -> bytes:
    return json.dumps(event(kind, **fields)).encode()


# -- S1: text that is not text -----------------------------------------------------------------


@pytest.mark.parametrize("where", ["group", "player", "rules"])
def test_a_lone_surrogate_is_refused_and_the_page_still_shows(
        class_service: Running, monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    """S1: ``"\\udc80"`` in a group's, a player's or a rules' name: 400, nothing stored."""
    if where == "group":
        body = raw("tally", group="X").replace(b'"X"', b'"\\udc80"')
    else:
        made = event("game", rules="R" if where == "rules" else "yacht", players=[
            {"name": "X", "points": 100, "start": None, "luck": None, "loss": None}])
        body = json.dumps(made).encode().replace(b'"X"' if where == "player" else b'"R"',
                                                 b'"\\udc80"')
    assert post(class_service, "asha", body)[0] == 400
    assert class_service.store.count() == 0
    assert post(class_service, "ravi", event("tally"))[0] == 201
    everything_answers(class_service, monkeypatch)


def test_whatever_is_stored_is_shown(class_service: Running,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """S1: events an older version stored (a lone surrogate, a direction mark, a control
    character in names) are shown as U+FFFD on the page, in the view and in the CSV."""
    store = class_service.store
    store.add("class", "asha", event("tally", group="A\udc80"))
    store.add("class", "asha", event("game", rules="yacht\u202e", players=[
        {"name": "B\x07", "points": 100, "start": None, "luck": None, "loss": None}]))
    seen = everything_answers(class_service, monkeypatch)
    for name in ("page", "html", "notebook", "csv"):
        assert "A\ufffd" in seen[name] and "B\ufffd" in seen[name] and "yacht\ufffd" in seen[name]
    export = subprocess.run([sys.executable, "-m", "yacht_edu.classroom", "export", "--data",
                             str(store.path.parent)], capture_output=True,
                            env=dict(os.environ, LC_ALL="C", PYTHONIOENCODING=""))
    assert export.returncode == 0 and "A\ufffd".encode() in export.stdout
    export.stdout.decode("utf-8")  # strict: no raw byte under the C locale


# -- S2, S4: what one learner may weigh --------------------------------------------------------


def test_a_thousand_tallies_weigh_as_one(class_service: Running,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """S2: 1,001 tallies of a million rolls each from one learner, through HTTP at the full
    rate: each accepted, and the view counts only the learner's latest tally in the group."""
    most = [MAX_COUNT, 0, 0, 0, 0, 0]
    statuses = [post(class_service, "asha", event("tally", group="A", counts=most))[0]
                for _ in range(1001)]
    assert statuses == [201] * 1001
    view = class_service.view()
    assert view["dice"]["groups"] == {"A": most} and view["dice"]["whole"] == most
    everything_answers(class_service, monkeypatch)


def test_a_pool_past_what_the_test_takes_is_shown_as_such(
        class_service: Running, monkeypatch: pytest.MonkeyPatch) -> None:
    """S2: 1,001 learners of a million sixes each: the class's pool is past the 10⁹ a fairness
    test takes; the page says "too many rolls to test" where the p-value stands, never a 500."""
    for number in range(1001):
        assert post(class_service, f"learner{number:04d}",
                    event("tally", group="A", counts=[0, 0, 0, 0, 0, MAX_COUNT]))[0] == 201
    view = class_service.view()
    assert view["dice"]["whole"][5] == 1001 * MAX_COUNT > MOST_TALLIED_ROLLS
    assert view["dice"]["p_value"] is None and view["dice"]["whole_too_many"]
    assert view["dice"]["too_many"] == ["A"] and view["dice"]["p_values"]["A"] is None
    seen = everything_answers(class_service, monkeypatch)
    assert seen["page"].count(t("classview.too_many_rolls")) == 2  # the group and the class


def test_one_learner_tallies_in_a_few_groups_only(class_service: Running,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """S4: a learner's tallies may name :data:`MAX_GROUPS` groups; the next group is refused
    (409) with the limit in the message, their groups already named still take tallies, and
    another learner is served."""
    for number in range(MAX_GROUPS):
        assert post(class_service, "asha", event("tally", group=f"g{number}"))[0] == 201
    status, error = post(class_service, "asha", event("tally", group="one more"))
    assert status == 409 and error == t("classview.service.too_many_groups", most=MAX_GROUPS)
    assert post(class_service, "asha", event("tally", group="g0"))[0] == 201
    assert post(class_service, "ravi", event("tally", group="one more"))[0] == 201
    assert len(class_service.view()["dice"]["groups"]) == MAX_GROUPS + 1
    everything_answers(class_service, monkeypatch)


def test_one_learner_keeps_a_bounded_number_of_events(
        class_service: Running, monkeypatch: pytest.MonkeyPatch) -> None:
    """S4: past the cap of stored events per learner, an event is refused (409, the cap in
    the message) and stored nowhere; an event stored before still answers 200; the others are
    served.  (The cap is 10,000; made 40 here.)"""
    monkeypatch.setattr(service_module, "MAX_EVENTS", 40)
    first = event()
    assert post(class_service, "asha", first)[0] == 201
    statuses = [post(class_service, "asha", event())[0] for _ in range(45)]
    assert statuses == [201] * 39 + [409] * 6
    assert post(class_service, "asha", event()) == (
        409, t("classview.service.too_many_events", most=40))
    assert post(class_service, "asha", first)[0] == 200  # sent twice: still stored once
    assert class_service.store.count() == 40
    assert post(class_service, "ravi", event())[0] == 201
    everything_answers(class_service, monkeypatch)


def test_the_record_grows_with_the_class_not_with_one_learners_events() -> None:
    """S4: 6,000 tallies from one learner in one group keep one pool and one tally; the view
    is worked out from the record, not from the events again."""
    record = ClassRecord("class")
    for seq in range(1, 6001):
        record.add(StoredEvent(seq, "class", "asha", float(seq), event("tally", group="A")))
    assert len(record.tallies) == 1 and len(record.pools) == 1 and record.seq == 6000
    assert record.view().dice.groups == {"A": (1, 2, 3, 4, 5, 6)}


# -- S3: forgetting is forgetting ----------------------------------------------------------------


def test_forget_on_a_running_service(class_service: Running, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """S3, the review's run: 9 events of three learners, the teacher looks, ``forget`` (the
    command), then 12 events of four new learners: the page, the view and the export show the
    new learners only, every new event, and no number is given twice."""
    old = ("asha", "ravi", "root")
    for name in old:
        for _ in range(3):
            assert post(class_service, name, event("tally", group="LastTerm"))[0] == 201
    assert class_service.view()["learners"] == sorted(old)
    before = max(row.seq for row in class_service.store.events("class"))
    folder = str(class_service.store.path.parent)
    assert main(["forget", "--data", folder]) == 0
    assert t("classview.forgotten", number=9) in capsys.readouterr().out
    new = [f"learner{number}" for number in range(4)]
    for name in new:
        for _ in range(3):
            assert post(class_service, name, event("tally", group="NewTerm"))[0] == 201
    view = class_service.view()
    assert view["learners"] == new and list(view["dice"]["groups"]) == ["NewTerm"]
    seen = everything_answers(class_service, monkeypatch)
    rows = list(csv.DictReader(io.StringIO(seen["csv"])))
    assert sorted({row["learner"] for row in rows}) == new and len(rows) == 12
    assert min(int(row["seq"]) for row in rows) > before
    for name in old:
        assert name not in seen["page"] and "LastTerm" not in seen["page"]
    database = class_service.store.path.read_bytes()
    assert b"LastTerm" not in database  # gone from the file itself


def test_forget_one_learner(class_service: Running, monkeypatch: pytest.MonkeyPatch) -> None:
    """S3: ``forget --learner NAME`` deletes that learner's events only, on a running
    service."""
    for name in ("asha", "ravi"):
        post(class_service, name, event(exercise="02.3", correct=False, tries=1,
                                        misconception="counted_hands"))
        post(class_service, name, event("tally", group=f"{name}'s die"))
    assert len(class_service.view()["learners"]) == 2
    folder = str(class_service.store.path.parent)
    assert main(["forget", "--data", folder, "--learner", "asha"]) == 0
    view = class_service.view(query="?lesson=02")
    assert view["learners"] == ["ravi"] and list(view["dice"]["groups"]) == ["ravi's die"]
    assert [m["who"] for m in view["misconceptions"]["02.3"]] == [["ravi"]]
    seen = everything_answers(class_service, monkeypatch)
    assert "asha" not in seen["page"] and "asha" not in seen["csv"]
    assert [row.learner for row in Store(Path(folder)).events("class")] == ["ravi", "ravi"]


# -- S5: one learner cannot make the service unreachable ------------------------------------------


def held(url: str, head: bytes, number: int) -> list[socket.socket]:
    """``number`` connections, each having sent ``head`` and nothing more."""
    address = urllib.parse.urlsplit(url)
    sockets = []
    for _ in range(number):
        connection = socket.create_connection((address.hostname, address.port or 80),
                                              timeout=10)
        connection.sendall(head)
        sockets.append(connection)
    return sockets


def answered(connection: socket.socket, within: float) -> tuple[bytes, bool]:
    """What the server sent on the connection within ``within`` seconds, and whether it closed
    it."""
    connection.settimeout(within)
    answer = b""
    with contextlib.suppress(socket.timeout):
        while True:
            part = connection.recv(4096)
            if not part:
                return answer, True
            answer += part
    return answer, False


def test_idle_connections_do_not_shut_out_the_class(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """S5: one learner's token on more idle connections than the cap (each waiting to send a
    body that never comes), and 50 more connections that never finish their headers: the
    teacher's page and another learner's post answer within a second meanwhile; the service
    closes every idle connection when its time is up (2 s here; 20 s for headers, 10 s for a
    body in service), and answers those past the cap 429 (held unanswered until then, so that
    opening them again in a loop costs the service little)."""
    monkeypatch.setattr(service_module, "IDLE_SECONDS", 2.0)
    monkeypatch.setattr(service_module, "BODY_SECONDS", 2.0)
    running, server, loop = start(tmp_path / "class")
    path = urllib.parse.urlsplit(running.url).path
    waiting: list[socket.socket] = []
    unfinished: list[socket.socket] = []
    try:
        waiting = held(running.url, (f"POST {path}api/events HTTP/1.1\r\nHost: x\r\n"
                                     "Authorization: token asha\r\nContent-Length: 300\r\n"
                                     "\r\n").encode(), MAX_CONNECTIONS + 6)
        unfinished = held(running.url, f"POST {path}api/events HTTP/1.1\r\nHost: x\r\n".encode(),
                          50)
        started = time.monotonic()
        assert running.call("", "mira")[0] == 200
        assert running.send("ravi", event()) == 201
        assert time.monotonic() - started < 1.0
        answers = [answered(connection, 5.0) for connection in (*waiting, *unfinished)]
        assert all(closed for _, closed in answers)  # the timeouts: every one closed
        refused = [answer for answer, _ in answers if answer]
        assert len(refused) == 6 and all(b" 429 " in answer.split(b"\r\n")[0]
                                         for answer in refused)
        assert running.send("asha", event()) == 201  # her own kernel is served again
    finally:
        for connection in (*waiting, *unfinished):
            connection.close()
        stop(server, loop)


# -- S6, S7: bodies that used to get 500 or no answer ---------------------------------------------


def test_a_huge_number_and_a_deep_nest_are_refused(class_service: Running,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """S6: a 400-digit integer in a number field, and ``[`` × 4,000: 400, not 500."""
    huge = json.dumps(event(time=10**400)).encode()
    big_start = json.dumps(event("game", players=[{"name": "A", "points": 1, "start": 10**400,
                                                   "luck": 0, "loss": 0}])).encode()
    for body in (huge, big_start, b"[" * 4000):
        assert post(class_service, "asha", body)[0] == 400
    assert class_service.store.count() == 0
    everything_answers(class_service, monkeypatch)


def test_a_big_body_gets_413(class_service: Running, monkeypatch: pytest.MonkeyPatch) -> None:
    """S7: a body of 300 KB is answered 413 (said from its length), not a closed
    connection."""
    status, error = post(class_service, "asha", b"x" * 300_000)
    assert status == 413 and "300000" in error
    assert class_service.send("asha", event()) == 201
    everything_answers(class_service, monkeypatch)


# -- S8, S9, F2: honest records -------------------------------------------------------------------


def test_times_are_the_services_own(tmp_path: Path) -> None:
    """S8: a kernel claiming 2020 or 2100 changes nothing: stuck times, the games' order and
    the CSV's times are when the service received each event."""
    received = iter([1_800_000_000.0, 1_800_000_060.0, 1_800_000_120.0, 1_800_000_180.0])
    running, server, loop = start(tmp_path / "class", clock=lambda: next(received))
    try:
        running.send("asha", event(exercise="02.1", correct=False, tries=1, time=1_577_836_800.0))
        running.send("ravi", event(exercise="02.1", correct=False, tries=1, time=4_102_444_800.0))
        running.send("asha", event("game", time=4_102_444_800.0))
        running.send("ravi", event("game", time=1_577_836_800.0))
        store = running.store
        view = ClassRecord("class")
        for row in store.events("class"):
            view.add(row)
        shown = view.view(lesson="02", now=1_800_000_600.0)
        assert shown.grid.stuck == {"asha": 600.0, "ravi": 540.0}
        assert [game.learner for game in shown.games] == ["ravi", "asha"]  # latest first
        times = [row["time"] for row in csv.DictReader(io.StringIO(csv_text(
            store.events("class"))))]
        assert all(stamp.startswith("2027-01-15") for stamp in times), times
    finally:
        stop(server, loop)


def test_a_finished_games_points_are_checked_against_its_rules(class_service: Running) -> None:
    """S9: 999,999 points in Yacht is refused; the most a Yacht game gives (297) and Yahtzee's
    (1,575) are accepted; a learner's own rule set is checked against the general bound."""
    def game(rules: str, points: int) -> dict[str, Any]:
        return event("game", rules=rules, players=[{"name": "A", "points": points,
                                                    "start": None, "luck": None, "loss": None}])

    assert post(class_service, "asha", game("yacht", 999_999))[0] == 400
    assert post(class_service, "asha", game("yacht", 298))[0] == 400
    assert post(class_service, "asha", game("yacht", 297))[0] == 201
    assert post(class_service, "asha", game("yahtzee", 1575))[0] == 201
    assert post(class_service, "asha", game("yahtzee", 1576))[0] == 400
    assert post(class_service, "asha", game("my_rules", MAX_COUNT))[0] == 201


def best_staged_game(rules: str) -> int:
    """The highest total a whole game can reach, played out by the package's model with the
    best dice for each box staged (an independent check of :func:`most_points`): each box in
    the order the bonuses ask (Yahtzee: the yahtzee box first, then a five of a kind every
    turn, for the yacht bonus and the jokers)."""
    game = ye.Game(rules=rules, seed=1)
    if rules == "yahtzee":  # the yahtzee box, then five of each face, then five sixes
        order = [("yahtzee", 6), *((box, face) for face, box in enumerate(
            game.rules.upper_section, start=1)), *((box, 6) for box in game.rules.lower_section
                                                   if box != "yahtzee")]
        for box, face in order:
            game.roll(result=[face] * 5)
            game.score(box)
        return game.totals[game.players[0]]
    for box in game.rules.boxes:
        best_hand = max(itertools.combinations_with_replacement(range(1, 7), 5),
                        key=lambda hand: ye.score(hand, box, rules))
        game.roll(result=list(best_hand))
        game.score(box)
    return game.totals[game.players[0]]


# Worked out by hand from docs/rules.md: Yacht 5+10+15+20+25+30 (the upper boxes) + 28 (full
# house 6-6-6-5-5) + 24 (four sixes) + 30 + 30 (the straights) + 30 (choice) + 50 (yacht) = 297;
# yacht_sum4 scores all five dice for four of a kind (five sixes: 30), 303; Yahtzee's 1,575 is
# the game's published highest score (13 yahtzees with the bonuses and the jokers).
MOST = {"yacht": 297, "yacht_sum4": 303, "yahtzee": 1575}


@pytest.mark.parametrize("rules", ["yacht", "yacht_sum4", "yahtzee"])
def test_the_most_points_agree_with_a_game_played_for_them(rules: str) -> None:
    assert most_points(rules) == best_staged_game(rules) == MOST[rules]


def test_a_game_with_staged_rolls_is_marked(class_service: Running,
                                            monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    """F2: a game whose rolls were set by hand says so on the teacher's page and in the CSV,
    and ``collect`` says so of its saved file."""
    assert post(class_service, "asha", event("game", staged=13))[0] == 201
    seen = everything_answers(class_service, monkeypatch)
    assert t("classview.staged", count=13) in seen["page"]
    (row,) = csv.DictReader(io.StringIO(seen["csv"]))
    assert row["staged"] == "13"
    staged = ye.Game(rules="yahtzee", seed=1)
    for box in staged.rules.boxes:
        staged.roll(result=[6] * 5)
        staged.score(box)
    played = ye.Game(rules="yacht", seed=2)
    (tmp_path / "staged.json").write_text(staged.to_json())
    (tmp_path / "played.json").write_text(played.to_json())
    from yacht_edu.classroom.handout import collect

    lines = dict(collect([tmp_path / "staged.json", tmp_path / "played.json"]))
    assert staged.staged_note() in lines[tmp_path / "staged.json"]
    assert "by hand" not in lines[tmp_path / "played.json"]


# -- S10: the database is the service's only ------------------------------------------------------


def test_the_database_and_its_log_are_private(tmp_path: Path) -> None:
    """S10: ``class.sqlite`` and its ``-wal`` and ``-shm`` are 0600 and the folder 0700,
    also when the folder was made beforehand with another mode and the umask is 022."""
    folder = tmp_path / "class"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    before = os.umask(0o022)
    try:
        store = Store(folder)
        store.add("class", "asha", event())
    finally:
        os.umask(before)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for end in ("", "-wal", "-shm"):
        path = folder / (DATABASE + end)
        assert path.exists() and stat.S_IMODE(path.stat().st_mode) == 0o600, end


# -- S11: names that read as others, formulas, frames ---------------------------------------------


@pytest.mark.parametrize("mark", ["\u202e", "\u2066", "\u200f", "\u061c"])
def test_direction_marks_in_names_are_refused(class_service: Running, mark: str) -> None:
    assert post(class_service, "asha", event("tally", group=f"A{mark}B"))[0] == 400
    assert post(class_service, "asha", event("game", players=[
        {"name": f"{mark}Asha", "points": 1, "start": None, "luck": None,
         "loss": None}]))[0] == 400


def test_the_sender_sends_names_it_would_have_refused_cleaned() -> None:
    made = sending.tally_event("a" * 32, "Group\u202e A\x00" + "x" * 100, [1] * 6)
    assert made["group"] == "Group A" + "x" * 53


@pytest.mark.parametrize("text", [" =1+1", "＝1+1", "\u200b=1+1", "\t=1", " +cmd", "＠SUM(1)",
                                  "\u3000-2"])
def test_no_formula_hides_in_the_export(text: str) -> None:
    assert cell(text).startswith("'")


def test_the_pages_run_no_script_and_sit_in_no_frame(class_service: Running) -> None:
    for path in ("", "api/view?format=html", "api/view", "api/export.csv"):
        request = urllib.request.Request(class_service.url + path,
                                         headers={"Authorization": "token mira"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            for name, value in SAFE_HEADERS.items():
                assert answer.headers[name] == value
    assert "frame-ancestors 'none'" in SAFE_HEADERS["Content-Security-Policy"]
    assert "script-src" not in SAFE_HEADERS["Content-Security-Policy"]  # default-src 'none'


# -- F3: a damaged database ---------------------------------------------------------------------


def filled_store(folder: Path, events: int = 200) -> Store:
    store = Store(folder)
    for number in range(events):
        store.add("class", f"learner{number % 7}", event("tally", group=f"G{number % 5}"))
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    return store


def test_a_damaged_database_is_named_with_its_repair(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """F3: a database whose pages are damaged is refused with a message naming the file and
    the repair; the commands say it without a traceback; ``repair`` keeps every event it can
    read and moves the damaged file aside."""
    folder = tmp_path / "class"
    filled_store(folder)
    path = folder / DATABASE
    data = bytearray(path.read_bytes())
    page = 4096
    middle = len(data) // page // 2 * page  # a page of rows, its header and cell pointers
    for at in range(middle, middle + 8):
        data[at] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(DamagedStoreError) as refused:
        Store(folder)
    assert str(path) in str(refused.value) and "repair" in str(refused.value)
    assert main(["export", "--data", str(folder)]) == 2
    said = capsys.readouterr()
    assert "Traceback" not in said.err and "repair --data" in said.err
    assert main(["repair", "--data", str(folder)]) == 0
    out = capsys.readouterr().out
    kept = Store(folder).events("class")
    assert 0 < len(kept) < 200 and f"{len(kept)} events kept" in out
    assert list(folder.glob(f"{DATABASE}.damaged-*"))
    assert main(["export", "--data", str(folder)]) == 0


def test_a_row_damaged_in_place_is_left_out_and_counted(class_service: Running,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """F3: a row whose text changed on disk (a digit of a count, still valid JSON) no longer
    matches its checksum: left out of the page, the view and the export, and counted on the
    page, never shown as other data."""
    post(class_service, "asha", event("tally", group="A", counts=[1, 1, 1, 1, 1, 1]))
    post(class_service, "ravi", event("tally", group="A", counts=[2, 2, 2, 2, 2, 2]))
    db = class_service.store.db
    db.execute("UPDATE events SET body = replace(body, '[2,2,2', '[9,2,2') "
               "WHERE learner = 'ravi'")
    class_service.service.records.clear()  # read again, as after a restart
    view = class_service.view()
    assert view["dice"]["whole"] == [1] * 6 and view["damaged"] == 1
    seen = everything_answers(class_service, monkeypatch)
    assert t("classview.damaged_rows", number=1) in seen["page"]
    assert "ravi" not in seen["csv"]


def test_a_row_whose_text_is_not_utf8_is_left_out(tmp_path: Path) -> None:
    """F3: a flipped bit that makes a row's text invalid UTF-8 (Python's sqlite3 raised on the
    whole query): the row is left out and counted, the others are read."""
    store = Store(tmp_path / "class")
    for _ in range(3):
        store.add("class", "asha", event("tally"))
    store.db.execute("UPDATE events SET body = CAST(x'7b22ff22' || CAST(body AS BLOB) AS TEXT) "
                     "WHERE seq = 2")
    assert [row.seq for row in store.events("class")] == [1, 3] and store.damaged == {2}


def test_an_older_database_is_upgraded_with_its_events(tmp_path: Path) -> None:
    """A database made before numbers were never reused: its events are kept, numbers and
    all, and the numbers after them are new."""
    import sqlite3

    folder = tmp_path / "class"
    folder.mkdir()
    old = sqlite3.connect(folder / DATABASE)
    old.executescript("""CREATE TABLE events (seq INTEGER PRIMARY KEY, class TEXT NOT NULL,
        learner TEXT NOT NULL, id TEXT NOT NULL, kind TEXT NOT NULL, received REAL NOT NULL,
        body TEXT NOT NULL, UNIQUE (class, learner, id));""")
    made = [event("tally") for _ in range(3)]
    for seq, one in enumerate(made, start=5):
        old.execute("INSERT INTO events VALUES (?, 'class', 'asha', ?, 'tally', 1.8e9, ?)",
                    (seq, one["id"], json.dumps(one)))
    old.commit()
    old.close()
    store = Store(folder)
    assert [(row.seq, row.event) for row in store.events("class")] == list(
        zip(range(5, 8), made, strict=True))
    store.forget()
    store.add("class", "ravi", event())
    assert [row.seq for row in store.events("class")] == [8]


# -- #32: the hub extra, the tally's group, the misconceptions' learners ---------------------------


def test_hub_config_without_the_hub_extra_names_it(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """#32 item 6: ``hub-config`` where JupyterHub is not installed says which extra to
    install, not ``ModuleNotFoundError``; with it, the snippet."""
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "jupyterhub" else real(name, *a))
    assert main(["hub-config", "--data", str(tmp_path)]) == 2
    said = capsys.readouterr()
    assert "pip install 'yacht_edu[hub]'" in said.err and said.out == ""
    monkeypatch.setattr(importlib.util, "find_spec", real)
    assert main(["hub-config", "--data", str(tmp_path)]) == 0
    assert "c.JupyterHub.services.append" in capsys.readouterr().out


def test_hub_config_asks_the_python_it_names(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    bare = tmp_path / "bare"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(bare)], check=True)
    assert main(["hub-config", "--data", str(tmp_path),
                 "--python", str(bare / "bin" / "python")]) == 2
    assert "yacht_edu[hub]" in capsys.readouterr().err


def test_a_tally_on_a_hub_is_the_learners_group(monkeypatch: pytest.MonkeyPatch) -> None:
    """#32 item 5: lesson 10's ``ye.tally()`` on a hub tallies under the learner's hub name,
    so the teacher's page shows each learner's die; a name given is kept."""
    monkeypatch.setenv("JUPYTERHUB_USER", "asha")
    assert ye.tally().tally.group == "asha"
    assert ye.tally("Group A").tally.group == "Group A"
    monkeypatch.delenv("JUPYTERHUB_USER")
    assert ye.tally().tally.group == ""


def test_lesson_10_tallies_under_the_learners_name() -> None:
    notebook = json.loads(Path("teacher/10_is_this_die_fair.ipynb").read_text())
    cells = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]
    assert "ye.tally()" in cells and not any("Our class" in c for c in cells)


def test_the_page_names_who_shows_each_misconception(class_service: Running) -> None:
    for name in ("asha", "ravi"):
        post(class_service, name, event(exercise="02.3", correct=False, tries=1,
                                        misconception="counted_hands"))
    post(class_service, "root", event(exercise="01.1", correct=False, tries=1,
                                      misconception=ye.lessons.exercise("01.1")
                                      .misconceptions[0].name))
    view = class_service.view(query="?lesson=02")
    assert list(view["misconceptions"]) == ["02.3"]  # this lesson's only
    (found,) = view["misconceptions"]["02.3"]
    assert found["learners"] == 2 and found["who"] == ["asha", "ravi"]
    page = class_service.call("?lesson=02", "mira")[1].decode()
    assert t("classview.who", names="asha, ravi") in page
    assert t("misconception.counted_hands") in page


def test_the_view_is_worked_out_once_per_change() -> None:
    """The record adds each event once: a view asked twice reads nothing again."""
    record = ClassRecord("class")
    rows = [StoredEvent(seq, "class", "asha", 1.8e9, event()) for seq in range(1, 4)]
    for row in rows:
        record.add(row)
    first = record.view(lesson="02", now=1.8e9)
    again = record.view(lesson="02", now=1.8e9)
    assert first.grid == again.grid and record.events["asha"] == 3


def test_connections_of_one_person_are_counted_once_each() -> None:
    from tornado import iostream

    service = service_module.Service(Store(Path(__import__("tempfile").mkdtemp())))
    streams = []
    for _ in range(MAX_CONNECTIONS):
        left, right = socket.socketpair()
        stream = iostream.IOStream(left)
        streams.append((stream, right))
        assert service.connect("asha", stream) and service.connect("asha", stream)
    extra, other = socket.socketpair()
    assert not service.connect("asha", iostream.IOStream(extra))
    assert service.connect("ravi", iostream.IOStream(other))
    streams[0][0].close()
    assert service.connect("asha", iostream.IOStream(socket.socketpair()[0]))
    for stream, right in streams:
        stream.close()
        right.close()

