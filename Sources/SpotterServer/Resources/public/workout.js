// The logging page: turns taps into changes of the workout (kept by workout-store.js,
// sent through the outbox, so nothing is lost without signal) and applies the
// server's answers (workout-answers.js). How it looks is in entry-card.js, the rest
// timer in rest-timer.js, the questions in workout-dialogs.js; the session's own
// fields in session-fields.js, a timed set's countdown in set-timer.js, undoing a
// deleted set in set-undo.js, Finish and Discard in workout-end.js.
import { flush, request } from "./outbox.js";
import { allSent } from "./all-sent.js";
import { RestBar, adjustedRest, noRest, restAfter } from "./rest-timer.js";
import { Alerts, ScreenAwake } from "./alerts.js";
import { ExercisePicker } from "./exercise-picker.js";
import { EntryCards } from "./entry-card.js";
import { Toast } from "./toast.js";
import { WorkoutStore } from "./workout-store.js";
import { showSyncStatus } from "./sync-status.js";
import { closeOnTapOutside, confirmDialog, openEntryOptions, openSetOptions } from "./workout-dialogs.js";
import { clock, newID, trim, volume } from "./workout-format.js";
import { PlateSheet } from "./plate-sheet.js";
import { forgetOffline, openShell } from "./offline-workout.js";
import { cachedAt } from "./fresh-page.js";
import { hearServer } from "./workout-answers.js";
import { SessionFields } from "./session-fields.js";
import { SetTimer } from "./set-timer.js";
import { SetDeletion } from "./set-undo.js";
import { listenForEnd } from "./workout-end.js";

const root = document.getElementById("workout");
if (root) {
  // The page kept for offline use runs the workout started on this phone; the
  // server's own page runs the workout it came with.
  const shell = root.dataset.shell === "true";
  const state = shell ? openShell(root) : JSON.parse(document.getElementById("workout-state").textContent);
  if (!shell) forgetOffline(state.id);
  if (state) start(root, state);
}

