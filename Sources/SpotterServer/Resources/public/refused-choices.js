// What the sheet of changes not saved (refused-dialog.js) says about each group, and
// what the lifter may choose: `{ what, more, why, choices: [{ label, primary, danger,
// run }] }`. A refused change: send it again, or discard it. A workout started on this
// phone that met another one started meanwhile: offline-conflict.js. A change the
// server has not taken for minutes: send it again now, or discard it (and what needs
// it). A workout an earlier version started on this phone without naming the
// account: is it yours?
import { discard, discardWaiting, flush, isStart, notify, retryNow, sendAgain } from "./outbox.js";
import { claim, disown } from "./outbox-legacy.js";
import { conflictChoices } from "./offline-conflict.js";
import { forgetStarted } from "./offline-workout.js";
import { startWords } from "./change-words.js";

/// The words and choices for `group`. For a refused start, `server.active()` resolves
/// the workout in progress on the server (or null, or fails) and `server.recheck()`
/// asks again.
export async function choicesFor(group, server) {
  if (group.kind === "unclaimed") return unclaimed(group);
  const first = group.items[0];
  if (group.kind === "stuck") return stuck(group, first);
  const conflict = isStart(first) && group.reason.status === 409 && group.reason.field !== "id" ? await conflictChoices(group, server) : null;
  if (conflict) return conflict;
  return {
    what: first.label || "A change to your workout",
    more: needing(group.items.length - 1),
    why: group.reason.message,
    choices: [
      { label: "Send again", primary: true, run: () => sendAgain(group.id) },
      { label: "Discard", danger: true, run: () => { discard(group.id); forgetIfStart(group); } },
    ],
  };
}

// A workout started here and discarded is over: Start no longer resumes it.
function forgetIfStart(group) {
  if (isStart(group.items[0])) forgetStarted(group.workout);
}

function needing(more) {
  return more > 0 ? `and ${more} more change${more === 1 ? "" : "s"} that need${more === 1 ? "s" : ""} it` : "";
}

function stuck(group, first) {
  const minutes = Math.max(1, Math.round((Date.now() - group.since) / 60_000));
  return {
    what: first.label || "A change to your workout",
    more: needing(group.items.length - 1),
    why: `Not taken by the server for ${minutes} min · ${group.reason.message}`,
    choices: [
      { label: "Send again", primary: true, run: () => retryNow(first.id) },
      { label: "Discard", danger: true, run: () => { discardWaiting(first.id); forgetIfStart(group); } },
    ],
  };
}

function unclaimed(group) {
  const start = group.items.find(isStart);
  const sets = new Set(group.items.filter((item) => item.url.includes("/sets/")).map((item) => item.url)).size;
  return {
    what: `${startWords({ name: "A workout", startedAt: start.body.startedAt })} · ${sets} set${sets === 1 ? "" : "s"}`,
    more: "",
    why: "Kept from before Spotter was updated, without the name of its account. Send it only if it is yours.",
    choices: [
      { label: "It's mine: send it", primary: true, run: () => { claim(group.workout); return flush({ now: true }); } },
      { label: "Not mine", run: () => { disown(group.workout); notify(); } },
    ],
  };
}
