"""Gym-floor details of the logging page in a phone-sized Chromium: a timed set counts
down and completes itself, an exercise card folds to its set strip, and a past
workout is logged from the Workout tab with its start and minutes editable."""

from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest
from selenium.webdriver.common.by import By

from conftest import free_port, running_server
from pages import (
    assert_no_error_page, browser_errors, button, css, css_all, fit_problems, go, path_of, register_account, sign_in, tab, tap,
    tap_and_load, text_of, type_into, wait)
from test_workout import (
    OFFLINE_NOISE, SQUAT, api_for, assert_clean_console, choose_first, enter_set, open_picker, picker_titles, server_view,
    set_id_at, set_offline, tick, wait_synced, workout_state)

PLANK = "Plank"


@pytest.fixture
def lifter(server) -> dict:
    account = register_account(server, "logger")
    return {"account": account, "api": api_for(server, account)}


def timer_button(driver, set_id: str):
    return css(driver, f'[data-set-id="{set_id}"] [data-action="timer"]')


def test_timed_set_counts_down_and_completes_itself(driver, server, lifter, shoot):
    """A 2 s plank: Start counts down and ticks the set with 2 s; a second set stopped
    early keeps the seconds held so far."""
    api = lifter["api"]
    workout = api.seed_workout("Core", [(PLANK, [(None, None, False), (None, None, False)])])
    entry = workout["entries"][0]
    for s in entry["sets"]:
        api.ok("PUT", f"/api/v1/workouts/{workout['id']}/entries/{entry['id']}/sets/{s['id']}", {"durationSeconds": 2, "done": False})
    sign_in(driver, server, lifter["account"])
    tap_and_load(driver, tab(driver, "Workout"))
    wait_synced(driver)
    first, second = set_id_at(driver, PLANK, 0), set_id_at(driver, PLANK, 1)
    tap(driver, timer_button(driver, first))
    wait(driver).until(lambda d: "running" in timer_button(d, first).get_attribute("class"), message="the countdown did not start")
    row_tops = driver.execute_script(
        "const row = document.querySelector(`[data-set-id='${arguments[0]}']`);"
        "return ['.set-input', '[data-action=timer]', '.done-button'].map(s => Math.round(row.querySelector(s).getBoundingClientRect().top));", first)
    assert len(set(row_tops)) == 1, f"the seconds, the countdown and the tick share one line: {row_tops}"
    shoot(driver, "l01-timed-set-running")
    wait(driver, 10).until(lambda d: workout_state(d)["entries"][0]["sets"][0]["done"], message="the plank did not complete itself")
    state = wait_synced(driver)
    assert state["entries"][0]["sets"][0]["done"] and not state["entries"][0]["sets"][1]["done"]

    # Stopped at once: at least 1 s, and done.
    api.ok("PUT", f"/api/v1/workouts/{workout['id']}/entries/{entry['id']}/sets/{entry['sets'][1]['id']}", {"durationSeconds": 60, "done": False})
    go(driver, server + "/workout")
    wait_synced(driver)
    tap(driver, timer_button(driver, second))
    wait(driver).until(lambda d: "running" in timer_button(d, second).get_attribute("class"))
    tap(driver, timer_button(driver, second))
    wait(driver).until(lambda d: workout_state(d)["entries"][0]["sets"][1]["done"], message="stopping early did not complete the set")
    wait_synced(driver)
    held = [s["durationSeconds"] for s in api.active()["entries"][0]["sets"]]
    assert held[0] == 2 and 1 <= held[1] < 60, held
    assert browser_errors(driver) == []


