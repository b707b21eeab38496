// Runs a Python script under the vendored MicroPython in Node, with the
// page's Python files placed as the page places them: the games' bundles of bytecode.
// Usage: node tests/micropython/run.mjs SCRIPT.py [INPUT_FILE]
// INPUT_FILE, if given, is copied to /input.json for the script to read.
// Exits 1 (with the Python traceback on stderr) if the script raises.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const { loadMicroPython } = await import(
  path.join(root, "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"));

const out = [];
const mp = await loadMicroPython({
  stdout: (line) => out.push(line),
  stderr: (line) => process.stderr.write(line + "\n"),
});

function place(target, text) {
  const parts = target.replace(/^\.\//, "").split("/");
  for (let i = 1; i < parts.length; i++) {
    try { mp.FS.mkdir(parts.slice(0, i).join("/")); } catch { /* exists */ }
  }
  mp.FS.writeFile(parts.join("/"), text);
}

// What PyScript's config in index.html (its MicroPython script's config attribute) gives the
// main thread first (the registry), then each game's bundle of bytecode (build/mpy/), placed by
// the code that places it in the browser (web/shell/main.py's PLACE).
const page = fs.readFileSync(path.join(root, "index.html"), "utf8");
const config = JSON.parse(page.match(/<script type="mpy"[^>]*\sconfig='([^']*)'/)[1]);
for (const [source, target] of Object.entries(config.files)) {
  place(target, fs.readFileSync(path.join(root, source), "utf8"));
}
const bundles = fs.readdirSync(path.join(root, "build/mpy")).filter((name) => name.endsWith(".bundle")).sort();
const main = fs.readFileSync(path.join(root, "web/shell/main.py"), "utf8");
const placeBundle = new Function("FS", "data", main.match(/^PLACE = """([\s\S]*?)"""$/m)[1]);
for (const bundle of bundles) {
  placeBundle(mp.FS, new Uint8Array(fs.readFileSync(path.join(root, "build/mpy", bundle))));
}
if (process.argv[3]) place("input.json", fs.readFileSync(process.argv[3], "utf8"));

try {
  mp.runPython(fs.readFileSync(process.argv[2], "utf8"));
} catch (error) {
  process.stderr.write(String(error.message ?? error) + "\n");
  process.exitCode = 1;
}
process.stdout.write(out.join("\n") + "\n");
