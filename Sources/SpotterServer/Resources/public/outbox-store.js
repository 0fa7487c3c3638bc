// Where the outbox keeps its changes: localStorage, as JSON lists, shared by the
// tabs of this browser and by every account signed in on it (each change names its
// account). The account of the page is the `spotter-user` meta of the layout.
import { newID } from "./workout-format.js";

/// The changes waiting to be sent, every account's, first in line first.
export const QUEUE = "spotter.outbox";
/// The changes the server refused, in groups waiting for the lifter (refused.js).
export const REFUSED = "spotter.outbox.refused";

/// The user name this page is signed in as, or null on a signed-out page.
export function currentUser() {
  return document.querySelector('meta[name="spotter-user"]')?.content || null;
}

export function read(key) {
  try {
    const value = JSON.parse(localStorage.getItem(key) || "[]");
    return Array.isArray(value) ? value : [];
  } catch { return []; }
}

export function write(key, list) {
  if (list.length) localStorage.setItem(key, JSON.stringify(list));
  else localStorage.removeItem(key);
}

// Changes queued by an earlier version name no account and have no id: they were
// made on this phone's pages before this one, so they are this account's.
const user = currentUser();
const queue = read(QUEUE);
if (user && queue.some((item) => !item.user || !item.id)) {
  write(QUEUE, queue.map((item) => ({ ...item, id: item.id ?? newID(), user: item.user ?? user })));
}
