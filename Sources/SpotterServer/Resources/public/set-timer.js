// A timed set (a hold) on the logging page counts down in its row: the last 3 s
// tick, the end chimes and completes the set with its seconds; a tap while it runs
// completes it now, with the seconds held so far. One runs at a time: starting
// another completes the one running.
import { clock } from "./workout-format.js";

export class SetTimer {
  // `complete(entry, set)` is called with the set's seconds filled in.
  constructor(entriesBox, alerts, complete) {
    this.entriesBox = entriesBox;
    this.alerts = alerts;
    this.complete = complete;
    this.running = null;
    setInterval(() => this.tick(), 250);
  }

  // The row's timer button was tapped.
  toggle(entry, set) {
    if (this.running?.set === set) { this.finish(true); return; }
    if (this.running) this.finish(true);
    const seconds = set.durationSeconds ?? entry.previous?.[entry.sets.indexOf(set)]?.durationSeconds ?? 30;
    this.running = { entry, set, total: seconds, endsAt: Date.now() + seconds * 1000, last: null };
    this.alerts.unlock();
    this.tick();
  }

  // Redrawn four times a second, so a row drawn anew shows it at once.
  tick() {
    const timer = this.running;
    if (!timer) return;
    const left = Math.max(0, Math.ceil((timer.endsAt - Date.now()) / 1000));
    const button = this.entriesBox.querySelector(`[data-set-id="${timer.set.id}"] [data-action="timer"]`);
    if (button) {
      button.classList.add("running");
      button.querySelector("[data-timer-left]").textContent = clock(left);
      button.setAttribute("aria-label", `${left} seconds left: tap to complete the set now`);
    }
    if (left !== timer.last) {
      timer.last = left;
      if (left > 0 && left <= 3) this.alerts.tick();
    }
    if (left === 0) this.finish(false);
  }

  finish(early) {
    const { entry, set, total, endsAt } = this.running;
    this.running = null;
    set.durationSeconds = early ? Math.max(1, Math.round(total - (endsAt - Date.now()) / 1000)) : total;
    if (!early) this.alerts.done("Set done", `${entry.exerciseName}: ${set.durationSeconds} s`);
    this.complete(entry, set);
  }
}
