"""Settings -> Import and Export in a phone-sized Chromium: upload Strong's sample export
through the form (with the progress script), read the preview, confirm, and find the
workouts in History; a file with names the library does not know and rows it cannot
read, mapped and imported in pounds; a file that is no export, refused on the form; the
export page and its CSV. Screenshots of each page in light and dark.

Every test registers its own lifter, so the history it checks is its own."""

from __future__ import annotations

from pathlib import Path

import pytest
from selenium.webdriver.support.ui import Select

from conftest import REPO_ROOT
from pages import (
    assert_no_error_page, button, css, css_all, field, go, notice, path_of, register_account, sign_in, tap, tap_and_load,
    text_of, wait)

STRONG_SAMPLE = REPO_ROOT / "Tests" / "SpotterImportTests" / "Samples" / "legacy-comma-kg-W-D-F.prefix.csv"

# Two workouts; two names the library does not know; a bad weight (line 3) and a row cut off
# (line 7). Shared with the server tests.
MIXED = REPO_ROOT / "Tests" / "Fixtures" / "strong-new-names-bad-rows.csv"


@pytest.fixture
def lifter(server, driver) -> dict:
    """A fresh account, signed in on the test's browser."""
    account = register_account(server, "import")
    sign_in(driver, server, account)
    return account


def open_import(driver, server: str) -> None:
    """Settings -> Import history, as a lifter finds it."""
    go(driver, server + "/settings")
    tap_and_load(driver, css(driver, 'a[href="/settings/import"]'))
    assert path_of(driver) == "/settings/import"


def upload(driver, path: Path) -> None:
    """Chooses the file and sends it; returns on the next page (the preview, or the form again)."""
    css(driver, 'input[type="file"][name="file"]').send_keys(str(path))
    tap_and_load(driver, button(driver, "Upload and preview"))


def test_import_strong_sample(server, driver, lifter, shoot):
    open_import(driver, server)
    assert css(driver, 'input[name="source"][value="detect"]').is_selected()
    shoot(driver, "import-01-upload")

    upload(driver, STRONG_SAMPLE)
    assert_no_error_page(driver, "uploading Strong's sample")
    assert path_of(driver).startswith("/settings/import/")
    assert text_of(driver, ".import-headline") == "Strong export: 9 workouts with 184 sets, 2024-06-18 to 2024-07-22."
    assert "does not say whether its weights are in kg or lb" in text_of(driver, ".import-unit-line")
    assert css(driver, 'input[name="unit"][value="kg"]').is_selected()
    assert "Matched to your library (25)" in text_of(driver, ".import-details summary")
    assert text_of(driver, ".import-sets-line") == (
        "Of these, 9 warm-ups, 4 drop sets and 6 to failure; volume 59,323 kg (warm-ups not counted).")
    assert not css_all(driver, 'select[name="mapTo"]')
    shoot(driver, "import-02-preview", full_page=True)

    tap_and_load(driver, button(driver, "Import 9 workouts"))
    assert path_of(driver) == "/history"
    assert notice(driver) == "Imported 9 workouts with 184 sets."
    assert len(css_all(driver, ".workout-card")) == 9
    assert "Deadlift 1RPM" in driver.page_source

    # The same file again: nothing to import, and no button that pretends otherwise.
    open_import(driver, server)
    upload(driver, STRONG_SAMPLE)
    assert text_of(driver, ".import-headline") == "Nothing to import"
    assert "Every workout of this Strong export (9 workouts) is already in your history." in text_of(driver, ".import-summary")
    assert not css_all(driver, "button[data-busy-label]")
    shoot(driver, "import-03-nothing-new")


