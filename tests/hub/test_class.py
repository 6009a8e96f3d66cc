"""The class service on a real JupyterHub (issue 24, "Done when").

Two learners answer an exercise and tally rolls in their own kernels; their teacher, in the hub
group ``teachers``, sees exactly their results and the pooled counts, on the service's page (her
browser logs in through the hub) and in its JSON (her token).  A learner gets 403 on the view and
on the data, cannot send as someone else, and a malformed or an oversized event is refused and
changes nothing; the service, killed, is started again by the hub and has kept every event.
See ``conftest.py`` for the set-up (the service is configured with ``hub-config``'s snippet).
"""

from __future__ import annotations

import json
import os
import signal
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

import yacht_edu as ye
from tests.hub.classhub import LEARNERS, TEACHER, Classroom, Learner, command_lines
from yacht_edu.classroom.hub import NAME
from yacht_edu.lessons import exercise

pytestmark = pytest.mark.hub

SERVICE = f"/services/{NAME}/"
TALLIES = dict(zip(LEARNERS, ("1 2 3 6 6 6", "4 4 5"), strict=True))
GROUPS = dict(zip(LEARNERS, ("Group A", "Group B"), strict=True))

LEARNER_CODE = """
import warnings
from yacht_edu.lessons import check, exercise
from yacht_edu import sender
import yacht_edu as ye
task = exercise("02.3")
with warnings.catch_warnings():
    warnings.simplefilter("error")  # a warning of the sender would fail the test
    check("02.3", task.misconceptions[0].value())
    {right}
    tally = ye.tally({group!r})
    tally.type_faces({faces!r})
print(sender.sender().flush(60), sender.sender().sent, sender.sender().refused)
"""

#: From a learner's kernel: a request to the service with the kernel's own token.
ASK = """
import json, os, urllib.request, urllib.error
def ask(path, body=None):
    request = urllib.request.Request(
        os.environ["YACHT_EDU_CLASS_SERVICE"] + path, data=body,
        headers={"Authorization": "token " + os.environ["JUPYTERHUB_API_TOKEN"]})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code
"""


def view(classroom: Classroom, token: str) -> dict[str, Any]:
    import urllib.request

    request = urllib.request.Request(f"{classroom.hub.url}{SERVICE}api/view?lesson=02",
                                     headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())  # type: ignore[no-any-return]


def counts(faces: str) -> list[int]:
    return [faces.split().count(str(face)) for face in range(1, 7)]


@pytest.fixture(scope="module")
def taught(classroom: Classroom) -> dict[str, Any]:
    """The two learners answer and tally; the teacher's token."""
    for name, kernel in classroom.kernels.items():
        right = 'check("02.3", task.example())' if name == LEARNERS[0] else "pass"
        done = kernel.check(LEARNER_CODE.format(right=right, group=GROUPS[name],
                                                faces=TALLIES[name]))
        flushed, sent, refused = done.split()[-3:]
        events = 3 if name == LEARNERS[0] else 2  # two checks or one, and the tally
        assert (flushed, sent, refused) == ("True", str(events), "0"), done
        kernel.check(ASK)
    return {"token": classroom.hub.token_for(TEACHER)}


def test_the_teacher_sees_exactly_their_results(classroom: Classroom,
                                                taught: dict[str, Any]) -> None:
    asha, ravi = LEARNERS
    seen = view(classroom, taught["token"])
    assert seen["learners"] == sorted(LEARNERS)
    assert seen["grid"][asha]["02.3"] == {"right": True, "tries": 1, "guess": False}
    assert seen["grid"][ravi]["02.3"] == {"right": False, "tries": 1, "guess": False}
    assert list(seen["grid"]) == [ravi, asha]  # the one stuck first
    mistake = exercise("02.3").misconceptions[0].name
    assert [(m["name"], m["learners"]) for m in seen["misconceptions"]["02.3"]] == [(mistake, 2)]
    pooled = {GROUPS[name]: counts(TALLIES[name]) for name in LEARNERS}
    whole = [sum(column) for column in zip(*pooled.values(), strict=True)]
    assert seen["dice"]["groups"] == pooled and seen["dice"]["whole"] == whole
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert seen["dice"]["p_value"] == ye.fairness(whole).p_value_float


def test_the_teachers_browser_sees_the_page(classroom: Classroom,
                                            taught: dict[str, Any]) -> None:
    teacher = Learner(classroom.hub, TEACHER)
    status, url, page = teacher.log_in(SERVICE)  # the hub's login, then the service's OAuth
    assert status == 200 and url.endswith(SERVICE), (status, url)
    assert all(name in page for name in LEARNERS) and "Group A" in page


def test_a_learner_gets_403_on_the_view_and_the_data(classroom: Classroom,
                                                     taught: dict[str, Any]) -> None:
    asha = LEARNERS[0]
    kernel = classroom.kernels[asha]
    for path in ("", "api/view", "api/export.csv"):
        assert kernel.check(f"print(ask({path!r}))").strip() == "403", path
    status, _, page = classroom.learners[asha].read(SERVICE)  # her browser, logged in
    assert status == 403 and LEARNERS[1] not in page


