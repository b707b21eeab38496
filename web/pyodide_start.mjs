// The computer's thread's interpreter (pyscript.toml's "interpreter"): the vendored Pyodide,
// started from the memory image scripts/build_snapshot.py writes (Python already booted, with
// the modules the engines import) instead of booting Python afresh. PyScript calls this
// module's loadPyodide as it would Pyodide's; without a usable image Pyodide boots as usual.
import { loadPyodide as boot, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const INDEX = new URL("../vendor/pyodide/", import.meta.url).href;

async function image() {
  const response = await fetch(INDEX + "snapshot.bin.gz");
  if (!response.ok) throw new Error(`snapshot.bin.gz: ${response.status}`);
  const unpacked = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX };
  try {
    return await boot({ ...settings, _loadSnapshot: await image() });
  } catch (error) {
    console.warn(`Pyodide boots without its image (${error})`);
    return boot(settings);
  }
}
