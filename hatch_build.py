"""The wheel's build step: the solver's kernels compiled ahead of time (hatchling runs this).

``yacht_edu/solver/native.c`` is built with the platform's C compiler (``CC``, else Python's own,
else ``cc``) into a shared library beside it, ``_native.so``, which the solver calls through
ctypes (``yacht_edu/solver/native.py``): the Yahtzee solve then starts at once, where numba
would compile for 1.5 s at a session's first solve.  The library uses no Python API, so one
wheel serves every Python of a platform (tag ``py3-none-<platform>``).

Where no compiler works (or ``YACHT_EDU_NATIVE=0``, as the browser edition's build sets: Pyodide
takes pure-Python wheels only), the wheel is pure Python and says why in the build's output; the
solver then runs compiled by numba (the ``fast`` extra) or in numpy.  An editable install
(``pip install -e .``) builds the library into the clone.
"""

from __future__ import annotations

import importlib.util
import os
import shlex
import shutil
import subprocess
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SOURCE = Path("yacht_edu", "solver", "native.c")
LIBRARY = "_native.so"
#: Optimised, no fused multiply-add (the numbers stay numpy's to the bit), nothing exported but
#: the kernels.
FLAGS = ["-O3", "-fPIC", "-shared", "-ffp-contract=off", "-fvisibility=hidden"]


class NativeKernels(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or os.environ.get("YACHT_EDU_NATIVE", "1") == "0":
            return
        source = Path(self.root, SOURCE)
        if version == "editable":
            folder = source.parent
        else:
            self._room = tempfile.mkdtemp(prefix="yacht-edu-native-")
            folder = Path(self._room)
        said = build_library(source, folder / LIBRARY)
        if said:
            self.app.display_warning(
                f"yacht_edu: the solver's native kernels were not built ({said}); the wheel is "
                "pure Python, and the solver runs with numba (the 'fast' extra) or numpy.")
            return
        build_data["pure_python"] = False
        build_data["tag"] = f"py3-none-{platform_tag()}"
        if version != "editable":
            build_data["force_include"][str(folder / LIBRARY)] = str(SOURCE.parent / LIBRARY)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        room = getattr(self, "_room", None)
        if room:
            shutil.rmtree(room, ignore_errors=True)


def compiler() -> list[str]:
    """The C compiler's command: ``CC``, else the one Python was built with, else ``cc``."""
    named = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    command = shlex.split(named)
    if shutil.which(command[0]) is None and shutil.which("cc"):
        return ["cc"]
    return command


def source_stamp(source: Path) -> int:
    """The stamp the library carries (``yacht_edu/solver/native.py`` says how it is made, and
    loads only a library built from the source beside it)."""
    spec = importlib.util.spec_from_file_location("_yacht_edu_native", source.with_suffix(".py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    stamp: int = module.source_stamp(source)
    return stamp


def build_library(source: Path, library: Path) -> str:
    """Compile ``source`` into ``library``; "" when built, else what went wrong.  A compiler
    that cannot build the per-processor copies (``target_clones``) gets a second try without."""
    command = [*compiler(), *FLAGS, f"-DYACHT_SOURCE_STAMP={source_stamp(source)}LL",
               "-o", str(library), str(source)]
    said = ""
    for extra in ([], ["-DYACHT_NO_CLONES"]):
        try:
            done = subprocess.run([*command, *extra], capture_output=True, text=True, check=False)
        except OSError as error:
            return f"{command[0]}: {error}"
        if done.returncode == 0:
            return ""
        said = f"{' '.join(command + extra)}: {(done.stderr or done.stdout).strip()[-500:]}"
    return said


def platform_tag() -> str:
    """This platform's wheel tag (``linux_x86_64``)."""
    return sysconfig.get_platform().replace("-", "_").replace(".", "_")
