"""A workout started on the phone without signal meets another one started meanwhile on
another device (issue 34, left over from issue 27): the server keeps one workout in
progress and refuses the phone's start, but nothing the phone logged is lost. The
lifter is asked, and either adds the phone's sets to the workout in progress or keeps
the phone's workout as a workout of its own (a past one); the workout in progress
stays as it was."""

from __future__ import annotations

import pytest

from flaky_proxy import DISK_FULL, Answer, flaky_proxy  # noqa: F401 (fixture)
from pages import button, css, go, path_of, register_account, sign_in, tap, tap_and_load, wait
from test_logging import kept_offline
from test_outbox_faults import refused_sheet, sheet_button
from test_workout import (
    BENCH, SQUAT, add_set, api_for, choose_first, enter_set, open_picker, picker_titles, server_sets, set_offline, tick,
    wait_synced, workout_state)


def start_offline_with_two_squats(driver, proxy, account: dict, phone_offline: bool = True) -> str:
    """Signs in, lets the phone keep the empty logging page and the library, then without
    signal starts an empty workout and logs two squat sets; returns the phone's workout id.
    The proxy drops every connection meanwhile: Chromium's offline emulation does not hold
    back requests that pass through the service worker. Unless `phone_offline`, the phone
    thinks it is online all along (the server cannot be reached)."""
    base_url = proxy.url
    sign_in(driver, base_url, account)
    wait(driver, 20).until(lambda d: kept_offline(d, "/workout/offline"), message="the empty logging page was not kept")
    go(driver, base_url + "/")
    wait(driver, 20).until(lambda d: len(d.execute_script("return JSON.parse(localStorage.getItem('spotter.exercises') || '[]')")) > 200,
                           message="Home did not keep the library on the phone")
    set_offline(driver, phone_offline)
    proxy.drop()
    tap_and_load(driver, button(driver, "Start empty workout"))
    assert path_of(driver) == "/workout/offline"
    open_picker(driver)
    css(driver, "#exercise-picker [data-picker-search]").send_keys("squ barb")
    wait(driver).until(lambda d: picker_titles(d)[:1] == [SQUAT], message="offline search found nothing")
    choose_first(driver, SQUAT)
    enter_set(driver, SQUAT, 0, "100", "5")
    tick(driver, SQUAT, 0)
    add_set(driver, SQUAT)
    tick(driver, SQUAT, 1)
    return driver.execute_script("return document.getElementById('workout').dataset.workoutId")


@pytest.mark.parametrize("choice", ["join", "apart"])
def test_a_workout_started_offline_meets_another(driver, server, flaky_proxy, choice, shoot):
    account = register_account(server, "twodevices")
    api = api_for(server, account)
    phone_id = start_offline_with_two_squats(driver, flaky_proxy, account)
    # Meanwhile, on a tablet with signal:
    assert api.active() is None, "the phone's workout reached the server without signal"
    tablet = api.seed_workout("Tablet Push", [(BENCH, [(60, 10, True)])])
    flaky_proxy.pass_through()
    set_offline(driver, False)

    sheet = wait(driver, 30).until(lambda d: (s := refused_sheet(d))["open"] and s["items"] and s,
                                   message="the phone's refused start was not put to the lifter")
    [item] = sheet["items"]
    assert "started on this phone at" in item["what"] and item["what"].endswith("· 2 sets"), item
    assert item["why"].startswith("Tablet Push was started at") and "in progress" in item["why"], item
    assert item["buttons"] == ["Add its sets to Tablet Push", "Keep it as its own workout", "Discard it"]
    assert api.workout(phone_id) is None and len(server_sets(api.active())) == 1, "nothing was decided for the lifter"
    if choice == "join":
        shoot(driver, "c01-offline-workout-meets-another")

    tap(driver, sheet_button(driver, item["buttons"][0 if choice == "join" else 1]))
    wait(driver).until(lambda d: path_of(d) == "/workout", message="the choice did not lead to the workout in progress")
    wait_synced(driver, timeout=30)
    active = api.active()
    assert active["id"].lower() == tablet["id"].lower(), "the workout in progress changed"
    if choice == "join":
        assert [e["exerciseName"] for e in active["entries"]] == [BENCH, SQUAT]
        assert [(s["weight"], s["reps"], s["done"]) for s in active["entries"][1]["sets"]] == [(100.0, 5, True)] * 2
        assert [e["name"] for e in workout_state(driver)["entries"]] == [BENCH, SQUAT]
        assert api.workout(phone_id) is None
    else:
        assert [e["exerciseName"] for e in active["entries"]] == [BENCH]
        kept = api.workout(phone_id)
        assert kept is not None and not kept["isActive"] and kept["endedAt"], kept
        assert [(s["weight"], s["reps"], s["done"]) for s in server_sets(kept)] == [(100.0, 5, True)] * 2
    assert refused_sheet(driver)["stored"] == 0


