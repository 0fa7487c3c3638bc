// The logging page hears the server (workout.js): the answers to its changes, sent
// through the outbox, and the server's own page when the page was opened from the
// phone's copy on a slow network (fresh-page.js). They bring the server's copy of the
// workout (joined with the phone's: server-copy.js), of a set, or of the rest timer,
// and the records the server judged.
import { answeredAt, handle, request, unsent } from "./outbox.js";
import { onFreshPage } from "./fresh-page.js";
import { openRefused } from "./refused-dialog.js";
import { joinCopies } from "./server-copy.js";

/// Listens for the page `{ root, store, cards, entriesBox, toast, rest, active, render,
/// renderSummary, hidden }` (`hidden()`: the set deleted here, in its undo window).
/// Returns `waitingHere()`: how many changes of this workout the server does not have.
export function hearServer(page) {
  const { root, store, cards, entriesBox, toast, rest, active, render } = page;
  const workoutID = root.dataset.workoutId;
  // Answers about another workout (a workout started on this phone and kept as its
  // own, sent while this one is open) are not this page's.
  const mine = (item) => item.url.startsWith(store.base) || item.body?.id === workoutID;
  const waitingHere = () => unsent().filter(mine).length;

  handle("set", (data, item) => {
    if (!mine(item)) return;
    if (!data.applied) {
      const found = store.findSet(data.set.id);
      if (found) Object.assign(found.set, data.set);
      toast.show("This set was changed on another device; showing the newer version.");
      render();
    }
    if (active && waitingHere() <= 1) { store.state.rest = data.rest; rest.show(store.state.rest); }
    applyRecords(data);
    store.persist();
  });

  // The server judges records against the lifter's history; its answer carries the
  // marks of every set of that exercise in this workout.
  function applyRecords(data) {
    const found = store.findSet(data.set.id);
    if (!found || !data.records) return;
    const gained = [];
    let first = true;
    for (const entry of store.state.entries.filter((e) => e.exerciseId === found.entry.exerciseId)) {
      for (const set of entry.sets) {
        const kinds = data.records[set.id] ?? [];
        if (set.id === data.set.id) gained.push(...kinds.filter((k) => !(set.records ?? []).includes(k)));
        set.records = kinds;
      }
      entry.volumeRecord = first && data.volumeRecord;
      first = false;
      cards.refreshMarks(entriesBox.querySelector(`[data-entry-id="${entry.id}"]`), entry);
    }
    page.renderSummary();
    if (gained.length) toast.show(`New PR · ${found.entry.exerciseName}: ${gained.map((kind) => cards.recordName(kind)).join(", ")}`);
  }

  // The server's workout, asked for at `askedAt` (ms); `waiting` counts the change
  // being answered. True when the phone's copy was ahead of it.
  function take(data, { waiting, askedAt }) {
    const ahead = waitingHere() > waiting || answeredAt(workoutID) > askedAt;
    store.state = joinCopies(store.state, data, { ahead, hidden: page.hidden() });
    store.persist();
    render();
    return ahead;
  }
  async function readAgain() {
    const askedAt = Date.now();
    try { take(await request("GET", store.base), { waiting: 0, askedAt }); } catch { /* no signal: the next answer brings it */ }
  }

  handle("workout", (data) => { if (data?.id === workoutID) take(data, { waiting: 1, askedAt: Date.now() }); });
  handle("rest", (data, item) => { if (!mine(item)) return; store.state.rest = data; rest.show(store.state.rest); store.persist(); });
  // Refused for good: the question comes up at once (the copy here keeps the change
  // until the lifter chooses); discarded: the server's copy is the truth again.
  handle("refused", () => openRefused({ ifFree: true }));
  handle("discarded", (group) => { if (group.workout === workoutID && !store.hasUnsent()) readAgain(); });

  // Opened from the copy the service worker kept (a slow network): the server's page,
  // asked for when this page was, comes later. A page that no longer holds this
  // workout (finished or discarded elsewhere) is opened anew; one older than a change
  // answered meanwhile is followed by a fresh read.
  onFreshPage((fresh) => {
    if (root.dataset.shell === "true") return;
    const box = fresh.getElementById("workout");
    if (!box || box.dataset.workoutId !== workoutID || box.dataset.shell === "true") { location.reload(); return; }
    let data;
    try { data = JSON.parse(fresh.getElementById("workout-state").textContent); } catch { location.reload(); return; }
    if (take(data, { waiting: 0, askedAt: performance.timeOrigin }) && !waitingHere()) readAgain();
  });
  return waitingHere;
}
