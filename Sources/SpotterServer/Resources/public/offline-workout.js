// A workout started without signal. The phone makes it (its id, its start), keeps it
// where the logging page keeps every workout (workout-store.js), and queues the
// start for the server with the phone's start time; the logging page kept by the
// service worker (/workout/offline) then runs it like any other until the server
// has it. The Start buttons (offline-start.js) come here when there is no signal,
// or whenever such a workout is still open on this phone, so it is resumed, never
// started twice.
import { currentUser, enqueue } from "./outbox.js";
import { newID } from "./workout-format.js";
import { startWords } from "./change-words.js";

export const SHELL = "/workout/offline";

// Each account on this phone has its own: another lifter's Start never resumes it.
// (The one an earlier version kept for nobody in particular is given to its owner
// with its changes: outbox-legacy.js.)
const key = () => `spotter.offlineWorkout.${currentUser()}`;

/// The workout this phone started without signal and has not finished or discarded,
/// or null.
export function offlineWorkout() {
  if (!currentUser()) return null;
  const KEY = key();
  const id = localStorage.getItem(KEY);
  if (!id) return null;
  try {
    const state = JSON.parse(localStorage.getItem(`spotter.workout.${id}`) || "null");
    if (state?.id === id && state.isActive) return state;
  } catch { /* a damaged copy is no workout */ }
  localStorage.removeItem(KEY);
  return null;
}

/// Forgets that `id` was started here: it is finished, discarded, or the server's own
/// logging page showed it (from then on the page kept for /workout is that one).
export function forgetOffline(id) {
  if (localStorage.getItem(key()) === id) localStorage.removeItem(key());
}

/// Forgets a workout started here that will not reach the server as itself (discarded,
/// or its sets joined another): the pointer to it and the phone's copy.
export function forgetStarted(id) {
  forgetOffline(id);
  localStorage.removeItem(`spotter.workout.${id}`);
}

/// Starts a workout on this phone, or returns the one already started here.
export function startOffline(now = new Date()) {
  const waiting = offlineWorkout();
  if (waiting) return waiting;
  const state = {
    id: newID(), name: partOfDay(now), workoutTypeId: null, startedAt: now.toISOString(), endedAt: null, isActive: true,
    notes: "", sessionRPE: null, templateId: null, program: null, rest: { endsAt: null, totalSeconds: 0, afterSetId: null },
    entries: [],
  };
  localStorage.setItem(`spotter.workout.${state.id}`, JSON.stringify(state));
  localStorage.setItem(key(), state.id);
  // The server names it by this start too; its answer replaces this copy. The logging
  // page, opened next, sends it.
  enqueue("POST", "/api/v1/workouts", { id: state.id, startedAt: state.startedAt }, "workout", { send: false, label: startWords(state) });
  return state;
}

/// The page kept for offline use holds no workout: it runs the one started here,
/// or goes to the Workout tab when there is none.
export function openShell(root) {
  const state = offlineWorkout();
  if (!state) {
    location.replace("/workout");
    return null;
  }
  root.dataset.workoutId = state.id;
  const warmUp = document.querySelector("[data-warm-up-form]");
  if (warmUp) warmUp.dataset.actionBase = `/workouts/${state.id}/entries/`;
  return state;
}

/// The name the server gives a workout started at `date` without one
/// (WorkoutChange.defaultName), shown until the server's answer comes.
function partOfDay(date) {
  const hour = date.getHours();
  if (hour >= 5 && hour < 12) return "Morning Workout";
  if (hour >= 12 && hour < 17) return "Afternoon Workout";
  if (hour >= 17 && hour < 22) return "Evening Workout";
  return "Night Workout";
}
