// Signing out forgets what this browser kept for offline use: the pages the service
// worker kept and the local copies of workouts, so the next person on this phone
// sees nothing. Changes the server does not have yet are the one thing kept (with
// the copies of their workouts): each names its account, so they are sent when that
// account signs in again and never under another's session (outbox.js).
// A signed-out page (the session ended by itself) forgets the kept pages too.
import { currentUser, flush, unsent } from "./outbox.js";
import { allChanges, isChangeKey } from "./outbox-store.js";
import { forgetCachedPages } from "./fresh-page.js";
import { say } from "./offline-forms.js";

// Long enough for a waiting change or two on a fair connection; the rest stay.
const LAST_CHANCE_MS = 3000;

if (!currentUser()) forgetCachedPages();

for (const form of document.querySelectorAll('form[action="/logout"]')) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    // Without signal nothing is forgotten: the lifter stays signed in.
    if (!navigator.onLine) { say(form, "No signal: signing out needs a connection. You are still signed in."); return; }
    if (unsent().length) await Promise.race([flush({ now: true }), new Promise((resolve) => setTimeout(resolve, LAST_CHANCE_MS))]);
    await forgetCachedPages();
    const keep = new Set(["spotter.offlineWorkout"]);
    for (const item of allChanges()) {
      const workout = item.url.match(/\/workouts\/([0-9a-f-]{36})/i)?.[1] ?? item.body?.id;
      if (workout) keep.add(`spotter.workout.${workout.toLowerCase()}`);
      keep.add(`spotter.offlineWorkout.${item.user}`);
    }
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith("spotter.") && !keep.has(key) && !isChangeKey(key)) localStorage.removeItem(key);
    }
    form.submit();
  });
}
