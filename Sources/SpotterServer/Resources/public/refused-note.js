// Every page sends the outbox's waiting changes, so a refusal can come in anywhere.
// Pages without the logging page's sync line show a note above the tab bar while
// refused changes wait for the lifter; it opens the question (refused-dialog.js).
// Fixed, so the page under it does not move.
import { onChange } from "./outbox.js";
import { openRefused } from "./refused-dialog.js";

if (!document.getElementById("workout") && document.querySelector('meta[name="spotter-user"]')) {
  let note = null;
  onChange(({ refused }) => {
    const count = refused.length;
    if (!count) { if (note) note.hidden = true; return; }
    if (!note) {
      note = document.createElement("div");
      note.className = "refused-note";
      note.setAttribute("role", "status");
      note.innerHTML = '<span data-refused-count></span><button class="button small" type="button">Review</button>';
      note.querySelector("button").addEventListener("click", () => openRefused());
      document.body.append(note);
    }
    note.querySelector("[data-refused-count]").textContent = `Not saved · ${count === 1 ? "a change" : `${count} changes`} from your workout ${count === 1 ? "needs" : "need"} you`;
    note.hidden = false;
  });
}
