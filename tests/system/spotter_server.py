"""What the system tests share: the `spotter` binary, its commands, a server process
on a free port, and a fresh PostgreSQL database per test.

Environment:
  SPOTTER_BIN        the spotter binary (default: .build/debug/spotter in the repo root;
                     a relative path is taken relative to the repo root)
  TEST_DATABASE_URL  a PostgreSQL server to make throwaway databases on (tests that need
                     PostgreSQL skip without it); scripts/test sets it

Standard library only (plus pytest to run it).
"""

from __future__ import annotations

import json
import os
import shutil
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


def store_args(data_dir: Path, database_url: str | None = None) -> list[str]:
    """The options that say where the data is: the data folder, and PostgreSQL if given."""
    args = ["--data-dir", str(data_dir)]
    if database_url:
        args += ["--database-url", database_url]
    return args


def run_cli(*args: str, data_dir: Path, stdin: str | None = None, database_url: str | None = None,
            timeout: float = CLI_TIMEOUT) -> subprocess.CompletedProcess:
    """Runs a spotter command on the data folder (or database) and returns how it went."""
    return subprocess.run(
        [str(spotter_binary()), *args, *store_args(data_dir, database_url)],
        input=stdin, capture_output=True, text=True, timeout=timeout, cwd=data_dir,
    )


def cli(*args: str, data_dir: Path, stdin: str | None = None, database_url: str | None = None) -> str:
    """Runs a spotter command that must succeed; returns its standard output."""
    result = run_cli(*args, data_dir=data_dir, stdin=stdin, database_url=database_url)
    assert result.returncode == 0, f"spotter {' '.join(args)} failed ({result.returncode}):\n{result.stderr}"
    return result.stdout


def create_user(name: str, data_dir: Path, database_url: str | None = None) -> str:
    """Creates an account with PASSWORD and returns an API token for it."""
    out = cli("user", "create", name, data_dir=data_dir, stdin=PASSWORD + "\n" + PASSWORD + "\n",
              database_url=database_url)
    assert name in out, out
    token = cli("user", "token", name, data_dir=data_dir, database_url=database_url).strip()
    assert token and "\n" not in token, token
    return token


def sqlite_path(data_dir: Path) -> Path:
    """The SQLite file of a data folder (DatabaseLocation.sqlite(dataDirectory:))."""
    return data_dir / "spotter.sqlite"


class Server:
    """One `spotter serve` process on a free port; its output goes to a log file."""

    def __init__(self, data_dir: Path, name: str, database_url: str | None = None, extra_args: tuple[str, ...] = ()):
        self.data_dir = data_dir
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.log_path = data_dir.parent / f"{name}.log"
        self.log = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            [str(spotter_binary()), "serve", "--port", str(self.port), *store_args(data_dir, database_url),
             "--log-level", "warning", *extra_args],
            stdout=self.log, stderr=subprocess.STDOUT, cwd=data_dir,
        )

    @property
    def pid(self) -> int:
        return self.process.pid

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
        if not self.log.closed:
            self.log.close()

    def rss_kib(self) -> int:
        """The server's resident memory now (VmRSS of /proc/PID/status), in KiB."""
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise AssertionError(f"no VmRSS for process {self.pid}")

    def call(self, method: str, path: str, token: str, body: dict | None = None) -> tuple[int, dict]:
        status, _, answer = self.request(method, path, token, body)
        return status, answer

    def request(self, method: str, path: str, token: str, body: dict | None = None) -> tuple[int, dict, dict]:
        """An API call: the status, the headers and the JSON body of the answer."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        request.add_header("Authorization", f"Bearer {token}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT) as response:
                raw = response.read()
                return response.status, dict(response.headers), (json.loads(raw) if raw else {})
        except urllib.error.HTTPError as error:
            raw = error.read()
            try:
                return error.code, dict(error.headers), json.loads(raw)
            except ValueError:
                return error.code, dict(error.headers), {"raw": raw.decode(errors="replace")}


@pytest.fixture
def servers():
    """Starts servers on demand and makes sure none outlives the test."""
    started: list[Server] = []

    def start(data_dir: Path, name: str, database_url: str | None = None, extra_args: tuple[str, ...] = ()) -> Server:
        server = Server(data_dir, name, database_url, extra_args)
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


def psql_binary() -> str | None:
    found = shutil.which("psql")
    if found:
        return found
    candidates = sorted(Path("/usr/lib/postgresql").glob("*/bin/psql"))
    return str(candidates[-1]) if candidates else None


def _with_database(url: str, database: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/" + database, parts.query, parts.fragment))


@pytest.fixture
def postgres_database():
    """A fresh, empty PostgreSQL database on TEST_DATABASE_URL's server (dropped afterwards);
    skips when TEST_DATABASE_URL is not set."""
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        pytest.skip("TEST_DATABASE_URL is not set (scripts/test starts a throwaway PostgreSQL)")
    psql = psql_binary()
    if not psql:
        pytest.skip("psql is not installed (scripts/install-test-deps installs postgresql)")
    name = "spotter_sys_" + uuid.uuid4().hex[:12]
    admin = base  # libpq reads the same URL (sslmode included)

    def run(sql: str) -> None:
        result = subprocess.run([psql, admin, "-v", "ON_ERROR_STOP=1", "-q", "-c", sql],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, f"psql {sql!r} failed:\n{result.stderr}"

    run(f"CREATE DATABASE {name}")
    try:
        yield _with_database(base, name)
    finally:
        run(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def report(config: pytest.Config, text: str) -> None:
    """Shows figures in the test run's output even when the test passes (without -s)."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    capture = config.pluginmanager.get_plugin("capturemanager")
    if reporter is None or capture is None:
        print(text)
        return
    with capture.global_and_fixture_disabled():
        reporter.write_line("")
        for line in text.strip().splitlines():
            reporter.write_line(line)
