"""Progress in a phone-sized Chromium: a personal record marked live on the logging page
(no reload) and listed on the finished workout, an exercise's progress page (chart,
record tiles, range chips), the stats page and body metrics (add, a refused value, edit,
delete). Screenshots of each in light and dark.

Every test registers its own lifter, so records and totals are its own. Earlier
sessions are seeded through the JSON API (the API starts workouts "now", so they are
back to back; the charts need two sessions, not different days), and the server's copy
is read back the same way."""

from __future__ import annotations

import re
import urllib.parse

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By

from pages import (
    assert_no_error_page, button, css, css_all, go, notice, path_of, register_account, sign_in, tap, tap_and_load,
    text_of, type_into, wait)
from test_workout import (
    api_for, assert_clean_console, choose_first, confirm, enter_set, open_picker, search_picker, tick, wait_synced)

SQUAT = "Squat (Barbell)"
# A page posted with a refused value answers 400; Chromium logs that as a console error.
BODY_400 = r"/progress/body - Failed to load resource: the server responded with a status of 400"


# ---------------------------------------------------------------- helpers

@pytest.fixture
def lifter(server) -> dict:
    """A fresh account with an API client: its records and totals are its own."""
    account = register_account(server, "progress")
    return {"account": account, "api": api_for(server, account)}


def squat_id(api) -> str:
    """Squat (Barbell)'s id, found as a client would: GET /api/v1/exercises?search=squat."""
    items = api.ok("GET", "/api/v1/exercises?search=squat")["items"]
    ids = [item["id"] for item in items if item["name"] == SQUAT]
    assert ids, f"searching 'squat' did not list {SQUAT}: {[i['name'] for i in items][:5]}"
    return ids[0].lower()


def tiles(driver, scope: str) -> dict[str, str]:
    """The value of each tile under `scope`, by its label."""
    return driver.execute_script("""
        return Object.fromEntries([...document.querySelectorAll(arguments[0] + ' .tile')].map(t => [
          t.querySelector('.tile-label').textContent.trim(), t.querySelector('.tile-value').textContent.trim()]));""",
                                 scope)


def pr_marks(driver, exercise: str, index: int) -> dict:
    """The PR marks of an exercise's set row at this position on the logging page: in the
    row and in the set strip (read in one script, so never half re-rendered), and the toast.
    By position, not id: the page swaps in the server's copy (ids in capitals) now and then."""
    return driver.execute_script("""
        const card = document.querySelector(`#entries .entry[aria-label="${arguments[0]}"]`);
        const row = card?.querySelectorAll('.set-row')[arguments[1]];
        const toast = document.querySelector('[data-toast]');
        return {
          row: row?.querySelector(':scope > .pr-mark')?.getAttribute('title') ?? null,
          strip: [...(card?.querySelectorAll('.set-strip .strip-set .pr-mark') ?? [])].map(m => m.getAttribute('title')),
          head: !!card?.querySelector('.entry-head h2 > .pr-mark'),
          toast: toast && !toast.hidden ? toast.querySelector('[data-toast-text]').textContent.trim() : null,
          undoShown: !!toast && !toast.hidden && getComputedStyle(toast.querySelector('[data-action="undo"]')).display !== 'none',
        };""", exercise, index)


def chips(driver) -> list[tuple[str, bool]]:
    """The range chips: label and whether it is the current one."""
    return [(c.text.strip(), c.get_attribute("aria-current") == "true") for c in css_all(driver, "nav.range-chips a.chip")]


def chip(driver, label: str):
    for candidate in css_all(driver, "nav.range-chips a.chip"):
        if candidate.text.strip() == label:
            return candidate
    raise AssertionError(f"no range chip {label!r} on {driver.current_url}: {chips(driver)}")


def chart_titles(driver) -> list[str]:
    """The <title> of every chart on the page (its accessible name)."""
    return driver.execute_script(
        "return [...document.querySelectorAll('svg.chart')].map(s => s.querySelector(':scope > title')?.textContent.trim() ?? null)")


def body_rows(driver) -> list[tuple[str, str]]:
    """The measurements listed on the body page: (values, day line)."""
    return [(row.find_element(By.CSS_SELECTOR, ".row-title").text.strip(), row.find_element(By.CSS_SELECTOR, ".row-sub").text.strip())
            for row in css_all(driver, "section.card ul.list a.row")]


def body_items(api) -> list[dict]:
    return api.ok("GET", "/api/v1/body-metrics")["items"]


