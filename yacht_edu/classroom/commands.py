"""``python -m yacht_edu.classroom COMMAND``: the teacher's and the administrator's commands.

- ``link``: an nbgitpuller link that hands a lesson out; ``collect``: saved games replayed;
- ``service``: the class service, as the hub starts it; ``hub-config``: the hub's snippet for
  it (both need the ``hub`` extra: ``pip install 'yacht_edu[hub]'``);
- ``export``: a class's events as CSV; ``forget``: delete a class's events, or one learner's;
  ``repair``: a damaged database's readable events copied into a new one.

Whatever these commands write is the administrator's own (``umask 077``); a database that
cannot be read is named, with the repair, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sqlite3
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from yacht_edu.classroom.handout import INTERFACES, ClassroomError, collect, nbgitpuller_link
from yacht_edu.classroom.hub import hub_config
from yacht_edu.classroom.store import DATABASE, DamagedStoreError, Store, repair
from yacht_edu.classroom.view import csv_text
from yacht_edu.i18n import t


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m yacht_edu.classroom",
                                     description="A teacher's tools for a class on a JupyterHub.")
    commands = parser.add_subparsers(dest="command", required=True)
    link = commands.add_parser("link", help="an nbgitpuller link that hands out a lesson")
    link.add_argument("--hub", required=True, help="the hub's address, https://...")
    link.add_argument("--repo", required=True, help="the lessons' git repository, https://...")
    link.add_argument("--branch", default="main")
    link.add_argument("--path", default="", help="a lesson or folder inside the repository")
    link.add_argument("--interface", choices=sorted(INTERFACES), default="lab")
    gather = commands.add_parser("collect", help="replay saved games and list their totals")
    gather.add_argument("files", nargs="+", type=Path)
    service = commands.add_parser("service", help="the class service (the hub starts it)")
    config = commands.add_parser("hub-config", help="the hub's configuration for the service")
    for command in (service, config):
        command.add_argument("--data", required=True,
                             help="the service's folder, for its database (kept private)")
        command.add_argument("--teachers", default="teachers",
                             help="the hub group whose members see the class (and admins)")
        command.add_argument("--class-groups", default="",
                             help="hub groups, one class each, comma-separated (default: one "
                                  "class of every user)")
        command.add_argument("--lang", default="en", help="the language of the page and messages")
    config.add_argument("--python", default=sys.executable, help="a Python with the package")
    config.add_argument("--port", type=int, default=10101)
    config.add_argument("--reach", default=None,
                        help="the service's address as learners' servers reach it")
    for name, text in (("export", "a class's events as CSV"),
                       ("forget", "delete a class's events (or one learner's)"),
                       ("repair", "copy a damaged database's readable events into a new one")):
        command = commands.add_parser(name, help=text)
        command.add_argument("--data", required=True, help="the service's folder")
        if name != "repair":
            command.add_argument("--class", dest="klass", default=None,
                                 help="the class (default: every class)")
    commands.choices["forget"].add_argument(
        "--learner", default=None, help="one learner's events only (their hub name)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    arguments = parser().parse_args(argv)
    if arguments.command == "link":
        try:
            print(nbgitpuller_link(arguments.hub, arguments.repo, arguments.branch,
                                   arguments.path, interface=arguments.interface))
        except ClassroomError as error:
            print(error, file=sys.stderr)
            return 2
        return 0
    if arguments.command == "collect":
        lines = collect(arguments.files)
        for path, line in lines:
            print(f"{path}: {line}")
        return 1 if any(line.startswith("refused") for _, line in lines) else 0
    if arguments.command == "service":
        if not can_serve(sys.executable):
            return 2
        from yacht_edu.classroom.service import serve

        os.umask(0o077)
        serve(arguments)
        return 0
    if arguments.command == "hub-config":
        if not can_serve(arguments.python):
            return 2
        print(hub_config(data=str(Path(arguments.data).resolve()), python=arguments.python,
                         port=arguments.port, teachers=arguments.teachers,
                         class_groups=arguments.class_groups, lang=arguments.lang,
                         reach=arguments.reach), end="")
        return 0
    return data_command(arguments)


#: What the class service imports beyond the package (the ``hub`` extra).
SERVICE_NEEDS = "import jupyterhub.services.auth, tornado"


def can_serve(python: str) -> bool:
    """Whether ``python`` can run the class service (it has the ``hub`` extra); if not, say
    what to install."""
    if python == sys.executable:
        found = all(importlib.util.find_spec(name) is not None
                    for name in ("jupyterhub", "tornado"))
    else:
        try:
            found = subprocess.run([python, "-c", SERVICE_NEEDS], capture_output=True,
                                   timeout=60).returncode == 0
        except (OSError, subprocess.SubprocessError):
            found = False
    if not found:
        print(t("classview.needs_hub", None, python=python), file=sys.stderr)
    return found


def data_command(arguments: argparse.Namespace) -> int:
    """``export``, ``forget`` or ``repair``, on the service's folder: a database that cannot
    be read is named with its repair, never a traceback."""
    os.umask(0o077)
    folder = Path(arguments.data)
    if not (folder / DATABASE).is_file():
        print(t("classview.no_database", None, path=str(folder / DATABASE)), file=sys.stderr)
        return 2
    if arguments.command == "repair":
        done = repair(folder)
        print(t("classview.repaired", None, kept=done.kept, lost=done.lost,
                path=str(folder / DATABASE), aside=str(done.moved_to)))
        return 0
    try:
        return use_store(Store(folder), arguments)
    except DamagedStoreError as error:
        print(error, file=sys.stderr)
    except sqlite3.DatabaseError as error:
        from yacht_edu.classroom.service import store_trouble

        print(store_trouble(folder / DATABASE, error, "en"), file=sys.stderr)
    return 2


def use_store(store: Any, arguments: argparse.Namespace) -> int:
    """``forget`` or ``export`` on an open store."""
    if arguments.command == "forget":
        print(t("classview.forgotten", None,
                number=store.forget(arguments.klass, arguments.learner)))
        return 0
    out = sys.stdout.buffer if hasattr(sys.stdout, "buffer") else None
    for number, klass in enumerate([arguments.klass] if arguments.klass else store.classes()):
        text = csv_text(store.events(klass))
        text = text if number == 0 else text.split("\n", 1)[1]
        if out is None:
            sys.stdout.write(text)
        else:  # UTF-8 whatever the terminal's locale
            sys.stdout.flush()
            out.write(text.encode("utf-8", "replace"))
            out.flush()
    if store.damaged:
        print(t("classview.damaged_rows", None, number=len(store.damaged),
                folder=str(arguments.data)), file=sys.stderr)
    return 0
