"""Guided workouts in a phone-sized Chromium: build a timeline of a reps exercise, a
timed hold and a break (the break dragged into place, a 0-second break refused), play
it through (complete a set with changed values, rest with +15 s and skip, a reload in
the middle of a rest, pause and resume, the break and the hold counting down and
moving on by themselves), see the summary, find the workout in history; then play it
again and stop with the confirmation, discarding it. Screenshots of the builder, each
player phase and the summary, light and dark. The server's view is read through the
JSON API."""

from __future__ import annotations

import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from pages import (
    assert_no_error_page, browser_errors, button, css, css_all, field, fit_problems, go, notice, path_of, register_account, sign_in, tap,
    tap_and_load, text_of, type_into, wait)
from test_workout import api_for

BENCH = "Bench Press (Barbell)"
PLANK = "Plank"


def add_exercise(driver, name: str, timed: bool) -> None:
    Select(field(driver, "addExercise")).select_by_visible_text(name)
    # The segmented control's radio covers its label; a tap lands on the radio.
    mode = driver.find_element(By.CSS_SELECTOR, f'input[name="addMode"][value="{"timed" if timed else "reps"}"]')
    driver.execute_script("arguments[0].click()", mode)
    tap_and_load(driver, button(driver, "Add exercise"))


def items(driver) -> list[str]:
    return [e.text.strip() for e in css_all(driver, "[data-timeline-item] [data-item-name]")]


def item(driver, index: int):
    return css_all(driver, "[data-timeline-item]")[index]


def set_item(driver, index: int, name: str, value: str) -> None:
    type_into(driver, item(driver, index).find_element(By.CSS_SELECTOR, f'[name="item_{name}"]'), value)


def phase(driver) -> str:
    return css(driver, "[data-player]").get_attribute("data-phase")


def count(driver) -> int:
    minutes, seconds = text_of(driver, "[data-count]").split(":")
    return int(minutes) * 60 + int(seconds)