def submit_body_weight(driver, weight: str, label: str = "Add") -> None:
    type_into(driver, css(driver, 'form.form [name="bodyWeight"]'), weight)
    tap_and_load(driver, button(driver, label))


# ---------------------------------------------------------------- tests

def test_pr_mark_appears_live_and_on_the_finished_workout(driver, server, lifter, shoot):
    """100 kg x 5 is the baseline; 105 kg x 5 ticked on the logging page gets a PR mark in
    its row and in the set strip as soon as the server answers, without a reload, and the
    finished workout lists the record ("Heaviest weight")."""
    api = lifter["api"]
    baseline = api.seed_workout("Baseline Squat", [(SQUAT, [(100, 5, True)])], finish=True)
    assert baseline["endedAt"], "the seeded workout did not finish"

    sign_in(driver, server, lifter["account"])
    tap_and_load(driver, button(driver, "Start empty workout"))
    assert_no_error_page(driver, "starting an empty workout")
    assert path_of(driver) == "/workout"
    open_picker(driver)
    search_picker(driver, api, "squat (barbell)", SQUAT)
    choose_first(driver, SQUAT)
    wait_synced(driver)
    driver.execute_script("window.__progressMarker = 'same page'")
    # Problems with the live page are gathered, so the finished workout is still checked.
    problems = []
    # The new set row offers last time's set (the server's answer to adding the exercise carries it).
    previous_text = "return document.querySelector(`#entries .entry[aria-label='${arguments[0]}'] .set-row .previous`)?.textContent.trim()"
    try:
        wait(driver).until(lambda d: d.execute_script(previous_text, SQUAT) == "100×5")
    except TimeoutException:
        problems.append(f"the new Squat row shows Previous {driver.execute_script(previous_text, SQUAT)!r}, not last time's 100×5")

    enter_set(driver, SQUAT, 0, "105", "5")
    tick(driver, SQUAT, 0)
    try:
        marks = wait(driver).until(lambda d: (m := pr_marks(d, SQUAT, 0))["row"] and m["strip"] and m)
    except TimeoutException:
        marks = pr_marks(driver, SQUAT, 0)
        problems.append(f"no PR mark in the set row and the set strip after ticking 105 kg x 5 (page shows {marks})")
    if driver.execute_script("return window.__progressMarker") != "same page":
        problems.append("the PR mark came with a page reload")
    if marks["row"] is not None and "heaviest weight" not in marks["row"]:
        problems.append(f"the row's PR mark says {marks['row']!r}, not heaviest weight")
    if marks["strip"] and (len(marks["strip"]) != 1 or "heaviest weight" not in marks["strip"][0]):
        problems.append(f"the strip's PR marks say {marks['strip']}")
    if marks["toast"] is not None and not (
            marks["toast"].startswith(f"New PR · {SQUAT}:") and "heaviest weight" in marks["toast"]):
        problems.append(f"the toast says {marks['toast']!r}")  # it shows for 4 s; checked when caught
    if marks["toast"] is not None and marks["undoShown"]:
        problems.append(f"the toast {marks['toast']!r} offers Undo, though there is nothing to undo")
    state = wait_synced(driver)
    assert state["summary"] == "1 exercise · 1 set · 525 kg", state["summary"]
    # The server's copy of the set carries the record either way.
    server_set = api.active()["entries"][0]["sets"][0]
    assert "heaviestWeight" in server_set["records"], server_set
    shoot(driver, "p01-workout-pr-mark")
    assert driver.execute_script("return window.__progressMarker") == "same page"

    # Finish through the page: the finished workout lists the record.
    tap(driver, css(driver, '[data-action="finish"]'))
    confirm(driver, "Finish")
    tap_and_load(driver, css(driver, "#confirm-dialog [data-confirm-yes]"))
    assert_no_error_page(driver, "finishing the workout")
    assert path_of(driver).startswith("/history/") and path_of(driver).endswith("/summary"), driver.current_url
    records = driver.execute_script("""
        return [...document.querySelectorAll('.records-card .record-line')].map(li => [
          li.querySelector('.row-title').textContent.trim(), li.querySelector('.row-sub').textContent.trim()]);""")
    assert records, "the finished workout has no Personal records card"
    squat_lines = {title: kinds for title, kinds in records if title.startswith(SQUAT)}
    assert f"{SQUAT} · 105×5" in squat_lines, records
    assert "Heaviest weight" in squat_lines[f"{SQUAT} · 105×5"].split(", "), records
    shoot(driver, "p02-finish-summary-records", full_page=True)
    # The set's row in the table of every set carries the mark too.
    tap_and_load(driver, css(driver, ".actions a.button:not(.primary)"))
    row_marks = [m.get_attribute("title") for m in css_all(driver, "table.set-table .pr-mark")]
    assert any("Heaviest weight" in (t or "") for t in row_marks), row_marks
    shoot(driver, "p02-finished-workout-records", full_page=True)
    assert_clean_console(driver)
    assert not problems, "the logging page went wrong:\n" + "\n".join(problems)


