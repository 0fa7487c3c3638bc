"""Plumbing for the contract suite, on top of what the system suites share
(tests/system/spotter_server.py): the real `spotter` binary on a throwaway data
folder (SQLite) or a throwaway database in the TEST_DATABASE_URL cluster
(PostgreSQL), with a user and an API token.

Environment: SPOTTER_BIN and TEST_DATABASE_URL, as in spotter_server.py (without
TEST_DATABASE_URL the PostgreSQL case is skipped).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "system"))
from spotter_server import Server as SpotterProcess, create_user, postgres_database  # noqa: E402,F401 (a fixture)

USER = "contract"


@dataclass
class Engine:
    """Where the server keeps its data."""
    name: str
    data_dir: Path
    database_url: str | None = None


@dataclass
class Server:
    """A running server and the token its calls carry."""
    process: SpotterProcess
    token: str

    @property
    def base_url(self) -> str:
        return self.process.base_url

    @property
    def log_path(self) -> Path:
        return self.process.log_path

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        return self.process.call(method, path, self.token, body)

    def with_token(self, token: str) -> Server:
        return Server(self.process, token)


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request, tmp_path) -> Engine:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    if request.param == "sqlite":
        return Engine("sqlite", data_dir)
    # A database of its own (dropped afterwards), so runs never see each other's data.
    return Engine("postgresql", data_dir, request.getfixturevalue("postgres_database"))


@pytest.fixture
def server(engine):
    token = create_user(USER, engine.data_dir, engine.database_url)
    assert token.startswith("spt_"), token
    process = SpotterProcess(engine.data_dir, f"server-{engine.name}", engine.database_url)
    try:
        process.wait_until_healthy()
        yield Server(process, token)
    finally:
        process.stop()
