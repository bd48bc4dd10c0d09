// The scorer's tablet, part 2 of 3: the dice pads. Every score shown here is looked up in
// tables the server rendered from the rules engine (#preview-data, #barbut-throws, the
// offline plan); this file decides no rule itself.
(function (T) {
  "use strict";

  const { OUTCOME_TEXT, say, diceKey, button, keeper, resting, wakeLater } = T;

  // Five dice -----------------------------------------------------------------------------------

  // `given`: the preview looked up in the server's offline plan, for a turn entered offline
  // or the pad of a turn's answer (tablet.js); otherwise #preview-data has it whole.
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
    // `fresh`: the slots tapped since the last logged throw, the dice thrown again. A logged
    // throw stays on the pad as the final dice; the next throw is its dice tapped anew.
    const kept = keeper(play, root, { kind: "five", dice: [null, null, null, null, null], active: 0, throws: [], fresh: [], box: "", boxLabel: "" });
    const state = kept.entry;
    state.fresh = state.fresh || [];
    const undoLog = root.querySelector("[data-log-undo]");
    // A reload says the taps came back; a pad the queue's answer redrew in place keeps them
    // without a word (tablet_queue.js), but a refusal's reason is said either way.
    const quiet = play.dataset.redrawn !== undefined;
    let message = kept.restored ? `${quiet ? "" : say("restored")} ${state.reason || ""}`.trim() : "";

    function save() {
      kept.save({});
    }

    function render() {
      const rest = resting();
      root.classList.toggle("resting", rest);  // the rest is seen, not only felt
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
      const log = state.throws.map(shownThrow).join(" · ");
      root.querySelector("[data-log-view]").textContent = log;
      const last = state.throws[state.throws.length - 1];
      undoLog.hidden = !last;
      undoLog.disabled = rest;
      undoLog.textContent = last ? say("undoLog", { entry: shownThrow(last) }) : "";
      note.textContent = message;
      if (rest) wakeLater(render);
    }

    function shownThrow(t) {
      return t.cocked ? say("cocked") : t.dice.join(" ");
    }

    // Who owes a round for what was just logged, as the engine's facts say, when this game
    // books rounds owed: a full run of cocks, or a Balut straight from the cup.
    function owed(text) {
      return facts.drinks ? say(text, { player: root.querySelector("[data-player]").textContent }) : "";
    }

    function cocksInARow() {
      let run = 0;
      for (let i = state.throws.length - 1; i >= 0 && state.throws[i].cocked; i -= 1) run += 1;
      return run;
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
      if (!state.fresh.includes(state.active)) state.fresh.push(state.active);
      const next = state.dice.findIndex((d) => d === null);
      state.active = next === -1 ? null : next;
    })));
    root.querySelector("[data-clear]").addEventListener("click", () => tapped(() => {
      state.dice = [null, null, null, null, null];
      state.active = 0;
      state.fresh = [];
    }));
    root.querySelector("[data-log-cocked]").addEventListener("click", () => tapped(() => {
      state.throws.push({ cocked: true });
      if (cocksInARow() % facts.cocksPerRound === 0) message = owed("cocksOwe");
    }));
    // The throw logged is the dice tapped since the last one; they all stay on the pad.
    root.querySelector("[data-log-throw]").addEventListener("click", () => tapped(() => {
      const thrown = state.fresh.slice().sort().map((i) => state.dice[i]).filter((d) => d !== null);
      if (!thrown.length) {
        message = say("logNone");
      } else if (logThrow(thrown)) {
        state.fresh = [];
        state.active = state.dice.findIndex((d) => d === null);
        if (state.active === -1) state.active = null;
      }
    }));
    cup.addEventListener("click", () => tapped(() => {
      if (logThrow(state.dice.slice())) {
        state.fresh = [];
        message = owed("cupOwes") || say("cupLogged");
      }
    }));
    // A mistapped Cocked (or any last entry) comes off the log with one tap.
    undoLog.addEventListener("click", () => tapped(() => {
      state.throws.pop();
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
    // Throws logged before a reload: the log's buttons are open again, to log the next.
    if (state.throws.some((t) => !t.cocked)) root.querySelector("details.throw-log").open = true;
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
      root.classList.toggle("resting", rest);
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

  Object.assign(T, { fiveDiceTurn, barbutTurn });
})(window.BalutTablet);
