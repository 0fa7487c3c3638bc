// The logging page: turns taps into changes of the workout (kept by workout-store.js,
// sent through the outbox, so nothing is lost without signal) and applies the
// server's answers. How it looks is in entry-card.js, the rest timer in
// rest-timer.js, the questions in workout-dialogs.js.
import { flush, handle, pending, request } from "./outbox.js";
import { RestBar, adjustedRest, noRest, restAfter } from "./rest-timer.js";
import { ExercisePicker } from "./exercise-picker.js";
import { EntryCards } from "./entry-card.js";
import { Toast } from "./toast.js";
import { WorkoutStore } from "./workout-store.js";
import { showSyncStatus } from "./sync-status.js";
import { closeOnTapOutside, confirmDialog, openEntryOptions, openSetOptions } from "./workout-dialogs.js";
import { clock, newID, trim, volume } from "./workout-format.js";
import { PlateSheet } from "./plate-sheet.js";

const root = document.getElementById("workout");
if (root) start(root);

function start(root) {
  const workoutID = root.dataset.workoutId;
  const active = root.dataset.active === "true";
  const unit = root.dataset.unit;
  const defaultRest = Number(root.dataset.defaultRest);
  const entriesBox = document.getElementById("entries");
  const store = new WorkoutStore(workoutID, JSON.parse(document.getElementById("workout-state").textContent));
  const cards = new EntryCards(unit, JSON.parse(document.getElementById("workout-words").textContent));
  const toast = new Toast(document.querySelector("[data-toast]"));
  const rest = new RestBar(document.querySelector("[data-rest]"), restAction);
  const picker = new ExercisePicker(document.getElementById("exercise-picker"));
  const plates = new PlateSheet(root, document.getElementById("plate-sheet"), entriesBox);
  showSyncStatus(root.querySelector("[data-sync-status]"));
  closeOnTapOutside();

  // --- the server's answers --------------------------------------------------

  handle("set", (data) => {
    if (!data.applied) {
      const found = store.findSet(data.set.id);
      if (found) Object.assign(found.set, data.set);
      toast.show("This set was changed on another device; showing the newer version.");
      render();
    }
    if (active && pending().length <= 1) { store.state.rest = data.rest; rest.show(store.state.rest); }
    applyRecords(data);
    store.persist();
  });

  // The server judges records against the lifter's history; its answer carries the
  // marks of every set of that exercise in this workout.
  function applyRecords(data) {
    const found = store.findSet(data.set.id);
    if (!found || !data.records) return;
    const marks = data.records;
    const changed = data.set.id;
    const gained = [];
    let first = true;
    for (const entry of store.state.entries.filter((e) => e.exerciseId === found.entry.exerciseId)) {
      for (const set of entry.sets) {
        const kinds = marks[set.id] ?? [];
        if (set.id === changed) gained.push(...kinds.filter((k) => !(set.records ?? []).includes(k)));
        set.records = kinds;
      }
      entry.volumeRecord = first && data.volumeRecord;
      first = false;
      cards.refreshMarks(entriesBox.querySelector(`[data-entry-id="${entry.id}"]`), entry);
    }
    renderSummary();
    if (gained.length) toast.show(`New PR · ${found.entry.exerciseName}: ${gained.map((kind) => cards.recordName(kind)).join(", ")}`);
  }

  handle("workout", (data) => {
    for (const entry of data.entries) {
      const local = store.state.entries.find((e) => e.id === entry.id);
      if (local) local.previous = entry.previous;
    }
    if (pending().length <= 1) {
      store.state = data;
      // A set deleted here but still inside its undo window stays hidden.
      if (pendingDelete) for (const entry of store.state.entries) entry.sets = entry.sets.filter((s) => s.id !== pendingDelete.set.id);
    }
    store.persist();
    render();
  });
  handle("rest", (data) => { store.state.rest = data; rest.show(store.state.rest); store.persist(); });
  handle("rejected", async (error) => {
    toast.show(`Not saved: ${error.message}`);
    try { store.state = await request("GET", store.base); store.persist(); render(); } catch { /* offline again */ }
  });

  // --- rendering -----------------------------------------------------------

  function render() {
    entriesBox.innerHTML = store.state.entries.map((entry) => cards.card(entry)).join("") ||
      `<section class="card empty-state"><h2>No exercises yet</h2><p>Add the first one: search by name or alias.</p></section>`;
    plates.decorate(store.state.entries);
    renderSummary();
    const name = root.querySelector('[data-field="name"]');
    if (document.activeElement !== name) name.value = store.state.name;
    const notes = root.querySelector('[data-field="notes"]');
    if (document.activeElement !== notes) notes.value = store.state.notes;
    for (const field of ["sessionRPE", "workoutTypeId"]) {
      const select = root.querySelector(`[data-field="${field}"]`);
      if (select && document.activeElement !== select) select.value = store.state[field] === null || store.state[field] === undefined ? "" : String(store.state[field]);
    }
  }

  function renderSummary() {
    const sets = store.state.entries.reduce((n, e) => n + e.sets.filter((s) => s.done).length, 0);
    const v = volume(store.state, unit);
    root.querySelector("[data-summary]").textContent =
      `${store.state.entries.length} exercise${store.state.entries.length === 1 ? "" : "s"} · ${sets} set${sets === 1 ? "" : "s"} · ${trim(v.load)} ${unit}${v.bodyweightReps ? ` + ${v.bodyweightReps} reps` : ""}`;
    for (const card of entriesBox.querySelectorAll(".entry")) {
      card.querySelector(".set-strip").innerHTML = cards.strip(store.entry(card.dataset.entryId));
    }
  }

  // --- changes -------------------------------------------------------------

  function newSet(entry, from) {
    const position = entry.sets.length;
    const previous = entry.previous?.[position];
    const source = from ?? previous ?? entry.sets[position - 1];
    return {
      id: newID(), kind: from?.kind ?? (source && source.kind !== "warmup" ? source.kind : "working"),
      reps: source?.reps ?? null, weight: source?.weight ?? null, weightUnit: source?.weightUnit ?? unit,
      durationSeconds: source?.durationSeconds ?? null, distanceMeters: source?.distanceMeters ?? null,
      rpe: null, done: false, note: "", loggedAt: null, changedAt: new Date().toISOString(),
    };
  }

  function addSet(entry, from) {
    const set = newSet(entry, from);
    entry.sets.push(set);
    store.sendSet(entry, set);
    render();
    entriesBox.querySelector(`[data-set-id="${set.id}"] .set-input`)?.focus({ preventScroll: true });
  }

  function toggleDone(entry, set) {
    set.done = !set.done;
    if (active) {
      if (set.done) store.state.rest = restAfter(store.state.entries, entry, set, defaultRest);
      else if (store.state.rest?.afterSetId === set.id) store.state.rest = noRest();
      rest.show(store.state.rest);
    }
    store.sendSet(entry, set);
    render();
  }

  // A deleted set is sent to the server only when its undo window has passed; a
  // second deletion ends the first one's window and sends it at once.
  let pendingDelete = null;
  function commitPendingDelete() {
    if (!pendingDelete) return;
    clearTimeout(pendingDelete.timer);
    store.send("DELETE", `/sets/${pendingDelete.set.id}`, undefined, "workout");
    pendingDelete = null;
  }
  function deleteSet(entry, set) {
    commitPendingDelete();
    const index = entry.sets.indexOf(set);
    entry.sets.splice(index, 1);
    store.persist();
    render();
    pendingDelete = { set, timer: setTimeout(() => { toast.hide(); commitPendingDelete(); }, 5000) };
    toast.show("Set deleted.", () => {
      if (pendingDelete?.set !== set) return;
      clearTimeout(pendingDelete.timer);
      pendingDelete = null;
      entry.sets.splice(index, 0, set);
      store.persist();
      render();
    });
  }
  addEventListener("pagehide", commitPendingDelete);

  function restAction(action) {
    if (!store.state.rest?.endsAt) return;
    store.state.rest = adjustedRest(store.state.rest, action);
    rest.show(store.state.rest);
    store.send("POST", "/rest", { action }, "rest");
  }

  async function addExercise(replacing) {
    const exercise = await picker.choose();
    if (!exercise) return;
    if (replacing) {
      replacing.exerciseId = exercise.id;
      replacing.exerciseName = exercise.name;
      replacing.exerciseKind = exercise.kind;
      replacing.previous = [];
      store.send("PUT", `/entries/${replacing.id}`, { exerciseId: exercise.id }, "workout");
    } else {
      const entry = { id: newID(), exerciseId: exercise.id, exerciseName: exercise.name, exerciseKind: exercise.kind, notes: "", supersetGroup: null, restSeconds: null, sets: [], previous: [] };
      store.state.entries.push(entry);
      store.send("PUT", `/entries/${entry.id}`, { exerciseId: exercise.id }, "workout");
      addSet(entry);
    }
    store.persist();
    render();
  }

  function setOptions(entry, set) {
    openSetOptions(set, {
      onDelete: () => deleteSet(entry, set),
      onSave: (changes) => { Object.assign(set, changes); store.sendSet(entry, set); render(); },
    });
  }

  function entryOptions(entry) {
    openEntryOptions(entry, {
      onMove: (step) => {
        const index = store.state.entries.indexOf(entry);
        const target = index + step;
        if (target < 0 || target >= store.state.entries.length) return;
        store.state.entries.splice(index, 1);
        store.state.entries.splice(target, 0, entry);
        store.send("PUT", "/entries/order", { ids: store.state.entries.map((e) => e.id) }, "workout");
        render();
      },
      onSwap: () => addExercise(entry),
      onWarmUps: () => addWarmUps(entry),
      onRemove: async () => {
        if (!(await confirmDialog(`Remove ${entry.exerciseName}?`, `Its ${entry.sets.length} sets go with it.`, "Remove"))) return;
        store.state.entries.splice(store.state.entries.indexOf(entry), 1);
        store.send("DELETE", `/entries/${entry.id}`, undefined, "workout");
        render();
      },
      onSave: (changes) => {
        Object.assign(entry, changes);
        store.send("PUT", `/entries/${entry.id}`, changes, "workout");
        render();
      },
    });
  }

  // Warm-up sets are made by the server from the first working set's weight, so the
  // changes still waiting are sent first; without signal the lifter is told so.
  async function addWarmUps(entry) {
    await flush();
    if (pending().length) { toast.show("No connection: add warm-up sets once the waiting changes are sent."); return; }
    try {
      store.state = await request("POST", `${store.base}/entries/${entry.id}/warm-ups`);
      store.persist();
      render();
    } catch (error) { toast.show(error.status ? error.message : "No connection: try again with signal."); }
  }

  // --- events ------------------------------------------------------------------

  entriesBox.addEventListener("click", (event) => {
    const button = event.target.closest("[data-action]");
    if (!button) return;
    const entry = store.entry(button.closest("[data-entry-id]")?.dataset.entryId);
    const set = entry?.sets.find((s) => s.id === button.closest("[data-set-id]")?.dataset.setId);
    switch (button.dataset.action) {
      case "toggle-done": if (set) toggleDone(entry, set); break;
      case "add-set": addSet(entry); break;
      case "repeat-set": if (entry.sets.length) addSet(entry, entry.sets[entry.sets.length - 1]); break;
      case "set-options": if (set) setOptions(entry, set); break;
      case "entry-options": entryOptions(entry); break;
      case "copy-previous": {
        const previous = entry.previous?.[entry.sets.indexOf(set)];
        if (!previous || !set) break;
        Object.assign(set, { reps: previous.reps, weight: previous.weight, weightUnit: previous.weightUnit, durationSeconds: previous.durationSeconds, distanceMeters: previous.distanceMeters });
        store.sendSet(entry, set);
        render();
        break;
      }
    }
  });

  entriesBox.addEventListener("change", (event) => {
    const input = event.target.closest("[data-set-field]");
    if (!input) return;
    const found = store.findSet(input.closest("[data-set-id]").dataset.setId);
    if (!found) return;
    const field = input.dataset.setField;
    const raw = input.value.trim().replace(",", ".");
    const value = raw === "" ? null : Number(raw);
    if (raw !== "" && !Number.isFinite(value)) { toast.show("Type a number."); input.value = ""; return; }
    const stored = field === "reps" || field === "durationSeconds" ? (value === null ? null : Math.round(value)) : value;
    found.set[field] = stored;
    if (field === "weight") found.set.weightUnit = unit;
    store.sendSet(found.entry, found.set);
    carryDown(found.entry, found.set, field, stored);
    renderSummary();
  });

  // Weights carry down, as lifters expect on an exercise they have no history of:
  // a number typed in a set fills the same field of the open sets below it that are
  // still empty. With previous performance each set has its own "previous" to copy.
  function carryDown(entry, set, field, value) {
    if (value === null || entry.previous?.some(Boolean)) return;
    for (const below of entry.sets.slice(entry.sets.indexOf(set) + 1)) {
      if (below.done || below[field] !== null && below[field] !== undefined) continue;
      below[field] = value;
      if (field === "weight") below.weightUnit = unit;
      store.sendSet(entry, below);
      const box = entriesBox.querySelector(`[data-set-id="${below.id}"] [data-set-field="${field}"]`);
      if (box) box.value = String(value);
    }
  }

  for (const field of ["name", "notes"]) {
    root.querySelector(`[data-field="${field}"]`).addEventListener("change", (event) => {
      store.state[field] = event.target.value;
      store.send("PATCH", "", { [field]: store.state[field] }, "workout");
    });
  }

  // How hard the session felt and its type: chosen from lists, sent as a number or an id (or null).
  for (const field of ["sessionRPE", "workoutTypeId"]) {
    root.querySelector(`[data-field="${field}"]`)?.addEventListener("change", (event) => {
      const raw = event.target.value;
      store.state[field] = raw === "" ? null : field === "sessionRPE" ? Number(raw) : raw;
      store.send("PATCH", "", { [field]: store.state[field] }, "workout");
    });
  }

  root.querySelector('[data-action="add-exercise"]').addEventListener("click", () => addExercise(null));

  document.querySelector('[data-action="finish"]')?.addEventListener("click", async () => {
    const undone = store.state.entries.reduce((n, e) => n + e.sets.filter((s) => !s.done).length, 0);
    const text = undone ? `${undone} set${undone === 1 ? " is" : "s are"} not ticked and will not count.` : "It moves to your history.";
    if (!(await confirmDialog("Finish workout?", text, "Finish"))) return;
    await flush();
    if (pending().length) { toast.show("No connection: finish again once the waiting changes are sent."); return; }
    try {
      await request("POST", `${store.base}/finish`);
      store.forget();
      location.href = `/history/${workoutID}?notice=finished`;
    } catch (error) { toast.show(error.message); }
  });

  root.querySelector('[data-action="discard"]')?.addEventListener("click", async () => {
    if (!(await confirmDialog("Discard this workout?", "Every set in it will be deleted. This cannot be undone.", "Discard"))) return;
    try {
      await request("DELETE", store.base);
      store.forget();
      location.href = "/?notice=discarded";
    } catch (error) { toast.show(error.message); }
  });

  const elapsed = root.querySelector("[data-elapsed]");
  const started = new Date(store.state.startedAt).getTime();
  const ended = store.state.endedAt ? new Date(store.state.endedAt).getTime() : null;
  const tick = () => { elapsed.textContent = clock(((ended ?? Date.now()) - started) / 1000); };
  tick();
  if (!ended) setInterval(tick, 1000);

  render();
  if (active) rest.show(store.state.rest);
  store.persist();
  flush();
}
