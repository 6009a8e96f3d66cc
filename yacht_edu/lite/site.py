"""``python -m yacht_edu.lite build DIR``: the lessons as a static site that runs in a browser,
with no server behind it and nothing fetched from the internet when it runs.

What goes in, all from the package registries (PyPI and npm) at build time:

- JupyterLab's interface and the Pyodide kernel: ``jupyterlite-core`` and
  ``jupyterlite-pyodide-kernel`` (the ``lite`` extra), which build the site;
- the Python interpreter compiled for the browser: the npm package ``pyodide`` at the version the
  kernel names (interpreter and standard library only), or ``--pyodide PATH``, a Pyodide
  distribution a teacher downloaded (it brings numpy and matplotlib: the plots and the solver);
- every wheel the kernel and the lessons import, pure Python from PyPI: this package's own (built
  from this clone), sympy, mpmath, ipywidgets, anywidget, IPython and the kernel's helpers
  (micropip, packaging, jedi, comm), listed in the interpreter's ``pyodide-lock.json``, so that
  ``import yacht_edu`` loads them from the site and PyPI is never asked (``disablePyPIFallback``);
- the anywidget and ipywidgets front ends taken from the same wheels, so their versions match;
- the lessons, learner's editions, in the five languages (``notebooks/`` and
  ``notebooks/<lang>/``, as they are);
- web fonts for Devanagari, Bengali, Kannada and Urdu (npm ``@fontsource/...``), for a computer
  that has none of them.

Serve the folder with ``python -m yacht_edu.lite serve DIR`` (:mod:`yacht_edu.lite.serve`).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from importlib import import_module, metadata
from pathlib import Path
from typing import Any

#: What the kernel imports at start (besides what the Pyodide kernel extension ships itself).
KERNEL_WHEELS = ("micropip", "packaging", "ipython", "jedi", "comm")
#: What the lessons and the package import, beside the package itself (numpy and matplotlib
#: come only with a full Pyodide distribution).
LESSON_WHEELS = ("sympy", "mpmath", "tqdm")
#: The widget libraries: their wheels at the versions installed here, whose front ends (in the
#: same wheels) the site serves, so that both halves of each widget have one version.
WIDGET_WHEELS = ("anywidget", "ipywidgets")
#: Pinned to the interpreter's own lock file: what its kernel was tested with.
PINNED_BY_PYODIDE = ("micropip", "packaging", "ipython", "jedi", "parso", "traitlets")
#: Wheels whose front end the site serves but which the kernel never imports.
FRONT_END_ONLY = ("jupyterlab-widgets", "widgetsnbextension")
#: Loaded with the package whenever the site has them: the ``lab`` extra (the widgets, the
#: progress bar), and numpy and matplotlib from a full Pyodide distribution.
WITH_PACKAGE = ("anywidget", "ipywidgets", "tqdm", "numpy", "matplotlib")
#: What makes a distribution full.
FULL = ("numpy", "matplotlib")
#: Web fonts (npm package, version, the font's name and its files' stem) for the scripts of the
#: lessons' languages, named as the board's stylesheet names them.
FONTS = (
    ("@fontsource/noto-sans-devanagari", "5.3.0", "Noto Sans Devanagari", "devanagari"),
    ("@fontsource/noto-sans-bengali", "5.3.0", "Noto Sans Bengali", "bengali"),
    ("@fontsource/noto-sans-kannada", "5.3.0", "Noto Sans Kannada", "kannada"),
    ("@fontsource/noto-nastaliq-urdu", "5.3.0", "Noto Nastaliq Urdu", "arabic"),
)
#: The interpreter's own files (the rest of a distribution is packages, copied as needed).
INTERPRETER_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide.asm.js",
                     "pyodide.js", "python_stdlib.zip", "package.json")
#: The JupyterLite applications of the site whose pages get the fonts' stylesheet.
APPS = ("lab", "notebooks", "tree", "edit", "consoles", "repl")

Log = Callable[[str], None]


class LiteBuildError(RuntimeError):
    """The site could not be built: the message says what is missing and what to do."""


@dataclass(frozen=True)
class Site:
    """A built site: its folder, the Pyodide version, the wheels it bundles (name -> file)."""

    folder: Path
    pyodide: str
    wheels: Mapping[str, str]
    full_distribution: bool


def build(out: Path, *, pyodide: Path | None = None, cache: Path | None = None,
          repository: Path | None = None, log: Log = print) -> Site:
    """Build the site into ``out`` (emptied first).  ``pyodide``: a Pyodide distribution (a
    folder, or the release's ``.tar.bz2``); default the npm package.  ``cache``: where npm
    packages are kept between builds.  ``repository``: the clone whose lessons and package are
    built (default: the one this package is imported from)."""
    repo = repository or clone_root()
    cache = cache or default_cache()
    empty_site_folder(out)
    with tempfile.TemporaryDirectory(prefix="yacht_edu_lite_") as scratch:
        work = Path(scratch)
        interpreter = pyodide_folder(pyodide, cache, work, log)
        lock = json.loads((interpreter / "pyodide-lock.json").read_text(encoding="utf-8"))
        wheels = gather_wheels(lock, repo, work / "wheels", log)
        precompile(interpreter, work / "wheels", "wheels", log)
        lite = work / "lite"
        static = lite / "static" / "pyodide"
        entries, full = merged_lock(lock, interpreter, wheels)
        copy_interpreter(interpreter, static, entries, wheels)
        precompile(interpreter, static, "stdlib", log)
        lock["packages"] = entries
        (static / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True),
                                                  encoding="utf-8")
        copy_lessons(repo, lite / "files")
        write_config(lite, wheels, out)
        log("building the site with jupyterlite")
        run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite),
             "--output-dir", str(out)], cwd=lite)
        add_fonts(out, cache, work, log)
        version = interpreter_version(interpreter)
    return Site(out, version, {name: path.name for name, path in wheels.items()}, full)


def interpreter_version(interpreter: Path) -> str:
    """The version of a Pyodide interpreter (its ``package.json``'s), else the kernel's."""
    try:
        return str(json.loads((interpreter / "package.json").read_text("utf-8"))["version"])
    except (OSError, ValueError, KeyError):
        return pyodide_version()


def empty_site_folder(out: Path) -> None:
    """Make ``out`` an empty folder: new, empty, or a site built before (never anything else)."""
    if out.exists():
        if not out.is_dir() or (any(out.iterdir()) and not (out / "jupyter-lite.json").is_file()):
            raise LiteBuildError(f"{out} holds other files: give a new or empty folder.")
        shutil.rmtree(out)
    out.mkdir(parents=True)


# -- where things are ----------------------------------------------------------------------------


def clone_root() -> Path:
    """The clone this package runs from (its ``pyproject.toml`` and ``notebooks/``)."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "pyproject.toml").is_file() or not (root / "notebooks").is_dir():
        raise LiteBuildError(f"Build the site from a clone of the repository (installed with "
                             f"pip install -e '.[lite]'): no pyproject.toml and notebooks/ in "
                             f"{root}.")
    return root


def default_cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "yacht_edu" / "lite"


def pyodide_version() -> str:
    """The Pyodide version the installed Pyodide kernel is made for."""
    return str(import_module("jupyterlite_pyodide_kernel.constants").PYODIDE_VERSION)


def run(command: list[str], cwd: Path | None = None,
        env: Mapping[str, str] | None = None) -> str:
    """Run a build step; its output, or :class:`LiteBuildError` with what it said."""
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False,
                              env=env)
    except FileNotFoundError as error:
        raise LiteBuildError(f"{command[0]} is not installed: {error}") from error
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip().splitlines()[-15:]
        raise LiteBuildError(f"{' '.join(command[:4])} … failed:\n" + "\n".join(said))
    return done.stdout


# -- the interpreter -----------------------------------------------------------------------------


def pyodide_folder(given: Path | None, cache: Path, work: Path, log: Log) -> Path:
    """A folder holding ``pyodide.mjs`` and ``pyodide-lock.json``: ``given`` (a folder, an npm
    ``.tgz`` or a release ``.tar.bz2``), else the npm package at the kernel's version."""
    if given is None:
        given = npm_package("pyodide", pyodide_version(), cache, log)
    given = given.resolve()
    if given.is_file():
        unpacked = work / "pyodide"
        with tarfile.open(given) as archive:
            archive.extractall(unpacked, filter="data")
        given = unpacked
    for folder in (given, given / "package", given / "pyodide"):
        if (folder / "pyodide.mjs").is_file() and (folder / "pyodide-lock.json").is_file():
            return folder
    raise LiteBuildError(f"No pyodide.mjs and pyodide-lock.json in {given}: --pyodide takes a "
                         f"Pyodide distribution (its folder or its .tar.bz2) or the npm "
                         f"package pyodide.")


def npm_package(name: str, version: str, cache: Path, log: Log) -> Path:
    """The ``.tgz`` of an npm package (``npm pack``), kept in ``cache``."""
    stem = name.lstrip("@").replace("/", "-")
    found = cache / f"{stem}-{version}.tgz"
    if not found.is_file():
        log(f"fetching {name}@{version} from the npm registry")
        cache.mkdir(parents=True, exist_ok=True)
        if shutil.which("npm") is None:
            raise LiteBuildError(f"npm is needed to fetch {name}@{version} (install Node.js), "
                                 f"or give a Pyodide distribution with --pyodide PATH.")
        run(["npm", "pack", "--silent", f"{name}@{version}"], cwd=cache)
    return found


def copy_interpreter(interpreter: Path, static: Path, entries: Mapping[str, Any],
                     wheels: Mapping[str, Path]) -> None:
    """The interpreter's own files, the files of the packages kept from its distribution, and
    the wheels gathered here, into the site's ``static/pyodide``."""
    static.mkdir(parents=True)
    for path in interpreter.iterdir():
        if path.is_file() and path.name in INTERPRETER_FILES:
            shutil.copy2(path, static / path.name)
    ours = {path.name for path in wheels.values()}
    for entry in entries.values():
        name = entry["file_name"]
        source = wheels[entry["name"]] if name in ours else interpreter / name
        shutil.copy2(source, static / name)


def precompile(interpreter: Path, folder: Path, what: str, log: Log) -> None:
    """Compile the Python of the wheels (``what``: ``"wheels"``) or of the standard library
    (``"stdlib"``) in ``folder`` with the site's own Python, run by Node.js
    (``compile.mjs``, ``compiled.py``): the browser then loads modules instead of compiling
    them at each start.  Without Node.js the site works all the same, more slowly."""
    if shutil.which("node") is None:
        log("node is not installed: the site's Python will compile its modules at each start")
        return
    log(f"compiling the Python of the {what} for the browser")
    script = Path(__file__).with_name("compile.mjs")
    run(["node", str(script), str(interpreter), str(folder), what])


# -- the wheels ----------------------------------------------------------------------------------


def gather_wheels(lock: Mapping[str, Any], repo: Path, folder: Path, log: Log) -> dict[str, Path]:
    """Every wheel of the site from PyPI (and this package's, built from ``repo``): name ->
    file."""
    folder.mkdir(parents=True)
    info = lock["info"]
    python = ".".join(str(info["python"]).split(".")[:2])
    platform = f"pyemscripten_{info['abi_version']}_wasm32"
    packages = lock["packages"]
    pins = [f"{name}=={packages[name]['version']}" for name in PINNED_BY_PYODIDE
            if name in packages]
    pins += [f"{name}=={metadata.version(name)}" for name in WIDGET_WHEELS]
    constraints = folder.parent / "constraints.txt"
    constraints.write_text("\n".join(pins) + "\n", encoding="utf-8")
    log(f"fetching the wheels for Python {python} ({platform}) from PyPI")
    run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
         "--only-binary=:all:", "--platform", platform, "--python-version", python,
         "--implementation", "cp", "--abi", f"cp{python.replace('.', '')}",
         "-d", str(folder), "-c", str(constraints),
         *KERNEL_WHEELS, *LESSON_WHEELS, *WIDGET_WHEELS])
    log("building the yacht_edu wheel")
    # pure Python: no native kernels (hatch_build.py), which Pyodide could not load
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check",
         "--no-deps", "-w", str(folder), str(repo)], env={**os.environ, "YACHT_EDU_NATIVE": "0"})
    found = {}
    for path in sorted(folder.glob("*.whl")):
        name, tags = wheel_name(path.name)
        if not tags.endswith("-none-any"):
            raise LiteBuildError(f"{path.name} is not pure Python: the site cannot run it.")
        found[name] = path
    return found


