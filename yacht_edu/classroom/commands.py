"""``python -m yacht_edu.classroom COMMAND``: the teacher's and the administrator's commands.

- ``link``: an nbgitpuller link that hands a lesson out; ``collect``: saved games replayed;
- ``service``: the class service, as the hub starts it; ``hub-config``: the hub's snippet for
  it; ``export``: a class's events as CSV; ``forget``: delete a class's events.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from yacht_edu.classroom.handout import INTERFACES, ClassroomError, collect, nbgitpuller_link

__all__ = ["main"]


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
                       ("forget", "delete a class's events")):
        command = commands.add_parser(name, help=text)
        command.add_argument("--data", required=True, help="the service's folder")
        command.add_argument("--class", dest="klass", default=None,
                             help="the class (default: every class)")
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
        from yacht_edu.classroom.service import serve

        serve(arguments)
        return 0
    if arguments.command == "hub-config":
        from yacht_edu.classroom.hub import hub_config

        print(hub_config(data=str(Path(arguments.data).resolve()), python=arguments.python,
                         port=arguments.port, teachers=arguments.teachers,
                         class_groups=arguments.class_groups, lang=arguments.lang,
                         reach=arguments.reach), end="")
        return 0
    return data_command(arguments)


def data_command(arguments: argparse.Namespace) -> int:
    """``export`` or ``forget``, on the service's folder."""
    from yacht_edu.classroom.store import DATABASE, Store
    from yacht_edu.classroom.view import csv_text
    from yacht_edu.i18n import t

    folder = Path(arguments.data)
    if not (folder / DATABASE).is_file():
        print(t("classview.no_database", None, path=str(folder / DATABASE)), file=sys.stderr)
        return 2
    store = Store(folder)
    if arguments.command == "forget":
        print(t("classview.forgotten", None, number=store.forget(arguments.klass)))
        return 0
    for number, klass in enumerate([arguments.klass] if arguments.klass else store.classes()):
        text = csv_text(store.events(klass))
        print(text if number == 0 else text.split("\n", 1)[1], end="")
    return 0
