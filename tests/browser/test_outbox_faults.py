"""Nothing logged is lost when the server fails (issue 34): sets ticked without signal
stay on the phone through a server that answers 500 and then 503 (a full disk), and
reach it exactly once when it answers again; a change the server refuses for good is
never dropped: the lifter sees which change and why, and sends it again or discards it.

The browser talks to the server through a FlakyProxy (flaky_proxy.py), which makes the
failures; the server's own copy is read through the JSON API directly."""

from __future__ import annotations

import pytest

from flaky_proxy import DISK_FULL, INTERNAL, Answer, flaky_proxy  # noqa: F401 (fixture)
from pages import css, css_all, register_account, sign_in, tab, tap, tap_and_load, wait
from test_workout import (
    BENCH, SQUAT, api_for, choose_first, open_picker, replace_value, search_picker, server_ids, server_sets, set_offline, tick,
    wait_synced, workout_state)


@pytest.fixture
def lifter(server) -> dict:
    account = register_account(server, "keeper")
    return {"account": account, "api": api_for(server, account)}


def refused_sheet(driver) -> dict:
    """The refused-changes sheet as one snapshot: open or not, and each group's words."""
    return driver.execute_script("""
        const sheet = document.getElementById('refused-changes');
        return {
          open: !!sheet && sheet.open,
          items: sheet ? [...sheet.querySelectorAll('.refused-item')].map(item => ({
            what: item.querySelector('.refused-what').textContent.trim(),
            why: item.querySelector('.refused-why').textContent.trim(),
            buttons: [...item.querySelectorAll('button')].map(b => b.textContent.trim()),
          })) : [],
          stored: new Set(Object.keys(localStorage).filter(k => k.startsWith('spotter.change.'))
              .map(k => JSON.parse(localStorage.getItem(k)).refused?.group).filter(Boolean)).size
            + JSON.parse(localStorage.getItem('spotter.outbox.refused') || '[]').length,
        };""")


def sheet_button(driver, label: str):
    for candidate in css_all(driver, "#refused-changes .refused-item button"):
        if candidate.text.strip() == label:
            return candidate
    raise AssertionError(f"the refused-changes sheet has no {label!r} button: {refused_sheet(driver)}")


def test_sets_ticked_offline_survive_500_and_503(driver, server, lifter, flaky_proxy, shoot):
    """Three sets ticked without signal; the server then answers 500 to every write, then
    503 with Retry-After (its disk is full): the phone keeps all three, in order, says so
    quietly, and delivers each once when the server answers again."""
    api = lifter["api"]
    workout = api.seed_workout("Full Disk Day", [(BENCH, [(100, 5, False)] * 3)])
    sign_in(driver, flaky_proxy.url, lifter["account"])
    tap_and_load(driver, tab(driver, "Workout"))
    wait_synced(driver)
    name_box = driver.execute_script(
        "const r = document.querySelector('[data-field=\"name\"]').getBoundingClientRect(); return [r.top, r.bottom];")

    set_offline(driver, True)
    try:
        for index in range(3):
            tick(driver, BENCH, index)
        wait(driver).until(lambda d: workout_state(d)["outbox"] == 3, message="the three ticks are not queued")
        flaky_proxy.fail_writes(Answer(500, INTERNAL))
    finally:
        set_offline(driver, False)

    # The server answers 500: kept, retried (at least twice), never dropped.
    wait(driver, 30).until(lambda d: flaky_proxy.count(500) >= 2, message="the phone never sent its sets again after a 500")
    state = workout_state(driver)
    assert state["outbox"] == 3, f"a 500 threw changes away: {state['outbox']} of 3 left ({state['sync']!r})"
    assert not any(s["done"] for s in server_sets(api.workout(workout["id"])))

    # The disk is full: 503 with Retry-After and the server's words, shown quietly.
    flaky_proxy.fail_writes(Answer(503, DISK_FULL, {"Retry-After": "1"}))
    wait(driver, 30).until(lambda d: flaky_proxy.count(503) >= 2, message="the phone did not try again after Retry-After")
    state = wait(driver).until(
        lambda d: (s := workout_state(d))["sync"].startswith("Waiting · The server's disk is full") and s,
        message=f"the sync line does not give the server's reason: {workout_state(driver)['sync']!r}")
    assert state["outbox"] == 3
    assert not state["syncFlagged"], "a short wait for the server is not trouble: the line stays quiet"
    assert all(s["done"] for s in state["entries"][0]["sets"]), "the page still shows the three sets ticked"
    line = driver.execute_script(
        "const r = document.querySelector('[data-sync-status]').getBoundingClientRect(); return [r.top, r.bottom];")
    assert line[0] >= name_box[1], f"the sync line {line} covers the workout's name {name_box}"
    shoot(driver, "o01-waiting-for-the-server")

    # The server is back: each set arrives once, in the page's order.
    flaky_proxy.pass_through()
    state = wait_synced(driver, timeout=30)
    saved = api.workout(workout["id"])
    ids = server_ids(saved)
    assert len(ids) == len(set(ids)) == 3, f"the server holds {len(ids)} sets ({len(set(ids))} distinct)"
    assert [s["done"] for s in server_sets(saved)] == [True, True, True]
    assert saved["summary"]["setCount"] == 3


