"""The newcomer path through Spotter in a phone-sized Chromium: welcome, register,
browse and filter the library, make a custom exercise with a picture and a video,
manage workout types, settings, password, API tokens, sign out and back in.

One ordered scenario per area. Areas that only read or add their own things share
one account (module fixture); areas that change account-wide state (theme, unit,
password) register an account of their own."""

from __future__ import annotations

import json
import re
import struct
import urllib.error
import urllib.parse
import urllib.request
import uuid
import zlib
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from pages import (
    HttpClient, assert_no_error_page, browser_errors, button, css, css_all, field, fit_problems, go,
    make_token, notice, open_more, path_of, register_account, reveal, sign_in, tab, tap, tap_and_load, text_of, type_into,
    unique_name, wait)

SEEDED_TYPES = ["Back", "Chest", "Shoulders", "Biceps", "Triceps", "Legs", "Core", "Full Body", "Cardio"]
BENCH = "Bench Press (Barbell)"
VIDEO_ID = "dQw4w9WgXcQ"
WATCH_URL = f"https://www.youtube.com/watch?v={VIDEO_ID}"


# ---------------------------------------------------------------- helpers: HTTP

def api_get(base_url: str, path: str, token: str) -> tuple[int, dict | None]:
    request = urllib.request.Request(base_url + path, headers={
        "Authorization": f"Bearer {token}", "Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, None


def small_png(path: Path, width: int = 64, height: int = 48) -> Path:
    """Writes a valid RGB PNG (a gradient) with zlib and struct only."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = b"".join(
        b"\x00" + b"".join(bytes((x * 4 % 256, y * 5 % 256, 180)) for x in range(width)) for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9))
                     + chunk(b"IEND", b""))
    return path


# ------------------------------------------------------------- helpers: browser

def query_of(driver) -> dict[str, list[str]]:
    return urllib.parse.parse_qs(urllib.parse.urlparse(driver.current_url).query)


def choice_label(scope, text: str):
    """The <label> around a visually hidden radio/checkbox, found by its visible text."""
    for label in scope.find_elements(By.CSS_SELECTOR, "label"):
        if label.text.strip() == text:
            return label
    raise AssertionError(f"no choice labelled {text!r}")


def field_error(driver, element_id: str) -> str:
    error = wait(driver).until(EC.visibility_of_element_located((By.ID, element_id)))
    return error.text.strip()


def submit_form(driver, label: str, doing: str) -> None:
    tap_and_load(driver, button(driver, label))
    assert_no_error_page(driver, doing)


def exercise_list_state(driver) -> dict:
    """The exercise list as one snapshot (read in one script, so never half-replaced)."""
    return driver.execute_script("""
        const rows = [...document.querySelectorAll('#exercise-list > li')];
        return {
          search: location.search,
          count: document.querySelector('.result-count')?.textContent.trim() ?? '',
          titles: rows.map(r => r.querySelector('.row-title')?.textContent.trim()),
          subs: rows.map(r => r.querySelector('.row-sub')?.textContent.trim()),
          empty: !!document.querySelector('.empty-state'),
        };""")


def wait_for_filter(driver, **expected: str) -> dict:
    """Waits until the auto-submitted filter shows the list for exactly these query parameters."""
    wanted = {key: [value] for key, value in expected.items() if value}

    def settled(d):
        state = exercise_list_state(d)
        return state if urllib.parse.parse_qs(state["search"].lstrip("?")) == wanted else False

    return wait(driver).until(settled, message=f"the exercise list never showed {wanted}")


def replace_search(driver, text: str) -> None:
    """Edits the search box as a person would (select all, type over), firing input events."""
    box = css(driver, "#exercise-search")
    reveal(driver, box)
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    if text:
        box.send_keys(text)


def count_in(label: str) -> int:
    match = re.match(r"(\d+) (exercises?|match(es)?)$", label)
    assert match, f"unexpected count label {label!r}"
    return int(match.group(1))


def image_loaded(driver, element) -> bool:
    return driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", element)


def workout_type_names(driver) -> list[str]:
    # The visible name only: the row's link also carries hidden ", edit" text for screen readers.
    return [e.text.strip() for e in css_all(driver, 'ul[aria-label="Workout types in order"] .row-title .truncate')]


def archived_type_names(driver) -> list[str]:
    return driver.execute_script("""
        const title = [...document.querySelectorAll('h2.section-title')].find(h => h.textContent.trim() === 'Archived');
        if (!title) return null;
        return [...title.nextElementSibling.querySelectorAll('.row-title')].map(e => e.textContent.trim());""")


# -------------------------------------------------------------------- fixtures

@pytest.fixture(scope="module")
def account(server) -> dict[str, str]:
    """One lifter shared by the areas that do not change account-wide settings."""
    return register_account(server, "lifter")


# ----------------------------------------------------------------------- tests

def test_welcome_is_shown_once(driver, server, shoot):
    go(driver, server + "/")
    assert path_of(driver) == "/welcome"
    assert text_of(driver, ".hero-title") == "Every set, one tap."
    get_started = button(driver, "Get started")
    assert get_started.is_displayed()
    assert urllib.parse.urlparse(get_started.get_attribute("href")).path == "/register"
    assert button(driver, "I have an account").is_displayed()
    shoot(driver, "01-welcome")

    go(driver, server + "/")
    assert path_of(driver) == "/login", "the welcome screen should be shown only once"
    assert text_of(driver, "h1") == "Sign in"


def test_register_then_home(driver, server, shoot):
    go(driver, server + "/welcome")
    tap_and_load(driver, button(driver, "Get started"))
    assert path_of(driver) == "/register"
    assert text_of(driver, "h1") == "Create account"
    shoot(driver, "02-register")

    username = unique_name("newcomer")
    password = "plates-and-chalk-42"

    # Too short a password: the message sits beside the password field; the user name stays.
    type_into(driver, field(driver, "username"), username)
    type_into(driver, field(driver, "password"), "short")
    type_into(driver, field(driver, "passwordConfirmation"), "short")
    tap_and_load(driver, button(driver, "Create account"))
    assert field_error(driver, "password-error") == "Use a password of at least 10 characters."
    assert field(driver, "username").get_attribute("value") == username
    password_input = field(driver, "password")
    assert password_input.get_attribute("aria-invalid") == "true"
    assert "invalid" in password_input.find_element(By.XPATH, "..").get_attribute("class")
    shoot(driver, "03-register-error")

    # Different confirmation.
    type_into(driver, field(driver, "password"), password)
    type_into(driver, field(driver, "passwordConfirmation"), password + "!")
    tap_and_load(driver, button(driver, "Create account"))
    assert "The two passwords differ" in field_error(driver, "confirmation-error")
    assert field(driver, "username").get_attribute("value") == username
    assert not css_all(driver, "#password-error")

    # Correct: kg, lands on Home.
    type_into(driver, field(driver, "password"), password)
    type_into(driver, field(driver, "passwordConfirmation"), password)
    tap(driver, choice_label(css(driver, "fieldset.segmented"), "kg"))
    assert css(driver, 'input[name="unit"][value="kg"]').is_selected()
    tap_and_load(driver, button(driver, "Create account"))

    assert path_of(driver) == "/", f"registration should land on Home, got {driver.current_url}"
    assert text_of(driver, "h1") == "Home"
    assert re.fullmatch(r"Good (morning|afternoon|evening),", text_of(driver, ".greeting .eyebrow"))
    assert text_of(driver, ".greeting h2.display") == username
    # Home leads with starting: starter routines to use and start in one tap, and
    # empty states that say what will appear (no library counts or settings here).
    assert text_of(driver, "#quick-templates-title").lower() == "pick a starter routine"
    starters = [b.get_attribute("aria-label") for b in css_all(driver, ".quick-templates button.start-button")]
    assert starters[0] == "Start Full Body Beginner - Workout A" and len(starters) == 4, starters
    assert "Your first finished workout starts this card" in text_of(driver, ".week-card")
    assert "Not enough data" not in driver.find_element(By.TAG_NAME, "main").text
    # The library's counts and the settings moved under More.
    open_more(driver, "Exercises")
    assert path_of(driver) == "/exercises"
    tap_and_load(driver, tab(driver, "More"))
    exercises_row = next(row for row in css_all(driver, ".more-list a") if "Exercises" in row.text)
    built_in = int(re.search(r"([\d,]+) built in · 0 of your own", exercises_row.text).group(1).replace(",", ""))
    assert built_in >= 150, f"only {built_in} built-in exercises"
    assert "Weights in kg" in text_of(driver, '.more-list a[href="/settings"]')
    tap_and_load(driver, tab(driver, "Home"))
    assert tab(driver, "Home").get_attribute("aria-current") == "page"
    shoot(driver, "04-home", full_page=True)


def open_library(driver, server, account) -> dict:
    sign_in(driver, server, account)
    open_more(driver, "Exercises")
    assert path_of(driver) == "/exercises"
    assert tab(driver, "More").get_attribute("aria-current") == "page"
    return exercise_list_state(driver)


def test_exercise_library_search(driver, server, account, shoot):
    start = open_library(driver, server, account)
    total = count_in(start["count"])
    assert start["count"] == f"{total} exercises"
    assert total >= 150 and len(start["titles"]) == total
    assert BENCH in start["titles"]
    shoot(driver, "05-exercises")

    # Search as you type (no button: the list is fetched and swapped in).
    replace_search(driver, "bench")
    state = wait_for_filter(driver, q="bench")
    assert BENCH in state["titles"]
    assert 0 < count_in(state["count"]) == len(state["titles"]) < total
    assert state["count"].endswith("matches")
    assert "Squat (Barbell)" not in state["titles"]
    shoot(driver, "05b-exercises-search")

    # By alias: "BB Bench" is an alias of the barbell bench press.
    replace_search(driver, "BB Bench")
    state = wait_for_filter(driver, q="BB Bench")
    assert BENCH in state["titles"], f"searching 'BB Bench' showed {state['count']}: {state['titles']}"
    assert not state["empty"]

    # The search survives a reload, with the words as typed.
    go(driver, driver.current_url)
    assert css(driver, "#exercise-search").get_attribute("value") == "BB Bench"
    assert BENCH in exercise_list_state(driver)["titles"]


def test_exercise_library_filters(driver, server, account):
    start = open_library(driver, server, account)
    total = count_in(start["count"])

    # Muscle group (matches primary or secondary muscles; the row shows the primary ones).
    Select(css(driver, 'select[name="muscle"]')).select_by_visible_text("Legs")
    state = wait_for_filter(driver, muscle="legs")
    assert "Squat (Barbell)" in state["titles"]
    assert BENCH not in state["titles"]
    assert 0 < count_in(state["count"]) == len(state["titles"]) < total
    with_legs = sum("Legs" in sub for sub in state["subs"])
    assert with_legs >= len(state["subs"]) / 2, f"only {with_legs} of {len(state['subs'])} rows show Legs"

    # Equipment, with the muscle filter cleared again.
    Select(css(driver, 'select[name="muscle"]')).select_by_visible_text("All muscles")
    state = wait_for_filter(driver)
    assert len(state["titles"]) == total
    Select(css(driver, 'select[name="equipment"]')).select_by_visible_text("Kettlebell")
    state = wait_for_filter(driver, equipment="kettlebell")
    assert "Kettlebell Swing" in state["titles"]
    assert state["subs"] and all(sub.endswith("· Kettlebell") for sub in state["subs"]), state["subs"]

    # Both at once.
    Select(css(driver, 'select[name="muscle"]')).select_by_visible_text("Legs")
    state = wait_for_filter(driver, muscle="legs", equipment="kettlebell")
    assert "Goblet Squat (Kettlebell)" in state["titles"]
    assert "Overhead Press (Kettlebell)" not in state["titles"]

    # The filters are in the address, so a reload keeps them.
    go(driver, driver.current_url)
    assert Select(css(driver, 'select[name="equipment"]')).first_selected_option.text == "Kettlebell"
    assert Select(css(driver, 'select[name="muscle"]')).first_selected_option.text == "Legs"
    assert exercise_list_state(driver)["titles"] == state["titles"]


def test_built_in_exercise_detail(driver, server, account, shoot):
    open_library(driver, server, account)
    replace_search(driver, "bench")
    wait_for_filter(driver, q="bench")
    row = next(link for link in css_all(driver, "#exercise-list a.row")
               if link.find_element(By.CSS_SELECTOR, ".row-title").text.strip() == BENCH)
    tap_and_load(driver, row)
    assert text_of(driver, "h1") == BENCH
    assert text_of(driver, ".tag-row .badge") == "Built in"
    assert text_of(driver, ".lead").startswith("Lie on a flat bench")
    facts = {dt.text.strip(): dd.text.strip() for dt, dd in zip(css_all(driver, ".facts dt"), css_all(driver, ".facts dd"))}
    assert [chip.text.strip() for chip in css_all(driver, ".facts .chip.strong")] == ["Chest"]
    assert facts["Equipment"] == "Barbell"
    assert facts["Measured"] == "Weight × reps"
    assert "BB Bench" in facts["Also called"]
    assert not css_all(driver, 'a[aria-label="Edit exercise"]'), "a built-in exercise must not offer editing"
    assert not [b for b in css_all(driver, "a.button, button") if b.text.strip() in ("Edit", "Delete…", "Archive")]
    shoot(driver, "06-exercise-detail")

    tap_and_load(driver, css(driver, "a.back"))
    assert path_of(driver) == "/exercises"


def test_custom_exercise_lifecycle(driver, server, account, shoot, tmp_path):
    picture = small_png(tmp_path / "machine-fly.png")
    title = "Hotel Gym Chest Fly"
    renamed = "Hotel Gym Pec Fly"
    description = "Seated, elbows soft, squeeze the handles together at chest height."

    sign_in(driver, server, account)
    open_more(driver, "Exercises")
    tap_and_load(driver, css(driver, 'a[aria-label="New exercise"]'))
    assert path_of(driver) == "/exercises/new"
    assert text_of(driver, "h1") == "New exercise"

    def fill_form(video: str) -> None:
        type_into(driver, field(driver, "name"), title)
        type_into(driver, field(driver, "description"), description)
        muscles = css(driver, "fieldset.field .toggle-chips")
        for muscle in ("Chest", "Shoulders"):
            tap(driver, choice_label(muscles, muscle))
        Select(field(driver, "equipment")).select_by_visible_text("Machine")
        Select(field(driver, "kind")).select_by_visible_text("Weight × reps")
        attach_picture()
        type_into(driver, field(driver, "videoURL"), video)

    def attach_picture() -> None:
        field(driver, "image").send_keys(str(picture))
        assert field(driver, "image").get_attribute("value").endswith("machine-fly.png")
        # (Whether the preview renders is checked by test_chosen_picture_is_previewed.)

    # A link that is not YouTube: the error is beside the field and nothing typed is lost.
    fill_form("https://vimeo.com/1")
    checked = [box.get_attribute("value") for box in css_all(driver, 'input[name="muscleGroups"]') if box.is_selected()]
    assert checked == ["chest", "shoulders"]
    shoot(driver, "07a-exercise-form-filled", full_page=True)
    submit_form(driver, "Create exercise", "sending the new-exercise form with a Vimeo link")
    assert path_of(driver) == "/exercises"
    assert text_of(driver, ".form-error") == "Fix the marked fields; nothing was saved yet."
    assert field_error(driver, "video-error").startswith("Use a YouTube link")
    assert field(driver, "videoURL").get_attribute("aria-invalid") == "true"
    assert field(driver, "videoURL").get_attribute("value") == "https://vimeo.com/1"
    assert field(driver, "name").get_attribute("value") == title
    assert field(driver, "description").get_attribute("value") == description
    checked = [box.get_attribute("value") for box in css_all(driver, 'input[name="muscleGroups"]') if box.is_selected()]
    assert checked == ["chest", "shoulders"]
    assert Select(field(driver, "equipment")).first_selected_option.text == "Machine"
    reveal(driver, css(driver, "#video-error"))
    shoot(driver, "07-exercise-form-error", full_page=True)

    # Fix the link, choose the picture again (browsers never keep a file field), save.
    attach_picture()
    type_into(driver, field(driver, "videoURL"), f"https://youtu.be/{VIDEO_ID}")
    submit_form(driver, "Create exercise", "creating the exercise")
    assert re.fullmatch(r"/exercises/[0-9a-f-]{36}", path_of(driver)), driver.current_url
    detail_url = driver.current_url.split("?")[0]
    assert notice(driver) == "Created."
    assert text_of(driver, "h1") == title
    hero = css(driver, "img.hero-image")
    wait(driver).until(lambda d: image_loaded(d, hero), message="the exercise picture did not load")
    assert hero.get_attribute("alt") == f"Picture of {title}"
    video = button(driver, "See video")
    assert video.get_attribute("href") == WATCH_URL
    assert video.get_attribute("target") == "_blank"
    assert [chip.text.strip() for chip in css_all(driver, ".facts .chip")] == ["Chest", "Shoulders"]
    assert text_of(driver, ".lead") == description
    assert text_of(driver, ".tag-row .badge") == "Custom"
    assert css(driver, 'a[aria-label="Edit exercise"]').is_displayed()
    shoot(driver, "08-custom-exercise-made-in-form")

    # "Mine" in the library shows it with its thumbnail.
    open_more(driver, "Exercises")
    tap(driver, choice_label(css(driver, "fieldset.segmented"), "Mine"))
    state = wait_for_filter(driver, show="custom")
    assert state["titles"] == [title]
    assert state["count"] == "1 match"
    row = css(driver, "#exercise-list a.row")
    thumb = row.find_element(By.CSS_SELECTOR, "img.thumb")
    wait(driver).until(lambda d: image_loaded(d, thumb), message="the thumbnail did not load")
    assert row.find_element(By.CSS_SELECTOR, ".badge").text.strip() == "Mine"
    assert row.find_element(By.CSS_SELECTOR, ".row-sub").text.strip() == "Chest, Shoulders · Machine"

    # Rename it.
    tap_and_load(driver, row)
    tap_and_load(driver, css(driver, 'a[aria-label="Edit exercise"]'))
    assert text_of(driver, "h1") == "Edit exercise"
    assert field(driver, "name").get_attribute("value") == title
    assert field(driver, "videoURL").get_attribute("value") == WATCH_URL
    assert image_loaded(driver, css(driver, 'img.preview[alt="Current picture"]'))
    type_into(driver, field(driver, "name"), renamed)
    submit_form(driver, "Save changes", "renaming the exercise")
    assert driver.current_url.split("?")[0] == detail_url
    assert notice(driver) == "Saved."
    assert text_of(driver, "h1") == renamed
    assert image_loaded(driver, css(driver, "img.hero-image")), "the picture was lost on rename"

    # The same name again, in other case and spacing, is refused beside the title.
    go(driver, server + "/exercises")
    tap_and_load(driver, css(driver, 'a[aria-label="New exercise"]'))
    type_into(driver, field(driver, "name"), "  hotel GYM   pec fly ")
    tap(driver, choice_label(css(driver, ".toggle-chips"), "Chest"))
    Select(field(driver, "equipment")).select_by_visible_text("Machine")
    submit_form(driver, "Create exercise", "creating a same-named exercise")
    assert field_error(driver, "name-error") == f"You already have an exercise called {renamed}."
    assert field(driver, "name").get_attribute("aria-invalid") == "true"

    # Delete it, with a confirmation step.
    go(driver, detail_url)
    tap_and_load(driver, button(driver, "Delete…"))
    assert path_of(driver).endswith("/delete")
    assert text_of(driver, "main h2") == f"Delete {renamed}?"
    assert button(driver, "Cancel").get_attribute("href") == detail_url
    submit_form(driver, "Delete exercise", "deleting the exercise")
    assert path_of(driver) == "/exercises"
    assert notice(driver) == "Deleted."
    state = exercise_list_state(driver)
    assert renamed not in state["titles"] and title not in state["titles"]
    tap(driver, choice_label(css(driver, "fieldset.segmented"), "Mine"))
    state = wait_for_filter(driver, show="custom")
    assert state["titles"] == [] and state["empty"]


def seed_custom_exercise(base_url: str, account: dict[str, str], picture: Path, **fields) -> str:
    """Makes a custom exercise with a picture through the JSON API (token made on the
    tokens page over plain HTTP, revoked afterwards); returns its id."""
    client = HttpClient(base_url)
    token = make_token(client, account, "Seeder")

    def call(method: str, path: str, data: bytes, content_type: str) -> dict:
        request = urllib.request.Request(base_url + path, data=data, method=method, headers={
            "Authorization": f"Bearer {token}", "Content-Type": content_type, "Accept": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())

    exercise = call("POST", "/api/v1/exercises", json.dumps(fields).encode(), "application/json")
    call("PUT", f"/api/v1/exercises/{exercise['id']}/image", picture.read_bytes(), "image/png")
    _, _, page = client.get("/settings/tokens")
    token_id = re.search(r'action="/settings/tokens/([0-9a-f-]+)/revoke"', page).group(1)
    csrf = re.search(r'name="_csrf" value="([^"]+)"', page).group(1)
    client.post_form(f"/settings/tokens/{token_id}/revoke", {"_csrf": csrf})
    return exercise["id"].lower()


def test_custom_exercise_pages(driver, server, shoot, tmp_path):
    """Detail, library thumbnail and deletion of a custom exercise with a picture and a
    video. The exercise is made through the API, so these pages are checked even while
    the exercise form itself cannot be sent (see test_custom_exercise_lifecycle)."""
    own = register_account(server, "maker")
    title = "Garage Landmine Press"
    exercise_id = seed_custom_exercise(
        server, own, small_png(tmp_path / "landmine.png"), name=title,
        description="Half-kneeling, press the bar end up and slightly forward.",
        muscleGroups=["shoulders", "chest"], equipment="barbell", kind="weightReps",
        videoURL=f"https://youtu.be/{VIDEO_ID}")

    sign_in(driver, server, own)
    tap_and_load(driver, tab(driver, "More"))
    assert "1 of your own" in text_of(driver, '.more-list a[href="/exercises"]')
    open_more(driver, "Exercises")
    tap(driver, choice_label(css(driver, "fieldset.segmented"), "Mine"))
    state = wait_for_filter(driver, show="custom")
    assert state["titles"] == [title]
    row = css(driver, "#exercise-list a.row")
    thumb = row.find_element(By.CSS_SELECTOR, "img.thumb")
    wait(driver).until(lambda d: image_loaded(d, thumb), message="the thumbnail did not load")
    assert row.find_element(By.CSS_SELECTOR, ".badge").text.strip() == "Mine"
    shoot(driver, "09-exercises-mine")

    tap_and_load(driver, row)
    assert path_of(driver) == f"/exercises/{exercise_id}"
    assert text_of(driver, "h1") == title
    hero = css(driver, "img.hero-image")
    wait(driver).until(lambda d: image_loaded(d, hero), message="the exercise picture did not load")
    assert button(driver, "See video").get_attribute("href") == WATCH_URL
    assert [chip.text.strip() for chip in css_all(driver, ".facts .chip")] == ["Shoulders", "Chest"]
    assert text_of(driver, ".tag-row .badge") == "Custom"
    assert css(driver, 'a[aria-label="Edit exercise"]').is_displayed()
    shoot(driver, "08-custom-exercise")

    tap_and_load(driver, button(driver, "Delete…"))
    assert text_of(driver, "main h2") == f"Delete {title}?"
    shoot(driver, "10-exercise-delete-confirm")
    submit_form(driver, "Delete exercise", "deleting the exercise")
    assert path_of(driver) == "/exercises"
    assert notice(driver) == "Deleted."
    assert title not in exercise_list_state(driver)["titles"]


def test_chosen_picture_is_previewed(driver, server, account, shoot, tmp_path):
    """Choosing a picture in the exercise form shows it before the form is sent."""
    picture = small_png(tmp_path / "preview.png")
    sign_in(driver, server, account)
    go(driver, server + "/exercises/new")
    preview = css(driver, "img[data-image-preview]")
    assert not preview.is_displayed()
    field(driver, "image").send_keys(str(picture))
    # The script un-hides the preview and points it at the chosen file.
    wait(driver).until(lambda d: d.execute_script(
        "return !arguments[0].hidden && !!arguments[0].getAttribute('src') && arguments[0].complete", preview),
        message="choosing a picture did not reveal the preview")
    reveal(driver, preview)
    shoot(driver, "07b-exercise-form-preview")
    assert image_loaded(driver, preview), (
        "the preview of the chosen picture is a broken image (src "
        f"{preview.get_attribute('src')[:40]}…); browser log: {browser_errors(driver)}")


def test_workout_types(driver, server, account, shoot):
    sign_in(driver, server, account)
    open_more(driver, "Settings")
    tap_and_load(driver, next(row for row in css_all(driver, "a.row") if "Workout types" in row.text))
    assert path_of(driver) == "/settings/workout-types"
    assert text_of(driver, "h1") == "Workout types"
    assert workout_type_names(driver) == SEEDED_TYPES
    assert css(driver, 'button[aria-label="Move Back up"]').get_attribute("disabled") is not None
    assert css(driver, 'button[aria-label="Move Cardio down"]').get_attribute("disabled") is not None
    shoot(driver, "11-workout-types", full_page=True)

    def add_form():
        return next(form for form in css_all(driver, "form.card")
                    if form.find_element(By.CSS_SELECTOR, "h2").text.strip() == "Add a workout type")

    # Empty name.
    tap_and_load(driver, button(driver, "Add type", add_form()))
    assert field_error(driver, "type-name-error") == "Give the workout type a name."
    assert workout_type_names(driver) == SEEDED_TYPES

    # Add "Mobility" with a colour and an icon.
    form = add_form()
    type_into(driver, field(driver, "name", form), "Mobility")
    colour = field(driver, "colorHex", form)
    # A colour input opens a native picker; set it the way the picker does.
    driver.execute_script("""
        arguments[0].value = arguments[1];
        arguments[0].dispatchEvent(new Event('input', {bubbles: true}));
        arguments[0].dispatchEvent(new Event('change', {bubbles: true}));""", colour, "#12ab34")
    tap(driver, form.find_element(By.CSS_SELECTOR, 'label[title="Bolt"]'))
    assert form.find_element(By.CSS_SELECTOR, 'input[name="icon"][value="bolt"]').is_selected()
    tap_and_load(driver, button(driver, "Add type", form))
    assert notice(driver) == "Created."
    assert workout_type_names(driver) == SEEDED_TYPES + ["Mobility"]
    row = css_all(driver, 'ul[aria-label="Workout types in order"] li')[-1]
    icon = row.find_element(By.CSS_SELECTOR, ".type-icon svg")
    assert icon.get_attribute("color").upper() == "#12AB34"
    assert icon.find_element(By.TAG_NAME, "use").get_attribute("href").endswith("#bolt")

    # Rename it.
    tap_and_load(driver, next(link for link in css_all(driver, ".type-row a.row-title") if link.text.startswith("Mobility")))
    assert text_of(driver, "h1") == "Edit Mobility"
    assert field(driver, "colorHex").get_attribute("value") == "#12ab34"
    assert css(driver, 'input[name="icon"][value="bolt"]').is_selected()
    type_into(driver, field(driver, "name"), "Mobility Flow")
    tap_and_load(driver, button(driver, "Save"))
    assert notice(driver) == "Saved."
    assert workout_type_names(driver) == SEEDED_TYPES + ["Mobility Flow"]

    # Move it up one place.
    tap_and_load(driver, css(driver, 'button[aria-label="Move Mobility Flow up"]'))
    assert workout_type_names(driver) == SEEDED_TYPES[:-1] + ["Mobility Flow", "Cardio"]

    # Archive: it leaves the list for the Archived section.
    tap_and_load(driver, css(driver, 'button[aria-label="Archive Mobility Flow"]'))
    assert notice(driver).startswith("Archived.")
    assert workout_type_names(driver) == SEEDED_TYPES
    assert archived_type_names(driver) == ["Mobility Flow"]
    shoot(driver, "12-workout-types-archived", full_page=True)

    # Restore.
    restore = next(b for b in css_all(driver, "button") if b.text.strip() == "Restore")
    tap_and_load(driver, restore)
    assert notice(driver) == "Restored."
    assert "Mobility Flow" in workout_type_names(driver)
    assert set(workout_type_names(driver)) == set(SEEDED_TYPES + ["Mobility Flow"])
    assert archived_type_names(driver) is None

    # The workout's type list offers it again (the logging page's choices).
    go(driver, server + "/settings/workout-types")
    assert "Mobility Flow" in workout_type_names(driver)


def test_settings_and_password(driver, server, shoot):
    own = register_account(server, "settler")
    sign_in(driver, server, own)
    open_more(driver, "Settings")
    assert path_of(driver) == "/settings"
    assert driver.execute_script("return document.documentElement.dataset.theme") == "system"
    shoot(driver, "13-settings", full_page=True)

    preferences = next(form for form in css_all(driver, "form.card")
                       if form.get_attribute("action").endswith("/settings"))

    # A rest time out of range.
    type_into(driver, field(driver, "defaultRestSeconds", preferences), "5000")
    tap_and_load(driver, button(driver, "Save preferences"))
    assert field_error(driver, "rest-error") == "Rest must be between 0 and 1800 seconds."
    assert field(driver, "defaultRestSeconds").get_attribute("value") == "5000"
    assert not css_all(driver, ".notice")
    shoot(driver, "14-settings-error")

    # lb, 90 s, dark.
    units = next(fs for fs in css_all(driver, "fieldset.segmented") if "Weights in" in fs.text)
    themes = next(fs for fs in css_all(driver, "fieldset.segmented") if "Appearance" in fs.text)
    tap(driver, choice_label(units, "lb"))
    type_into(driver, field(driver, "defaultRestSeconds"), "90")
    tap(driver, choice_label(themes, "Dark"))
    tap_and_load(driver, button(driver, "Save preferences"))
    assert notice(driver) == "Saved."
    assert driver.execute_script("return document.documentElement.dataset.theme") == "dark"
    assert css(driver, 'input[name="unit"][value="lb"]').is_selected()
    assert css(driver, 'input[name="theme"][value="dark"]').is_selected()
    assert field(driver, "defaultRestSeconds").get_attribute("value") == "90"
    # With the dark theme chosen the page is dark even when the phone is in light mode.
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(26, 31, 37)", background
    shoot(driver, "15-settings-dark-theme")
    tap_and_load(driver, tab(driver, "More"))
    assert "Weights in lb · rest 1:30" in text_of(driver, '.more-list a[href="/settings"]')

    # Change password: a wrong current password first.
    open_more(driver, "Settings")
    tap_and_load(driver, next(row for row in css_all(driver, "a.row") if "Change password" in row.text))
    assert text_of(driver, "h1") == "Change password"
    # API tokens outlive a password change unless the lifter asks otherwise.
    assert "API tokens keep working after a password change" in text_of(driver, "#tokens-hint")
    assert not css(driver, 'input[name="revokeTokens"]').is_selected()
    new_password = "new-and-longer-" + uuid.uuid4().hex[:6]
    type_into(driver, field(driver, "currentPassword"), "not-my-password")
    type_into(driver, field(driver, "newPassword"), new_password)
    type_into(driver, field(driver, "newPasswordConfirmation"), new_password)
    tap_and_load(driver, button(driver, "Change password"))
    assert field_error(driver, "current-error") == "The current password is not right."

    type_into(driver, field(driver, "currentPassword"), own["password"])
    type_into(driver, field(driver, "newPassword"), new_password)
    type_into(driver, field(driver, "newPasswordConfirmation"), new_password)
    tap_and_load(driver, button(driver, "Change password"))
    assert path_of(driver) == "/settings"
    assert notice(driver) == "Password changed. Other devices were signed out; API tokens still work."

    # This browser stays signed in; the new password works, the old one no longer does.
    tap_and_load(driver, button(driver, "Sign out"))
    assert path_of(driver) == "/login"
    type_into(driver, field(driver, "username"), own["username"])
    type_into(driver, field(driver, "password"), own["password"])
    tap_and_load(driver, button(driver, "Sign in"))
    assert text_of(driver, "#login-error") == "The user name or password is not right."
    sign_in(driver, server, own, new_password)


def test_api_tokens(driver, server, account, shoot):
    sign_in(driver, server, account)
    open_more(driver, "Settings")
    tap_and_load(driver, next(row for row in css_all(driver, "a.row") if "API tokens" in row.text))
    assert text_of(driver, "h1") == "API tokens"
    assert "No tokens yet" in css(driver, "main").text

    type_into(driver, field(driver, "name"), "Script")
    tap_and_load(driver, button(driver, "Create token"))
    assert text_of(driver, ".token-reveal h2") == "Token “Script” created"
    token = css(driver, ".token-value").get_attribute("value")
    assert token.startswith("spt_") and len(token) > 20, token
    # Copy: onto the clipboard where the browser allows it, else the token is selected to copy by hand.
    tap(driver, button(driver, "Copy"))
    wait(driver).until(lambda d: css(d, "[data-copy]").text.strip() in ("Copied", "Selected: copy it"))
    if css(driver, "[data-copy]").text.strip() == "Copied":
        assert driver.execute_async_script("navigator.clipboard.readText().then(arguments[0], () => arguments[0](null))") in (token, None)
    else:
        assert driver.execute_script("const f = document.getElementById('new-token'); return f.value.slice(f.selectionStart, f.selectionEnd)") == token
    rows = [r.text for r in css_all(driver, "li.type-row")]
    assert len(rows) == 1 and rows[0].startswith("Script")
    shoot(driver, "16-tokens-new")

    status, body = api_get(server, "/api/v1/exercises?search=press", token)
    assert status == 200
    names = [item["name"] for item in body["items"]]
    assert BENCH in names and all("press" in (item["name"] + " ".join(item["aliases"])).lower() for item in body["items"])

    # Shown once: a fresh visit lists the token but not its secret.
    go(driver, server + "/settings/tokens")
    assert not css_all(driver, ".token-value")
    assert token not in driver.page_source
    row = css(driver, "li.type-row")
    assert "last used" in row.text and "never" not in row.text, "the API call should count as a use"

    tap_and_load(driver, css(driver, 'button[aria-label="Revoke Script"]'))
    assert notice(driver) == "Token revoked. Scripts using it can no longer sign in."
    assert not css_all(driver, "li.type-row")
    status, _ = api_get(server, "/api/v1/exercises?search=press", token)
    assert status == 401


def test_sign_out_and_back_in(driver, server, account, shoot):
    sign_in(driver, server, account)
    open_more(driver, "Settings")
    assert account["username"] in text_of(driver, "form.card.compact .stat-line")
    tap_and_load(driver, button(driver, "Sign out"))
    assert path_of(driver) == "/login"
    assert not css_all(driver, "nav.tabbar")
    go(driver, server + "/settings")
    assert path_of(driver) == "/login", "a signed-out browser must not see Settings"

    go(driver, server + "/login")
    type_into(driver, field(driver, "username"), account["username"])
    type_into(driver, field(driver, "password"), "not-the-password")
    tap_and_load(driver, button(driver, "Sign in"))
    assert text_of(driver, "#login-error") == "The user name or password is not right."
    assert field(driver, "username").get_attribute("value") == account["username"]
    assert field(driver, "password").get_attribute("value") == ""
    shoot(driver, "17-login-error")

    sign_in(driver, server, account)
    assert text_of(driver, ".greeting h2.display") == account["username"]


def test_key_screens_fit_a_390px_phone(driver, server, account):
    """No screen may be wider than the phone (sideways panning), and the tab bar must sit
    fully inside the 390 x 844 screen."""
    problems = []

    def check(path: str) -> None:
        go(driver, server + path)
        problems.extend(fit_problems(driver, path))

    for path in ("/welcome", "/login", "/register"):
        check(path)
    sign_in(driver, server, account)
    bench_id = next(item["id"] for item in json.loads(
        driver.execute_script("return fetch('/api/v1/exercises?search=bench').then(r => r.text())"))["items"]
        if item["name"] == BENCH).lower()
    for path in ("/", "/exercises", "/exercises?q=bench", f"/exercises/{bench_id}", "/exercises/new",
                 "/settings", "/settings/workout-types", "/settings/password", "/settings/tokens"):
        check(path)
    assert not problems, "screens that do not fit 390 px:\n" + "\n".join(problems)