def wheel_name(filename: str) -> tuple[str, str]:
    """A wheel's normalised project name and its tags (``py3-none-any``)."""
    parts = filename.removesuffix(".whl").split("-")
    return normalised(parts[0]), "-".join(parts[-3:])


def normalised(name: str) -> str:
    """A project name as package indexes compare them (``Typing_Extensions`` ->
    ``typing-extensions``)."""
    return "-".join(name.lower().replace("_", "-").replace(".", "-").split("-"))


def merged_lock(lock: Mapping[str, Any], interpreter: Path,
                wheels: Mapping[str, Path]) -> tuple[dict[str, Any], bool]:
    """The site's lock entries: the gathered wheels, and what the distribution has beside them
    (its file present) that they or the package need: numpy and matplotlib when it is a full
    distribution.  True as the second value if it is."""
    kept = {name: dict(entry) for name, entry in lock["packages"].items()
            if name not in wheels and (interpreter / entry["file_name"]).is_file()}
    ours = {name: lock_entry(path) for name, path in wheels.items()
            if name not in FRONT_END_ONLY}
    full = all(name in kept for name in FULL)
    every = {**kept, **ours}
    for entry in ours.values():
        entry["depends"] = sorted(d for d in entry.pop("requires") if d in every)
    package = ours["yacht-edu"]
    package["depends"] = sorted({*package["depends"], *(n for n in WITH_PACKAGE if n in every)})
    wanted = closure(ours, every)
    return {name: every[name] for name in sorted(wanted)}, full


