"""What uploads may take from a server: waiting import previews and restores.

- Previews: the data folder on a 40 MB tmpfs (the issue's volume); one lifter
  uploads seven 2.56 MB exports (which filled it before). At most three wait (the
  oldest make way), nothing stays in the data folder beside the database, and
  another lifter logs sets throughout. Then the disk is filled to just above its
  reserve: an upload is refused with 503 and a message, nothing of it is kept,
  and sets still save.
- Restores: four lifters send a full export of about RESTORE_MB at once. One runs
  at a time (the others answer 503 with Retry-After and send again), every
  account ends up whole, and the server's resident memory is reported against what
  it was before. (A lifter's second restore at once, 429, is a Swift test of
  `RestoreGate`: from outside, whether the first still runs is a matter of timing.)

Needs root for the tmpfs (skips that test otherwise). Environment: SPOTTER_BIN,
TEST_DATABASE_URL (see spotter_server.py). Standard library + pytest.
"""

from __future__ import annotations

import concurrent.futures
import copy
import datetime
import json
import os
import sqlite3
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest

from spotter_server import (REQUEST_TIMEOUT, Server, bench_press_id, create_user, report, servers,  # noqa: F401 (fixtures)
                            sqlite_path)
from test_storage_faults import tmpfs  # noqa: F401 (fixture)

UPLOADS = 7
UPLOAD_BYTES = 2_560_000
RESTORE_MB = int(os.environ.get("RESTORE_MB", "4"))
RESTORERS = 4
RESTORE_TIMEOUT = 180.0
UPLOAD_TIMEOUT = 120.0  # a debug build reads and plans 2.56 MB in seconds; a busy CI machine takes longer


def strong_csv(size: int, seed: int) -> bytes:
    """A Strong export (comma layout) of about `size` bytes, its workouts a day apart."""
    lines = ["Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"]
    start = datetime.datetime(2015, 1, 1, 18, 0) + datetime.timedelta(minutes=seed)
    total, day = 0, 0
    while total < size:
        stamp = (start + datetime.timedelta(days=day)).strftime("%Y-%m-%d %H:%M:%S")
        for exercise in ("Squat (Barbell)", "Bench Press (Barbell)", "Deadlift (Barbell)"):
            for order in range(1, 6):
                line = f'{stamp},"Day {day}",1h,"{exercise}",{order},{60 + day % 40}.0,5.0,0,0.0,"",,'
                lines.append(line)
                total += len(line) + 1
        day += 1
    return ("\n".join(lines) + "\n").encode()


def post_raw(server: Server, path: str, token: str, body: bytes, content_type: str,
             timeout: float = UPLOAD_TIMEOUT) -> tuple[int, dict, dict]:
    request = urllib.request.Request(server.base_url + path, data=body, method="POST")
    request.add_header("Authorization", f"Bearer {token}")
    request.add_header("Content-Type", content_type)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, dict(response.headers), json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), json.loads(error.read() or b"{}")


def log_one_set(server: Server, token: str, workout: str, entry: str) -> int:
    status, _ = server.call("PUT", f"/api/v1/workouts/{workout}/entries/{entry}/sets/{uuid.uuid4()}", token,
                            {"reps": 5, "weight": 100, "done": True})
    return status


def start_workout(server: Server, token: str) -> tuple[str, str]:
    workout, entry = str(uuid.uuid4()), str(uuid.uuid4())
    assert server.call("POST", "/api/v1/workouts", token, {"id": workout})[0] == 201
    assert server.call("PUT", f"/api/v1/workouts/{workout}/entries/{entry}", token, {"exerciseId": bench_press_id(server, token)})[0] == 200
    return workout, entry


def files_beside_database(data: Path) -> list[str]:
    folder = data / "imports"
    return [str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()] if folder.exists() else []


def test_previews_bounded_on_a_small_disk(request, tmpfs, servers):
    volume = tmpfs("imports", 40)
    data = volume / "spotter"
    data.mkdir()
    uploader = create_user("uploader", data)
    lifter = create_user("lifter", data)
    server = servers(data, "previews")
    workout, entry = start_workout(server, lifter)

    kept: list[str] = []
    for n in range(UPLOADS):
        body = strong_csv(UPLOAD_BYTES, seed=n)
        status, _, answer = post_raw(server, "/api/v1/imports?fileName=strong.csv", uploader, body, "text/csv")
        assert status == 201, answer
        kept.append(answer["id"])
        assert log_one_set(server, lifter, workout, entry) == 200, f"a set after upload {n + 1}"
    with sqlite3.connect(sqlite_path(data)) as db:
        waiting = {row[0] for row in db.execute("SELECT token FROM import_uploads WHERE result IS NULL")}
    assert waiting == set(kept[-3:]), f"the three newest wait, the rest made way: {len(waiting)} waiting"
    assert files_beside_database(data) == [], files_beside_database(data)
    stat = os.statvfs(volume)
    free_mb = stat.f_bavail * stat.f_frsize / 1e6

    # Fill the disk to just above its reserve (8 MB of 40): an upload would cut into it.
    filler = volume / "filler"
    with open(filler, "wb") as out:
        room = os.statvfs(volume).f_bavail * stat.f_frsize - 9 * 1024 * 1024
        out.write(b"\0" * max(room, 0))
    status, headers, answer = post_raw(server, "/api/v1/imports?fileName=strong.csv", uploader, strong_csv(UPLOAD_BYTES, 99), "text/csv")
    assert status == 503 and headers.get("Retry-After"), (status, answer)
    assert answer["error"]["message"].startswith("The server's disk is nearly full, so it takes no imports now"), answer
    assert files_beside_database(data) == []
    assert log_one_set(server, lifter, workout, entry) == 200, "sets still save on a disk kept from filling"
    filler.unlink()
    report(request.config, f"previews on a 40 MB disk: {UPLOADS} uploads of 2.56 MB, {len(waiting)} waiting, "
                           f"{free_mb:.1f} MB free after them; an upload into the reserve answered 503; sets saved throughout")


