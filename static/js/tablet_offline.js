// The scorer's tablet, offline: the previews of the turns to come, looked up in the engine's
// columns, and the service worker that shows the game page again after a reload with no
// connection. Loaded before tablet.js, which calls in here. After a reload from the kept copy,
// tablet.js plays the turns queued since it was kept on again from the plan, as it does after
// any page the server has not stored those turns on.
(function (T) {
  "use strict";

  const PAGES = "balutclub-pages-v1";  // the service worker's cache (static/js/sw.js)
  const pageKey = () => location.origin + location.pathname;

  // The pad for `seat` from the server's offline plan, its boxes counted down by the turns
  // queued for that seat (`filled`, their box keys). Every score and outcome is looked up in
  // the engine's columns; a jackpot box's column depends on its regular box still being open,
  // and the plan says on which. Null when the seat has no box left.
  T.offlinePreview = function (plan, seat, filled) {
    const free = { ...plan.seats[String(seat)] };
    filled.forEach((box) => { if (box in free) free[box] -= 1; });
    const open = Object.keys(free).filter((box) => free[box] > 0);
    if (!open.length) return null;
    return { boxes: open.map((key) => ({ key, label: plan.labels[key] })), rolls: T.planRolls(plan, open) };
  };

  // Every roll's score and outcome in each of the `open` boxes, in their order, looked up in
  // the engine's columns: for a turn entered offline, and for the pad of a turn's answer,
  // which names its boxes and leaves their rolls to these columns (tablet.js).
  T.planRolls = function (plan, open) {
    const isOpen = new Set(open);
    const columns = open.map((box) => {
      const column = plan.columns[box];
      return column.if && !isOpen.has(column.if) ? column.else : column;
    });
    const rolls = {};
    for (let i = 0; i * 5 < plan.rolls.length; i += 1) {
      rolls[plan.rolls.slice(i * 5, i * 5 + 5)] = columns.map((column) => [column.s[i], column.o[i]]);
    }
    return rolls;
  };

  // The copy a reload with no connection shows ----------------------------------------------
  // The service worker keeps the last game page it fetched. Turns recorded since came as
  // answers that replaced #play: each one is put into that copy, so it is never behind the
  // last answer. On the very first visit the worker was not there yet: the page as the server
  // sent it is kept instead (read before any script changed it).

  const fromCache = document.documentElement.hasAttribute("data-offline-copy");
  // Why the last send did not get through: the server answered with an error (its database
  // down) rather than no answer at all. The queue keeps it; the badge says it.
  T.serverDown = document.documentElement.getAttribute("data-offline-copy") === "server";
  const firstHtml = `<!DOCTYPE html>\n${document.documentElement.outerHTML}`;

  async function put(html) {
    const cache = await caches.open(PAGES);
    await cache.put(pageKey(), new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
  }

  async function keepAnswer(playHtml) {
    const cache = await caches.open(PAGES);
    const kept = await cache.match(pageKey());
    if (!kept) return;
    const doc = new DOMParser().parseFromString(await kept.text(), "text/html");
    const old = doc.getElementById("play");
    if (!old) return;
    old.outerHTML = playHtml;
    doc.documentElement.removeAttribute("data-offline-copy");
    await put(`<!DOCTYPE html>\n${doc.documentElement.outerHTML}`);
  }

  // Called by tablet.js before it draws the pads of a #play the server has just sent.
  T.beforeInit = function (play, scope) {
    if (scope === document || !window.caches) return;
    keepAnswer(play.outerHTML.replace(/ htmx-(added|settling|swapping)/g, "").replace(' data-redrawn=""', "")).catch(() => {});
  };

  // The page's scripts, styles and the words' catalog, as the worker would have kept them had
  // it been there when they were fetched.
  async function keepFirstVisit() {
    await put(firstHtml);
    const cache = await caches.open(PAGES);
    const urls = Array.from(document.querySelectorAll("script[src], link[href]"), (el) => new URL(el.src || el.href, location.href))
      .filter((url) => url.origin === location.origin && (url.pathname.startsWith("/static/") || url.pathname === "/jsi18n/"));
    await Promise.all(urls.map((url) => cache.add(url.href).catch(() => {})));
  }

  // Only the scorer's tablet (the page with the Pending badge) needs the worker.
  // The installed app's start page reopens this game while it is in play (app_start.js).
  if (document.querySelector("#play [data-queue-badge]")) {
    try { localStorage.setItem("balutclub:game-in-play", location.pathname); } catch (error) { /* no storage */ }
  }
  if ("serviceWorker" in navigator && window.caches && document.querySelector("#play [data-queue-badge]")) {
    const controlled = Boolean(navigator.serviceWorker.controller);
    navigator.serviceWorker.register("/sw.js", { scope: "/games/" }).then(() => {
      if (!controlled && !fromCache) return keepFirstVisit();
      return null;
    }).catch(() => { /* no worker: the tablet works, a reload just needs the server */ });
  }
})(window.BalutTablet = window.BalutTablet || {});
