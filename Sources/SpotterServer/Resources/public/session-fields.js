// The logging page's fields of the whole session: name, notes, how hard it felt,
// its type, and when (the start as the phone's local date and time, and a finished
// workout's minutes). A change is kept and sent at once; the server checks the times
// (not in the future, a minute to a day) and its answer is the workout.
import { fieldWords } from "./change-words.js";

export class SessionFields {
  constructor(root, store, toast) {
    this.root = root;
    this.store = store;
    this.toast = toast;
    this.listen();
  }

  // Shows the kept state in each field the lifter is not typing in.
  render() {
    const state = this.store.state;
    for (const field of ["name", "notes"]) {
      const input = this.field(field);
      if (input && document.activeElement !== input) input.value = state[field];
    }
    this.renderWhen();
    for (const field of ["sessionRPE", "workoutTypeId"]) {
      const select = this.field(field);
      if (select && document.activeElement !== select) select.value = state[field] === null || state[field] === undefined ? "" : String(state[field]);
    }
  }

  renderWhen() {
    const state = this.store.state;
    const start = this.field("startedAt");
    if (start && document.activeElement !== start) start.value = localInput(new Date(state.startedAt));
    const minutes = this.field("durationMinutes");
    if (minutes && document.activeElement !== minutes && state.endedAt) {
      minutes.value = String(Math.round((new Date(state.endedAt) - new Date(state.startedAt)) / 60000));
    }
  }

  field(name) { return this.root.querySelector(`[data-field="${name}"]`); }

  patch(fields) { this.store.send("PATCH", "", fields, "workout", fieldWords(fields)); }

  listen() {
    const state = () => this.store.state;
    // A new start moves a finished workout's end with it.
    this.field("startedAt")?.addEventListener("change", (event) => {
      const date = new Date(event.target.value);
      if (Number.isNaN(date.getTime())) { this.toast.show("Pick a date and a time."); this.renderWhen(); return; }
      const duration = state().endedAt ? new Date(state().endedAt) - new Date(state().startedAt) : null;
      state().startedAt = date.toISOString();
      if (duration !== null) state().endedAt = new Date(date.getTime() + duration).toISOString();
      this.patch({ startedAt: state().startedAt });
    });
    this.field("durationMinutes")?.addEventListener("change", (event) => {
      const minutes = Number(event.target.value);
      if (!Number.isInteger(minutes) || minutes < 1 || minutes > 1440) { this.toast.show("A workout lasts from 1 to 1440 minutes."); this.renderWhen(); return; }
      state().endedAt = new Date(new Date(state().startedAt).getTime() + minutes * 60000).toISOString();
      this.patch({ durationSeconds: minutes * 60 });
    });
    for (const name of ["name", "notes"]) {
      this.field(name).addEventListener("change", (event) => {
        state()[name] = event.target.value;
        this.patch({ [name]: state()[name] });
      });
    }
    // How hard the session felt and its type: chosen from lists, sent as a number or an id (or null).
    for (const name of ["sessionRPE", "workoutTypeId"]) {
      this.field(name)?.addEventListener("change", (event) => {
        const raw = event.target.value;
        state()[name] = raw === "" ? null : name === "sessionRPE" ? Number(raw) : raw;
        this.patch({ [name]: state()[name] });
      });
    }
  }
}

function localInput(date) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
