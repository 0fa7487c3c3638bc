// The rest bar: counts down to the end time the server keeps, so it shows the
// right time after the phone slept or the page reloaded.

export class RestBar {
  constructor(root, onAction) {
    this.root = root;
    this.time = root.querySelector("[data-rest-time]");
    this.progress = root.querySelector("[data-rest-progress]");
    this.state = null;
    for (const button of root.querySelectorAll("[data-action]")) {
      button.addEventListener("click", () => onAction(button.dataset.action.replace("rest-", "")));
    }
    setInterval(() => this.tick(), 250);
  }

  show(rest) {
    this.state = rest && rest.endsAt ? { endsAt: new Date(rest.endsAt).getTime(), total: rest.totalSeconds } : null;
    this.tick();
  }

  tick() {
    const left = this.state ? Math.ceil((this.state.endsAt - Date.now()) / 1000) : 0;
    if (!this.state || left <= 0) {
      if (this.state && left <= 0 && navigator.vibrate) navigator.vibrate([200, 100, 200]);
      this.state = null;
      this.root.hidden = true;
      document.body.classList.remove("resting");
      return;
    }
    this.root.hidden = false;
    document.body.classList.add("resting");
    const minutes = Math.floor(left / 60);
    this.time.textContent = `${minutes}:${String(left % 60).padStart(2, "0")}`;
    const share = this.state.total > 0 ? Math.min(1, left / this.state.total) : 0;
    this.progress.style.transform = `scaleX(${share})`;
  }
}
