// The scorer's tablet. Every score shown here is looked up in tables the server rendered
// from the rules engine (#preview-data, #barbut-throws); this file decides no rule itself.
(function () {
  "use strict";

  const OUTCOME_TEXT = { s: "", x: "scratch", c: "claim", k: "strike" };

  function diceKey(dice) {
    return dice.slice().sort().join("");
  }

  function fiveDiceTurn(root) {
    const preview = JSON.parse(document.getElementById("preview-data").textContent);
    const form = root.querySelector("[data-turn-form]");
    const slots = Array.from(root.querySelectorAll("[data-slot]"));
    const boxes = Array.from(root.querySelectorAll("[data-box]"));
    const dialog = root.querySelector("[data-confirm]");
    const strikeButton = root.querySelector("[data-confirm-strike]");
    const throws = [];
    const dice = [null, null, null, null, null];
    let active = 0;

    function render() {
      slots.forEach((slot, i) => {
        slot.textContent = dice[i] === null ? "·" : String(dice[i]);
        slot.classList.toggle("active", i === active);
        slot.setAttribute("aria-label", `Die ${i + 1}: ${dice[i] === null ? "not set" : dice[i]}`);
      });
      const complete = dice.every((d) => d !== null);
      const row = complete ? preview.rolls[diceKey(dice)] : null;
      boxes.forEach((button, i) => {
        const scoreEl = button.querySelector("[data-score]");
        button.disabled = !row;
        button.dataset.outcome = row ? row[i][1] : "";
        button.dataset.points = row ? row[i][0] : "";
        scoreEl.textContent = row ? `${row[i][0]} ${OUTCOME_TEXT[row[i][1]]}`.trim() : "–";
      });
      form.querySelector("[data-dice-input]").value = complete ? dice.join("") : "";
      form.querySelector("[data-throws-input]").value = throws.length ? JSON.stringify(throws) : "";
      const log = throws.map((t) => (t.cocked ? "cocked" : t.dice.join(" "))).join(" · ");
      root.querySelector("[data-log-view]").textContent = log;
    }

    slots.forEach((slot, i) => slot.addEventListener("click", () => { active = i; render(); }));
    root.querySelectorAll("[data-face]").forEach((button) =>
      button.addEventListener("click", () => {
        dice[active] = Number(button.dataset.face);
        const next = dice.findIndex((d) => d === null);
        active = next === -1 ? active : next;
        render();
      }));
    root.querySelector("[data-clear]").addEventListener("click", () => {
      dice.fill(null); active = 0; render();
    });
    root.querySelector("[data-log-cocked]").addEventListener("click", () => {
      throws.push({ cocked: true }); render();
    });
    root.querySelector("[data-log-throw]").addEventListener("click", () => {
      const thrown = dice.filter((d) => d !== null);
      if (thrown.length) { throws.push({ dice: thrown }); dice.fill(null); active = 0; render(); }
    });
    root.querySelector("[data-log-clear]").addEventListener("click", () => {
      throws.length = 0; render();
    });
    boxes.forEach((button) => button.addEventListener("click", () => {
      form.querySelector("[data-box-input]").value = button.dataset.box;
      form.querySelector("[data-strike-input]").value = "";
      const outcome = OUTCOME_TEXT[button.dataset.outcome];
      const player = root.querySelector("[data-player]").textContent;
      root.querySelector("[data-confirm-text]").textContent =
        `${player}: ${button.dataset.label} ${button.dataset.points}${outcome ? ` (${outcome})` : ""}`;
      strikeButton.hidden = button.dataset.outcome !== "c";
      dialog.showModal();
    }));
    strikeButton.addEventListener("click", () => {
      form.querySelector("[data-strike-input]").value = "on";
    });
    root.querySelector("[data-confirm-cancel]").addEventListener("click", () => dialog.close());
    form.addEventListener("submit", () => dialog.close());
    render();
  }

  function barbutTurn(root) {
    const table = JSON.parse(document.getElementById("barbut-throws").textContent);
    const form = root.querySelector("[data-turn-form]");
    const thrownView = root.querySelector("[data-thrown]");
    const choicesView = root.querySelector("[data-choices]");
    const step = root.querySelector("[data-step]");
    const log = root.querySelector("[data-turn-log]");
    const throwAgain = root.querySelector("[data-throw-again]");
    const bank = root.querySelector("[data-bank]");
    const endTurn = root.querySelector("[data-end-turn]");
    const faces = Array.from(root.querySelectorAll("[data-face]"));
    const clear = root.querySelector("[data-clear]");
    const throws = [];
    let thrown = [];
    let inHand = 4;
    let atStake = 0;
    let choosing = true;

    // The pad takes taps only while dice of a throw are awaited, and looks it: a tap that
    // would be ignored (before "Throw again", after a bust) must not look as if it counted.
    function accepting() {
      return choosing && thrown.length < inHand && endTurn.hidden;
    }

    function render() {
      draw();
      faces.forEach((button) => { button.disabled = !accepting(); });
      clear.disabled = !(choosing && thrown.length && endTurn.hidden);
    }

    function draw() {
      root.querySelector("[data-at-stake]").textContent = atStake;
      root.querySelector("[data-in-hand]").textContent = inHand;
      thrownView.replaceChildren(...thrown.map((face) => {
        const el = document.createElement("span");
        el.className = "die die-slot"; el.textContent = face; return el;
      }));
      form.querySelector("[data-throws-input]").value = JSON.stringify(throws);
      log.replaceChildren(...throws.map((t) => {
        const li = document.createElement("li");
        li.textContent = `${t.dice.join(" ")} → ${t.keep.length ? `set aside ${t.keep.join(" ")}` : "nothing"}`;
        return li;
      }));
      choicesView.replaceChildren();
      throwAgain.hidden = bank.hidden = endTurn.hidden = true;
      if (!choosing) {
        step.textContent = "Throw again or bank.";
        throwAgain.hidden = false; bank.hidden = false;
        bank.textContent = `Bank ${atStake}`;
        return;
      }
      if (thrown.length < inHand) { step.textContent = `Tap the ${inHand} dice thrown.`; return; }
      const reading = table[diceKey(thrown)];
      if (reading.end) {
        throws.push({ dice: thrown.slice(), keep: [] });
        form.querySelector("[data-throws-input]").value = JSON.stringify(throws);
        step.textContent = reading.end === "bust" ? "Bust: the turn's points are lost." : "6-6-6-6!";
        endTurn.hidden = false;
        return;
      }
      step.textContent = "Choose the dice set aside.";
      reading.choices.forEach((choice) => {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "btn btn-outline-warning btn-lg";
        button.textContent = `${choice.keep.join(" ")} → ${choice.value}`;
        button.addEventListener("click", () => {
          throws.push({ dice: thrown.slice(), keep: choice.keep });
          atStake += choice.value;
          inHand = choice.in_hand_after;
          thrown = [];
          choosing = false;
          render();
        });
        choicesView.appendChild(button);
      });
    }

    faces.forEach((button) =>
      button.addEventListener("click", () => {
        if (accepting()) { thrown.push(Number(button.dataset.face)); render(); }
      }));
    clear.addEventListener("click", () => {
      if (choosing && endTurn.hidden) { thrown = []; render(); }
    });
    throwAgain.addEventListener("click", () => { choosing = true; render(); });
    render();
  }

  function init(scope) {
    scope.querySelectorAll("[data-five-dice-turn]").forEach(fiveDiceTurn);
    scope.querySelectorAll("[data-barbut-turn]").forEach(barbutTurn);
  }

  document.addEventListener("DOMContentLoaded", () => init(document));
  document.addEventListener("htmx:load", (event) => {
    if (event.target !== document.body) init(event.target);
  });
})();
