// The timeline builder: drag an item by its handle (touch or mouse) to move it,
// and the arrows move it without a round trip; the fields keep their order in the
// page, so Save sends the timeline as it stands. Times update as numbers change,
// by the player's estimate (a reps set counts 45 s).

const form = document.querySelector("[data-timeline]");
if (form) setUp(form);

function setUp(form) {
  const list = form.querySelector("[data-timeline-list]");
  const defaultRest = Number(form.dataset.defaultRest) || 0;
  const number = (input, fallback) => {
    const text = input?.value.trim() ?? "";
    return text === "" ? fallback : /^\d+$/.test(text) ? Number(text) : NaN;
  };
  const clock = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

  function seconds(item) {
    const field = (name) => item.querySelector(`[name="item_${name}"]`);
    if (field("kind").value === "break") return number(field("seconds"), NaN);
    const sets = number(field("sets"), 3);
    const rest = number(field("rest"), defaultRest);
    const timed = field("mode").value === "timed";
    const each = timed ? number(field("seconds"), NaN) : 45;
    return sets <= 0 ? 0 : sets * each + (sets - 1) * rest;
  }

  function refresh() {
    const items = [...list.querySelectorAll("[data-timeline-item]")];
    let total = 0;
    items.forEach((item, index) => {
      const own = seconds(item);
      item.querySelector("[data-item-time]").textContent = Number.isFinite(own) ? clock(own) : "–";
      if (Number.isFinite(own)) total += own;
      item.querySelector('[data-move="up"]').disabled = index === 0;
      item.querySelector('[data-move="down"]').disabled = index === items.length - 1;
      // Without script the buttons name their row; keep that true after a move.
      for (const button of item.querySelectorAll('button[name="do"]')) button.value = button.value.replace(/-\d+$/, `-${index}`);
    });
    form.querySelector("[data-timeline-total]").textContent = clock(total);
  }

  form.addEventListener("input", refresh);
  form.addEventListener("change", (event) => {
    const mode = event.target.closest("[data-mode]");
    if (!mode) return;
    const item = mode.closest("[data-timeline-item]");
    item.querySelector("[data-reps-field]").hidden = mode.value === "timed";
    item.querySelector("[data-seconds-field]").hidden = mode.value !== "timed";
    if (mode.value === "timed") {
      const seconds = item.querySelector('[name="item_seconds"]');
      if (!seconds.value) seconds.value = "30";
    }
    refresh();
  });

  form.addEventListener("click", (event) => {
    const button = event.target.closest("[data-move]");
    if (!button) return;
    event.preventDefault();
    const item = button.closest("[data-timeline-item]");
    const other = button.dataset.move === "up" ? item.previousElementSibling : item.nextElementSibling;
    if (!other) return;
    if (button.dataset.move === "up") other.before(item); else other.after(item);
    refresh();
    button.focus();
  });

  // Dragging by the handle, with pointer events (touch and mouse alike).
  let dragged = null;
  list.addEventListener("pointerdown", (event) => {
    const handle = event.target.closest("[data-drag-handle]");
    if (!handle) return;
    dragged = handle.closest("[data-timeline-item]");
    dragged.classList.add("dragging");
    handle.setPointerCapture(event.pointerId);
    event.preventDefault();
  });
  list.addEventListener("pointermove", (event) => {
    if (!dragged) return;
    const over = [...list.children].find((item) => {
      if (item === dragged) return false;
      const box = item.getBoundingClientRect();
      return event.clientY > box.top && event.clientY < box.bottom;
    });
    if (!over) return;
    const box = over.getBoundingClientRect();
    if (event.clientY < box.top + box.height / 2) over.before(dragged); else over.after(dragged);
  });
  const drop = () => {
    if (!dragged) return;
    dragged.classList.remove("dragging");
    dragged = null;
    refresh();
  };
  list.addEventListener("pointerup", drop);
  list.addEventListener("pointercancel", drop);
  refresh();
}
