// The logging page's dialogs: a yes/no question, a set's options (kind, RPE, note,
// delete) and an exercise's options (rest, superset, notes, move, swap, remove).
// They only ask; the page makes the changes through the callbacks.
import { trim } from "./workout-format.js";

/// Every dialog closes on its close button and on a tap beside it.
export function closeOnTapOutside() {
  for (const dialog of document.querySelectorAll("dialog")) {
    dialog.addEventListener("click", (event) => {
      if (event.target.closest('[data-action="close-dialog"]') || event.target === dialog) dialog.close();
    });
  }
}

/// Resolves true when the lifter answers `yes`.
export function confirmDialog(title, text, yes) {
  const dialog = document.getElementById("confirm-dialog");
  dialog.querySelector("[data-confirm-title]").textContent = title;
  dialog.querySelector("[data-confirm-text]").textContent = text;
  dialog.querySelector("[data-confirm-yes]").textContent = yes;
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
    dialog.showModal();
  });
}

/// `onSave({ kind, rpe, note })` when saved; `onDelete()` for Delete set.
export function openSetOptions(set, { onSave, onDelete }) {
  const dialog = document.getElementById("set-options");
  const form = dialog.querySelector("[data-set-form]");
  form.kind.value = set.kind;
  form.rpe.value = set.rpe === null || set.rpe === undefined ? "" : trim(set.rpe);
  form.note.value = set.note ?? "";
  dialog.querySelector('[data-action="delete-set"]').onclick = () => { dialog.close(); onDelete(); };
  dialog.addEventListener("close", () => {
    if (dialog.returnValue !== "save") return;
    onSave({ kind: form.kind.value, rpe: form.rpe.value === "" ? null : Number(form.rpe.value), note: form.note.value });
  }, { once: true });
  dialog.returnValue = "";
  dialog.showModal();
}

/// `onSave({ restSeconds, supersetGroup, notes })` when saved; `onMove(-1 | 1)`,
/// `onSwap()`, `onRemove()` and `onWarmUps()` for the other buttons. "Add warm-up
/// sets" is a form that posts to the page without the script.
export function openEntryOptions(entry, { onSave, onMove, onSwap, onRemove, onWarmUps }) {
  const dialog = document.getElementById("entry-options");
  const form = dialog.querySelector("[data-entry-form]");
  form.restSeconds.value = entry.restSeconds ?? "";
  // Empty means the rest last chosen for the exercise, else the lifter's default.
  form.restSeconds.placeholder = entry.rememberedRestSeconds != null
    ? `Last chosen: ${entry.rememberedRestSeconds}` : `Default: ${form.restSeconds.dataset.default}`;
  form.supersetGroup.value = entry.supersetGroup ?? "";
  form.notes.value = entry.notes ?? "";
  const button = (action, then) => { dialog.querySelector(`[data-action="${action}"]`).onclick = () => { dialog.close(); then(); }; };
  button("entry-up", () => onMove(-1));
  button("entry-down", () => onMove(1));
  button("entry-swap", onSwap);
  button("entry-remove", onRemove);
  const warmUps = dialog.querySelector("[data-warm-up-form]");
  warmUps.action = `${warmUps.dataset.actionBase}${entry.id}/warm-ups`;
  warmUps.onsubmit = (event) => { event.preventDefault(); dialog.close(); onWarmUps(); };
  dialog.addEventListener("close", () => {
    if (dialog.returnValue !== "save") return;
    onSave({
      restSeconds: form.restSeconds.value === "" ? null : Number(form.restSeconds.value),
      supersetGroup: form.supersetGroup.value === "" ? null : Number(form.supersetGroup.value),
      notes: form.notes.value,
    });
  }, { once: true });
  dialog.returnValue = "";
  dialog.showModal();
}
