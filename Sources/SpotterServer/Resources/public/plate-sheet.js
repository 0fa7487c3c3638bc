// The plate calculator on the logging page: a plate button beside each weight of a
// barbell exercise opens a sheet with one side of the bar drawn, plates to scale,
// for the weight typed in that set. The bar and plates are the lifter's settings,
// read from the page's root element (data-bar, data-plates).
import { plateLoad, plateNumber } from "./plate-calculator.js";

export class PlateSheet {
  constructor(root, dialog, entriesBox) {
    this.unit = root.dataset.unit;
    this.bar = Number(root.dataset.bar ?? (this.unit === "lb" ? 45 : 20));
    this.plates = (root.dataset.plates ?? "").split(" ").filter(Boolean).map(Number);
    this.dialog = dialog;
    this.entriesBox = entriesBox;
    entriesBox.addEventListener("click", (event) => {
      const button = event.target.closest('[data-action="plates"]');
      if (button) this.open(button.closest(".set-row")?.querySelector('[data-set-field="weight"]'));
    });
  }

  /// Puts a plate button in every set row of the barbell exercises among `entries`.
  decorate(entries) {
    for (const entry of entries) {
      if (entry.exerciseEquipment !== "barbell" || entry.exerciseKind !== "weightReps") continue;
      const card = this.entriesBox.querySelector(`[data-entry-id="${entry.id}"]`);
      card?.querySelector(".set-header")?.classList.add("with-plates");
      for (const row of card?.querySelectorAll(".set-row") ?? []) {
        const weight = row.querySelector('[data-set-field="weight"]');
        if (!weight || row.querySelector(".plate-button")) continue;
        row.classList.add("with-plates");
        weight.insertAdjacentHTML("beforebegin",
          `<button class="plate-button" type="button" data-action="plates" aria-label="Plates for this weight"><svg class="icon" aria-hidden="true"><use href="/assets/icons.svg#plate"/></svg></button>`);
      }
    }
  }

  open(input) {
    if (!input) return;
    const typed = Number(input.value.trim().replace(",", "."));
    const target = input.value.trim() === "" || !Number.isFinite(typed) ? 0 : typed;
    const load = plateLoad(target, this.bar, this.plates);
    const unit = this.unit;
    const text = (value) => `${plateNumber(value)} ${unit}`;
    const find = (name) => this.dialog.querySelector(`[data-plate-${name}]`);
    find("weight").textContent = text(load.weight);
    find("list").textContent = load.perSide.length ? `Each side: ${load.perSide.map(plateNumber).join(" + ")}` : `Just the bar (${text(this.bar)})`;
    let note = "";
    if (target <= 0) note = "Type a weight in the set first.";
    else if (target < this.bar) note = `${text(target)} is less than the bar.`;
    else if (load.tiedWith !== null) note = `${text(target)} sits between ${text(load.weight)} and ${text(load.tiedWith)}; showing the lower.`;
    else if (!load.exact) note = `${text(target)} cannot be loaded exactly; this is the closest.`;
    find("note").textContent = note;
    this.draw(find("bar"), load.perSide);
    this.dialog.showModal();
  }

  /// One side of the bar: the sleeve, then each plate as tall as its weight allows
  /// (the heaviest of the lifter's plates full height), heaviest nearest the collar.
  draw(box, perSide) {
    const heaviest = Math.max(...this.plates, 1);
    box.replaceChildren();
    const collar = document.createElement("span");
    collar.className = "plate-collar";
    box.append(collar);
    for (const plate of perSide) {
      const element = document.createElement("span");
      element.className = "plate";
      element.dataset.plate = plateNumber(plate);
      // CSSOM, which the page's policy allows (no inline style attribute).
      element.style.setProperty("--plate-size", String(Math.max(0.28, Math.sqrt(plate / heaviest))));
      element.textContent = plateNumber(plate);
      box.append(element);
    }
    const sleeve = document.createElement("span");
    sleeve.className = "plate-sleeve";
    box.append(sleeve);
  }
}
