"""The outbox shared by tabs and by versions (issue 34, review): two tabs adding
changes while one of them sends lose none of them; changes an earlier version of the
page left on the phone (naming no account) go to the account whose workout they
change, never to whoever happens to sign in first.

Changes are added through the page's own outbox module (the one its scripts use),
many at once, to make the tabs meet."""

from __future__ import annotations

import json
import uuid

from flaky_proxy import flaky_proxy  # noqa: F401 (fixture)
from pages import css_all, go, register_account, sign_in, tap, wait
from test_shared_phone import sign_out
from test_outbox_faults import refused_sheet, sheet_button
from test_workout import BENCH, api_for, server_sets, wait_synced, workout_state

# Starts adding changes through the page's outbox: a set PUT to `base` (an entry's
# sets) for each id, one per turn of the event loop; a turn ends with a round trip to
# the server, so the other tab's sending interleaves with them.
START_ADDING = """
const [base, ids] = arguments;
const url = performance.getEntriesByType('resource').map(e => e.name).find(n => n.includes('/assets/outbox.js'));
window.__adding = import(url).then(async (outbox) => {
  for (const id of ids) {
    outbox.enqueue('PUT', `${base}/${id}`, {kind: 'working', reps: 5, weight: 60, weightUnit: 'kg', done: true,
                   changedAt: new Date().toISOString()}, 'set', {label: 'a set'});
    await fetch('/health');
  }
  return true;
}).catch(String);"""


def start_adding(driver, base: str, count: int) -> None:
    driver.execute_script(START_ADDING, base, [str(uuid.uuid4()) for _ in range(count)])


def finish_adding(driver) -> None:
    assert driver.execute_async_script("window.__adding.then(arguments[0])") is True


def test_two_tabs_adding_changes_lose_none(driver, server):
    """Two tabs of the logging page each add 40 sets while both send: all 80 reach the server."""
    account = register_account(server, "twotabs")
    api = api_for(server, account)
    workout = api.seed_workout("Two Tabs", [(BENCH, [(100, 5, False)])])
    base = f"/api/v1/workouts/{workout['id']}/entries/{workout['entries'][0]['id']}/sets"
    sign_in(driver, server, account)
    go(driver, server + "/workout")
    wait_synced(driver)
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    go(driver, server + "/workout")
    wait_synced(driver)
    second = driver.current_window_handle

    # The first tab starts adding (and sending); the second adds meanwhile.
    driver.switch_to.window(first)
    start_adding(driver, base, 40)
    driver.switch_to.window(second)
    start_adding(driver, base, 40)
    finish_adding(driver)
    wait(driver, 60).until(lambda d: len(server_sets(api.workout(workout["id"]))) >= 81 or workout_state(d)["outbox"] == 0,
                           message="the tabs never finished sending")
    wait_synced(driver, timeout=60)
    driver.switch_to.window(first)
    wait_synced(driver, timeout=60)
    sets = server_sets(api.workout(workout["id"]))
    assert len(sets) == 81, f"the server holds {len(sets) - 1} of the 80 sets the two tabs added"


def old_queue(workout: dict) -> list[dict]:
    """Ticks of every set of `workout` as the version before accounts kept them: a list
    under `spotter.outbox`, with neither an id nor an account."""
    entry = workout["entries"][0]
    return [{"method": "PUT", "url": f"/api/v1/workouts/{workout['id']}/entries/{entry['id']}/sets/{s['id']}",
             "body": {"kind": "working", "reps": s["reps"], "weight": s["weight"], "weightUnit": "kg", "done": True},
             "handler": "set", "queuedAt": "2026-11-28T18:02:00.000Z"} for s in entry["sets"]]