def test_a_refused_start_is_not_discarded_blind(driver, server, flaky_proxy, shoot):
    """The phone's start is refused while the server cannot say which workout is in
    progress (it answers 503 to that question): the lifter is only offered to ask
    again, never to discard the phone's workout unseen. Asked again, the choices come;
    the phone's workout discarded is gone, and Start no longer resumes it."""
    account = register_account(server, "blindcheck")
    api = api_for(server, account)
    phone_id = start_offline_with_two_squats(driver, flaky_proxy, account)
    tablet = api.seed_workout("Tablet Push", [(BENCH, [(60, 10, True)])])
    flaky_proxy.pass_through()
    flaky_proxy.refuse("GET", "/api/v1/workouts/active", Answer(503, DISK_FULL, {"Retry-After": "1"}))
    set_offline(driver, False)

    sheet = wait(driver, 30).until(lambda d: (s := refused_sheet(d))["open"] and s["items"] and s,
                                   message="the phone's refused start was not put to the lifter")
    [item] = sheet["items"]
    assert item["buttons"] == ["Check again"], item
    assert item["why"].startswith("The server did not start it, and could not say which workout is in progress"), item
    shoot(driver, "c02-refused-start-check-again")
    flaky_proxy.pass_through()
    tap(driver, sheet_button(driver, "Check again"))
    wait(driver).until(lambda d: refused_sheet(d)["items"][0]["buttons"][-1:] == ["Discard it"],
                       message="asking again did not bring the choices")
    tap(driver, sheet_button(driver, "Discard it"))
    tap(driver, sheet_button(driver, "Tap again to discard"))
    wait(driver).until(lambda d: not refused_sheet(d)["open"], message="the sheet stayed open after Discard")
    assert driver.execute_script("return localStorage.getItem(`spotter.workout.${arguments[0]}`)", phone_id) is None
    assert api.workout(phone_id) is None
    # With the tablet's workout over, Start starts anew: it does not resume the discarded one.
    api.ok("DELETE", f"/api/v1/workouts/{tablet['id']}")
    go(driver, flaky_proxy.url + "/")
    assert button(driver, "Start empty workout").is_displayed(), "Home still offers to resume the discarded workout"


def test_start_when_the_server_cannot_be_reached(driver, server, flaky_proxy):
    """The phone thinks it is online but the server cannot be reached: "Start empty
    workout" starts on the phone all the same. When the server is back, the start's
    answer is lost once: sent again, the workout arrives once, with its sets."""
    account = register_account(server, "noserver")
    api = api_for(server, account)
    phone_id = start_offline_with_two_squats(driver, flaky_proxy, account, phone_offline=False)
    since = len(flaky_proxy.answered)
    flaky_proxy.lose_answer_once("POST", "/api/v1/workouts")
    flaky_proxy.drop(False)
    wait(driver, 30).until(lambda d: (w := api.workout(phone_id)) and len(server_sets(w)) == 2,
                           message="the workout started on the phone never reached the server")
    wait_synced(driver, timeout=30)
    starts = [status for method, path, status in flaky_proxy.answered[since:] if method == "POST" and path == "/api/v1/workouts"]
    assert starts[:1] == [0] and 201 in starts, starts
    assert api.active()["id"].lower() == phone_id.lower()
    assert [(s["weight"], s["reps"], s["done"]) for s in server_sets(api.active())] == [(100.0, 5, True)] * 2