def test_build_play_and_stop_a_guided_workout(server, driver, shoot):
    account = register_account(server, "guide")
    api = api_for(server, account)
    sign_in(driver, server, account)

    # The library offers a guided workout next to New.
    go(driver, server + "/templates")
    tap_and_load(driver, button(driver, "Guided"))
    assert path_of(driver) == "/templates/new/timeline"
    assert "The timeline is empty" in driver.page_source
    type_into(driver, field(driver, "name"), "Morning circuit")
    add_exercise(driver, BENCH, timed=False)
    add_exercise(driver, PLANK, timed=True)
    tap_and_load(driver, button(driver, "Add break"))
    assert items(driver) == [BENCH, PLANK, "Break"], items(driver)

    # Drag the break by its handle between the two exercises.
    handle = item(driver, 2).find_element(By.CSS_SELECTOR, "[data-drag-handle]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", handle)
    rise = handle.rect["y"] - item(driver, 1).rect["y"] - 10
    drag = ActionChains(driver).move_to_element(handle).click_and_hold()
    for _ in range(4):
        drag = drag.move_by_offset(0, -rise / 4)
    drag.release().perform()
    wait(driver).until(lambda d: items(d) == [BENCH, "Break", PLANK], message=f"drag did not move the break: {items(driver)}")
    # The arrows move an item too (and the first one cannot go up).
    assert item(driver, 0).find_element(By.CSS_SELECTOR, '[data-move="up"]').get_attribute("disabled") is not None

    # Two sets of 8, 5 s rest; a 5 s hold; a break of 0 s first, which is refused.
    set_item(driver, 0, "sets", "2")
    set_item(driver, 0, "reps", "8")
    set_item(driver, 0, "rest", "5")
    set_item(driver, 1, "seconds", "0")
    set_item(driver, 2, "sets", "1")
    set_item(driver, 2, "seconds", "5")
    set_item(driver, 2, "rest", "0")
    # 2 x 45 s + 5 s rest, then the hold: the total follows the fields.
    assert text_of(driver, "[data-timeline-total]") == "1:40", text_of(driver, "[data-timeline-total]")
    shoot(driver, "guided-builder", full_page=True)
    tap_and_load(driver, button(driver, "Create"))
    assert_no_error_page(driver, "saving a 0 s break")
    assert "at least 5 seconds" in text_of(driver, ".timeline-item.invalid .field-error")
    assert items(driver) == [BENCH, "Break", PLANK], "the refused form keeps the timeline as it was"
    assert not [t for t in api.ok("GET", "/api/v1/templates")["items"] if t["name"] == "Morning circuit"], "nothing was saved"
    set_item(driver, 1, "seconds", "5")
    tap_and_load(driver, button(driver, "Create"))
    assert "Template created" in notice(driver)
    template = [t for t in api.ok("GET", "/api/v1/templates?guided=true")["items"] if t["name"] == "Morning circuit"][0]
    assert template["guided"] and template["breaks"] == [{"id": template["breaks"][0]["id"], "position": 1, "seconds": 5}]
    assert [e["exerciseName"] for e in template["exercises"]] == [BENCH, PLANK]
    assert [t.text for t in css_all(driver, ".template-exercise .row-title")] == [BENCH, "Break", PLANK]
    assert not fit_problems(driver, "the guided template's page")
    shoot(driver, "guided-template", full_page=True)

    browser_errors(driver)  # drains the log: the refused save above answered 400 on purpose

    # Play: the first set of the bench, prefilled, with the upcoming cards below.
    tap_and_load(driver, button(driver, "Play guided · 1:45"))
    assert path_of(driver).endswith("/play")
    workout_id = path_of(driver).split("/")[2]
    assert phase(driver) == "set"
    assert text_of(driver, "[data-progress-label]") == "Exercise 1 of 2"
    assert text_of(driver, "[data-set-label]") == "Set 1 of 2"
    assert [li.text.split("\n")[0] for li in css_all(driver, "[data-upcoming] li")] == ["Break", PLANK]
    assert css(driver, "[data-placeholder]").is_displayed(), "no image: the muscle-group placeholder shows"
    assert not fit_problems(driver, "the player")
    shoot(driver, "guided-player-set")

    # Complete set 1 with 9 reps at 40 kg: the rest counts down for set 2.
    type_into(driver, css(driver, "[data-reps]"), "9")
    type_into(driver, css(driver, "[data-weight]"), "40")
    tap(driver, css(driver, "[data-complete]"))
    wait(driver).until(lambda d: phase(d) == "rest")
    assert "Get ready for set 2" in text_of(driver, "[data-heading]")
    assert 0 < count(driver) <= 5
    sets = api.workout(workout_id)["entries"][0]["sets"]
    assert (sets[0]["reps"], sets[0]["weight"], sets[0]["done"]) == (9, 40, True), sets[0]
    # +15 s, then a reload in the middle of the rest resumes it where it was.
    tap(driver, button(driver, "+15 s"))
    wait(driver).until(lambda d: count(d) > 10)
    shoot(driver, "guided-player-rest")
    go(driver, driver.current_url)
    assert phase(driver) == "rest" and 5 < count(driver) <= 20, (phase(driver), count(driver))
    tap(driver, button(driver, "Skip rest"))
    wait(driver).until(lambda d: phase(d) == "set" and text_of(d, "[data-set-label]") == "Set 2 of 2")
    assert css(driver, "[data-reps]").get_attribute("value") == "8"

    # Pause and resume.
    tap(driver, css(driver, "[data-pause]"))
    wait(driver).until(lambda d: "is-paused" in css(d, "[data-player]").get_attribute("class"))
    assert css(driver, "[data-pause]").text == "Resume"
    tap(driver, css(driver, "[data-pause]"))
    wait(driver).until(lambda d: css(d, "[data-pause]").text == "Pause")

    # The space bar completes the set; the break counts down by itself, then the hold.
    css(driver, "body").send_keys(Keys.SPACE)
    wait(driver).until(lambda d: phase(d) == "break")
    assert text_of(driver, "[data-skip]") == "Skip break"
    assert text_of(driver, "[data-name]") == "Break"
    shoot(driver, "guided-player-break")
    wait(driver, 15).until(lambda d: phase(d) == "timedSet", message="the break did not end by itself")
    assert text_of(driver, "[data-progress-label]") == "Exercise 2 of 2"
    shoot(driver, "guided-player-hold")
    wait(driver, 15).until(lambda d: css_all(d, ".player-summary"), message="the hold did not complete itself")

    assert not browser_errors(driver), "the player logs no errors (beeps, vibration, wake lock)"

    # The summary, and the workout in history with every set.
    assert "Workout complete" in text_of(driver, ".player-summary h1")
    stats = text_of(driver, ".player-summary .workout-stats").lower()
    assert "sets\n3" in stats and "exercises\n2" in stats and "volume\n680 kg" in stats, stats
    assert not fit_problems(driver, "the summary")
    shoot(driver, "guided-player-summary")
    workout = api.workout(workout_id)
    assert workout["endedAt"] is not None
    assert [[s["done"] for s in e["sets"]] for e in workout["entries"]] == [[True, True], [True]]
    assert not browser_errors(driver), "the summary logs no errors"
    tap_and_load(driver, button(driver, "See it in history"))
    assert "Morning circuit" in text_of(driver, "h1")

    # Play again, then stop: the confirmation keeps or discards; discard leaves nothing.
    go(driver, server + f"/templates/{template['id']}")
    tap_and_load(driver, button(driver, "Play guided · 1:45"))
    second = path_of(driver).split("/")[2]
    assert second != workout_id
    tap_and_load(driver, css(driver, "[data-stop]"))
    assert "Stop the workout?" in text_of(driver, "h1")
    assert "You have not completed a set yet" in text_of(driver, ".lead")
    assert not [b for b in css_all(driver, "button") if b.text.strip() == "Keep and finish"], "nothing to keep"
    shoot(driver, "guided-stop")
    tap_and_load(driver, button(driver, "Discard workout"))
    assert api.active() is None
    history = api.ok("GET", "/api/v1/workouts")["items"]
    assert [w["id"] for w in history] == [workout_id]
