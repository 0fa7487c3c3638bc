"""Plumbing for the contract suite: the real `spotter` binary on a throwaway data
folder (SQLite) or a throwaway database in the TEST_DATABASE_URL cluster
(PostgreSQL), a user with an API token, and a summary line per engine at the end
of the pytest run.

Environment:
  SPOTTER_BIN        the spotter binary (default: .build/debug/spotter in the repo
                     root; a relative path is taken relative to the repo root)
  TEST_DATABASE_URL  a PostgreSQL URL whose user may CREATE DATABASE; without it the
                     PostgreSQL case is skipped

Standard library only (plus pytest, and schemathesis for the test itself).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "contract-" + secrets.token_hex(12)
USER = "contract"
SERVER_START_TIMEOUT = 90.0

# Filled by the tests, printed by pytest_terminal_summary.
SUMMARIES: list[str] = []


def spotter_binary() -> Path:
    raw = os.environ.get("SPOTTER_BIN", ".build/debug/spotter")
    path = Path(raw)
    path = path if path.is_absolute() else REPO_ROOT / path
    if not path.exists():
        pytest.fail(f"the spotter binary is missing at {path}: build it (swift build) or set SPOTTER_BIN")
    return path


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Server:
    base_url: str
    process: subprocess.Popen
    log_path: Path
    token: str = ""

    def call(self, method: str, path: str, body: object | None = None) -> tuple[int, object]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        request.add_header("Authorization", f"Bearer {self.token}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                raw = response.read()
                return response.status, (json.loads(raw) if raw else None)
        except urllib.error.HTTPError as error:
            raw = error.read()
            return error.code, (json.loads(raw) if raw else None)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=15)


@dataclass
class Engine:
    """Where the server keeps its data: the arguments every `spotter` command takes."""
    name: str
    data_dir: Path
    database_url: str | None = None
    cleanup: list = field(default_factory=list)

    @property
    def args(self) -> list[str]:
        args = ["--data-dir", str(self.data_dir)]
        if self.database_url:
            args += ["--database-url", self.database_url]
        return args

    def cli(self, *arguments: str, stdin: str | None = None) -> str:
        result = subprocess.run(
            [str(spotter_binary()), *arguments, *self.args], input=stdin, capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            pytest.fail(f"spotter {' '.join(arguments)} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
        return result.stdout


def _psql(url: str, sql: str) -> None:
    if shutil.which("psql") is None:
        pytest.fail("psql is needed to make a throwaway database (Debian package postgresql-client)")
    result = subprocess.run(["psql", url, "-v", "ON_ERROR_STOP=1", "-qAtc", sql], capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        pytest.fail(f"psql failed: {sql}\n{result.stderr}")


def _with_database(url: str, name: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit(parts._replace(path="/" + name))


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request, tmp_path) -> Engine:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    if request.param == "sqlite":
        yield Engine("sqlite", data_dir)
        return
    cluster = os.environ.get("TEST_DATABASE_URL")
    if not cluster:
        pytest.skip("TEST_DATABASE_URL is not set (scripts/test sets it; locally: eval \"$(scripts/postgres-throwaway start)\")")
    # A database of its own, so runs never see each other's data.
    name = "spotter_contract_" + secrets.token_hex(6)
    _psql(cluster, f'CREATE DATABASE "{name}"')
    try:
        yield Engine("postgresql", data_dir, _with_database(cluster, name))
    finally:
        _psql(cluster, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def start_server(engine: Engine, log_dir: Path) -> Server:
    port = free_port()
    log_path = log_dir / f"server-{engine.name}.log"
    log = open(log_path, "w")
    process = subprocess.Popen(
        [str(spotter_binary()), "serve", "--port", str(port), *engine.args, "--log-level", "warning"],
        stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(f"http://127.0.0.1:{port}", process, log_path)
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"spotter serve exited with {process.returncode}:\n{log_path.read_text()}")
        try:
            with urllib.request.urlopen(server.base_url + "/health", timeout=2) as response:
                if response.status == 200:
                    return server
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        time.sleep(0.2)
    server.stop()
    pytest.fail(f"spotter serve did not answer /health within {SERVER_START_TIMEOUT:.0f} s:\n{log_path.read_text()}")


@pytest.fixture
def server(engine, tmp_path, summary_printer):
    engine.cli("user", "create", USER, stdin=PASSWORD + "\n" + PASSWORD + "\n")
    token = engine.cli("user", "token", USER, "--name", "schemathesis").strip()
    assert token.startswith("spt_") and "\n" not in token, token
    running = start_server(engine, tmp_path)
    running.token = token
    try:
        yield running
    finally:
        running.stop()


class _SummaryPlugin:
    """Prints the per-engine summary lines at the end of the pytest run. (A plugin
    object, not a conftest hook: tests/browser imports `conftest` by name, so this
    folder must not have a conftest.py of its own.)"""

    def pytest_terminal_summary(self, terminalreporter):
        if SUMMARIES:
            terminalreporter.section("schemathesis")
            for line in SUMMARIES:
                terminalreporter.write_line(line)


@pytest.fixture(scope="session", autouse=False)
def summary_printer(request):
    manager = request.config.pluginmanager
    if not manager.has_plugin("spotter-contract-summary"):
        manager.register(_SummaryPlugin(), "spotter-contract-summary")
