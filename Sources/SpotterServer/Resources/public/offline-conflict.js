// A workout started on this phone without signal meets, once the signal is back,
// another workout started meanwhile on another device: the server keeps one
// workout in progress per lifter, so it refuses the phone's start (409), and every
// change of that workout waits with it (refused.js). Nothing of it is lost; the
// lifter chooses:
// - add its exercises and sets to the workout in progress (one session logged on
//   two devices): its changes are sent to that workout instead, its notes added
//   to that workout's notes; its own name, start and rest timer are left behind;
// - keep it as its own workout: it is logged as a past workout, from its start to
//   its last change (a minute to a day: the server's rule), and its changes follow;
// - discard it.
// The workout in progress stays as it is in every case.
import { discard, isStart, sendAgain } from "./outbox.js";
import { startWords } from "./change-words.js";
import { forgetStarted } from "./offline-workout.js";
import { newID } from "./workout-format.js";

const MINUTE = 60_000;
const DAY = 86_400_000;

/// `{ what, why, choices }` for a refused start whose workout meets `active()`'s, or
/// null when no other workout is in progress (then sending it again starts it). When
/// the server cannot say (a weak connection), the only choice is to ask again
/// (`recheck`): without knowing, "discard" could throw away the only copy of a workout.
export async function conflictChoices(group, { active, recheck }) {
  const phone = saved(group.workout) ?? { id: group.workout, name: "The workout started on this phone", startedAt: group.items[0].body.startedAt, entries: [] };
  const sets = phone.entries.reduce((n, entry) => n + entry.sets.length, 0);
  const what = `${startWords(phone)} · ${sets} set${sets === 1 ? "" : "s"}`;
  let other;
  try {
    other = await active();
  } catch (error) {
    return {
      what, more: "", why: `The server did not start it, and could not say which workout is in progress: ${error.message}`,
      choices: [{ label: "Check again", primary: true, run: recheck }],
    };
  }
  if (!other || other.id.toLowerCase() === group.workout) return null;
  const at = new Date(other.startedAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return {
    what,
    why: `${other.name} was started at ${at} on another device and is in progress, so this one could not start as well.`,
    choices: [
      { label: `Add its sets to ${other.name}`, primary: true, run: () => settle(group, join(group, phone, other)) },
      { label: "Keep it as its own workout", run: () => settle(group, keepApart(group, phone)) },
      { label: "Discard it", danger: true, run: () => { discard(group.id); forgetStarted(phone.id); } },
    ],
  };
}

function saved(id) {
  try { return JSON.parse(localStorage.getItem(`spotter.workout.${id}`) || "null"); } catch { return null; }
}

// Sends the changes as chosen; the logging page then shows the workout in progress
// (the next page sends what is still waiting).
async function settle(group, items) {
  const sending = sendAgain(group.id, items);
  if (!document.getElementById("workout")) return;
  await Promise.race([sending, new Promise((resolve) => setTimeout(resolve, 3000))]);
  location.href = "/workout";
}

function join(group, phone, other) {
  const from = `/api/v1/workouts/${group.workout}`;
  const to = `/api/v1/workouts/${other.id.toLowerCase()}`;
  const items = [];
  for (const item of group.items) {
    const own = item.url === from || item.url === `${from}/rest` || item.url === `${from}/entries/order`;
    if (isStart(item) || own) continue;
    items.push({ ...item, url: to + item.url.slice(from.length) });
  }
  if (phone.notes?.trim()) {
    const notes = other.notes?.trim() ? `${other.notes}\n\n${phone.notes}` : phone.notes;
    items.push({ ...group.items[0], id: newID(), method: "PATCH", url: to, body: { notes }, handler: "workout", label: "Workout notes" });
  }
  // The logging page opens on the workout in progress with these exercises in it
  // at once, before the server has them (workout-store.js keeps this copy while
  // they wait).
  const known = new Set(other.entries.map((entry) => entry.id.toLowerCase()));
  const merged = { ...other, entries: [...other.entries, ...phone.entries.filter((entry) => !known.has(entry.id))] };
  localStorage.setItem(`spotter.workout.${other.id.toLowerCase()}`, JSON.stringify(merged));
  forgetStarted(phone.id);
  return items;
}

function keepApart(group, phone) {
  const start = group.items.find(isStart);
  const began = new Date(phone.startedAt ?? start.body.startedAt).getTime();
  const changes = phone.entries.flatMap((entry) => entry.sets.map((set) => new Date(set.changedAt ?? 0).getTime()));
  const now = Date.now();
  const last = Math.min(now, Math.max(began + MINUTE, ...changes));
  // Ended at its last change, or a minute after its start if it was shorter; it
  // cannot end in the future, so a workout younger than a minute starts earlier.
  const startedAt = Math.min(began, now - MINUTE);
  const duration = Math.min(DAY, Math.max(MINUTE, last - startedAt));
  const past = { ...start, body: { id: start.body.id, name: phone.name, startedAt: new Date(startedAt).toISOString(), durationSeconds: Math.round(duration / 1000) } };
  const rest = `/api/v1/workouts/${group.workout}/rest`;
  const items = group.items.filter((item) => item !== start && item.url !== rest);
  forgetStarted(phone.id);
  return [past, ...items];
}
