"""The browser edition's pieces that need no browser: the lock file the site's Python reads, the
server's headers, the guard's clock where there is no alarm, the words of a cell that needs numpy,
the class view without a class service.  (tests/browser/test_lite.py builds and plays the site.)"""

from __future__ import annotations

import hashlib
import html
import signal
import sys
import threading
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from yacht_edu import guard, lite
from yacht_edu.errors import LearnerFunctionError, NeedsLibraryError
from yacht_edu.i18n import t
from yacht_edu.lite import serve, site


def make_wheel(folder: Path, name: str, version: str, requires: list[str],
               modules: list[str]) -> Path:
    """A small pure wheel: ``modules`` (``pkg/__init__.py`` or ``single.py``), its metadata."""
    path = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as wheel:
        for module in modules:
            wheel.writestr(module, "")
        meta = "".join(f"Requires-Dist: {line}\n" for line in requires)
        wheel.writestr(f"{name}-{version}.dist-info/METADATA",
                       f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n{meta}")
    return path


def test_a_wheels_lock_entry_names_its_modules_and_what_it_needs_in_the_browser(
        tmp_path: Path) -> None:
    path = make_wheel(tmp_path, "Typing_Things", "1.2", [
        "sympy>=1.12", "numpy>=1.26; sys_platform != 'emscripten'",
        "pexpect; sys_platform != 'emscripten'", "tqdm; extra == 'lab'",
        "six; python_version >= '3.12'"], ["typing_things/__init__.py", "single.py",
                                            "typing_things-1.2.data/x", "isolated/x.txt"])
    entry = site.lock_entry(path)
    assert entry["name"] == "typing-things" and entry["version"] == "1.2"
    assert entry["imports"] == ["isolated", "single", "typing_things"]
    assert entry["requires"] == {"sympy", "six"}  # the browser's markers, no extra
    assert entry["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()


def fake_distribution(folder: Path, full: bool) -> dict[str, Any]:
    """A Pyodide folder's lock: numpy and matplotlib (their files present only if ``full``),
    and a package nobody needs."""
    folder.mkdir()
    packages = {}
    for name, depends in (("numpy", []), ("matplotlib", ["numpy"]), ("unneeded", []),
                          ("sympy", [])):
        file_name = f"{name}-1.0-cp314-cp314-pyemscripten_2026_0_wasm32.whl"
        packages[name] = {"name": name, "file_name": file_name, "depends": depends}
        if full or name == "unneeded":
            (folder / file_name).write_bytes(b"")
    return {"info": {}, "packages": packages}


@pytest.mark.parametrize("full", [False, True])
def test_the_sites_lock_holds_what_the_package_needs_and_no_more(tmp_path: Path,
                                                                 full: bool) -> None:
    wheels = {"yacht-edu": make_wheel(tmp_path, "yacht_edu", "0.1.0",
                                      ["sympy", "numpy; sys_platform != 'emscripten'"],
                                      ["yacht_edu/__init__.py"]),
              "sympy": make_wheel(tmp_path, "sympy", "1.14.0", [], ["sympy/__init__.py"]),
              "anywidget": make_wheel(tmp_path, "anywidget", "0.11.0", [],
                                      ["anywidget/__init__.py"]),
              "jupyterlab-widgets": make_wheel(tmp_path, "jupyterlab_widgets", "3.0.17", [],
                                               ["jupyterlab_widgets/__init__.py"])}
    lock = fake_distribution(tmp_path / "pyodide", full)
    entries, is_full = site.merged_lock(lock, tmp_path / "pyodide", wheels)
    assert is_full is full
    expected = {"yacht-edu", "sympy", "anywidget"} | ({"numpy", "matplotlib"} if full else set())
    assert set(entries) == expected  # the front end's wheel and the unneeded package are not
    assert entries["sympy"]["file_name"] == "sympy-1.14.0-py3-none-any.whl"  # ours, from PyPI
    assert entries["yacht-edu"]["depends"] == sorted(expected - {"yacht-edu"})


def test_a_folder_with_other_files_is_never_emptied(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("a teacher's notes")
    with pytest.raises(site.LiteBuildError):
        site.empty_site_folder(tmp_path)
    assert (tmp_path / "notes.txt").is_file()
    built = tmp_path / "site"
    built.mkdir()
    (built / "jupyter-lite.json").write_text("{}")
    site.empty_site_folder(built)  # a site built before is replaced
    assert built.is_dir() and not any(built.iterdir())


@pytest.fixture
def serving(tmp_path: Path) -> Iterator[str]:
    (tmp_path / "jupyter-lite.json").write_text("{}")
    (tmp_path / "python.wasm").write_bytes(b"\0asm")
    running = serve.server(tmp_path, "127.0.0.1", 0)
    threading.Thread(target=running.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{running.server_address[1]}"
    running.shutdown()
    running.server_close()


def test_the_server_isolates_the_page_and_names_webassembly(serving: str) -> None:
    with urllib.request.urlopen(f"{serving}/python.wasm") as answer:
        assert answer.headers["Cross-Origin-Opener-Policy"] == "same-origin"
        assert answer.headers["Cross-Origin-Embedder-Policy"] == "require-corp"
        assert answer.headers["Content-Type"] == "application/wasm"
        assert answer.read() == b"\0asm"


def test_the_server_refuses_a_folder_that_is_not_a_site(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match=r"python -m yacht_edu\.lite build"):
        serve.server(tmp_path)


def endless(hand: object) -> int:
    while True:
        pass


def test_where_there_is_no_alarm_the_guard_stops_a_loop_between_its_lines(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """As in the browser (Pyodide): no fork, no signal.setitimer, and the learner is told."""
    monkeypatch.setattr(guard, "can_fork", lambda: False)
    monkeypatch.delattr(signal, "setitimer")
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(guard, "_told_in_browser", [])
    started = time.monotonic()
    for _ in range(2):
        with pytest.raises(LearnerFunctionError) as refused:
            guard.answers(endless, [((1, 2, 3, 4, 5),)], lambda args, value: value,
                          seconds=0.3)
    assert time.monotonic() - started < 5
    assert refused.value.msgid == "guard.error.too_slow"
    said = capsys.readouterr().err
    assert said.count(t("lite.guard.in_kernel", seconds="0.3")) == 1  # once a session


def test_the_tracer_before_the_guard_is_put_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "can_fork", lambda: False)
    monkeypatch.delattr(signal, "setitimer")
    before = sys.gettrace()
    guard.answers(lambda hand: 1, [((1,),)], lambda args, value: value)
    assert sys.gettrace() is before


def test_a_missing_numpy_or_matplotlib_becomes_the_packages_words() -> None:
    said = lite.missing_library(ModuleNotFoundError("No module named 'numpy.linalg'",
                                                    name="numpy.linalg"))
    assert isinstance(said, NeedsLibraryError) and said.name == "numpy"
    assert str(said) == t("lite.error.needs_library", library="numpy")
    assert lite.missing_library(ModuleNotFoundError("x", name="anywidget")) is None
    assert lite.missing_library(ValueError("numpy")) is None


def test_a_name_an_earlier_cell_could_not_make_is_said_in_the_learners_language(
        tmp_path: Path) -> None:
    """In a real IPython shell (a process of its own): after a cell that needs numpy, a cell
    using what it would have made says so in the session's language instead of a NameError;
    a mistyped name with no such cell before it keeps Python's traceback, and the lessons'
    record tells the two apart ("follows", "failed")."""
    import json
    import subprocess

    needs = ("from yacht_edu.errors import NeedsLibraryError\n"
             "raise NeedsLibraryError(library='numpy')")
    lesson = {"cells": [{"cell_type": "code", "source": source} for source in
                        ("x = 1", needs, "print(rng)")]}
    plain = {"cells": [{"cell_type": "code", "source": "print(rgn)"}]}
    (tmp_path / "a.ipynb").write_text(json.dumps(lesson), encoding="utf-8")
    (tmp_path / "b.ipynb").write_text(json.dumps(plain), encoding="utf-8")
    code = (
        "import json, sys\n"
        "from IPython.core.interactiveshell import InteractiveShell\n"
        "shell = InteractiveShell.instance()\n"
        "import yacht_edu as ye\n"
        "from yacht_edu import lite\n"
        "ye.set_language('ur')\n"
        "assert lite.show_missing_libraries()\n"
        "shell.run_cell('print(rgn)')\n"  # no library missed yet: Python's own error
        f"shell.run_cell({needs!r})\n"
        "shell.run_cell('print(rng)')\n"
        f"record = lite.run_lessons({str(tmp_path)!r})\n"
        "print('RECORD' + json.dumps(record))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    said = done.stdout + done.stderr
    before, after = said.split(t("lite.error.needs_library", "ur", library="numpy"), 1)
    assert "NameError" in before  # the mistyped name, before any library was missed
    assert t("lite.error.after_missing", "ur", name="rng", library="numpy") in after
    assert "NameError" not in after.split("RECORD")[0]
    record = json.loads(said[said.index("RECORD") + len("RECORD"):].splitlines()[0])
    assert [cell[:3] for cell in record["a.ipynb"]] == [
        [0, "ran", ""], [1, "needs", "numpy"], [2, "follows", "numpy"]]
    assert record["b.ipynb"][0][1] == "failed" and "NameError" in record["b.ipynb"][0][2]
    assert lite.after_missing(NameError("x", name="x"), []) is None
    assert lite.after_missing(ValueError("x"), ["numpy"]) is None


def test_the_class_view_says_the_browser_edition_has_no_class_service(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from yacht_edu import sender
    from yacht_edu.widgets import classview

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.delenv(sender.SERVICE, raising=False)
    sender.reset()
    try:
        view = classview.class_view(lang="ur", every=0)
    finally:
        sender.reset()
    assert html.escape(t("lite.no_class_service", "ur")) in view.value


def test_the_build_compiles_modules_once_as_unchecked_hash_pycs(tmp_path: Path) -> None:
    """What compile.mjs runs in the site's Python, here in this one: a module gets its .pyc
    beside it (zipimport reads it), flagged "hash-based, source not checked" (PEP 552)."""
    from yacht_edu.lite import compiled

    archive = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(archive, "w") as stdlib:
        stdlib.writestr("lite_probe.py", "ANSWER = 6 * 7\n")
        stdlib.writestr("broken_probe.py", "def (:\n")
    assert compiled.compile_folder(str(tmp_path), "stdlib") == "1 modules compiled in 1 archives"
    with zipfile.ZipFile(archive) as stdlib:
        pyc = stdlib.read("lite_probe.pyc")
        assert "broken_probe.pyc" not in stdlib.namelist()
    assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, unchecked
    changed = tmp_path / "changed.zip"  # the source changed after the build: the .pyc is read
    with zipfile.ZipFile(changed, "w") as stdlib:
        stdlib.writestr("lite_probe.py", "ANSWER = 0\n")
        stdlib.writestr("lite_probe.pyc", pyc)
    sys.path.insert(0, str(changed))
    try:
        import lite_probe  # type: ignore[import-not-found]

        assert lite_probe.ANSWER == 42
    finally:
        sys.path.remove(str(changed))
        sys.modules.pop("lite_probe", None)
