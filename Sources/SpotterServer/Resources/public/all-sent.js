// Before an action that needs the server to have every change of the workout
// (finishing, warm-up sets made from the working weight): the waiting changes are
// sent now, for a few seconds at most, and when some are still not there the lifter
// is told why, rather than left looking at a button that does nothing.
import { flush, sendingHere, status } from "./outbox.js";
import { openRefused } from "./refused-dialog.js";

// Long enough for a few changes on a fair connection.
const PATIENCE_MS = 5000;

/// Whether every change of `workoutID` is on the server; if not, `toast` says why
/// `action` ("Finish") waits. `waitingHere()` counts the changes of the workout not sent.
export async function allSent(action, { workoutID, waitingHere, toast }) {
  const settled = await Promise.race([
    flush({ now: true }).then(() => true),
    new Promise((resolve) => setTimeout(() => resolve(false), PATIENCE_MS)),
  ]);
  const left = waitingHere();
  if (!left) return true;
  const { problem, refused } = status();
  const changes = `${left} change${left === 1 ? "" : "s"}`;
  if (refused.some((group) => group.workout === workoutID)) {
    toast.show(`${action} waits until the changes that were not saved are sent again or discarded.`);
    openRefused();
  } else if (!settled) {
    // A request on a crawling connection (up to 30 s), or another tab sending.
    toast.show(sendingHere()
      ? `${action} waits for ${changes} still on the way to the server. Everything is kept on this phone; try again in a moment.`
      : `${action} waits: another Spotter tab is sending ${changes}. Try again in a moment.`);
  } else if (problem?.kind === "server") {
    toast.show(`${action} waits for ${changes} the server has not taken yet: ${problem.message}`);
  } else {
    toast.show(`No signal: ${action.toLowerCase()} once your ${left} waiting change${left === 1 ? " is" : "s are"} sent. Everything is kept on this phone.`);
  }
  return false;
}
