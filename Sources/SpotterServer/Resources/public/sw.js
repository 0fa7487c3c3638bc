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
// The pages a lifter opens at the gym open from their copy when the network has not
// answered within PATIENCE_MS (a crawling connection took 6 s per answer), and are
// told the server's page when it comes (fresh-page.js). Other pages wait for the
// network as long as it takes, and use their copy only without a connection.
const QUICK = new Set(["/", "/workout", SHELL]);
const PATIENCE_MS = 1500;
// Where the server sends a visitor who is not signed in.
const SIGNED_OUT = new Set(["/login", "/welcome", "/register"]);
// Counts sign-outs (the sign-out form, or a page found signed out): a page asked for
// before one and answered after it (a crawling network) is not kept for the next
// person on the phone.
let signOuts = 0;

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
    const asked = signOuts;
    const response = await fetch(SHELL, { credentials: "same-origin" });
    if (isPage(response) && asked === signOuts) await cache.put(SHELL, response);
  } catch { /* no signal: next time */ }
}

// A page of the signed-in lifter: the server's HTML, not a redirect (signed out,
// the server sends the sign-in page instead).
function isPage(response) {
  return response.ok && !response.redirected && Boolean(response.headers.get("Content-Type")?.startsWith("text/html"));
}

function signedOut(response) {
  return response.redirected && SIGNED_OUT.has(new URL(response.url).pathname);
}

// The kept pages of a lifter who is no longer signed in must not open for the next one.
async function forgetPages() {
  const cache = await caches.open(CACHE);
  for (const request of await cache.keys()) if (!new URL(request.url).pathname.startsWith("/assets/")) await cache.delete(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  // Uploads (pictures, import files) go straight to the network: copying their bodies
  // here would hold them in memory.
  if (request.method === "POST" && request.mode === "navigate" && !request.headers.get("Content-Type")?.startsWith("multipart/")) {
    event.respondWith(post(request, url));
    return;
  }
  if (request.method !== "GET") return;
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
  if (request.mode === "navigate") event.respondWith(navigate(event, url));
});

async function navigate(event, url) {
  const cache = await caches.open(CACHE);
  const asked = signOuts;
  const network = fetch(event.request).then(async (response) => {
    if (signedOut(response)) {
      signOuts += 1;
      await forgetPages();
    } else if (isPage(response) && asked === signOuts) {
      await cache.put(event.request, response.clone());
      if (SHELL_FROM.has(url.pathname)) event.waitUntil(keepShell(url.pathname === "/settings"));
    }
    return response;
  });
  const kept = QUICK.has(url.pathname) && !url.search ? await cache.match(event.request) : undefined;
  if (kept) {
    const first = await Promise.race([
      network.then((response) => ({ response }), () => ({ failed: true })),
      new Promise((resolve) => setTimeout(() => resolve({ late: true }), PATIENCE_MS)),
    ]);
    if (first.response) return first.response;
    if (first.late) event.waitUntil(network.then((response) => tell(event.resultingClientId, url, response), () => {}));
    return marked(kept);
  }
  try {
    return await network;
  } catch {
    // Only the page asked for: another page's content under this address would mislead.
    return (await cache.match(event.request)) ?? offlinePage(url.pathname, Boolean(await cache.match("/workout")));
  }
}

// The kept copy, saying so (and since when) to the page's scripts. The text is read
// out of its encoding, so the headers about the stored bytes go.
async function marked(response) {
  const since = response.headers.get("Date") || new Date().toUTCString();
  const html = (await response.text()).replace("<head>", `<head><meta name="spotter-from-cache" content="${since}">`);
  const headers = new Headers(response.headers);
  for (const name of ["Content-Length", "Content-Encoding", "Transfer-Encoding"]) headers.delete(name);
  return new Response(html, { status: response.status, headers });
}

// The server's page, for the page opened from the copy (fresh-page.js).
async function tell(clientID, url, response) {
  const client = (clientID && await self.clients.get(clientID))
    ?? (await self.clients.matchAll({ type: "window" })).find((candidate) => new URL(candidate.url).pathname === url.pathname);
  if (!client) return;
  const page = response.ok && response.headers.get("Content-Type")?.startsWith("text/html");
  client.postMessage({
    type: "fresh-page", path: url.pathname, url: response.url, signedOut: signedOut(response),
    html: page ? await response.text() : null,
  });
}

// A form sent without a connection: "204 No Content" keeps the page as it is, with
// what was typed, and the page says that this needs signal (offline-forms.js).
async function post(request, url) {
  const signingOut = url.pathname === "/logout";
  if (signingOut) signOuts += 1;
  try {
    const response = await fetch(request);
    // The page forgot the kept pages before it sent the form; one kept since goes too.
    if (signingOut) await forgetPages();
    return response;
  } catch {
    for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage({ type: "form-not-sent", action: url.pathname });
    return new Response(null, { status: 204 });
  }
}

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
