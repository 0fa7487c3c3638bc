"""Two lifters sharing a phone (issue 34): the changes waiting in the outbox belong to
the account that made them. Signing out keeps them (and nothing else of that lifter);
they are never sent under another lifter's session, and that lifter's kept pages are
not shown to the next one; they reach the server when their owner signs in again."""

from __future__ import annotations

import time

from flaky_proxy import DISK_FULL, Answer, flaky_proxy  # noqa: F401 (fixture)
from pages import button, open_more, path_of, register_account, sign_in, tab, tap_and_load, wait
from test_logging import kept_offline
from test_weak_signal import kept_now
from test_workout import BENCH, api_for, server_sets, tick, wait_synced, workout_state


def sign_out(driver) -> None:
    open_more(driver, "Settings")
    tap_and_load(driver, button(driver, "Sign out"))


def test_a_shared_phone_sends_each_lifters_changes_as_them(driver, server, flaky_proxy):
    """Ana ticks two sets while the server's disk is full and signs out; Ben signs in on the
    same phone: Ana's sets are not sent under Ben's session (Ben's own are), her pages are
    not kept for him, and they reach the server once Ana signs in again."""
    ana, ben = register_account(server, "ana"), register_account(server, "ben")
    ana_api, ben_api = api_for(server, ana), api_for(server, ben)
    ana_workout = ana_api.seed_workout("Ana's Pull", [(BENCH, [(50, 8, False)] * 2)])
    ben_workout = ben_api.seed_workout("Ben's Push", [(BENCH, [(80, 5, False)])])

    sign_in(driver, flaky_proxy.url, ana)
    tap_and_load(driver, tab(driver, "Workout"))
    wait_synced(driver)
    flaky_proxy.fail_writes(Answer(503, DISK_FULL, {"Retry-After": "1"}))
    tick(driver, BENCH, 0)
    tick(driver, BENCH, 1)
    wait(driver).until(lambda d: workout_state(d)["sync"].startswith("Waiting"), message="the disk-full wait is not shown")
    sign_out(driver)
    assert path_of(driver) == "/login"
    assert not kept_offline(driver, "/workout"), "Ana's logging page is still kept for the next person"
    assert workout_state(driver)["outbox"] == 2, "signing out did not keep Ana's two changes"

    flaky_proxy.pass_through()
    sign_in(driver, flaky_proxy.url, ben)
    since = len(flaky_proxy.answered)
    tap_and_load(driver, tab(driver, "Workout"))
    assert workout_state(driver)["name"] == "Ben's Push"
    tick(driver, BENCH, 0)
    # Ana's two changes stay in this browser's outbox: only Ben's line is read.
    wait(driver).until(lambda d: workout_state(d)["sync"] == "" and server_sets(ben_api.workout(ben_workout["id"]))[0]["done"],
                       message="Ben's own set was not sent")
    sent = [path for method, path, _ in flaky_proxy.answered[since:] if method == "PUT"]
    assert sent and not any(ana_workout["id"].lower() in path.lower() for path in sent), f"Ana's sets went under Ben's session: {sent}"
    assert not any(s["done"] for s in server_sets(ana_api.workout(ana_workout["id"])))

    sign_out(driver)
    sign_in(driver, flaky_proxy.url, ana)
    wait(driver, 30).until(lambda d: all(s["done"] for s in server_sets(ana_api.workout(ana_workout["id"]))),
                           message="Ana's sets did not reach the server after she signed in again")
    assert len(server_sets(ana_api.workout(ana_workout["id"]))) == 2


def test_a_page_answered_after_sign_out_is_not_kept(driver, server, flaky_proxy):
    """On a crawling network the Workout tab opens from the phone's copy while the
    server's page is still on its way; the lifter signs out meanwhile. When the page
    arrives (made for the lifter before the sign-out), it is not kept for the next
    person on the phone."""
    ana = register_account(server, "lateana")
    api_for(server, ana).seed_workout("Ana's Legs", [(BENCH, [(50, 8, False)])])
    sign_in(driver, flaky_proxy.url, ana)
    kept_now(driver, flaky_proxy.url, "/workout")
    tap_and_load(driver, tab(driver, "Home"))
    flaky_proxy.slow(4, lambda method, path: method == "GET" and path == "/workout")
    since = len(flaky_proxy.answered)
    tap_and_load(driver, tab(driver, "Workout"))
    sign_out(driver)
    wait(driver, 15).until(lambda d: ("GET", "/workout", 200) in flaky_proxy.answered[since:],
                           message="the server's page never arrived")
    # The phone would keep it as soon as it arrives: look for a moment and a half.
    deadline = time.monotonic() + 1.5
    while time.monotonic() < deadline:
        assert not kept_offline(driver, "/workout"), "Ana's page, arriving after she signed out, was kept"
