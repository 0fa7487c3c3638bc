// "Copy" beside a value shown once (a new API token): copies it and says so. Without
// the clipboard (an old browser, a page not served securely) the value is selected
// for the lifter to copy by hand.
for (const button of document.querySelectorAll("[data-copy]")) {
  button.addEventListener("click", async () => {
    const field = document.getElementById(button.dataset.copy);
    try {
      await navigator.clipboard.writeText(field.value);
      button.textContent = "Copied";
    } catch {
      field.focus();
      field.select();
      button.textContent = "Selected: copy it";
    }
  });
}
