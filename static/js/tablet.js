// The scorer's tablet, part 3 of 3: playing on offline from the server's plan, and setting the
// pads up on each page. Sending turns, once and in order, is tablet_queue.js's.
(function (T) {
  "use strict";

  const { say, describeEntry, readEntry, tidy, queuedEntries } = T;
  const { fiveDiceTurn, barbutTurn } = T;

  // Offline, turn after turn -------------------------------------------------------------------
  // The server sends with every answer the seats of the turns to come (as far as the engine
  // knows them), each of those players' open boxes and the engine's preview columns. After a
  // Record (online too: the scorer never waits for the answer) the tablet draws the next
  // player's pad from a copy of this one and those columns (tablet_offline.js): it looks
  // scores up, it works none out. When the known order
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

  // The pad after the one on #play, as the plan has it: null when the plan does not say
  // (no plan, Barbut, a bar-game round's end, the game's end). `joining`: the pad's own turn,
  // counted as queued before it is.
  function nextFromPlan(play, joining) {
    if (!plan || !pristine) return null;
    const next = Number(play.dataset.turn) + 1;
    const seat = seatOf(next);
    if (seat === undefined) return null;
    const filled = queuedEntries(play.dataset.game).filter(([number]) => seatOf(number) === seat).map(([, entry]) => entry.box);
    if (joining && !joining.queued && seatOf(next - 1) === seat) filled.push(joining.box);
    const preview = T.offlinePreview(plan, seat, filled);
    return preview ? { next, seat, preview } : null;
  }

  // Whether a Record of `entry` (the pad's turn) can be shown at once, before any answer:
  // the next pad is drawn from the plan, as offline (tablet_queue.js sends it behind).
  function canPlayOn(play, entry) {
    return entry.kind === "five" && Boolean(nextFromPlan(play, entry));
  }

  // `rest`: the pad follows a Record tap and rests as an answer's pad does; a pad played on
  // again after the server's answer (the turns queued since) takes taps at once.
  function advanceOffline(play, rest) {
    const found = nextFromPlan(play, null);
    if (!found) return false;
    const { next, seat, preview } = found;
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
  // `quick`: the turns are on their way just after their tap; their cells say so, the list
  // under the pad (which would push the sheet down and up again) waits to see it last.
  function showPending(play, quick) {
    const list = play.querySelector("[data-pending]");
    if (!list) return;
    const waiting = queuedEntries(play.dataset.game);
    // Cells of turns the server has stored since (an answer not drawn yet: the scorer is
    // tapping the pad) are no longer pending: the score in them is the server's own.
    play.querySelectorAll("#sheet .cell.pending[data-pending-cell]").forEach((cell) => {
      if (!waiting.some(([number]) => String(number) === cell.dataset.pendingCell)) cell.classList.remove("pending");
    });
    list.replaceChildren(...(quick ? [] : waiting).map(([number, entry]) => {
      const li = document.createElement("li");
      li.dataset.pendingTurn = String(number);
      li.textContent = say("pending", { n: number + 1, player: entry.player, turn: describeEntry(entry), score: entry.points ?? "" });
      return li;
    }));
    // The cells already pending, looked up once: one look-up per waiting turn walked the
    // sheet again for each, a whole game's queue of them on every Record tap offline.
    const shown = new Set(Array.from(play.querySelectorAll("[data-pending-cell]"), (cell) => cell.dataset.pendingCell));
    waiting.forEach(([number, entry]) => {
      const seat = seatOf(number);
      if (seat === undefined || shown.has(String(number))) return;
      const column = play.querySelector(`#sheet tr[data-row="${entry.box}"] td[data-player-col="${seat}"]`);
      const cell = column && Array.from(column.querySelectorAll(".cell")).find((c) => c.textContent === "·" && !c.dataset.pendingCell);
      if (!cell) return;
      cell.textContent = entry.points ?? "?";
      cell.classList.add("pending");
      cell.dataset.pendingCell = String(number);
    });
    showPendingTotals(play, waiting);
  }

  // The pending turns count in the sheet's sums: each seat's totals as the server last sent
  // them (plan.totals), plus every pending turn's score, looked up when it was tapped, in the
  // rows its box counts in (plan.adds). Drawn afresh from those each time, never added twice.
  // Points and places need the engine (thresholds, bonuses, ranks): they are not worked out
  // here, only marked as waiting for the server.
  function showPendingTotals(play, waiting) {
    if (!plan || !plan.totals || !plan.adds) return;
    const bySeat = new Map();
    waiting.forEach(([number, entry]) => {
      const seat = seatOf(number);
      if (seat === undefined || entry.points === undefined || !plan.totals[seat]) return;
      bySeat.set(seat, [...(bySeat.get(seat) || []), entry]);
    });
    bySeat.forEach((entries, seat) => {
      const totals = plan.totals[seat];
      let score = totals.score;
      const rows = {};
      entries.forEach((entry) => {
        const points = Number(entry.points);
        score += points;
        const row = plan.adds[entry.box];
        if (row) rows[row] = (rows[row] ?? totals.rows[row] ?? 0) + points;
      });
      Object.entries(rows).forEach(([row, value]) => {
        const cell = play.querySelector(`#sheet tr[data-row="${row}"] td[data-player-col="${seat}"]`);
        if (!cell) return;
        let shown = cell.querySelector(".row-total");
        if (!shown) {
          shown = document.createElement("span");
          shown.className = "row-total";
          cell.querySelector(".boxes-line").after(" ", shown);
        }
        shown.textContent = `= ${value}`;
        markPending(shown);
        cell.querySelectorAll(".row-points").forEach(waitsForServer);
      });
      const name = CSS.escape(plan.players[seat]);
      const total = play.querySelector(`#sheet [data-total="${name}"]`);
      if (total) {
        total.replaceChildren(Object.assign(document.createElement("strong"), { textContent: String(score) }));
        markPending(total);
      }
      play.querySelectorAll(`#sheet [data-points="${name}"], #sheet [data-rank="${name}"], #sheet [data-score-points="${name}"]`).forEach(waitsForServer);
    });
  }

  function waitsForServer(el) {
    el.classList.add("pending-wait");
    el.title = say("pendingWait");
  }

  function markPending(el) {
    el.classList.add("pending");
    el.title = say("pendingSum");
  }

  // The pad's preview as #preview-data has it. A turn's answer names the pad's boxes but
  // leaves out their rolls (most of the answer): the tablet holds the engine's columns since
  // the full page (#offline-columns) and looks the rolls up there, as for a turn entered
  // offline. The full page sends the rolls themselves.
  function padPreview(shown) {
    if (!shown || shown.rolls || !plan) return shown || undefined;
    return { ...shown, rolls: T.planRolls(plan, shown.boxes.map((box) => box.key)) };
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
    const shown = previewEl ? JSON.parse(previewEl.textContent) : null;
    logFacts = shown ? shown.log : null;
    tidy(play);
    // What the server has stored, as the page drawn last says (its own turn number): a signal
    // for the scorer's tests, and where an answer in pieces fits (tablet_queue.js).
    play.dataset.stored = play.dataset.turn;
    play.querySelectorAll("[data-five-dice-turn]").forEach((root) => fiveDiceTurn(root, play, padPreview(shown)));
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
  // Why a queued pad cannot go on: the plan ends at a bar-game round's end (its starter
  // depends on the round's scores) or at the game's end; Barbut has no plan at all.
  function waitingWord(play) {
    if (!plan || !plan.turn_rounds) return "offline";
    const next = Number(play.dataset.turn) + 1;
    if (next >= plan.turn_rounds.length) return "gameEnd";
    return seatOf(next) === undefined ? "roundEnd" : "offline";
  }

  // Back in view --------------------------------------------------------------------------------
  // A tablet put away (screen off, another app) may come back to a game another tablet has
  // moved on. It asks the server where the game stands and, when it moved on, draws the game
  // as it is now and says so; taps left on the old pad stay on the device and show as not
  // recorded (tidy), to enter again or discard. Turns of its own waiting to be sent are the
  // queue's business: their answer draws the page.
  async function backInView() {
    const play = document.getElementById("play");
    if (document.visibilityState !== "visible" || !play || !play.querySelector("[data-queue-badge]")) return;
    if (play.dataset.sending || queuedEntries(play.dataset.game).length) return;
    let html = "";
    try {
      const response = await fetch(location.pathname, { credentials: "same-origin", cache: "no-store" });
      if (!response.ok) return;
      html = await response.text();
    } catch (error) {
      return;  // no connection: nothing is known, the pad stays as it is
    }
    const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("play");
    const now = document.getElementById("play");
    if (!fresh || !now || now.dataset.sending || Number(fresh.dataset.turn) <= Number(now.dataset.turn)) return;
    fresh.dataset.redrawn = "";
    htmx.swap(now, fresh.outerHTML, { swapStyle: "outerHTML" });
    const messages = document.getElementById("play-messages");
    if (messages) {
      const note = document.createElement("div");
      note.className = "alert alert-info fs-5 py-2";
      note.id = "moved-on";
      note.setAttribute("role", "status");
      note.textContent = say("movedOn", { n: Number(fresh.dataset.turn) + 1 });
      messages.prepend(note);
    }
  }
  document.addEventListener("visibilitychange", () => { backInView(); });

  Object.assign(T, { advanceOffline, canPlayOn, showPending, waitingWord });

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
