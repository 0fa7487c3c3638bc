// The question asked when changes were not saved: which change (in the lifter's
// words), why (the server's words), and what to do (refused-choices.js). A sheet over
// the page, so nothing under it moves; the sync line (or the note on other pages)
// opens it again after it was closed.
import { onChange, questions, request } from "./outbox.js";
import { choicesFor } from "./refused-choices.js";

// How long "Tap again to discard" waits for its second tap.
const DISARM_MS = 4000;
let dialog = null;
let active = null;

/// Opens the sheet (or redraws it when open). With `ifFree`, only when no other
/// sheet is open: a refusal does not pull a half-typed set away from the lifter.
export function openRefused({ ifFree = false } = {}) {
  if (!questions().length) return;
  if (ifFree && document.querySelector("dialog[open]:not(#refused-changes)")) return;
  dialog ??= build();
  if (!dialog.open) active = null;
  draw({ always: !dialog.open });
  if (!dialog.open) dialog.showModal();
}

function build() {
  const sheet = document.createElement("dialog");
  sheet.className = "sheet refused-sheet";
  sheet.id = "refused-changes";
  sheet.setAttribute("aria-labelledby", "refused-title");
  sheet.innerHTML = `<div class="sheet-head"><h2 id="refused-title">Not saved</h2>
    <button class="icon-button" type="button" data-action="close-dialog" aria-label="Close"><svg class="icon" aria-hidden="true"><use href="/assets/icons.svg#plus" transform="rotate(45 12 12)"/></svg></button></div>
    <p class="hint">The server does not have these changes. They stay on this phone until you choose.</p>
    <ul class="refused-list" data-refused-list></ul>`;
  sheet.addEventListener("click", (event) => {
    if (event.target === sheet || event.target.closest('[data-action="close-dialog"]')) sheet.close();
  });
  document.body.append(sheet);
  onChange(() => { if (sheet.open) questions().length ? draw() : sheet.close(); });
  return sheet;
}

// Drawn anew only when the groups change: other answers arriving meanwhile leave the
// rows (and a "Tap again to discard") as they are.
let drawn = "";
async function draw({ always = false } = {}) {
  const groups = questions();
  const signature = JSON.stringify(groups.map((group) => [group.id, group.items.length]));
  if (signature === drawn && !always) return;
  drawn = signature;
  const list = dialog.querySelector("[data-refused-list]");
  const rows = [];
  for (const group of groups) rows.push(await row(group));
  list.replaceChildren(...rows);
}

async function row(group) {
  const item = document.createElement("li");
  item.className = "refused-item";
  item.dataset.group = group.id;
  const { what, more, why, choices } = await choicesFor(group, { active: activeWorkout, recheck });
  const parts = [paragraph("refused-what", what)];
  if (more) parts.push(paragraph("refused-more", more));
  parts.push(paragraph("refused-why", why));
  const actions = document.createElement("div");
  actions.className = "refused-actions";
  actions.classList.toggle("stacked", choices.length > 2);
  for (const choice of choices) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `button${choice.primary ? " primary" : ""}${choice.danger ? " danger" : ""}`;
    button.textContent = choice.label;
    button.addEventListener("click", async () => {
      // Throwing away takes a second tap: a slip of a sweaty thumb must not lose a set.
      if (choice.danger && !button.dataset.armed) {
        button.dataset.armed = "true";
        button.textContent = "Tap again to discard";
        setTimeout(() => { delete button.dataset.armed; button.textContent = choice.label; }, DISARM_MS);
        return;
      }
      for (const other of actions.querySelectorAll("button")) other.disabled = true;
      await choice.run();
    });
    actions.append(button);
  }
  parts.push(actions);
  item.append(...parts);
  return item;
}

function paragraph(className, text) {
  const p = document.createElement("p");
  p.className = className;
  p.textContent = text;
  return p;
}

// The workout in progress on the server now, or null (none); asked once each time the
// sheet opens. A failed question (no answer, a server failing) is asked again.
function activeWorkout() {
  active ??= request("GET", "/api/v1/workouts/active").catch((error) => {
    if (error.status === 404 && !error.temporary) return null;
    active = null;
    throw error;
  });
  return active;
}

function recheck() {
  active = null;
  return draw({ always: true });
}
