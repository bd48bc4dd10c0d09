// The scorer's tablet, part 1 of 3: the words, and the device's store of the turn being tapped.
//
// Every tap of the turn being entered is kept in localStorage as it is tapped, under the
// game and the turn's number: a reload, the back button or a crashed tab brings it back.
// An entry is dropped when the server has recorded that turn (its request key comes back
// among the recorded ones) or when the scorer discards it; nothing else removes it.
// tablet_pads.js draws the dice pads, tablet.js sends turns and keeps them when offline.
(function (T) {
  "use strict";

  const STORE = "balutclub:turn:";
  // After a turn is recorded the next player's pad rests this long: the second tap of a
  // double tap on Record or Bank lands on a resting pad and enters nothing.
  const REST_MS = 600;
  T.restUntil = 0;

  function words() {
    const el = document.getElementById("tablet-words");
    return el ? JSON.parse(el.textContent) : {};
  }
  const WORDS = words();
  // A box's outcome beside its points, in the scorer's words (scoring/presentation/tablet.py).
  const OUTCOME_TEXT = {
    s: "", x: WORDS.scratch || "scratch", c: WORDS.claim || "claim", k: WORDS.strike || "strike",
  };

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

  // The store's entries of this app, kept in memory too. The waiting turns are read several
  // times per Record tap (the next pad, the pending cells, the badge), and with a whole game
  // queued offline each read scanned every key of localStorage and parsed every entry again,
  // dearer with every turn queued. Writes go to both; another tab's write (the storage event)
  // drops the copy, which is read afresh from localStorage when next asked for.
  let copy = null;  // store key -> { text: the entry's JSON, parsed: its object, once read }

  function kept() {
    if (copy) return copy;
    copy = new Map();
    try {
      for (let i = 0; i < localStorage.length; i += 1) {
        const key = localStorage.key(i);
        if (key && key.startsWith(STORE)) copy.set(key, { text: localStorage.getItem(key), parsed: undefined });
      }
    } catch (error) {
      // A disabled store: the page keeps its entries in memory alone.
    }
    return copy;
  }
  window.addEventListener("storage", () => { copy = null; });

  function parsed(held) {
    if (held.parsed === undefined) {
      try { held.parsed = JSON.parse(held.text); } catch (error) { held.parsed = null; }
    }
    return held.parsed;
  }

  // A copy of the entry of its own: the caller may change it, and writes it back to keep it.
  function readEntry(game, number) {
    const held = kept().get(storeKey(game, number));
    if (!held) return null;
    try { return JSON.parse(held.text); } catch (error) { return null; }
  }

  function writeEntry(game, number, entry) {
    const key = storeKey(game, number);
    const text = JSON.stringify(entry);
    // Kept in memory even when the store refuses it (full or disabled): the turn then works
    // while the page lives, it just does not survive a reload.
    kept().set(key, { text, parsed: undefined });
    try {
      localStorage.setItem(key, text);
    } catch (error) {
      // See above.
    }
  }

  function dropEntry(game, number) {
    const key = storeKey(game, number);
    kept().delete(key);
    try { localStorage.removeItem(key); } catch (error) { /* see above */ }
  }

  function keptNumbers(game) {
    const prefix = `${STORE}${game}:`;
    const numbers = [];
    kept().forEach((held, key) => {
      if (key.startsWith(prefix)) numbers.push(Number(key.slice(prefix.length)));
    });
    return numbers.sort((a, b) => a - b);
  }

  // The game's turns waiting to be sent, in order, as [number, entry]. Each entry is parsed
  // once per write, and shared by every reader until the next: read it, or change it and
  // write it back (writeEntry), never change it alone.
  function waitingEntries(game) {
    const prefix = `${STORE}${game}:`;
    const waiting = [];
    kept().forEach((held, key) => {
      if (!key.startsWith(prefix)) return;
      const entry = parsed(held);
      if (entry && entry.queued) waiting.push([Number(key.slice(prefix.length)), entry]);
    });
    return waiting.sort(([a], [b]) => a - b);
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
    return Date.now() < T.restUntil;
  }

  // Pads that rest refuse taps and look it; they wake by themselves.
  function wakeLater(render) {
    const wait = T.restUntil - Date.now();
    if (wait > 0) setTimeout(render, wait + 10);
  }

  Object.assign(T, { OUTCOME_TEXT, REST_MS, say, diceKey, readEntry, writeEntry, dropEntry, keptNumbers, waitingEntries, describeEntry, tidy, button, keeper, resting, wakeLater });
})(window.BalutTablet = window.BalutTablet || {});
