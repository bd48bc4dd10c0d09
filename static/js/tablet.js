// The scorer's tablet. Every score shown here is looked up in tables the server rendered
// from the rules engine (#preview-data, #barbut-throws); this file decides no rule itself.
//
// Every tap of the turn being entered is kept in localStorage as it is tapped, under the
// game and the turn's number: a reload, the back button or a crashed tab brings it back.
// An entry is dropped when the server has recorded that turn (its request key comes back
// among the recorded ones) or when the scorer discards it; nothing else removes it.
(function () {
  "use strict";

  const OUTCOME_TEXT = { s: "", x: "scratch", c: "claim", k: "strike" };
  const STORE = "balutclub:turn:";
  // After a turn is recorded the next player's pad rests this long: the second tap of a
  // double tap on Record or Bank lands on a resting pad and enters nothing.
  const REST_MS = 600;
  let restUntil = 0;

  function words() {
    const el = document.getElementById("tablet-words");
    return el ? JSON.parse(el.textContent) : {};
  }
  const WORDS = words();

  function say(key, values) {
    const text = WORDS[key] || key;
    return text.replace(/%\((\w+)\)s/g, (_, name) => String((values || {})[name] ?? ""));
  }

  function diceKey(dice) {
    return dice.slice().sort().join("");
  }

  // The device's store -------------------------------------------------------------------------

  function storeKey(game, number) {
    return `${STORE}${game}:${number}`;
  }

  function readEntry(game, number) {
    try {
      return JSON.parse(localStorage.getItem(storeKey(game, number)) || "null");
    } catch (error) {
      return null;
    }
  }

  function writeEntry(game, number, entry) {
    try {
      localStorage.setItem(storeKey(game, number), JSON.stringify(entry));
    } catch (error) {
      // A full or disabled store: the turn still works, it just is not kept.
    }
  }

  function dropEntry(game, number) {
    try { localStorage.removeItem(storeKey(game, number)); } catch (error) { /* see above */ }
  }

  function keptNumbers(game) {
    const prefix = `${STORE}${game}:`;
    const numbers = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key && key.startsWith(prefix)) numbers.push(Number(key.slice(prefix.length)));
    }
    return numbers.sort((a, b) => a - b);
  }

  function describeEntry(entry) {
    if (entry.kind === "five") {
      const parts = [];
      if (entry.boxLabel) parts.push(entry.boxLabel);
      parts.push(entry.dice.map((d) => (d === null ? "·" : d)).join(" "));
      if (entry.strike) parts.push(WORDS.struck || "struck");
      if (entry.throws && entry.throws.length) {
        parts.push(say("throwsLogged", { n: entry.throws.length }));
      }
      return parts.join(" · ");
    }
    return entry.taps.map((t) => ("face" in t ? t.face : ("keep" in t ? `[${t.keep.join(" ")}]` : "↻"))).join(" ");
  }

  // Entries of turns before this one were sent, or lost to a page that had moved on. Those the
  // server recorded go; the others stay in view, for the scorer to enter again or discard.
  function tidy(play) {
    const game = play.dataset.game;
    const current = Number(play.dataset.turn);
    const keysEl = play.querySelector("#recorded-keys");
    const recorded = new Set(keysEl ? JSON.parse(keysEl.textContent) : []);
    const area = play.querySelector("[data-unsent]");
    if (area) area.replaceChildren();
    keptNumbers(game).forEach((number) => {
      if (number === current) return;  // the turn on the pad
      const entry = readEntry(game, number);
      if (!entry || !entry.touched || recorded.has(entry.key)) { dropEntry(game, number); return; }
      if (entry.queued) return;  // waiting to be sent, counted by the badge
      if (area) area.appendChild(unsentNotice(play, game, number, entry));
    });
  }

  function unsentNotice(play, game, number, entry) {
    const box = document.createElement("div");
    box.className = "alert alert-warning d-flex flex-wrap align-items-center gap-2 fs-5";
    box.dataset.unsentTurn = String(number);
    const text = document.createElement("span");
    text.className = "me-auto";
    text.textContent = say("unsent", { n: number + 1, player: entry.player, turn: describeEntry(entry) })
      + (entry.reason ? ` ${entry.reason}` : "");
    box.appendChild(text);
    const current = Number(play.dataset.turn);
    const nextPlayer = play.querySelector("#turn-heading [data-player]");
    const free = !readEntry(game, current) || !readEntry(game, current).touched;
    if (nextPlayer && nextPlayer.textContent === entry.player && free) {
      const again = button(say("useAgain"), "btn btn-warning", () => {
        const form = play.querySelector("[data-turn-form]");
        writeEntry(game, current, { ...entry, key: form.querySelector("[name=request_key]").value });
        dropEntry(game, number);
        window.location.reload();
      });
      again.dataset.unsentAgain = "";
      box.appendChild(again);
    }
    const discard = button(say("discard"), "btn btn-outline-warning", () => {
      dropEntry(game, number);
      box.remove();
    });
    discard.dataset.unsentDiscard = "";
    box.appendChild(discard);
    return box;
  }

  function button(text, className, onClick) {
    const el = document.createElement("button");
    el.type = "button";
    el.className = className;
    el.textContent = text;
    el.addEventListener("click", onClick);
    return el;
  }

  // The keeper of one turn: its entry, saved on every tap, and its request key.
  function keeper(play, root, fresh) {
    const game = play.dataset.game;
    const number = Number(play.dataset.turn);
    const form = root.querySelector("[data-turn-form]");
    const keyInput = form.querySelector("[name=request_key]");
    const player = root.querySelector("[data-player]").textContent;
    let entry = readEntry(game, number);
    const restored = Boolean(entry && entry.touched && entry.player === player);
    if (restored) {
      keyInput.value = entry.key;  // the same key: a resend of a recorded turn is harmless
    } else {
      entry = { ...fresh, key: keyInput.value, player, touched: false };
    }
    return {
      entry,
      restored,
      save(changes) {
        Object.assign(entry, changes, { touched: true });
        writeEntry(game, number, entry);
      },
      clear() {
        dropEntry(game, number);
        Object.assign(entry, fresh, { touched: false });
      },
    };
  }

  function resting() {
    return Date.now() < restUntil;
  }

  // Pads that rest refuse taps and look it; they wake by themselves.
  function wakeLater(render) {
    const wait = restUntil - Date.now();
    if (wait > 0) setTimeout(render, wait + 10);
  }

  // Five dice -----------------------------------------------------------------------------------

  // `given`: the preview of a turn entered offline, from the server's offline plan.
  function fiveDiceTurn(root, play, given) {
    const preview = given || JSON.parse(document.getElementById("preview-data").textContent);
    const form = root.querySelector("[data-turn-form]");
    const slots = Array.from(root.querySelectorAll("[data-slot]"));
    const faces = Array.from(root.querySelectorAll("[data-face]"));
    const boxes = Array.from(root.querySelectorAll("[data-box]"));
    const dialog = root.querySelector("[data-confirm]");
    const strikeButton = root.querySelector("[data-confirm-strike]");
    const note = root.querySelector("[data-pad-note]");
    const cup = root.querySelector("[data-log-cup]");
    // The engine's limits for the throw log and its Baluts from the cup, looked up, not known.
    const facts = preview.log;
    const kept = keeper(play, root, { kind: "five", dice: [null, null, null, null, null], active: 0, throws: [], box: "", boxLabel: "" });
    const state = kept.entry;
    let message = kept.restored ? `${say("restored")} ${state.reason || ""}`.trim() : "";

    function save() {
      kept.save({});
    }

    function render() {
      const rest = resting();
      slots.forEach((slot, i) => {
        const face = state.dice[i];
        slot.textContent = face === null ? "·" : String(face);
        slot.classList.toggle("active", i === state.active);
        slot.disabled = rest;
        slot.setAttribute("aria-label", say("die", { n: i + 1, face: face === null ? say("notSet") : face }));
      });
      faces.forEach((face) => { face.disabled = rest; });
      const complete = state.dice.every((d) => d !== null);
      const row = complete ? preview.rolls[diceKey(state.dice)] : null;
      boxes.forEach((box, i) => {
        const scoreEl = box.querySelector("[data-score]");
        box.disabled = !row || rest;
        box.dataset.outcome = row ? row[i][1] : "";
        box.dataset.points = row ? row[i][0] : "";
        scoreEl.textContent = row ? `${row[i][0]} ${OUTCOME_TEXT[row[i][1]]}`.trim() : "–";
      });
      form.querySelector("[data-dice-input]").value = complete ? state.dice.join("") : "";
      form.querySelector("[data-throws-input]").value = state.throws.length ? JSON.stringify(loggedThrows(complete)) : "";
      cup.disabled = rest || !complete || !facts.fromCup.includes(diceKey(state.dice));
      form.querySelector("[data-box-input]").value = state.box;
      const log = state.throws.map((t) => (t.cocked ? say("cocked") : t.dice.join(" "))).join(" · ");
      root.querySelector("[data-log-view]").textContent = log;
      note.textContent = message;
      if (rest) wakeLater(render);
    }

    function validThrows() {
      return state.throws.filter((t) => !t.cocked).length;
    }

    // Cocks tapped with no throw logged: the final dice are the throw that followed them.
    function loggedThrows(complete) {
      if (validThrows() || !complete) return state.throws;
      return [...state.throws, { dice: state.dice.slice() }];
    }

    // A throw the log cannot take is refused with a message; the log stays as it was.
    function logThrow(dice) {
      if (validThrows() >= facts.maxValid) {
        message = say("logFull", { n: facts.maxValid });
        return false;
      }
      if (!validThrows() && dice.length !== facts.firstDice) {
        message = say("logFirst", { n: facts.firstDice });
        return false;
      }
      state.throws.push({ dice });
      return true;
    }

    function tapped(change) {
      if (resting()) return;
      message = "";
      change();
      save();
      render();
    }

    slots.forEach((slot, i) => slot.addEventListener("click", () => tapped(() => {
      state.active = i;
      if (state.dice.every((d) => d !== null)) message = say("pickFace", { n: i + 1 });
    })));
    faces.forEach((face) => face.addEventListener("click", () => tapped(() => {
      if (state.active === null) {
        // A sixth face: the five dice stand; the pad says how to change one.
        message = say("fiveSet");
        return;
      }
      state.dice[state.active] = Number(face.dataset.face);
      const next = state.dice.findIndex((d) => d === null);
      state.active = next === -1 ? null : next;
    })));
    root.querySelector("[data-clear]").addEventListener("click", () => tapped(() => {
      state.dice = [null, null, null, null, null];
      state.active = 0;
    }));
    root.querySelector("[data-log-cocked]").addEventListener("click", () => tapped(() => {
      state.throws.push({ cocked: true });
    }));
    root.querySelector("[data-log-throw]").addEventListener("click", () => tapped(() => {
      const thrown = state.dice.filter((d) => d !== null);
      if (thrown.length && logThrow(thrown)) {
        state.dice = [null, null, null, null, null];
        state.active = 0;
      }
    }));
    cup.addEventListener("click", () => tapped(() => {
      if (logThrow(state.dice.slice())) message = say("cupLogged");
    }));
    root.querySelector("[data-log-clear]").addEventListener("click", () => tapped(() => {
      state.throws = [];
    }));

    function confirm(box) {
      form.querySelector("[data-strike-input]").value = "";
      const outcome = OUTCOME_TEXT[box.dataset.outcome];
      const player = root.querySelector("[data-player]").textContent;
      root.querySelector("[data-confirm-text]").textContent =
        `${player}: ${box.dataset.label} ${box.dataset.points}${outcome ? ` (${outcome})` : ""}`;
      strikeButton.hidden = box.dataset.outcome !== "c";
      if (!dialog.open) dialog.showModal();
    }

    boxes.forEach((box) => box.addEventListener("click", () => {
      if (resting()) return;
      state.box = box.dataset.box;
      state.boxLabel = box.dataset.label;
      state.points = box.dataset.points;
      save();
      render();
      confirm(box);
    }));
    strikeButton.addEventListener("click", () => {
      form.querySelector("[data-strike-input]").value = "on";
      kept.save({ strike: true });
    });
    root.querySelector("[data-confirm-ok]").addEventListener("click", () => {
      kept.save({ strike: false });
    });
    root.querySelector("[data-confirm-cancel]").addEventListener("click", () => {
      dialog.close();
      state.box = "";
      state.boxLabel = "";
      save();
      render();
    });
    // The dialog stays open, its buttons disabled, until the answer replaces the pad: a
    // second tap on Record lands on it, not on the dice underneath.
    render();
    // A reload with the confirmation open opens it again; a refusal's message stays in view.
    if (state.box && !state.reason && !play.querySelector("#error")) {
      const box = boxes.find((b) => b.dataset.box === state.box && !b.disabled);
      if (box) confirm(box);
    }
  }

  // Barbut --------------------------------------------------------------------------------------

  // The turn is the list of its taps: {face}, {keep} (a set-aside, changeable), {again} (the
  // set-aside is final, the dice in hand are thrown). Everything shown is replayed from it, so
  // undo is one pop and a restored turn is exactly the one tapped.
  function replayBarbut(table, taps) {
    const turn = { throws: [], thrown: [], inHand: 4, atStake: 0, keep: null };
    taps.forEach((tap) => {
      if ("face" in tap) turn.thrown.push(tap.face);
      else if ("keep" in tap) turn.keep = tap.keep;
      else if ("again" in tap) {
        const choice = choiceOf(table, turn.thrown, turn.keep);
        turn.throws.push({ dice: turn.thrown, keep: turn.keep });
        turn.atStake += choice.value;
        turn.inHand = choice.in_hand_after;
        turn.thrown = [];
        turn.keep = null;
      }
    });
    turn.reading = turn.thrown.length === turn.inHand ? table[diceKey(turn.thrown)] : null;
    return turn;
  }

  function choiceOf(table, thrown, keep) {
    const reading = table[diceKey(thrown)];
    return reading.choices.find((c) => diceKey(c.keep) === diceKey(keep));
  }

  // A recorded turn's throws as the taps that enter it, for its correction on the pad.
  function tapsOf(throws) {
    const taps = [];
    throws.forEach((t, i) => {
      t.dice.forEach((face) => taps.push({ face }));
      if (t.keep.length) taps.push({ keep: t.keep.slice() });
      if (t.keep.length && i < throws.length - 1) taps.push({ again: true });
    });
    return taps;
  }

  function readThrows(text) {
    try {
      const throws = JSON.parse(text || "[]");
      return Array.isArray(throws) ? throws : [];
    } catch (error) {
      return [];
    }
  }

  // `play` is the tablet's play area; without it the pad corrects a recorded turn, starting
  // from the throws its form holds, and keeps nothing on the device.
  function barbutTurn(root, play) {
    const table = JSON.parse(document.getElementById("barbut-throws").textContent);
    const throwsInput = root.querySelector("[data-throws-input]");
    const thrownView = root.querySelector("[data-thrown]");
    const choicesView = root.querySelector("[data-choices]");
    const step = root.querySelector("[data-step]");
    const log = root.querySelector("[data-turn-log]");
    const throwAgain = root.querySelector("[data-throw-again]");
    const bank = root.querySelector("[data-bank]") || document.createElement("button");
    const endTurn = root.querySelector("[data-end-turn]") || document.createElement("button");
    const faces = Array.from(root.querySelectorAll("[data-face]"));
    const clear = root.querySelector("[data-clear]");
    const undo = root.querySelector("[data-undo]");
    const kept = play
      ? keeper(play, root, { kind: "barbut", taps: [] })
      : { entry: { taps: tapsOf(readThrows(throwsInput.value)) }, save() {} };
    const taps = kept.entry.taps;

    function change(apply) {
      if (resting()) return;
      apply();
      kept.save({});
      render();
    }

    function render() {
      const rest = resting();
      const turn = replayBarbut(table, taps);
      const awaiting = turn.thrown.length < turn.inHand;
      faces.forEach((face) => { face.disabled = rest || !awaiting; });
      clear.disabled = rest || !turn.thrown.length || !("face" in (taps[taps.length - 1] || {}));
      undo.disabled = rest || !taps.length;
      const value = turn.keep ? choiceOf(table, turn.thrown, turn.keep).value : 0;
      root.querySelector("[data-at-stake]").textContent = turn.atStake + value;
      root.querySelector("[data-in-hand]").textContent = turn.inHand;
      thrownView.replaceChildren(...turn.thrown.map((face) => {
        const el = document.createElement("span");
        el.className = "die die-slot"; el.textContent = face; return el;
      }));
      const shown = turn.throws.slice();
      if (turn.keep) shown.push({ dice: turn.thrown, keep: turn.keep });
      else if (turn.reading && turn.reading.end) shown.push({ dice: turn.thrown, keep: [] });
      throwsInput.value = JSON.stringify(shown);
      log.replaceChildren(...shown.map((t) => {
        const li = document.createElement("li");
        li.textContent = `${t.dice.join(" ")} → ${t.keep.length ? say("setAside", { dice: t.keep.join(" ") }) : say("nothing")}`;
        return li;
      }));
      choicesView.replaceChildren();
      throwAgain.hidden = bank.hidden = endTurn.hidden = true;
      if (awaiting) {
        step.textContent = say("tapDice", { n: turn.inHand });
      } else if (turn.reading.end) {
        step.textContent = turn.reading.end === "bust" ? say("bust") : say("sixes");
        endTurn.hidden = false;
      } else {
        step.textContent = turn.keep ? say("throwOrBank") : say("chooseAside");
        turn.reading.choices.forEach((choice) => {
          const chosen = Boolean(turn.keep) && diceKey(choice.keep) === diceKey(turn.keep);
          const el = button(`${choice.keep.join(" ")} → ${choice.value}`, "btn btn-outline-warning btn-lg", () => {
            if (!chosen) change(() => taps.push({ keep: choice.keep.slice() }));
          });
          el.setAttribute("aria-pressed", chosen ? "true" : "false");
          choicesView.appendChild(el);
        });
        if (turn.keep) {
          throwAgain.hidden = false;
          bank.hidden = false;
          bank.textContent = say("bank", { n: turn.atStake + value });
        }
      }
      if (rest) wakeLater(render);
    }

    faces.forEach((face) => face.addEventListener("click", () => {
      const turn = replayBarbut(table, taps);
      if (turn.thrown.length < turn.inHand) change(() => taps.push({ face: Number(face.dataset.face) }));
    }));
    clear.addEventListener("click", () => change(() => {
      while (taps.length && "face" in taps[taps.length - 1]) taps.pop();
    }));
    // A changed set-aside undoes to the one before it, a set-aside back to its choices.
    undo.addEventListener("click", () => change(() => { taps.pop(); }));
    throwAgain.addEventListener("click", () => change(() => {
      const last = taps[taps.length - 1];
      if (last && "keep" in last) taps.push({ again: true });
    }));
    render();
  }

  // Sending -------------------------------------------------------------------------------------

  function isTurnPost(event) {
    const elt = event.detail && event.detail.elt;
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
  });

  // Set before the answer's pad is drawn, so that pad starts resting.
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (isTurnPost(event) && event.detail.shouldSwap) restUntil = Date.now() + REST_MS;
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
          return;  // still no server: the queue waits
        }
        const html = await response.text();
        // Only an answer with the play area (recorded, or refused with the sheet) settles a
        // queued turn; anything else (a server error, a sign-in page) leaves it waiting.
        if (!html.includes('id="play"') || ![200, 409, 422].includes(response.status)) return;
        if (response.status === 200) {
          dropEntry(game, number);
        } else {
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
        }
        const current = document.getElementById("play");
        if (current) htmx.swap(current, html, { swapStyle: "outerHTML" });
        if (response.status !== 200) return;  // a refused turn stops the queue there
      }
    } finally {
      syncing = false;
    }
  }

  document.addEventListener("click", (event) => {
    if (event.target.closest && event.target.closest("[data-queue-badge]")) sync();
  });
  window.addEventListener("online", sync);
  setInterval(sync, 15000);

  // Offline, turn after turn -------------------------------------------------------------------
  // The server sends with every answer the seats of the turns to come (as far as the engine
  // knows them) and each of those players' open boxes and preview table. With no connection
  // the tablet draws the next player's pad from a copy of this one and those tables: it looks
  // scores up, it works none out. When a player's table no longer fits (an offline turn closed
  // a box) or the known order ends, the pad waits for the server.

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
    const seatPlan = plan.seats[String(seat)];
    const free = Object.fromEntries(seatPlan.boxes.map((box) => [box.key, box.free]));
    queuedEntries(game).forEach(([number, entry]) => {
      if (seatOf(number) === seat && entry.box in free) free[entry.box] -= 1;
    });
    if (Object.values(free).some((count) => count <= 0)) return false;
    const holder = document.createElement("div");
    holder.innerHTML = pristine;
    const section = holder.firstElementChild;
    section.querySelectorAll("script").forEach((script) => script.remove());
    const name = plan.players[seat];
    section.querySelector("[data-player]").textContent = name;
    const form = section.querySelector("[data-turn-form]");
    form.querySelector("[name=expected_number]").value = String(next);
    form.querySelector("[name=request_key]").value = newKey();
    form.querySelector("[name=player]").value = name;
    const boxes = section.querySelector(".boxes");
    const model = boxes.querySelector("[data-box]");
    boxes.replaceChildren(...seatPlan.boxes.map((box) => {
      const button = model.cloneNode(true);
      button.dataset.box = box.key;
      button.dataset.label = box.label;
      button.querySelector(".box-label").textContent = box.label;
      return button;
    }));
    restUntil = Date.now() + REST_MS;
    play.querySelector("[data-five-dice-turn]").replaceWith(section);
    play.dataset.turn = String(next);
    delete play.dataset.sending;
    htmx.process(section);
    fiveDiceTurn(section, play, { boxes: seatPlan.boxes, rolls: plan.tables[seatPlan.table], log: logFacts });
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
    const planEl = play.querySelector("#offline-data");
    plan = planEl ? JSON.parse(planEl.textContent) : null;
    const five = play.querySelector("[data-five-dice-turn]");
    pristine = five ? five.outerHTML : "";
    const previewEl = play.querySelector("#preview-data");
    logFacts = previewEl ? JSON.parse(previewEl.textContent).log : null;
    tidy(play);
    play.querySelectorAll("[data-five-dice-turn]").forEach((root) => fiveDiceTurn(root, play));
    play.querySelectorAll("[data-barbut-turn]").forEach((root) => barbutTurn(root, play));
    showQueued(play);
    sync();
  }

  document.addEventListener("DOMContentLoaded", () => {
    init(document);
    document.querySelectorAll("[data-barbut-correction]").forEach((root) => barbutTurn(root, null));
  });
  document.addEventListener("htmx:load", (event) => {
    if (event.target !== document.body) init(event.target);
  });
  // A page brought back from the back/forward cache may be behind the server: fetch it again.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && document.getElementById("play")) window.location.reload();
  });
})();
