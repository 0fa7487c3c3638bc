"""Merging an exercise in a phone-sized Chromium: an own "Squat" (as an import makes
one) joins the library's "Squat (Barbell)" from its page, so the lift has one history."""

from __future__ import annotations

import pytest
from selenium.common.exceptions import StaleElementReferenceException

from pages import (
    assert_no_error_page, browser_errors, button, css, fit_problems, go, notice, path_of, register_account, sign_in, tap_and_load,
    text_of, type_into, wait)
from test_workout import SQUAT, api_for

CUSTOM = {"name": "Squat", "muscleGroups": ["legs"], "equipment": "barbell", "kind": "weightReps"}


@pytest.fixture
def lifter(server) -> dict:
    account = register_account(server, "merge")
    return {"account": account, "api": api_for(server, account)}


def candidates(driver) -> list[str]:
    """The offered exercises' names, read in one script (the list may be swapped meanwhile)."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#merge-candidates .row-title')].map(t => t.textContent.trim())")


def test_merge_an_own_exercise_into_the_library_one(server, driver, lifter, shoot):
    api = lifter["api"]
    own = api.ok("POST", "/api/v1/exercises", CUSTOM)["id"]
    seeded = [api.seed_workout("Imported legs", [("Squat", [(100, 5, True), (100, 5, True)])], finish=True),
              api.seed_workout("Legs here", [(SQUAT, [(110, 5, True)])], finish=True)]
    barbell = api.exercise_id(SQUAT)
    sign_in(driver, server, lifter["account"])

    go(driver, f"{server}/exercises/{own}")
    tap_and_load(driver, button(driver, "Merge into…"))
    assert_no_error_page(driver, "opening Merge into…")
    assert path_of(driver) == f"/exercises/{own}/merge"
    offered = candidates(driver)
    assert offered[0] == SQUAT and "Bench Press (Barbell)" not in offered and len(offered) <= 12, offered
    assert text_of(driver, "#merge-candidates .section-title").lower() == "most likely the same"
    assert not fit_problems(driver, "the merge picker")
    shoot(driver, "merge-01-picker", full_page=True)

    # Typing searches the library in place; the list is read afresh on each look.
    type_into(driver, css(driver, "#merge-search"), "front squat")
    wait(driver).until(lambda d: candidates(d)[:1] == ["Front Squat (Barbell)"], message="the list did not follow the search")
    type_into(driver, css(driver, "#merge-search"), "squat barbell")
    wait(driver).until(lambda d: candidates(d)[:1] == [SQUAT], message="the list did not follow the search")

    for _ in range(3):  # the list may be swapped under the tap by a late answer
        try:
            link = next(a for a in driver.find_elements("css selector", "#merge-candidates a.row")
                        if a.find_element("css selector", ".row-title").text.strip() == SQUAT)
            tap_and_load(driver, link)
            break
        except StaleElementReferenceException:
            continue
    assert path_of(driver) == f"/exercises/{own}/merge"
    assert "2 sets in 1 workout move to Squat (Barbell)." in text_of(driver, "main")
    shoot(driver, "merge-02-confirm")
    tap_and_load(driver, button(driver, f"Merge into {SQUAT}"))
    assert path_of(driver) == f"/exercises/{barbell}"
    assert notice(driver).startswith("Merged.")
    assert api.call("GET", f"/api/v1/exercises/{own}")[0] == 404
    after = [api.ok("GET", f"/api/v1/workouts/{w['id']}") for w in seeded]
    assert [[e["exerciseName"] for e in w["entries"]] for w in after] == [[SQUAT], [SQUAT]]
    assert [len(e["sets"]) for w in after for e in w["entries"]] == [2, 1], "every set came along"
    assert browser_errors(driver) == []
