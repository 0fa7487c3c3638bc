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

import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
HEALTH_TIMEOUT = 60.0  # seconds a (debug) server may take to answer /health
HEALTH_POLL = 0.2
CLI_TIMEOUT = 120.0  # one CLI command: opens and migrates the store, hashes a password
REQUEST_TIMEOUT = 15.0
STOP_TIMEOUT = 10.0
PASSWORD = "password long enough"


def spotter_binary() -> Path:
    raw = os.environ.get("SPOTTER_BIN", ".build/debug/spotter")
    path = Path(raw)
    path = path if path.is_absolute() else REPO_ROOT / path
    if not path.is_file():
        pytest.fail(f"spotter binary not found at {path} (build it, or set SPOTTER_BIN)", pytrace=False)
    return path


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def cli(*args: str, data_dir: Path, stdin: str | None = None) -> str:
    """Runs a spotter command on the data folder; returns its standard output."""
    result = subprocess.run(
        [str(spotter_binary()), *args, "--data-dir", str(data_dir)],
        input=stdin, capture_output=True, text=True, timeout=CLI_TIMEOUT, cwd=data_dir,
    )
    assert result.returncode == 0, f"spotter {' '.join(args)} failed ({result.returncode}):\n{result.stderr}"
    return result.stdout


class Server:
    """One `spotter serve` process on a free port; its output goes to a log file."""

    def __init__(self, data_dir: Path, name: str):
        self.data_dir = data_dir
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.log_path = data_dir.parent / f"{name}.log"
        self.log = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            [str(spotter_binary()), "serve", "--port", str(self.port), "--data-dir", str(data_dir),
             "--log-level", "warning"],
            stdout=self.log, stderr=subprocess.STDOUT, cwd=data_dir,
        )

    def log_tail(self) -> str:
        self.log.flush()
        return self.log_path.read_text(errors="replace")[-4000:]

    def wait_until_healthy(self) -> None:
        deadline = time.monotonic() + HEALTH_TIMEOUT
        while True:
            if self.process.poll() is not None:
                pytest.fail(f"spotter exited with {self.process.returncode} before answering /health:\n"
                            + self.log_tail(), pytrace=False)
            try:
                with urllib.request.urlopen(self.base_url + "/health", timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"spotter did not answer {self.base_url}/health within {HEALTH_TIMEOUT:.0f} s:\n"
                            + self.log_tail(), pytrace=False)
            time.sleep(HEALTH_POLL)  # polling a process we started

    def crash(self) -> None:
        """SIGKILL: the process gets no chance to shut down cleanly."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=STOP_TIMEOUT)
        assert self.process.returncode == -signal.SIGKILL

    def stop(self) -> None:
        """Ends the process if it still runs (SIGTERM, then SIGKILL), and closes the log."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=STOP_TIMEOUT)
        self.log.close()

    def call(self, method: str, path: str, token: str, body: dict | None = None) -> tuple[int, dict]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        request.add_header("Authorization", f"Bearer {token}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT) as response:
                raw = response.read()
                return response.status, (json.loads(raw) if raw else {})
        except urllib.error.HTTPError as error:
            raw = error.read()
            try:
                return error.code, json.loads(raw)
            except ValueError:
                return error.code, {"raw": raw.decode(errors="replace")}


@pytest.fixture
def servers():
    """Starts servers on demand and makes sure none outlives the test."""
    started: list[Server] = []

    def start(data_dir: Path, name: str) -> Server:
        server = Server(data_dir, name)
        started.append(server)
        server.wait_until_healthy()
        return server

    yield start
    for server in started:
        server.stop()


def bench_press_id(server: Server, token: str) -> str:
    query = urllib.parse.quote("Bench Press (Barbell)")
    status, body = server.call("GET", f"/api/v1/exercises?search={query}", token)
    assert status == 200, body
    matches = [item["id"] for item in body["items"] if item["name"] == "Bench Press (Barbell)"]
    assert matches, f"Bench Press (Barbell) is not in the catalog: {[i['name'] for i in body['items']]}"
    return matches[0]


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
