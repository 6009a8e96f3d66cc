"""Measurements in a fresh Python process, so that each starts cold and its peak memory is its own.

A benchmark script calls :func:`run_task` with one of its own tasks; run as
``script --task '["name", ...]'``, the script hands the call to :func:`answer_task`, which prints
the task's figures as the last line of JSON, read back by :func:`last_json`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any


def last_json(command: Sequence[str], env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Run ``command`` and read the JSON object on the last line it prints."""
    done = subprocess.run(list(command), env=None if env is None else dict(env),
                          capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def run_task(script: str, task: str, *arguments: Any, cache: str | None = None,
             env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """``task`` of ``script`` in a fresh process (``cache``: its solver cache directory)."""
    environment = dict(os.environ if env is None else env)
    if cache is not None:
        environment["YACHT_EDU_CACHE"] = cache
    return last_json([sys.executable, script, "--task", json.dumps([task, *arguments])],
                     environment)


def answer_task(tasks: Mapping[str, Callable[..., dict[str, Any]]]) -> bool:
    """If this process was started by :func:`run_task`, run the task, print its figures, and
    say so (True); otherwise False."""
    if "--task" not in sys.argv:
        return False
    task, *arguments = json.loads(sys.argv[sys.argv.index("--task") + 1])
    print(json.dumps(tasks[task](*arguments)))
    return True
