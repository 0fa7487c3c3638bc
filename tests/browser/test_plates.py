"""The plate calculator and warm-up sets on a phone-sized Chromium, and the settings
they read (bar, plates, rest alert).

The page's plate-calculator.js is checked against the same hand-worked numbers as
SpotterCore's PlateMathTests, and against the server's /api/v1/plates answers."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from pages import (
    button, css, css_all, field, fit_problems, go, notice, register_account, sign_in, tap, tap_and_load, type_into, wait)
from test_workout import (
    SQUAT, BENCH, api_for, assert_clean_console, entry_card, replace_value, set_inputs, set_row, wait_synced, workout_state)

KG = [25, 20, 15, 10, 5, 2.5, 1.25]
LB = [45, 35, 25, 10, 5, 2.5]
# (target, bar, plates, weight on the bar, one side's plates, the higher weight of a tie)
CASES = [
    (100, 20, KG, 100, [25, 15], None),
    (140, 20, KG, 140, [25, 25, 10], None),
    (200, 20, KG, 200, [25, 25, 25, 15], None),
    (102, 20, KG, 102.5, [25, 15, 1.25], None),
    (101.25, 20, KG, 100, [25, 15], 102.5),
    (95, 20, [20, 15], 90, [20, 15], 100),
    (15, 20, KG, 20, [], None),
    (60, 20, [15, 10], 60, [10, 10], None),
    (40, 20, [25], 20, [], None),
    (60, 20, [25], 70, [25], None),
    (225, 45, LB, 225, [45, 45], None),
    (227, 45, LB, 225, [45, 45], None),
    (185, 45, LB, 185, [45, 25], None),
]


@pytest.fixture
def lifter(server) -> dict:
    account = register_account(server, "plates")
    return {"account": account, "api": api_for(server, account)}


def run_module(driver, function: str, cases: list) -> list:
    """Calls an export of /assets/plate-calculator.js on each case's arguments in the page."""
    return driver.execute_async_script("""
        const [name, cases, done] = arguments;
        import('/assets/plate-calculator.js').then((m) => done(cases.map((c) => m[name](...c))), (e) => done(String(e)));""",
        function, cases)


def sheet_state(driver) -> dict:
    return driver.execute_script("""
        const sheet = document.getElementById('plate-sheet');
        return {
          open: sheet.open,
          weight: sheet.querySelector('[data-plate-weight]').textContent.trim(),
          list: sheet.querySelector('[data-plate-list]').textContent.trim(),
          note: sheet.querySelector('[data-plate-note]').textContent.trim(),
          plates: [...sheet.querySelectorAll('.plate')].map((p) => [p.dataset.plate, Math.round(p.getBoundingClientRect().height)]),
        };""")


def open_plates(driver, exercise: str, index: int) -> dict:
    plate_button = set_row(driver, exercise, index).find_element(By.CSS_SELECTOR, ".plate-button")
    size = plate_button.size
    assert size["width"] >= 44 and size["height"] >= 44, f"the plate button is {size}, under 44 px"
    tap(driver, plate_button)
    return wait(driver).until(lambda d: (lambda s: s if s["open"] else False)(sheet_state(d)), message="no plate sheet")


def close_sheet(driver) -> None:
    tap(driver, css(driver, "#plate-sheet [data-action='close-dialog']"))
    wait(driver).until(lambda d: not sheet_state(d)["open"])


def test_plate_calculator(driver, server, lifter, shoot):
    api = lifter["api"]
    api.seed_workout("Legs", [(SQUAT, [(None, 5, False), (None, 5, False)]), (BENCH, [(None, 5, False)])])
    sign_in(driver, server, lifter["account"])
    go(driver, server + "/workout")

    # The page's rule gives the hand-worked numbers, and the server's answers agree.
    answers = run_module(driver, "plateLoad", [list(case[:3]) for case in CASES])
    assert isinstance(answers, list), answers
    for case, answer in zip(CASES, answers):
        target, _, _, weight, per_side, tied = case
        assert (answer["weight"], answer["perSide"], answer["tiedWith"]) == (weight, per_side, tied), f"{case}: {answer}"
        assert answer["exact"] == (weight == target), case
    for case in [c for c in CASES if c[1] == 20 and c[2] == KG]:
        served = api.ok("GET", f"/api/v1/plates?weight={case[0]}")
        assert (served["weight"], served["perSide"], served["tiedWith"]) == (case[3], case[4], case[5]), served
    assert run_module(driver, "plateNumber", [[1.25], [20], [2.5], [0.5]]) == ["1.25", "20", "2.5", "0.5"]

    # Every set of a barbell exercise has a plate button; a bodyweight or dumbbell one would not.
    assert len(css_all(entry_card(driver, SQUAT), ".plate-button")) == 2
    replace_value(driver, lambda: set_inputs(driver, SQUAT, 0)[0], "102")
    wait_synced(driver)
    sheet = open_plates(driver, SQUAT, 0)
    assert sheet["weight"] == "102.5 kg" and sheet["list"] == "Each side: 25 + 15 + 1.25"
    assert sheet["note"] == "102 kg cannot be loaded exactly; this is the closest."
    assert [p[0] for p in sheet["plates"]] == ["25", "15", "1.25"]
    heights = [p[1] for p in sheet["plates"]]
    assert heights[0] > heights[1] > heights[2] > 0, f"plates are not drawn to scale: {heights}"
    assert not fit_problems(driver, "the plate sheet")
    shoot(driver, "plates-sheet")
    close_sheet(driver)

    # The weight typed carried down to the second set: 102 there too; a tie names both.
    replace_value(driver, lambda: set_inputs(driver, SQUAT, 1)[0], "101.25")
    sheet = open_plates(driver, SQUAT, 1)
    assert sheet["weight"] == "100 kg" and sheet["list"] == "Each side: 25 + 15"
    assert sheet["note"] == "101.25 kg sits between 100 kg and 102.5 kg; showing the lower."
    close_sheet(driver)
    replace_value(driver, lambda: set_inputs(driver, BENCH, 0)[0], "15")
    sheet = open_plates(driver, BENCH, 0)
    assert (sheet["weight"], sheet["list"], sheet["plates"]) == ("20 kg", "Just the bar (20 kg)", [])
    assert sheet["note"] == "15 kg is less than the bar."
    close_sheet(driver)
    assert_clean_console(driver)


