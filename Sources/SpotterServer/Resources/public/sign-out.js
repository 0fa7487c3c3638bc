// Signing out forgets what this browser kept for offline use: cached pages and
// the local copy of the workout, so the next person on this phone sees nothing.
for (const form of document.querySelectorAll('form[action="/logout"]')) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try { for (const key of await caches.keys()) await caches.delete(key); } catch { /* no caches */ }
    for (const key of Object.keys(localStorage)) if (key.startsWith("spotter.")) localStorage.removeItem(key);
    form.submit();
  });
}
