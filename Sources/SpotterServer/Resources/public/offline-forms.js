// A page form sent without a connection would end on the browser's error page,
// and what was typed would be lost. Instead the page stays as it is and says, at
// the form, that this needs signal. Without signal the phone knows it at once
// (navigator.onLine); on a connection that only looks alive, the service worker
// answers "204 No Content" when the server cannot be reached (the browser then
// stays on the page) and says which form it was (sw.js).
// These forms are not queued: each asks the server for something the phone does
// not have (a workout made from a template with the lifter's history, a summary, a
// program's next day) or is not safe to repeat; a workout's own changes, and
// "Start empty workout", already work without signal (outbox.js, offline-start.js).
let last = null;

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (event.defaultPrevented || form.method !== "post") return;
  last = { form, label: event.submitter?.getAttribute("aria-label") || event.submitter?.textContent.trim() };
  if (navigator.onLine) return;
  event.preventDefault();
  notSent(form, last.label);
});

navigator.serviceWorker?.addEventListener("message", (event) => {
  if (event.data?.type !== "form-not-sent") return;
  const action = event.data.action;
  const form = last && new URL(last.form.action, location.href).pathname === action ? last.form
    : [...document.forms].find((candidate) => candidate.method === "post" && new URL(candidate.action, location.href).pathname === action);
  if (form) notSent(form, form === last?.form ? last.label : null);
});

// Told to the form first: a form that can do without the server (Start, which starts
// on the phone: offline-start.js) cancels the event and says nothing here.
function notSent(form, label) {
  if (!form.dispatchEvent(new CustomEvent("spotter:not-sent", { bubbles: true, cancelable: true }))) return;
  say(form, `No signal: ${label ? `“${label}”` : "this"} needs a connection. Nothing was sent and what you typed is still here; try again once you're back online.`);
}

/// Says `text` at the end of `form`, in one note that the next message replaces.
export function say(form, text) {
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