def test_no_token_gets_403(classroom: Classroom, taught: dict[str, Any]) -> None:
    import urllib.error
    import urllib.request

    for path in ("api/view", "api/export.csv", "api/events"):
        data = b"{}" if path == "api/events" else None
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{classroom.hub.url}{SERVICE}{path}", data, timeout=60)
        assert refused.value.code == 403


def test_bad_events_are_refused_and_change_nothing(classroom: Classroom,
                                                   taught: dict[str, Any]) -> None:
    before = view(classroom, taught["token"])
    kernel = classroom.kernels[LEARNERS[0]]
    forged = ("json.dumps({'id': 'f' * 32, 'kind': 'check', 'time': __import__('time').time(), "
              "'exercise': '02.3', 'correct': True, 'guess': False, 'tries': 0, "
              f"'misconception': None, 'lang': 'en', 'learner': {LEARNERS[1]!r}}}).encode()")
    attempts = {"forged": forged, "malformed": "b'{not json'",
                "oversized": "json.dumps({'kind': 'tally', 'x': 'y' * 10000}).encode()"}
    answers = {what: kernel.check(f"print(ask('api/events', {body}))").strip()
               for what, body in attempts.items()}
    assert answers == {"forged": "400", "malformed": "400", "oversized": "413"}
    after = view(classroom, taught["token"])
    assert after["grid"] == before["grid"] and after["dice"] == before["dice"]


def test_restarting_the_service_keeps_every_event(classroom: Classroom,
                                                  taught: dict[str, Any]) -> None:
    before = view(classroom, taught["token"])
    pid = service_pid(classroom.class_data)
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 120
    while True:  # the hub starts its managed service again
        try:
            again = service_pid(classroom.class_data)
            if again != pid:
                after = view(classroom, taught["token"])
                break
        except (LookupError, OSError):
            pass
        assert time.monotonic() < deadline, "the hub did not start the service again"
        time.sleep(0.5)
    assert after["grid"] == before["grid"] and after["dice"] == before["dice"]
    assert after["misconceptions"] == before["misconceptions"]


def service_pid(data: Path) -> int:
    """The class service's process, found by its command line."""
    for pid, command in command_lines():
        if b"yacht_edu.classroom" in command and str(data).encode() in command:
            return pid
    raise LookupError("no class service running")


# -- a learner who tries things (issue 29): on the real hub, from the learner's own kernel ------


def test_text_that_could_break_the_page_is_refused(classroom: Classroom,
                                                   taught: dict[str, Any]) -> None:
    """S1, S11: a lone surrogate or a direction mark in a group's name, posted with the
    learner's own token from her kernel: 400, nothing stored; the teacher's page, the HTML
    view and the export still answer, with no script and in no frame."""
    import urllib.request

    before = view(classroom, taught["token"])
    kernel = classroom.kernels[LEARNERS[0]]
    made = ("json.dumps({'id': __import__('uuid').uuid4().hex, 'kind': 'tally', "
            "'time': __import__('time').time(), 'tally': 'b' * 32, 'group': 'XX', "
            "'counts': [1] * 6}).encode()")
    for mark in ("\\udc80", "\\u202e"):  # JSON escapes: a lone surrogate, a mark
        body = f"{made}.replace(b'XX', {mark!r}.encode('ascii', 'backslashreplace'))"
        assert kernel.check(f"print(ask('api/events', {body}))").strip() == "400", mark
    assert view(classroom, taught["token"])["dice"] == before["dice"]
    for path in ("", "api/view?format=html", "api/export.csv"):
        request = urllib.request.Request(f"{classroom.hub.url}{SERVICE}{path}",
                                         headers={"Authorization": f"token {taught['token']}"})
        with urllib.request.urlopen(request, timeout=60) as answer:
            assert answer.status == 200
            answer.read().decode("utf-8")
            assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]
            assert answer.headers["X-Frame-Options"] == "DENY"


def test_forgetting_a_learner_on_the_running_service(classroom: Classroom,
                                                     taught: dict[str, Any]) -> None:
    """S3: ``forget --learner`` run by the administrator while the hub keeps the service
    running: the learner is gone from the view, the page and the export at once, and her next
    event appears (last of this file: it changes the class)."""
    import subprocess
    import sys
    import urllib.request

    asha, ravi = LEARNERS
    assert asha in view(classroom, taught["token"])["learners"]
    done = subprocess.run([sys.executable, "-m", "yacht_edu.classroom", "forget", "--data",
                           str(classroom.class_data), "--learner", asha],
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip()
    seen = view(classroom, taught["token"])
    assert seen["learners"] == [ravi] and GROUPS[asha] not in seen["dice"]["groups"]
    request = urllib.request.Request(f"{classroom.hub.url}{SERVICE}api/export.csv",
                                     headers={"Authorization": f"token {taught['token']}"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        assert asha not in answer.read().decode()
    kernel = classroom.kernels[asha]
    sent = kernel.check("from yacht_edu.lessons import check, exercise\n"
                        "check('02.3', exercise('02.3').example())\n"
                        "from yacht_edu import sender\n"
                        "print(sender.sender().flush(60))")
    assert sent.strip().endswith("True")
    assert view(classroom, taught["token"])["grid"][asha]["02.3"]["right"] is True
