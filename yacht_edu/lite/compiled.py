"""Run inside the site's own Python (Pyodide under Node.js, by ``compile.mjs``), never imported:
the wheels of a folder, and its ``python_stdlib.zip``, rewritten with their modules compiled.

Each compiled module is a hash-based ``.pyc`` that is not checked against its source (PEP 552,
``unchecked-hash``): the files never change once the site is built, so the browser's Python
loads them as they are, where it would compile every module at every start.  Wheels get
``__pycache__/<module>.<tag>.pyc`` beside each ``.py``; the standard library's zip gets
``<module>.pyc`` beside it, as zipimport reads.  Sources stay, for tracebacks.
"""

import importlib._bootstrap_external as external
import importlib.util
import os
import sys
import zipfile

#: Wheels left as they are: large, and the lessons import a small part of them (compiled whole,
#: sympy and mpmath would add about 12 MB to every learner's first visit).
NOT_COMPILED = ("sympy-", "mpmath-")
SITE_PACKAGES = f"/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages"
STDLIB = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"


def compiled(source: bytes, filename: str) -> bytes | None:
    """The unchecked hash-based .pyc of ``source`` (None if it does not compile here)."""
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    pyc = external._code_to_hash_pyc(  # type: ignore[attr-defined]  # what py_compile uses
        code, importlib.util.source_hash(source), False)
    return bytes(pyc)


def cache_path(member: str, in_stdlib: bool) -> str:
    if in_stdlib:
        return member[:-3] + ".pyc"
    head, _, name = member.rpartition("/")
    cached = f"__pycache__/{name[:-3]}.{sys.implementation.cache_tag}.pyc"
    return f"{head}/{cached}" if head else cached


def rewrite(path: str, prefix: str, in_stdlib: bool) -> int:
    """Add the compiled modules to the zip at ``path``: how many."""
    count = 0
    temporary = path + ".tmp"
    with zipfile.ZipFile(path) as given, zipfile.ZipFile(temporary, "w",
                                                         zipfile.ZIP_DEFLATED) as written:
        names = set(given.namelist())
        for info in given.infolist():
            data = given.read(info)
            written.writestr(info, data)
            target = cache_path(info.filename, in_stdlib)
            if not info.filename.endswith(".py") or target in names:
                continue
            pyc = compiled(data, f"{prefix}/{info.filename}")
            if pyc is not None:
                entry = zipfile.ZipInfo(target, info.date_time)
                entry.compress_type = zipfile.ZIP_DEFLATED
                written.writestr(entry, pyc)
                count += 1
    os.replace(temporary, path)
    return count


def compile_folder(folder: str, what: str) -> str:
    """Every wheel of ``folder`` (``what``: ``"wheels"``), or its ``python_stdlib.zip``
    (``"stdlib"``)."""
    done = []
    for name in sorted(os.listdir(folder)):
        path = f"{folder}/{name}"
        if (what == "wheels" and name.endswith("-none-any.whl")
                and not name.startswith(NOT_COMPILED)):
            done.append(rewrite(path, SITE_PACKAGES, in_stdlib=False))
        elif what == "stdlib" and name == "python_stdlib.zip":
            done.append(rewrite(path, STDLIB, in_stdlib=True))
    return f"{sum(done)} modules compiled in {len(done)} archives"
