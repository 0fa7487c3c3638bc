"""Names that look like markup do not break the pages whose script reads a JSON island
(`<script type="application/json">`): a workout, an exercise, a workout type and a
template named with `<!--<script>`, `</script>`, `&` and U+2028. Before, only `</` was
escaped in the islands; `<!--<script>` put the HTML parser in its double-escaped state,
the island ran on past its `</script>`, `JSON.parse` failed and the logging page showed
0 sets. Here the logging page, the editing page of the finished workout and the guided
player of the template each run their script: every set renders, nothing is logged
to the console, and the names show as typed."""

from __future__ import annotations

import uuid

from pages import browser_errors, css, css_all, go, register_account, sign_in, text_of, wait
from test_workout import api_for

HOSTILE = "<!--<script> </script> & \u2028x"
BENCH = "Bench Press (Barbell)"


def set_rows(driver) -> int:
    return len(css_all(driver, "#entries [data-set-id]"))


def test_hostile_names_leave_every_set_on_the_page(server, driver):
    account = register_account(server, "hostile")
    api = api_for(server, account)
    sign_in(driver, server, account)

    # Everything named by the lifter carries the markup, through the JSON API.
    kind = api.ok("POST", "/api/v1/workout-types", {"name": f"Type {HOSTILE}", "colorHex": "#12ab34", "icon": "body"})
    exercise = api.ok("POST", "/api/v1/exercises", {
        "name": f"Press {HOSTILE}", "muscleGroups": ["chest"], "equipment": "barbell", "kind": "weightReps"})
    bench = api.exercise_id(BENCH)
    template = api.ok("PUT", f"/api/v1/templates/{uuid.uuid4()}", {
        "name": f"Plan {HOSTILE}",
        "exercises": [{"exerciseId": exercise["id"], "setCount": 2, "repMin": 5, "repMax": 5, "restSeconds": 30},
                      {"exerciseId": bench, "setCount": 1, "repMin": 8, "repMax": 8}]})
    workout_id = str(uuid.uuid4())
    workout = api.ok("POST", "/api/v1/workouts", {"id": workout_id, "name": f"Legs {HOSTILE}", "workoutTypeId": kind["id"]})
    for exercise_id, count in [(exercise["id"], 3), (bench, 2)]:
        entry = str(uuid.uuid4())
        api.ok("PUT", f"/api/v1/workouts/{workout_id}/entries/{entry}", {"exerciseId": exercise_id, "notes": HOSTILE})
        for reps in range(count):
            api.ok("PUT", f"/api/v1/workouts/{workout_id}/entries/{entry}/sets/{uuid.uuid4()}",
                   {"reps": 5 + reps, "weight": 60, "note": HOSTILE})

    # The logging page: its script read the island and drew all five sets.
    go(driver, server + "/workout")
    wait(driver).until(lambda d: set_rows(d) == 5, message=f"the logging page shows {set_rows(driver)} of 5 sets")
    page = css(driver, "#entries").text
    assert exercise["name"].split("\u2028")[0] in page, "the exercise's name shows as typed"
    assert not browser_errors(driver), "the logging page's script ran without errors"

    # The same workout finished, on its editing page.
    api.ok("POST", f"/api/v1/workouts/{workout_id}/finish")
    go(driver, server + f"/history/{workout_id}/edit")
    wait(driver).until(lambda d: set_rows(d) == 5, message=f"the editing page shows {set_rows(driver)} of 5 sets")
    assert not browser_errors(driver), "the editing page's script ran without errors"
    assert workout["name"].startswith("Legs <!--<script>")

    # The template played guided: the player's script takes over (it shows the mute
    # button, which only the script reveals) on the first set of the hostile exercise.
    played = str(uuid.uuid4())
    api.ok("POST", f"/api/v1/templates/{template['id']}/play", {"workoutId": played})
    go(driver, server + f"/workouts/{played}/play")
    wait(driver).until(lambda d: css(d, "[data-mute]").is_displayed(), message="the player's script did not start")
    assert text_of(driver, "[data-set-label]") == "Set 1 of 2"
    assert not browser_errors(driver), "the player's script ran without errors"
    sets = [s for entry in api.ok("GET", f"/api/v1/workouts/{played}")["entries"] for s in entry["sets"]]
    assert len(sets) == 3, sets
