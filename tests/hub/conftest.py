"""A real JupyterHub with two learners, each their own Unix user, for the ``hub`` tests.

Needs JupyterHub (the ``test`` extra), ``configurable-http-proxy`` (npm) and root, to create the
two learners' users.  Without them the tests are skipped, except under CI (``CI`` set), where a
missing piece fails the run.  The users are removed and every server stopped afterwards.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hub.classhub import (
    LEARNERS,
    ROOT,
    TEACHER,
    Classroom,
    Hub,
    Kernel,
    code_cells,
    free_port,
    lesson,
    proxy_command,
)


def missing(reason: str) -> None:
    """Skip on a developer's machine; fail under CI, where the hub must run."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set, so the hub tests must run)")
    pytest.skip(reason)


def add_user(name: str, base: Path) -> None:
    """A learner's Unix user, with a private home folder (``0700``) as a class server gives."""
    with contextlib.suppress(KeyError):
        pwd.getpwnam(name)
        subprocess.run(["userdel", name], check=True)  # left over from an interrupted run
    home = base / name
    subprocess.run(["useradd", "--home-dir", str(home), "--create-home", "--user-group",
                    "--shell", "/usr/sbin/nologin", name], check=True)
    home.chmod(0o700)


def closed_folders() -> list[Path]:
    """Folders above Python and the repository that other users cannot pass through (on a
    developer's machine Python often lives under ``/root``)."""
    needed = {Path(sys.executable).resolve(), Path(sys.prefix).resolve() / "bin", ROOT}
    folders = {parent for path in needed for parent in path.parents} | {ROOT}
    def open_to_others(folder: Path) -> bool:
        wanted = 0o005 if folder == ROOT else 0o001  # the repository is read, the others passed
        return folder.stat().st_mode & wanted == wanted

    return sorted(folder for folder in folders if not open_to_others(folder))


def let_through(names: tuple[str, ...], folders: list[Path]) -> str:
    """Let the learners' users (only them) pass through ``folders`` with an ACL entry each, and
    read the repository's own folder (Python lists a folder to import from it: a clone in a
    ``mktemp -d`` folder is ``0700``); the folders' access lists as they were, for
    :func:`restore`."""
    if not folders:
        return ""
    before = subprocess.run(["getfacl", "--absolute-names", *map(str, folders)],
                            check=True, capture_output=True, text=True).stdout
    for folder in folders:
        for name in names:
            access = "rx" if folder == ROOT else "x"
            subprocess.run(["setfacl", "-m", f"u:{name}:{access}", str(folder)], check=True)
    return before


def restore(folders: list[Path], before: str) -> None:
    for folder in folders:
        subprocess.run(["setfacl", "-b", str(folder)], check=False)
    if before:
        subprocess.run(["setfacl", "--restore=-"], input=before, text=True, check=False)


def can_run_the_package(name: str) -> str | None:
    """Why ``name`` cannot import the package with this Python, or None if it can."""
    done = subprocess.run([sys.executable, "-c", "import yacht_edu.widgets"],
                          env={"PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                          cwd="/", user=name, group=name, extra_groups=[])
    return None if done.returncode == 0 else done.stderr.strip()[-400:]


@pytest.fixture(scope="session")
def classroom() -> Iterator[Classroom]:
    if importlib.util.find_spec("jupyterhub") is None:
        missing("JupyterHub is not installed (pip install -e '.[test]')")
    if proxy_command() is None:
        missing("configurable-http-proxy is not on PATH (npm install -g configurable-http-proxy)")
    if os.geteuid() != 0 or shutil.which("useradd") is None:
        missing("the hub tests create two Unix users: run them as root")
    closed = closed_folders()
    if closed and shutil.which("setfacl") is None:
        missing(f"the learners' users must pass through {closed[0]}: apt-get install acl")
    base = Path(tempfile.mkdtemp(prefix="yacht_edu_hub_"))
    base.chmod(0o755)
    acl = ""
    try:
        for name in LEARNERS:
            add_user(name, base)
        acl = let_through(LEARNERS, closed)
        problem = can_run_the_package(LEARNERS[0])
        if problem:
            missing(f"a learner's user cannot run {sys.executable} with the package from "
                    f"{ROOT} (every folder above them needs o+x): {problem}")
        shared = base / "shared-cache"
        subprocess.run([sys.executable, "-m", "yacht_edu.solver", "warm", "--rules", "yacht",
                        "--cache", str(shared), "--quiet"], check=True, stdout=subprocess.DEVNULL,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)))
        state = base / "hub"
        state.mkdir(mode=0o700)
        class_data = base / "class-data"
        with Hub(state, LEARNERS, isolated=True, teachers=[TEACHER],
                 environment={"YACHT_EDU_SHARED_CACHE": str(shared)},
                 extra_config=class_service(class_data)) as hub:
            learners = {name: hub.login(name) for name in LEARNERS}
            hub.wait_ready(LEARNERS)
            kernels = {name: hub.kernel(name) for name in LEARNERS}
            outputs = {name: run_lesson(kernels[name], Path(pwd.getpwnam(name).pw_dir))
                       for name in LEARNERS}
            yield Classroom(hub, base, shared, class_data, learners, kernels, outputs)
            for kernel in kernels.values():
                kernel.close()
    finally:
        restore(closed, acl)
        for name in LEARNERS:
            subprocess.run(["userdel", name], check=False, capture_output=True)
        shutil.rmtree(base, ignore_errors=True)


def class_service(data: Path) -> str:
    """The class service's snippet as ``hub-config`` prints it, on a free port, the service
    importing the package from this clone."""
    from yacht_edu.classroom.hub import hub_config

    return hub_config(data=str(data), python=sys.executable, port=free_port()) + (
        f"c.JupyterHub.services[-1]['environment'] = {{'PYTHONPATH': {str(ROOT)!r}}}\n")


def run_lesson(kernel: Kernel, home: Path) -> list[str]:
    """Hand the lesson out into the learner's home (as nbgitpuller would) and run its cells."""
    notebook = lesson()
    folder = home / "lessons"
    folder.mkdir(exist_ok=True)
    copy = folder / notebook.name
    shutil.copy(notebook, copy)
    owner = home.stat()
    for path in (folder, copy):
        os.chown(path, owner.st_uid, owner.st_gid)
    kernel.check(f"import os; os.chdir({str(folder)!r})")
    return [kernel.check(cell) for cell in code_cells(copy)]
