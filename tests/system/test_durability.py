"""Durability of logged sets: every set the server acknowledged (200) survives a
crash. The real `spotter` binary is started on an empty data folder, a workout is
logged over HTTP, the server is killed with SIGKILL (no clean shutdown, no chance
to flush anything), started again on the same folder, and the active workout must
hold every acknowledged set with its values.

Environment:
  SPOTTER_BIN  the spotter binary (default: .build/debug/spotter in the repo root;
               a relative path is taken relative to the repo root)

Standard library only (plus pytest to run it).
"""

from __future__ import annotations

import uuid

from spotter_server import PASSWORD, bench_press_id, cli, servers  # noqa: F401 (servers is a fixture)


def test_acknowledged_sets_survive_sigkill(tmp_path, servers):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    out = cli("user", "create", "lifter", data_dir=data_dir, stdin=PASSWORD + "\n")
    assert "lifter" in out
    token = cli("user", "token", "lifter", data_dir=data_dir).strip()
    assert token and "\n" not in token

    first = servers(data_dir, "first-run")
    bench = bench_press_id(first, token)
    workout_id, entry_id = str(uuid.uuid4()), str(uuid.uuid4())
    status, workout = first.call("POST", "/api/v1/workouts", token, {"id": workout_id, "name": "Crash Day"})
    assert status == 201, workout
    status, workout = first.call("PUT", f"/api/v1/workouts/{workout_id}/entries/{entry_id}", token,
                                 {"exerciseId": bench})
    assert status == 200, workout

    planned = [
        {"reps": 5, "weight": 100, "done": True},
        {"reps": 5, "weight": 102.5, "done": True, "rpe": 8},
        {"reps": 4, "weight": 105, "done": True, "note": "slow off the chest"},
        {"reps": 3, "weight": 107.5, "done": True, "rpe": 9.5, "kind": "failure"},
        {"reps": 8, "weight": 80, "done": False, "kind": "drop"},
    ]
    acknowledged: list[tuple[str, dict]] = []
    for body in planned:
        set_id = str(uuid.uuid4())
        status, answer = first.call(
            "PUT", f"/api/v1/workouts/{workout_id}/entries/{entry_id}/sets/{set_id}", token, body)
        assert status == 200, answer
        assert answer["applied"] is True
        acknowledged.append((set_id, body))

    first.crash()

    second = servers(data_dir, "second-run")
    status, active = second.call("GET", "/api/v1/workouts/active", token)
    assert status == 200, f"no active workout after the restart: {active}"
    assert active["id"].lower() == workout_id
    assert active["name"] == "Crash Day"
    assert [entry["id"].lower() for entry in active["entries"]] == [entry_id]
    sets = active["entries"][0]["sets"]
    assert [s["id"].lower() for s in sets] == [set_id for set_id, _ in acknowledged], \
        "every acknowledged set is there, in order"
    for stored, (set_id, sent) in zip(sets, acknowledged):
        assert stored["reps"] == sent["reps"], set_id
        assert stored["weight"] == sent["weight"], set_id
        assert stored["weightUnit"] == "kg", set_id
        assert stored["done"] is sent["done"], set_id
        assert stored["kind"] == sent.get("kind", "working"), set_id
        assert stored["rpe"] == sent.get("rpe"), set_id
        assert stored["note"] == sent.get("note", ""), set_id
        assert (stored["loggedAt"] is not None) is sent["done"], set_id
    assert active["summary"]["setCount"] == 4
    # 100x5 + 102.5x5 + 105x4 + 107.5x3 = 500 + 512.5 + 420 + 322.5
    assert active["summary"]["volume"] == 1755

    # The restarted server keeps taking sets for the same workout.
    set_id = str(uuid.uuid4())
    status, answer = second.call(
        "PUT", f"/api/v1/workouts/{workout_id}/entries/{entry_id}/sets/{set_id}", token,
        {"reps": 10, "weight": 60, "done": True})
    assert status == 200, answer
    status, active = second.call("GET", "/api/v1/workouts/active", token)
    assert status == 200
    assert len(active["entries"][0]["sets"]) == len(acknowledged) + 1
