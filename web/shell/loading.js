// Before Python runs: applies the kept theme (web/shell/dom.py, THEME_KEY), else the
// system's, so that the first paint has it; and shows loading progress: watches which runtime files have
// arrived (Resource Timing) and moves the bar. Python hides it when ready.
(function () {
  let theme = null;
  try { theme = localStorage.getItem("hexhall.theme"); } catch (e) { /* storage refused */ }
  if (theme !== "dark" && theme !== "light") {
    theme = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  document.documentElement.dataset.theme = theme;
  const stages = [
    ["core.js", 20, "Starting PyScript…"],
    ["micropython.mjs", 40, "Starting Python…"],
    ["micropython.wasm", 60, "Starting Python…"],
    [".bundle", 85, "Loading the game…"],
  ];
  const bar = document.getElementById("loading-bar");
  const text = document.getElementById("loading-text");
  const started = performance.now();
  function tick() {
    if (document.documentElement.dataset.ready === "1") return;
    const names = performance.getEntriesByType("resource").map((e) => e.name);
    let value = 5, label = "Loading the game…";
    for (const [file, pct, msg] of stages) {
      if (names.some((n) => n.endsWith(file))) { value = pct; label = msg; }
    }
    const seconds = Math.round((performance.now() - started) / 1000);
    bar.value = value;
    bar.textContent = value + "%";
    text.textContent = label + (seconds >= 2 ? " (" + seconds + " s)" : "");
    setTimeout(tick, 200);
  }
  tick();
})();
