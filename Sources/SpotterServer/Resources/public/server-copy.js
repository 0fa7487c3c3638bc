// The server's copy of a workout meets the phone's (workout.js): in the answer to a
// change, in a page the server sent late (a crawling network), or read after a
// refusal. The phone's copy is ahead of it while changes of the workout wait, and
// also when a change was answered after the server's copy was asked for: a page asked
// for before a tick was sent can arrive after the tick's answer, without it. The
// phone's copy then stays, taking from the server only what it knows better: a set
// another device changed later (`changedAt`, which the server keeps with every set),
// and last time's numbers. Otherwise the server's copy is the workout.

/// The workout to show: `local` and `server` joined; `ahead` when the phone's copy is
/// ahead (see above); the set `hidden` (deleted here, in its undo window) left out.
export function joinCopies(local, server, { ahead, hidden = null }) {
  const joined = structuredClone(ahead ? local : server);
  const theirs = new Map(server.entries.flatMap((entry) => entry.sets.map((set) => [set.id, set])));
  for (const entry of joined.entries) {
    const known = server.entries.find((candidate) => candidate.id === entry.id);
    if (known) entry.previous = known.previous;
    entry.sets = entry.sets.filter((set) => set.id !== hidden).map((set) => {
      const twin = theirs.get(set.id);
      return ahead && twin && changed(twin) > changed(set) ? structuredClone(twin) : set;
    });
  }
  return joined;
}

const changed = (set) => Date.parse(set.changedAt ?? "") || 0;
