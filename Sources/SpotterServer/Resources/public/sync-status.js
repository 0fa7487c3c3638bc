// The sync line of the logging page: whether every change has reached the server,
// and if not, why, in one line whose space is always kept (it never pushes the
// list). Quiet while things are normal (saving, the server asking for a moment);
// amber (`offline`) when the lifter should know: no signal, changes refused and
// waiting for a choice, signed out, or a server failing for more than two minutes.
import { notify, onChange, status } from "./outbox.js";
import { openRefused } from "./refused-dialog.js";

// Past this the server's trouble is the lifter's to know (their sets are not on it).
const TROUBLE_AFTER_MS = 120_000;

const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;

export function showSyncStatus(line) {
  const show = ({ waiting, refused, problem }) => {
    const offline = !navigator.onLine;
    // A question per refused group (the changes that need a refused one go with it).
    const held = refused.length;
    let text = "";
    let action = null;
    let trouble = offline;
    if (held) {
      text = `Not saved · ${held === 1 ? "a change needs" : `${held} changes need`} you`;
      action = { label: "Review", run: () => openRefused() };
      trouble = true;
    } else if (problem?.kind === "signIn") {
      text = `Not sent · sign in again to send ${plural(waiting, "change")}`;
      action = { label: "Sign in", href: `/login?next=${encodeURIComponent(location.pathname)}` };
      trouble = true;
    } else if (offline) {
      text = waiting === 0 ? "Offline · everything is saved on this phone" : `Offline · ${plural(waiting, "change")} waiting`;
    } else if (problem && waiting) {
      // The phone has a network but the server does not answer, or answers "later".
      text = problem.kind === "network" ? `No connection to the server · ${plural(waiting, "change")} waiting` : `Waiting · ${problem.message}`;
      trouble = Date.now() - problem.since > TROUBLE_AFTER_MS;
    } else if (waiting) {
      text = `Saving · ${plural(waiting, "change")} waiting`;
    }
    const words = document.createElement("span");
    words.className = "sync-text";
    words.textContent = text;
    line.replaceChildren(...(text ? [words] : []));
    line.title = problem && waiting ? `${plural(waiting, "change")} waiting: ${problem.message}` : "";
    if (action) {
      const control = document.createElement(action.href ? "a" : "button");
      control.className = "sync-action";
      control.textContent = action.label;
      if (action.href) control.href = action.href; else { control.type = "button"; control.addEventListener("click", action.run); }
      line.append(control);
    }
    line.classList.toggle("offline", trouble);
  };
  onChange(show);
  // The line turns amber by itself once a failing server has lasted long enough.
  setInterval(() => { if (status().problem) notify(); }, 15_000);
}
