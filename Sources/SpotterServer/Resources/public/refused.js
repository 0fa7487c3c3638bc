// Changes the server refused for good (a 4xx other than 401, 408 and 429). They are
// never dropped: they wait here, in groups, until the lifter sends them again or
// discards them (outbox.js; the question is asked by refused-dialog.js).
//
// Order. A change that needs what a refused change would have made cannot succeed
// without it: the sets of an exercise whose adding was refused, every change of a
// workout whose start was refused, deleting a set whose logging was refused, a new
// order that names a refused exercise. Such later changes go aside with it, in
// their order, so that the group is sent again or discarded as one and the lifter
// gets one question, not a refusal per set. The changes that do not need it go on
// to the server: a refused note on one set does not hold back the rest of the
// workout. A later change of the same set or exercise is whole (a PUT makes it if
// it is missing), so it does not need the refused one and is sent.
import { newID } from "./workout-format.js";
import { allChanges, currentUser, update } from "./outbox-store.js";

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/// The refused groups of this page's account, oldest first:
/// `{ id, workout, reason: { status, code, message, field }, items, refusedAt }`.
export function refusedGroups() {
  const user = currentUser();
  const groups = new Map();
  for (const change of allChanges()) {
    if (!user || change.user !== user || !change.refused) continue;
    const { group, workout, reason, refusedAt } = change.refused;
    if (!groups.has(group)) groups.set(group, { id: group, user, workout, reason, refusedAt, items: [] });
    groups.get(group).items.push(change);
  }
  return [...groups.values()].sort((a, b) => (a.refusedAt < b.refusedAt ? -1 : 1));
}

/// The workout a change is about (its id in lower case), or "".
export function workoutOf(item) {
  const match = item.url.match(/\/workouts\/([0-9a-f-]{36})/i);
  return (match?.[1] ?? (isStart(item) ? item.body.id : "")).toLowerCase();
}

/// A workout started on this phone: `POST /api/v1/workouts` with its id.
export function isStart(item) {
  return item.method === "POST" && /\/api\/v1\/workouts$/.test(item.url) && Boolean(item.body?.id);
}

/// A new order of a workout's exercises: `PUT /api/v1/workouts/{id}/entries/order`.
export function isReorder(item) {
  return item.method === "PUT" && /\/workouts\/[0-9a-f-]{36}\/entries\/order$/i.test(item.url);
}

// What a change makes when it succeeds: a start its workout, a PUT to an exercise or a
// set of a workout that exercise or set. Nothing else makes anything: a new order only
// names the exercises (its address names the workout, which it does not make).
const MAKES = /\/entries\/([0-9a-f-]{36})(?:\/sets\/([0-9a-f-]{36}))?$/i;
function made(item) {
  if (isStart(item)) return [item.body.id.toLowerCase()];
  const match = item.method === "PUT" ? item.url.match(MAKES) : null;
  return match ? [(match[2] ?? match[1]).toLowerCase()] : [];
}

// Whether a change names one of `ids` that it does not make itself.
function needs(item, ids) {
  const own = new Set(made(item));
  const named = (item.url.match(ID) ?? []).concat(Array.isArray(item.body?.ids) ? item.body.ids : []);
  return named.some((id) => !own.has(id.toLowerCase()) && ids.has(id.toLowerCase()));
}

/// The changes waiting after `item` that need it (and those that need them), in order.
export function dependents(item) {
  const ids = new Set(made(item));
  const found = [];
  for (const later of allChanges()) {
    if (later.user !== item.user || later.refused || later.order <= item.order || !needs(later, ids)) continue;
    found.push(later);
    for (const id of made(later)) ids.add(id);
  }
  return found;
}

/// Sets `item` and the later changes that need it aside, as a refused group. Refusals
/// of one workout with the same answer join one group (a workout deleted on another
/// device refuses every set with the same words).
export function setAside(item, error) {
  const reason = { status: error.status, code: error.code ?? null, message: error.message, field: error.field ?? null };
  const workout = workoutOf(item);
  const same = refusedGroups().find((group) => group.workout === workout
    && group.reason.status === reason.status && group.reason.message === reason.message);
  const refused = same ? { group: same.id, workout, reason: same.reason, refusedAt: same.refusedAt }
    : { group: newID(), workout, reason, refusedAt: new Date().toISOString() };
  for (const change of [item, ...dependents(item)]) update(change, { refused });
}

/// Puts a change that needs what a refused group would make into that group, before
/// it is sent (it could only be refused too; this keeps it in its order, with
/// the change it needs). True when it joined one.
export function joinRefused(item) {
  const group = refusedGroups().find((candidate) => needs(item, new Set(candidate.items.flatMap(made))));
  if (!group) return false;
  update(item, { refused: { group: group.id, workout: group.workout, reason: group.reason, refusedAt: group.refusedAt } });
  return true;
}
