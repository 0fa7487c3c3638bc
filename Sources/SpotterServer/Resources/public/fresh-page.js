// A page the service worker opened from its copy because the network had not
// answered within 1.5 s (sw.js) is told the server's own page when it comes. The
// logging page takes the workout from it (workout.js); other pages swap their
// content for the fresh one in place, so nothing reloads under the lifter's thumb.
// A copy kept for another account is never shown: the copies are deleted at sign-out
// and on every signed-out page (sign-out.js), and a copy of another account's page
// that got through anyway is dropped and the page asked of the network.
import { currentUser } from "./outbox.js";

/// The `Date` of the copy this page was opened from, or null when it came from the server.
export const cachedAt = document.querySelector('meta[name="spotter-from-cache"]')?.content ?? null;
let apply = swapContent;

/// `fn(page)` receives the server's page (a parsed Document) instead of the swap.
export function onFreshPage(fn) { apply = fn; }

const user = currentUser();
if (user && !cachedAt) localStorage.setItem("spotter.user", user);
if (user && cachedAt && localStorage.getItem("spotter.user") !== user) {
  forgetCachedPages().then(() => location.reload());
}

navigator.serviceWorker?.addEventListener("message", (event) => {
  const message = event.data;
  if (message?.type !== "fresh-page" || !cachedAt || message.path !== location.pathname) return;
  // Signed out meanwhile: the sign-in page, which comes back here afterwards.
  if (message.signedOut) { location.href = message.url; return; }
  if (message.html) apply(new DOMParser().parseFromString(message.html, "text/html"));
});

function swapContent(page) {
  // A workout started elsewhere meanwhile: the logging page needs its own start.
  if (page.getElementById("workout") && !document.getElementById("workout")) { location.reload(); return; }
  for (const selector of ["main", "header.topbar"]) {
    const fresh = page.querySelector(selector);
    const current = document.querySelector(selector);
    if (fresh && current && fresh.innerHTML !== current.innerHTML) current.replaceChildren(...fresh.childNodes);
  }
  document.dispatchEvent(new CustomEvent("spotter:content"));
}

/// Deletes every page the service worker keeps (not its assets' copies).
export async function forgetCachedPages() {
  try {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) if (!new URL(request.url).pathname.startsWith("/assets/")) await cache.delete(request);
    }
  } catch { /* no caches here */ }
}

/// Deletes the kept copy of one page (the logging page of a finished workout).
export async function forgetCachedPage(path) {
  try {
    for (const name of await caches.keys()) await (await caches.open(name)).delete(path);
  } catch { /* no caches here */ }
}
