"""Durability under load: concurrent lifters log sets while the server is killed with
SIGKILL; every set it acknowledged must be there afterwards, exactly once, with its
values. On SQLite and, when TEST_DATABASE_URL is set, on a fresh PostgreSQL database.

LIFTERS accounts are made up front (`spotter user create` + `spotter user token`).
Each lifter starts a workout with two exercises through the JSON API and logs sets
as fast as it can from its own thread (ids made by the client, so a PUT sent again
changes nothing more). KILL_AFTER seconds in, the server is killed with SIGKILL and
started again on the same data; the lifters keep going against the new server until
LOAD_SECONDS have passed. A set whose request got no answer in the crash is sent
again (same id, same values) by every other lifter, as the app's outbox does, and
abandoned by the others: those may or may not be stored, but never twice.

Then every workout is read back through the API, the server is stopped, and on
SQLite the file is checked with `PRAGMA integrity_check` and read directly.

Environment: SPOTTER_BIN, TEST_DATABASE_URL (see spotter_server.py). Standard library + pytest.
"""

from __future__ import annotations

import concurrent.futures
import http.client
import json
import sqlite3
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from spotter_server import (Server, bench_press_id, cli, create_user, postgres_database,  # noqa: F401 (fixtures)
                            report, servers, sqlite_path)

LIFTERS = 50
LOAD_SECONDS = 10.0
KILL_AFTER = 5.0
AFTER_RESTART_MIN = 2.0  # the lifters go on at least this long against the restarted server
CREATE_WORKERS = 3  # accounts made at once (each `user create` hashes a password)
REQUEST_TIMEOUT = 30.0
RETRY_PAUSE = 0.05  # seconds between two tries while the server is down
MAX_SETS_PER_LIFTER = 2000
MAX_500S_SHOWN = 5


@dataclass
class Lifter:
    index: int
    name: str
    token: str
    workout_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    entry_ids: tuple[str, str] = field(default_factory=lambda: (str(uuid.uuid4()), str(uuid.uuid4())))
    acknowledged: dict[str, tuple[str, dict]] = field(default_factory=dict)  # set id -> (entry id, body)
    unanswered: dict[str, tuple[str, dict]] = field(default_factory=dict)  # abandoned without an answer
    refused: list[str] = field(default_factory=list)  # non-2xx answers, status and body start
    resent: int = 0


class Target:
    """Where the server is now; the lifters wait while it is down."""

    def __init__(self, server: Server):
        self._lock = threading.Lock()
        self._server: Server | None = server

    def get(self) -> Server | None:
        with self._lock:
            return self._server

    def set(self, server: Server | None) -> None:
        with self._lock:
            self._server = server


def set_body(lifter: Lifter, number: int) -> dict:
    """Values that differ from set to set, so a mix-up shows."""
    body = {"reps": 1 + number % 20, "weight": round(20 + lifter.index + (number % 40) * 2.5, 2), "done": True}
    if number % 3 == 0:
        body["rpe"] = 6 + (number % 9) * 0.5
    if number % 7 == 0:
        body["note"] = f"lifter {lifter.index} set {number}"
    return body


def request(connection: http.client.HTTPConnection, method: str, path: str, token: str,
            body: dict | None = None) -> tuple[int, bytes]:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Authorization": f"Bearer {token}"}
    if data is not None:
        headers["Content-Type"] = "application/json"
    connection.request(method, path, body=data, headers=headers)
    response = connection.getresponse()
    return response.status, response.read()


