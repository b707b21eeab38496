// Registers the service worker (sw.js) that keeps the game playable offline
// and installable. Done after the page has loaded, so that it never competes
// with the game's own start.
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("./sw.js").catch((error) => {
      console.warn("Offline play is unavailable:", error);
    });
  });
}