def test_warm_up_sets(driver, server, lifter, shoot):
    api = lifter["api"]
    workout = api.seed_workout("Legs", [(SQUAT, [(100, 5, False), (100, 5, False)]), (BENCH, [(None, 5, False)])])
    sign_in(driver, server, lifter["account"])
    go(driver, server + "/workout")

    tap(driver, css(driver, f'button[aria-label="Options for {SQUAT}"]'))
    tap(driver, button(driver, "Add warm-up sets", css(driver, "#entry-options")))
    wait(driver).until(lambda d: len(next(e for e in workout_state(d)["entries"] if e["name"] == SQUAT)["sets"]) == 6,
                       message="the warm-up sets did not appear")
    squat = next(e for e in workout_state(driver)["entries"] if e["name"] == SQUAT)
    assert [s["badge"] for s in squat["sets"]] == ["W", "W", "W", "W", "1", "2"]
    assert [(s["weight"], s["reps"]) for s in squat["sets"]] == [
        ("20", "10"), ("40", "5"), ("60", "3"), ("80", "2"), ("100", "5"), ("100", "5")]
    server_squat = api.workout(workout["id"])["entries"][0]["sets"]
    assert [(s["kind"], s["weight"], s["reps"]) for s in server_squat] == [
        ("warmup", 20, 10), ("warmup", 40, 5), ("warmup", 60, 3), ("warmup", 80, 2), ("working", 100, 5), ("working", 100, 5)]
    assert not fit_problems(driver, "the workout with warm-ups")
    shoot(driver, "plates-warm-ups")

    # No weight on the bench yet: the lifter is told what to do, and nothing is added.
    tap(driver, css(driver, f'button[aria-label="Options for {BENCH}"]'))
    tap(driver, button(driver, "Add warm-up sets", css(driver, "#entry-options")))
    wait(driver).until(lambda d: workout_state(d)["toast"] == "Enter the working weight first.",
                       message="no message about the missing working weight")
    assert len(api.workout(workout["id"])["entries"][1]["sets"]) == 1
    assert_clean_console(driver, r"warm-ups - Failed to load resource: the server responded with a status of 400")


def test_plates_and_rest_alert_settings(driver, server, lifter, shoot):
    sign_in(driver, server, lifter["account"])
    go(driver, server + "/settings")
    plates_heading = css(driver, "h2#plates")
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", plates_heading)
    wait(driver).until(lambda d: d.execute_script(
        "return arguments[0].getBoundingClientRect().top >= document.querySelector('header')?.getBoundingClientRect().bottom",
        plates_heading), message="the Plates heading hides under the top bar")
    shoot(driver, "plates-settings")
    type_into(driver, field(driver, "barWeight"), "15")
    chip = css(driver, 'input[name="plate"][value="1.25"]').find_element(By.XPATH, "..")
    tap(driver, chip)
    tap(driver, css(driver, 'input[name="wakeLock"]'))
    tap_and_load(driver, button(driver, "Save preferences"))
    assert notice(driver) == "Saved."
    settings = lifter["api"].ok("GET", "/api/v1/settings")
    assert (settings["barWeight"], settings["plates"], settings["wakeLock"], settings["restSound"]) == (
        15, [25, 20, 15, 10, 5, 2.5], False, True)
    assert settings["plateStep"] == 5, "a pair of 2.5 kg plates is the smallest step now"

    type_into(driver, field(driver, "barWeight"), "heavy")
    tap_and_load(driver, button(driver, "Save preferences"))
    assert css(driver, "#bar-error").text.strip() == "The bar weight is a number, such as 20, or 0 for none."
    assert lifter["api"].ok("GET", "/api/v1/settings") == settings
    assert not fit_problems(driver, "the settings page with an error")
    assert_clean_console(driver, r"/settings - Failed to load resource: the server responded with a status of 400")
