// node compile.mjs PYODIDE_DIR FOLDER wheels|stdlib: compile the Python of the site's wheels and standard
// library once, at build time, with the site's own Python (Pyodide, run by Node.js), so the
// browser does not compile them each time a kernel starts (most of its start-up).
// The compiling is done by yacht_edu/lite/compiled.py, read by this Python; see
// yacht_edu.lite.site.precompile.
import { readFileSync } from "node:fs";
import path from "node:path";

const [pyodideDir, folder, what] = process.argv.slice(2);
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/" });
py.FS.mkdirTree("/site-build");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(folder) }, "/site-build");
const program = readFileSync(new URL("./compiled.py", import.meta.url), "utf8");
py.runPython(program);
py.globals.set("what", what);
console.log(py.runPython("compile_folder('/site-build', what)"));
