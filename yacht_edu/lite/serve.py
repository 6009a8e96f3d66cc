"""``python -m yacht_edu.lite serve DIR``: serve a built site to the class, from this computer.

A plain static server (the standard library's), with two headers that make the page
*cross-origin isolated* (``Cross-Origin-Opener-Policy: same-origin`` and
``Cross-Origin-Embedder-Policy: require-corp``): the Pyodide kernel then runs in a worker that
shares memory with the page, so files the lessons save (a game, a tally) appear in JupyterLite's
file browser, where a learner downloads them, and ``input()`` works.  The site fetches nothing
from elsewhere, so the headers cost nothing.  A site opened from the disk (``file://``) does not
run at all: browsers start no workers there.

``--host 0.0.0.0`` serves the class's network (the default, 127.0.0.1, this computer only).
"""

from __future__ import annotations

import functools
import http.server
import os
import sys
from pathlib import Path
from typing import Any

#: Sent with every answer: cross-origin isolation, and no caching of stale copies between builds.
HEADERS = {"Cross-Origin-Opener-Policy": "same-origin",
           "Cross-Origin-Embedder-Policy": "require-corp",
           "Cross-Origin-Resource-Policy": "same-origin",
           "Cache-Control": "no-cache"}


#: The types a browser insists on (a module, WebAssembly), beside what Python guesses.
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".whl": "application/zip", ".woff2": "font/woff2",
         ".ipynb": "application/json"}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Files of the site, with :data:`HEADERS` and the types a browser insists on."""

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return TYPES.get(Path(path).suffix) or super().guess_type(path)

    def end_headers(self) -> None:
        for name, value in HEADERS.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass  # a class's requests are not worth a line each


class SiteServer(http.server.ThreadingHTTPServer):
    """A page closed while it loads is no error worth a traceback."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def server(folder: Path, host: str = "127.0.0.1", port: int = 8000) -> SiteServer:
    """A server of ``folder`` (not yet serving: call ``serve_forever``)."""
    if not (folder / "jupyter-lite.json").is_file():
        raise FileNotFoundError(f"{folder} is not a built site (no jupyter-lite.json): build it "
                                f"with python -m yacht_edu.lite build {folder}")
    handler = functools.partial(SiteHandler, directory=str(folder))
    return SiteServer((host, port), handler)
