// The sync line of the logging page: how many changes wait in the outbox, and
// whether the phone is offline. Empty when everything has reached the server.
import { onChange, pending } from "./outbox.js";

export function showSyncStatus(line) {
  const show = (count) => {
    const offline = !navigator.onLine;
    line.textContent = count === 0 ? (offline ? "Offline · everything is saved on this phone" : "")
      : `${offline ? "Offline" : "Saving"} · ${count} change${count === 1 ? "" : "s"} waiting`;
    line.classList.toggle("offline", offline || count > 0);
  };
  onChange(show);
  addEventListener("offline", () => show(pending().length));
  addEventListener("online", () => show(pending().length));
}