def run_lifter(lifter: Lifter, target: Target, start: threading.Event, deadline_box: list[float],
               stop: threading.Event) -> None:
    """Logs sets until the deadline; keeps going across the crash."""
    start.wait()
    connection: http.client.HTTPConnection | None = None
    port = None
    retry: tuple[str, str, dict] | None = None  # a set to send again after the crash
    number = 0
    while not stop.is_set() and time.monotonic() < deadline_box[0] and number < MAX_SETS_PER_LIFTER:
        server = target.get()
        if server is None:
            stop.wait(RETRY_PAUSE)
            continue
        if connection is None or port != server.port:
            if connection is not None:
                connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=REQUEST_TIMEOUT)
            port = server.port
        if retry is not None:
            set_id, entry_id, body = retry
        else:
            number += 1
            set_id, entry_id, body = str(uuid.uuid4()), lifter.entry_ids[number % 2], set_body(lifter, number)
        path = f"/api/v1/workouts/{lifter.workout_id}/entries/{entry_id}/sets/{set_id}"
        try:
            status, raw = request(connection, "PUT", path, lifter.token, body)
        except (OSError, http.client.HTTPException):
            # No answer: the server died (or the connection did). Every other lifter
            # sends the set again once the server is back; the others give it up.
            connection.close()
            connection = None
            if retry is None and lifter.index % 2 == 0:
                retry = (set_id, entry_id, body)
                lifter.resent += 1
            elif retry is None:
                lifter.unanswered[set_id] = (entry_id, body)
            stop.wait(RETRY_PAUSE)
            continue
        retry = None
        if 200 <= status < 300:
            lifter.acknowledged[set_id] = (entry_id, body)
            lifter.unanswered.pop(set_id, None)
        elif status == 503:
            retry = (set_id, entry_id, body)  # "try again later": the outbox does
            stop.wait(RETRY_PAUSE)
        else:
            lifter.refused.append(f"{status} {raw[:200].decode(errors='replace')}")
            lifter.unanswered[set_id] = (entry_id, body)
    if retry is not None:  # still not answered when time ran out
        lifter.unanswered[retry[0]] = (retry[1], retry[2])
    if connection is not None:
        connection.close()


def make_lifters(data_dir: Path, database_url: str | None) -> list[Lifter]:
    cli("migrate", data_dir=data_dir, database_url=database_url)
    names = [f"lifter{i:02d}" for i in range(LIFTERS)]
    with concurrent.futures.ThreadPoolExecutor(CREATE_WORKERS) as pool:
        tokens = list(pool.map(lambda name: create_user(name, data_dir, database_url), names))
    return [Lifter(i, name, token) for i, (name, token) in enumerate(zip(names, tokens))]


def start_workouts(server: Server, lifters: list[Lifter]) -> None:
    exercise = bench_press_id(server, lifters[0].token)  # built-in: the same for everyone

    def one(lifter: Lifter) -> None:
        status, body = server.call("POST", "/api/v1/workouts", lifter.token,
                                   {"id": lifter.workout_id, "name": f"Load {lifter.index}"})
        assert status == 201, body
        for entry_id in lifter.entry_ids:
            status, body = server.call("PUT", f"/api/v1/workouts/{lifter.workout_id}/entries/{entry_id}",
                                       lifter.token, {"exerciseId": exercise})
            assert status == 200, body

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        list(pool.map(one, lifters))


def check_stored(lifter: Lifter, stored: dict[str, list[dict]]) -> tuple[int, int, int, list[str]]:
    """Compares what the lifter was told with what is stored: (found, lost, duplicated,
    problems). `stored` maps set id to every copy of it found."""
    problems: list[str] = []
    lost = duplicated = found = 0
    for set_id, (entry_id, body) in lifter.acknowledged.items():
        copies = stored.get(set_id, [])
        if not copies:
            lost += 1
            continue
        found += 1
        if len(copies) > 1:
            duplicated += 1
        copy = copies[0]
        wanted = {"entry": entry_id, "reps": body["reps"], "weight": body["weight"], "done": True,
                  "rpe": body.get("rpe"), "note": body.get("note", "")}
        got = {key: copy.get(key) for key in wanted}
        if got != wanted and len(problems) < 3:
            problems.append(f"{lifter.name} set {set_id}: stored {got}, acknowledged {wanted}")
    for set_id, copies in stored.items():
        if len(copies) > 1 and set_id not in lifter.acknowledged:
            duplicated += 1
        if set_id not in lifter.acknowledged and set_id not in lifter.unanswered and len(problems) < 3:
            problems.append(f"{lifter.name}: set {set_id} is stored but was never sent")
    return found, lost, duplicated, problems


def stored_through_api(server: Server, lifter: Lifter) -> dict[str, list[dict]]:
    status, workout = server.call("GET", f"/api/v1/workouts/{lifter.workout_id}", lifter.token)
    assert status == 200, f"{lifter.name}: {status} {workout}"
    assert [entry["id"].lower() for entry in workout["entries"]] == list(lifter.entry_ids), workout["entries"]
    stored: dict[str, list[dict]] = {}
    for entry in workout["entries"]:
        for one in entry["sets"]:
            stored.setdefault(one["id"].lower(), []).append({
                "entry": entry["id"].lower(), "reps": one["reps"], "weight": one["weight"], "done": one["done"],
                "rpe": one["rpe"], "note": one["note"]})
    return stored