def test_a_card_folds_to_its_strip(driver, server, lifter, shoot):
    """Expanded cards show the rows and not the strip; folded, the strip only; it stays
    folded after a reload. Two 3-set exercises fit on the first screen."""
    lifter["api"].seed_workout("Two lifts", [(SQUAT, [(100, 5, True), (100, 5, False), (100, 5, False)]),
                                             ("Bench Press (Barbell)", [(80, 5, False)] * 3)])
    sign_in(driver, server, lifter["account"])
    tap_and_load(driver, tab(driver, "Workout"))
    wait_synced(driver)
    cards = css_all(driver, "#entries .entry")
    assert all(c.find_element(By.CSS_SELECTOR, ".set-list").is_displayed() for c in cards)
    assert not any(c.find_element(By.CSS_SELECTOR, ".set-strip").is_displayed() for c in cards), "the strip repeats the rows"
    second_top = cards[1].find_element(By.CSS_SELECTOR, ".entry-head").rect["y"]
    assert second_top < driver.execute_script("return innerHeight") - 80, "the second exercise is not on the first screen"
    tap(driver, cards[0].find_element(By.CSS_SELECTOR, '[data-action="collapse"]'))
    wait(driver).until(lambda d: "collapsed" in css_all(d, "#entries .entry")[0].get_attribute("class"))
    card = css_all(driver, "#entries .entry")[0]
    assert card.find_element(By.CSS_SELECTOR, ".set-strip").is_displayed()
    assert not card.find_element(By.CSS_SELECTOR, ".set-list").is_displayed()
    assert card.find_element(By.CSS_SELECTOR, '[data-action="collapse"]').get_attribute("aria-expanded") == "false"
    shoot(driver, "l02-folded-card")
    go(driver, server + "/workout")
    wait(driver).until(lambda d: "collapsed" in css_all(d, "#entries .entry")[0].get_attribute("class"), message="folding is forgotten on reload")
    assert not fit_problems(driver, "the logging page")


def test_log_a_past_workout_and_edit_its_minutes(driver, server, lifter, shoot):
    """Workout tab -> Log a past workout: the day before at 07:30 for 45 minutes; its
    editing page shows that start and minutes; 50 minutes typed there reach the server."""
    api = lifter["api"]
    sign_in(driver, server, lifter["account"])
    tap_and_load(driver, tab(driver, "Workout"))
    tap_and_load(driver, next(a for a in css_all(driver, "a.button") if a.text.strip() == "Log a past workout"))
    assert path_of(driver) == "/workouts/past"
    shoot(driver, "l03-past-workout-form")
    day = driver.execute_script("const d = new Date(Date.now() - 86400000); return d.toISOString().slice(0, 10);")
    driver.execute_script("arguments[0].value = arguments[1]", css(driver, 'input[name="date"]'), day)
    driver.execute_script("arguments[0].value = '07:30'", css(driver, 'input[name="time"]'))
    type_into(driver, css(driver, 'input[name="minutes"]'), "45")
    type_into(driver, css(driver, 'input[name="name"]'), "Forgotten legs")
    tap_and_load(driver, button(driver, "Log it and add exercises"))
    assert_no_error_page(driver, "logging a past workout")
    assert re.fullmatch(r"/history/[0-9a-f-]+/edit", path_of(driver)), driver.current_url
    workout_id = path_of(driver).split("/")[2]
    assert css(driver, '[data-field="durationMinutes"]').get_attribute("value") == "45"
    # The lifter's zone (UTC) is the phone's here: the start reads as typed.
    assert css(driver, '[data-field="startedAt"]').get_attribute("value") == f"{day}T07:30"
    type_into(driver, css(driver, '[data-field="durationMinutes"]'), "50")
    driver.execute_script("arguments[0].dispatchEvent(new Event('change', {bubbles: true}))", css(driver, '[data-field="durationMinutes"]'))
    wait_synced(driver)
    saved = api.ok("GET", f"/api/v1/workouts/{workout_id}")
    assert saved["name"] == "Forgotten legs" and not saved["isActive"]
    start, end = (datetime.fromisoformat(saved[k].replace("Z", "+00:00")) for k in ("startedAt", "endedAt"))
    assert (end - start).total_seconds() == 50 * 60, (start, end)
    assert browser_errors(driver) == []


def test_exercises_can_be_added_without_signal(driver, server, lifter):
    """The picker keeps the library it was last given: offline, typing "squ" still finds
    Squat (Barbell) by its word start, and the exercise joins the workout; it reaches the
    server once the signal is back."""
    api = lifter["api"]
    api.seed_workout("Offline start", [])
    sign_in(driver, server, lifter["account"])
    tap_and_load(driver, tab(driver, "Workout"))
    wait_synced(driver)
    open_picker(driver)
    wait(driver).until(lambda d: len(picker_titles(d)) >= 60, message="the library did not load")
    wait(driver).until(lambda d: len(d.execute_script("return JSON.parse(localStorage.getItem('spotter.exercises') || '[]')")) > 200,
                       message="the whole library was not kept on the phone")
    driver.execute_script("document.getElementById('exercise-picker').close()")
    set_offline(driver, True)
    try:
        open_picker(driver)
        css(driver, "#exercise-picker [data-picker-search]").send_keys("squ barb")
        wait(driver).until(lambda d: picker_titles(d)[:1] == [SQUAT], message=f"offline search found {picker_titles(driver)[:3]}")
        assert "Deadlift (Barbell)" not in picker_titles(driver), "only word starts of both words match"
        choose_first(driver, SQUAT)
        assert workout_state(driver)["outbox"] >= 1
    finally:
        set_offline(driver, False)
    wait_synced(driver)
    assert [e["exerciseName"] for e in api.active()["entries"]] == [SQUAT]


