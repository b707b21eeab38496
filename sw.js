// The service worker that makes the site play offline after one visit.
//
// - The runtime (vendor/: PyScript, MicroPython, Pyodide) never changes for
//   a given set of pinned versions, so it is served cache-first from a cache
//   named after those versions. vendor/runtime.js, written by
//   scripts/setup.sh, gives the versions and the file list; a deployment with
//   other versions changes that file, which installs a new service worker,
//   which drops the old runtime cache when it takes over.
// - The game's own files (the page, its Python, styles, configs) are served
//   network-first, so a new deployment shows at once, and from the cache
//   when the network (or the server) is gone.
// Both caches are filled when the service worker installs, so a page that
// was open while it installed still has everything it needs offline.

importScripts("./vendor/runtime.js");

const PREFIX = "hexhall-";
const RUNTIME_CACHE = `${PREFIX}runtime-${self.SITE_RUNTIME.version}`;
const APP_CACHE = `${PREFIX}app`;
const APP_FILES = [
  "./", "./index.html", "./manifest.webmanifest", "./web/icon.svg",
  "./web/shell/style.css", "./web/shell/main.py", "./web/ai_worker.py",
  "./web/pyodide_start.mjs",
  "./pyscript.toml",
];
// The files PyScript's configs list: the main thread's (the JSON config attribute of
// index.html's MicroPython script) and the worker's (pyscript.toml, under [files]). Each
// game's page files come as one bundle of bytecode (build/mpy/, which web/shell/main.py
// fetches, with games.json, which index.html's script reads) and its engine's as one archive
// (build/worker/, which web/ai_worker.py fetches); vendor/runtime.js lists them all.
function pageFiles(html) {
  const config = html.match(/<script type="mpy"[^>]*\sconfig='([^']*)'/);
  return config ? Object.keys(JSON.parse(config[1]).files || {}) : [];
}

function workerFiles(toml) {
  const files = toml.split("[files]")[1] || "";
  return [...files.matchAll(/^"([^"]+)"\s*=/gm)].map((match) => match[1]);
}

async function appFiles() {
  const text = async (url) => (await fetch(url)).text();
  const listed = [...pageFiles(await text("./index.html")), ...workerFiles(await text("./pyscript.toml"))];
  return [...new Set(APP_FILES.concat(listed, self.SITE_RUNTIME.bundles))];
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const runtime = await caches.open(RUNTIME_CACHE);
    await runtime.addAll(self.SITE_RUNTIME.files);
    const app = await caches.open(APP_CACHE);
    await app.addAll(await appFiles());
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== RUNTIME_CACHE && name !== APP_CACHE) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

async function cacheFirst(request) {
  const cache = await caches.open(RUNTIME_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(APP_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const hit = await cache.match(request, {ignoreSearch: true});
    if (hit) return hit;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  const scope = new URL(self.registration.scope);
  const runtime = url.pathname.startsWith(scope.pathname + "vendor/");
  event.respondWith(runtime ? cacheFirst(event.request) : networkFirst(event.request));
});
