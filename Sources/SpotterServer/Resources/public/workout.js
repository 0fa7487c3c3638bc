// The logging page: renders the workout from its state, turns taps into changes,
// and sends every change through the outbox so nothing is lost without signal.
import { enqueue, flush, handle, onChange, pending, request } from "./outbox.js";
import { RestBar } from "./rest-timer.js";
import { ExercisePicker } from "./exercise-picker.js";
import { clock, escapeHTML, label, mark, newID, toUnit, trim, volume } from "./workout-format.js";

const root = document.getElementById("workout");
if (root) start(root);

function start(root) {
  const workoutID = root.dataset.workoutId;
  const active = root.dataset.active === "true";
  const unit = root.dataset.unit;
  const defaultRest = Number(root.dataset.defaultRest);
  const base = `/api/v1/workouts/${workoutID}`;
  const storeKey = `spotter.workout.${workoutID}`;
  const entriesBox = document.getElementById("entries");
  const toast = document.querySelector("[data-toast]");
  const syncStatus = root.querySelector("[data-sync-status]");

  // The server's copy comes with the page; a copy kept here wins while changes
  // made on this phone are still waiting to be sent.
  let state = JSON.parse(document.getElementById("workout-state").textContent);
  const waiting = pending().some((item) => item.url.startsWith(base));
  const saved = localStorage.getItem(storeKey);
  if (waiting && saved) state = JSON.parse(saved);

  const rest = new RestBar(document.querySelector("[data-rest]"), restAction);
  const picker = new ExercisePicker(document.getElementById("exercise-picker"));

  // --- sending -------------------------------------------------------------

  function persist() {
    localStorage.setItem(storeKey, JSON.stringify(state));
  }

  function setBody(set) {
    return {
      kind: set.kind, reps: set.reps, weight: set.weight, weightUnit: set.weight === null ? undefined : set.weightUnit,
      durationSeconds: set.durationSeconds, distanceMeters: set.distanceMeters, rpe: set.rpe, done: set.done,
      note: set.note, changedAt: set.changedAt,
    };
  }

  function sendSet(entry, set) {
    set.changedAt = new Date().toISOString();
    persist();
    enqueue("PUT", `${base}/entries/${entry.id}/sets/${set.id}`, setBody(set), "set");
  }

  handle("set", (data) => {
    if (!data.applied) {
      const found = findSet(data.set.id);
      if (found) Object.assign(found.set, data.set);
      showToast("This set was changed on another device; showing the newer version.");
      render();
    }
    if (active && pending().length <= 1) { state.rest = data.rest; rest.show(state.rest); }
    applyRecords(data);
    persist();
  });

  // The server judges records against the lifter's history; its answer carries the
  // marks of every set of that exercise in this workout.
  function applyRecords(data) {
    const found = findSet(data.set.id);
    if (!found || !data.records) return;
    const marks = Object.fromEntries(Object.entries(data.records).map(([id, kinds]) => [id.toLowerCase(), kinds]));
    const changed = data.set.id.toLowerCase();
    const gained = [];
    let first = true;
    for (const entry of state.entries.filter((e) => e.exerciseId === found.entry.exerciseId)) {
      for (const set of entry.sets) {
        const kinds = marks[set.id.toLowerCase()] ?? [];
        if (set.id.toLowerCase() === changed) gained.push(...kinds.filter((k) => !(set.records ?? []).includes(k)));
        set.records = kinds;
      }
      entry.volumeRecord = first && data.volumeRecord;
      first = false;
      // Marks only: a full render would take the focus from a field being typed in.
      const card = entriesBox.querySelector(`[data-entry-id="${entry.id}"]`);
      for (const set of entry.sets) {
        const row = card?.querySelector(`[data-set-id="${set.id}"]`);
        row?.querySelector(":scope > .pr-mark")?.remove();
        row?.querySelector(".set-badge")?.insertAdjacentHTML("afterend", prMark(set.records));
      }
      card?.querySelector(".entry-head h2 > .pr-mark")?.remove();
      if (entry.volumeRecord) card?.querySelector(".entry-head h2")?.insertAdjacentHTML("beforeend", prMark(["bestSessionVolume"]));
    }
    renderSummary();
    if (gained.length) showToast(`New PR · ${found.entry.exerciseName}: ${gained.map(recordName).join(", ")}`);
  }

  function recordName(kind) {
    return { heaviestWeight: "heaviest weight", bestE1RM: "best e1RM", bestSetVolume: "best set volume", mostRepsAtWeight: "most reps at this weight", bestSessionVolume: "best session volume" }[kind] ?? kind;
  }

  function prMark(kinds) {
    if (!kinds?.length) return "";
    const words = kinds.map(recordName).join(", ");
    return `<span class="pr-mark" title="${escapeHTML(words)}"><span aria-hidden="true">PR</span><span class="visually-hidden">Personal record: ${escapeHTML(words)}</span></span>`;
  }

  function stripHTML(entry) {
    return entry.sets.map((set) => `<span class="strip-set${set.kind === "warmup" ? " warmup" : ""}${set.done ? "" : " planned"}">${mark(set.kind) ? `<b>${mark(set.kind)}</b>` : ""}${escapeHTML(label(set, entry.exerciseKind, unit))}${prMark(set.records)}</span>`).join("")
      || '<span class="muted">No sets yet</span>';
  }
  handle("workout", (data) => {
    for (const entry of data.entries) {
      const local = state.entries.find((e) => e.id.toLowerCase() === entry.id.toLowerCase());
      if (local) local.previous = entry.previous;
    }
    if (pending().length <= 1) {
      state = data;
      // A set deleted here but still inside its undo window stays hidden.
      if (pendingDelete) for (const entry of state.entries) entry.sets = entry.sets.filter((s) => s.id !== pendingDelete.set.id);
    }
    persist();
    render();
  });
  handle("rest", (data) => { state.rest = data; rest.show(state.rest); persist(); });
  handle("rejected", async (error) => {
    showToast(`Not saved: ${error.message}`);
    try { state = await request("GET", base); persist(); render(); } catch { /* offline again */ }
  });

  function showSync(count) {
    const offline = !navigator.onLine;
    syncStatus.textContent = count === 0 ? (offline ? "Offline · everything is saved on this phone" : "")
      : `${offline ? "Offline" : "Saving"} · ${count} change${count === 1 ? "" : "s"} waiting`;
    syncStatus.classList.toggle("offline", offline || count > 0);
  }
  onChange(showSync);
  addEventListener("offline", () => showSync(pending().length));
  addEventListener("online", () => showSync(pending().length));

  // --- finding -------------------------------------------------------------

  function findEntry(id) { return state.entries.find((e) => e.id === id); }
  function findSet(id) {
    for (const entry of state.entries) {
      // Ids made here are lower case; the server writes them in upper case.
      const set = entry.sets.find((s) => s.id.toLowerCase() === id.toLowerCase());
      if (set) return { entry, set };
    }
    return null;
  }

  // --- rendering -----------------------------------------------------------

  function weightShown(set) {
    if (set.weight === null || set.weight === undefined) return "";
    return trim(toUnit(set.weight, set.weightUnit, unit));
  }

  function fields(entry, set) {
    const kind = entry.exerciseKind;
    const number = (name, value, mode, hint) =>
      `<input class="set-input" data-set-field="${name}" inputmode="${mode}" enterkeyhint="done" value="${escapeHTML(value ?? "")}" placeholder="${hint}" aria-label="${hint}">`;
    if (kind === "duration") return number("durationSeconds", set.durationSeconds, "numeric", "seconds");
    if (kind === "distanceDuration") return number("distanceMeters", set.distanceMeters, "decimal", "metres") + number("durationSeconds", set.durationSeconds, "numeric", "seconds");
    const load = kind === "weightReps" ? unit : kind === "assistedBodyweight" ? `−${unit}` : `+${unit}`;
    return number("weight", weightShown(set), "decimal", load) + number("reps", set.reps, "numeric", "reps");
  }

  function setRow(entry, set, index, working) {
    const previous = entry.previous?.[index];
    const badge = set.kind === "working" ? String(working) : mark(set.kind);
    return `<li class="set-row${set.done ? " done" : ""}${set.kind === "warmup" ? " warmup" : ""}" data-set-id="${set.id}">
      <button class="set-badge kind-${set.kind}" type="button" data-action="set-options" aria-label="Set ${badge}: options">${badge}</button>${prMark(set.records)}
      <button class="previous" type="button" data-action="copy-previous" ${previous ? "" : "disabled"} aria-label="${previous ? `Last time ${escapeHTML(label(previous, entry.exerciseKind, unit))}: use it` : "No previous set"}">${previous ? escapeHTML(label(previous, entry.exerciseKind, unit)) : "–"}</button>
      ${fields(entry, set)}
      <button class="done-button" type="button" data-action="toggle-done" aria-pressed="${set.done}" aria-label="Set ${badge} done"><svg class="icon" aria-hidden="true"><use href="/assets/icons.svg#check"/></svg></button>
    </li>`;
  }

  function entryCard(entry, index) {
    let working = 0;
    const rows = entry.sets.map((set, i) => { if (set.kind !== "warmup") working += 1; return setRow(entry, set, i, working); }).join("");
    const superset = entry.supersetGroup ? `<span class="badge">Superset ${"ABCD"[entry.supersetGroup - 1] ?? entry.supersetGroup}</span>` : "";
    const restNote = entry.restSeconds !== null && entry.restSeconds !== undefined ? ` · rest ${entry.restSeconds} s` : "";
    // The plan of a workout started from a template: the rep range to aim for.
    const target = entry.sets.find((set) => set.target?.repMin)?.target;
    const targetNote = target
      ? `<p class="entry-target">Target ${target.repMin === target.repMax ? target.repMin : `${target.repMin}–${target.repMax}`} reps${target.rpe ? ` @ RPE ${target.rpe}` : ""}</p>`
      : "";
    return `<section class="card entry" data-entry-id="${entry.id}" aria-label="${escapeHTML(entry.exerciseName)}">
      <div class="entry-head">
        <h2><a href="/exercises/${entry.exerciseId.toLowerCase()}/progress">${escapeHTML(entry.exerciseName)}</a>${entry.volumeRecord ? prMark(["bestSessionVolume"]) : ""}</h2>
        ${superset}
        <button class="icon-button" type="button" data-action="entry-options" aria-label="Options for ${escapeHTML(entry.exerciseName)}"><svg class="icon" aria-hidden="true"><use href="/assets/icons.svg#edit"/></svg></button>
      </div>
      <div class="set-strip live" aria-label="Sets so far">${stripHTML(entry)}</div>
      ${targetNote}
      ${entry.notes ? `<p class="entry-notes">${escapeHTML(entry.notes)}${restNote}</p>` : restNote ? `<p class="entry-notes">${restNote.slice(3)}</p>` : ""}
      <div class="set-header" aria-hidden="true"><span>Set</span><span>Previous</span><span>${entry.exerciseKind.startsWith("distance") ? "m · s" : entry.exerciseKind === "duration" ? "Seconds" : `${unit} · reps`}</span><span></span></div>
      <ol class="set-list">${rows}</ol>
      <div class="entry-actions">
        <button class="button small" type="button" data-action="add-set"><svg class="icon" aria-hidden="true"><use href="/assets/icons.svg#plus"/></svg>Add set</button>
        <button class="button small" type="button" data-action="repeat-set" ${entry.sets.length ? "" : "disabled"}>Repeat last set</button>
      </div>
    </section>`;
  }

  function render() {
    entriesBox.innerHTML = state.entries.map(entryCard).join("") ||
      `<section class="card empty-state"><h2>No exercises yet</h2><p>Add the first one: search by name or alias.</p></section>`;
    renderSummary();
    const name = root.querySelector('[data-field="name"]');
    if (document.activeElement !== name) name.value = state.name;
    const notes = root.querySelector('[data-field="notes"]');
    if (document.activeElement !== notes) notes.value = state.notes;
  }

  function renderSummary() {
    const sets = state.entries.reduce((n, e) => n + e.sets.filter((s) => s.done).length, 0);
    const v = volume(state, unit);
    root.querySelector("[data-summary]").textContent =
      `${state.entries.length} exercise${state.entries.length === 1 ? "" : "s"} · ${sets} set${sets === 1 ? "" : "s"} · ${trim(v.load)} ${unit}${v.bodyweightReps ? ` + ${v.bodyweightReps} reps` : ""}`;
    for (const card of entriesBox.querySelectorAll(".entry")) {
      const entry = findEntry(card.dataset.entryId);
      card.querySelector(".set-strip").innerHTML = stripHTML(entry);
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
    sendSet(entry, set);
    render();
    entriesBox.querySelector(`[data-set-id="${set.id}"] .set-input`)?.focus({ preventScroll: true });
  }

  function localRest(entry, set) {
    // The same rule as the server (SpotterCore's RestTimer.event), so the timer starts
    // at once, offline too; the server's answer then confirms it.
    const index = entry.sets.indexOf(set);
    const isLast = state.entries[state.entries.length - 1] === entry && index === entry.sets.length - 1;
    const nextIsDrop = entry.sets[index + 1]?.kind === "drop";
    const seconds = entry.restSeconds ?? defaultRest;
    if (isLast || nextIsDrop || seconds <= 0) return { endsAt: null, totalSeconds: 0, afterSetId: null };
    return { endsAt: new Date(Date.now() + seconds * 1000).toISOString(), totalSeconds: seconds, afterSetId: set.id };
  }

  function toggleDone(entry, set) {
    set.done = !set.done;
    if (active) {
      if (set.done) state.rest = localRest(entry, set);
      else if (state.rest?.afterSetId === set.id) state.rest = { endsAt: null, totalSeconds: 0, afterSetId: null };
      rest.show(state.rest);
    }
    sendSet(entry, set);
    render();
  }

  // A deleted set is sent to the server only when its undo window has passed; a
  // second deletion ends the first one's window and sends it at once.
  let pendingDelete = null;
  function commitPendingDelete() {
    if (!pendingDelete) return;
    clearTimeout(pendingDelete.timer);
    enqueue("DELETE", `${base}/sets/${pendingDelete.set.id}`, undefined, "workout");
    pendingDelete = null;
  }
  function deleteSet(entry, set) {
    commitPendingDelete();
    const index = entry.sets.indexOf(set);
    entry.sets.splice(index, 1);
    persist();
    render();
    pendingDelete = { set, timer: setTimeout(() => { hideToast(); commitPendingDelete(); }, 5000) };
    showToast("Set deleted.", () => {
      if (pendingDelete?.set !== set) return;
      clearTimeout(pendingDelete.timer);
      pendingDelete = null;
      entry.sets.splice(index, 0, set);
      persist();
      render();
    });
  }
  addEventListener("pagehide", commitPendingDelete);

  function restAction(action) {
    const now = Date.now();
    if (!state.rest?.endsAt) return;
    if (action === "skip") state.rest = { endsAt: null, totalSeconds: 0, afterSetId: null };
    else {
      const step = action === "add" ? 15 : -15;
      const ends = new Date(state.rest.endsAt).getTime() + step * 1000;
      state.rest = ends <= now ? { endsAt: null, totalSeconds: 0, afterSetId: null }
        : { ...state.rest, endsAt: new Date(ends).toISOString(), totalSeconds: Math.max(0, state.rest.totalSeconds + step) };
    }
    rest.show(state.rest);
    persist();
    enqueue("POST", `${base}/rest`, { action }, "rest");
  }

  async function addExercise(replacing) {
    const exercise = await picker.choose();
    if (!exercise) return;
    if (replacing) {
      replacing.exerciseId = exercise.id;
      replacing.exerciseName = exercise.name;
      replacing.exerciseKind = exercise.kind;
      replacing.previous = [];
      enqueue("PUT", `${base}/entries/${replacing.id}`, { exerciseId: exercise.id }, "workout");
    } else {
      const entry = { id: newID(), exerciseId: exercise.id, exerciseName: exercise.name, exerciseKind: exercise.kind, notes: "", supersetGroup: null, restSeconds: null, sets: [], previous: [] };
      state.entries.push(entry);
      enqueue("PUT", `${base}/entries/${entry.id}`, { exerciseId: exercise.id }, "workout");
      addSet(entry);
    }
    persist();
    render();
  }

  // --- dialogs ---------------------------------------------------------------

  function confirmDialog(title, text, yes) {
    const dialog = document.getElementById("confirm-dialog");
    dialog.querySelector("[data-confirm-title]").textContent = title;
    dialog.querySelector("[data-confirm-text]").textContent = text;
    dialog.querySelector("[data-confirm-yes]").textContent = yes;
    return new Promise((resolve) => {
      dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
      dialog.showModal();
    });
  }

  function openSetOptions(entry, set) {
    const dialog = document.getElementById("set-options");
    const form = dialog.querySelector("[data-set-form]");
    form.kind.value = set.kind;
    form.rpe.value = set.rpe === null || set.rpe === undefined ? "" : trim(set.rpe);
    form.note.value = set.note ?? "";
    dialog.querySelector('[data-action="delete-set"]').onclick = () => { dialog.close(); deleteSet(entry, set); };
    dialog.addEventListener("close", () => {
      if (dialog.returnValue !== "save") return;
      set.kind = form.kind.value;
      set.rpe = form.rpe.value === "" ? null : Number(form.rpe.value);
      set.note = form.note.value;
      sendSet(entry, set);
      render();
    }, { once: true });
    dialog.returnValue = "";
    dialog.showModal();
  }

  function openEntryOptions(entry) {
    const dialog = document.getElementById("entry-options");
    const form = dialog.querySelector("[data-entry-form]");
    form.restSeconds.value = entry.restSeconds ?? "";
    form.supersetGroup.value = entry.supersetGroup ?? "";
    form.notes.value = entry.notes ?? "";
    const move = (step) => {
      const index = state.entries.indexOf(entry);
      const target = index + step;
      if (target < 0 || target >= state.entries.length) return;
      state.entries.splice(index, 1);
      state.entries.splice(target, 0, entry);
      enqueue("PUT", `${base}/entries/order`, { ids: state.entries.map((e) => e.id) }, "workout");
      persist();
      render();
    };
    dialog.querySelector('[data-action="entry-up"]').onclick = () => { dialog.close(); move(-1); };
    dialog.querySelector('[data-action="entry-down"]').onclick = () => { dialog.close(); move(1); };
    dialog.querySelector('[data-action="entry-swap"]').onclick = () => { dialog.close(); addExercise(entry); };
    dialog.querySelector('[data-action="entry-remove"]').onclick = async () => {
      dialog.close();
      if (!(await confirmDialog(`Remove ${entry.exerciseName}?`, `Its ${entry.sets.length} sets go with it.`, "Remove"))) return;
      state.entries.splice(state.entries.indexOf(entry), 1);
      enqueue("DELETE", `${base}/entries/${entry.id}`, undefined, "workout");
      persist();
      render();
    };
    dialog.addEventListener("close", () => {
      if (dialog.returnValue !== "save") return;
      const restSeconds = form.restSeconds.value === "" ? null : Number(form.restSeconds.value);
      const supersetGroup = form.supersetGroup.value === "" ? null : Number(form.supersetGroup.value);
      Object.assign(entry, { restSeconds, supersetGroup, notes: form.notes.value });
      enqueue("PUT", `${base}/entries/${entry.id}`, { restSeconds, supersetGroup, notes: form.notes.value }, "workout");
      persist();
      render();
    }, { once: true });
    dialog.returnValue = "";
    dialog.showModal();
  }

  for (const dialog of document.querySelectorAll("dialog")) {
    dialog.addEventListener("click", (event) => {
      if (event.target.closest('[data-action="close-dialog"]') || event.target === dialog) dialog.close();
    });
  }

  // --- toast -------------------------------------------------------------------

  let toastTimer = null;
  function showToast(text, undo) {
    toast.querySelector("[data-toast-text]").textContent = text;
    const button = toast.querySelector('[data-action="undo"]');
    button.hidden = !undo;
    button.onclick = () => { hideToast(); undo?.(); };
    toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(hideToast, undo ? 5000 : 4000);
  }
  function hideToast() { toast.hidden = true; }

  // --- events ------------------------------------------------------------------

  entriesBox.addEventListener("click", (event) => {
    const button = event.target.closest("[data-action]");
    if (!button) return;
    const entry = findEntry(button.closest("[data-entry-id]")?.dataset.entryId);
    const set = entry?.sets.find((s) => s.id === button.closest("[data-set-id]")?.dataset.setId);
    switch (button.dataset.action) {
      case "toggle-done": if (set) toggleDone(entry, set); break;
      case "add-set": addSet(entry); break;
      case "repeat-set": if (entry.sets.length) addSet(entry, entry.sets[entry.sets.length - 1]); break;
      case "set-options": if (set) openSetOptions(entry, set); break;
      case "entry-options": openEntryOptions(entry); break;
      case "copy-previous": {
        const previous = entry.previous?.[entry.sets.indexOf(set)];
        if (!previous || !set) break;
        Object.assign(set, { reps: previous.reps, weight: previous.weight, weightUnit: previous.weightUnit, durationSeconds: previous.durationSeconds, distanceMeters: previous.distanceMeters });
        sendSet(entry, set);
        render();
        break;
      }
    }
  });

  entriesBox.addEventListener("change", (event) => {
    const input = event.target.closest("[data-set-field]");
    if (!input) return;
    const found = findSet(input.closest("[data-set-id]").dataset.setId);
    if (!found) return;
    const field = input.dataset.setField;
    const raw = input.value.trim().replace(",", ".");
    const value = raw === "" ? null : Number(raw);
    if (raw !== "" && !Number.isFinite(value)) { showToast("Type a number."); input.value = ""; return; }
    if (field === "weight") { found.set.weight = value; found.set.weightUnit = unit; }
    else if (field === "reps" || field === "durationSeconds") found.set[field] = value === null ? null : Math.round(value);
    else found.set[field] = value;
    sendSet(found.entry, found.set);
    renderSummary();
  });

  root.querySelector('[data-field="name"]').addEventListener("change", (event) => {
    state.name = event.target.value;
    persist();
    enqueue("PATCH", base, { name: state.name }, "workout");
  });
  root.querySelector('[data-field="notes"]').addEventListener("change", (event) => {
    state.notes = event.target.value;
    persist();
    enqueue("PATCH", base, { notes: state.notes }, "workout");
  });

  root.querySelector('[data-action="add-exercise"]').addEventListener("click", () => addExercise(null));

  document.querySelector('[data-action="finish"]')?.addEventListener("click", async () => {
    const undone = state.entries.reduce((n, e) => n + e.sets.filter((s) => !s.done).length, 0);
    const text = undone ? `${undone} set${undone === 1 ? " is" : "s are"} not ticked and will not count.` : "It moves to your history.";
    if (!(await confirmDialog("Finish workout?", text, "Finish"))) return;
    await flush();
    if (pending().length) { showToast("No connection: finish again once the waiting changes are sent."); return; }
    try {
      await request("POST", `${base}/finish`);
      localStorage.removeItem(storeKey);
      location.href = `/history/${workoutID}?notice=finished`;
    } catch (error) { showToast(error.message); }
  });

  root.querySelector('[data-action="discard"]')?.addEventListener("click", async () => {
    if (!(await confirmDialog("Discard this workout?", "Every set in it will be deleted. This cannot be undone.", "Discard"))) return;
    try {
      await request("DELETE", base);
      localStorage.removeItem(storeKey);
      location.href = "/?notice=discarded";
    } catch (error) { showToast(error.message); }
  });

  const elapsed = root.querySelector("[data-elapsed]");
  const started = new Date(state.startedAt).getTime();
  const ended = state.endedAt ? new Date(state.endedAt).getTime() : null;
  const tick = () => { elapsed.textContent = clock(((ended ?? Date.now()) - started) / 1000); };
  tick();
  if (!ended) setInterval(tick, 1000);

  render();
  if (active) rest.show(state.rest);
  persist();
  flush();
}
