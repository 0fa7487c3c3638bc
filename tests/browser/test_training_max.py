"""A lift's training max in a phone-sized Chromium: offered from the last 8 weeks'
best e1RM, taken with one tap, a refused value that adds nothing, a typed change, the
history, and deleting the newest bringing the one before back. Screenshots in light and
dark."""

from __future__ import annotations

import pytest

from pages import (
    assert_no_error_page, button, css, css_all, go, notice, path_of, register_account, sign_in, tap_and_load, text_of,
    type_into)
from test_progress import SQUAT, squat_id
from test_workout import api_for, assert_clean_console

# A form posted with a refused value answers 400; Chromium logs that as a console error.
REFUSED_400 = r"/training-max - Failed to load resource: the server responded with a status of 400"


@pytest.fixture
def lifter(server) -> dict:
    account = register_account(server, "maxes")
    return {"account": account, "api": api_for(server, account)}


def history(driver) -> list[str]:
    return [row.text.replace("\n", " ").strip() for row in css_all(driver, "section.card ul.list li .row-title")]


def maxes(api, exercise_id: str) -> list[tuple[float, str]]:
    lift = api.ok("GET", f"/api/v1/exercises/{exercise_id}/training-max")
    return [(m["weight"], m["source"]) for m in lift["history"]]


def test_training_max_offered_taken_changed_and_deleted(driver, server, lifter, shoot):
    """Squats of 100, 102.5 and 105 kg x 5: the best e1RM is 122.5 kg (105 x (1 + 5/30)),
    so the offer is 90% of it, 110.25, rounded down to the 2.5 kg step: 110 kg."""
    api = lifter["api"]
    exercise_id = squat_id(api)
    for name, weight in (("Squat A", 100), ("Squat B", 102.5), ("Squat C", 105)):
        api.seed_workout(name, [(SQUAT, [(weight, 5, True)])], finish=True)

    sign_in(driver, server, lifter["account"])
    go(driver, server + f"/exercises/{exercise_id}")
    row = next(a for a in css_all(driver, "main a.card.row") if a.get_attribute("href").endswith("/training-max"))
    assert "None yet" in row.text, row.text
    tap_and_load(driver, row)
    assert path_of(driver) == f"/exercises/{exercise_id}/training-max"
    assert text_of(driver, "header.topbar h1") == "Training max"
    assert text_of(driver, "#training-max-current") == "No training max yet."
    offer = text_of(driver, "form.card h2")
    assert offer == "Offered: 110 kg", offer
    reason = text_of(driver, "form.card p.muted")
    assert reason.startswith("90% of your best e1RM of the last 8 weeks (122.5 kg on "), reason
    shoot(driver, "tm01-offer", full_page=True)

    tap_and_load(driver, button(driver, "Use 110 kg"))
    assert_no_error_page(driver, "taking the offer")
    assert notice(driver) == "Training max saved."
    assert text_of(driver, "#training-max-current") == "110 kg"
    assert text_of(driver, "#training-max-current + p.muted").endswith("· from your e1RM")
    assert maxes(api, exercise_id) == [(110, "estimated")]

    # 0 kg is refused with the rule's words, and nothing is added.
    weight = css(driver, 'form.form:not(:has([name="source"])) [name="weight"]')
    assert weight.get_attribute("value") == "110", "the box starts at the max in force"
    type_into(driver, weight, "0")
    tap_and_load(driver, button(driver, "Save training max"))
    errors = [e.text.strip() for e in css_all(driver, ".field.invalid .field-error")]
    assert errors == ["The training max must be from 1 to 600 kg."], errors
    assert maxes(api, exercise_id) == [(110, "estimated")]
    shoot(driver, "tm02-refused")

    type_into(driver, css(driver, 'form.form:not(:has([name="source"])) [name="weight"]'), "112.5")
    tap_and_load(driver, button(driver, "Save training max"))
    assert_no_error_page(driver, "typing a training max")
    assert text_of(driver, "#training-max-current") == "112.5 kg"
    assert history(driver) == ["112.5 kg In force", "110 kg"], history(driver)
    assert maxes(api, exercise_id) == [(112.5, "typed"), (110, "estimated")]
    shoot(driver, "tm03-history", full_page=True)

    tap_and_load(driver, css(driver, "section.card ul.list li form button"))
    assert_no_error_page(driver, "deleting the newest max")
    assert notice(driver) == "Training max deleted. The one before it is in force again."
    assert text_of(driver, "#training-max-current") == "110 kg"
    assert history(driver) == ["110 kg In force"], history(driver)

    go(driver, server + f"/exercises/{exercise_id}")
    row = next(a for a in css_all(driver, "main a.card.row") if a.get_attribute("href").endswith("/training-max"))
    assert "110 kg since" in row.text, row.text
    assert_clean_console(driver, REFUSED_400)
