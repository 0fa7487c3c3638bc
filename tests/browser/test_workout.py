"""Logging a workout in a phone-sized Chromium: start, pick exercises, log sets with the
rest timer, reload, lose and regain the connection, finish, history, the one-active-
workout rule, repeat / edit / delete a past workout, and deleting a set with undo.

Every test registers its own lifter, so the one-active-workout rule of one test never
meets another's. Workouts the browser does not need to build are seeded through the
JSON API (a token made on the tokens page), and the server's copy is read back the
same way to check what the page claims to have saved."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request
import uuid

import pytest
from selenium.common.exceptions import (
    ElementNotInteractableException, StaleElementReferenceException, WebDriverException)
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import WAIT_SECONDS
from pages import (
    HttpClient, assert_no_error_page, browser_errors, button, css, css_all, fit_problems, go, make_token,
    notice, path_of, register_account, reveal, sign_in, tab, tap, tap_and_load, text_of, type_into, wait)

BENCH = "Bench Press (Barbell)"
SQUAT = "Squat (Barbell)"
PULL_UP = "Pull Up"
DEFAULT_REST = 120  # a new account's rest between sets, in seconds
DEFAULT_NAME = re.compile(r"(Morning|Afternoon|Evening|Night) Workout")
# What the picker is given, and the exercise it must list first.
PICKS = [("bench press (barbell)", BENCH), ("squat (barbell)", SQUAT), ("pull up", PULL_UP)]


# ---------------------------------------------------------------- helpers: HTTP

class Api:
    """The JSON API with a bearer token (the server's own view, whatever the browser shows)."""

    def __init__(self, base_url: str, token: str):
        self.base_url = base_url
        self.token = token

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict | None]:
        request = urllib.request.Request(
            self.base_url + path, method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"Bearer {self.token}", "Accept": "application/json",
                     "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                text = response.read()
                return response.status, json.loads(text) if text else None
        except urllib.error.HTTPError as error:
            text = error.read()
            try:
                return error.code, json.loads(text) if text else None
            except ValueError:
                return error.code, None

    def ok(self, method: str, path: str, body: dict | None = None) -> dict | None:
        status, data = self.call(method, path, body)
        assert 200 <= status < 300, f"{method} {path} answered {status}: {data}"
        return data

    def active(self) -> dict | None:
        status, data = self.call("GET", "/api/v1/workouts/active")
        assert status in (200, 404), f"GET /api/v1/workouts/active answered {status}: {data}"
        return data if status == 200 else None

    def workout(self, workout_id: str) -> dict | None:
        status, data = self.call("GET", f"/api/v1/workouts/{workout_id}")
        assert status in (200, 404), f"GET /api/v1/workouts/{workout_id} answered {status}: {data}"
        return data if status == 200 else None

    def exercise_id(self, name: str) -> str:
        items = self.ok("GET", "/api/v1/exercises?search=" + urllib.parse.quote(name))["items"]
        return next(item["id"] for item in items if item["name"] == name)

    def exercise_names(self, query: str) -> list[str]:
        return [item["name"] for item in self.ok("GET", "/api/v1/exercises?search=" + urllib.parse.quote(query))["items"]]

    def seed_workout(self, name: str, plan: list[tuple[str, list[tuple]]], finish: bool = False) -> dict:
        """Starts a workout with these exercises and sets, (weight or None, reps, done[, kind]) each;
        finishes it when asked. Returns the server's workout."""
        workout_id = str(uuid.uuid4())
        self.ok("POST", "/api/v1/workouts", {"id": workout_id, "name": name})
        for exercise, sets in plan:
            entry_id = str(uuid.uuid4())
            self.ok("PUT", f"/api/v1/workouts/{workout_id}/entries/{entry_id}", {"exerciseId": self.exercise_id(exercise)})
            for weight, reps, done, *kind in sets:
                body = {"kind": kind[0] if kind else "working", "reps": reps, "done": done}
                if weight is not None:
                    body.update(weight=weight, weightUnit="kg")
                self.ok("PUT", f"/api/v1/workouts/{workout_id}/entries/{entry_id}/sets/{uuid.uuid4()}", body)
        if finish:
            self.ok("POST", f"/api/v1/workouts/{workout_id}/finish")
        return self.ok("GET", f"/api/v1/workouts/{workout_id}")


def api_for(base_url: str, account: dict[str, str]) -> Api:
    """An API token made on the Settings -> API tokens page (over plain HTTP)."""
    return Api(base_url, make_token(HttpClient(base_url), account, "Checks"))


def server_sets(workout: dict) -> list[dict]:
    return [s for entry in workout["entries"] for s in entry["sets"]]


def server_view(workout: dict) -> list[tuple[str, list[tuple]]]:
    """Exercise names with (weight, reps, done) of every set, as the server keeps them."""
    return [(entry["exerciseName"], [(s["weight"], s["reps"], s["done"]) for s in entry["sets"]])
            for entry in workout["entries"]]


# ------------------------------------------------------------- helpers: browser

def reload(driver) -> None:
    driver.execute_script("window.__spotterOldPage = true")
    driver.refresh()
    WebDriverWait(driver, WAIT_SECONDS, ignored_exceptions=(WebDriverException,)).until(
        lambda d: d.execute_script("return !window.__spotterOldPage && document.readyState === 'complete'"),
        message="the reload never finished")


def on_fresh_elements(driver, action, doing: str) -> None:
    """Runs `action`, which finds its elements itself, again if the page re-rendered them
    under it. The logging page redraws its sets whenever the server answers a queued
    change, so an element found a moment ago may have just been replaced."""
    def attempt(_):
        action()
        return True
    WebDriverWait(driver, WAIT_SECONDS, ignored_exceptions=(
        StaleElementReferenceException, ElementNotInteractableException)).until(attempt, message=doing)


def replace_value(driver, find, text: str) -> None:
    """Types over a field's value as a person would (select all, type) and leaves the
    field with Tab, so the page gets one change event with the new value. `find`
    returns the field (found afresh on each attempt)."""
    def action():
        element = find()
        reveal(driver, element)
        element.click()
        element.send_keys(Keys.CONTROL, "a")
        element.send_keys(text)
        element.send_keys(Keys.TAB)
    on_fresh_elements(driver, action, f"could not type {text!r}")


def assert_clean_console(driver, *allowed: str) -> None:
    """No console errors, except those matching one of the `allowed` patterns."""
    errors = [e for e in browser_errors(driver) if not any(re.search(p, e) for p in allowed)]
    assert not errors, "console errors:\n" + "\n".join(errors)


# ------------------------------------------------------ helpers: the workout page

def workout_state(driver) -> dict:
    """The logging page as one snapshot (read in one script, so never half re-rendered)."""
    return driver.execute_script("""
        const rest = document.querySelector('[data-rest]');
        const toast = document.querySelector('[data-toast]');
        const sync = document.querySelector('[data-sync-status]');
        return {
          name: document.querySelector('[data-field="name"]')?.value,
          summary: document.querySelector('.meta-line [data-summary]')?.textContent.trim(),
          sync: sync?.textContent.trim(),
          syncFlagged: sync?.classList.contains('offline'),
          outbox: Object.keys(localStorage).filter(k => k.startsWith('spotter.change.'))
            .filter(k => !JSON.parse(localStorage.getItem(k)).refused).length
            + JSON.parse(localStorage.getItem('spotter.outbox') || '[]').length,
          restShown: !!rest && !rest.hidden && getComputedStyle(rest).display !== 'none',
          restTime: rest?.querySelector('[data-rest-time]').textContent.trim(),
          toast: toast && !toast.hidden ? toast.querySelector('[data-toast-text]').textContent.trim() : null,
          undo: !!toast && !toast.hidden && !toast.querySelector('[data-action="undo"]').hidden,
          empty: !!document.querySelector('#entries .empty-state'),
          entries: [...document.querySelectorAll('#entries .entry')].map(card => ({
            id: card.dataset.entryId,
            name: card.querySelector('.entry-head h2').textContent.trim(),
            strip: [...card.querySelectorAll('.set-strip .strip-set')].map(s => s.textContent.trim()),
            planned: [...card.querySelectorAll('.set-strip .strip-set')].map(s => s.classList.contains('planned')),
            sets: [...card.querySelectorAll('.set-row')].map(row => ({
              id: row.dataset.setId,
              badge: row.querySelector('.set-badge').textContent.trim(),
              previous: row.querySelector('.previous').textContent.trim(),
              weight: row.querySelector('[data-set-field="weight"]')?.value ?? null,
              reps: row.querySelector('[data-set-field="reps"]')?.value ?? null,
              done: row.classList.contains('done'),
              pressed: row.querySelector('.done-button').getAttribute('aria-pressed') === 'true',
            })),
          })),
        };""")


def page_ids(state: dict) -> list[str]:
    """Every set row's id, in page order (lower case: the server writes UUIDs in capitals)."""
    return [s["id"].lower() for e in state["entries"] for s in e["sets"]]


def server_ids(workout: dict) -> list[str]:
    return [s["id"].lower() for s in server_sets(workout)]


def page_view(state: dict) -> list[tuple[str, list[tuple]]]:
    """Exercise names with (weight, reps, done) of every set row, as the page shows them."""
    return [(entry["name"], [(s["weight"], s["reps"], s["done"]) for s in entry["sets"]]) for entry in state["entries"]]


def entry_card(driver, exercise: str):
    return css(driver, f'#entries .entry[aria-label="{exercise}"]')


def set_row(driver, exercise: str, index: int):
    rows = entry_card(driver, exercise).find_elements(By.CSS_SELECTOR, ".set-row")
    assert index < len(rows), f"{exercise} has {len(rows)} set rows, wanted row {index + 1}"
    return rows[index]


def set_count(driver, exercise: str) -> int:
    return driver.execute_script(
        "return document.querySelectorAll(`#entries .entry[aria-label='${arguments[0]}'] .set-row`).length", exercise)


def set_id_at(driver, exercise: str, index: int) -> str:
    """The id of an exercise's set row at this position (read in one script)."""
    set_id = driver.execute_script(
        "return document.querySelectorAll(`#entries .entry[aria-label='${arguments[0]}'] .set-row`)[arguments[1]]"
        "?.dataset.setId ?? null", exercise, index)
    assert set_id, f"{exercise} has no set row {index + 1}"
    return set_id


def set_values(driver, exercise: str, index: int) -> tuple[str, str]:
    """(weight, reps) as the set row's fields show them."""
    entry = next(e for e in workout_state(driver)["entries"] if e["name"] == exercise)
    return entry["sets"][index]["weight"], entry["sets"][index]["reps"]


def set_inputs(driver, exercise: str, index: int):
    row = set_row(driver, exercise, index)
    return (row.find_element(By.CSS_SELECTOR, '[data-set-field="weight"]'),
            row.find_element(By.CSS_SELECTOR, '[data-set-field="reps"]'))


def enter_set(driver, exercise: str, index: int, weight: str, reps: str) -> None:
    """Types weight and reps into an empty set row (the page saves on leaving a field)."""
    def action():
        weight_box, reps_box = set_inputs(driver, exercise, index)
        type_into(driver, weight_box, weight)
        type_into(driver, reps_box, reps)
        reps_box.send_keys(Keys.TAB)
    on_fresh_elements(driver, action, f"could not type set {index + 1} of {exercise}")


def tick(driver, exercise: str, index: int) -> None:
    """Ticks a set done and waits until the re-rendered row shows it."""
    set_id = set_id_at(driver, exercise, index)
    on_fresh_elements(driver, lambda: tap(driver, css(driver, f'[data-set-id="{set_id}"] [data-action="toggle-done"]')),
                      f"could not tick set {index + 1} of {exercise}")
    wait(driver).until(
        lambda d: d.execute_script(
            "const row = document.querySelector(`[data-set-id='${arguments[0]}']`);"
            "return !!row && row.classList.contains('done')"
            " && row.querySelector('.done-button').getAttribute('aria-pressed') === 'true'", set_id),
        message=f"set {index + 1} of {exercise} did not show as done")


def add_set(driver, exercise: str) -> None:
    before = set_count(driver, exercise)
    on_fresh_elements(driver, lambda: tap(driver, button(driver, "Add set", entry_card(driver, exercise))),
                      f"could not tap Add set of {exercise}")
    wait(driver).until(lambda d: set_count(d, exercise) == before + 1, message=f"Add set did not add a row to {exercise}")


def strip(driver, exercise: str) -> list[str]:
    return next(e["strip"] for e in workout_state(driver)["entries"] if e["name"] == exercise)


def wait_synced(driver, timeout: float = WAIT_SECONDS) -> dict:
    """Waits until the outbox is empty and the sync line is quiet; returns the page state."""
    def synced(d):
        state = workout_state(d)
        return state if state["outbox"] == 0 and state["sync"] == "" else False
    return wait(driver, timeout).until(synced, message="the page never finished saving its changes")


def open_picker(driver):
    tap(driver, css(driver, '[data-action="add-exercise"]'))
    dialog = css(driver, "#exercise-picker")
    wait(driver).until(lambda d: dialog.get_attribute("open") is not None and dialog.is_displayed(),
                       message="the exercise picker did not open")
    return dialog


def picker_titles(driver) -> list[str]:
    return driver.execute_script(
        "return [...document.querySelectorAll('#exercise-picker [data-picker-list] .row-title')]"
        ".map(e => e.textContent.trim())")


def search_picker(driver, api: Api, query: str, expected_first: str) -> list[str]:
    """Types into the picker's search and waits until the list is the library's answer
    to the whole query (search as you type, debounced); returns the titles."""
    box = css(driver, "#exercise-picker [data-picker-search]")
    box.send_keys(query)
    wanted = api.exercise_names(query)[:60]
    assert wanted and wanted[0] == expected_first, f"the library ranks {wanted[:3]} first for {query!r}"
    wait(driver).until(lambda d: picker_titles(d) == wanted,
                       message=f"the picker never listed the matches for {query!r}: {picker_titles(driver)[:5]}")
    return wanted


def choose_first(driver, expected: str) -> None:
    first = css(driver, "#exercise-picker [data-picker-list] li:first-child button")
    assert first.find_element(By.CSS_SELECTOR, ".row-title").text.strip() == expected
    tap(driver, first)
    wait(driver).until(lambda d: css(d, "#exercise-picker").get_attribute("open") is None,
                       message="choosing an exercise did not close the picker")
    wait(driver).until(lambda d: css_all(d, f'#entries .entry[aria-label="{expected}"]'),
                       message=f"{expected} did not appear in the workout")


def rest_seconds(text: str) -> int:
    match = re.fullmatch(r"(\d+):(\d\d)", text)
    assert match, f"the rest timer shows {text!r}"
    return int(match.group(1)) * 60 + int(match.group(2))


def wait_rest_shown(driver, doing: str) -> int:
    state = wait(driver).until(lambda d: (s := workout_state(d))["restShown"] and s,
                               message=f"no rest bar after {doing}")
    return rest_seconds(state["restTime"])


def wait_rest_hidden(driver, doing: str) -> None:
    wait(driver).until(lambda d: not workout_state(d)["restShown"], message=f"the rest bar stayed after {doing}")


def set_offline(driver, offline: bool) -> None:
    """Chromium network emulation: no connection at all, or back to normal."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    wait(driver).until(lambda d: d.execute_script("return navigator.onLine") is (not offline),
                       message=f"navigator.onLine did not become {not offline}")


def confirm(driver, yes_label: str) -> None:
    dialog = css(driver, "#confirm-dialog")
    wait(driver).until(lambda d: dialog.get_attribute("open") is not None, message="no confirmation dialog")
    yes = dialog.find_element(By.CSS_SELECTOR, "[data-confirm-yes]")
    assert yes.text.strip() == yes_label


def history_detail(driver) -> dict:
    return driver.execute_script("""
        const stats = {};
        for (const div of document.querySelectorAll('.workout-stats.big > div'))
          stats[div.querySelector('dt').textContent.trim()] = div.querySelector('dd').textContent.trim();
        return {
          title: document.querySelector('header.topbar h1').textContent.trim(),
          stats,
          exercises: [...document.querySelectorAll('main section.card')].filter(s => s.querySelector('table.set-table'))
            .map(s => ({
              name: s.querySelector('h2').textContent.trim(),
              strip: [...s.querySelectorAll('.set-strip .strip-set')].map(e => e.textContent.trim()),
              planned: [...s.querySelectorAll('.set-strip .strip-set')].map(e => e.classList.contains('planned')),
              rows: [...s.querySelectorAll('tbody tr')].map(tr => [...tr.cells].map(c => c.textContent.trim())),
            })),
        };""")


def history_weeks(driver) -> list[dict]:
    return driver.execute_script("""
        return [...document.querySelectorAll('section.week')].map(week => ({
          label: week.querySelector('h2.section-title').textContent.trim(),
          cards: [...week.querySelectorAll('article.workout-card')].map(card => ({
            href: card.querySelector('a.workout-card-link').getAttribute('href'),
            name: card.querySelector('.row-title').textContent.trim(),
            stats: Object.fromEntries([...card.querySelectorAll('.workout-stats > div')]
              .map(d => [d.querySelector('dt').textContent.trim(), d.querySelector('dd').textContent.trim()])),
            strips: [...card.querySelectorAll('.strip-list li')].filter(li => li.querySelector('.strip-name'))
              .map(li => [li.querySelector('.strip-name').textContent.trim(),
                          [...li.querySelectorAll('.strip-set')].map(e => e.textContent.trim())]),
          })),
        }));""")


# Console noise that is the point of a test, not a fault: requests refused while the
# browser is offline, and the 409 of the start-conflict page.
OFFLINE_NOISE = r"ERR_INTERNET_DISCONNECTED|Failed to fetch"
CONFLICT_NOISE = r"/workouts/start - Failed to load resource: the server responded with a status of 409"


# -------------------------------------------------------------------- fixtures

@pytest.fixture
def lifter(server) -> dict:
    """A fresh account (so no other test's active workout is in the way) with an API client."""
    account = register_account(server, "lifter")
    return {"account": account, "api": api_for(server, account)}


# ----------------------------------------------------------------------- tests

def test_full_workout(driver, server, lifter, shoot):
    """Home -> Start empty workout -> three exercises from the picker -> nine sets, the
    set strips, the summary line and the rest timer."""
    api = lifter["api"]
    sign_in(driver, server, lifter["account"])
    tap_and_load(driver, button(driver, "Start empty workout"))
    assert_no_error_page(driver, "starting an empty workout")
    assert path_of(driver) == "/workout"
    assert text_of(driver, "header.topbar h1") == "Workout"
    assert tab(driver, "Workout").get_attribute("aria-current") == "page"
    state = workout_state(driver)
    assert DEFAULT_NAME.fullmatch(state["name"]), state["name"]
    assert state["empty"] and state["summary"] == "0 exercises · 0 sets · 0 kg"
    assert not state["restShown"]

    # Three exercises, each found by typing; the best match is listed first.
    for index, (query, name) in enumerate(PICKS):
        open_picker(driver)
        search_picker(driver, api, query, name)
        if index == 0:
            shoot(driver, "w02-exercise-picker")
        choose_first(driver, name)
    state = workout_state(driver)
    assert [e["name"] for e in state["entries"]] == [BENCH, SQUAT, PULL_UP]
    # Each new exercise comes with one empty set to fill in.
    for entry in state["entries"]:
        assert [(s["weight"], s["reps"], s["done"]) for s in entry["sets"]] == [("", "", False)], entry
    assert state["summary"] == "3 exercises · 0 sets · 0 kg"

    plan = [(BENCH, "100", "5", "100×5"), (SQUAT, "140", "5", "140×5"), (PULL_UP, "10", "8", "+10×8")]
    for exercise, weight, reps, label in plan:
        last_exercise = exercise == PULL_UP
        enter_set(driver, exercise, 0, weight, reps)
        wait(driver).until(lambda d: strip(d, exercise) == [label], message=f"the strip of {exercise} never showed {label}")
        if not last_exercise:
            tick(driver, exercise, 0)
            left = wait_rest_shown(driver, f"ticking set 1 of {exercise}")
            assert 0 < left <= DEFAULT_REST
        if exercise == BENCH:
            # It counts down...
            first = workout_state(driver)["restTime"]
            wait(driver, 5).until(lambda d: workout_state(d)["restTime"] != first,
                                  message=f"the rest timer stood still at {first}")
            assert rest_seconds(workout_state(driver)["restTime"]) < rest_seconds(first)
            # ... +15 adds a quarter minute ...
            before = rest_seconds(workout_state(driver)["restTime"])
            tap(driver, css(driver, '[data-action="rest-add"]'))
            wait(driver).until(lambda d: rest_seconds(workout_state(d)["restTime"]) >= before + 13,
                               message="+15 did not add time to the rest timer")
            state = wait_synced(driver)
            rest = api.active()["rest"]
            assert rest["endsAt"] and rest["totalSeconds"] == DEFAULT_REST + 15, rest
            # ... and Skip ends the rest.
            tap(driver, css(driver, '[data-action="rest-skip"]'))
            wait_rest_hidden(driver, "tapping Skip")
            wait_synced(driver)
            assert api.active()["rest"]["endsAt"] is None, "Skip did not reach the server"
        for index in (1, 2):
            add_set(driver, exercise)
            assert set_values(driver, exercise, index) == (weight, reps), (
                f"set {index + 1} of {exercise} is not prefilled from set {index}")
            if not last_exercise:
                tick(driver, exercise, index)
                wait_rest_shown(driver, f"ticking set {index + 1} of {exercise}")
        if last_exercise:
            # All three sets are on the list before they are ticked: a rest after the
            # first two, none after the third, the very last set of the workout.
            for index in (0, 1, 2):
                tick(driver, exercise, index)
                if index < 2:
                    left = wait_rest_shown(driver, f"ticking set {index + 1} of {exercise}")
                    assert 0 < left <= DEFAULT_REST
                else:
                    wait_rest_hidden(driver, "ticking the last set of the workout")
                if index == 1:
                    on_fresh_elements(driver, lambda: reveal(driver, entry_card(driver, PULL_UP)), "could not scroll")
                    shoot(driver, "w01-workout-active")
        wait(driver).until(lambda d: strip(d, exercise) == [label] * 3,
                           message=f"the strip of {exercise} is {strip(driver, exercise)}, expected {[label] * 3}")

    # 1500 + 2100 kg, plus 10 kg added to 3 x 8 pull ups = 3840 kg.
    state = wait_synced(driver)
    assert state["summary"] == "3 exercises · 9 sets · 3840 kg"
    assert all(not any(e["planned"]) for e in state["entries"]), "a done set is still drawn as planned"
    assert all(s["done"] and s["pressed"] for e in state["entries"] for s in e["sets"])
    assert [e["sets"][i]["badge"] for e in state["entries"] for i in range(3)] == ["1", "2", "3"] * 3
    assert not state["restShown"], "the rest bar came back after the last set"

    # The server holds exactly these nine sets.
    workout = api.active()
    assert server_view(workout) == [
        (BENCH, [(100.0, 5, True)] * 3), (SQUAT, [(140.0, 5, True)] * 3), (PULL_UP, [(10.0, 8, True)] * 3)]
    ids = server_ids(workout)
    assert len(ids) == len(set(ids)) == 9
    assert ids == page_ids(state)
    assert workout["summary"]["setCount"] == 9 and workout["summary"]["volume"] == 3840
    assert workout["rest"]["endsAt"] is None
    assert_clean_console(driver)


def test_picker_rows_read_like_the_library(driver, server, lifter):
    """Each exercise in the picker is described as in the library: muscles and equipment
    by their names ("Full Body · Barbell"), not the API's identifiers."""
    api = lifter["api"]
    sign_in(driver, server, lifter["account"])
    expected = {}
    for query, name in (("bench press (barbell)", BENCH), ("power clean", "Power Clean (Barbell)")):
        go(driver, server + "/exercises?q=" + urllib.parse.quote(query))
        expected[name] = next(
            row.find_element(By.CSS_SELECTOR, ".row-sub").text.strip() for row in css_all(driver, "#exercise-list a.row")
            if row.find_element(By.CSS_SELECTOR, ".row-title").text.strip() == name)
    assert expected[BENCH] == "Chest · Barbell", expected
    tap_and_load(driver, tab(driver, "Workout"))
    tap_and_load(driver, button(driver, "Start empty workout"))
    shown = {}
    for query, name in (("bench press (barbell)", BENCH), ("power clean", "Power Clean (Barbell)")):
        if not css(driver, "#exercise-picker").get_attribute("open"):
            open_picker(driver)
        box = css(driver, "#exercise-picker [data-picker-search]")
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(Keys.BACKSPACE)
        search_picker(driver, api, query, name)
        shown[name] = text_of(driver, "#exercise-picker [data-picker-list] li:first-child .row-sub")
    assert shown == expected, f"the picker describes exercises as {shown}; the library as {expected}"
    assert_clean_console(driver)


def test_reload_keeps_everything(driver, server, lifter):
    """A reload in the middle of a workout, even straight after a tap, shows the same sets,
    values and done marks, and the server ends up with the same."""
    api = lifter["api"]
    sign_in(driver, server, lifter["account"])
    tap_and_load(driver, button(driver, "Start empty workout"))
    for query, name in PICKS[:2]:
        open_picker(driver)
        search_picker(driver, api, query, name)
        choose_first(driver, name)
    enter_set(driver, BENCH, 0, "80", "8")
    tick(driver, BENCH, 0)
    add_set(driver, BENCH)
    replace_value(driver, lambda: set_inputs(driver, BENCH, 1)[1], "7")
    tick(driver, BENCH, 1)
    add_set(driver, BENCH)  # typed but not ticked yet
    replace_value(driver, lambda: set_inputs(driver, BENCH, 2)[0], "82.5")
    enter_set(driver, SQUAT, 0, "120", "5")  # not ticked either
    replace_value(driver, lambda: css(driver, '[data-field="name"]'), "Upper Lower")
    before = workout_state(driver)
    expected = [(BENCH, [("80", "8", True), ("80", "7", True), ("82.5", "7", False)]),
                (SQUAT, [("120", "5", False)])]
    assert page_view(before) == expected

    reload(driver)  # no waiting for the saves first
    after = workout_state(driver)
    assert page_view(after) == expected, "the reload lost or changed sets"
    assert page_ids(after) == page_ids(before)
    assert after["name"] == "Upper Lower"
    assert after["summary"] == before["summary"] == "2 exercises · 2 sets · 1200 kg"
    assert after["entries"][0]["strip"] == ["80×8", "80×7", "82.5×7"]
    assert after["entries"][0]["planned"] == [False, False, True]

    after = wait_synced(driver)
    assert page_view(after) == expected
    workout = api.active()
    assert workout["name"] == "Upper Lower"
    assert server_view(workout) == [(BENCH, [(80.0, 8, True), (80.0, 7, True), (82.5, 7, False)]),
                                    (SQUAT, [(120.0, 5, False)])]
    # A second reload, with nothing waiting, shows the server's copy: still the same.
    reload(driver)
    assert page_view(workout_state(driver)) == expected
    assert_clean_console(driver)


def test_offline_sets_wait_and_sync_once(driver, server, lifter, shoot):
    """Sets logged without a connection wait on the phone, the page says so, and they
    reach the server exactly once when the connection returns."""
    api = lifter["api"]
    seeded = api.seed_workout("Offline Push", [(BENCH, [(100, 5, True), (100, 5, True)])])
    sign_in(driver, server, lifter["account"])
    tap_and_load(driver, tab(driver, "Workout"))
    state = wait_synced(driver)
    assert page_view(state) == [(BENCH, [("100", "5", True), ("100", "5", True)])]
    assert state["sync"] == ""

    set_offline(driver, True)
    try:
        add_set(driver, BENCH)
        add_set(driver, BENCH)
        tick(driver, BENCH, 2)
        wait_rest_shown(driver, "ticking a set offline")  # the timer does not need the server
        tick(driver, BENCH, 3)
        wait_rest_hidden(driver, "ticking the last set offline")
        state = wait(driver).until(
            lambda d: (s := workout_state(d))["sync"].startswith("Offline") and s["outbox"] >= 2 and s,
            message=f"the page does not say it is offline: {workout_state(driver)['sync']!r}")
        match = re.fullmatch(r"Offline · (\d+) changes? waiting", state["sync"])
        assert match, f"sync line {state['sync']!r}"
        assert int(match.group(1)) == state["outbox"] >= 2, (state["sync"], state["outbox"])
        assert state["syncFlagged"]
        assert css(driver, "[data-sync-status]").is_displayed()
        assert page_view(state) == [(BENCH, [("100", "5", True)] * 4)]
        assert state["summary"] == "1 exercise · 4 sets · 2000 kg"
        reveal(driver, css(driver, "[data-sync-status]"))
        shoot(driver, "w03-offline")
        # Nothing has reached the server yet.
        assert len(server_sets(api.active())) == 2
    finally:
        set_offline(driver, False)

    state = wait_synced(driver)
    assert not state["syncFlagged"]
    workout = api.active()
    assert workout["id"].lower() == seeded["id"].lower()
    ids = server_ids(workout)
    assert len(ids) == len(set(ids)) == 4, f"the server holds {len(ids)} sets ({len(set(ids))} distinct): {ids}"
    assert ids == page_ids(state)
    assert server_view(workout) == [(BENCH, [(100.0, 5, True)] * 4)]
    assert workout["summary"]["setCount"] == 4
    assert_clean_console(driver, OFFLINE_NOISE)


def test_offline_note_stays_in_view_while_scrolling(driver, server, lifter, shoot):
    """Offline, the note stays on screen while the lifter scrolls a long workout."""
    lifter["api"].seed_workout("Long Day", [(BENCH, [(60, 10, True)] * 6), (SQUAT, [(80, 8, True)] * 6)])
    sign_in(driver, server, lifter["account"])
    tap_and_load(driver, tab(driver, "Workout"))
    wait_synced(driver)
    set_offline(driver, True)
    try:
        wait(driver, 5).until(lambda d: workout_state(d)["sync"].startswith("Offline"), message="no offline note")
        driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        box = driver.execute_script(
            "const r = document.querySelector('[data-sync-status]').getBoundingClientRect();"
            "return [r.top, r.bottom, innerHeight, scrollY];")
        assert box[3] > 0 and 0 <= box[0] and box[1] <= box[2], f"the offline note scrolled away: {box}"
        shoot(driver, "w03-offline-scrolled")
    finally:
        set_offline(driver, False)


def test_going_offline_shows_at_once(driver, server, lifter):
    """Losing the connection is shown on the logging page before the next change, and
    the note goes away when it returns."""
    lifter["api"].seed_workout("Signal Check", [(BENCH, [(60, 10, True)])])
    sign_in(driver, server, lifter["account"])
    tap_and_load(driver, tab(driver, "Workout"))
    wait_synced(driver)
    set_offline(driver, True)
    try:
        wait(driver, 5).until(lambda d: workout_state(d)["sync"].startswith("Offline"),
                              message="going offline with nothing waiting: the sync line stays "
                                      f"{workout_state(driver)['sync']!r} (expected 'Offline · …')")
    finally:
        set_offline(driver, False)
    wait(driver).until(lambda d: workout_state(d)["sync"] == "", message="the offline note stayed after reconnecting")
    assert_clean_console(driver, OFFLINE_NOISE)


FULL_PLAN = [
    (BENCH, [(100, 5, True)] * 3),
    (SQUAT, [(140, 5, True)] * 3),
    (PULL_UP, [(10, 8, True)] * 3 + [(None, 6, False)]),  # a fourth set planned, not done
]


def test_finish_and_history(driver, server, lifter, shoot):
    """Finish asks first (an unticked set does not count), lands on the summary, and the
    History tab lists the workout under This week with its set strips."""
    api = lifter["api"]
    seeded = api.seed_workout("Push Pull Legs", FULL_PLAN)
    workout_id = seeded["id"].lower()
    sign_in(driver, server, lifter["account"])
    assert "Resume Push Pull Legs" in text_of(driver, ".resume-card")
    tap_and_load(driver, tab(driver, "Workout"))
    assert workout_state(driver)["summary"] == "3 exercises · 9 sets · 3840 kg"

    tap(driver, css(driver, 'header [data-action="finish"]'))
    confirm(driver, "Finish")
    assert text_of(driver, "#confirm-title") == "Finish workout?"
    assert text_of(driver, "[data-confirm-text]") == "1 set is not ticked and will not count."
    # Cancel first: nothing happens.
    tap(driver, button(driver, "Cancel", css(driver, "#confirm-dialog")))
    wait(driver).until(lambda d: css(d, "#confirm-dialog").get_attribute("open") is None)
    assert path_of(driver) == "/workout" and api.active() is not None

    tap(driver, css(driver, 'header [data-action="finish"]'))
    confirm(driver, "Finish")
    tap_and_load(driver, css(driver, "#confirm-dialog [data-confirm-yes]"))
    assert_no_error_page(driver, "finishing the workout")
    # The summary page of its own: time, sets, volume, the records; Done or every set.
    assert path_of(driver) == f"/history/{workout_id}/summary"
    assert text_of(driver, "h1") == "Workout complete"
    assert text_of(driver, ".finish-hero h2") == "Push Pull Legs"
    tiles = {t.find_element(By.CSS_SELECTOR, ".tile-label").text.strip().lower(): t.find_element(By.CSS_SELECTOR, ".tile-value").text.strip()
             for t in css_all(driver, ".finish-hero .tile")}
    assert tiles["sets"] == "9" and tiles["volume"] == "3840 kg", tiles
    shoot(driver, "w04-finish-summary", full_page=True)
    tap_and_load(driver, css(driver, ".actions a.button:not(.primary)"))
    assert path_of(driver) == f"/history/{workout_id}"
    detail = history_detail(driver)
    assert detail["title"] == "Push Pull Legs"
    assert detail["stats"]["Sets"] == "9"
    assert detail["stats"]["Volume"] == "3840 kg"
    assert re.fullmatch(r"\d+ min", detail["stats"]["Time"]), detail["stats"]
    assert [e["name"] for e in detail["exercises"]] == [BENCH, SQUAT, PULL_UP]
    assert detail["exercises"][0]["strip"] == ["100×5"] * 3
    assert detail["exercises"][1]["strip"] == ["140×5"] * 3
    assert detail["exercises"][2]["strip"] == ["+10×8"] * 3 + ["6 reps"]
    assert detail["exercises"][2]["planned"] == [False, False, False, True]
    assert [row[:2] for row in detail["exercises"][0]["rows"]] == [["1", "100×5"], ["2", "100×5"], ["3", "100×5"]]

    finished = api.workout(workout_id)
    assert finished["endedAt"] and not finished["isActive"]
    assert api.active() is None

    tap_and_load(driver, tab(driver, "History"))
    weeks = history_weeks(driver)
    assert weeks and weeks[0]["label"] == "This week", [w["label"] for w in weeks]
    card = next(c for c in weeks[0]["cards"] if c["href"] == f"/history/{workout_id}")
    assert card["name"] == "Push Pull Legs"
    assert card["stats"]["Exercises"] == "3" and card["stats"]["Volume"] == "3840 kg"
    assert card["strips"] == [[BENCH, ["100×5"] * 3], [SQUAT, ["140×5"] * 3], [PULL_UP, ["+10×8"] * 3 + ["6 reps"]]]
    shoot(driver, "w05-history", full_page=True)

    # Home shows it as the last workout, this week's count, and offers a new start again.
    tap_and_load(driver, tab(driver, "Home"))
    assert not css_all(driver, ".resume-card")
    assert button(driver, "Start empty workout").is_displayed()
    assert "Push Pull Legs" in text_of(driver, ".last-workout")
    assert text_of(driver, ".week-card .tile .tile-value") == "1"
    assert_clean_console(driver)


def test_start_while_one_is_active(driver, server, lifter, shoot):
    """Starting (empty or a repeat) while a workout is in progress asks first: Resume,
    Discard it and start the new one, or Cancel."""
    api = lifter["api"]
    earlier = api.seed_workout("Leg Day", [(SQUAT, [(100, 5, True), (110, 5, True)])], finish=True)
    sign_in(driver, server, lifter["account"])
    tap_and_load(driver, tab(driver, "Workout"))
    assert text_of(driver, ".start-card h2") == "Ready to train?"
    assert button(driver, "Repeat Leg Day").is_displayed()

    # Meanwhile a workout is started on another device; this page does not know yet.
    active = api.seed_workout("Old Session", [(BENCH, [(90, 6, True)])])
    active_id = active["id"].lower()

    def expect_conflict(doing: str) -> None:
        assert_no_error_page(driver, doing)
        assert text_of(driver, "#conflict-title") == "Old Session is still in progress", doing
        assert "Only one workout can run at a time." in text_of(driver, "section[role=alertdialog]")
        for label in ("Resume Old Session", "Discard it and start", "Cancel"):
            assert button(driver, label).is_displayed(), f"{label!r} missing after {doing}"

    tap_and_load(driver, button(driver, "Start empty workout"))
    expect_conflict("Start empty workout on the Workout tab")
    shoot(driver, "w06-start-conflict")

    # Cancel keeps the old one.
    tap_and_load(driver, button(driver, "Cancel"))
    assert path_of(driver) == "/"
    assert "Resume Old Session" in text_of(driver, ".resume-card")
    workout = api.active()
    assert workout["id"].lower() == active_id and server_view(workout) == [(BENCH, [(90.0, 6, True)])]

    # Repeat from the history detail: Resume goes back to the old one, untouched.
    go(driver, server + f"/history/{earlier['id'].lower()}")
    tap_and_load(driver, button(driver, "Repeat this workout"))
    expect_conflict("Repeat on the history detail")
    tap_and_load(driver, button(driver, "Resume Old Session"))
    assert path_of(driver) == "/workout"
    state = workout_state(driver)
    assert state["name"] == "Old Session" and page_view(state) == [(BENCH, [("90", "6", True)])]
    assert api.active()["id"].lower() == active_id

    # Repeat from the history detail: Discard it and start the new one.
    go(driver, server + f"/history/{earlier['id'].lower()}")
    tap_and_load(driver, button(driver, "Repeat this workout"))
    expect_conflict("Repeat this workout")
    tap_and_load(driver, button(driver, "Discard it and start"))
    assert_no_error_page(driver, "discarding and starting")
    assert path_of(driver) == "/workout"
    state = workout_state(driver)
    assert state["name"] == "Leg Day"
    assert page_view(state) == [(SQUAT, [("100", "5", False), ("110", "5", False)])]
    workout = api.active()
    assert workout["id"].lower() not in (active_id, earlier["id"].lower())
    assert api.workout(active_id) is None, "the discarded workout is still on the server"
    assert api.workout(earlier["id"]) is not None, "the repeated workout must stay in history"
    assert_clean_console(driver, CONFLICT_NOISE)


def test_history_detail_repeat_edit_delete(driver, server, lifter):
    """A past workout's page: Repeat starts it again with planned sets, Edit opens it in
    the logging page, Delete asks and removes it."""
    api = lifter["api"]
    past = api.seed_workout("Heavy Bench", [
        (BENCH, [(60, 8, True, "warmup"), (100, 5, True), (105, 3, True)]),
        (PULL_UP, [(None, 10, True), (None, 8, True)]),
    ], finish=True)
    past_id = past["id"].lower()
    sign_in(driver, server, lifter["account"])
    tap_and_load(driver, tab(driver, "History"))
    card = next(c for c in css_all(driver, "article.workout-card") if "Heavy Bench" in c.text)
    tap_and_load(driver, card.find_element(By.CSS_SELECTOR, "a.workout-card-link"))
    assert path_of(driver) == f"/history/{past_id}"
    detail = history_detail(driver)
    assert detail["title"] == "Heavy Bench"
    assert detail["stats"]["Sets"] == "5"  # done sets, the warm-up included
    assert detail["stats"]["Volume"] == "815 kg + 18 bodyweight reps"
    assert detail["exercises"][0]["strip"] == ["W60×8", "100×5", "105×3"]
    assert detail["exercises"][1]["strip"] == ["10 reps", "8 reps"]

    # Repeat: a new active workout with the same exercises and the sets planned.
    tap_and_load(driver, button(driver, "Repeat this workout"))
    assert_no_error_page(driver, "repeating the workout")
    assert path_of(driver) == "/workout"
    state = workout_state(driver)
    assert state["name"] == "Heavy Bench"
    assert page_view(state) == [(BENCH, [("60", "8", False), ("100", "5", False), ("105", "3", False)]),
                                (PULL_UP, [("", "10", False), ("", "8", False)])]
    assert [s["badge"] for s in state["entries"][0]["sets"]] == ["W", "1", "2"]
    assert all(all(e["planned"]) for e in state["entries"]), "repeated sets should be planned, not done"
    assert state["summary"] == "2 exercises · 0 sets · 0 kg"
    # Beside each set: what was done last time.
    assert [s["previous"] for s in state["entries"][0]["sets"]] == ["60×8", "100×5", "105×3"]
    repeat = api.active()
    assert repeat["id"].lower() != past_id
    assert server_view(repeat) == [(BENCH, [(60.0, 8, False), (100.0, 5, False), (105.0, 3, False)]),
                                   (PULL_UP, [(None, 10, False), (None, 8, False)])]
    assert [s["kind"] for s in repeat["entries"][0]["sets"]] == ["warmup", "working", "working"]

    # Edit: the logging page for the past workout (no Finish, no rest timer).
    go(driver, server + f"/history/{past_id}")
    tap_and_load(driver, button(driver, "Edit"))
    assert path_of(driver) == f"/history/{past_id}/edit"
    assert text_of(driver, "header.topbar h1") == "Edit workout"
    assert css(driver, "header a.back").get_attribute("href").endswith(f"/history/{past_id}")
    assert not css_all(driver, 'header [data-action="finish"]')
    assert not css_all(driver, '[data-action="discard"]')
    state = workout_state(driver)
    assert state["name"] == "Heavy Bench"
    assert page_view(state) == [(BENCH, [("60", "8", True), ("100", "5", True), ("105", "3", True)]),
                                (PULL_UP, [("", "10", True), ("", "8", True)])]
    replace_value(driver, lambda: set_inputs(driver, BENCH, 2)[1], "4")
    add_set(driver, PULL_UP)
    tick(driver, PULL_UP, 2)
    assert not workout_state(driver)["restShown"], "a past workout has no rest timer"
    state = wait_synced(driver)
    assert state["summary"] == "2 exercises · 6 sets · 920 kg + 26 reps"
    edited = api.workout(past_id)
    assert not edited["isActive"]
    assert server_view(edited) == [(BENCH, [(60.0, 8, True), (100.0, 5, True), (105.0, 4, True)]),
                                   (PULL_UP, [(None, 10, True), (None, 8, True), (None, 8, True)])]
    tap_and_load(driver, button(driver, "Done"))
    assert path_of(driver) == f"/history/{past_id}"
    detail = history_detail(driver)
    assert detail["stats"]["Sets"] == "6"
    assert detail["exercises"][0]["strip"] == ["W60×8", "100×5", "105×4"]
    assert detail["exercises"][1]["strip"] == ["10 reps", "8 reps", "8 reps"]

    # Delete: asks first, then removes it.
    tap_and_load(driver, button(driver, "Delete…"))
    assert path_of(driver) == f"/history/{past_id}/delete"
    assert text_of(driver, "main h2") == "Delete Heavy Bench?"
    assert "2 exercises, 6 sets" in text_of(driver, "main section.card p")
    assert button(driver, "Cancel").get_attribute("href").endswith(f"/history/{past_id}")
    tap_and_load(driver, button(driver, "Delete workout"))
    assert_no_error_page(driver, "deleting the workout")
    assert path_of(driver) == "/history"
    assert notice(driver) == "Workout deleted."
    assert not [c for c in history_weeks(driver) for c in c["cards"] if c["href"] == f"/history/{past_id}"]
    assert api.workout(past_id) is None
    assert api.active()["id"].lower() == repeat["id"].lower(), "deleting a past workout must not touch the active one"
    assert_clean_console(driver)


def open_set_options(driver, exercise: str, index: int):
    on_fresh_elements(
        driver, lambda: tap(driver, set_row(driver, exercise, index).find_element(By.CSS_SELECTOR, '[data-action="set-options"]')),
        f"could not open the options of set {index + 1} of {exercise}")
    dialog = css(driver, "#set-options")
    wait(driver).until(lambda d: dialog.get_attribute("open") is not None and dialog.is_displayed(),
                       message="the set options did not open")
    return dialog


def delete_set(driver, exercise: str, index: int) -> str:
    set_id = set_id_at(driver, exercise, index)
    dialog = open_set_options(driver, exercise, index)
    tap(driver, button(driver, "Delete set", dialog))
    wait(driver).until(lambda d: not css_all(d, f'[data-set-id="{set_id}"]'), message="the deleted set's row stayed")
    return set_id


def test_delete_set_with_undo(driver, server, lifter, shoot):
    """Delete set -> the row goes and a toast offers Undo; Undo brings it back, and the
    server never loses it. A deletion not undone reaches the server when the window ends."""
    api = lifter["api"]
    api.seed_workout("Undo Day", [(BENCH, [(100, 5, True), (102.5, 5, True), (105, 5, True)])])
    sign_in(driver, server, lifter["account"])
    tap_and_load(driver, tab(driver, "Workout"))
    before = wait_synced(driver)
    ids = page_ids(before)

    deleted = delete_set(driver, BENCH, 1)
    assert deleted.lower() == ids[1]
    state = workout_state(driver)
    assert page_view(state) == [(BENCH, [("100", "5", True), ("105", "5", True)])]
    assert state["entries"][0]["strip"] == ["100×5", "105×5"]
    assert state["summary"] == "1 exercise · 2 sets · 1025 kg"
    assert state["toast"] == "Set deleted." and state["undo"], state
    undo = css(driver, '[data-toast] [data-action="undo"]')
    assert undo.is_displayed() and undo.text.strip() == "Undo"
    shoot(driver, "w07-set-deleted-toast")

    tap(driver, undo)
    wait(driver).until(lambda d: workout_state(d)["toast"] is None, message="the toast stayed after Undo")
    state = workout_state(driver)
    assert page_ids(state) == ids, "Undo did not put the set back in its place"
    assert page_view(state) == page_view(before)
    assert state["summary"] == before["summary"] == "1 exercise · 3 sets · 1537.5 kg"

    # Delete the last set for good: once it is gone from the server, the undo window
    # of the first deletion has long passed, and the server still has that set.
    last = delete_set(driver, BENCH, 2).lower()
    assert last == ids[2]
    wait(driver).until(lambda d: last not in server_ids(api.active()),
                       message="a deletion that was not undone never reached the server")
    assert server_ids(api.active()) == ids[:2], "the undone set was deleted on the server"
    state = wait_synced(driver)
    assert page_ids(state) == ids[:2]
    assert_clean_console(driver)


def test_two_quick_deletions_both_reach_the_server(driver, server, lifter):
    """Deleting two sets one after the other (each within the other's undo window) deletes
    both, on the page and on the server."""
    api = lifter["api"]
    api.seed_workout("Double Delete", [(BENCH, [(100, 5, True), (102.5, 5, True), (105, 5, True)])])
    sign_in(driver, server, lifter["account"])
    tap_and_load(driver, tab(driver, "Workout"))
    ids = page_ids(wait_synced(driver))

    first = delete_set(driver, BENCH, 0).lower()
    second = delete_set(driver, BENCH, 0).lower()
    assert (first, second) == (ids[0], ids[1])
    assert page_ids(workout_state(driver)) == [ids[2]]
    # The second deletion is sent when its undo window ends; wait for that.
    wait(driver).until(lambda d: second not in server_ids(api.active()),
                       message="the second deletion never reached the server")
    state = wait_synced(driver)
    kept = server_ids(api.active())
    assert kept == [ids[2]], (
        f"after deleting two sets quickly the server still has {len(kept)} sets "
        f"(the first deleted set is {'still there' if first in kept else 'gone'})")
    assert page_ids(state) == [ids[2]], "a deleted set came back on the page"
    assert_clean_console(driver)


def test_workout_screens_fit_a_390px_phone(driver, server, lifter):
    """The logging screens are no wider than the phone, the tab bar stays on screen, and
    with the rest bar up the end of the workout page can still be scrolled clear of it."""
    api = lifter["api"]
    past = api.seed_workout("Heavy Bench and Accessory Work", [
        (BENCH, [(60, 8, True, "warmup")] + [(102.5, 10, True)] * 6),
        (PULL_UP, [(None, 10, True), (12.5, 6, True)]), (SQUAT, [(140, 5, True)]),
        ("Deadlift (Barbell)", [(180, 3, True)]), ("Plank", [])], finish=True)
    past_id = past["id"].lower()
    api.seed_workout("Still Going", [(BENCH, [(100, 5, False), (100, 5, False)])])
    problems = []

    def check(where: str) -> None:
        problems.extend(fit_problems(driver, where))

    sign_in(driver, server, lifter["account"])
    for path in ("/workout", "/history", f"/history/{past_id}", f"/history/{past_id}/edit", f"/history/{past_id}/delete"):
        go(driver, server + path)
        check(path)
    go(driver, server + f"/history/{past_id}")
    tap_and_load(driver, button(driver, "Repeat this workout"))
    check("the start-conflict page")

    go(driver, server + "/workout")
    dialog = open_picker(driver)
    search_picker(driver, api, "bench press (barbell)", BENCH)
    check("the exercise picker")
    box = dialog.rect
    if box["x"] < 0 or box["x"] + box["width"] > 390:
        problems.append(f"the exercise picker spans x {box['x']}..{box['x'] + box['width']}")
    tap(driver, css(driver, '#exercise-picker [data-action="close-dialog"]'))
    wait(driver).until(lambda d: css(d, "#exercise-picker").get_attribute("open") is None)

    tick(driver, BENCH, 0)
    wait_rest_shown(driver, "ticking the first of two sets")
    check("the workout page with the rest bar")
    driver.execute_script("scrollTo(0, document.documentElement.scrollHeight)")
    gap = driver.execute_script("""
        const last = document.querySelector('[data-action="discard"]').getBoundingClientRect();
        const rest = document.querySelector('[data-rest]').getBoundingClientRect();
        return Math.round(rest.top - last.bottom);""")
    if gap < 0:
        problems.append(f"scrolled to the end, the rest bar still covers {-gap} px of the Discard workout button")
    assert not problems, "screens that do not fit 390 px:\n" + "\n".join(problems)
    assert_clean_console(driver, CONFLICT_NOISE)


def test_weights_carry_down_on_a_first_workout(driver, server, lifter):
    """On an exercise without history, the weight typed in the first set fills the empty
    sets below it (on the page and on the server); a set that already has a weight keeps it."""
    api = lifter["api"]
    template = str(uuid.uuid4())
    api.ok("PUT", f"/api/v1/templates/{template}", {"name": "First bench", "exercises": [
        {"exerciseId": api.exercise_id(BENCH), "setCount": 3, "repMin": 5, "repMax": 5}]})
    api.ok("POST", f"/api/v1/templates/{template}/start", {"workoutId": str(uuid.uuid4())})
    sign_in(driver, server, lifter["account"])
    go(driver, server + "/workout")
    assert [set_values(driver, BENCH, i) for i in range(3)] == [("", "5")] * 3

    replace_value(driver, lambda: set_inputs(driver, BENCH, 0)[0], "60")
    wait(driver).until(lambda d: [set_values(d, BENCH, i)[0] for i in range(3)] == ["60"] * 3,
                       message="the weight did not carry down to the empty sets")
    replace_value(driver, lambda: set_inputs(driver, BENCH, 1)[0], "62.5")
    wait_synced(driver)
    assert [set_values(driver, BENCH, i)[0] for i in range(3)] == ["60", "62.5", "60"], "a set with a weight keeps it"
    assert [s["weight"] for s in server_sets(api.active())] == [60, 62.5, 60]
    assert_clean_console(driver)
