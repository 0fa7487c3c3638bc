// A change waiting in the outbox, in the lifter's words, for the question asked
// when the server refuses it: "Bench Press (Barbell) set 2: 100 kg × 5, ticked".
// Made when the change is queued, since the page may have changed by the time the
// answer comes (or be another page).
import { clock, trim } from "./workout-format.js";

/// "Bench Press (Barbell) set 2: 100 kg × 5, ticked"; a warm-up is "warm-up set".
export function setWords(entry, set) {
  const index = entry.sets.indexOf(set);
  const before = entry.sets.slice(0, index + 1).filter((s) => s.kind !== "warmup").length;
  const which = set.kind === "warmup" ? "warm-up set" : `set ${index < 0 ? entry.sets.length + 1 : before}`;
  return `${entry.exerciseName} ${which}: ${values(entry.exerciseKind, set)}${set.done ? ", ticked" : ""}`;
}

/// A set's numbers in its own unit: "100 kg × 5", "+10 kg × 8", "8 reps", "45 s", "400 m in 1:40".
export function values(kind, set) {
  const reps = set.reps ?? "–";
  const weight = set.weight === null || set.weight === undefined ? null : `${trim(set.weight)} ${set.weightUnit ?? ""}`.trim();
  switch (kind) {
    case "weightReps": return weight === null ? `${reps} reps, no weight` : `${weight} × ${reps}`;
    case "bodyweightReps": return set.weight > 0 ? `+${weight} × ${reps}` : `${reps} reps`;
    case "assistedBodyweight": return set.weight > 0 ? `−${weight} × ${reps}` : `${reps} reps`;
    case "duration": return set.durationSeconds ? `${set.durationSeconds} s` : "no time yet";
    default: {
      const metres = set.distanceMeters;
      const distance = metres === null || metres === undefined ? "no distance" : `${trim(metres)} m`;
      return set.durationSeconds ? `${distance} in ${clock(set.durationSeconds)}` : distance;
    }
  }
}

/// "Evening Workout, started on this phone at 18:02".
export function startWords(workout) {
  const at = new Date(workout.startedAt);
  return `${workout.name}, started on this phone at ${at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`;
}

// The words of a workout's own fields, as a PATCH names them.
const FIELDS = {
  name: "Workout name", notes: "Workout notes", startedAt: "Start of the workout", durationSeconds: "Length of the workout",
  sessionRPE: "How hard the session was", workoutTypeId: "Workout type",
};

/// "Workout name: Push day", "Workout notes".
export function fieldWords(change) {
  const [field, value] = Object.entries(change)[0] ?? ["", ""];
  const words = FIELDS[field] ?? "The workout";
  return field === "name" ? `${words}: ${value}` : words;
}
