"""Templates in a phone-sized Chromium: take a preset, tweak it for today, start, log,
finish, and decide what happens to the template: kept as it is the first time,
updated ("sets, reps and weights") after a confirmation the second time. The
server's copy of the template is read through the JSON API to prove what changed.
Screenshots of the library, the presets, a template's detail and the prep page. Also: the
three-step create flow, a cancelled edit, and sharing a template as a file."""

from __future__ import annotations

import json

import pytest
from selenium.webdriver.common.by import By

from pages import (
    assert_no_error_page, button, css, css_all, fit_problems, go, notice, path_of, register_account, sign_in, tap,
    tap_and_load, text_of, type_into, wait)
from test_workout import api_for, confirm, set_count, tick, wait_synced

PRESET = "Starting Strength - Workout A"
SQUAT = "Squat (Barbell)"
DEADLIFT = "Deadlift (Barbell)"


def template_card(driver, name: str):
    for card in css_all(driver, ".template-card"):
        if card.find_element(By.CSS_SELECTOR, ".row-title").text.strip() == name:
            return card
    raise AssertionError(f"no template card {name!r} on {driver.current_url}")


def prep_row(driver, exercise: str):
    for row in css_all(driver, ".template-row"):
        if row.find_element(By.CSS_SELECTOR, "h2").text.strip() == exercise:
            return row
    raise AssertionError(f"no row for {exercise!r} on the prep page")


def row_field(driver, exercise: str, name: str):
    return prep_row(driver, exercise).find_element(By.CSS_SELECTOR, f'[name="{name}"]')


def template_shape(template: dict) -> list[tuple]:
    """What a lifter would compare: exercises in order with sets, reps, weight, rest."""
    return [(e["exerciseName"], e["setCount"], e["repMin"], e["repMax"], e.get("targetWeight"), e.get("restSeconds"))
            for e in template["exercises"]]


def log_and_finish(driver) -> None:
    """Ticks every set of the workout on the page, then finishes it through the dialog."""
    names = [h.text.strip() for h in css_all(driver, ".entry-head h2")]
    for name in names:
        for index in range(set_count(driver, name)):
            tick(driver, name, index)
    wait_synced(driver)
    tap(driver, css(driver, '[data-action="finish"]'))
    confirm(driver, "Finish")
    tap_and_load(driver, css(driver, "#confirm-dialog [data-confirm-yes]"))
    assert path_of(driver).startswith("/history/") and path_of(driver).endswith("/summary"), driver.current_url
    # The summary asks one question; "More options" leads to every choice on the workout's page.
    more = [a for a in css_all(driver, "a.block-link") if a.text.strip() == "More options"]
    tap_and_load(driver, more[0] if more else css(driver, ".actions a.button:not(.primary)"))


