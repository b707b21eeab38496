// Registers the service worker (sw.js) that keeps the game playable offline and
// installable. Its install downloads the whole game and its runtimes, so it waits
// until the page is playable (html[data-ready="1"]) and, while the computer's
// worker is loading (data-computer="loading"), until that is ready too or
// FALLBACK_MS have passed: registering at the page's load slowed its start by about
// 150 ms (docs/decisions.md). Between two people the worker waits to be asked
// (data-computer="idle"): the download then starts IDLE_MS after the page is playable,
// about when the worker would have loaded, so that a reload soon after is not slowed.
(function () {
  if (!("serviceWorker" in navigator)) return;
  const FALLBACK_MS = 15000;
  const IDLE_MS = 3000;
  const root = document.documentElement;
  let registered = false;
  let waited = false;  // the IDLE_MS wait of a page between two people is over
  const observer = new MutationObserver(check);
  function register() {
    if (registered) return;
    registered = true;
    observer.disconnect();
    navigator.serviceWorker.register("./sw.js").catch((error) => {
      console.warn("Offline play is unavailable:", error);
    });
  }
  function check() {
    if (root.dataset.ready !== "1") return;
    if (root.dataset.computer === "loading") {
      setTimeout(register, FALLBACK_MS);
      return;
    }
    if (root.dataset.computer === "idle" && !waited) {
      setTimeout(() => { waited = true; check(); }, IDLE_MS);  // unless the worker starts meanwhile
      return;
    }
    register();
  }
  observer.observe(root, { attributes: true, attributeFilter: ["data-ready", "data-computer"] });
  check();
})();