def kept_offline(driver, path: str) -> bool:
    """Whether the service worker's cache holds this page."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "caches.match(arguments[0]).then((hit) => done(Boolean(hit)), () => done(false));", path)


def test_an_empty_workout_starts_without_signal(driver, tmp_path, shoot):
    """A new lifter opens Home once with signal. Later the server cannot be reached at all
    (it is stopped: neither the page nor its service worker gets an answer) and the phone
    knows it is offline: "Start empty workout" opens the logging page kept on the phone, an
    exercise is added from the kept library and a set ticked; Home, from the phone's cache,
    offers to resume it rather than start another. When the server is back the workout
    reaches it once, with the phone's start time, and the Workout tab shows the server's
    own page of it."""
    data_dir, port = tmp_path / "server", free_port()
    data_dir.mkdir()
    with running_server(data_dir, port) as server:
        account = register_account(server, "nosignal")
        api = api_for(server, account)
        sign_in(driver, server, account)
        wait(driver, 20).until(lambda d: kept_offline(d, "/workout/offline"), message="the empty logging page was not kept")
        go(driver, server + "/")  # Home, now through the service worker, so kept too
        wait(driver, 20).until(lambda d: len(d.execute_script("return JSON.parse(localStorage.getItem('spotter.exercises') || '[]')")) > 200,
                               message="Home did not keep the library on the phone")
        assert kept_offline(driver, "/")

    set_offline(driver, True)
    tapped = datetime.now(timezone.utc)
    tap_and_load(driver, button(driver, "Start empty workout"))
    assert path_of(driver) == "/workout/offline"
    state = workout_state(driver)
    assert state["empty"] and state["name"].endswith("Workout") and state["outbox"] == 1, state
    open_picker(driver)
    css(driver, "#exercise-picker [data-picker-search]").send_keys("squ barb")
    wait(driver).until(lambda d: picker_titles(d)[:1] == [SQUAT], message=f"offline search found {picker_titles(driver)[:3]}")
    choose_first(driver, SQUAT)
    enter_set(driver, SQUAT, 0, "100", "5")
    tick(driver, SQUAT, 0)
    state = wait(driver).until(lambda d: (s := workout_state(d))["sync"].startswith("Offline") and s, message="no offline note")
    assert state["entries"][0]["sets"][0]["done"] and state["outbox"] >= 3, state
    shoot(driver, "l05-offline-start")
    # Home from the phone's cache: Start resumes the same workout, it makes no second one.
    go(driver, server + "/")
    assert text_of(driver, "h2.display") == account["username"]
    tap_and_load(driver, button(driver, "Resume workout"))
    assert path_of(driver) == "/workout/offline"
    assert [e["name"] for e in workout_state(driver)["entries"]] == [SQUAT]
    offline_until = datetime.now(timezone.utc)

    with running_server(data_dir, port):
        assert api.active() is None, "nothing reached the server without it"
        set_offline(driver, False)
        state = wait_synced(driver)
        workout = api.active()
        assert workout is not None and workout["id"].lower() == driver.execute_script("return document.getElementById('workout').dataset.workoutId")
        started = datetime.fromisoformat(workout["startedAt"].replace("Z", "+00:00"))
        assert abs((started - tapped).total_seconds()) < 5 and started < offline_until, (started, tapped, offline_until)
        assert server_view(workout) == [(SQUAT, [(100.0, 5, True)])]
        assert workout["name"] == state["name"], "the server named it for the same hour"
        tap_and_load(driver, tab(driver, "Workout"))
        assert path_of(driver) == "/workout" and [e["name"] for e in workout_state(driver)["entries"]] == [SQUAT]
        assert driver.execute_script("return localStorage.getItem(`spotter.offlineWorkout.${arguments[0]}`)", account["username"]) is None, \
            "the server's page took over"
        go(driver, server + "/")
        assert "Resume" in text_of(driver, ".resume-card")
        assert_clean_console(driver, OFFLINE_NOISE + "|ERR_CONNECTION_REFUSED")
