"""A full disk under load: nothing acknowledged is lost, nothing is answered 500.

The database lives on a small tmpfs (SQLite: the data folder; PostgreSQL: a
tablespace holding the test database, with the server's WAL elsewhere, as when a
data volume fills). LIFTERS log sets from threads as the web app's outbox does:
a set answered 503 is kept and sent again (same id) until it is acknowledged. A
filler file then takes every free byte while they go on logging:
- every set write answers 200 or 503 with Retry-After (never 500), and at least
  one answers 503 (else the disk never filled and the test proves nothing);
- `/ready` answers 503 while writes fail; reads with a bearer token answer 200;
- the filler is removed, and without a restart `/ready` answers 200 again and
  every set kept by the lifters is delivered;
- every acknowledged set is stored exactly once with its values; SQLite's
  `PRAGMA integrity_check` is ok.

Needs root (it mounts tmpfs); skips otherwise. Environment: SPOTTER_BIN,
TEST_DATABASE_URL (see spotter_server.py). Standard library + pytest.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import sqlite3
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from spotter_server import (Server, bench_press_id, create_user, psql_binary, report, servers,  # noqa: F401 (fixtures)
                            sqlite_path)

LIFTERS = 6
WARM_SECONDS = 2.0  # logging before the disk fills
FULL_SECONDS = 4.0  # logging while it is full
DRAIN_SECONDS = 30.0  # at most, to deliver every kept set once there is room
NOTE = "x" * 400  # a longer set note makes every write need new pages sooner
REQUEST_TIMEOUT = 15.0
RETRY_PAUSE = 0.2


@dataclass
class Lifter:
    index: int
    token: str
    workout_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    entry_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    acknowledged: dict[str, dict] = field(default_factory=dict)
    kept: dict[str, dict] = field(default_factory=dict)  # answered 503: sent again later, as the outbox does
    statuses: dict[int, int] = field(default_factory=dict)
    bad: list[str] = field(default_factory=list)


def call(server: Server, method: str, path: str, token: str, body: dict | None = None) -> tuple[int, dict, dict]:
    return server.request(method, path, token, body)


def ready_status(server: Server) -> int:
    try:
        with urllib.request.urlopen(server.base_url + "/ready", timeout=REQUEST_TIMEOUT) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def send_set(server: Server, lifter: Lifter, set_id: str, body: dict) -> None:
    try:
        status, headers, answer = call(server, "PUT", f"/api/v1/workouts/{lifter.workout_id}/entries/{lifter.entry_id}/sets/{set_id}",
                                       lifter.token, body)
    except OSError as error:  # the server never stops here: a lost connection is a failure
        lifter.bad.append(f"no answer: {error}")
        lifter.kept[set_id] = body
        return
    lifter.statuses[status] = lifter.statuses.get(status, 0) + 1
    if status == 200:
        lifter.acknowledged[set_id] = body
        lifter.kept.pop(set_id, None)
    elif status == 503 and headers.get("Retry-After") and answer.get("error", {}).get("code") == "storage_unavailable":
        lifter.kept[set_id] = body
    else:
        lifter.bad.append(f"{status} {json.dumps(answer)[:200]}")
        lifter.kept[set_id] = body


def log_until(server: Server, lifter: Lifter, stop: threading.Event) -> None:
    number = 0
    while not stop.is_set():
        for set_id, body in list(lifter.kept.items()):
            send_set(server, lifter, set_id, body)
        number += 1
        body = {"reps": 1 + number % 15, "weight": 40 + lifter.index + number % 30 * 2.5, "done": True, "note": NOTE}
        send_set(server, lifter, str(uuid.uuid4()), body)
        if lifter.kept:
            time.sleep(RETRY_PAUSE)  # the outbox waits before sending again


def fill(folder: Path) -> Path:
    """Writes a file until the disk has no byte left; returns it."""
    filler = folder / "filler"
    chunk = b"\0" * (1 << 16)
    with open(filler, "wb", buffering=0) as out:
        while True:
            try:
                out.write(chunk)
            except OSError as error:
                assert error.errno == errno.ENOSPC, error
                break
        # The last bytes that fit, a block at a time.
        for size in (4096, 512, 1):
            while True:
                try:
                    out.write(b"\0" * size)
                except OSError:
                    break
    return filler


@pytest.fixture
def tmpfs():
    """A small tmpfs folder, unmounted afterwards; skips without root. It is made
    outside pytest's own folder (mode 0700), so PostgreSQL's user can reach it."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root (CI runs the suite as root)")
    mounted: list[Path] = []

    def mount(name: str, megabytes: int, owner: str | None = None) -> Path:
        folder = Path(tempfile.mkdtemp(prefix=f"spotter-{name}-"))
        folder.chmod(0o755)
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={megabytes}m,mode=0755", "tmpfs", str(folder)], check=True)
        mounted.append(folder)
        if owner:
            shutil.chown(folder, user=owner)
        return folder

    yield mount
    for folder in reversed(mounted):
        subprocess.run(["umount", "-l", str(folder)], check=False)
        shutil.rmtree(folder, ignore_errors=True)