def stored_in_sqlite(path: Path, lifters: list[Lifter]) -> dict[str, dict[str, list[dict]]]:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        result = connection.execute("PRAGMA integrity_check").fetchall()
        assert result == [("ok",)], f"PRAGMA integrity_check: {result[:10]}"
        workouts = {lifter.workout_id.upper(): lifter.name for lifter in lifters}
        stored: dict[str, dict[str, list[dict]]] = {lifter.name: {} for lifter in lifters}
        rows = connection.execute(
            "SELECT id, workout_id, entry_id, reps, weight_value, done, rpe, note FROM workout_sets")
        for set_id, workout_id, entry_id, reps, weight, done, rpe, note in rows:
            name = workouts.get(str(workout_id).upper())
            if name is None:
                continue
            stored[name].setdefault(str(set_id).lower(), []).append({
                "entry": str(entry_id).lower(), "reps": reps, "weight": weight, "done": bool(done), "rpe": rpe,
                "note": note})
        return stored
    finally:
        connection.close()


@pytest.mark.parametrize("engine", ["sqlite", "postgres"])
def test_acknowledged_sets_survive_sigkill_under_load(tmp_path, servers, request, engine, pytestconfig):
    database_url = request.getfixturevalue("postgres_database") if engine == "postgres" else None
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    began = time.monotonic()
    lifters = make_lifters(data_dir, database_url)
    setup_seconds = time.monotonic() - began

    first = servers(data_dir, "load-first", database_url)
    start_workouts(first, lifters)
    target = Target(first)
    start, stop = threading.Event(), threading.Event()
    deadline_box = [float("inf")]
    threads = [threading.Thread(target=run_lifter, args=(lifter, target, start, deadline_box, stop), daemon=True)
               for lifter in lifters]
    for thread in threads:
        thread.start()
    load_started = time.monotonic()
    deadline_box[0] = load_started + LOAD_SECONDS
    start.set()
    try:
        time.sleep(KILL_AFTER)
        acknowledged_before_kill = sum(len(lifter.acknowledged) for lifter in lifters)
        target.set(None)
        first.crash()
        killed_at = time.monotonic() - load_started
        second = servers(data_dir, "load-second", database_url)
        restarted_at = time.monotonic() - load_started
        deadline_box[0] = max(deadline_box[0], time.monotonic() + AFTER_RESTART_MIN)
        target.set(second)
        for thread in threads:
            thread.join(LOAD_SECONDS + AFTER_RESTART_MIN + REQUEST_TIMEOUT * 2)
    finally:
        stop.set()
    assert not any(thread.is_alive() for thread in threads), "a lifter did not stop"
    load_seconds = time.monotonic() - load_started

    totals = {"acknowledged": 0, "found": 0, "lost": 0, "duplicated": 0, "unanswered": 0, "unanswered found": 0}
    problems: list[str] = []
    for lifter in lifters:
        stored = stored_through_api(second, lifter)
        found, lost, duplicated, issues = check_stored(lifter, stored)
        totals["acknowledged"] += len(lifter.acknowledged)
        totals["found"] += found
        totals["lost"] += lost
        totals["duplicated"] += duplicated
        totals["unanswered"] += len(lifter.unanswered)
        totals["unanswered found"] += sum(1 for set_id in lifter.unanswered if set_id in stored)
        problems += issues
    refused = [answer for lifter in lifters for answer in lifter.refused]
    second.stop()

    if engine == "sqlite":
        direct = stored_in_sqlite(sqlite_path(data_dir), lifters)
        for lifter in lifters:
            found, lost, duplicated, issues = check_stored(lifter, direct[lifter.name])
            if lost or duplicated:
                problems.append(f"{lifter.name} in the SQLite file: {lost} lost, {duplicated} duplicated")
            problems += issues

    report(pytestconfig, f"load with kill -9, {engine}: {LIFTERS} lifters, accounts made in {setup_seconds:.1f} s; "
           f"load {load_seconds:.1f} s, "
           f"killed at {killed_at:.1f} s ({acknowledged_before_kill} sets acknowledged by then), back at "
           f"{restarted_at:.1f} s; acknowledged {totals['acknowledged']}, found {totals['found']}, "
           f"lost {totals['lost']}, duplicated {totals['duplicated']}; unanswered {totals['unanswered']} "
           f"(of which stored {totals['unanswered found']}), sent again {sum(l.resent for l in lifters)}; "
           f"refused {len(refused)}")

    assert acknowledged_before_kill > 0, "no set was acknowledged before the kill"
    assert totals["lost"] == 0 and totals["duplicated"] == 0 and not problems, \
        f"{totals}; {problems[:10]}"
    assert not refused, f"{len(refused)} sets were refused (a set must never fail for load): {refused[:MAX_500S_SHOWN]}"
