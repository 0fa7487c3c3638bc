"""How the outbox sends a change again (issue 34, review): every temporary failure
(429, a proxy's 408, a dropped connection, an answer slower than the request's time
limit, a session that ended) keeps the change, and it reaches the server once; the
server's Retry-After holds every tab; a change whose answer was lost is sent again
only when that is safe; a change the server never takes is put to the lifter; and
Finish says what it waits for.

The browser talks to the server through a FlakyProxy (flaky_proxy.py). The outbox's
waits are shortened for the tests through localStorage (`spotter.outbox.timing`)."""

from __future__ import annotations

import json

import pytest

from flaky_proxy import DISK_FULL, Answer, flaky_proxy  # noqa: F401 (fixture)
from pages import css, go, path_of, register_account, sign_in, tab, tap, tap_and_load, wait
from test_outbox_faults import refused_sheet, sheet_button
from test_workout import (
    BENCH, api_for, delete_set, server_ids, server_sets, tick, wait_rest_shown, wait_synced, workout_state)

RATE_LIMITED = {"error": {"code": "rate_limited", "message": "Too many requests; try again in a moment.", "field": None}}
PROXY_PAGE = "<html><body><h1>{}</h1><p>nginx</p></body></html>"


@pytest.fixture
def lifter(server) -> dict:
    account = register_account(server, "retrier")
    return {"account": account, "api": api_for(server, account)}


def open_workout(driver, proxy, lifter, plan, **timing) -> dict:
    """Seeds a workout, signs in through the proxy with the outbox's waits shortened as
    `timing` says (requestTimeoutMs, stuckAfterMs) and opens the Workout tab."""
    workout = lifter["api"].seed_workout("Retries", plan)
    sign_in(driver, proxy.url, lifter["account"])
    driver.execute_script("localStorage.setItem('spotter.outbox.timing', arguments[0])", json.dumps(timing))
    tap_and_load(driver, tab(driver, "Workout"))
    wait_synced(driver)
    return workout


def sent(proxy, part: str, method: str = "PUT") -> list[int]:
    """The statuses of the `method` requests whose path contains `part`, in order."""
    return [status for m, path, status in list(proxy.answered) if m == method and part in path]


def test_temporary_failures_keep_every_change(driver, server, lifter, flaky_proxy):
    """A 429 with Retry-After, a proxy's 408 page, connections dropped while the phone
    thinks it is online, and answers slower than the time limit of a request: each tick
    waits on the phone and reaches the server, once."""
    api = lifter["api"]
    workout = open_workout(driver, flaky_proxy, lifter, [(BENCH, [(100, 5, False)] * 4)], requestTimeoutMs=1500)
    ids = server_ids(workout)

    flaky_proxy.refuse_once("PUT", ids[0], Answer(429, RATE_LIMITED, {"Retry-After": "1"}))
    flaky_proxy.refuse_once("PUT", ids[1], Answer(408, PROXY_PAGE.format("408 Request Time-out")))
    tick(driver, BENCH, 0)
    tick(driver, BENCH, 1)
    wait_synced(driver, timeout=30)
    assert sent(flaky_proxy, ids[0]) == [429, 200] and sent(flaky_proxy, ids[1]) == [408, 200]

    flaky_proxy.drop()
    tick(driver, BENCH, 2)
    wait(driver).until(lambda d: 0 in sent(flaky_proxy, ids[2]), message="the tick was not sent")
    assert workout_state(driver)["outbox"] == 1, "a dropped connection lost the change"
    flaky_proxy.pass_through()
    wait_synced(driver, timeout=30)

    # The server takes the tick but its answer crawls (3 s, past the 1.5 s limit): the
    # phone gives up on it and sends it again, until an answer comes in time.
    flaky_proxy.slow(3, lambda method, path: method == "PUT")
    tick(driver, BENCH, 3)
    wait(driver, 15).until(lambda d: len(sent(flaky_proxy, ids[3])) >= 2 or workout_state(d)["outbox"] == 0,
                           message=f"a request that never answered was not given up: {sent(flaky_proxy, ids[3])}")
    assert workout_state(driver)["outbox"] == 1, "an answer that came too late counted as taken"
    flaky_proxy.pass_through()
    wait_synced(driver, timeout=30)

    saved = server_sets(api.workout(workout["id"]))
    assert [s["id"].lower() for s in saved] == ids and all(s["done"] for s in saved), saved