def run_full_disk(request, server: Server, tokens: list[str], full_folder: Path, engine: str) -> None:
    lifters = [Lifter(index, token) for index, token in enumerate(tokens)]
    bench = bench_press_id(server, tokens[0])
    for lifter in lifters:
        status, _, answer = call(server, "POST", "/api/v1/workouts", lifter.token, {"id": lifter.workout_id})
        assert status == 201, answer
        status, _, answer = call(server, "PUT", f"/api/v1/workouts/{lifter.workout_id}/entries/{lifter.entry_id}", lifter.token,
                                 {"exerciseId": bench})
        assert status == 200, answer

    stop = threading.Event()
    threads = [threading.Thread(target=log_until, args=(server, lifter, stop)) for lifter in lifters]
    for thread in threads:
        thread.start()
    filler = None
    try:
        time.sleep(WARM_SECONDS)  # the lifters log meanwhile
        filler = fill(full_folder)
        full_until = time.monotonic() + FULL_SECONDS
        refusals = lambda: sum(lifter.statuses.get(503, 0) for lifter in lifters)  # noqa: E731
        while time.monotonic() < full_until or refusals() == 0 and time.monotonic() < full_until + 20:
            time.sleep(0.2)  # the lifters log meanwhile
        assert refusals() > 0, f"no write was refused on a full disk: {[l.statuses for l in lifters]}"
        assert ready_status(server) == 503, "/ready while writes fail"
        reads = [call(server, "GET", "/api/v1/workouts?limit=5", lifter.token)[0] for lifter in lifters]
        assert reads == [200] * len(lifters), f"bearer reads on a full disk: {reads}"
    finally:
        if filler is not None:
            filler.unlink()
    freed = time.monotonic()
    deadline = freed + DRAIN_SECONDS
    while ready_status(server) != 200:
        assert time.monotonic() < deadline, "/ready did not come back once there was room"
        time.sleep(0.2)
    back_after = time.monotonic() - freed
    time.sleep(1.0)  # the lifters log with room again
    stop.set()
    for thread in threads:
        thread.join(timeout=60)
    for lifter in lifters:
        while lifter.kept and time.monotonic() < deadline:
            for set_id, body in list(lifter.kept.items()):
                send_set(server, lifter, set_id, body)
        assert not lifter.kept, f"lifter {lifter.index}: {len(lifter.kept)} kept sets never delivered"
        assert not lifter.bad, f"lifter {lifter.index}: answers other than 200 or 503 with Retry-After: {lifter.bad[:5]}"

    acknowledged = 0
    for lifter in lifters:
        status, _, workout = call(server, "GET", f"/api/v1/workouts/{lifter.workout_id}", lifter.token)
        assert status == 200, workout
        stored = [s for entry in workout["entries"] for s in entry["sets"]]
        ids = [s["id"] for s in stored]
        assert len(ids) == len(set(ids)), f"lifter {lifter.index}: a set stored twice"
        by_id = {s["id"]: s for s in stored}
        for set_id, body in lifter.acknowledged.items():
            assert set_id in by_id, f"lifter {lifter.index}: acknowledged set {set_id} lost"
            assert by_id[set_id]["reps"] == body["reps"] and by_id[set_id]["weight"] == body["weight"]
        acknowledged += len(lifter.acknowledged)
    refused = sum(lifter.statuses.get(503, 0) for lifter in lifters)
    report(request.config, f"full disk ({engine}): {acknowledged} sets acknowledged and stored once, {refused} answers 503 while full "
                           f"(each set kept and sent again), 0 answered 500; /ready 200 again {back_after:.1f} s after room came back")


def test_full_data_folder_sqlite(request, tmpfs, servers, tmp_path):
    data = tmpfs("data", 24) / "spotter"
    data.mkdir()
    tokens = [create_user(f"lifter{n}", data) for n in range(LIFTERS)]
    server = servers(data, "full-sqlite")
    run_full_disk(request, server, tokens, data.parent, "SQLite")
    server.stop()
    with sqlite3.connect(sqlite_path(data)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_full_tablespace_postgres(request, tmpfs, servers, tmp_path):
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        pytest.skip("TEST_DATABASE_URL is not set (scripts/test starts a throwaway PostgreSQL)")
    psql = psql_binary()
    folder = tmpfs("tablespace", 48, owner="postgres")
    space = "spotter_full_" + uuid.uuid4().hex[:8]
    name = "spotter_full_" + uuid.uuid4().hex[:8]

    def run(sql: str) -> None:
        result = subprocess.run([psql, base, "-v", "ON_ERROR_STOP=1", "-q", "-c", sql], capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, f"psql {sql!r} failed:\n{result.stderr}"

    run(f"CREATE TABLESPACE {space} LOCATION '{folder}'")
    try:
        run(f"CREATE DATABASE {name} TABLESPACE {space}")
        parts = urllib.parse.urlsplit(base)
        url = urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))
        data = tmp_path / "data"
        data.mkdir()
        tokens = [create_user(f"lifter{n}", data, database_url=url) for n in range(LIFTERS)]
        server = servers(data, "full-postgres", url)
        run_full_disk(request, server, tokens, folder, "PostgreSQL")
        server.stop()
    finally:
        run(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        run(f"DROP TABLESPACE IF EXISTS {space}")
