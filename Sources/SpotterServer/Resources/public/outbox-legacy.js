// Changes left by earlier versions of the outbox, moved to where changes are kept now
// (outbox-store.js): once, and again whenever a tab still running such a version
// writes one (it keeps its own list and would otherwise drop them on a 500).
// - `spotter.outbox`: a list. The version before accounts named no account and gave
//   no id; the version after named both.
// - `spotter.outbox.refused`: the refused groups of the version after.
// A change that names no account is parked (user null) until its owner is known. The
// old pages stored no account on the phone (their session cookie was all they had),
// so the owner is the account the server shows the workout to: GET answers 200 (another
// account's workout answers 404, as a missing one does). A workout that version started
// on this phone and never sent is on no account yet: the lifter says whether it is
// theirs (refused-dialog.js). The old pointer to it (`spotter.offlineWorkout`) goes to
// the account the workout goes to.
import { allChanges, currentUser, save } from "./outbox-store.js";
import { request } from "./outbox-request.js";
import { isStart, workoutOf } from "./refused.js";

const OLD_QUEUE = "spotter.outbox";
const OLD_REFUSED = "spotter.outbox.refused";
const OLD_STARTED = "spotter.offlineWorkout";

/// Whether a storage key (of a `storage` event) is the old list.
export const isOldQueue = (key) => key === OLD_QUEUE;

/// Moves the old lists' changes to their own keys (the same key each time for the same
/// change, so a change moved twice is kept once).
export function adoptOldQueue() {
  const queue = list(OLD_QUEUE);
  const groups = list(OLD_REFUSED);
  queue.forEach((item, index) => save(adopted(item, index)));
  for (const group of groups) {
    const refused = { group: group.id, workout: group.workout, reason: group.reason, refusedAt: group.refusedAt };
    (group.items ?? []).forEach((item, index) => save({ ...adopted(item, index), refused }));
  }
  localStorage.removeItem(OLD_QUEUE);
  localStorage.removeItem(OLD_REFUSED);
}

function list(key) {
  try {
    const value = JSON.parse(localStorage.getItem(key) || "[]");
    return Array.isArray(value) ? value.filter((item) => item && typeof item === "object") : [];
  } catch { return []; }
}

function adopted(item, index) {
  const at = Date.parse(item.queuedAt) || Date.now();
  return { ...item, id: item.id ?? `old-${fingerprint(item)}`, user: item.user ?? null, order: at * 1000 + index };
}

// Two FNV-1a hashes of the change (32 bits each): its key, the same every time.
function fingerprint(item) {
  const text = JSON.stringify([item.method, item.url, item.body ?? null, item.queuedAt ?? null]);
  return [0x811c9dc5, 0x01000193].map((seed) => {
    let hash = seed;
    for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 16777619) >>> 0;
    return hash.toString(16).padStart(8, "0");
  }).join("");
}

// Parked changes by workout, leaving out those this account said are not its own.
function parked(user) {
  const byWorkout = new Map();
  for (const change of allChanges()) {
    if (change.user !== null || (change.notMine ?? []).includes(user)) continue;
    const workout = workoutOf(change);
    if (!byWorkout.has(workout)) byWorkout.set(workout, []);
    byWorkout.get(workout).push(change);
  }
  return byWorkout;
}

/// Asks the server which parked workouts are this account's, and takes their changes.
/// Resolves true when it took any.
export async function claimParked() {
  const user = currentUser();
  if (!user) return false;
  const byWorkout = parked(user);
  const started = localStorage.getItem(OLD_STARTED);
  if (started && !byWorkout.has(started)) byWorkout.set(started, []);
  let took = false;
  for (const [workout, changes] of byWorkout) {
    const asked = changes.length > 0 && changes.every((change) => (change.askOf ?? []).includes(user));
    if (!workout || asked) continue;
    try {
      await request("GET", `/api/v1/workouts/${workout}`);
    } catch (error) {
      if (error.status !== 404 || error.temporary) return took;
      // A pointer to a workout nobody here can open points nowhere.
      if (!changes.length) localStorage.removeItem(OLD_STARTED);
      // Not this account's, or (a start among them) not on any account yet: ask.
      const answer = changes.some(isStart) ? "askOf" : "notMine";
      for (const change of changes) save({ ...change, [answer]: [...(change[answer] ?? []), user] });
      continue;
    }
    claim(workout);
    took = true;
  }
  return took;
}

/// Workouts this phone started before accounts, never sent, that this account is
/// asked about: `{ id, workout, items }` each.
export function unclaimedStarts() {
  const user = currentUser();
  if (!user) return [];
  return [...parked(user)].filter(([, changes]) => changes.some(isStart) && changes.some((change) => (change.askOf ?? []).includes(user)))
    .map(([workout, items]) => ({ id: `unclaimed-${workout}`, workout, items }));
}

/// The parked changes of `workout` become this account's (and are sent as its own).
export function claim(workout) {
  const user = currentUser();
  for (const change of parked(user).get(workout) ?? []) {
    const { askOf, notMine, ...mine } = change;
    save({ ...mine, user });
  }
  if (localStorage.getItem(OLD_STARTED) === workout) {
    localStorage.setItem(`spotter.offlineWorkout.${user}`, workout);
    localStorage.removeItem(OLD_STARTED);
  }
}

/// This account says the parked changes of `workout` are not its own: never asked again.
export function disown(workout) {
  const user = currentUser();
  for (const change of parked(user).get(workout) ?? []) save({ ...change, notMine: [...(change.notMine ?? []), user] });
}
