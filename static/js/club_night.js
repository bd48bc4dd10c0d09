// Print a club night: count the sheets first, show "Rendering N sheets…" while the server
// renders them, then save the PDF. Without this script the form posts and the browser downloads.
(function () {
  "use strict";

  function show(status, html) {
    status.innerHTML = html;
  }

  function escapeText(text) {
    const span = document.createElement("span");
    span.textContent = text;
    return span.innerHTML;
  }

  // The server names the file in the reader's words; a name with letters beyond ASCII
  // ("forår") comes as RFC 6266's filename*=utf-8''…, percent-encoded.
  function filenameOf(response) {
    const disposition = response.headers.get("Content-Disposition") || "";
    const encoded = disposition.match(/filename\*=utf-8''([^;]+)/i);
    if (encoded) {
      return decodeURIComponent(encoded[1]);
    }
    const plain = disposition.match(/filename="?([^";]+)"?/);
    return plain ? plain[1] : "balutclub.pdf";
  }

  async function errorOf(response) {
    try {
      const body = await response.json();
      return body.error || gettext("The sheets could not be printed.");
    } catch (_) {
      return interpolate(gettext("The sheets could not be printed (%s)."), [response.status]);
    }
  }

  async function print(form, status, button) {
    const data = new FormData(form);
    const query = new URLSearchParams({
      date_from: data.get("date_from") || "",
      date_to: data.get("date_to") || "",
    });
    show(status, '<span class="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>' + escapeText(gettext("Counting the games…")));
    const counted = await fetch(form.action + "?" + query.toString(), {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    if (!counted.ok) {
      show(status, '<div class="alert alert-danger" id="club-night-error">' + escapeText(await errorOf(counted)) + "</div>");
      return;
    }
    const count = (await counted.json()).count;
    if (!count) {
      show(status, '<div class="alert alert-warning" id="club-night-error">' + escapeText(gettext("No game was started in that range.")) + "</div>");
      return;
    }
    const rendering = interpolate(ngettext("Rendering %s sheet…", "Rendering %s sheets…", count), [count]);
    show(status, '<span class="spinner-border me-2" aria-hidden="true"></span><span id="club-night-progress">' + escapeText(rendering) + "</span>");
    button.disabled = true;
    try {
      const response = await fetch(form.action, {
        method: "POST",
        body: data,
        headers: { Accept: "application/pdf, application/json" },
        credentials: "same-origin",
      });
      if (!response.ok) {
        show(status, '<div class="alert alert-danger" id="club-night-error">' + escapeText(await errorOf(response)) + "</div>");
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = filenameOf(response);
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
      const done = interpolate(
        ngettext("Done: %(count)s sheet in %(file)s.", "Done: %(count)s sheets in %(file)s.", count),
        { count: count, file: link.download },
        true,
      );
      show(status, '<p id="club-night-done">' + escapeText(done) + "</p>");
    } finally {
      button.disabled = false;
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    const form = document.getElementById("club-night-form");
    const status = document.getElementById("club-night-status");
    const button = document.getElementById("club-night-print");
    if (!form || !status || !button || !window.fetch) {
      return;
    }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      print(form, status, button).catch(function () {
        show(status, '<div class="alert alert-danger" id="club-night-error">' + escapeText(gettext("The connection failed; try again.")) + "</div>");
        button.disabled = false;
      });
    });
    // The page's signal that the script prints: before it, a tap posts the form plainly.
    form.setAttribute("data-script-ready", "");
  });
})();
