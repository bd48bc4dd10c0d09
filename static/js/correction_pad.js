// Correcting a five-dice turn on the tablet's dice pad: the five dice tapped (or changed one by
// one: its slot, then its new face), and each box showing what they score there. The scores
// are looked up in the engine's preview for the game as the turn found it (#correction-preview,
// scoring/presentation/tablet.py correction_preview); this file decides no rule itself. The
// form posts the dice and the box chosen; the server checks the corrected game whole.
(function (T) {
  "use strict";

  const { OUTCOME_TEXT, say, diceKey } = T;

  function correctionPad(root) {
    const preview = JSON.parse(document.getElementById("correction-preview").textContent);
    const form = root.closest("form");
    const input = root.querySelector("[data-dice-input]");
    const slots = Array.from(root.querySelectorAll("[data-slot]"));
    const faces = Array.from(root.querySelectorAll("[data-face]"));
    const note = root.querySelector("[data-pad-note]");
    const given = (input.value || "").replace(/[^1-6]/g, "").split("").map(Number);
    const dice = given.length === 5 ? given : [null, null, null, null, null];
    let active = dice.findIndex((d) => d === null);
    if (active === -1) active = null;
    let message = "";

    function render() {
      slots.forEach((slot, i) => {
        slot.textContent = dice[i] === null ? "·" : String(dice[i]);
        slot.classList.toggle("active", i === active);
        slot.setAttribute("aria-label", say("die", { n: i + 1, face: dice[i] === null ? say("notSet") : dice[i] }));
      });
      const complete = dice.every((d) => d !== null);
      input.value = complete ? dice.join("") : "";
      const row = complete ? preview.rolls[diceKey(dice)] : null;
      form.querySelectorAll("[data-box-choice]").forEach((label) => {
        const index = preview.boxes.findIndex((box) => box.key === label.dataset.boxChoice);
        const shown = row && index !== -1 ? row[index] : null;
        label.querySelector("[data-score]").textContent = shown ? `${shown[0]} ${OUTCOME_TEXT[shown[1]]}`.trim() : "";
        label.dataset.outcome = shown ? shown[1] : "";
      });
      note.textContent = message;
    }

    function tapped(change) {
      message = "";
      change();
      render();
    }

    slots.forEach((slot, i) => slot.addEventListener("click", () => tapped(() => {
      active = i;
      if (dice.every((d) => d !== null)) message = say("pickFace", { n: i + 1 });
    })));
    faces.forEach((face) => face.addEventListener("click", () => tapped(() => {
      if (active === null) {
        message = say("fiveSet");
        return;
      }
      dice[active] = Number(face.dataset.face);
      const next = dice.findIndex((d) => d === null);
      active = next === -1 ? null : next;
    })));
    root.querySelector("[data-clear]").addEventListener("click", () => tapped(() => {
      dice.fill(null);
      active = 0;
    }));
    render();
  }

  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll("[data-five-dice-correction]").forEach(correctionPad);
  });
})(window.BalutTablet);