def test_import_with_new_names_and_bad_rows(server, driver, lifter, shoot):
    open_import(driver, server)
    tap(driver, css(driver, 'input[name="source"][value="strong"]'))
    upload(driver, MIXED)
    assert_no_error_page(driver, "uploading a file with bad rows")
    assert text_of(driver, ".import-headline") == "Strong export: 2 workouts with 5 sets, 2024-06-18 to 2024-06-20."
    rows = [row.text.strip() for row in css_all(driver, ".skipped-row")]
    assert rows == ['Line 3\nThe weight "heavy" is not a number.', "Line 7\nThe row has 2 fields where the header has 12: it is cut off."]
    selects = css_all(driver, 'select[name="mapTo"]')
    assert len(selects) == 2
    assert Select(selects[0]).first_selected_option.text == "New custom exercise"
    # Near matches first, not the whole library; any other exercise by name.
    assert [o.text for o in Select(selects[0]).options][:2] == ["New custom exercise", "Zercher Squat (Barbell)"]
    assert len(Select(selects[0]).options) == 7
    others = css_all(driver, 'input[name="mapToName"]')
    assert len(others) == 2 and all(o.get_attribute("list") == "library-names" for o in others)
    assert others[0].size["height"] >= 44 and selects[0].size["height"] >= 44
    shoot(driver, "import-04-preview-new-names", full_page=True)

    Select(selects[0]).select_by_visible_text("Squat (Barbell)")
    tap(driver, css(driver, 'fieldset.segmented label:has(input[name="unit"][value="lb"])'))
    assert css(driver, 'input[name="unit"][value="lb"]').is_selected()
    shoot(driver, "import-05-mapped")
    tap_and_load(driver, button(driver, "Import 2 workouts"))
    assert path_of(driver) == "/history"
    assert notice(driver) == "Imported 2 workouts with 5 sets; 1 new exercise."
    go(driver, server + "/exercises?show=custom")
    assert "Landmine Press Twist" in driver.page_source
    assert "Zercher Wobble Squat" not in driver.page_source


def test_a_file_of_many_bad_rows_lists_the_first_thousand(server, driver, lifter, shoot, tmp_path):
    """1,204 rows with a Set Order Spotter does not know: the preview lists the first 1,000,
    counts the rest, and still imports the one good workout."""
    header = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"
    good = "2024-06-19 11:04:00,Push,1h,Bench Press (Barbell),1,100,5,0,0,,,"
    bad = [f"2024-06-18 11:04:00,Push,1h,Bench Press (Barbell),X{n},100,5,0,0,,," for n in range(1, 1205)]
    path = tmp_path / "many-bad-rows.csv"
    path.write_text("\n".join([header, good] + bad) + "\n")
    open_import(driver, server)
    upload(driver, path)
    assert_no_error_page(driver, "uploading a file of many bad rows")
    assert text_of(driver, ".import-headline") == "Strong export: 1 workout with 1 set, 2024-06-19."
    assert "Rows left out (1,204)" in driver.page_source
    assert len(css_all(driver, ".skipped-row")) == 1000
    tap(driver, css(driver, "details.import-details:has(.skipped-row) summary"))
    more = css(driver, "details.import-details:has(.skipped-row) .hint:last-child")
    assert more.text == "And 204 more rows left out; the first 1000 are listed."
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", more)
    shoot(driver, "import-07-many-bad-rows")
    tap_and_load(driver, button(driver, "Import 1 workout"))
    assert notice(driver) == "Imported 1 workout with 1 set."


def test_a_file_that_is_no_export_is_refused_on_the_form(server, driver, lifter, shoot, tmp_path):
    junk = tmp_path / "notes.csv"
    junk.write_text("shopping list\neggs\nmilk\n")
    open_import(driver, server)
    css(driver, 'input[type="file"][name="file"]').send_keys(str(junk))
    tap(driver, button(driver, "Upload and preview"))
    error = wait(driver).until(lambda d: d.find_element("css selector", "[data-upload-error]:not([hidden])"))
    assert error.text.startswith("Spotter does not recognise this file")
    assert path_of(driver) == "/settings/import"
    shoot(driver, "import-06-refused")


def test_export_page_and_csv(server, driver, lifter, shoot):
    go(driver, server + "/settings")
    tap_and_load(driver, css(driver, 'a[href="/settings/export"]'))
    link = button(driver, "Download CSV (Strong layout)")
    assert link.get_attribute("href") == server + "/settings/export/strong.csv"
    shoot(driver, "import-07-export")
    answer = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch('/settings/export/strong.csv').then(async r => done({
          status: r.status, type: r.headers.get('Content-Type'), disposition: r.headers.get('Content-Disposition'),
          body: await r.text()}));""")
    assert answer["status"] == 200
    assert answer["type"] == "text/csv; charset=utf-8"
    assert answer["disposition"].startswith(f'attachment; filename="spotter-{lifter["username"]}-')
    assert answer["body"].startswith("Date,Workout Name,Duration,Exercise Name,Set Order")
