// Deleting a set on the logging page can be undone for 5 s: the set leaves the page
// at once, and is sent to the server only when its undo window has passed. A second
// deletion ends the first one's window and sends it at once, and so does leaving
// the page.
import { setWords } from "./change-words.js";

const UNDO_MS = 5000;

export class SetDeletion {
  // `changed()` redraws the page after the set goes or comes back.
  constructor(store, toast, changed) {
    this.store = store;
    this.toast = toast;
    this.changed = changed;
    this.pending = null;
    addEventListener("pagehide", () => this.commit());
  }

  // The id of the set deleted but not yet sent, which the server's answers still hold.
  get hiddenSetID() { return this.pending?.set.id; }

  commit() {
    if (!this.pending) return;
    clearTimeout(this.pending.timer);
    this.store.send("DELETE", `/sets/${this.pending.set.id}`, undefined, "workout", this.pending.label);
    this.pending = null;
  }

  delete(entry, set) {
    this.commit();
    const index = entry.sets.indexOf(set);
    const label = `Deleted: ${setWords(entry, set)}`;
    entry.sets.splice(index, 1);
    this.store.persist();
    this.changed();
    this.pending = { set, label, timer: setTimeout(() => { this.toast.hide(); this.commit(); }, UNDO_MS) };
    this.toast.show("Set deleted.", () => {
      if (this.pending?.set !== set) return;
      clearTimeout(this.pending.timer);
      this.pending = null;
      entry.sets.splice(index, 0, set);
      this.store.persist();
      this.changed();
    });
  }
}