def closure(roots: Iterable[str], entries: Mapping[str, Any]) -> set[str]:
    """``roots`` and everything they depend on, in ``entries``."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name not in seen and name in entries:
            seen.add(name)
            todo.extend(entries[name].get("depends", ()))
    return seen


#: The environment of the browser's Python, for the markers of a wheel's requirements.
BROWSER_MARKERS = {"sys_platform": "emscripten", "platform_system": "Emscripten",
                   "os_name": "posix", "platform_machine": "wasm32",
                   "implementation_name": "cpython", "platform_python_implementation": "CPython",
                   "python_version": "3.14", "python_full_version": "3.14.2", "extra": ""}


def lock_entry(path: Path) -> dict[str, Any]:
    """A ``pyodide-lock.json`` entry for a pure wheel: its modules (``imports``) and what it
    requires in the browser (``requires``, names; made ``depends`` by :func:`merged_lock`)."""
    from packaging.requirements import Requirement

    name, _ = wheel_name(path.name)
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        text = archive.read(meta).decode("utf-8")
    requires = set()
    for line in text.splitlines():
        if line.startswith("Requires-Dist:"):
            requirement = Requirement(line.split(":", 1)[1].strip())
            if requirement.marker is None or requirement.marker.evaluate(BROWSER_MARKERS):
                requires.add(normalised(requirement.name))
    tops = sorted({n.split("/")[0].removesuffix(".py") for n in names
                   if not n.split("/")[0].endswith((".dist-info", ".data"))
                   and (n.endswith(".py") or "/" in n)})
    version = path.name.split("-")[1]
    return {"name": name, "version": version, "file_name": path.name, "install_dir": "site",
            "sha256": hashlib.sha256(path.read_bytes()).hexdigest(), "package_type": "package",
            "imports": tops, "requires": requires, "depends": [], "unvendored_tests": False,
            "shared_library": False}


# -- the lessons, the configuration, the fonts ---------------------------------------------------


def copy_lessons(repo: Path, folder: Path) -> None:
    """The learner's editions: English at the top, each other language in its folder."""
    source = repo / "notebooks"
    for notebook in sorted(source.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in notebook.parts:
            continue
        target = folder / notebook.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(notebook, target)


def labextension(name: str) -> Path:
    """The installed front end ``name`` (its folder holding ``package.json``)."""
    from jupyter_core.paths import jupyter_path

    for root in jupyter_path("labextensions"):
        found = Path(root) / name
        if (found / "package.json").is_file():
            return found
    raise LiteBuildError(f"The JupyterLab extension {name} is not installed: "
                         f"pip install -e '.[lite]'.")


def write_config(lite: Path, wheels: Mapping[str, Path], out: Path) -> None:
    """``jupyter_lite_config.json`` (what the build takes) and ``jupyter-lite.json`` (what the
    page is told: the kernel never asks PyPI)."""
    front_ends = [str(wheels[name]) for name in ("anywidget", "jupyterlab-widgets")]
    config = {"LiteBuildConfig": {
        "contents": ["files"], "ignore_sys_prefix": ["federated_extensions"],
        "no_sourcemaps": True, "output_dir": str(out),
        "federated_extensions": [*front_ends,
                                 str(labextension("@jupyterlite/pyodide-kernel-extension"))]}}
    (lite / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1),
                                                   encoding="utf-8")
    page = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "yacht_edu", "litePluginSettings": {
            "@jupyterlite/pyodide-kernel-extension:kernel": {"disablePyPIFallback": True}}}}
    (lite / "jupyter-lite.json").write_text(json.dumps(page, indent=1), encoding="utf-8")
    (lite / "overrides.json").write_text(json.dumps(SETTINGS, indent=1), encoding="utf-8")


