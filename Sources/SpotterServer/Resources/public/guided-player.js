// The guided player. The server keeps the player (phase, set, when a countdown
// ends) and answers every tap with it; this page only counts down locally, beeps
// the last three seconds, keeps the screen awake and draws the answer. At zero, or
// when the page comes back from the background, it asks the server where things
// are: the server plays out the time that passed.
import { Alerts, ScreenAwake } from "./alerts.js";

const root = document.querySelector("[data-player]");
// The summary (a finished player) is a page like any other.
if (root && root.dataset.phase !== "finished") start(root);

function start(root) {
  const id = root.dataset.player;
  const $ = (name) => root.querySelector(`[data-${name}]`);
  const form = $("actions");
  let state = JSON.parse(document.getElementById("guided-state").textContent);
  let items = state.items ?? [];
  let endsAt = 0;
  let startedAt = 0;
  let lastBeep = null;
  let busy = false;
  const alerts = new Alerts({ sound: localStorage.getItem("spotter.guided.muted") !== "1" });
  const awake = new ScreenAwake(() => state.phase !== "finished" && !state.paused);

  // Sound: a toggle remembered on this device.
  const mute = $("mute");
  mute.hidden = false;
  mute.setAttribute("aria-pressed", String(!alerts.sound));
  mute.addEventListener("click", () => {
    alerts.sound = !alerts.sound;
    localStorage.setItem("spotter.guided.muted", alerts.sound ? "0" : "1");
    mute.setAttribute("aria-pressed", String(!alerts.sound));
    alerts.unlock();
  });

  const clock = (s) => {
    s = Math.max(0, s);
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    return (h ? `${h}:${String(m).padStart(2, "0")}` : `${m}`) + `:${String(r).padStart(2, "0")}`;
  };

  // A picture that does not load gives way to the muscle-group placeholder.
  $("image")?.addEventListener("error", () => {
    $("image").hidden = true;
    show("placeholder", true);
  });

  function text(name, value) { const el = $(name); if (el) el.textContent = value; }
  function show(name, visible) { const el = $(name); if (el) el.hidden = !visible; }

  function draw(next) {
    if (next.items) items = next.items;
    state = next;
    if (state.phase === "finished") { location.reload(); return; }
    const now = Date.now();
    endsAt = state.endsAt && !state.paused ? now + state.remainingSeconds * 1000 : 0;
    startedAt = now - state.elapsedSeconds * 1000;
    lastBeep = null;
    const phase = state.phase;
    const item = items[state.item] ?? {};
    const isBreak = phase === "break";
    root.dataset.phase = phase;
    root.classList.toggle("is-paused", state.paused);
    form.querySelector("[data-item]").value = state.item;
    form.querySelector("[data-set]").value = state.set;
    form.querySelector("[data-phase-field]").value = phase;
    text("progress-label", `Exercise ${state.exerciseNumber} of ${state.exerciseCount}`);
    const bar = $("progress");
    bar.max = Math.max(1, state.exerciseCount);
    bar.value = Math.max(0, state.exerciseNumber - (isBreak ? 0 : 1));
    // The card: the exercise, or the break.
    text("name", item.name ?? "");
    text("set-label", isBreak ? "" : `Set ${state.setNumber} of ${state.setCount}`);
    text("target", isBreak ? "" : item.seconds ? `${item.seconds} s hold` : item.targetReps ? `${item.targetReps} reps` : "");
    const image = $("image");
    if (image) image.hidden = !item.imageUrl;
    if (image && item.imageUrl) image.src = item.imageUrl;
    show("placeholder", !item.imageUrl);
    show("media", !isBreak);
    text("initial", (item.name ?? "").slice(0, 1));
    text("muscle", isBreak ? "" : item.muscle ?? "");
    const video = $("video");
    if (video) { video.hidden = !item.videoUrl; if (item.videoUrl) video.href = item.videoUrl; }
    // The values of a reps set: the planned ones, or else the set before it.
    const values = item.setValues?.[state.set];
    const before = item.setValues?.[state.set - 1];
    const reps = $("reps"), weight = $("weight");
    if (reps) reps.value = values?.reps ?? before?.reps ?? "";
    if (weight) weight.value = values?.weight ?? before?.weight ?? "";
    show("values", phase === "set");
    const complete = $("complete");
    complete.hidden = !(phase === "set" || phase === "timedSet");
    complete.textContent = phase === "timedSet" ? "Complete now" : "Complete set";
    show("skip-set", phase === "set" || phase === "timedSet");
    show("count-actions", phase === "rest" || isBreak);
    text("skip", isBreak ? "Skip break" : "Skip rest");
    show("section", phase !== "set");
    text("heading", phase === "rest" ? `Rest · Get ready for set ${state.setNumber}` : isBreak ? "Break" : "Hold");
    const count = $("count-bar");
    count.max = Math.max(1, state.totalSeconds);
    const pause = $("pause");
    pause.value = state.paused ? "resume" : "pause";
    pause.textContent = state.paused ? "Resume" : "Pause";
    // Up next: names only.
    const list = $("upcoming");
    list.replaceChildren(...items.slice(state.item + 1, state.item + 7).map((next) => {
      const li = document.createElement("li");
      if (next.kind === "break") li.className = "is-break";
      const name = document.createElement("span");
      name.textContent = next.name;
      const detail = document.createElement("span");
      detail.className = "muted";
      detail.textContent = next.kind === "break" ? clock(next.seconds) : `${next.sets} × ${next.seconds ? `${next.seconds} s` : next.targetReps ?? ""}`;
      li.append(name, detail);
      return li;
    }));
    if (!list.children.length) {
      const li = document.createElement("li");
      li.className = "muted";
      li.textContent = "That's the last one.";
      list.append(li);
    }
    tick();
    awake.update();
  }

  function remaining() {
    if (state.paused || !state.endsAt) return state.remainingSeconds;
    return Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
  }

  function tick() {
    if (!state.paused) text("elapsed", clock(Math.floor((Date.now() - startedAt) / 1000)));
    if (state.phase === "set" || !state.endsAt) return;
    const left = remaining();
    text("count", clock(left));
    $("count-bar").value = left;
    if (state.paused || lastBeep === left) return;
    lastBeep = left;
    if (left > 0 && left <= 3) alerts.tick();
    if (left === 0) { alerts.done("Time's up", "Spotter: the countdown is over."); refresh(); }
  }

  async function call(method, path, body) {
    const response = await fetch(`/api/v1/workouts/${id}/guided${path}`, {
      method, credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json",
        "X-CSRF-Token": document.querySelector('meta[name="csrf-token"]').content },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = await response.json().catch(() => null);
    if (!response.ok) throw new Error(answer?.error?.message ?? "Something went wrong. Try again.");
    return answer;
  }

  async function refresh() {
    if (busy) return;
    busy = true;
    try { draw(await call("GET", "")); } catch { /* the next tick or tap tries again */ } finally { busy = false; }
  }

  async function act(action) {
    if (busy) return;
    alerts.unlock();
    const body = { item: state.item, set: state.set, phase: state.phase };
    if (action === "complete" && state.phase === "set") {
      const reps = $("reps").value.trim(), weight = $("weight").value.trim().replace(",", ".");
      if (reps) body.reps = Number(reps);
      if (weight) { body.weight = Number(weight); body.weightUnit = $("weight").dataset.unit; }
    }
    busy = true;
    show("error", false);
    try {
      const next = await call("POST", `/${action}`, body);
      if (action === "complete") {
        const values = items[state.item]?.setValues?.[state.set];
        if (values) Object.assign(values, { reps: body.reps ?? values.reps, weight: body.weight ?? values.weight, done: true });
      }
      draw(next);
    } catch (error) {
      text("error", error.message);
      show("error", true);
    } finally {
      busy = false;
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    act(event.submitter?.value ?? "complete");
  });
  document.addEventListener("keydown", (event) => {
    if ((event.key === " " || event.key === "Enter") && !event.target.closest("input, button, a, select, textarea")
      && (state.phase === "set" || state.phase === "timedSet")) {
      event.preventDefault();
      act("complete");
    }
  });
  // Sound may start only after a tap: the first one anywhere unlocks it.
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") refresh(); });
  draw(state);
  setInterval(tick, 250);
}
