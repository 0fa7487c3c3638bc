// A button that starts slow work says so while the server works (the next page
// comes when it is done), and a second tap does not send the form again.
for (const button of document.querySelectorAll("button[data-busy-label]")) {
  const form = button.form;
  const label = button.textContent;
  // Back to this page from the next one: the page is as it was left, busy. Or the
  // form was not sent for want of signal (offline-forms.js).
  const ready = () => {
    delete form.dataset.busy;
    button.textContent = label;
    button.classList.remove("busy");
    button.removeAttribute("aria-disabled");
  };
  addEventListener("pageshow", ready);
  form.addEventListener("spotter:not-sent", ready);
  form.addEventListener("submit", (event) => {
    if (form.dataset.busy) {
      event.preventDefault();
      return;
    }
    form.dataset.busy = "true";
    button.textContent = button.dataset.busyLabel;
    button.classList.add("busy");
    button.setAttribute("aria-disabled", "true");
  });
}
