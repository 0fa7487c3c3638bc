// Sends a large file with a progress bar, and refuses one over the limit before
// sending it. Without this the form posts as usual and the server answers the same.
for (const form of document.querySelectorAll("form[data-upload-progress]")) {
  const input = form.querySelector('input[type="file"]');
  const error = form.querySelector("[data-upload-error]");
  const status = form.querySelector("[data-upload-status]");
  const bar = status.querySelector("progress");
  const words = status.querySelector("[role=status]");
  const button = form.querySelector('button[type="submit"]');
  let sending = false;

  const fail = (message) => {
    sending = false;
    status.hidden = true;
    button.classList.remove("busy");
    button.removeAttribute("aria-disabled");
    error.textContent = message;
    error.hidden = false;
    input.setAttribute("aria-invalid", "true");
    error.scrollIntoView({ block: "center" });
  };
  const show = (percent, text) => {
    status.hidden = false;
    bar.value = percent;
    words.textContent = text;
  };

  // Back to this page from the preview: the page is as it was left, sending.
  addEventListener("pageshow", () => {
    sending = false;
    status.hidden = true;
    button.classList.remove("busy");
    button.removeAttribute("aria-disabled");
  });
  input.addEventListener("change", () => {
    error.hidden = true;
    input.removeAttribute("aria-invalid");
  });
  form.addEventListener("submit", (event) => {
    const file = input.files?.[0];
    // No file: the server's answer says what to choose.
    if (!file) return;
    event.preventDefault();
    if (sending) return;
    if (file.size > Number(form.dataset.uploadLimit)) return fail(form.dataset.tooLarge);
    sending = true;
    error.hidden = true;
    button.classList.add("busy");
    button.setAttribute("aria-disabled", "true");
    show(0, "Uploading… 0%");
    const request = new XMLHttpRequest();
    request.open("POST", form.action);
    request.setRequestHeader("Accept", "application/json");
    request.setRequestHeader("X-CSRF-Token", form.elements._csrf.value);
    request.upload.addEventListener("progress", (progress) => {
      if (!progress.lengthComputable) return;
      const percent = Math.floor((progress.loaded / progress.total) * 100);
      show(percent, `Uploading… ${percent}%`);
    });
    request.upload.addEventListener("load", () => show(100, "Uploaded. Reading the file…"));
    request.addEventListener("load", () => {
      let answer = null;
      try { answer = JSON.parse(request.responseText); } catch { /* not JSON: a proxy's error page */ }
      if (request.status === 200 && answer?.location) {
        location.assign(answer.location);
      } else {
        fail(answer?.error?.message ?? `The upload failed (${request.status}). Try again.`);
      }
    });
    request.addEventListener("error", () => fail("The upload was cut off. Check the connection and try again."));
    request.send(new FormData(form));
  });
}
