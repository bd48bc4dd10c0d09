// The tablet's service worker: a reload with no connection still shows the game page.
//
// Network first, always: online, every game page and static file comes from the server (the
// pages are no-store for the HTTP cache), and the answer replaces the copy kept here. Only
// when the server cannot be reached is the last copy shown, marked so the tablet knows it may
// be behind and plays on from its own store (the kept taps and the queue of turns).
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
  try {
    const response = await fetch(request);
    // A sign-in page or an error is never kept in place of the game.
    if (response.ok && !response.redirected && response.type === "basic") {
      await cache.put(key, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (!kept) throw error;
    if (!page) return kept;
    const html = (await kept.text()).replace("<html", "<html data-offline-copy");
    return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}
