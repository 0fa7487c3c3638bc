// The outbox: every change to a workout is a request kept on the phone until the
// server has it (outbox-store.js), sent strictly in order. Without signal the page
// keeps working and the count of waiting changes shows; when the connection returns,
// the queue drains. Requests are idempotent (ids made here), so a request that reached
// the server but whose answer was lost is safe to send again.
//
// A change leaves the phone only when the server has it, or when the lifter says so:
// - no connection, any 5xx, 408, 429, or an answer that is not the server's JSON (a
//   proxy's page, a hotel portal): temporary; it stays first in line and is sent
//   again after a pause that grows (2 s, 4 s ... 1 min) or the server's Retry-After;
// - 401, or a form token that no longer matches (signed out or in again meanwhile):
//   held until the lifter signs in; nothing is refused for that;
// - any other 4xx: the server refused it for good. It is set aside with every later
//   change that needs it (see refused.js) and waits for the lifter: send again, or
//   discard. The changes that do not need it go on.
// A change the server keeps not taking (a full disk for minutes, a proxy's 413 for a
// long note) is put to the lifter as well, still waiting and sent again: it holds
// up the changes behind it, so discarding it is theirs to choose.
// Each change carries the account it was made in: a page of another account never
// sends it (two lifters sharing a phone). One tab at a time sends (a Web Lock): two
// would send a change twice, harmless, but in a muddled order.
import { newID } from "./workout-format.js";
import { dependents, isReorder, joinRefused, refusedGroups, setAside, workoutOf } from "./refused.js";
import {
  allChanges, currentUser, firstOrders, isOutboxKey, nextOrder, noteAnswered, remove, retryState, save, setRetryState, timing,
  update,
} from "./outbox-store.js";
import { request } from "./outbox-request.js";
import { adoptOldQueue, claimParked, isOldQueue, unclaimedStarts } from "./outbox-legacy.js";

export { answeredAt, currentUser } from "./outbox-store.js";
export { request } from "./outbox-request.js";
export { isStart } from "./refused.js";

const LOCK = "spotter.outbox";
// A few tries, and timing.stuckAfterMs, before a change is "stuck".
const STUCK_TRIES = 3;
const listeners = new Set();
const handlers = new Map();
let timer = null;
let flushing = null;
let sending = false;

/// Whether this tab is sending now (it holds the lock); while another tab does, this
/// one's flush() waits for it.
export const sendingHere = () => sending;

/// The changes of this page's account still to send, first in line first.
function pending() {
  return unsent().filter((change) => !change.refused);
}

/// Every change of this account the server does not have: waiting and refused.
export function unsent() {
  const user = currentUser();
  return user ? allChanges().filter((change) => change.user === user) : [];
}

/// The change first in line when the server has not taken it for a while, or null.
function stuck() {
  const first = pending()[0];
  return first?.failures >= STUCK_TRIES && Date.now() - first.failingSince >= timing.stuckAfterMs ? first : null;
}

/// What waits for the lifter, oldest first: workouts an earlier version started here
/// for no account in particular (is it yours?), the refused groups, and a stuck
/// change with those that need it (`kind` "unclaimed", none, "stuck").
export function questions() {
  const first = stuck();
  const waiting = first ? [{
    kind: "stuck", id: `stuck-${first.id}`, workout: workoutOf(first), items: [first, ...dependents(first)],
    reason: { message: retryState().problem?.message ?? "" }, since: first.failingSince,
  }] : [];
  return [...unclaimedStarts().map((group) => ({ ...group, kind: "unclaimed" })), ...refusedGroups(), ...waiting];
}

/// What the sync line shows: `{ waiting, refused, problem }` (`refused`: questions()).
export function status() {
  return { waiting: pending().length, refused: questions(), problem: retryState().problem };
}

/// `listener(status())` now and after every change of the queue.
export function onChange(listener) {
  listeners.add(listener);
  listener(status());
}

export function notify() {
  for (const listener of listeners) listener(status());
}

/// What the page does with the server's answer to a change (`handler` of enqueue),
/// and `refused` / `discarded` to hear of changes set aside or thrown away.
export function handle(name, fn) { handlers.set(name, fn); }

/// Queues a change and starts sending, unless `send` is false (a page about to be
/// left: the next page sends it). `handler` names what to do with the answer;
/// `label` says in the lifter's words what the change is, should it be refused.
/// `once`: a change that is not safe to repeat (+15 s of rest), so not sent again when
/// the server may have had it (no answer, or another page than the server's).
export function enqueue(method, url, body, handler, { send = true, label = "", once = false } = {}) {
  const user = currentUser();
  if (!user) return;
  const change = { id: newID(), user, order: nextOrder(), method, url, body, handler, label, queuedAt: new Date().toISOString() };
  save(once ? { ...change, once } : change);
  notify();
  if (send) flush();
}

/// Puts a refused group back first in line (as `items`, when the lifter's choice
/// changed them) and sends it now.
export function sendAgain(groupID, items) {
  const group = refusedGroups().find((candidate) => candidate.id === groupID);
  if (!group) return Promise.resolve();
  const again = items ?? group.items;
  const orders = firstOrders(again.length);
  for (const change of group.items) remove(change.id);
  again.forEach((change, index) => {
    const { refused, failures, failingSince, ...fresh } = change;
    save({ ...fresh, order: orders[index] });
  });
  notify();
  return flush({ now: true });
}

