// The few Core rules the logging page needs without signal: a set logged or changed
// here shows in its strip, its row and the summary at once, before the server has
// seen it. They mirror SpotterCore's Mass.converted, WeightFormat, DurationFormat,
// SetStrip.label and Volume.of; the words the server already has (record names, set
// kind marks) come with the page instead (see workout.mustache's workout-words).

const KG_PER_LB = 0.45359237;

/// A weight in another unit (Mass.converted).
export function toUnit(value, from, to) {
  if (value === null || value === undefined) return null;
  if (from === to || !from) return value;
  return from === "lb" ? value * KG_PER_LB : value / KG_PER_LB;
}

/// One decimal at most, no trailing ".0" (WeightFormat.trim).
export function trim(value) {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/// "1:30", "1:02:03": the workout's clock.
export function clock(seconds) {
  seconds = Math.max(0, Math.floor(seconds));
  const h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}` : `${m}:${String(s).padStart(2, "0")}`;
}

/// "45 s", "1:30" (DurationFormat.short).
function duration(seconds) {
  return seconds < 60 ? `${Math.max(0, Math.floor(seconds))} s` : clock(seconds);
}

/// One set in a few characters, weights in the lifter's unit (SetStrip.label).
export function label(set, kind, unit) {
  const reps = set.reps ?? "–";
  const weight = set.weight === null || set.weight === undefined ? null : trim(toUnit(set.weight, set.weightUnit, unit));
  switch (kind) {
    case "weightReps": return weight === null ? `– × ${reps}` : `${weight}×${reps}`;
    case "bodyweightReps": return set.weight > 0 ? `+${weight}×${reps}` : `${reps} reps`;
    case "assistedBodyweight": return set.weight > 0 ? `−${weight}×${reps}` : `${reps} reps`;
    case "duration": return duration(set.durationSeconds ?? 0);
    default: {
      const metres = set.distanceMeters;
      const distance = metres === null || metres === undefined ? "–" : metres >= 1000 ? `${trim(metres / 1000)} km` : `${trim(metres)} m`;
      return `${distance} · ${duration(set.durationSeconds ?? 0)}`;
    }
  }
}

/// Volume of done, non-warm-up sets in the lifter's unit (Volume.of).
export function volume(workout, unit) {
  let load = 0, bodyweightReps = 0;
  for (const entry of workout.entries) {
    for (const set of entry.sets) {
      if (!set.done || set.kind === "warmup" || !(set.reps > 0)) continue;
      const weight = toUnit(set.weight ?? 0, set.weightUnit, unit);
      if (entry.exerciseKind === "weightReps") load += weight * set.reps;
      else if (entry.exerciseKind === "bodyweightReps") { if (set.weight > 0) load += weight * set.reps; else bodyweightReps += set.reps; }
      else if (entry.exerciseKind === "assistedBodyweight") bodyweightReps += set.reps;
    }
  }
  return { load, bodyweightReps };
}

/// A new id, also where crypto.randomUUID is missing (plain http on a LAN address).
export function newID() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function escapeHTML(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
