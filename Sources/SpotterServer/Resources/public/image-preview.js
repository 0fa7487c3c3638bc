// Shows the chosen picture before the form is sent.
for (const input of document.querySelectorAll("input[data-image-input]")) {
  const preview = input.closest("form")?.querySelector("img[data-image-preview]");
  if (!preview) continue;
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    if (!file) return;
    preview.src = URL.createObjectURL(file);
    preview.hidden = false;
  });
}