/// Throws a refused group away: the lifter chose to.
export function discard(groupID) {
  const group = refusedGroups().find((candidate) => candidate.id === groupID);
  if (!group) return;
  for (const change of group.items) remove(change.id);
  notify();
  handlers.get("discarded")?.(group);
}

/// Sends the stuck change `id` now (the lifter asked), its failures counted anew.
export function retryNow(id) {
  const change = pending().find((candidate) => candidate.id === id);
  if (change) update(change, { failures: 0, failingSince: null });
  notify();
  return flush({ now: true });
}

/// Throws away the stuck change `id` and the changes that need it: the lifter chose to.
export function discardWaiting(id) {
  const change = pending().find((candidate) => candidate.id === id);
  if (!change) return;
  const items = [change, ...dependents(change)];
  for (const item of items) remove(item.id);
  notify();
  handlers.get("discarded")?.({ workout: workoutOf(change), items });
}

/// Forgets every change of `workout` (it was discarded): the server could take none.
export function forgetChanges(workout) {
  for (const change of unsent()) if (workoutOf(change) === workout) remove(change.id);
  notify();
}

/// Sends queued changes in order until the queue is empty or has to wait. Within a
/// pause (see wait) it does nothing unless `now`: the connection came back.
export function flush({ now = false } = {}) {
  if (now && retryState().at) setRetryState({ ...retryState(), at: 0 });
  if (flushing) return flushing;
  if (Date.now() < retryState().at || !currentUser()) return Promise.resolve();
  const run = navigator.locks ? () => navigator.locks.request(LOCK, drain) : drain;
  flushing = run().finally(() => { flushing = null; });
  return flushing;
}

async function drain() {
  sending = true;
  try {
    await sendWaiting();
  } finally {
    sending = false;
  }
}

async function sendWaiting() {
  for (;;) {
    // Read anew each time: another tab may have added a change, or met a pause while
    // this one waited for the lock.
    if (Date.now() < retryState().at) return;
    const item = pending()[0];
    if (!item) break;
    if (joinRefused(item)) { notify(); continue; }
    let data;
    try {
      data = await send(item);
    } catch (error) {
      // Sent at most once: it may have been done, and doing it twice is worse than not.
      if (item.once && error.unknown) { remove(item.id); notify(); continue; }
      if (error.temporary || error.signIn) { wait(item, error); return; }
      setAside(item, error);
      handlers.get("refused")?.(item, error);
      notify();
      continue;
    }
    setRetryState({ at: 0, attempts: 0, problem: null });
    try { handlers.get(item.handler)?.(data, item); } catch (error) { console.error(error); }
    remove(item.id);
    noteAnswered(workoutOf(item));
    notify();
  }
  if (retryState().problem) { setRetryState({ at: 0, attempts: 0, problem: null }); notify(); }
}

// Sends a change. A refusal that only says the server is already past it is an answer:
// - a deletion answered 404: deleted already (an earlier try reached the server and
//   its answer was lost, or it went with its workout);
// - a new order of the exercises made before another device added one (400, "The
//   order must list every item"): the server's order stands, read now.
async function send(item) {
  try {
    return await request(item.method, item.url, item.body);
  } catch (error) {
    if (item.method === "DELETE" && error.status === 404 && !error.temporary) return null;
    if (isReorder(item) && error.status === 400) return request("GET", item.url.replace(/\/entries\/order$/, ""));
    throw error;
  }
}

// The queue waits: for the connection (the `online` event, or a try every 30 s in
// case the phone is wrong about it), for the server (2 s, 4 s, 8 s ... at most a
// minute, or as long as Retry-After says, up to 5 minutes), or for a sign-in. The
// pause is the same for every tab (outbox-store.js).
function wait(item, error) {
  const state = retryState();
  const attempts = state.attempts + 1;
  const kind = error.signIn ? "signIn" : error.network ? "network" : "server";
  const problem = { kind, message: error.message, since: state.problem?.since ?? Date.now() };
  // The server (or what stands before it) answered, and did not take this change.
  if (kind === "server") update(item, { failures: (item.failures ?? 0) + 1, failingSince: item.failingSince ?? Date.now() });
  const seconds = kind === "signIn" ? 60 : error.network && !navigator.onLine ? 30
    : Math.max(1, Math.min(300, error.retryAfter ?? Math.min(60, 2 ** attempts) * (1 + Math.random() / 5)));
  setRetryState({ at: Date.now() + seconds * 1000, attempts, problem });
  clearTimeout(timer);
  timer = setTimeout(() => flush(), seconds * 1000 + 50);
  notify();
}

// A page of a new session (signed in again) sends at once what waited for it.
if (retryState().problem?.kind === "signIn") setRetryState({ ...retryState(), at: 0 });
// Changes an earlier version kept, and those a tab still running it adds.
adoptOldQueue();
if (allChanges().some((change) => change.user === null) && navigator.onLine) claimParked().then(() => { notify(); flush(); });

addEventListener("online", () => { notify(); flush({ now: true }); });
addEventListener("offline", () => notify());
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") flush(); });
// Another tab changed the queue: show it here too.
addEventListener("storage", (event) => {
  if (isOldQueue(event.key) && event.newValue) { adoptOldQueue(); flush(); }
  if (isOutboxKey(event.key)) notify();
});
// Changes made in another tab, or left by a page closed too soon.
setInterval(() => { if (pending().length) flush(); }, 5000);
