// The tablet's service worker: a reload with no connection still shows the game page.
//
// Network first, always: online, every game page and static file comes from the server (the
// pages are no-store for the HTTP cache), and the answer replaces the copy kept here. Only
// when the server cannot be reached, or answers a game page with an error of its own (5xx: its
// database down or restarting), is the last copy shown, marked so the tablet knows it may be
// behind, and why, and plays on from its own store (the kept taps and the queue of turns).
"use strict";

const PAGES = "balutclub-pages-v1";
const GAME_PAGE = /^\/games\/\d+\/$/;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== PAGES) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const page = request.mode === "navigate" && GAME_PAGE.test(url.pathname);
  const asset = url.pathname.startsWith("/static/") || url.pathname === "/jsi18n/";
  if (!page && !asset) return;
  event.respondWith(networkFirst(request, page ? url.origin + url.pathname : request.url, page));
});

async function networkFirst(request, key, page) {
  const cache = await caches.open(PAGES);
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const kept = await keptCopy(cache, key, page, "network");
    if (!kept) throw error;
    return kept;
  }
  // A sign-in page or an error is never kept in place of the game.
  if (response.ok && !response.redirected && response.type === "basic") {
    await cache.put(key, response.clone());
  }
  // The server is there but cannot serve the game (a 503 while its database is down): the
  // game as kept, so the scorer plays on instead of reading an error page with no script.
  if (page && response.status >= 500) return (await keptCopy(cache, key, page, "server")) || response;
  return response;
}

// The kept copy; a game page marked with why it is shown: "network" (no connection) or
// "server" (the server answered with an error).
async function keptCopy(cache, key, page, why) {
  const kept = await cache.match(key);
  if (!kept || !page) return kept;
  const html = (await kept.text()).replace("<html", `<html data-offline-copy="${why}"`);
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
