// The exercise list of a new template: type to narrow it down. Ticked exercises
// stay visible, so the lifter always sees what is chosen.
const input = document.querySelector("[data-pick-filter]");
if (input) {
  const rows = [...document.querySelectorAll(".pick-row")];
  input.addEventListener("input", () => {
    const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    for (const row of rows) {
      const text = row.textContent.toLowerCase();
      row.hidden = !row.querySelector("input").checked && !words.every((word) => text.includes(word));
    }
    for (const group of document.querySelectorAll(".pick-group")) {
      group.hidden = ![...group.querySelectorAll(".pick-row")].some((row) => !row.hidden);
    }
  });
}