def test_changes_of_the_old_version_go_to_their_owner(driver, server, flaky_proxy):
    """The phone holds two ticks of Ana's workout from before the update (no account
    named). Ben signs in first: they are not sent under his session nor put to him;
    they reach the server when Ana signs in."""
    ana, ben = register_account(server, "oldana"), register_account(server, "oldben")
    ana_api = api_for(server, ana)
    workout = ana_api.seed_workout("Ana's Old Pull", [(BENCH, [(50, 8, False)] * 2)])
    go(driver, flaky_proxy.url + "/login")
    driver.execute_script("localStorage.setItem('spotter.outbox', arguments[0])", json.dumps(old_queue(workout)))

    sign_in(driver, flaky_proxy.url, ben)
    go(driver, flaky_proxy.url + "/workout")
    wait(driver).until(lambda d: any(workout["id"] in path for _, path, _ in flaky_proxy.answered),
                       message="Ben's pages never looked at the old changes")
    assert not [(m, p, s) for m, p, s in flaky_proxy.answered if workout["id"] in p and m != "GET"], \
        "Ana's old changes were sent under Ben's session"
    assert refused_sheet(driver)["stored"] == 0, "Ana's old changes were put to Ben"
    assert not any(s["done"] for s in server_sets(ana_api.workout(workout["id"])))

    sign_out(driver)
    sign_in(driver, flaky_proxy.url, ana)
    wait(driver, 30).until(lambda d: all(s["done"] for s in server_sets(ana_api.workout(workout["id"]))),
                           message="Ana's old changes did not reach the server once she signed in")
    wait(driver).until(lambda d: workout_state(d)["outbox"] == 0, message="the old changes stayed on the phone")


def test_a_workout_the_old_version_started_is_sent_only_as_its_owners(driver, server, shoot):
    """The version before accounts started a workout on this phone without signal and
    never sent it. Whoever signs in is asked whether it is theirs: Ben says no and it
    stays; Ana says yes and it reaches her account with its set."""
    ana, ben = register_account(server, "startana"), register_account(server, "startben")
    ana_api, ben_api = api_for(server, ana), api_for(server, ben)
    workout_id, entry_id, set_id = (str(uuid.uuid4()) for _ in range(3))
    base = f"/api/v1/workouts/{workout_id}"
    old = [
        {"method": "POST", "url": "/api/v1/workouts", "body": {"id": workout_id, "startedAt": "2026-11-28T18:02:00.000Z"},
         "handler": "workout", "queuedAt": "2026-11-28T18:02:00.000Z"},
        {"method": "PUT", "url": f"{base}/entries/{entry_id}", "body": {"exerciseId": ana_api.exercise_id(BENCH)},
         "handler": "workout", "queuedAt": "2026-11-28T18:03:00.000Z"},
        {"method": "PUT", "url": f"{base}/entries/{entry_id}/sets/{set_id}",
         "body": {"kind": "working", "reps": 5, "weight": 70, "weightUnit": "kg", "done": True},
         "handler": "set", "queuedAt": "2026-11-28T18:04:00.000Z"},
    ]
    go(driver, server + "/login")
    driver.execute_script("localStorage.setItem('spotter.outbox', arguments[0]);"
                          "localStorage.setItem('spotter.offlineWorkout', arguments[1])", json.dumps(old), workout_id)

    def review() -> dict:
        note = wait(driver).until(lambda d: (n := css_all(d, ".refused-note:not([hidden])")) and n[0],
                                  message="the phone did not ask about the old workout")
        tap(driver, note.find_element("css selector", "button"))
        return wait(driver).until(lambda d: (s := refused_sheet(d))["open"] and s["items"] and s, message="no question")

    sign_in(driver, server, ben)
    [item] = review()["items"]
    assert item["what"].startswith("A workout, started on this phone at") and item["what"].endswith("· 1 set"), item
    assert item["buttons"] == ["It's mine: send it", "Not mine"]
    shoot(driver, "o04-old-workout-whose")
    tap(driver, sheet_button(driver, "Not mine"))
    wait(driver).until(lambda d: not refused_sheet(d)["open"], message="the sheet stayed open after Not mine")
    assert ben_api.active() is None and ben_api.workout(workout_id) is None

    sign_out(driver)
    sign_in(driver, server, ana)
    review()
    tap(driver, sheet_button(driver, "It's mine: send it"))
    wait(driver, 30).until(lambda d: (w := ana_api.workout(workout_id)) and server_sets(w), message="Ana's old workout never arrived")
    assert [(s["weight"], s["reps"], s["done"]) for s in server_sets(ana_api.workout(workout_id))] == [(70.0, 5, True)]
    assert ben_api.workout(workout_id) is None