def test_retry_after_holds_every_tab(driver, server, lifter, flaky_proxy):
    """The server's disk is full (503, Retry-After: 4, twice the first pause). With the
    logging page open in two tabs, the phone asks again no sooner than the server said:
    the wait is shared, not one per tab. The tick then arrives once."""
    api = lifter["api"]
    workout = open_workout(driver, flaky_proxy, lifter, [(BENCH, [(100, 5, False)])])
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    go(driver, flaky_proxy.url + "/workout")
    wait_synced(driver)
    driver.switch_to.window(first)

    flaky_proxy.fail_writes(Answer(503, DISK_FULL, {"Retry-After": "4"}))
    tick(driver, BENCH, 0)
    wait(driver, 30).until(lambda d: flaky_proxy.count(503) >= 3, message="the phone stopped asking")
    times = [t for t, (_, _, status) in zip(list(flaky_proxy.times), list(flaky_proxy.answered)) if status == 503]
    gaps = [round(b - a, 1) for a, b in zip(times, times[1:])]
    assert min(gaps) >= 3.5, f"the phone asked again {gaps} s apart; the server said 4 s"
    flaky_proxy.pass_through()
    wait_synced(driver, timeout=30)
    assert [s["done"] for s in server_sets(api.workout(workout["id"]))] == [True]


def test_a_change_whose_answer_was_lost(driver, server, lifter, flaky_proxy):
    """The server takes a change but its answer is lost. A tick is sent again (it is
    whole: stored once); +15 s of rest is not (twice would be 30 s); a deletion sent
    again finds the set gone (404), which means done, not refused."""
    api = lifter["api"]
    workout = open_workout(driver, flaky_proxy, lifter, [(BENCH, [(100, 5, False)] * 3)])
    ids = server_ids(workout)

    flaky_proxy.lose_answer_once("PUT", ids[0])
    tick(driver, BENCH, 0)
    wait_synced(driver, timeout=30)
    assert sent(flaky_proxy, ids[0]) == [0, 200]
    assert server_ids(api.active()) == ids and server_sets(api.active())[0]["done"]

    wait_rest_shown(driver, "a tick")
    before = api.active()["rest"]["totalSeconds"]
    flaky_proxy.lose_answer_once("POST", "/rest")
    tap(driver, css(driver, '[data-action="rest-add"]'))
    wait(driver).until(lambda d: sent(flaky_proxy, "/rest", "POST"), message="+15 s was not sent")
    wait_synced(driver, timeout=30)
    assert api.active()["rest"]["totalSeconds"] == before + 15, "+15 s whose answer was lost was added twice"

    flaky_proxy.lose_answer_once("DELETE", ids[2])
    delete_set(driver, BENCH, 2)
    wait(driver).until(lambda d: 404 in sent(flaky_proxy, ids[2], "DELETE"), message="the deletion was not sent again")
    wait_synced(driver, timeout=30)
    assert refused_sheet(driver)["stored"] == 0, "a set deleted twice was shown as refused"
    assert server_ids(api.active()) == ids[:2]


