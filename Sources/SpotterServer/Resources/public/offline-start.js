// "Start empty workout" without signal: the workout is started on this phone and
// runs in the logging page the service worker keeps (offline-workout.js). While such
// a workout is still open here, Start resumes it, online too, so the server never
// gets a second one. Pages with a Start button also keep the exercise library on
// the phone, so the first exercise can be added without signal.
// Listened for on the document: Home may swap in the server's content (fresh-page.js).
import { SHELL, offlineWorkout, startOffline } from "./offline-workout.js";
import { keepLibraryFresh } from "./exercise-picker.js";
import { say } from "./offline-forms.js";

const isStart = (form) => form.matches?.('form[action="/workouts/start"]') && !form.elements.repeatOf;

function decorate() {
  const forms = [...document.querySelectorAll('form[action="/workouts/start"]')].filter(isStart);
  if (!offlineWorkout()) return forms;
  for (const form of forms) {
    const button = form.querySelector('button[type="submit"]');
    if (button) button.lastChild.textContent = "Resume workout";
  }
  return forms;
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!isStart(form) || (navigator.onLine && !offlineWorkout())) return;
  event.preventDefault();
  startHere(form);
}, { capture: true });

// The phone has a network but the server cannot be reached (the service worker
// answered for it, offline-forms.js): the workout starts on the phone all the same.
document.addEventListener("spotter:not-sent", (event) => {
  if (!isStart(event.target)) return;
  event.preventDefault();
  startHere(event.target);
});

async function startHere(form) {
  if (!(await shellKept())) {
    say(form, "No connection. A workout can be started without signal once Spotter has been opened online on this phone.");
    return;
  }
  startOffline();
  location.href = SHELL;
}

document.addEventListener("spotter:content", decorate);

if (decorate().length && navigator.onLine) {
  // After the page has settled: the library is two requests the lifter does not wait for.
  setTimeout(() => keepLibraryFresh(), 1000);
}

async function shellKept() {
  try { return Boolean(await caches.match(SHELL)); } catch { return false; }
}
