// The scorer's tablet: every recorded turn stored once, and in order, whatever the Wi-Fi does.
// Loaded after tablet_offline.js and before tablet.js, which draws the pads and calls in here.
//
// The scorer never waits for the network. A Record the engine's plan can play on from (a
// five-dice turn whose next player the plan knows) is shown at once, online as offline: the
// turn pending in its cell of the sheet, the next pad drawn from the plan (tablet.js), in the
// frame after the tap. The turn joins the queue kept on the device and is sent at once; its
// answer, in pieces when the page is just one turn behind it, confirms it in place.
//
// Other Records (Barbut, a bar-game round's end, the game's end: the next pad needs the
// server) are posted with htmx. When such a post does not get through (no connection, no
// answer in GIVE_UP_MS, or any 5xx: a server whose database is down is no better than none),
// the turn joins the queue too (Pending). While any turn waits, a new Record joins the queue
// behind it instead of being posted past it. The queue is sent one turn at a time, in order,
// with each turn's own request key (the server stores a resent turn once), and tried again
// after a growing pause until the server answers. A refused turn stops it: that turn and the
// ones after it stay in view for the scorer.
//
// The screen shows one state at a time: nothing waiting (a turn just tapped is pending in its
// cell alone while its answer is quick); "Sending…" (a post or a send that takes longer than
// SLOW_MS, or the queue on its way); or "Pending, tap to send". #play's data-stored is the
// turn count of the server's last answer drawn. When a Record tap has had all its effects
// (shown, answered or queued, the next pad drawn and its rest over) #play carries data-settled
// with the turn number the pad is for, and a "balut:settled" event goes out.
(function (T) {
  "use strict";

  const { say, describeEntry, readEntry, writeEntry, dropEntry } = T;

  const SLOW_MS = 700;
  const GIVE_UP_MS = 10000;
  // Pauses before the queue is tried again, one after the other, the last one repeating.
  const RETRY_MS = [1000, 2000, 4000, 8000, 15000];
  let retries = 0;
  let retryTimer = 0;
  let syncing = false;
  let slow = false;
  let slowTimer = 0;
  let giveUpTimer = 0;
  let settleTimer = 0;
  // The queue's last answer was not drawn: the scorer was tapping the pad (see drawAnswer).
  let answerHeld = false;
  // The queue is on its way right after a Record shown at once: the sheet's pending cell says
  // so, the badge only once the send is slow (SLOW_MS) or has failed.
  let quick = false;
  let slowSend = false;
  let slowSendTimer = 0;

  // The form that sent the request: htmx:beforeSwap is fired on the swap's target (#play), not
  // on the form, so its detail.elt is the target; requestConfig.elt is the sender throughout.
  function isTurnPost(event) {
    const detail = event.detail || {};
    const elt = detail.requestConfig ? detail.requestConfig.elt : detail.elt;
    return Boolean(elt && elt.matches && elt.matches("[data-turn-form]"));
  }

  const queuedEntries = T.waitingEntries;

  // A commit is one tap: while its turn is on its way every further tap is ignored.
  document.addEventListener("click", (event) => {
    const play = document.getElementById("play");
    if (play && play.dataset.sending && event.target.closest && event.target.closest("[data-turn-form]")) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);

  // Posting one turn ---------------------------------------------------------------------------

  document.addEventListener("htmx:beforeRequest", (event) => {
    if (!isTurnPost(event)) return;
    const play = document.getElementById("play");
    if (!play) return;
    delete play.dataset.settled;
    // What is sent is kept with the turn's taps: should it not get through, this very post
    // (same request key) waits in the queue and is sent again as it was.
    const form = event.detail.elt;
    const number = Number(play.dataset.turn);
    const entry = readEntry(play.dataset.game, number);
    if (entry) {
      entry.body = new URLSearchParams(new FormData(form)).toString();
      entry.url = form.getAttribute("hx-post");
      writeEntry(play.dataset.game, number, entry);
    }
    const behind = queuedEntries(play.dataset.game).some(([waiting]) => waiting !== number);
    const ahead = Boolean(entry && entry.body && T.canPlayOn(play, entry));
    if (entry && entry.body && (syncing || behind || answerHeld || ahead)) {
      // Shown at once and sent behind; or turns before it are not stored yet (or their answer
      // is not drawn yet): this one goes behind them, never past them.
      event.preventDefault();
      if (!syncing && !behind && !retries) quick = true;
      queueTurn(play, number, entry);
      sync();
      return;
    }
    play.dataset.sending = "yes";
    const xhr = event.detail.xhr;
    slowTimer = setTimeout(() => showSlow(true), SLOW_MS);
    // A post with no answer is given up: its turn waits in the queue (the server may have it
    // already; its key makes the resend harmless).
    giveUpTimer = setTimeout(() => { if (xhr) xhr.abort(); }, GIVE_UP_MS);
  });

  // Set before the answer's pad is drawn, so that pad starts resting.
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (isTurnPost(event) && event.detail.shouldSwap) T.restUntil = Date.now() + T.REST_MS;
  });

  document.addEventListener("htmx:afterRequest", (event) => {
    if (!isTurnPost(event)) return;
    clearTimeout(slowTimer);
    clearTimeout(giveUpTimer);
    if (slow) showSlow(false);
    const play = document.getElementById("play");
    // An answer swapped in took the form with it: the new pad settles once it is set up.
    if (!play || !play.contains(event.detail.elt)) return;
    delete play.dataset.sending;
    play.querySelectorAll("dialog[open]").forEach((dialog) => dialog.close());
    const xhr = event.detail.xhr;
    if (!xhr || !xhr.status || xhr.status >= 500) {
      T.serverDown = Boolean(xhr && xhr.status);
      const number = Number(play.dataset.turn);
      const entry = readEntry(play.dataset.game, number);
      if (entry && entry.body && queueTurn(play, number, entry)) {
        const note = play.querySelector("[data-pad-note]");
        if (note) note.textContent = say(T.serverDown ? "serverDownGoOn" : "offlineGoOn");
      }
      retryLater();
    } else {
      T.serverDown = false;
    }
    settle();
  });

  // The turn on the pad joins the queue; the next pad is drawn from the plan when it can be.
  function queueTurn(play, number, entry) {
    entry.queued = true;
    writeEntry(play.dataset.game, number, entry);
    play.querySelectorAll("dialog[open]").forEach((dialog) => dialog.close());
    const movedOn = T.advanceOffline(play, true);
    showQueued(play);
    settle();
    return movedOn;
  }

  function showSlow(on) {
    slow = on;
    const play = document.getElementById("play");
    if (play) showQueued(play);
  }

  // The queue --------------------------------------------------------------------------------

  // The one state the screen shows: the badge (what is not stored yet, waiting or on its way),
  // the Sending… note of a slow post, and the note of a pad that waits for the server.
  function showQueued(play) {
    const unseen = quick && !slowSend;
    T.showPending(play, unseen);
    const waiting = queuedEntries(play.dataset.game);
    const sending = syncing || slow;
    const badge = play.querySelector("[data-queue-badge]");
    // A confirmation of a turn stored before the turns started waiting would say all is well.
    if (waiting.length) document.querySelectorAll("#notice").forEach((notice) => notice.remove());
    if (badge) {
      const count = waiting.length + (slow && !syncing ? 1 : 0);
      badge.hidden = !count || unseen;
      const down = badge.querySelector("[data-queue-down]");
      if (down) down.hidden = !T.serverDown || sending;
      badge.dataset.state = sending ? "sending" : "pending";
      badge.querySelector("[data-queue-pending]").hidden = sending;
      badge.querySelector("[data-queue-sending]").hidden = !sending;
      badge.querySelector("[data-queue-count]").textContent = String(count);
    }
    play.querySelectorAll("[data-sending-note]").forEach((note) => { note.hidden = !slow; });
    const current = waiting.find(([number]) => number === Number(play.dataset.turn));
    const turn = play.querySelector("[data-five-dice-turn], [data-barbut-turn]");
    if (turn) turn.classList.toggle("queued", Boolean(current));
    if (current) {
      // No plan to play on from (Barbut, a bar-game round's end): the pad waits for the server,
      // its confirmation closed (nothing on it takes a tap until then).
      play.dataset.sending = "queued";
      play.querySelectorAll("dialog[open]").forEach((dialog) => dialog.close());
      const note = play.querySelector("[data-pad-note]") || play.querySelector("[data-step]");
      const state = syncing ? say("sending") : say(T.waitingWord(play));
      if (note) note.textContent = `${state} ${describeEntry(current[1])}${current[1].points !== undefined ? ` (${current[1].points})` : ""}`;
    }
  }

  // One queued turn sent: its answer, or null when it did not get through. `inPieces`: the
  // answer the tablet's own form takes (what the turn changed), asked for as htmx asks.
  async function post(entry, inPieces) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), GIVE_UP_MS);
    const headers = { "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true" };
    if (inPieces) headers["HX-Target"] = "play";
    try {
      const response = await fetch(entry.url, {
        method: "POST",
        body: entry.body,
        headers,
        credentials: "same-origin",
        signal: abort.signal,
      });
      const html = await response.text();
      T.serverDown = response.status >= 500;
      // A turn recorded in pieces (the server sends the whole play area for a resent one).
      const pieces = response.status === 200 && response.headers.get("HX-Reswap") === "none";
      // Only an answer with the play area (recorded, or refused with the sheet) or its pieces
      // settles a queued turn; anything else (a 5xx, a sign-in page) leaves it waiting.
      if (!pieces && (!html.includes('id="play"') || ![200, 409, 422].includes(response.status))) return null;
      return { status: response.status, html, pieces };
    } catch (error) {
      T.serverDown = false;  // no answer at all: the connection, not the server
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  async function sync() {
    const play = document.getElementById("play");
    // Only the scorer's tablet sends: a signed-out page or a finished game has no badge.
    if (!play || syncing || !play.querySelector("[data-queue-badge]")) return;
    const game = play.dataset.game;
    if (!queuedEntries(game).length) return;
    clearTimeout(retryTimer);
    syncing = true;
    if (quick) slowSendTimer = setTimeout(() => showSlowSend(true), SLOW_MS);
    showQueued(play);
    // Only the last answer is drawn: each one supersedes the one before, and drawing every
    // one of a whole game's queue would cost more than sending it.
    let last = "";
    let failed = false;
    let refused = false;
    let keepError = false;
    try {
      // The queue is read again after each turn: one recorded meanwhile is sent in this round.
      for (let next = queuedEntries(game)[0]; next; next = queuedEntries(game)[0]) {
        const [number, entry] = next;
        // The pieces fit only a page that shows the game as the server had it just before
        // this turn, with no other turn behind it: the Record just shown at once.
        const onPage = document.getElementById("play");
        const lone = Boolean(onPage) && String(number) === onPage.dataset.stored && queuedEntries(game).length === 1;
        const answer = await post(entry, lone);
        if (!answer) {
          failed = true;
          break;
        }
        last = answer.pieces ? "" : answer.html;
        if (answer.status === 200) {
          dropEntry(game, number);
          const now = document.getElementById("play");
          if (now && answer.pieces) drawPieces(now, answer.html);
          else if (now) showQueued(now);
          continue;
        }
        const error = new DOMParser().parseFromString(answer.html, "text/html").querySelector("#error");
        entry.queued = false;
        // The refusal of the turn just tapped is the answer's own #error, kept in view and said
        // once; a turn tapped a while ago carries its reason, shown with it.
        keepError = lone;
        if (!lone) entry.reason = error ? error.textContent.trim() : String(answer.status);
        writeEntry(game, number, entry);
        // The turns after it were tapped on a game that has changed: they wait for the
        // scorer, in view, instead of being sent.
        queuedEntries(game).forEach(([later, held]) => {
          held.queued = false;
          held.reason = say("heldBehind", { n: number + 1 });
          writeEntry(game, later, held);
        });
        refused = true;
        break;  // a refused turn stops the queue there
      }
    } finally {
      syncing = false;
      clearTimeout(slowSendTimer);
      slowSend = false;
      quick = false;  // a failed send shows as Pending; the next Record shown at once is quick again
    }
    if (failed) retryLater();
    else retries = 0;
    const current = document.getElementById("play");
    if (!current) return;
    if (last) drawAnswer(current, last, refused, keepError);
    else showQueued(current);
  }

  function showSlowSend(on) {
    slowSend = on;
    const play = document.getElementById("play");
    if (play) showQueued(play);
  }

  // The answer to the Record shown at once: the pieces it changed, each in place of its own
  // (the cell pending until now, the sheet's sums, the pad from the plan, the answer's notice),
  // as htmx swaps them for the form's own post; the turns queued since are played on again
  // (tablet.js). Held back, as drawAnswer holds a page, while the scorer taps the pad.
  function drawPieces(current, html) {
    const onPad = readEntry(current.dataset.game, Number(current.dataset.turn));
    if (onPad && onPad.touched && !onPad.queued) {
      answerHeld = true;
      showQueued(current);
      return;
    }
    answerHeld = false;
    // Settled at once (htmx waits 20 ms by default): the new pad is set up, and #play says
    // what is stored, before the queue's next turn is sent.
    htmx.swap(current, html, { swapStyle: "none", settleDelay: 0 });
  }

  // The server's play area after the last turn sent, for the pad the scorer is on: the turns
  // played since are played on again from the plan (tablet.js), with the taps kept. Its notice
  // and error go: they speak of a turn tapped a while ago (a refusal's reason stays in view on
  // that turn), and a line above the pad would move the dice under a finger.
  //
  // While the scorer is tapping the pad's own turn, the answer is held back (`answerHeld`):
  // that turn's Record then goes through the queue, whose answer, newer, is drawn on the next,
  // untouched pad. A refusal is drawn at once (`now`): the turns it holds back come back.
  function drawAnswer(current, html, now, keepError) {
    const onPad = readEntry(current.dataset.game, Number(current.dataset.turn));
    answerHeld = !now && Boolean(onPad && onPad.touched && !onPad.queued);
    if (answerHeld) {
      showQueued(current);
      return;
    }
    const answer = document.createElement("template");
    answer.innerHTML = html;
    answer.content.querySelectorAll(keepError ? "#notice" : "#notice, #error").forEach((message) => message.remove());
    const redrawn = answer.content.getElementById("play");
    if (redrawn) redrawn.dataset.redrawn = "";
    htmx.swap(current, answer.innerHTML, { swapStyle: "outerHTML" });
  }

  function retryLater() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(sync, RETRY_MS[Math.min(retries, RETRY_MS.length - 1)]);
    retries += 1;
  }

  document.addEventListener("click", (event) => {
    if (event.target.closest && event.target.closest("[data-queue-badge]")) {
      retries = 0;
      sync();
    }
  });
  window.addEventListener("online", () => { retries = 0; sync(); });
  setInterval(sync, 15000);

  // Settled: the last Record's effects are all in view and the pad takes taps again.
  function settle() {
    clearTimeout(settleTimer);
    const play = document.getElementById("play");
    if (!play) return;
    delete play.dataset.settled;
    const rest = T.restUntil - Date.now();
    if (rest > 0) {
      settleTimer = setTimeout(settle, rest + 10);
      return;
    }
    if (play.dataset.sending === "yes") return;  // its answer (or its giving up) settles it
    play.dataset.settled = play.dataset.turn;
    play.dispatchEvent(new CustomEvent("balut:settled", { bubbles: true, detail: { turn: Number(play.dataset.turn) } }));
  }

  Object.assign(T, { queuedEntries, showQueued, sync, settle });
})(window.BalutTablet);
