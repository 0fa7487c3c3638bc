"""Page forms without signal (issue 34): a form that needs the server, sent without a
connection or to a server that cannot be reached, stays on its page with what was
typed and says that it needs signal, instead of the browser's error page; Finish on
the logging page says so in words.

The browser talks to the server through a FlakyProxy (flaky_proxy.py), which drops
connections on demand."""

from __future__ import annotations

import pytest

from flaky_proxy import flaky_proxy  # noqa: F401 (fixture)
from pages import (
    button, css, css_all, go, mark_page, path_of, register_account, same_page, sign_in, tap, type_into, wait)
from test_workout import BENCH, api_for, set_offline, wait_synced, workout_state


@pytest.fixture
def lifter(server) -> dict:
    account = register_account(server, "nosignal")
    return {"account": account, "api": api_for(server, account)}


def form_note(driver) -> str:
    notes = css_all(driver, "[data-offline-note]")
    return notes[0].text.strip() if notes else ""


def test_forms_without_signal_stay_on_the_page(driver, server, lifter, flaky_proxy, shoot):
    """Starting a routine without signal, or with a server that cannot be reached, keeps
    Home and says it needs signal; a past workout's form keeps what was typed; Finish on
    the logging page says so in words (no "Failed to fetch")."""
    sign_in(driver, flaky_proxy.url, lifter["account"])
    start = css(driver, 'form[action$="/use"] button[type="submit"]')
    label = start.get_attribute("aria-label")

    set_offline(driver, True)
    try:
        tap(driver, start)
        wait(driver).until(lambda d: form_note(d).startswith("No signal"), message="nothing said at the form")
        assert path_of(driver) == "/" and driver.current_url.startswith(flaky_proxy.url), driver.current_url
        assert f"“{label}” needs a connection" in form_note(driver)
    finally:
        set_offline(driver, False)

    # Online as far as the phone knows, but the server cannot be reached: the service
    # worker answers for it.
    go(driver, flaky_proxy.url + "/")
    wait(driver).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"),
                       message="the service worker does not control the page")
    mark_page(driver)
    flaky_proxy.drop()
    tap(driver, css(driver, 'form[action$="/use"] button[type="submit"]'))
    wait(driver).until(lambda d: form_note(d).startswith("No signal"), message="an unreachable server ended on an error page")
    assert same_page(driver) and path_of(driver) == "/"
    flaky_proxy.pass_through()
    assert lifter["api"].active() is None

    # What was typed stays.
    go(driver, flaky_proxy.url + "/workouts/past")
    type_into(driver, css(driver, 'input[name="name"]'), "Forgotten legs")
    type_into(driver, css(driver, 'input[name="minutes"]'), "45")
    set_offline(driver, True)
    try:
        tap(driver, button(driver, "Log it and add exercises"))
        wait(driver).until(lambda d: form_note(d).startswith("No signal"), message="nothing said at the past workout's form")
        assert path_of(driver) == "/workouts/past"
        assert css(driver, 'input[name="name"]').get_attribute("value") == "Forgotten legs"
        assert css(driver, 'input[name="minutes"]').get_attribute("value") == "45"
        shoot(driver, "s02-form-needs-signal")
    finally:
        set_offline(driver, False)

    lifter["api"].seed_workout("Finish Later", [(BENCH, [(100, 5, True)])])
    go(driver, flaky_proxy.url + "/workout")
    wait_synced(driver)
    set_offline(driver, True)
    try:
        tap(driver, css(driver, '[data-action="finish"]'))
        tap(driver, css(driver, "#confirm-dialog [data-confirm-yes]"))
        toast = wait(driver).until(lambda d: workout_state(d)["toast"], message="Finish said nothing without signal")
        assert toast.startswith("No signal: finishing needs a connection"), toast
        assert path_of(driver) == "/workout"
    finally:
        set_offline(driver, False)
