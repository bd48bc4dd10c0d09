// The scorer's tablet, part 3 of 3: sending a turn once, keeping it when the server cannot be
// reached, playing on offline from the server's plan, and setting the pads up on each page.
(function (T) {
  "use strict";

  const { say, describeEntry, readEntry, writeEntry, dropEntry, keptNumbers, tidy } = T;
  const { fiveDiceTurn, barbutTurn } = T;

  // Sending -------------------------------------------------------------------------------------

  // The form that sent the request: htmx:beforeSwap is fired on the swap's target (#play), not
  // on the form, so its detail.elt is the target; requestConfig.elt is the sender throughout.
  function isTurnPost(event) {
    const detail = event.detail || {};
    const elt = detail.requestConfig ? detail.requestConfig.elt : detail.elt;
    return Boolean(elt && elt.matches && elt.matches("[data-turn-form]"));
  }

  // A commit is one tap: while its turn is on its way every further tap is ignored.
  document.addEventListener("click", (event) => {
    const play = document.getElementById("play");
    if (play && play.dataset.sending && event.target.closest && event.target.closest("[data-turn-form]")) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);

  document.addEventListener("htmx:beforeRequest", (event) => {
    if (!isTurnPost(event)) return;
    const play = document.getElementById("play");
    if (!play) return;
    play.dataset.sending = "yes";
    // What is sent is kept with the turn's taps: if the server cannot be reached, this very
    // post (same request key) waits in the queue and is sent again as it was.
    const form = event.detail.elt;
    const entry = readEntry(play.dataset.game, Number(play.dataset.turn));
    if (entry) {
      entry.body = new URLSearchParams(new FormData(form)).toString();
      entry.url = form.getAttribute("hx-post");
      writeEntry(play.dataset.game, Number(play.dataset.turn), entry);
    }
    if (syncing && entry && entry.body) {
      // The queue is on its way: this turn goes behind it, never past it.
      event.preventDefault();
      delete play.dataset.sending;
      entry.queued = true;
      writeEntry(play.dataset.game, Number(play.dataset.turn), entry);
      play.querySelectorAll("dialog[open]").forEach((dialog) => dialog.close());
      advanceOffline(play);
      showQueued(play);
    }
  });

  // Set before the answer's pad is drawn, so that pad starts resting.
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (isTurnPost(event) && event.detail.shouldSwap) T.restUntil = Date.now() + T.REST_MS;
  });

  document.addEventListener("htmx:afterRequest", (event) => {
    if (!isTurnPost(event)) return;
    const play = document.getElementById("play");
    const xhr = event.detail.xhr;
    if (play && play.contains(event.detail.elt)) {
      // No answer was swapped in (the connection failed): the turn is still kept here.
      delete play.dataset.sending;
      play.querySelectorAll("dialog[open]").forEach((dialog) => dialog.close());
      if (xhr && xhr.status >= 500) {
        const note = play.querySelector("[data-pad-note]") || play.querySelector("[data-step]");
        if (note) note.textContent = say("serverError");
      }
      if (!xhr || !xhr.status) {
        const number = Number(play.dataset.turn);
        const entry = readEntry(play.dataset.game, number);
        if (entry && entry.body) {
          entry.queued = true;
          writeEntry(play.dataset.game, number, entry);
          if (advanceOffline(play)) {
            const note = play.querySelector("[data-pad-note]");
            if (note) note.textContent = say("offlineGoOn");
          }
        }
        showQueued(play);
      }
    }
  });

  // Offline ---------------------------------------------------------------------------------
  // A turn the server could not be reached for waits on the device with its request key and
  // is sent, in order, as soon as the server answers again (or on a tap on the badge). The
  // key makes a resend of a turn already recorded harmless. A refused turn stops the queue
  // and stays in view with the server's reason until the scorer enters it again or discards it.

  function queuedEntries(game) {
    return keptNumbers(game)
      .map((number) => [number, readEntry(game, number)])
      .filter(([, entry]) => entry && entry.queued);
  }

  function showQueued(play) {
    showPending(play);
    const waiting = queuedEntries(play.dataset.game);
    const badge = play.querySelector("[data-queue-badge]");
    if (badge) {
      badge.hidden = !waiting.length;
      badge.querySelector("[data-queue-count]").textContent = String(waiting.length);
    }
    const current = waiting.find(([number]) => number === Number(play.dataset.turn));
    const turn = play.querySelector("[data-five-dice-turn], [data-barbut-turn]");
    if (turn) turn.classList.toggle("queued", Boolean(current));
    if (current) {
      play.dataset.sending = "queued";
      const note = play.querySelector("[data-pad-note]") || play.querySelector("[data-step]");
      if (note) note.textContent = `${say("offline")} ${describeEntry(current[1])}${current[1].points !== undefined ? ` (${current[1].points})` : ""}`;
    }
  }

  let syncing = false;

  async function sync() {
    const play = document.getElementById("play");
    if (!play || syncing) return;
    const game = play.dataset.game;
    const waiting = queuedEntries(game);
    // Only the scorer's tablet sends: a signed-out page or a finished game has no badge.
    if (!waiting.length || !play.querySelector("[data-queue-badge]")) return;
    syncing = true;
    // Only the last answer is drawn: each one supersedes the one before, and drawing every
    // one of a whole game's queue would cost more than sending it.
    let last = "";
    try {
      for (const [number, entry] of waiting) {
        let response;
        try {
          response = await fetch(entry.url, {
            method: "POST",
            body: entry.body,
            headers: { "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true" },
            credentials: "same-origin",
          });
        } catch (error) {
          break;  // still no server: the rest of the queue waits
        }
        const html = await response.text();
        // Only an answer with the play area (recorded, or refused with the sheet) settles a
        // queued turn; anything else (a server error, a sign-in page) leaves it waiting.
        if (!html.includes('id="play"') || ![200, 409, 422].includes(response.status)) break;
        last = html;
        if (response.status === 200) {
          dropEntry(game, number);
          const count = play.querySelector("[data-queue-count]");
          if (count) count.textContent = String(queuedEntries(game).length);
          continue;
        }
        const answer = new DOMParser().parseFromString(html, "text/html");
        const error = answer.querySelector("#error");
        entry.queued = false;
        entry.reason = error ? error.textContent.trim() : String(response.status);
        writeEntry(game, number, entry);
        // The turns after it were tapped on a game that has changed: they wait for the
        // scorer, in view, instead of being sent.
        waiting.filter(([later]) => later > number).forEach(([later, held]) => {
          held.queued = false;
          held.reason = say("heldBehind", { n: number + 1 });
          writeEntry(game, later, held);
        });
        break;  // a refused turn stops the queue there
      }
    } finally {
      syncing = false;
    }
    const current = document.getElementById("play");
    if (last && current) htmx.swap(current, last, { swapStyle: "outerHTML" });
  }

  document.addEventListener("click", (event) => {
    if (event.target.closest && event.target.closest("[data-queue-badge]")) sync();
  });
  window.addEventListener("online", sync);
  setInterval(sync, 15000);

  // Offline, turn after turn -------------------------------------------------------------------
  // The server sends with every answer the seats of the turns to come (as far as the engine
  // knows them), each of those players' open boxes and the engine's preview columns. With no
  // connection the tablet draws the next player's pad from a copy of this one and those
  // columns (tablet_offline.js): it looks scores up, it works none out. When the known order
  // ends (a bar-game round: its starter depends on the scores), the pad waits for the server.

  let pristine = "";
  let plan = null;
  let logFacts = null;

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  function seatOf(number) {
    return plan ? plan.order[number - plan.base] : undefined;
  }

  function advanceOffline(play) {
    if (!plan || !pristine) return false;
    const game = play.dataset.game;
    const next = Number(play.dataset.turn) + 1;
    const seat = seatOf(next);
    if (seat === undefined) return false;
    const filled = queuedEntries(game).filter(([number]) => seatOf(number) === seat).map(([, entry]) => entry.box);
    const preview = T.offlinePreview(plan, seat, filled);
    if (!preview) return false;
    const holder = document.createElement("div");
    holder.innerHTML = pristine;
    const section = holder.firstElementChild;
    section.querySelectorAll("script").forEach((script) => script.remove());
    const name = plan.players[seat];
    section.dataset.turn = String(next);
    section.querySelector("[data-player]").textContent = name;
    const form = section.querySelector("[data-turn-form]");
    form.querySelector("[name=expected_number]").value = String(next);
    form.querySelector("[name=request_key]").value = newKey();
    form.querySelector("[name=player]").value = name;
    const boxes = section.querySelector(".boxes");
    const model = boxes.querySelector("[data-box]");
    boxes.replaceChildren(...preview.boxes.map((box) => {
      const button = model.cloneNode(true);
      button.dataset.box = box.key;
      button.dataset.label = box.label;
      button.querySelector(".box-label").textContent = box.label;
      return button;
    }));
    T.restUntil = Date.now() + T.REST_MS;
    play.querySelector("[data-five-dice-turn]").replaceWith(section);
    play.dataset.turn = String(next);
    const roundTitle = document.getElementById("round-number");
    const round = plan.turn_rounds && plan.turn_rounds[next];
    if (roundTitle && round) roundTitle.textContent = plan.round_titles[round - 1];
    delete play.dataset.sending;
    htmx.process(section);
    fiveDiceTurn(section, play, { ...preview, log: logFacts });
    return true;
  }

  // Turns waiting to be sent show above the sheet, and in their cell of it, as pending.
  function showPending(play) {
    const list = play.querySelector("[data-pending]");
    if (!list) return;
    const waiting = queuedEntries(play.dataset.game);
    list.replaceChildren(...waiting.map(([number, entry]) => {
      const li = document.createElement("li");
      li.dataset.pendingTurn = String(number);
      li.textContent = say("pending", { n: number + 1, player: entry.player, turn: describeEntry(entry), score: entry.points ?? "" });
      return li;
    }));
    waiting.forEach(([number, entry]) => {
      const seat = seatOf(number);
      if (seat === undefined || play.querySelector(`[data-pending-cell="${number}"]`)) return;
      const column = play.querySelector(`#sheet tr[data-row="${entry.box}"] td[data-player-col="${seat}"]`);
      const cell = column && Array.from(column.querySelectorAll(".cell")).find((c) => c.textContent === "·" && !c.dataset.pendingCell);
      if (!cell) return;
      cell.textContent = entry.points ?? "?";
      cell.classList.add("pending");
      cell.dataset.pendingCell = String(number);
    });
  }

  function init(scope) {
    const play = scope.id === "play" ? scope : scope.querySelector("#play");
    if (!play) return;
    if (T.beforeInit) T.beforeInit(play, scope);
    const planEl = play.querySelector("#offline-data");
    // The plan comes in two parts: what a turn changes (#offline-data, in every answer) and the
    // engine's columns, which a game never changes (#offline-columns, with the full page only).
    const columnsEl = play.querySelector("#offline-columns");
    plan = planEl && columnsEl ? { ...JSON.parse(columnsEl.textContent), ...JSON.parse(planEl.textContent) } : null;
    const five = play.querySelector("[data-five-dice-turn]");
    pristine = five ? five.outerHTML : "";
    const previewEl = play.querySelector("#preview-data");
    logFacts = previewEl ? JSON.parse(previewEl.textContent).log : null;
    tidy(play);
    play.querySelectorAll("[data-five-dice-turn]").forEach((root) => fiveDiceTurn(root, play));
    play.querySelectorAll("[data-barbut-turn]").forEach((root) => barbutTurn(root, play));
    showQueued(play);
    if (T.afterInit) T.afterInit(play, scope);
    sync();
  }
  Object.assign(T, { advanceOffline, showQueued });

  document.addEventListener("DOMContentLoaded", () => {
    init(document);
    document.querySelectorAll("[data-barbut-correction]").forEach((root) => barbutTurn(root, null));
  });
  document.addEventListener("htmx:load", (event) => {
    const scope = event.target;
    if (scope === document.body) return;
    // A recorded turn is answered with the pieces it changed, swapped in one by one; the new
    // pad (or, once the game is over, the winner's banner in its place) comes with the number
    // of the turn it is for. The play area around it is set up again.
    if (scope.id === "turn-panel" || scope.id === "winner-banner") {
      const play = document.getElementById("play");
      if (play && play.contains(scope)) {
        play.dataset.turn = scope.dataset.turn;
        delete play.dataset.sending;  // the turn sent is answered: taps go to the new pad
        init(play);
      }
      return;
    }
    init(scope);
  });
  // A page brought back from the back/forward cache may be behind the server: fetch it again.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && document.getElementById("play")) window.location.reload();
  });
})(window.BalutTablet);
