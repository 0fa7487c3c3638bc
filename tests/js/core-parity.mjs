// Runs the logging page's copies of SpotterCore's rules (workout-format.js,
// rest-timer.js) on the cases ScriptParityTests.swift writes, and prints their
// answers as JSON, for the Swift test to compare with Core's own.
// Usage: node core-parity.mjs PUBLIC_DIR CASES_JSON
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { join } from "node:path";

const [publicDir, casesPath] = process.argv.slice(2);
const load = (name) => import(pathToFileURL(join(publicDir, name)).href);
const { label, volume } = await load("workout-format.js");
const { restAfter } = await load("rest-timer.js");
const cases = JSON.parse(readFileSync(casesPath, "utf8"));

const labels = cases.labels.map(({ set, kind, unit }) => label(set, kind, unit));
const volumes = cases.volumes.map(({ workout, unit }) => volume(workout, unit));
const rests = cases.rests.map(({ workout, defaultRest }) =>
  workout.entries.flatMap((entry) => entry.sets.map((set) => {
    const rest = restAfter(workout.entries, entry, set, defaultRest);
    return { setId: set.id, seconds: rest.totalSeconds, afterSetId: rest.afterSetId };
  })));
process.stdout.write(JSON.stringify({ labels, volumes, rests }));
