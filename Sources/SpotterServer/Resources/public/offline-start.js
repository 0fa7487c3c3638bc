// "Start empty workout" without signal: the workout is started on this phone and
// runs in the logging page the service worker keeps (offline-workout.js). While such
// a workout is still open here, Start resumes it, online too, so the server never
// gets a second one. Pages with a Start button also keep the exercise library on
// the phone, so the first exercise can be added without signal.
import { SHELL, offlineWorkout, startOffline } from "./offline-workout.js";
import { keepLibraryFresh } from "./exercise-picker.js";

const forms = [...document.querySelectorAll('form[action="/workouts/start"]')].filter((form) => !form.elements.repeatOf);

for (const form of forms) {
  const button = form.querySelector('button[type="submit"]');
  if (offlineWorkout() && button) button.lastChild.textContent = "Resume workout";
  form.addEventListener("submit", async (event) => {
    if (navigator.onLine && !offlineWorkout()) return;
    event.preventDefault();
    if (!(await shellKept())) {
      say(form, "No connection. A workout can be started without signal once Spotter has been opened online on this phone.");
      return;
    }
    startOffline();
    location.href = SHELL;
  }, { capture: true });
}

if (forms.length && navigator.onLine) {
  // After the page has settled: the library is two requests the lifter does not wait for.
  setTimeout(() => keepLibraryFresh(), 1000);
}

async function shellKept() {
  try { return Boolean(await caches.match(SHELL)); } catch { return false; }
}

function say(form, text) {
  let note = form.querySelector("[data-offline-note]");
  if (!note) {
    note = document.createElement("p");
    note.className = "form-error";
    note.dataset.offlineNote = "";
    note.setAttribute("role", "alert");
    form.append(note);
  }
  note.textContent = text;
}
