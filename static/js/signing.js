// The signature pad: a finger (or a mouse) draws on a canvas; the form sends it as a PNG.
// The pad is dark with light ink to suit the room, but the PNG sent has black ink on a
// see-through background, so it prints on paper. The server checks the PNG again.
(function () {
  "use strict";

  const INK_ON_SCREEN = "#ffd54a";
  // Bitmap pixels per CSS pixel: crisp on a Retina screen, yet well inside the server's limits.
  const MAX_SCALE = 2;
  const MAX_WIDTH = 2400;
  const MAX_HEIGHT = 1400;

  function pad(panel) {
    const canvas = panel.querySelector("[data-pad]");
    const form = panel.querySelector("[data-drawing-form]");
    if (!canvas || !form) return;
    const input = form.querySelector("[data-drawing-input]");
    const hint = panel.querySelector("[data-pad-hint]");
    const context = canvas.getContext("2d");
    let drawn = false;
    let last = null;

    // Sized to the pad as shown; only while empty, since resizing a canvas wipes it.
    function fit() {
      const rect = canvas.getBoundingClientRect();
      if (!rect.width || drawn) return;
      const scale = Math.min(window.devicePixelRatio || 1, MAX_SCALE,
        MAX_WIDTH / rect.width, MAX_HEIGHT / rect.height);
      canvas.width = Math.round(rect.width * scale);
      canvas.height = Math.round(rect.height * scale);
    }

    // Where the pointer is, in the bitmap's pixels (the pad may have been resized since).
    function point(event) {
      const rect = canvas.getBoundingClientRect();
      return {
        x: ((event.clientX - rect.left) * canvas.width) / rect.width,
        y: ((event.clientY - rect.top) * canvas.height) / rect.height,
        width: (3 * canvas.width) / rect.width,
      };
    }

    function stroke(from, to) {
      context.strokeStyle = INK_ON_SCREEN;
      context.fillStyle = INK_ON_SCREEN;
      context.lineCap = "round";
      context.lineJoin = "round";
      context.lineWidth = to.width;
      context.beginPath();
      if (from.x === to.x && from.y === to.y) {
        context.arc(to.x, to.y, to.width / 2, 0, 2 * Math.PI);
        context.fill();
        return;
      }
      context.moveTo(from.x, from.y);
      context.lineTo(to.x, to.y);
      context.stroke();
    }

    canvas.addEventListener("pointerdown", (event) => {
      if (event.button !== 0 && event.pointerType === "mouse") return;
      event.preventDefault();
      canvas.setPointerCapture(event.pointerId);
      last = point(event);
      stroke(last, last);
      drawn = true;
      hint.hidden = true;
    });
    canvas.addEventListener("pointermove", (event) => {
      if (last === null) return;
      event.preventDefault();
      // A fast finger reports several positions per frame: draw through all of them.
      const events = event.getCoalescedEvents ? event.getCoalescedEvents() : [event];
      (events.length ? events : [event]).forEach((each) => {
        const next = point(each);
        stroke(last, next);
        last = next;
      });
    });
    const end = () => { last = null; };
    canvas.addEventListener("pointerup", end);
    canvas.addEventListener("pointercancel", end);
    canvas.addEventListener("lostpointercapture", end);

    panel.querySelector("[data-pad-clear]").addEventListener("click", () => {
      context.clearRect(0, 0, canvas.width, canvas.height);
      drawn = false;
      fit();
    });

    form.addEventListener("submit", (event) => {
      if (!drawn) {
        event.preventDefault();
        hint.hidden = false;
        return;
      }
      input.value = printable();
    });

    // The ink turned black, keeping its shape (its alpha): the PNG that is kept and printed.
    function printable() {
      const out = document.createElement("canvas");
      out.width = canvas.width;
      out.height = canvas.height;
      const ink = out.getContext("2d");
      ink.drawImage(canvas, 0, 0);
      ink.globalCompositeOperation = "source-in";
      ink.fillStyle = "#000";
      ink.fillRect(0, 0, out.width, out.height);
      return out.toDataURL("image/png");
    }

    panel.addEventListener("toggle", fit);
    window.addEventListener("resize", fit);
    fit();
    // The pad's own signal that it listens: a tap before this would post an empty drawing.
    canvas.setAttribute("data-pad-ready", "");
  }

  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll("[data-sign-panel]").forEach(pad);
  });
})();