def full_export(server: Server, token: str, megabytes: int) -> bytes:
    """The lifter's full export, its one finished workout copied a day apart until the file is about `megabytes` MB."""
    workout, entry = start_workout(server, token)
    for _ in range(8):
        assert log_one_set(server, token, workout, entry) == 200
    assert server.call("POST", f"/api/v1/workouts/{workout}/finish", token)[0] == 200
    request = urllib.request.Request(server.base_url + "/api/v1/export?format=json")
    request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT) as response:
        document = json.loads(response.read())
    (one,) = document["workouts"]
    size = len(json.dumps(one))
    copies = []
    for n in range(megabytes * 1_000_000 // size):
        item = copy.deepcopy(one)
        shift = datetime.timedelta(days=n + 1)
        for key in ("startedAt", "endedAt"):
            moved = datetime.datetime.fromisoformat(item[key].replace("Z", "+00:00")) - shift
            item[key] = moved.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moved.microsecond // 1000:03d}Z"
        copies.append(item)
    document["workouts"] = copies
    return json.dumps(document).encode()


def test_restores_one_at_a_time(request, servers, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    source = create_user("source", data)
    lifters = [create_user(f"restorer{n}", data) for n in range(RESTORERS)]
    server = servers(data, "restores")
    body = full_export(server, source, RESTORE_MB)
    rss_before = server.rss_kib()
    peak = [rss_before]
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], server.rss_kib())
            time.sleep(0.05)  # sampling the process's memory, not timing anything

    sampler = threading.Thread(target=sample)
    sampler.start()
    answers: dict[int, list[int]] = {n: [] for n in range(RESTORERS)}

    def restore(n: int) -> None:
        deadline = time.monotonic() + RESTORE_TIMEOUT
        while time.monotonic() < deadline:
            status, headers, answer = post_raw(server, "/api/v1/restore", lifters[n], body, "application/json", timeout=RESTORE_TIMEOUT)
            answers[n].append(status)
            if status != 503:
                return
            assert headers.get("Retry-After") == "30", headers
            time.sleep(0.5)  # a client waits before sending again (shorter than Retry-After, to keep the test short)

    try:
        with concurrent.futures.ThreadPoolExecutor(RESTORERS) as pool:
            for future in [pool.submit(restore, n) for n in range(RESTORERS)]:
                future.result()
    finally:
        done.set()
        sampler.join()
    for n, statuses in answers.items():
        assert statuses[-1] == 201, f"lifter {n}: {statuses}"
        assert set(statuses[:-1]) <= {503}, f"lifter {n}: {statuses}"
    refused = sum(len(s) - 1 for s in answers.values())
    assert refused > 0, "four restores at once all ran together"
    for token in lifters:
        status, page = server.call("GET", "/api/v1/workouts?limit=1", token)
        assert status == 200 and page["items"], page
    report(request.config, f"four restores of {len(body) / 1e6:.0f} MB at once: resident memory {rss_before / 1024:.0f} MB before, "
                           f"peak {peak[0] / 1024:.0f} MB (+{(peak[0] - rss_before) / 1024:.0f} MB); {refused} answers 503 (one at a time)")


def test_early_answers_reach_clients_that_send_the_whole_body_first(servers, tmp_path):
    """urllib sends `Connection: close` and its whole body before it reads the answer. An
    answer given before the body was read (405, 401, a busy restore) must still reach it:
    the server reads the rest of the body instead of waiting for the client to close."""
    data = tmp_path / "data"
    data.mkdir()
    token = create_user("lifter", data)
    server = servers(data, "early")
    body = b"x" * (16 << 20)  # far more than the socket buffers hold
    for path, bearer, status in (("/health", None, 405), ("/api/v1/restore", "spt_not-a-token", 401), ("/api/v1/imports?app=nope", token, 400)):
        request = urllib.request.Request(server.base_url + path, data=body, method="POST")
        if bearer:
            request.add_header("Authorization", f"Bearer {bearer}")
        request.add_header("Content-Type", "text/csv")
        started = time.monotonic()
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT)
        assert answer.value.code == status, (path, answer.value.code)
        assert time.monotonic() - started < REQUEST_TIMEOUT
    assert server.call("GET", "/api/v1/workouts", token)[0] == 200
