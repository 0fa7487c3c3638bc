// Where the outbox keeps its changes: localStorage, one key per change
// (`spotter.change.<id>`), shared by the tabs of this browser and by every account
// signed in on it. One key each, so that no tab can write back a list that misses a
// change another tab has just added: a change is added by writing its own key, and
// only the tab holding the outbox's lock (outbox.js) sends, removes or sets changes
// aside; the lifter's choices about refused ones touch only their own keys.
//
// A change: { id, user, order, method, url, body, handler, label, queuedAt, once?,
// failures?, failingSince?, refused?: { group, workout, reason, refusedAt } }. `order`
// is its place in line; `user` its account (the `spotter-user` meta of the layout),
// null for a change left by the version that named none (outbox-legacy.js).

const PREFIX = "spotter.change.";
// Shared by the tabs, so that N tabs do not try N times as often: when the account's
// queue may be tried again, how many tries failed in a row, and why it waits (one per
// account: another lifter's wait for a sign-in is not this one's).
const RETRY = "spotter.outbox.retry";
const retryKey = () => `${RETRY}.${currentUser()}`;
// When a change of each workout was last answered, by any tab (ms, this phone's clock):
// a copy of the workout asked for before then may lack it (server-copy.js).
const ANSWERED = "spotter.outbox.answered";
const DAY_MS = 86_400_000;

/// How long the outbox waits, in ms. A test shortens them (localStorage
/// `spotter.outbox.timing`, JSON): a phone's would keep it waiting for minutes.
export const timing = {
  // A crawling network took 6 s per answer; five times that is no answer.
  requestTimeoutMs: 30_000,
  // A change the server has not taken for this long (a full disk, a proxy's 413 for a
  // long note) is put to the lifter: still kept and sent again, but theirs to judge.
  stuckAfterMs: 120_000,
  ...parse(localStorage.getItem("spotter.outbox.timing"), {}),
};

function parse(text, fallback) {
  try { return JSON.parse(text) ?? fallback; } catch { return fallback; }
}

/// The user name this page is signed in as, or null on a signed-out page.
export function currentUser() {
  return document.querySelector('meta[name="spotter-user"]')?.content || null;
}

/// Whether a storage key holds a change.
export const isChangeKey = (key) => Boolean(key?.startsWith(PREFIX));

/// Whether a storage key (of a `storage` event) holds a change or the shared wait.
export const isOutboxKey = (key) => isChangeKey(key) || Boolean(key?.startsWith(RETRY));

/// Every change kept, every account's, first in line first.
export function allChanges() {
  const changes = [];
  for (let index = 0; index < localStorage.length; index += 1) {
    const key = localStorage.key(index);
    if (!key?.startsWith(PREFIX)) continue;
    const change = parse(localStorage.getItem(key), null);
    if (change?.id) changes.push(change);
  }
  return changes.sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : 1));
}

export function save(change) { localStorage.setItem(PREFIX + change.id, JSON.stringify(change)); }

/// Saves `change` with `fields` only while it is still kept: a change the lifter
/// discarded meanwhile (in this tab or another) does not come back.
export function update(change, fields = {}) {
  if (localStorage.getItem(PREFIX + change.id) !== null) save({ ...change, ...fields });
}

export function remove(id) { localStorage.removeItem(PREFIX + id); }

// Places in line: microseconds of the clock, never before a change already kept (a
// clock set back), never equal to one of this tab's.
let last = 0;
export function nextOrder() {
  last = Math.max(Date.now() * 1000, last + 1, ...allChanges().map((change) => change.order + 1));
  return last;
}

/// `count` places before every change kept (first in line again).
export function firstOrders(count) {
  const first = Math.min(Date.now() * 1000, ...allChanges().map((change) => change.order));
  return Array.from({ length: count }, (_, index) => first - count + index);
}

/// `{ at, attempts, problem }`: the queue waits until `at` (ms); `problem` says why
/// (`{ kind: "network" | "server" | "signIn", message, since }`) or is null.
export function retryState() {
  return { at: 0, attempts: 0, problem: null, ...parse(localStorage.getItem(retryKey()), {}) };
}

export function setRetryState(state) {
  if (state.at || state.attempts || state.problem) localStorage.setItem(retryKey(), JSON.stringify(state));
  else localStorage.removeItem(retryKey());
}

/// When the server last answered a change of `workout` (ms), or 0.
export function answeredAt(workout) {
  return parse(localStorage.getItem(ANSWERED), {})[workout] ?? 0;
}

export function noteAnswered(workout) {
  if (!workout) return;
  const now = Date.now();
  const kept = Object.entries(parse(localStorage.getItem(ANSWERED), {})).filter(([, at]) => now - at < DAY_MS);
  localStorage.setItem(ANSWERED, JSON.stringify({ ...Object.fromEntries(kept), [workout]: now }));
}
