// The exercise picker: search as you type over the library (word starts of the
// name and aliases, best matches first); the recently used exercises lead while
// the search is empty.

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
      const response = await fetch(`/api/v1/exercises?sort=recent&search=${encodeURIComponent(query)}`, { headers: { Accept: "application/json" } });
      const { items } = await response.json();
      this.list.replaceChildren(...items.slice(0, 60).map((exercise) => {
        const li = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.className = "row picker-row";
        button.dataset.exercise = JSON.stringify({ id: exercise.id, name: exercise.name, kind: exercise.kind });
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
    } catch {
      this.list.innerHTML = '<li class="muted pad">No connection: the library needs the server.</li>';
    }
  }
}
