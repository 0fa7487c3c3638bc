// The workout as this phone knows it: the server's copy that came with the page, or
// the copy kept in localStorage while changes made here have not reached the server
// (waiting in the outbox, or refused and waiting for the lifter), or when the page
// itself is an older copy the service worker kept (`stale`): what this phone saw
// last is never older than that page.
// A change is kept here first, then queued for the server.
import { enqueue, unsent } from "./outbox.js";
import { setWords } from "./change-words.js";

export class WorkoutStore {
  constructor(workoutID, serverCopy, { stale = false } = {}) {
    this.base = `/api/v1/workouts/${workoutID}`;
    this.key = `spotter.workout.${workoutID}`;
    this.state = serverCopy;
    const saved = localStorage.getItem(this.key);
    if (saved && (stale || this.hasUnsent())) this.state = lowerCaseIDs(JSON.parse(saved));
  }

  /// Whether changes of this workout have not reached the server yet.
  hasUnsent() { return unsent().some((item) => item.url.startsWith(this.base)); }

  persist() { localStorage.setItem(this.key, JSON.stringify(this.state)); }

  forget() { localStorage.removeItem(this.key); }

  /// Keeps the state and queues a request to `path` under the workout's API address;
  /// `handler` names what the page does with the answer, `once` a change not safe to
  /// repeat (see outbox.js).
  send(method, path, body, handler, label, { once = false } = {}) {
    this.persist();
    enqueue(method, this.base + path, body, handler, { label, once });
  }

  /// Sends the whole set, stamped now: the server keeps the newer of two versions.
  sendSet(entry, set) {
    set.changedAt = new Date().toISOString();
    this.send("PUT", `/entries/${entry.id}/sets/${set.id}`, {
      kind: set.kind, reps: set.reps, weight: set.weight, weightUnit: set.weight === null ? undefined : set.weightUnit,
      durationSeconds: set.durationSeconds, distanceMeters: set.distanceMeters, rpe: set.rpe, done: set.done,
      note: set.note, changedAt: set.changedAt,
    }, "set", setWords(entry, set));
  }

  entry(id) { return this.state.entries.find((e) => e.id === id); }

  /// The set with this id and its entry, or null.
  findSet(id) {
    for (const entry of this.state.entries) {
      const set = entry.sets.find((s) => s.id === id);
      if (set) return { entry, set };
    }
    return null;
  }
}

/// A copy saved by an older version may hold ids in upper case; the server and this
/// page now write every id in lower case, and compare them as they are.
function lowerCaseIDs(value) {
  if (Array.isArray(value)) return value.map(lowerCaseIDs);
  if (value === null || typeof value !== "object") return value;
  const copy = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = (key === "id" || key.endsWith("Id")) && typeof item === "string" ? item.toLowerCase() : lowerCaseIDs(item);
  }
  return copy;
}