#: JupyterLab's settings in the site: a lesson's cells all drawn (a board scrolled out of sight
#: keeps its view), no news to fetch.
SETTINGS = {"@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
            "@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                            "checkForUpdates": False}}


def add_fonts(out: Path, cache: Path, work: Path, log: Log) -> None:
    """The web fonts into ``static/fonts``, and a stylesheet that every application's page
    links, naming them after the system's own fonts (a letter the system lacks comes from
    them)."""
    folder = out / "static" / "fonts"
    folder.mkdir(parents=True, exist_ok=True)
    faces, families = [], []
    for package, version, family, script in FONTS:
        archive = npm_package(package, version, cache, log)
        stem = package.split("/")[1]
        with tarfile.open(archive) as unpacked:
            for weight in (400, 700):
                member = f"package/files/{stem}-{script}-{weight}-normal.woff2"
                data = unpacked.extractfile(member)
                if data is None:
                    raise LiteBuildError(f"{package}@{version} has no {member}")
                name = Path(member).name
                (folder / name).write_bytes(data.read())
                faces.append(f'@font-face {{ font-family: "{family}"; font-style: normal; '
                             f'font-weight: {weight}; font-display: swap; '
                             f'src: url("./{name}") format("woff2"); }}')
        families.append(f'"{family}"')
    shown = ", ".join(families)
    faces.append("body {\n"
                 f"  --jp-content-font-family: system-ui, -apple-system, {shown}, sans-serif;\n"
                 f"  --jp-ui-font-family: system-ui, -apple-system, {shown}, sans-serif;\n}}")
    (folder / "fonts.css").write_text("\n".join(faces) + "\n", encoding="utf-8")
    link = '<link rel="stylesheet" href="../static/fonts/fonts.css">'
    for app in APPS:
        page = out / app / "index.html"
        if page.is_file() and link not in (text := page.read_text(encoding="utf-8")):
            page.write_text(text.replace("</head>", f"{link}\n</head>", 1), encoding="utf-8")