def test_exercise_progress_chart_records_and_ranges(driver, server, lifter, shoot):
    """Three squat sessions: the exercise's progress page draws a chart with a title,
    shows 105 kg as the heaviest, and the "All" range chip switches the range."""
    api = lifter["api"]
    exercise_id = squat_id(api)
    for name, weight in (("Squat A", 100), ("Squat B", 102.5), ("Squat C", 105)):
        api.seed_workout(name, [(SQUAT, [(weight, 5, True), (weight - 10, 5, True)])], finish=True)
    assert api.active() is None

    sign_in(driver, server, lifter["account"])
    path = f"/exercises/{exercise_id}/progress"
    go(driver, server + path)
    assert_no_error_page(driver, "opening the exercise's progress")
    assert text_of(driver, "header.topbar h1") == SQUAT
    titles = chart_titles(driver)
    assert titles and all(titles), f"charts without a <title>: {titles}"
    assert titles[0].startswith(f"{SQUAT}: top set and e1RM"), titles
    assert not css_all(driver, ".empty-chart"), text_of(driver, ".empty-chart")
    # The line chart has a top-set line and an e1RM line, a dot per session each.
    assert len(css_all(driver, "svg.chart polyline.chart-line")) >= 2
    assert len(css_all(driver, "svg.chart circle.chart-dot.a")) == 3
    records = tiles(driver, "section.card")
    assert records.get("Heaviest") == "105 kg", records
    assert records.get("Best e1RM") == "122.5 kg", records  # Epley: 105 x (1 + 5/30)
    sessions = css_all(driver, "section.sessions a.session-card")
    assert len(sessions) == 3, [s.text for s in sessions]
    assert dict(chips(driver)).get("1 year") is True, chips(driver)
    shoot(driver, "p03-exercise-progress", full_page=True)

    tap_and_load(driver, chip(driver, "All"))
    assert_no_error_page(driver, "choosing the All range")
    url = urllib.parse.urlparse(driver.current_url)
    assert url.path == path and urllib.parse.parse_qs(url.query).get("range") == ["all"], driver.current_url
    assert [label for label, current in chips(driver) if current] == ["All"], chips(driver)
    titles = chart_titles(driver)
    assert titles and titles[0] == f"{SQUAT}: top set and e1RM, all", titles
    assert tiles(driver, "section.card").get("Heaviest") == "105 kg"
    assert len(css_all(driver, "section.sessions a.session-card")) == 3
    assert_clean_console(driver)


def test_stats_totals_and_weekly_volume(driver, server, lifter, shoot):
    """/progress shows the totals tiles, a weekly volume chart, and the volume of each
    muscle group as bars in proportion."""
    api = lifter["api"]
    api.seed_workout("Legs", [(SQUAT, [(100, 5, True), (100, 5, True)])], finish=True)
    api.seed_workout("More Legs", [(SQUAT, [(105, 5, True)])], finish=True)

    sign_in(driver, server, lifter["account"])
    go(driver, server + "/progress")
    assert_no_error_page(driver, "opening the stats")
    assert text_of(driver, "header.topbar h1") == "Progress"
    totals = tiles(driver, "section.tiles[aria-label=Totals]")
    # 2 x 500 + 525 kg of squats in three sets, in full below 100,000.
    assert totals == {"Workouts": "2", "Sets": "3", "Volume": "1,525 kg"}, totals
    volume_card = next((s for s in css_all(driver, "section.chart-card")
                        if s.find_element(By.CSS_SELECTOR, "h2").text.strip().startswith("Weekly volume")), None)
    assert volume_card is not None, "no Weekly volume card on /progress"
    chart = volume_card.find_elements(By.CSS_SELECTOR, "svg.chart")
    assert chart, "the Weekly volume card has no chart"
    assert chart[0].find_element(By.CSS_SELECTOR, "title").get_attribute("textContent").startswith("Weekly volume")
    assert chart[0].find_elements(By.CSS_SELECTOR, "rect.chart-bar"), "the weekly volume chart has no bars"
    # Volume by muscle group: each bar as long as its share of the largest (squats put
    # half as much on Back and Core, secondary muscles, as on Glutes and Legs).
    muscles = driver.execute_script("""
        return Object.fromEntries([...document.querySelectorAll('ul.muscle-bars li')].map(li => {
          const track = li.querySelector('.muscle-bar').getBoundingClientRect().width;
          const fill = li.querySelector('.muscle-bar .fill').getBoundingClientRect().width;
          return [li.querySelector('.muscle-name').textContent.trim(), Math.round(fill / track * 100)];
        }));""")
    assert set(muscles) >= {"Glutes", "Legs", "Back", "Core"}, muscles
    assert muscles["Glutes"] == muscles["Legs"] == 100 and abs(muscles["Back"] - 50) <= 2, (
        f"muscle bars drawn at {muscles} % of their track, expected Glutes and Legs 100, Back and Core 50")
    shoot(driver, "p04-stats", full_page=True)
    assert_clean_console(driver)


