// The scorer's tablet, part 3 of 3: playing on offline from the server's plan, and setting the
// pads up on each page. Sending turns, once and in order, is tablet_queue.js's.
(function (T) {
  "use strict";

  const { say, describeEntry, readEntry, tidy, queuedEntries } = T;
  const { fiveDiceTurn, barbutTurn } = T;

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

  // `rest`: the pad follows a Record tap and rests as an answer's pad does; a pad played on
  // again after the server's answer (the turns queued since) takes taps at once.
  function advanceOffline(play, rest) {
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
    if (rest) T.restUntil = Date.now() + T.REST_MS;
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
    // The turns queued past this pad (the server has not stored them yet) are played on
    // again from the plan, so the pad is the one after the last of them, with its taps.
    for (;;) {
      const entry = readEntry(play.dataset.game, Number(play.dataset.turn));
      if (!entry || !entry.queued || !advanceOffline(play, false)) break;
    }
    tidy(play);
    delete play.dataset.redrawn;  // only the pads drawn just now keep their taps without a word
    T.showQueued(play);
    T.sync();
    T.settle();
  }
  Object.assign(T, { advanceOffline, showPending });

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
