// The rest bar: counts down to the end time the server keeps, so it shows the
// right time after the phone slept or the page reloaded. The rules that start and
// adjust the rest are here too, because the timer must start without signal; the
// server applies the same change and its answer confirms it.
import { Alerts } from "./alerts.js";

const NO_REST = Object.freeze({ endsAt: null, totalSeconds: 0, afterSetId: null });

export function noRest() { return { ...NO_REST }; }

/// The rest after `set` of `entry` is ticked done, as SpotterCore's RestTimer.event
/// starts it: none after the workout's last set, before a drop set, inside a
/// superset's round (the next exercise has the same group) or when the rest is zero;
/// otherwise the entry's rest, the one remembered for the exercise, or the lifter's default.
export function restAfter(entries, entry, set, defaultRest) {
  const index = entry.sets.indexOf(set);
  const next = entries[entries.indexOf(entry) + 1];
  const isLast = !next && index === entry.sets.length - 1;
  const nextIsDrop = entry.sets[index + 1]?.kind === "drop";
  const supersetGoesOn = entry.supersetGroup != null && next?.supersetGroup === entry.supersetGroup;
  const seconds = entry.restSeconds ?? entry.rememberedRestSeconds ?? defaultRest;
  if (isLast || nextIsDrop || supersetGoesOn || seconds <= 0) return noRest();
  return { endsAt: new Date(Date.now() + seconds * 1000).toISOString(), totalSeconds: seconds, afterSetId: set.id };
}

/// The rest after a tap on Skip, +15 or −15 (`action` is "skip", "add" or "subtract").
export function adjustedRest(rest, action) {
  if (action === "skip") return noRest();
  const step = action === "add" ? 15 : -15;
  const ends = new Date(rest.endsAt).getTime() + step * 1000;
  if (ends <= Date.now()) return noRest();
  return { ...rest, endsAt: new Date(ends).toISOString(), totalSeconds: Math.max(0, rest.totalSeconds + step) };
}

export class RestBar {
  /// `alerts` ticks the last three seconds and chimes at the end; `nextUp()` names
  /// what comes after the rest, for the notification shown in the background.
  constructor(root, onAction, { alerts, nextUp = () => "" } = {}) {
    this.root = root;
    this.time = root.querySelector("[data-rest-time]");
    this.progress = root.querySelector("[data-rest-progress]");
    this.alerts = alerts;
    this.nextUp = nextUp;
    this.state = null;
    this.lastSecond = null;
    for (const button of root.querySelectorAll("[data-action^='rest-']")) {
      button.addEventListener("click", () => onAction(button.dataset.action.replace("rest-", "")));
    }
    // Notifications are asked for once, from the bar, when a rest is running.
    const ask = root.querySelector("[data-action='notify']");
    if (ask) {
      ask.hidden = !Alerts.canAskForNotifications();
      ask.addEventListener("click", async () => { await Alerts.askForNotifications(); ask.hidden = true; });
    }
    setInterval(() => this.tick(), 250);
  }

  show(rest) {
    this.state = rest && rest.endsAt ? { endsAt: new Date(rest.endsAt).getTime(), total: rest.totalSeconds } : null;
    this.tick();
  }

  tick() {
    const left = this.state ? Math.ceil((this.state.endsAt - Date.now()) / 1000) : 0;
    if (this.state && left !== this.lastSecond) {
      this.lastSecond = left;
      if (left > 0 && left <= 3) this.alerts?.tick();
      // Only a rest that ran out while shown ends with the chime: one that ended
      // while the page was closed is simply gone.
      if (left <= 0 && left > -2) this.alerts?.done("Rest over", this.nextUp() || "Time for the next set.");
    }
    if (!this.state || left <= 0) {
      this.state = null;
      this.lastSecond = null;
      this.root.hidden = true;
      document.body.classList.remove("resting");
      return;
    }
    this.root.hidden = false;
    document.body.classList.add("resting");
    const minutes = Math.floor(left / 60);
    this.time.textContent = `${minutes}:${String(left % 60).padStart(2, "0")}`;
    const share = this.state.total > 0 ? Math.min(1, left / this.state.total) : 0;
    this.progress.style.transform = `scaleX(${share})`;
  }
}
