// The two ends of a workout on the logging page: Finish (after the changes still
// waiting are sent) and Discard. Both need signal, and say so without it; either
// way the copies of the workout on this phone go.
import { forgetChanges, request } from "./outbox.js";
import { allSent } from "./all-sent.js";
import { confirmDialog } from "./workout-dialogs.js";
import { forgetOffline } from "./offline-workout.js";
import { forgetCachedPage } from "./fresh-page.js";

// `sent` is what allSent needs (the workout's id, its answers, the toast).
export function listenForEnd(root, store, sent) {
  const { workoutID, toast } = sent;
  document.querySelector('[data-action="finish"]')?.addEventListener("click", async () => {
    const undone = store.state.entries.reduce((n, e) => n + e.sets.filter((s) => !s.done).length, 0);
    const text = undone ? `${undone} set${undone === 1 ? " is" : "s are"} not ticked and will not count.` : "It moves to your history.";
    if (!(await confirmDialog("Finish workout?", text, "Finish"))) return;
    if (!(await allSent("Finish", sent))) return;
    try {
      await request("POST", `${store.base}/finish`);
      forget(store, workoutID);
      location.href = `/history/${workoutID}/summary`;
    } catch (error) {
      toast.show(error.network ? "No signal: finishing needs a connection. Your workout stays open; tap Finish again once you're back online." : error.message);
    }
  });

  root.querySelector('[data-action="discard"]')?.addEventListener("click", async () => {
    if (!(await confirmDialog("Discard this workout?", "Every set in it will be deleted. This cannot be undone.", "Discard"))) return;
    try {
      await request("DELETE", store.base);
      // Its changes still waiting could only be refused now.
      forgetChanges(workoutID);
      forget(store, workoutID);
      location.href = "/?notice=discarded";
    } catch (error) {
      toast.show(error.network ? "No signal: discarding needs a connection. Nothing was deleted." : error.message);
    }
  });
}

// Over: the copies of it on this phone go, the page the service worker kept too
// (opened on a slow network, it would show this workout as still running).
function forget(store, workoutID) {
  store.forget();
  forgetOffline(workoutID);
  forgetCachedPage("/workout");
}
