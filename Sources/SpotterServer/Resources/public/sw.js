// Spotter's service worker: keeps the app shell and the pages last seen (the
// workout page above all) so a reload without signal still opens them. Live data
// goes to the network; the logging page queues its own changes.
// The server puts in the build's version (AssetCatalog.build): a new build makes a
// new cache and the old one is deleted, with the asset versions it held.
const CACHE = "spotter-shell-__SPOTTER_BUILD__";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith((async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(request);
      if (hit) return hit;
      const response = await fetch(request);
      if (response.ok) cache.put(request, response.clone());
      return response;
    })());
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith((async () => {
      const cache = await caches.open(CACHE);
      try {
        const response = await fetch(request);
        if (response.ok && response.headers.get("Content-Type")?.startsWith("text/html")) cache.put(request, response.clone());
        return response;
      } catch {
        return (await cache.match(request)) ?? (await cache.match("/workout")) ??
          new Response("<!doctype html><title>Offline</title><p>No connection, and this page was not opened before. Your logged sets are safe.</p>",
            { headers: { "Content-Type": "text/html; charset=utf-8" } });
      }
    })());
  }
});