function start(root, serverCopy) {
  const workoutID = root.dataset.workoutId;
  const active = root.dataset.active === "true";
  const unit = root.dataset.unit;
  const defaultRest = Number(root.dataset.defaultRest);
  const entriesBox = document.getElementById("entries");
  const store = new WorkoutStore(workoutID, serverCopy, { stale: Boolean(cachedAt) });
  const cards = new EntryCards(unit, JSON.parse(document.getElementById("workout-words").textContent));
  const toast = new Toast(document.querySelector("[data-toast]"));
  // The lifter's rest alert settings (Settings -> Rest alerts), on by default.
  const alerts = new Alerts({ sound: root.dataset.restSound !== "false", volume: Number(root.dataset.restVolume ?? 70) / 100 });
  const rest = new RestBar(document.querySelector("[data-rest]"), restAction, { alerts, nextUp: () => describe(nextOpenSet()) });
  new ScreenAwake(() => active && root.dataset.wakeLock !== "false").update();
  const picker = new ExercisePicker(document.getElementById("exercise-picker"));
  const plates = new PlateSheet(root, document.getElementById("plate-sheet"), entriesBox);
  showSyncStatus(root.querySelector("[data-sync-status]"));
  closeOnTapOutside();

  const waitingHere = hearServer({
    root, store, cards, entriesBox, toast, rest, active, render, renderSummary, hidden: () => deletion.hiddenSetID,
  });
  const sent = { workoutID, waitingHere, toast };
  const session = new SessionFields(root, store, toast);
  const timer = new SetTimer(entriesBox, alerts, (entry, set) => {
    if (set.done) { store.sendSet(entry, set); render(); } else toggleDone(entry, set);
  });
  const deletion = new SetDeletion(store, toast, render);
  listenForEnd(root, store, sent);

  // --- rendering -----------------------------------------------------------

  // Exercises the lifter folded away (done ones, usually), kept for this workout on this phone.
  const collapsedKey = `spotter.collapsed.${workoutID}`;
  const collapsed = new Set(JSON.parse(sessionStorage.getItem(collapsedKey) || "[]"));
  function toggleCollapsed(entry) {
    if (collapsed.has(entry.id)) collapsed.delete(entry.id); else collapsed.add(entry.id);
    sessionStorage.setItem(collapsedKey, JSON.stringify([...collapsed]));
    render();
  }

  function render() {
    entriesBox.innerHTML = store.state.entries.map((entry) => cards.card(entry, collapsed.has(entry.id))).join("") ||
      `<section class="card empty-state"><h2>No exercises yet</h2><p>Add the first one: search by name or alias.</p></section>`;
    plates.decorate(store.state.entries);
    renderSummary();
    session.render();
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
    if (set.done) revealNext();
  }

  // The first set still open, in the order of the page.
  function nextOpenSet() {
    for (const entry of store.state.entries) {
      const set = entry.sets.find((s) => !s.done);
      if (set) return { entry, set };
    }
    return null;
  }

  function describe(next) {
    if (!next) return "";
    const working = next.entry.sets.filter((s) => s.kind !== "warmup");
    const number = working.indexOf(next.set) + 1;
    return `Next: ${next.entry.exerciseName}${number ? `, set ${number} of ${working.length}` : ", warm-up"}`;
  }

  // The next set's tick stays in reach: scrolled up above the rest bar when the bar
  // would cover it.
  function revealNext() {
    const next = nextOpenSet();
    const row = next && entriesBox.querySelector(`[data-set-id="${next.set.id}"]`);
    if (!row) return;
    const bar = document.querySelector("[data-rest]");
    const tabs = document.querySelector("nav.tabbar");
    const limit = !bar.hidden ? bar.getBoundingClientRect().top : tabs ? tabs.getBoundingClientRect().top : innerHeight;
    const box = row.getBoundingClientRect();
    if (box.bottom > limit - 12) window.scrollBy({ top: box.bottom - limit + 24, behavior: "smooth" });
  }

  function restAction(action) {
    if (!store.state.rest?.endsAt) return;
    store.state.rest = adjustedRest(store.state.rest, action);
    rest.show(store.state.rest);
    // 15 s more or less twice is not what the lifter asked for: the API has no end to
    // set, only steps, so a step whose answer was lost is not sent again.
    store.send("POST", "/rest", { action }, "rest", `Rest timer: ${{ add: "15 s more", subtract: "15 s less", skip: "skipped" }[action] ?? action}`,
      { once: action !== "skip" });
  }

  async function addExercise(replacing) {
    const exercise = await picker.choose();
    if (!exercise) return;
    if (replacing) {
      const label = `${replacing.exerciseName} swapped for ${exercise.name}`;
      replacing.exerciseId = exercise.id;
      replacing.exerciseName = exercise.name;
      replacing.exerciseKind = exercise.kind;
      replacing.previous = [];
      store.send("PUT", `/entries/${replacing.id}`, { exerciseId: exercise.id }, "workout", label);
    } else {
      const entry = { id: newID(), exerciseId: exercise.id, exerciseName: exercise.name, exerciseKind: exercise.kind, exerciseEquipment: exercise.equipment, notes: "", supersetGroup: null, restSeconds: null, sets: [], previous: [] };
      store.state.entries.push(entry);
      store.send("PUT", `/entries/${entry.id}`, { exerciseId: exercise.id }, "workout", `Added ${exercise.name}`);
      addSet(entry);
    }
    store.persist();
    render();
  }

  function setOptions(entry, set) {
    openSetOptions(set, {
      onDelete: () => deletion.delete(entry, set),
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
        store.send("PUT", "/entries/order", { ids: store.state.entries.map((e) => e.id) }, "workout", "New order of the exercises");
        render();
      },
      onSwap: () => addExercise(entry),
      onWarmUps: () => addWarmUps(entry),
      onRemove: async () => {
        if (!(await confirmDialog(`Remove ${entry.exerciseName}?`, `Its ${entry.sets.length} sets go with it.`, "Remove"))) return;
        store.state.entries.splice(store.state.entries.indexOf(entry), 1);
        store.send("DELETE", `/entries/${entry.id}`, undefined, "workout", `Removed ${entry.exerciseName} and its ${entry.sets.length} sets`);
        render();
      },
      onSave: (changes) => {
        Object.assign(entry, changes);
        // The server remembers a chosen rest for the exercise; so does the page.
        if (changes.restSeconds != null) {
          for (const other of store.state.entries) if (other.exerciseId === entry.exerciseId) other.rememberedRestSeconds = changes.restSeconds;
        }
        store.send("PUT", `/entries/${entry.id}`, changes, "workout", `${entry.exerciseName}: rest, superset and notes`);
        render();
      },
    });
  }

  // Warm-up sets are made by the server from the first working set's weight, so the
  // changes still waiting are sent first; without signal the lifter is told so.
  async function addWarmUps(entry) {
    if (!(await allSent("Add warm-up sets", sent))) return;
    try {
      store.state = await request("POST", `${store.base}/entries/${entry.id}/warm-ups`);
      store.persist();
      render();
    } catch (error) { toast.show(error.message); }
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
      case "collapse": toggleCollapsed(entry); break;
      case "timer": if (set) timer.toggle(entry, set); break;
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
    // Times may be typed as minutes and seconds: "1:30" is 90 s.
    const clockTime = field === "durationSeconds" && /^\d+:[0-5]?\d$/.test(raw) ? raw.split(":").map(Number) : null;
    const value = raw === "" ? null : clockTime ? clockTime[0] * 60 + clockTime[1] : Number(raw);
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

  root.querySelector('[data-action="add-exercise"]').addEventListener("click", () => addExercise(null));

  // The clock reads the state each second: a start or duration changed here moves it.
  const elapsed = root.querySelector("[data-elapsed]");
  const tick = () => {
    const started = new Date(store.state.startedAt).getTime();
    const ended = store.state.endedAt ? new Date(store.state.endedAt).getTime() : Date.now();
    elapsed.textContent = clock((ended - started) / 1000);
  };
  tick();
  if (active) setInterval(tick, 1000);

  render();
  if (active) rest.show(store.state.rest);
  store.persist();
  flush();
}
