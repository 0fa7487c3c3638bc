// The exercise picker: search as you type over the library (word starts of the
// name and aliases, best matches first); the recently used exercises lead while
// the search is empty. The list the server last gave with nothing typed is kept on
// the phone, so exercises can be added without signal (matched here by word starts).

const CACHE_KEY = "spotter.exercises";
const KEPT_AT = "spotter.exercises.keptAt";
const LIBRARY = "/api/v1/exercises?sort=recent&limit=200";

/// Keeps the whole library on the phone for offline use: `items` (the first page,
/// when the caller has it already) and the pages after it (Link: rel="next").
async function keepLibrary(items, link) {
  const all = [...items];
  try {
    for (let next = link?.match(/<([^>]+)>;\s*rel="next"/)?.[1]; next; ) {
      const page = await fetch(next, { headers: { Accept: "application/json" } });
      all.push(...(await page.json()).items);
      next = page.headers.get("Link")?.match(/<([^>]+)>;\s*rel="next"/)?.[1];
    }
    const kept = all.map(({ id, name, kind, equipment, muscleGroups, aliases }) => ({ id, name, kind, equipment, muscleGroups, aliases }));
    localStorage.setItem(CACHE_KEY, JSON.stringify(kept));
    localStorage.setItem(KEPT_AT, String(Date.now()));
  } catch { /* no signal or storage full: the picker still works online */ }
}

/// From a page that can start a workout: keeps the library when this phone has none,
/// or one older than a day, so the first exercise can be added without signal.
export async function keepLibraryFresh(now = Date.now()) {
  if (localStorage.getItem(CACHE_KEY) && now - Number(localStorage.getItem(KEPT_AT) || 0) < 86_400_000) return;
  try {
    const response = await fetch(LIBRARY, { headers: { Accept: "application/json" } });
    if (!response.ok) return;
    await keepLibrary((await response.json()).items, response.headers.get("Link"));
  } catch { /* no signal: next time */ }
}

/// The cached exercises whose name or aliases have a word starting with every word
/// typed, ranked as the server ranks: the exact name, a name starting with the query,
/// a name whose first word starts with the first word typed, then the rest by name.
function offlineMatches(items, query) {
  const words = (text) => text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").split(/[^a-z0-9]+/).filter(Boolean);
  const terms = words(query);
  if (!terms.length) return items;
  const typed = terms.join(" ");
  const rank = (item) => {
    const name = words(item.name).join(" ");
    return name === typed ? 0 : name.startsWith(typed) ? 1 : name.startsWith(terms[0]) ? 2 : 3;
  };
  return items
    .filter((item) => {
      const own = words([item.name, ...(item.aliases ?? [])].join(" "));
      return terms.every((term) => own.some((word) => word.startsWith(term)));
    })
    .map((item) => [rank(item), item])
    .sort((a, b) => a[0] - b[0] || a[1].name.localeCompare(b[1].name))
    .map(([, item]) => item);
}

/// "fullBody" -> "Full Body", "chest" -> "Chest".
function display(raw) {
  const spaced = raw.replace(/([A-Z])/g, " $1");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export class ExercisePicker {
  constructor(dialog) {
    this.dialog = dialog;
    this.input = dialog.querySelector("[data-picker-search]");
    this.list = dialog.querySelector("[data-picker-list]");
    this.resolve = null;
    let timer;
    this.input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(() => this.search(), 150); });
    this.list.addEventListener("click", (event) => {
      const item = event.target.closest("[data-exercise]");
      if (!item) return;
      this.finish(JSON.parse(item.dataset.exercise));
    });
    dialog.addEventListener("close", () => this.finish(null));
  }

  choose() {
    this.input.value = "";
    this.search();
    this.dialog.showModal();
    this.input.focus();
    return new Promise((resolve) => { this.resolve = resolve; });
  }

  finish(exercise) {
    const resolve = this.resolve;
    this.resolve = null;
    if (this.dialog.open) this.dialog.close();
    resolve?.(exercise);
  }

  async search() {
    const query = this.input.value.trim();
    try {
      // With nothing typed, the exercises of the lifter's latest workouts come first.
      const response = await fetch(`${LIBRARY}&search=${encodeURIComponent(query)}`, { headers: { Accept: "application/json" } });
      const { items } = await response.json();
      this.show(items);
      if (!query) keepLibrary(items, response.headers.get("Link"));
    } catch {
      const cached = JSON.parse(localStorage.getItem(CACHE_KEY) || "null");
      if (!cached) { this.list.innerHTML = '<li class="muted pad">No connection, and the library was not opened on this phone yet.</li>'; return; }
      this.show(offlineMatches(cached, query));
    }
  }

  show(items) {
    this.list.replaceChildren(...items.slice(0, 60).map((exercise) => {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "row picker-row";
      button.dataset.exercise = JSON.stringify({ id: exercise.id, name: exercise.name, kind: exercise.kind, equipment: exercise.equipment });
      const title = document.createElement("span");
      title.className = "row-title";
      title.textContent = exercise.name;
      const sub = document.createElement("span");
      sub.className = "row-sub";
      sub.textContent = `${exercise.muscleGroups.map(display).join(", ")} · ${display(exercise.equipment)}`;
      const text = document.createElement("span");
      text.className = "row-text";
      text.append(title, sub);
      button.append(text);
      li.append(button);
      return li;
    }));
    if (items.length === 0) this.list.innerHTML = '<li class="muted pad">Nothing matches. Try fewer letters, or create it under Exercises.</li>';
  }
}
