// The TV board fills one screen and never scrolls. The type is as large as the screen allows:
// read from across the room, a quiet night's two tables fill the screen, and a busy night's
// (what the server sent is already cut to what usually fits, see stats/board.py) shrinks until
// every section shows all it holds. The largest size that fits is searched for after each
// refresh, between SMALLEST_PX and a tenth of the screen's height.
(function () {
  "use strict";
  const SMALLEST_PX = 16;
  const STEPS = 12;

  function overflowing(element) {
    return element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1;
  }

  function fits(live) {
    const root = document.documentElement;
    if (root.scrollHeight > window.innerHeight || root.scrollWidth > window.innerWidth) return false;
    return ![live, ...live.querySelectorAll(".board-tables, .board-side, .board-panel, .board-table")].some(overflowing);
  }

  function fit() {
    const live = document.getElementById("board-live");
    if (!live) return;
    const body = document.body;
    let small = SMALLEST_PX;
    let large = Math.max(SMALLEST_PX, window.innerHeight / 10);
    for (let step = 0; step < STEPS && large - small > 0.5; step += 1) {
      const size = (small + large) / 2;
      body.style.fontSize = size + "px";
      if (fits(live)) small = size;
      else large = size;
    }
    body.style.fontSize = small + "px";
    live.dataset.fitted = "true";
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fit);
  else fit();
  document.addEventListener("htmx:afterSettle", fit);
  window.addEventListener("resize", fit);
})();
