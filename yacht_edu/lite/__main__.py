"""``python -m yacht_edu.lite build DIR [--pyodide PATH]`` and ``python -m yacht_edu.lite serve
DIR [--host H] [--port P]``: see :mod:`yacht_edu.lite.site` and :mod:`yacht_edu.lite.serve`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from yacht_edu.lite.serve import server
from yacht_edu.lite.site import LiteBuildError
from yacht_edu.lite.site import build as build_site


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m yacht_edu.lite",
                                     description="The lessons as a site that runs in a browser.")
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="build the site into DIR (from the registries)")
    build.add_argument("folder", type=Path, metavar="DIR")
    build.add_argument("--pyodide", type=Path, default=None, metavar="PATH",
                       help="a full Pyodide distribution (folder or .tar.bz2): numpy, "
                            "matplotlib; default: the interpreter of the npm package pyodide")
    build.add_argument("--cache", type=Path, default=None, metavar="DIR",
                       help="where npm packages are kept between builds")
    serve = commands.add_parser("serve", help="serve a built site (cross-origin isolated)")
    serve.add_argument("folder", type=Path, metavar="DIR")
    serve.add_argument("--host", default="127.0.0.1",
                       help="0.0.0.0 to serve the class's network (default: this computer)")
    serve.add_argument("--port", type=int, default=8000)
    arguments = parser.parse_args(argv)
    if arguments.command == "build":
        try:
            site = build_site(arguments.folder, pyodide=arguments.pyodide,
                              cache=arguments.cache)
        except LiteBuildError as error:
            print(f"build: {error}", file=sys.stderr)
            return 1
        size = sum(p.stat().st_size for p in site.folder.rglob("*") if p.is_file())
        kind = "a full distribution" if site.full_distribution else "the interpreter alone"
        print(f"{site.folder}: {size / 2**20:.1f} MiB, Pyodide {site.pyodide} ({kind}), "
              f"{len(site.wheels)} wheels.  Serve it: python -m yacht_edu.lite serve "
              f"{site.folder}")
        return 0
    try:
        running = server(arguments.folder, arguments.host, arguments.port)
    except (FileNotFoundError, OSError) as error:
        print(f"serve: {error}", file=sys.stderr)
        return 1
    host, port = running.server_address[:2]
    shown = host.decode() if isinstance(host, bytes) else host
    print(f"Serving {arguments.folder} at http://{shown}:{port}/lab/index.html "
          f"(Ctrl+C to stop)")
    try:
        running.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        running.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
