// The start-a-game form: shows only the settings and columns that change the chosen game. The
// server renders which games each one applies to (data-rulesets); anything hidden still posts its
// default and the rules engine ignores it, so this file only tidies the form.
(function () {
  "use strict";

  const form = document.querySelector("[data-game-setup]");
  if (!form) {
    return;
  }
  const ruleset = form.querySelector("select[name=ruleset]");

  function update() {
    form.querySelectorAll("[data-rulesets]").forEach((element) => {
      const applies = element.dataset.rulesets.split(" ").includes(ruleset.value);
      // A refused value stays in sight, or its message would be hidden with it.
      element.hidden = !applies && !element.querySelector(".is-invalid");
    });
  }

  // The club's default options for each game (club settings), rendered by the server.
  const defaults = JSON.parse(document.getElementById("option-defaults").textContent);

  function applyDefaults() {
    const chosen = defaults[ruleset.value] || {};
    Object.entries(chosen).forEach(([name, value]) => {
      const field = form.querySelector(`[name=${name}]`);
      if (field) field.value = value;
    });
  }

  ruleset.addEventListener("change", () => { applyDefaults(); update(); });
  update();
})();
