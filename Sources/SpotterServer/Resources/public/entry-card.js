// An exercise's card on the logging page, as HTML from the page's state: its head,
// the set strip, one row per set (with last time's numbers) and the PR marks. The
// labels of the sets are made here, so a set logged without signal shows at once;
// the record names and set kind marks are the server's words (`words`).
import { clock, escapeHTML, label, toUnit, trim } from "./workout-format.js";

export class EntryCards {
  /// `words`: `{ marks: {warmup: "W", ...}, records: {heaviestWeight: "heaviest weight", ...} }`.
  constructor(unit, words) {
    this.unit = unit;
    this.words = words;
  }

  mark(kind) { return this.words.marks[kind] ?? null; }

  recordName(kind) { return this.words.records[kind] ?? kind; }

  prMark(kinds) {
    if (!kinds?.length) return "";
    const words = kinds.map((kind) => this.recordName(kind)).join(", ");
    return `<span class="pr-mark" title="${escapeHTML(words)}"><span aria-hidden="true">PR</span><span class="visually-hidden">Personal record: ${escapeHTML(words)}</span></span>`;
  }

  strip(entry) {
    return entry.sets.map((set) => {
      const mark = this.mark(set.kind);
      return `<span class="strip-set${set.kind === "warmup" ? " warmup" : ""}${set.done ? "" : " planned"}">${mark ? `<b>${mark}</b>` : ""}${escapeHTML(label(set, entry.exerciseKind, this.unit))}${this.prMark(set.records)}</span>`;
    }).join("") || '<span class="muted">No sets yet</span>';
  }

  fields(entry, set) {
    const kind = entry.exerciseKind;
    const unit = this.unit;
    const number = (name, value, mode, hint) =>
      `<input class="set-input" data-set-field="${name}" inputmode="${mode}" enterkeyhint="done" value="${escapeHTML(value ?? "")}" placeholder="${hint}" aria-label="${hint}">`;
    // A hold (a plank) counts down from its seconds and completes itself.
    if (kind === "duration") {
      return number("durationSeconds", set.durationSeconds, "numeric", "seconds") + (set.done ? "<span></span>"
        : `<button class="timer-button" type="button" data-action="timer" aria-label="Start the countdown"><svg class="icon" aria-hidden="true"><use href="/assets/icons.svg#play"/></svg><span data-timer-left></span></button>`);
    }
    if (kind === "distanceDuration") return number("distanceMeters", set.distanceMeters, "decimal", "metres") + number("durationSeconds", set.durationSeconds, "numeric", "seconds");
    const load = kind === "weightReps" ? unit : kind === "assistedBodyweight" ? `−${unit}` : `+${unit}`;
    const weight = set.weight === null || set.weight === undefined ? "" : trim(toUnit(set.weight, set.weightUnit, unit));
    return number("weight", weight, "decimal", load) + number("reps", set.reps, "numeric", "reps");
  }

  row(entry, set, index, working) {
    const previous = entry.previous?.[index];
    const before = previous ? escapeHTML(label(previous, entry.exerciseKind, this.unit)) : null;
    const badge = set.kind === "working" ? String(working) : this.mark(set.kind);
    return `<li class="set-row${set.done ? " done" : ""}${set.kind === "warmup" ? " warmup" : ""}${entry.exerciseKind === "duration" ? " timed" : ""}" data-set-id="${set.id}">
      <button class="set-badge kind-${set.kind}" type="button" data-action="set-options" aria-label="Set ${badge}: options">${badge}</button>${this.prMark(set.records)}
      <button class="previous" type="button" data-action="copy-previous" ${previous ? "" : "disabled"} aria-label="${previous ? `Last time ${before}: use it` : "No previous set"}">${before ?? "–"}</button>
      ${this.fields(entry, set)}
      <button class="done-button" type="button" data-action="toggle-done" aria-pressed="${set.done}" aria-label="Set ${badge} done"><svg class="icon" aria-hidden="true"><use href="/assets/icons.svg#check"/></svg></button>
    </li>`;
  }

