"""Which changes a refusal holds back (issue 34, review): a refused change takes with it
only the changes that need it. A new order of the exercises refused because another
device added one meanwhile is no question for the lifter: the server's order stands,
and the changes after it go on.

The browser talks to the server through a FlakyProxy (flaky_proxy.py), which records
what it answered."""

from __future__ import annotations

import uuid

import pytest

from flaky_proxy import flaky_proxy  # noqa: F401 (fixture)
from pages import button, css, register_account, sign_in, tab, tap, tap_and_load, wait
from test_outbox_faults import refused_sheet
from test_workout import BENCH, PULL_UP, SQUAT, api_for, server_sets, tick, wait_synced, workout_state


@pytest.fixture
def lifter(server) -> dict:
    account = register_account(server, "orderly")
    return {"account": account, "api": api_for(server, account)}


def move_up(driver, exercise: str) -> None:
    tap(driver, css(driver, f'button[aria-label="Options for {exercise}"]'))
    tap(driver, button(driver, "Move up", css(driver, "#entry-options")))


def test_a_refused_reorder_gives_way_to_the_servers_order(driver, server, lifter, flaky_proxy):
    """The phone moves Squat up while a tablet has added Pull Up: the server refuses the
    order (it does not list Pull Up). The page takes the server's order, with Pull Up,
    asks nothing, and a set ticked next reaches the server."""
    api = lifter["api"]
    workout = api.seed_workout("Two Devices", [(BENCH, [(100, 5, False)]), (SQUAT, [(120, 5, False)])])
    sign_in(driver, flaky_proxy.url, lifter["account"])
    tap_and_load(driver, tab(driver, "Workout"))
    wait_synced(driver)
    api.ok("PUT", f"/api/v1/workouts/{workout['id']}/entries/{uuid.uuid4()}", {"exerciseId": api.exercise_id(PULL_UP)})

    move_up(driver, SQUAT)
    wait(driver).until(lambda d: any(m == "PUT" and p.endswith("/entries/order") and s == 400 for m, p, s in flaky_proxy.answered),
                       message="the server did not refuse the phone's order")
    wait(driver).until(lambda d: [e["name"] for e in workout_state(d)["entries"]] == [BENCH, SQUAT, PULL_UP],
                       message=f"the page did not take the server's order: {[e['name'] for e in workout_state(driver)['entries']]}")
    tick(driver, BENCH, 0)
    wait_synced(driver)
    assert refused_sheet(driver)["stored"] == 0, "a refused order was put to the lifter"
    saved = api.workout(workout["id"])
    assert [e["exerciseName"] for e in saved["entries"]] == [BENCH, SQUAT, PULL_UP]
    assert server_sets(saved)[0]["done"], "the tick after the refused order never reached the server"
