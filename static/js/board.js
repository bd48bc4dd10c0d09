// The TV board fits one screen, never scrolls: when what the server sent (already cut to what
// usually fits, see league/board_selectors.py) is still taller than the screen, the type shrinks
// step by step until every section shows all it holds. Run again after each refresh.
(function () {
  "use strict";
  const SMALLEST_PX = 16;
  const STEP = 0.94;

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
    body.style.fontSize = "";
    let size = parseFloat(getComputedStyle(body).fontSize);
    while (!fits(live) && size > SMALLEST_PX) {
      size = Math.max(SMALLEST_PX, size * STEP);
      body.style.fontSize = size + "px";
    }
    live.dataset.fitted = "true";
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fit);
  else fit();
  document.addEventListener("htmx:afterSettle", fit);
  window.addEventListener("resize", fit);
})();
