// Spotter's service worker: keeps the app shell and the pages last seen (the
// workout page above all) so a reload without signal still opens them. Live data
// goes to the network; the logging page queues its own changes.
// The server puts in the build's version (AssetCatalog.build): a new build makes a
// new cache and the old one is deleted, with the asset versions it held.
const CACHE = "spotter-shell-__SPOTTER_BUILD__";
// The logging page without a workout: a workout started without signal runs in it
// (offline-workout.js). Kept as soon as the worker runs, again from a page with a
// Start button when it is missing, and anew after Settings (unit, rest, plates).
const SHELL = "/workout/offline";
const SHELL_FROM = new Set(["/", "/workout", "/settings"]);

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
    await self.clients.claim();
    await keepShell(false);
  })());
});

async function keepShell(renew) {
  try {
    const cache = await caches.open(CACHE);
    if (!renew && await cache.match(SHELL)) return;
    const response = await fetch(SHELL, { credentials: "same-origin" });
    // Signed out, the server sends the sign-in page instead: nothing to keep.
    if (response.ok && !response.redirected && response.headers.get("Content-Type")?.startsWith("text/html")) await cache.put(SHELL, response);
  } catch { /* no signal: next time */ }
}

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
        if (response.ok && response.headers.get("Content-Type")?.startsWith("text/html")) {
          cache.put(request, response.clone());
          if (SHELL_FROM.has(url.pathname) && !response.redirected) event.waitUntil(keepShell(url.pathname === "/settings"));
        }
        return response;
      } catch {
        // Only the page asked for: another page's content under this address would mislead.
        return (await cache.match(request)) ?? offlinePage(url.pathname, Boolean(await cache.match("/workout")));
      }
    })());
  }
});

// Says what happened and where to go; styled inline because no stylesheet may be cached.
function offlinePage(path, workoutCached) {
  const link = workoutCached && path !== "/workout" ? '<p><a href="/workout">Open your workout</a>: it works without signal.</p>' : "";
  return new Response(
    `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Offline · Spotter</title>
<body style="font-family:system-ui,sans-serif;margin:0;padding:32px 20px;line-height:1.5;background:#F7F6FB;color:#1A1F25">
<h1 style="font-size:1.4rem">You're offline</h1>
<p>This page has not been opened on this phone yet, so it cannot be shown without signal. Your logged sets are safe and are sent once you're back online.</p>
${link}</body></html>`,
    { status: 503, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