def test_preset_tweak_keep_then_update(server, driver, shoot):
    account = register_account(server, "tpl")
    api = api_for(server, account)
    sign_in(driver, server, account)

    # The library starts empty and points to the presets.
    go(driver, server + "/templates")
    assert "No templates yet" in text_of(driver, ".empty-state")
    tap_and_load(driver, button(driver, "Browse presets"))
    assert path_of(driver) == "/templates/presets"
    routines = [h.text for h in css_all(driver, ".preset-group h2")]
    assert len(routines) >= 9, routines
    shoot(driver, "templates-presets")

    # A preset is read-only: its page offers only "Use this template".
    tap_and_load(driver, template_card(driver, PRESET).find_element(By.CSS_SELECTOR, "a"))
    assert text_of(driver, "h1") == PRESET
    assert not [b for b in css_all(driver, "a.button, button") if b.text.strip() in ("Edit template", "Start and tweak for today")]
    tap_and_load(driver, button(driver, "Use this template"))
    assert "now one of your templates" in notice(driver)
    template_id = path_of(driver).rsplit("/", 1)[1]
    before = api.ok("GET", f"/api/v1/templates/{template_id}")
    assert before["isPreset"] is False and before["name"] == PRESET
    assert [e[0] for e in template_shape(before)] == [SQUAT, "Bench Press (Barbell)", DEADLIFT]
    shoot(driver, "template-detail", full_page=True)

    # Start and tweak: drop the deadlift and squat 4s instead of 5s, today only.
    tap_and_load(driver, button(driver, "Start and tweak for today"))
    assert path_of(driver) == f"/templates/{template_id}/prep"
    tap_and_load(driver, prep_row(driver, DEADLIFT).find_element(By.CSS_SELECTOR, f'[aria-label="Remove {DEADLIFT}"]'))
    assert [h.text.strip() for h in css_all(driver, ".template-row h2")] == [SQUAT, "Bench Press (Barbell)"]
    type_into(driver, row_field(driver, SQUAT, "row_repMin"), "4")
    type_into(driver, row_field(driver, SQUAT, "row_repMax"), "4")
    type_into(driver, row_field(driver, SQUAT, "row_weight"), "100")
    assert css(driver, 'input[name="templateUpdate"][value="keep"]').is_selected()
    assert fit_problems(driver, "prep page") == []
    shoot(driver, "template-prep", full_page=True)
    tap_and_load(driver, button(driver, "Start workout"))
    assert path_of(driver) == "/workout"
    active = api.active()
    assert active["templateId"].lower() == template_id
    assert [e["exerciseName"] for e in active["entries"]] == [SQUAT, "Bench Press (Barbell)"]
    squat_sets = active["entries"][0]["sets"]
    assert [(s["reps"], s["weight"], s["done"]) for s in squat_sets] == [(4, 100, False)] * 3
    # The logging page shows the plan beside the sets.
    wait(driver).until(lambda d: css_all(d, ".entry-target"))
    assert [t.text for t in css_all(driver, ".entry-target")] == ["Target 4 reps", "Target 5 reps"]
    shoot(driver, "template-workout")
    assert api.ok("GET", f"/api/v1/templates/{template_id}")["exercises"] == before["exercises"]

    # Log it, finish, and keep the template as it is (the default).
    log_and_finish(driver)
    assert css(driver, 'input[name="choice"][value="keep"]').is_selected()
    tap_and_load(driver, button(driver, "Continue"))
    assert notice(driver) == "The template stays as it was."
    after_keep = api.ok("GET", f"/api/v1/templates/{template_id}")
    assert template_shape(after_keep) == template_shape(before)
    assert after_keep["updatedAt"] == before["updatedAt"]

    # Again, all three exercises, squats of 4, and this time update the values.
    go(driver, server + f"/templates/{template_id}/prep")
    type_into(driver, row_field(driver, SQUAT, "row_repMin"), "4")
    type_into(driver, row_field(driver, SQUAT, "row_repMax"), "4")
    tap_and_load(driver, button(driver, "Start workout"))
    log_and_finish(driver)
    tap(driver, css(driver, 'input[name="choice"][value="values"]'))
    tap_and_load(driver, button(driver, "Continue"))
    assert_no_error_page(driver, "asking to update the template")
    changes = [li.text.strip() for li in css_all(driver, ".change-list li")]
    assert changes == [f"{SQUAT}: 3 x 5 → 3 x 4"], changes
    shoot(driver, "template-update-confirm")
    # Changing one's mind on the confirmation keeps the template as it is.
    tap_and_load(driver, button(driver, "Keep the template as it is"))
    assert notice(driver) == "The template stays as it was."
    assert template_shape(api.ok("GET", f"/api/v1/templates/{template_id}")) == template_shape(before)
    tap(driver, css(driver, 'input[name="choice"][value="values"]'))
    tap_and_load(driver, button(driver, "Continue"))
    tap_and_load(driver, button(driver, "Update template"))
    assert notice(driver) == "Template updated."
    updated = api.ok("GET", f"/api/v1/templates/{template_id}")
    expected = [row if row[0] != SQUAT else (SQUAT, 3, 4, 4, None, row[5]) for row in template_shape(before)]
    assert template_shape(updated) == expected

    # The library lists the template with its last use; screenshot it.
    go(driver, server + "/templates")
    card = template_card(driver, PRESET)
    assert "Last used today" in card.text
    assert fit_problems(driver, "template library") == []
    shoot(driver, "templates-library")