def test_a_refused_change_waits_for_the_lifter(driver, server, lifter, flaky_proxy, shoot):
    """A change the server refuses (a 400) is kept and shown with its reason: "Send again"
    delivers it once the server takes it, "Discard" drops it and the page shows the
    server's copy again."""
    api = lifter["api"]
    workout = api.seed_workout("Refusals", [(BENCH, [(100, 5, False), (100, 5, False)])])
    sign_in(driver, flaky_proxy.url, lifter["account"])
    tap_and_load(driver, tab(driver, "Workout"))
    wait_synced(driver)

    # Send again: the first attempt is refused, the second reaches the server.
    reason = "Reps must be between 0 and 1000."
    flaky_proxy.refuse_once("PUT", "/sets/", Answer(400, {"error": {"code": "validation_failed", "message": reason, "field": "reps"}}))
    tick(driver, BENCH, 1)
    sheet = wait(driver).until(lambda d: (s := refused_sheet(d))["open"] and s["items"] and s,
                               message="the refused change was not shown")
    assert sheet["items"] == [{"what": f"{BENCH} set 2: 100 kg × 5, ticked", "why": reason, "buttons": ["Send again", "Discard"]}]
    state = workout_state(driver)
    assert state["sync"].startswith("Not saved · a change needs you") and state["syncFlagged"], state["sync"]
    assert state["entries"][0]["sets"][1]["done"], "the page keeps the refused tick until the lifter chooses"
    shoot(driver, "o02-refused-change")

    # Closed, it waits; another page says so and asks again from there.
    driver.execute_script("document.getElementById('refused-changes').close()")
    tap_and_load(driver, tab(driver, "Home"))
    note = wait(driver).until(lambda d: (n := css_all(d, ".refused-note:not([hidden])")) and n[0],
                              message="Home does not say that a change waits for the lifter")
    assert note.text.startswith("Not saved · a change from your workout needs you"), note.text
    shoot(driver, "o03-refused-note-on-home")
    tap(driver, note.find_element("css selector", "button"))
    wait(driver).until(lambda d: refused_sheet(d)["open"] and refused_sheet(d)["items"], message="Review did not open the sheet")
    tap(driver, sheet_button(driver, "Send again"))
    wait(driver).until(lambda d: not refused_sheet(d)["open"], message="the sheet stayed open after Send again")
    wait(driver).until(lambda d: [s["done"] for s in server_sets(api.workout(workout["id"]))] == [False, True],
                       message="Send again did not deliver the tick")
    assert refused_sheet(driver)["stored"] == 0
    tap_and_load(driver, tab(driver, "Workout"))
    wait_synced(driver)

    # Discard: the server refuses 5000 reps for good; discarded, the page shows its 5 again.
    replace_value(driver, lambda: css(driver, f'[data-set-id="{server_ids(workout)[0]}"] [data-set-field="reps"]'), "5000")
    sheet = wait(driver).until(lambda d: (s := refused_sheet(d))["open"] and s["items"] and s,
                               message="the server's refusal of 5000 reps was not shown")
    assert sheet["items"][0]["what"] == f"{BENCH} set 1: 100 kg × 5000"
    assert sheet["items"][0]["why"] == reason
    tap(driver, sheet_button(driver, "Discard"))
    assert refused_sheet(driver)["stored"] == 1, "one tap discarded it"
    tap(driver, sheet_button(driver, "Tap again to discard"))
    wait(driver).until(lambda d: not refused_sheet(d)["open"], message="the sheet stayed open after Discard")
    wait(driver).until(lambda d: workout_state(d)["entries"][0]["sets"][0]["reps"] == "5",
                       message="after Discard the page does not show the server's reps again")
    state = wait_synced(driver)
    assert refused_sheet(driver)["stored"] == 0 and state["outbox"] == 0
    assert [s["reps"] for s in server_sets(api.workout(workout["id"]))] == [5, 5]


def test_changes_after_a_refused_exercise_wait_with_it(driver, server, lifter, flaky_proxy):
    """Adding an exercise is refused: its sets wait with it (they would fail without it)
    and go with it when it is sent again; a set of another exercise is sent meanwhile."""
    api = lifter["api"]
    workout = api.seed_workout("Order", [(BENCH, [(100, 5, False)])])
    sign_in(driver, flaky_proxy.url, lifter["account"])
    tap_and_load(driver, tab(driver, "Workout"))
    wait_synced(driver)
    flaky_proxy.refuse_once("PUT", "/entries/", Answer(409, {"error": {"code": "conflict", "message": "Try that again.", "field": None}}))
    open_picker(driver)
    search_picker(driver, api, "squat (barbell)", SQUAT)
    choose_first(driver, SQUAT)
    sheet = wait(driver).until(lambda d: (s := refused_sheet(d))["open"] and s["items"] and s, message="no refusal shown")
    assert sheet["items"][0]["what"] == f"Added {SQUAT}"
    driver.execute_script("document.getElementById('refused-changes').close()")
    tick(driver, BENCH, 0)
    wait(driver).until(lambda d: server_sets(api.workout(workout["id"]))[0]["done"],
                       message="a set of another exercise waited behind the refused one")
    assert len(api.workout(workout["id"])["entries"]) == 1
    driver.execute_script("document.querySelector('[data-sync-status] .sync-action').click()")
    tap(driver, sheet_button(driver, "Send again"))
    wait_synced(driver)
    saved = api.workout(workout["id"])
    assert [e["exerciseName"] for e in saved["entries"]] == [BENCH, SQUAT]
    assert len(saved["entries"][1]["sets"]) == 1