def test_body_metrics_add_refuse_edit_delete(driver, server, lifter, shoot):
    """/progress/body adds 80.5 kg for today, refuses 5 kg with the rule's words and adds
    nothing, edits the entry to 81 kg and deletes it."""
    api = lifter["api"]
    sign_in(driver, server, lifter["account"])
    go(driver, server + "/progress")
    tap_and_load(driver, next(a for a in css_all(driver, "main a.card.row") if a.get_attribute("href").endswith("/progress/body")))
    assert path_of(driver) == "/progress/body"
    assert text_of(driver, "header.topbar h1") == "Body metrics"
    assert "No measurements in this range yet." in text_of(driver, "main")
    today = css(driver, 'form.form [name="day"]').get_attribute("value")
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", today), today
    submit_body_weight(driver, "80.5")
    assert_no_error_page(driver, "adding a body weight")
    assert path_of(driver) == "/progress/body"
    assert notice(driver) == "Saved."
    rows = body_rows(driver)
    assert [values for values, _ in rows] == ["80.5 kg"], rows
    items = body_items(api)
    assert [(i["day"], i["bodyWeight"], i["weightUnit"]) for i in items] == [(today, 80.5, "kg")], items
    shoot(driver, "p05-body-metrics", full_page=True)

    # 5 kg is refused with the rule's words, and nothing is added.
    submit_body_weight(driver, "5")
    assert text_of(driver, ".form-error") == "Check the fields marked below."
    errors = [e.text.strip() for e in css_all(driver, ".field.invalid .field-error")]
    assert errors == ["Body weight must be from 20 to 400 kg."], errors
    assert css(driver, 'form.form [name="bodyWeight"]').get_attribute("value") == "5", "the refused value was not kept"
    assert [values for values, _ in body_rows(driver)] == ["80.5 kg"]
    assert len(body_items(api)) == 1, body_items(api)
    shoot(driver, "p06-body-invalid")

    # Edit the entry to 81 kg.
    go(driver, server + "/progress/body")
    tap_and_load(driver, css(driver, "section.card ul.list a.row"))
    metric_id = items[0]["id"].lower()
    assert path_of(driver) == f"/progress/body/{metric_id}/edit", driver.current_url
    assert text_of(driver, "header.topbar h1") == "Edit measurement"
    assert css(driver, 'form.form [name="bodyWeight"]').get_attribute("value") == "80.5"
    submit_body_weight(driver, "81", "Save changes")
    assert_no_error_page(driver, "saving the edited body weight")
    assert notice(driver) == "Saved."
    assert [values for values, _ in body_rows(driver)] == ["81 kg"], body_rows(driver)
    assert [(i["id"].lower(), i["bodyWeight"]) for i in body_items(api)] == [(metric_id, 81)]

    # Delete it.
    tap_and_load(driver, css(driver, "section.card ul.list a.row"))
    tap_and_load(driver, button(driver, "Delete this measurement"))
    assert_no_error_page(driver, "deleting the body weight")
    assert path_of(driver) == "/progress/body"
    assert notice(driver) == "Deleted."
    assert body_rows(driver) == []
    assert "No measurements in this range yet." in text_of(driver, "main")
    assert body_items(api) == []
    assert_clean_console(driver, BODY_400)
