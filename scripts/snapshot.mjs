// Boot the vendored Pyodide in Node, import the standard-library modules named on the command
// line, and write the interpreter's memory, gzipped, to vendor/pyodide/snapshot.bin.gz: the
// computer's thread starts from it (web/pyodide_start.mjs) instead of booting Python again.
// Run by scripts/build_snapshot.py, which names the modules.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const index = fileURLToPath(new URL("../vendor/pyodide/", import.meta.url));
const modules = process.argv.slice(2);
const pyodide = await loadPyodide({ indexURL: index, _makeSnapshot: true });
// Each module as a literal: a value passed from JavaScript would stay referenced in the image.
pyodide.runPython(
  "import importlib\n" +
  `for name in ${JSON.stringify(modules)}:\n` +
  "    try:\n        importlib.import_module(name)\n    except ImportError:\n        pass\n");
writeFileSync(index + "snapshot.bin.gz", gzipSync(pyodide.makeMemorySnapshot(), { level: 6 }));
