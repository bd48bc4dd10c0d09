// Keyboard focus on the tablet never falls off the pad. When the control that had focus goes
// away under it (a recorded turn swaps the pad for the next player's, a Barbut die or set-aside
// choice is replaced as the pad moves on), the browser drops focus to <body> and the next Tab
// starts from the top of the page. This puts it on the pad as it now stands instead.
//
// It only watches the page: it does not care how the pad was changed (an htmx answer, the
// offline queue, the pad's own script), so it holds whatever sends the turns.
(function () {
  "use strict";

  // Where focus goes, best first: the next die to tap, what to set aside, then the moves.
  const PREFERRED = [
    "[data-face]",
    "[data-choices] button",
    "[data-throw-again]",
    "[data-bank]",
    "[data-end-turn]",
    "button, [href], input:not([type=hidden]), select, textarea, summary",
  ];

  let last = null; // the element inside the play area that last had focus
  let wanted = false; // focus was lost from the play area and is owed to the pad
  let keyboard = false; // whether the scorer's last move was a key rather than a tap

  function usable(element) {
    if (!element || !element.isConnected || element.disabled || element.closest("[hidden]")) {
      return false;
    }
    if (element.closest("dialog:not([open])")) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
  }

  function padControl() {
    const pad = document.getElementById("turn-panel");
    if (!pad) return null;
    for (const selector of PREFERRED) {
      const found = [...pad.querySelectorAll(selector)].find(usable);
      if (found) return found;
    }
    return null;
  }

  // Right after an answer the pad rests (tablet_store.js) with its dice disabled; focus waits
  // for it to wake rather than landing on whatever else happens to be enabled.
  function resting() {
    const tablet = window.BalutTablet;
    return Boolean(tablet) && Date.now() < (tablet.restUntil || 0);
  }

  function focusPad() {
    if (resting()) return false;
    const target = padControl();
    if (!target) return false;
    target.focus({ preventScroll: true });
    // A finger is already where the pad is; a keyboard user needs to see where focus went.
    if (keyboard) target.scrollIntoView({ block: "nearest" });
    last = target;
    wanted = false;
    return true;
  }

  // Focus lost with the element that held it: move it to the pad (only then, so a scorer who
  // clicked elsewhere on purpose keeps their place).
  function recover() {
    const active = document.activeElement;
    const lost = !active || active === document.body || active === document.documentElement;
    // A control disabled or hidden while focused may keep focus, yet takes no keys: lost too.
    const stranded = !lost && active === last && !usable(active);
    if (!lost && !stranded) return;
    if (!wanted) {
      if (last === null || usable(last)) return;
      wanted = true;
    }
    focusPad();
  }

  document.addEventListener("focusin", (event) => {
    const play = document.getElementById("play");
    last = play && play.contains(event.target) ? event.target : null;
    wanted = false;
  });
  document.addEventListener("keydown", () => { keyboard = true; }, true);
  document.addEventListener("pointerdown", () => {
    keyboard = false;
    wanted = false;
  }, true);

  // The skip link goes straight to the pad's first control, not just to the pad's section.
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("[data-skip-to-pad]");
    if (link && focusPad()) event.preventDefault();
  });

  let pending = false;
  function recoverSoon() {
    if (pending) return;
    pending = true;
    // After the change and whatever the pad's script does in the same task.
    setTimeout(() => {
      pending = false;
      recover();
    }, 0);
  }
  // The browser may let go of a focused control only when it next draws the page.
  document.addEventListener("focusout", (event) => {
    if (event.relatedTarget === null) recoverSoon();
  });
  new MutationObserver(recoverSoon).observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["disabled", "hidden", "open", "class", "style"],
  });
})();