def test_a_change_the_server_never_takes_is_put_to_the_lifter(driver, server, lifter, flaky_proxy, shoot):
    """A proxy answers one tick with its own 413 page every time. After a few tries the
    lifter sees it (still kept, still tried); Finish says what it waits for; Discard lets
    the changes behind it go."""
    api = lifter["api"]
    workout = open_workout(driver, flaky_proxy, lifter, [(BENCH, [(100, 5, False)] * 2)], stuckAfterMs=1000)
    ids = server_ids(workout)
    flaky_proxy.refuse("PUT", ids[0], Answer(413, PROXY_PAGE.format("413 Request Entity Too Large")))
    tick(driver, BENCH, 0)
    tick(driver, BENCH, 1)
    wait(driver, 30).until(lambda d: workout_state(d)["sync"].startswith("Not saved"),
                           message=f"the change the server never takes was not put to the lifter: {workout_state(driver)['sync']!r}")
    assert workout_state(driver)["outbox"] == 2, "the change was dropped, or the one behind it sent out of order"
    assert not server_sets(api.active())[1]["done"]

    tap(driver, css(driver, '[data-action="finish"]'))
    tap(driver, css(driver, "#confirm-dialog [data-confirm-yes]"))
    sheet = wait(driver).until(lambda d: (s := refused_sheet(d))["open"] and s["items"] and s, message="Finish did not show why it waits")
    assert workout_state(driver)["toast"] == "Finish waits until the changes that were not saved are sent again or discarded."
    [item] = sheet["items"]
    assert item["what"] == f"{BENCH} set 1: 100 kg × 5, ticked"
    assert item["why"].startswith("Not taken by the server for 1 min · No answer from the server (413)"), item
    assert item["buttons"] == ["Send again", "Discard"]
    shoot(driver, "o05-change-never-taken")

    tap(driver, sheet_button(driver, "Discard"))
    tap(driver, sheet_button(driver, "Tap again to discard"))
    wait_synced(driver, timeout=30)
    assert [s["done"] for s in server_sets(api.active())] == [False, True]
    assert path_of(driver) == "/workout"


def test_finish_says_what_it_waits_for(driver, server, lifter, flaky_proxy):
    """A tick's answer crawls (20 s): Finish does not sit silent; within seconds it says
    that it waits for a change on its way, and the workout stays open."""
    open_workout(driver, flaky_proxy, lifter, [(BENCH, [(100, 5, False)])])
    flaky_proxy.slow(20, lambda method, path: method == "PUT")
    tick(driver, BENCH, 0)
    tap(driver, css(driver, '[data-action="finish"]'))
    tap(driver, css(driver, "#confirm-dialog [data-confirm-yes]"))
    toast = wait(driver, 10).until(lambda d: workout_state(d)["toast"], message="Finish said nothing while it waited")
    assert toast.startswith("Finish waits for 1 change still on the way to the server"), toast
    assert path_of(driver) == "/workout"


def test_an_ended_session_keeps_the_changes(driver, server, lifter, flaky_proxy):
    """The session ends by itself (its cookie is gone): the tick waits, the line asks to
    sign in, and after signing in it reaches the server."""
    api = lifter["api"]
    open_workout(driver, flaky_proxy, lifter, [(BENCH, [(100, 5, False)])])
    driver.delete_all_cookies()
    tick(driver, BENCH, 0)
    wait(driver).until(lambda d: workout_state(d)["sync"].startswith("Not sent · sign in again to send 1 change"),
                       message=f"the line does not ask to sign in: {workout_state(driver)['sync']!r}")
    assert workout_state(driver)["outbox"] == 1
    sign_in(driver, flaky_proxy.url, lifter["account"])
    wait(driver, 30).until(lambda d: server_sets(api.active())[0]["done"], message="the tick never arrived after signing in")


def test_discarding_the_workout_takes_its_waiting_changes(driver, server, lifter, flaky_proxy):
    """Two ticks wait (the disk is full) when the lifter discards the workout: they go
    with it, and come back as nothing refused on the next page."""
    open_workout(driver, flaky_proxy, lifter, [(BENCH, [(100, 5, False)] * 2)])
    flaky_proxy.refuse("PUT", "/sets/", Answer(503, DISK_FULL, {"Retry-After": "1"}))
    tick(driver, BENCH, 0)
    tick(driver, BENCH, 1)
    wait(driver).until(lambda d: workout_state(d)["outbox"] == 2, message="the ticks are not waiting")
    tap(driver, css(driver, '[data-action="discard"]'))
    driver.execute_script("window.__spotterOldPage = true")
    tap(driver, css(driver, "#confirm-dialog [data-confirm-yes]"))
    wait(driver).until(lambda d: path_of(d) == "/" and not d.execute_script("return window.__spotterOldPage === true"),
                       message="discarding did not lead Home")
    flaky_proxy.pass_through()
    assert workout_state(driver)["outbox"] == 0, "the discarded workout's changes are still waiting"
    assert refused_sheet(driver)["stored"] == 0
    assert lifter["api"].active() is None
