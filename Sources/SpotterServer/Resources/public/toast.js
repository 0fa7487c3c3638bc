// The toast: one short message at the foot of the logging page, with Undo when the
// change can still be taken back. It goes away by itself.

export class Toast {
  constructor(root) {
    this.root = root;
    this.text = root.querySelector("[data-toast-text]");
    this.undo = root.querySelector('[data-action="undo"]');
    this.timer = null;
  }

  show(text, undo) {
    this.text.textContent = text;
    this.undo.hidden = !undo;
    this.undo.onclick = () => { this.hide(); undo?.(); };
    this.root.hidden = false;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.hide(), undo ? 5000 : 4000);
  }

  hide() { this.root.hidden = true; }
}
