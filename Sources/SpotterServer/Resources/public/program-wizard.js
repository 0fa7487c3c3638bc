// The program wizard's live parts; every step works without them. Step 2 redraws
// the intensity chart (drawn by the server) as the pattern and numbers change;
// step 3 shows the chosen template's exercises under each day and filters the
// template lists by a word.
const form = document.querySelector("[data-program-wizard]");

if (form) {
  const chart = form.querySelector("#program-chart");
  if (chart) {
    let timer = null;
    const redraw = async () => {
      const data = new FormData(form);
      const query = new URLSearchParams();
      for (const name of ["pattern", "weeks", "base", "increment"]) query.set(name, data.get(name) ?? "");
      try {
        const answer = await fetch(`/programs/chart?${query}`, { credentials: "same-origin" });
        if (answer.ok) {
          const svg = await answer.text();
          if (svg) chart.innerHTML = svg;
        }
      } catch { /* offline: the chart stays as it was */ }
    };
    form.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(redraw, 250); });
    form.addEventListener("change", () => { clearTimeout(timer); timer = setTimeout(redraw, 50); });
  }

  for (const select of form.querySelectorAll("[data-day-template]")) {
    const day = select.closest(".schedule-day");
    select.addEventListener("change", () => {
      const option = select.selectedOptions[0];
      day.querySelector("[data-day-preview]").textContent = option?.dataset.exercises ?? "";
      day.classList.toggle("is-rest", !select.value);
    });
  }

  const search = form.querySelector("[data-template-search]");
  if (search) {
    search.hidden = false;
    search.querySelector("[data-template-filter]").addEventListener("input", (event) => {
      const words = event.target.value.toLowerCase().split(/\s+/).filter(Boolean);
      for (const option of form.querySelectorAll("[data-day-template] option")) {
        if (!option.value || option.selected) continue;
        const text = `${option.textContent} ${option.dataset.exercises ?? ""}`.toLowerCase();
        option.hidden = !words.every((word) => text.includes(word));
      }
    });
  }
}
