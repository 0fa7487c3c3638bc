// The exercise list of a new template: type to narrow it down. Ticked exercises
// stay visible, so the lifter always sees what is chosen, and they keep the order
// they were ticked in (sent as `pickOrder`; without script the list's order).
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

  const form = input.form;
  const boxes = rows.map((row) => row.querySelector("input"));
  const ticked = boxes.filter((box) => box.checked).map((box) => box.value);
  for (const box of boxes) {
    box.addEventListener("change", () => {
      const at = ticked.indexOf(box.value);
      if (at >= 0) ticked.splice(at, 1);
      if (box.checked) ticked.push(box.value);
    });
  }
  form.addEventListener("submit", () => {
    for (const old of form.querySelectorAll('input[name="pickOrder"]')) old.remove();
    for (const value of ticked) {
      const order = document.createElement("input");
      order.type = "hidden";
      order.name = "pickOrder";
      order.value = value;
      form.append(order);
    }
  });
}