def test_create_edit_draft_and_cancel(server, driver, shoot, tmp_path):
    """The three-step create flow, then an edit whose changes are thrown away by Cancel."""
    account = register_account(server, "tpc")
    api = api_for(server, account)
    sign_in(driver, server, account)
    go(driver, server + "/templates/new")
    tap_and_load(driver, button(driver, "Next: exercises"))
    assert "Give the template a name." in text_of(driver, ".field-error")
    type_into(driver, css(driver, 'input[name="name"]'), "Push Day")
    tap_and_load(driver, button(driver, "Next: exercises"))
    type_into(driver, css(driver, "[data-pick-filter]"), "bench press barbell")
    bench = next(r for r in css_all(driver, ".pick-row") if r.is_displayed() and r.text.strip() == "Bench Press (Barbell)")
    tap(driver, bench.find_element(By.CSS_SELECTOR, "input"))
    type_into(driver, css(driver, "[data-pick-filter]"), "triceps pushdown")
    pushdown = next(r for r in css_all(driver, ".pick-row") if r.is_displayed() and "Pushdown" in r.text)
    tap(driver, pushdown.find_element(By.CSS_SELECTOR, "input"))
    tap_and_load(driver, button(driver, "Next: sets and reps"))
    rows = [h.text.strip() for h in css_all(driver, ".template-row h2")]
    assert rows[0] == "Bench Press (Barbell)" and len(rows) == 2
    # Defaults: 3 x 8-12, 120 s.
    # No rest of its own: the lifter's (the one last chosen for the exercise, else the default).
    assert [row_field(driver, rows[0], f).get_attribute("value") for f in ("row_sets", "row_repMin", "row_repMax", "row_rest")] == ["3", "8", "12", ""]
    assert row_field(driver, rows[0], "row_rest").get_attribute("placeholder") == "auto"
    type_into(driver, row_field(driver, rows[0], "row_repMin"), "12")
    type_into(driver, row_field(driver, rows[0], "row_repMax"), "8")
    tap_and_load(driver, button(driver, "Create template"))
    assert "lowest reps (12) are more than the highest (8)" in text_of(driver, ".template-row .field-error")
    assert api.ok("GET", "/api/v1/templates")["items"] == []
    type_into(driver, row_field(driver, rows[0], "row_repMin"), "6")
    tap_and_load(driver, button(driver, "Create template"))
    assert notice(driver) == "Template created."
    template_id = path_of(driver).rsplit("/", 1)[1]
    saved = api.ok("GET", f"/api/v1/templates/{template_id}")

    # Edit: move, remove, change; then Cancel. Nothing changes.
    tap_and_load(driver, button(driver, "Edit template"))
    tap_and_load(driver, css(driver, f'[aria-label="Move {rows[1]} up"]'))
    tap_and_load(driver, css(driver, 'button[value="remove-1"]'))
    type_into(driver, css(driver, 'input[name="name"]'), "Something else")
    assert [h.text.strip() for h in css_all(driver, ".template-row h2")] == [rows[1]]
    shoot(driver, "template-edit")
    tap_and_load(driver, button(driver, "Cancel"))
    assert api.ok("GET", f"/api/v1/templates/{template_id}") == saved

    # Share it as a file and bring it back in: the copy gets "(Imported)".
    exported = api.ok("GET", f"/api/v1/templates/{template_id}/export")
    path = tmp_path / "push-day.spotter-template.json"
    path.write_text(json.dumps(exported))
    go(driver, server + "/templates/import")
    css(driver, 'input[type="file"]').send_keys(str(path))
    tap_and_load(driver, button(driver, "Import"))
    assert notice(driver) == "Templates imported."
    assert template_card(driver, "Push Day (Imported)")
    # A file that is not a template file is refused with the reason, and nothing is added.
    path.write_text("not json")
    go(driver, server + "/templates/import")
    css(driver, 'input[type="file"]').send_keys(str(path))
    tap_and_load(driver, button(driver, "Import"))
    assert "not a Spotter template file" in text_of(driver, ".form-error")
    assert len(api.ok("GET", "/api/v1/templates")["items"]) == 2
