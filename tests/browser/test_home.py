"""Home and the finish summary in a phone-sized Chromium: a new lifter goes from Home
to a logged planned set in two taps, Home leads with the week and records once there
is history, the More tab holds what moved off Home, and finishing a template's second
session compares it with the first and asks once about the template."""

from __future__ import annotations

import uuid

import pytest
from selenium.webdriver.common.by import By

from pages import (
    assert_no_error_page, browser_errors, button, css, css_all, fit_problems, go, path_of, register_account, sign_in, tab,
    tap, tap_and_load, text_of, wait)
from test_workout import SQUAT, api_for, confirm, set_values, tick, wait_synced, workout_state

STARTER = "Full Body Beginner - Workout A"


@pytest.fixture
def lifter(server) -> dict:
    account = register_account(server, "home")
    return {"account": account, "api": api_for(server, account)}


def finish_on_page(driver) -> None:
    tap(driver, css(driver, 'header [data-action="finish"]'))
    confirm(driver, "Finish")
    tap_and_load(driver, css(driver, "#confirm-dialog [data-confirm-yes]"))
    assert_no_error_page(driver, "finishing the workout")


def test_two_taps_from_home_to_a_logged_planned_set(driver, server, lifter, shoot):
    """A new account: Home offers starter routines; one tap on Start uses and starts
    one (its sets planned, the weights of the preset in place), a second tap logs the
    first set. The routine is then the lifter's own template on Home."""
    api = lifter["api"]
    sign_in(driver, server, lifter["account"])
    assert text_of(driver, "#quick-templates-title").lower() == "pick a starter routine"
    assert "Not enough data" not in text_of(driver, "main")
    assert not fit_problems(driver, "Home of a new lifter")
    shoot(driver, "h01-home-new", full_page=True)

    # Tap 1: Start on the first starter.
    tap_and_load(driver, css(driver, f'.quick-templates button[aria-label="Start {STARTER}"]'))
    assert_no_error_page(driver, "using and starting a starter routine")
    assert path_of(driver) == "/workout"
    state = workout_state(driver)
    assert state["name"] == STARTER
    assert state["entries"][0]["name"] == SQUAT and len(state["entries"][0]["sets"]) == 3
    assert set_values(driver, SQUAT, 0)[1] != "", "the planned reps are filled in"

    # Tap 2: tick the first planned set; the server has it done.
    tick(driver, SQUAT, 0)
    wait_synced(driver)
    assert api.active()["entries"][0]["sets"][0]["done"] is True
    assert [t["name"] for t in api.ok("GET", "/api/v1/templates")["items"]] == [STARTER]

    tap_and_load(driver, tab(driver, "Home"))
    assert f"Resume {STARTER}" in text_of(driver, ".resume-card")
    assert text_of(driver, "#quick-templates-title").lower() == "your templates"
    assert browser_errors(driver) == []


def test_home_with_history_and_the_more_tab(driver, server, lifter, shoot):
    """With finished workouts: this week's tiles, recent records (a new best), the last
    workout; no 'Not enough data' badge. More lists Programs, Templates, Exercises, Settings."""
    api = lifter["api"]
    api.seed_workout("Legs A", [(SQUAT, [(100, 5, True), (100, 5, True)])], finish=True)
    api.seed_workout("Legs B", [(SQUAT, [(110, 5, True), (100, 5, True)])], finish=True)
    sign_in(driver, server, lifter["account"])
    tiles = {t.find_element(By.CSS_SELECTOR, ".tile-label").text.strip().lower(): t.find_element(By.CSS_SELECTOR, ".tile-value").text.strip()
             for t in css_all(driver, ".week-card .tile")}
    # 2 workouts; 1000 + 1050 kg; a streak of one week.
    assert tiles == {"workouts": "2", "kg volume": "2,050", "week streak": "1"}, tiles
    records = [(r.find_element(By.CSS_SELECTOR, ".row-title").text.strip(), r.find_element(By.CSS_SELECTOR, ".record-value").text.split())
               for r in css_all(driver, 'section[aria-labelledby="records-title"] a.row')]
    assert records == [(SQUAT, ["PR", "110×5"])], records
    assert "Legs B" in text_of(driver, ".last-workout")
    assert "Not enough data" not in text_of(driver, "main")
    assert not fit_problems(driver, "Home with history")
    shoot(driver, "h02-home-history", full_page=True)

    tap_and_load(driver, tab(driver, "More"))
    assert tab(driver, "More").get_attribute("aria-current") == "page"
    titles = [e.text.strip() for e in css_all(driver, ".more-list .row-title")]
    assert titles == ["Programs", "Templates", "Exercises", "Workout types", "Import history", "Export", "Settings"], titles
    assert not fit_problems(driver, "More")
    shoot(driver, "h03-more")
    tap_and_load(driver, css(driver, '.more-list a[href="/templates"]'))
    assert path_of(driver) == "/templates"


def test_finish_summary_compares_and_asks_about_the_template(driver, server, lifter, shoot):
    """The second session of a template, heavier and with a set more: the summary shows
    the change against the first and asks once whether to update the template; Yes does."""
    api = lifter["api"]
    squat = api.exercise_id(SQUAT)
    template_id = str(uuid.uuid4())
    api.ok("PUT", f"/api/v1/templates/{template_id}", {"name": "Legs", "exercises": [
        {"exerciseId": squat, "setCount": 2, "repMin": 5, "repMax": 5, "targetWeight": 100, "weightUnit": "kg"}]})
    first = api.ok("POST", f"/api/v1/templates/{template_id}/start", {"workoutId": str(uuid.uuid4())})
    entry = first["entries"][0]
    for s in entry["sets"]:
        api.ok("PUT", f"/api/v1/workouts/{first['id']}/entries/{entry['id']}/sets/{s['id']}", {"reps": 5, "weight": 100, "done": True})
    api.ok("POST", f"/api/v1/workouts/{first['id']}/finish")

    sign_in(driver, server, lifter["account"])
    tap_and_load(driver, css(driver, '.quick-templates button[aria-label="Start Legs"]'))
    assert path_of(driver) == "/workout"
    for index in range(2):
        tick(driver, SQUAT, index)
    wait_synced(driver)
    second = api.active()
    entry = second["entries"][0]
    for s in entry["sets"]:
        api.ok("PUT", f"/api/v1/workouts/{second['id']}/entries/{entry['id']}/sets/{s['id']}", {"reps": 5, "weight": 110, "done": True})
    go(driver, server + "/workout")
    finish_on_page(driver)
    assert path_of(driver) == f"/history/{second['id'].lower()}/summary"
    compare = {d.find_element(By.TAG_NAME, "dt").text.strip().lower(): d.find_element(By.TAG_NAME, "dd").text.strip()
               for d in css_all(driver, 'section[aria-labelledby="compare-title"] .workout-stats > div')}
    assert compare["volume"] == "+100 kg" and compare["sets"] == "Same", compare  # 1100 kg against 1000 kg
    assert text_of(driver, "#question-title") == "Update the template with today's changes?"
    assert "Squat (Barbell)" in text_of(driver, 'section[aria-labelledby="question-title"] .change-list')
    assert not fit_problems(driver, "the finish summary")
    shoot(driver, "h04-finish-summary", full_page=True)

    tap_and_load(driver, button(driver, "Yes", css(driver, 'section[aria-labelledby="question-title"]')))
    assert text_of(driver, ".notice") == "Template updated."
    assert not css_all(driver, "#question-title")
    row = api.ok("GET", f"/api/v1/templates/{template_id}")["exercises"][0]
    assert row["targetWeight"] == 110, row
    assert browser_errors(driver) == []