  /// `collapsed`: the card shows its head and the set strip only.
  card(entry, collapsed = false) {
    const unit = this.unit;
    let working = 0;
    const rows = entry.sets.map((set, i) => { if (set.kind !== "warmup") working += 1; return this.row(entry, set, i, working); }).join("");
    const superset = entry.supersetGroup ? `<span class="badge">Superset ${"ABCD"[entry.supersetGroup - 1] ?? entry.supersetGroup}</span>` : "";
    // Target, rest and note on one line: the plan of a workout started from a
    // template (the rep range to aim for), the exercise's own rest, its note.
    const target = entry.sets.find((set) => set.target?.repMin)?.target;
    const meta = [
      target ? `<span class="entry-target">Target ${target.repMin === target.repMax ? target.repMin : `${target.repMin}–${target.repMax}`} reps${target.rpe ? ` @ RPE ${target.rpe}` : ""}</span>` : "",
      (entry.restSeconds ?? entry.rememberedRestSeconds) != null ? `<span>Rest ${clock(entry.restSeconds ?? entry.rememberedRestSeconds)}</span>` : "",
      entry.notes ? `<span class="entry-notes">${escapeHTML(entry.notes)}</span>` : "",
    ].filter(Boolean).join('<span aria-hidden="true"> · </span>');
    const name = escapeHTML(entry.exerciseName);
    return `<section class="card entry${collapsed ? " collapsed" : ""}" data-entry-id="${entry.id}" aria-label="${name}">
      <div class="entry-head">
        <h2><a href="/exercises/${entry.exerciseId}/progress">${name}</a>${entry.volumeRecord ? this.prMark(["bestSessionVolume"]) : ""}</h2>
        ${superset}
        <button class="icon-button collapse-button" type="button" data-action="collapse" aria-expanded="${!collapsed}" aria-label="${collapsed ? "Show" : "Hide"} the sets of ${name}"><svg class="icon" aria-hidden="true"><use href="/assets/icons.svg#chevron"/></svg></button>
        <button class="icon-button" type="button" data-action="entry-options" aria-label="Options for ${name}"><svg class="icon" aria-hidden="true"><use href="/assets/icons.svg#edit"/></svg></button>
      </div>
      <div class="set-strip live" aria-label="Sets so far">${this.strip(entry)}</div>
      ${meta ? `<p class="entry-meta">${meta}</p>` : ""}
      ${entry.lastNotes ? `<p class="entry-last-notes"><span class="badge">Last time</span> ${escapeHTML(entry.lastNotes)}</p>` : ""}
      ${entry.suggestion ? `<p class="entry-suggestion"><span class="badge accent">Suggested</span> ${escapeHTML(entry.suggestion)}</p>` : ""}
      <div class="entry-body">
        <div class="set-header" aria-hidden="true"><span>Set</span><span>Previous</span><span>${entry.exerciseKind.startsWith("distance") ? "m · s" : entry.exerciseKind === "duration" ? "Seconds" : `${unit} · reps`}</span><span></span></div>
        <ol class="set-list">${rows}</ol>
        <div class="entry-actions">
          <button class="button small" type="button" data-action="add-set"><svg class="icon" aria-hidden="true"><use href="/assets/icons.svg#plus"/></svg>Add set</button>
          <button class="button small" type="button" data-action="repeat-set" ${entry.sets.length ? "" : "disabled"}>Repeat last set</button>
        </div>
      </div>
    </section>`;
  }

  /// Puts the PR marks of `entry` in its card's rows and head, and nothing else: a
  /// full render would take the focus from a field being typed in.
  refreshMarks(card, entry) {
    for (const set of entry.sets) {
      const row = card?.querySelector(`[data-set-id="${set.id}"]`);
      row?.querySelector(":scope > .pr-mark")?.remove();
      row?.querySelector(".set-badge")?.insertAdjacentHTML("afterend", this.prMark(set.records));
    }
    card?.querySelector(".entry-head h2 > .pr-mark")?.remove();
    if (entry.volumeRecord) card?.querySelector(".entry-head h2")?.insertAdjacentHTML("beforeend", this.prMark(["bestSessionVolume"]));
  }
}
