// Filters a list as the lifter types or taps a filter, keeping the address in
// step so the back button and reloads keep the filter. `data-autosubmit` names the
// results element to swap; empty means the exercise list and its count.
for (const form of document.querySelectorAll("form[data-autosubmit]")) {
  const target = form.dataset.autosubmit;
  let timer;
  const submit = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const params = new URLSearchParams(new FormData(form));
      for (const [key, value] of [...params]) if (!value) params.delete(key);
      const url = `${form.action}?${params}`;
      const response = await fetch(url, { headers: { Accept: "text/html" } });
      if (!response.ok) return;
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      if (target) {
        const fresh = page.querySelector(target);
        if (fresh) document.querySelector(target)?.replaceWith(fresh);
        history.replaceState(null, "", url);
        return;
      }
      for (const selector of ["#exercise-list", ".result-count"]) {
        const fresh = page.querySelector(selector);
        const current = document.querySelector(selector);
        if (fresh && current) current.replaceWith(fresh);
      }
      const empty = page.querySelector(".empty-state");
      document.querySelector(".empty-state")?.remove();
      if (empty) document.querySelector("#exercise-list").after(empty);
      history.replaceState(null, "", url);
    }, 180);
  };
  form.addEventListener("input", submit);
  form.addEventListener("change", submit);
  form.addEventListener("submit", (event) => { event.preventDefault(); submit(); });
}
