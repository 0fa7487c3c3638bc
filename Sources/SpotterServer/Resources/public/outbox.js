// The outbox: every change to a workout is a request kept in localStorage until the
// server has it, sent strictly in order. Without signal the page keeps working and
// the count of waiting changes shows; when the connection returns, the queue drains.
// Requests are idempotent (ids made here), so a request that reached the server but
// whose answer was lost is safe to send again.
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
// Each change carries the account it was made in: a page of another account never
// sends it (two lifters sharing a phone).
import { newID } from "./workout-format.js";
import { isReorder, joinRefused, refusedGroups, setAside, takeGroup } from "./refused.js";
import { QUEUE, currentUser, read, write } from "./outbox-store.js";

export { currentUser } from "./outbox-store.js";
export { refusedGroups, isStart, workoutOf } from "./refused.js";

// A crawling network took 6 s per answer; four times that is no answer.
const REQUEST_TIMEOUT_MS = 30_000;
const listeners = new Set();
const handlers = new Map();
// Why the queue waits, while it does: {kind: "network" | "server" | "signIn", message, since}.
let problem = null;
let attempts = 0;
let retryAt = 0;
let timer = null;
let flushing = null;

/// The changes of this page's account still to send, first in line first.
export function pending() {
  const user = currentUser();
  return user ? read(QUEUE).filter((item) => item.user === user) : [];
}

/// Every change of this account the server does not have: waiting and refused.
export function unsent() {
  return [...pending(), ...refusedGroups().flatMap((group) => group.items)];
}

/// What the sync line shows: `{ waiting, refused, problem }`.
export function status() {
  return { waiting: pending().length, refused: refusedGroups(), problem };
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

function csrfToken() {
  return document.querySelector('meta[name="csrf-token"]')?.content ?? "";
}

/// Sends one request now, outside the queue (reads, and actions that need the answer).
/// A failure is an Error with `status`, `code`, `field` and how to treat it:
/// `temporary` (send again later, after `retryAfter` seconds if the server said),
/// `signIn` (sign in again first), or neither (refused for good).
export async function request(method, url, body) {
  let response;
  try {
    response = await fetch(url, {
      method,
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfToken(), Accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      // A request left hanging (a connection that died without a word) would hold up
      // the whole queue: given up after this, it counts as no connection.
      signal: AbortSignal.timeout?.(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw Object.assign(new Error("No connection: try again with signal."), { temporary: true, network: true });
  }
  let text = "";
  try { text = await response.text(); } catch { /* the connection broke halfway: no answer */ }
  const isJSON = (response.headers.get("Content-Type") ?? "").includes("application/json");
  let data = null;
  try { data = isJSON && text ? JSON.parse(text) : null; } catch { /* cut short */ }
  if (response.ok && (data !== null || text === "")) return data;
  throw failure(response, data);
}

function failure(response, data) {
  const status = response.status;
  const server = typeof data?.error?.message === "string";
  const error = new Error(server ? data.error.message : `No answer from the server (${status}); your change is kept and sent again.`);
  Object.assign(error, { status, code: data?.error?.code, field: data?.error?.field, retryAfter: retryAfter(response) });
  if (!server || status >= 500 || status === 408 || status === 429) error.temporary = true;
  else if (status === 401 || (status === 403 && error.code === "csrf")) error.signIn = true;
  return error;
}

/// Retry-After in seconds (a number or an HTTP date), or null.
function retryAfter(response) {
  const value = response.headers.get("Retry-After");
  if (!value) return null;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, seconds) : null;
}

/// Queues a change and starts sending, unless `send` is false (a page about to be
/// left: the next page sends it). `handler` names what to do with the answer;
/// `label` says in the lifter's words what the change is, should it be refused.
export function enqueue(method, url, body, handler, { send = true, label = "" } = {}) {
  const user = currentUser();
  if (!user) return;
  const queue = read(QUEUE);
  queue.push({ id: newID(), user, method, url, body, handler, label, queuedAt: new Date().toISOString() });
  write(QUEUE, queue);
  notify();
  if (send) flush();
}

/// Puts a refused group back first in line (as `items`, when the lifter's choice
/// changed them) and sends it now.
export function sendAgain(groupID, items) {
  const group = takeGroup(groupID);
  if (!group) return Promise.resolve();
  write(QUEUE, [...(items ?? group.items), ...read(QUEUE)]);
  notify();
  return flush({ now: true });
}

/// Throws a refused group away: the lifter chose to.
export function discard(groupID) {
  const group = takeGroup(groupID);
  if (!group) return;
  notify();
  handlers.get("discarded")?.(group);
}

/// Sends queued changes in order until the queue is empty or has to wait. Within a
/// pause (see above) it does nothing unless `now`: the connection came back.
export function flush({ now = false } = {}) {
  if (now) retryAt = 0;
  if (flushing) return flushing;
  if (Date.now() < retryAt || !currentUser()) return Promise.resolve();
  // One tab at a time sends (two would send a change twice, harmless, but in a
  // muddled order); the other finds the queue emptied when its turn comes.
  const run = navigator.locks ? () => navigator.locks.request("spotter.outbox", drain) : drain;
  flushing = run().finally(() => { flushing = null; });
  return flushing;
}

async function drain() {
  const user = currentUser();
  for (;;) {
    const item = read(QUEUE).find((change) => change.user === user);
    if (!item) break;
    if (joinRefused(item)) { notify(); continue; }
    let data;
    try {
      data = await send(item);
    } catch (error) {
      if (error.temporary || error.signIn) { wait(error); return; }
      setAside(item, error);
      handlers.get("refused")?.(item, error);
      notify();
      continue;
    }
    attempts = 0;
    problem = null;
    try { handlers.get(item.handler)?.(data, item); } catch (error) { console.error(error); }
    write(QUEUE, read(QUEUE).filter((change) => change.id !== item.id));
    notify();
  }
  if (problem) { problem = null; notify(); }
}

// Sends a change. A refusal that only says the server is already past it is an answer:
// a new order of the exercises made before another device added one (400, "The order
// must list every item") gives way to the server's order, read now.
async function send(item) {
  try {
    return await request(item.method, item.url, item.body);
  } catch (error) {
    if (isReorder(item) && error.status === 400) return request("GET", item.url.replace(/\/entries\/order$/, ""));
    throw error;
  }
}

// The queue waits: for the connection (the `online` event, or a try every 30 s in
// case the phone is wrong about it), for the server (2 s, 4 s, 8 s ... at most a
// minute, or as long as Retry-After says, up to 5 minutes), or for a sign-in.
function wait(error) {
  attempts += 1;
  const kind = error.signIn ? "signIn" : error.network ? "network" : "server";
  problem = { kind, message: error.message, since: problem?.since ?? Date.now() };
  const seconds = kind === "signIn" ? 60 : error.network && !navigator.onLine ? 30
    : Math.max(1, Math.min(300, error.retryAfter ?? Math.min(60, 2 ** attempts) * (1 + Math.random() / 5)));
  retryAt = Date.now() + seconds * 1000;
  clearTimeout(timer);
  timer = setTimeout(() => flush(), seconds * 1000 + 50);
  notify();
}

addEventListener("online", () => { notify(); flush({ now: true }); });
addEventListener("offline", () => notify());
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") flush(); });
// Another tab changed the queue: show it here too.
addEventListener("storage", (event) => { if (event.key?.startsWith(QUEUE)) notify(); });
// Changes made in another tab, or left by a page closed too soon.
setInterval(() => { if (pending().length) flush(); }, 5000);
