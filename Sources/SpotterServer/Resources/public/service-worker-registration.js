// Registers the service worker that keeps the app shell (and the workout page)
// available without signal. Browsers allow it on https and on localhost.
if ("serviceWorker" in navigator && document.querySelector('meta[name="csrf-token"]')) {
  navigator.serviceWorker.register("/sw.js").catch(() => {});
}
