"""Programs in a phone-sized Chromium: take a preset, activate it, see today's session on
Home, start it with suggested weights and their reasons, log it with a session RPE,
finish, and watch adherence and today's day move on. Also: the create wizard with a
validation error and the intensity chart. Screenshots of the programs list, a program's
detail, the wizard's steps, the Home card and the logging page, light and dark. The
server's view is read through the JSON API."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from pages import (
    assert_no_error_page, button, css, css_all, fit_problems, go, notice, open_more, path_of, register_account, sign_in, tab, tap,
    tap_and_load, text_of, type_into, wait)
from test_templates import log_and_finish
from test_workout import api_for, set_values, wait_synced

PRESET = "Starting Strength"
SQUAT = "Squat (Barbell)"


def program_card(driver, name: str):
    for card in css_all(driver, ".program-card"):
        if card.find_element(By.CSS_SELECTOR, ".row-title").text.strip() == name:
            return card
    raise AssertionError(f"no program card {name!r} on {driver.current_url}")


def test_preset_activate_start_log_and_move_on(server, driver, shoot):
    account = register_account(server, "prog")
    api = api_for(server, account)
    # Last time's squat: 100 kg for 5, and the session felt like an 8.
    seeded = api.seed_workout("Earlier squats", [(SQUAT, [(100, 5, True), (100, 5, True)])], finish=True)
    api.ok("PATCH", f"/api/v1/workouts/{seeded['id']}", {"sessionRPE": 8})
    sign_in(driver, server, account)

    # The Programs tab, empty at first, points to the presets.
    open_more(driver, "Programs")
    assert path_of(driver) == "/programs"
    assert "No programs yet" in text_of(driver, ".empty-state")
    shoot(driver, "programs-empty")
    tap_and_load(driver, button(driver, "Browse preset programs"))
    names = [e.text.strip() for e in css_all(driver, ".program-card .row-title")]
    assert len(names) >= 15, names
    assert PRESET in names and "5/3/1 Boring But Big" in names, names
    assert "12 weeks · 3 days/week" in program_card(driver, PRESET).text
    assert not fit_problems(driver, "the preset list")
    shoot(driver, "programs-presets")

    # The category chips filter the list.
    tap(driver, driver.find_element(By.XPATH, "//label[contains(@class,'chip')][normalize-space()='Powerlifting']"))
    wait(driver).until(lambda d: len(css_all(d, ".program-card")) == 2 and all("Powerlifting" in c.text for c in css_all(d, ".program-card")))

    # A preset is read-only: "Use this program" makes the lifter's own copy.
    go(driver, server + "/programs?tab=presets")
    tap_and_load(driver, program_card(driver, PRESET))
    assert text_of(driver, "h1") == PRESET
    assert not [b for b in css_all(driver, "a.button, button") if b.text.strip() in ("Edit program", "Activate")]
    # Before following it: each week's top set, played from the lifter's own squats
    # (100 kg x 5 at RPE 8: Monday 102.5, Friday 105 in week 1).
    table = css(driver, ".projection-table")
    heads = [e.text.strip() for e in table.find_elements(By.CSS_SELECTOR, "thead th")]
    assert heads[:2] == ["Week", SQUAT], heads
    rows = table.find_elements(By.CSS_SELECTOR, "tbody tr")
    assert len(rows) == 12
    assert [c.text.strip() for c in rows[0].find_elements(By.CSS_SELECTOR, "td")][:2] == ["1", "105"]
    assert css(driver, "#projection-chart-title")
    shoot(driver, "program-preset-detail", full_page=True)
    tap_and_load(driver, button(driver, "Use this program"))
    assert "yours now" in notice(driver)
    mine = [p for p in api.ok("GET", "/api/v1/programs")["items"] if p["name"] == PRESET]
    assert len(mine) == 1 and not mine[0]["preset"], mine
    templates = {t["name"] for t in api.ok("GET", "/api/v1/templates")["items"]}
    assert "Starting Strength - Workout A" in templates and "Starting Strength - Workout B" in templates, templates

    # Activate from today.
    tap_and_load(driver, button(driver, "Activate"))
    assert "activated" in notice(driver)
    status = api.ok("GET", "/api/v1/programs/active")
    assert status["program"]["id"] == mine[0]["id"] and status["currentWeek"] == 1
    assert status["today"]["state"] in ("train", "rest"), status["today"]
    shoot(driver, "program-detail-active", full_page=True)

    # Home shows this week and today's session, with one tap to start.
    tap_and_load(driver, tab(driver, "Home"))
    card = css(driver, ".program-today")
    assert "Week 1 of 12" in card.text, card.text
    next_day = status["today"]["day"]["templateName"]
    assert next_day in card.text or "Rest day" in card.text, card.text
    shoot(driver, "home-program")
    tap_and_load(driver, card.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    assert path_of(driver) == "/workout"
    assert_no_error_page(driver, "starting today's program session")

    # The logging page says where in the program this is, and why each weight.
    assert f"{PRESET}: week 1 of 12" in text_of(driver, ".program-context")
    squat = [e for e in css_all(driver, ".entry") if e.get_attribute("aria-label") == SQUAT][0]
    reason = squat.find_element(By.CSS_SELECTOR, ".entry-suggestion").text
    assert "Last time 100 kg at RPE 8 · +2.5% = 102.5 kg" in reason, reason
    assert set_values(driver, SQUAT, 0)[0] == "102.5"
    shoot(driver, "program-logging")

    # How hard the session felt, chosen on the page.
    Select(css(driver, '[data-field="sessionRPE"]')).select_by_value("9")
    wait_synced(driver)
    log_and_finish(driver)
    done = api.ok("GET", f"/api/v1/workouts/{path_of(driver).split('/')[2]}")
    assert done["sessionRPE"] == 9 and done["program"]["programId"] == mine[0]["id"] and done["program"]["week"] == 1

    # Adherence and today's day moved on.
    after = api.ok("GET", "/api/v1/programs/active")
    assert after["sessionsDone"] == 1 and after["adherence"] == 1
    assert after["today"]["state"] == "rest" and after["today"]["restReason"] == "done-today", after["today"]
    go(driver, server + "/")
    assert "Rest day" in text_of(driver, ".program-today")
    go(driver, server + f"/programs/{mine[0]['id']}")
    week_one = css_all(driver, ".program-week")[0]
    assert "1/3" in week_one.text and "Done" in week_one.text, week_one.text
    assert "100% adherence" in text_of(driver, ".program-today")


def test_create_wizard_with_an_error_and_the_chart(server, driver, shoot):
    account = register_account(server, "wiz")
    api = api_for(server, account)
    sign_in(driver, server, account)
    # A template to schedule.
    api.ok("POST", f"/api/v1/template-presets/5e7f0000-0000-4000-8000-000000040000/use", {"id": "7b1d0000-0000-4000-8000-000000000001"})

    go(driver, server + "/programs/new")
    name = css(driver, 'input[name="name"]')
    name.clear()
    tap_and_load(driver, button(driver, "Next"))
    assert text_of(driver, "#name-error") == "Give the program a name."
    assert "current" in css(driver, ".wizard-steps li:first-child").get_attribute("class")
    shoot(driver, "program-wizard-error")
    type_into(driver, css(driver, 'input[name="name"]'), "Winter block")
    weeks = css(driver, 'input[name="weeks"]')
    weeks.clear()
    type_into(driver, weeks, "8")
    tap_and_load(driver, button(driver, "Next"))

    # Step 2: the chart follows the pattern; 3 up 1 deload marks weeks 4 and 8.
    tap(driver, driver.find_element(By.XPATH, "//label[contains(@class,'choice')][.//span[normalize-space()='3 weeks up, 1 deload']]"))
    wait(driver).until(lambda d: len(d.find_elements(By.XPATH, "//*[@id='program-chart']//*[name()='text' and normalize-space()='D']")) == 2)
    shoot(driver, "program-wizard-chart")
    tap_and_load(driver, button(driver, "Next"))

    # Step 3: Monday and Thursday; nothing else.
    Select(css(driver, 'select[name="day.monday.template"]')).select_by_visible_text("Starting Strength - Workout A")
    Select(css(driver, 'select[name="day.thursday.template"]')).select_by_visible_text("Starting Strength - Workout A")
    assert "Squat (Barbell) 3×5" in text_of(driver, ".schedule-day:first-child .day-preview")
    shoot(driver, "program-wizard-schedule")
    tap_and_load(driver, button(driver, "Next"))

    # Step 4: the whole program, week by week.
    weeks = css_all(driver, ".program-week")
    assert len(weeks) == 8 and "Deload" in weeks[3].text, [w.text for w in weeks]
    shoot(driver, "program-wizard-preview", full_page=True)
    tap_and_load(driver, button(driver, "Create program"))
    assert "Program created" in notice(driver)
    created = [p for p in api.ok("GET", "/api/v1/programs")["items"] if p["name"] == "Winter block"][0]
    assert created["weekCount"] == 8 and created["daysPerWeek"] == 2 and created["pattern"] == "three-up-one-deload"
    assert [w["modifier"] for w in created["weeks"]][:4] == [1, 1.025, 1.05, 0.9]
    shoot(driver, "program-detail", full_page=True)

    # Edit week 2 (phase and intensity, a bad value first) and its Monday (an RPE).
    go(driver, server + f"/programs/{created['id']}/weeks/2")
    Select(css(driver, 'select[name="phase"]')).select_by_visible_text("Strength")
    modifier = css(driver, 'input[name="modifier"]')
    modifier.clear()
    type_into(driver, modifier, "250")
    tap_and_load(driver, button(driver, "Save week"))
    assert text_of(driver, "#modifier-error") == "The intensity must be between 30% and 200% of the base weights."
    assert api.ok("GET", f"/api/v1/programs/{created['id']}")["weeks"][1]["modifier"] == 1.025, "nothing changed"
    shoot(driver, "program-week-edit")
    modifier = css(driver, 'input[name="modifier"]')
    modifier.clear()
    type_into(driver, modifier, "110")
    tap_and_load(driver, button(driver, "Save week"))
    assert notice(driver) == "Saved."
    week = api.ok("GET", f"/api/v1/programs/{created['id']}")["weeks"][1]
    assert week["phase"] == "strength" and week["modifier"] == 1.1, week
    go(driver, server + f"/programs/{created['id']}/days/{week['days'][0]['id']}")
    type_into(driver, css(driver, 'input[name="rpe"]'), "8.5")
    shoot(driver, "program-day-edit")
    tap_and_load(driver, button(driver, "Save day"))
    assert api.ok("GET", f"/api/v1/programs/{created['id']}")["weeks"][1]["days"][0]["suggestedRPE"] == 8.5


def test_pause_resume_and_come_back_to_a_program(server, driver, shoot):
    """Pausing holds the lifter's place (Home offers Resume, not Start); a program left
    for another is offered back at its week ("Resume at week 1") before "Start over"."""
    account = register_account(server, "place")
    api = api_for(server, account)
    sign_in(driver, server, account)
    go(driver, server + "/programs?tab=presets")
    tap_and_load(driver, program_card(driver, PRESET))
    tap_and_load(driver, button(driver, "Use this program"))
    tap_and_load(driver, button(driver, "Activate"))
    started = api.ok("GET", "/api/v1/programs/active")

    tap_and_load(driver, button(driver, "Pause"))
    assert "paused" in notice(driver).lower()
    status = api.ok("GET", "/api/v1/programs/active")
    assert status["today"]["state"] == "paused" and status["pausedSince"], status["today"]
    assert not [b for b in css_all(driver, "button") if b.text.strip() in ("Pause", "Skip to next week")]
    tap_and_load(driver, tab(driver, "Home"))
    card = css(driver, ".program-today")
    assert "Paused" in card.text, card.text
    assert not [b for b in css_all(driver, ".program-today button") if b.text.strip().startswith("Start")]
    assert not fit_problems(driver, "Home with a paused program")
    shoot(driver, "home-program-paused")
    tap_and_load(driver, button(driver, "Resume", card))
    assert "resumed" in notice(driver).lower()
    assert api.ok("GET", "/api/v1/programs/active")["today"]["state"] in ("train", "rest")

    # Deactivated, the program keeps its place: resuming is the first choice.
    tap_and_load(driver, button(driver, "Deactivate"))
    assert "resume" in notice(driver).lower()
    resume = button(driver, "Resume at week 1")
    assert "primary" in resume.get_attribute("class")
    assert button(driver, "Start over at week 1")
    assert not fit_problems(driver, "a stopped program's page")
    shoot(driver, "program-detail-resume", full_page=True)
    tap_and_load(driver, resume)
    assert "activated" in notice(driver)
    back = api.ok("GET", "/api/v1/programs/active")
    assert back["startDay"] == started["startDay"] and back["program"]["id"] == started["program"]["id"], back
