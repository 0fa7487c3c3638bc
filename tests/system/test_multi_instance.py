"""Two Spotter instances on one PostgreSQL database behind nginx, as deploy/ sets them up.

Nothing here is configured by hand: the instances are started from the ExecStart line of
deploy/spotter@.service (the port for `%i`, the values of deploy/spotter.env.example's
variables, the test binary for /usr/local/bin/spotter and a temporary folder for
/var/lib/spotter put in; User= and the hardening left to systemd), nginx runs on
deploy/nginx.conf with only its listen ports, certificate paths and upstream ports
changed (a self-signed certificate made with openssl, and clients that trust only it),
and the backup units' commands are run once against the test database. So a deploy/
file that stops matching the server fails here, and `test_every_deploy_file_is_tested`
keeps a file from being added to deploy/ without a test.

What the cluster tests prove:
  a. load through nginx: lifters log sets while one instance is killed with SIGKILL and
     started again; every acknowledged set is stored exactly once;
  b. an exercise image uploaded to one instance is served by the other, byte for byte;
  c. an import previewed on one instance is committed on the other;
  d. a token revoked on one instance is refused by the other within a second, even
     though the other had just accepted it;
  e. two instances started at once on an empty database both come up, and every
     migration is recorded once;
  f. /health, /ready, X-Request-Id on every answer, /metrics behind its token (Prometheus
     text that grows with the traffic), and nginx refusing /metrics;
  g. SIGTERM lets the requests in flight finish, then the process exits 0;
  h. --log-format json: every log line after startup is JSON, and request lines carry
     the answer's X-Request-Id.

Environment: SPOTTER_BIN, TEST_DATABASE_URL (see spotter_server.py). The cluster tests
skip without TEST_DATABASE_URL, and without nginx (scripts/install-test-deps installs
it). Needs pytest and prometheus_client (tests/browser/requirements.txt).
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import http.client
import json
import os
import re
import secrets
import shlex
import shutil
import signal
import socket
import ssl
import struct
import subprocess
import threading
import time
import urllib.parse
import uuid
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from spotter_server import (REPO_ROOT, cli, create_user, free_port, postgres_database,  # noqa: F401
                            psql_binary, report, spotter_binary)

DEPLOY = REPO_ROOT / "deploy"
SERVICE_UNIT = DEPLOY / "spotter@.service"
ENV_EXAMPLE = DEPLOY / "spotter.env.example"
BACKUP_SERVICE = DEPLOY / "spotter-backup.service"
BACKUP_TIMER = DEPLOY / "spotter-backup.timer"
NGINX_CONF = DEPLOY / "nginx.conf"

# The paths of the production layout, and what each becomes in a test.
PROD_BINARY = "/usr/local/bin/spotter"
PROD_DATA_DIR = "/var/lib/spotter"
PROD_BACKUP_DIR = "/var/backups/spotter"

READY_TIMEOUT = 60.0  # a debug build migrating an empty database
POLL = 0.1
REQUEST_TIMEOUT = 15.0
STOP_TIMEOUT = 10.0
NGINX_TIMEOUT = 15.0

LIFTERS = 16
LOAD_SECONDS = 8.0
KILL_AFTER = 4.0
AFTER_RESTART_MIN = 2.0
MAX_SETS_PER_LIFTER = 1000
RETRY_PAUSE = 0.05

REVOKE_POLLS = 10  # d: at most 10 tries, 100 ms apart
REVOKE_POLL_GAP = 0.1

DRAIN_REQUESTS = 4  # g: requests caught half sent by SIGTERM
DRAIN_EXIT_TIMEOUT = 10.0

METRIC_NAMES = [
    "spotter_http_requests_total",
    "spotter_http_request_duration_seconds",
    "spotter_db_transaction_duration_seconds",
    "spotter_group_commit_batch_size",
    "spotter_sign_in_cache_lookups_total",
    "spotter_active_workouts",
    "spotter_import_duration_seconds",
    "spotter_process_resident_memory_bytes",
]

STRONG_CSV = """Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
2024-06-18 11:04:00,"Cluster Pull",1h,"Deadlift (Barbell)",1,60.0,5.0,0,0.0,"","",
2024-06-18 11:04:00,"Cluster Pull",1h,"Deadlift (Barbell)",2,80.0,3.0,0,0.0,,,
2024-06-18 11:04:00,"Cluster Pull",1h,"Deadlift (Barbell)",3,100.0,1.0,0,0.0,,,
2024-06-20 18:30:00,"Cluster Push",45m,"Bench Press (Barbell)",1,50.0,8.0,0,0.0,,,8
2024-06-20 18:30:00,"Cluster Push",45m,"Bench Press (Barbell)",2,55.0,6.0,0,0.0,,,9
2024-06-20 18:30:00,"Cluster Push",45m,"Overhead Press (Barbell)",1,30.0,8.0,0,0.0,,,
"""
STRONG_WORKOUTS = {"Cluster Pull": 3, "Cluster Push": 3}  # name -> sets


# ---------------------------------------------------------------------------------------
# Reading the deploy files


def unit_directives(path: Path) -> list[tuple[str, str, str]]:
    """(section, key, value) of a systemd unit file, in order (keys may repeat)."""
    section = ""
    found: list[tuple[str, str, str]] = []
    pending = ""
    for raw in path.read_text().splitlines():
        line = pending + raw.strip()
        pending = ""
        if not line or line.startswith(("#", ";")):
            continue
        if line.endswith("\\"):
            pending = line[:-1] + " "
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            continue
        key, _, value = line.partition("=")
        found.append((section, key.strip(), value.strip()))
    return found


def directive(path: Path, key: str, section: str = "Service") -> list[str]:
    return [value for sec, name, value in unit_directives(path) if sec == section and name == key]


def env_example() -> dict[str, str]:
    """The variables deploy/spotter.env.example defines (the EnvironmentFile's layout)."""
    values: dict[str, str] = {}
    for line in ENV_EXAMPLE.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            values[key.strip()] = value.strip()
    return values


def systemd_command(line: str, instance: str, env: dict[str, str], paths: dict[str, str]) -> list[str]:
    """The argv systemd makes of an Exec*= line: its prefix (-, @, +, !, :) dropped, words split
    as systemd (and the shell) quote them, specifiers (%i, %%) and variables (${VAR}, a $VAR
    word, $$) expanded; then the production paths replaced by the test's."""
    words = shlex.split(line)
    words[0] = words[0].lstrip("-@+!:")
    argv = []
    for word in words:
        word = re.sub(r"%(.)", lambda m: {"i": instance, "I": instance, "%": "%"}.get(m.group(1), m.group(0)), word)
        word = word.replace("$$", "\0")
        if re.fullmatch(r"\$[A-Za-z_][A-Za-z0-9_]*", word):
            word = env[word[1:]]
        word = re.sub(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}", lambda m: env[m.group(1)], word)
        word = word.replace("\0", "$")
        for prod in sorted(paths, key=len, reverse=True):
            word = word.replace(prod, paths[prod])
        argv.append(word)
    return argv


def serve_command(port: int, data_dir: Path, env: dict[str, str]) -> list[str]:
    (exec_start,) = directive(SERVICE_UNIT, "ExecStart")
    return systemd_command(exec_start, str(port), env,
                           {PROD_BINARY: str(spotter_binary()), PROD_DATA_DIR: str(data_dir)})


def nginx_binary() -> str | None:
    found = shutil.which("nginx")
    if found:
        return found
    return "/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None


def nginx_site(https_port: int, http_port: int, cert: Path, key: Path, upstream_ports: tuple[int, int]) -> str:
    """deploy/nginx.conf with the listen ports (bound to 127.0.0.1), the certificate paths
    and the upstream ports changed, and nothing else."""
    text = NGINX_CONF.read_text()
    changes = [
        (r"(\blisten\s+)443\b", rf"\g<1>127.0.0.1:{https_port}"),
        (r"(\blisten\s+)80\b", rf"\g<1>127.0.0.1:{http_port}"),
        (r"(\bssl_certificate\s+)[^;\s]+;", rf"\g<1>{cert};"),
        (r"(\bssl_certificate_key\s+)[^;\s]+;", rf"\g<1>{key};"),
        (r"(\bserver\s+127\.0\.0\.1:)8081\b", rf"\g<1>{upstream_ports[0]}"),
        (r"(\bserver\s+127\.0\.0\.1:)8082\b", rf"\g<1>{upstream_ports[1]}"),
    ]
    for pattern, replacement in changes:
        text, count = re.subn(pattern, replacement, text)
        assert count == 1, f"deploy/nginx.conf: expected one match of {pattern!r}, found {count}"
    return text


def nginx_main_config(tmp: Path, site: Path) -> str:
    """The http-level wrapper a standalone nginx needs: logs and temporary files in tmp,
    and the site included as Debian's nginx.conf includes conf.d/*.conf."""
    user = "user root;\n" if os.geteuid() == 0 else ""  # workers must reach the tmp folders
    temp = "\n".join(f"    {kind}_temp_path {tmp / (kind + '_temp')};"
                     for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    return f"""{user}worker_processes 1;
error_log {tmp / 'error.log'} info;
events {{ worker_connections 1024; }}
http {{
    log_format upstreams '$request_method $uri $status upstream=$upstream_addr request_id=$request_id';
    access_log {tmp / 'access.log'} upstreams;
{temp}
    include {site};
}}
"""


def make_certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and localhost (valid a day)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "1", "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
                   check=True, capture_output=True, timeout=30)
    return cert, key


# ---------------------------------------------------------------------------------------
# HTTP


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    def json(self):
        return json.loads(self.body) if self.body else {}


class Endpoint:
    """One address to send requests to: an instance's port or nginx's TLS port."""

    def __init__(self, base_url: str, tls: ssl.SSLContext | None = None):
        self.base_url = base_url
        parts = urllib.parse.urlsplit(base_url)
        self.host, self.port, self.tls = parts.hostname, parts.port, tls
        self.seen_request_ids: list[str | None] = []

    def connection(self, timeout: float = REQUEST_TIMEOUT) -> http.client.HTTPConnection:
        if self.tls is not None:
            return http.client.HTTPSConnection(self.host, self.port, timeout=timeout, context=self.tls)
        return http.client.HTTPConnection(self.host, self.port, timeout=timeout)

    def request(self, method: str, path: str, token: str | None = None, body: dict | None = None,
                raw: bytes | None = None, content_type: str | None = None,
                headers: dict[str, str] | None = None) -> Answer:
        all_headers = dict(headers or {})
        if token:
            all_headers["Authorization"] = f"Bearer {token}"
        data = raw
        if body is not None:
            data = json.dumps(body).encode()
            content_type = content_type or "application/json"
        if content_type:
            all_headers["Content-Type"] = content_type
        connection = self.connection()
        try:
            connection.request(method, path, body=data, headers=all_headers)
            response = connection.getresponse()
            answer = Answer(response.status, response.headers, response.read())
        finally:
            connection.close()
        self.seen_request_ids.append(answer.headers.get("X-Request-Id"))
        return answer


def tls_context(cert: Path) -> ssl.SSLContext:
    """Trusts only the test's self-signed certificate (so nginx must serve it)."""
    return ssl.create_default_context(cafile=str(cert))


# ---------------------------------------------------------------------------------------
# Processes


class Instance:
    """One `spotter serve` started from the unit's ExecStart; stdout and stderr go to one log."""

    def __init__(self, name: str, argv: list[str], env: dict[str, str], port: int, data_dir: Path, log_dir: Path):
        self.name, self.argv, self.env, self.port, self.data_dir = name, argv, env, port, data_dir
        self.log_dir = log_dir
        self.endpoint = Endpoint(f"http://127.0.0.1:{port}")
        self.starts = 0
        self.process: subprocess.Popen | None = None
        self.log_path = log_dir / f"{name}.log"
        self.start()

    def start(self) -> None:
        """Starts (or starts again) the same command; each run logs to its own file."""
        self.starts += 1
        self.log_path = self.log_dir / f"{self.name}-{self.starts}.log"
        self.data_dir.mkdir(parents=True, exist_ok=True)
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(self.argv, stdout=log, stderr=subprocess.STDOUT, env=self.env,
                                            cwd=self.data_dir)

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace")

    def log_tail(self) -> str:
        return self.log_text()[-4000:]

    def wait_ready(self, timeout: float = READY_TIMEOUT) -> None:
        """Polls GET /ready until it answers 200."""
        deadline = time.monotonic() + timeout
        last = "no answer"
        while True:
            if self.process.poll() is not None:
                pytest.fail(f"{self.name} exited with {self.process.returncode} before /ready answered 200 "
                            f"(command {shlex.join(self.argv)}):\n{self.log_tail()}", pytrace=False)
            try:
                answer = self.endpoint.request("GET", "/ready")
                if answer.status == 200:
                    return
                last = f"{answer.status} {answer.body[:200]!r}"
            except (OSError, http.client.HTTPException) as error:
                last = repr(error)
            if time.monotonic() > deadline:
                pytest.fail(f"{self.name}: GET /ready did not answer 200 within {timeout:.0f} s (last: {last}):\n"
                            + self.log_tail(), pytrace=False)
            time.sleep(POLL)  # polling a process we started

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=STOP_TIMEOUT)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=STOP_TIMEOUT)


class Nginx:
    """nginx on the substituted deploy/nginx.conf, as a foreground process in tmp."""

    def __init__(self, tmp: Path, cert: Path, key: Path, upstream_ports: tuple[int, int]):
        binary = nginx_binary()
        if binary is None:
            pytest.skip("nginx is not installed (scripts/install-test-deps installs it)")
        self.tmp = tmp
        tmp.mkdir(parents=True, exist_ok=True)
        self.https_port, self.http_port = free_port(), free_port()
        site = tmp / "spotter.conf"
        site.write_text(nginx_site(self.https_port, self.http_port, cert, key, upstream_ports))
        self.config = tmp / "nginx.conf"
        self.config.write_text(nginx_main_config(tmp, site))
        self.argv = [binary, "-p", str(tmp), "-e", str(tmp / "error.log"), "-c", str(self.config),
                     "-g", f"daemon off; pid {tmp / 'nginx.pid'};"]
        check = subprocess.run(self.argv + ["-t"], capture_output=True, text=True, timeout=30)
        assert check.returncode == 0, f"nginx -t refused the deploy config:\n{check.stderr}"
        self.output = open(tmp / "nginx.out", "wb")
        self.process = subprocess.Popen(self.argv, stdout=self.output, stderr=subprocess.STDOUT)
        self.endpoint = Endpoint(f"https://127.0.0.1:{self.https_port}", tls_context(cert))
        self.plain = Endpoint(f"http://127.0.0.1:{self.http_port}")

    def wait_ready(self) -> None:
        """Polls GET /health through nginx until an instance answers 200 over TLS."""
        deadline = time.monotonic() + NGINX_TIMEOUT
        while True:
            if self.process.poll() is not None:
                pytest.fail(f"nginx exited with {self.process.returncode}:\n{self.error_log()}", pytrace=False)
            try:
                if self.endpoint.request("GET", "/health").status == 200:
                    return
            except (OSError, http.client.HTTPException):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"nginx did not answer /health within {NGINX_TIMEOUT:.0f} s:\n{self.error_log()}",
                            pytrace=False)
            time.sleep(POLL)  # polling a process we started

    def error_log(self) -> str:
        path = self.tmp / "error.log"
        return path.read_text(errors="replace")[-4000:] if path.exists() else ""

    def access_log(self) -> str:
        path = self.tmp / "access.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)  # nginx: fast shutdown
            try:
                self.process.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=STOP_TIMEOUT)
        self.output.close()


@contextlib.contextmanager
def fresh_database():
    """A fresh PostgreSQL database on TEST_DATABASE_URL's server, dropped afterwards (as
    spotter_server.postgres_database, for a whole module)."""
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        pytest.skip("TEST_DATABASE_URL is not set (scripts/test starts a throwaway PostgreSQL)")
    psql = psql_binary()
    if not psql:
        pytest.skip("psql is not installed (scripts/install-test-deps installs postgresql)")
    name = "spotter_multi_" + uuid.uuid4().hex[:12]
    run_sql(base, f"CREATE DATABASE {name}")
    parts = urllib.parse.urlsplit(base)
    try:
        yield urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))
    finally:
        run_sql(base, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def run_sql(url: str, sql: str) -> str:
    """Runs SQL with psql; returns the rows unaligned, '|' between columns."""
    result = subprocess.run([psql_binary(), url, "-v", "ON_ERROR_STOP=1", "-qAt", "-c", sql],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, f"psql {sql!r} failed:\n{result.stderr}"
    return result.stdout


@dataclass
class Cluster:
    database_url: str
    metrics_token: str
    env: dict[str, str]
    root: Path
    a: Instance
    b: Instance
    nginx: Nginx
    cert: Path
    extra: list[Instance] = field(default_factory=list)

    def instance(self, name: str, port: int | None = None) -> Instance:
        """Starts one more instance from the unit on the cluster's database (stopped at the end)."""
        port = port or free_port()
        data_dir = self.root / f"data-{name}"
        one = Instance(name, serve_command(port, data_dir, self.env), self.env, port, data_dir, self.root)
        self.extra.append(one)
        return one

    def user(self, name: str) -> str:
        """A new account (spotter user create) and its API token."""
        return create_user(name, self.root / "cli", self.database_url)


def unit_environment(database_url: str, metrics_token: str) -> dict[str, str]:
    """The process environment: the EnvironmentFile's variables with the test's values."""
    names = set(env_example())
    assert names == {"SPOTTER_DATABASE_URL", "SPOTTER_METRICS_TOKEN"}, names
    values = {"SPOTTER_DATABASE_URL": database_url, "SPOTTER_METRICS_TOKEN": metrics_token}
    env = {key: value for key, value in os.environ.items() if not key.startswith("SPOTTER_")}
    env.update(values)
    return env


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """Instances A and B from deploy/spotter@.service on one fresh database, nginx in front."""
    with fresh_database() as database_url:
        root = tmp_path_factory.mktemp("cluster")
        (root / "cli").mkdir()
        metrics_token = secrets.token_hex(16)
        env = unit_environment(database_url, metrics_token)
        # One instance migrates first, as a rolling deploy would; test e starts two at once.
        cli("migrate", data_dir=root / "cli", database_url=database_url)
        cert, key = make_certificate(root)
        started: list[Instance] = []
        nginx = None
        cluster = None
        try:
            for name in ("a", "b"):
                port = free_port()
                started.append(Instance(name, serve_command(port, root / f"data-{name}", env), env, port,
                                        root / f"data-{name}", root))
            for one in started:
                one.wait_ready()
            nginx = Nginx(root / "nginx", cert, key, (started[0].port, started[1].port))
            nginx.wait_ready()
            cluster = Cluster(database_url, metrics_token, env, root, started[0], started[1], nginx, cert)
            yield cluster
        finally:
            if nginx is not None:
                nginx.stop()
            for one in started + (cluster.extra if cluster else []):
                one.stop()


# ---------------------------------------------------------------------------------------
# Checks of the deploy files that need no database


def test_every_deploy_file_is_tested():
    """Each file in deploy/ is named by a test under tests/, so none can rot unnoticed."""
    texts = "\n".join(path.read_text(errors="replace") for path in (REPO_ROOT / "tests").rglob("*.py"))
    files = sorted(path.name for path in DEPLOY.iterdir() if path.is_file())
    assert files, "deploy/ is empty"
    untested = [name for name in files if name not in texts]
    assert not untested, f"deploy/ files no test mentions: {untested}"


def test_deploy_files_hold_what_production_needs():
    """The units and the nginx site say what the deployment relies on (behaviour is tested
    below; these are the settings a test run cannot show: users, sandboxing, timers)."""
    service = {key: directive(SERVICE_UNIT, key) for key in (
        "User", "EnvironmentFile", "KillSignal", "TimeoutStopSec", "Restart", "NoNewPrivileges",
        "ProtectSystem", "ReadWritePaths", "PrivateTmp", "LimitNOFILE")}
    assert service == {
        "User": ["spotter"], "EnvironmentFile": ["/etc/spotter/spotter.env"], "KillSignal": ["SIGTERM"],
        "TimeoutStopSec": ["30"], "Restart": ["on-failure"], "NoNewPrivileges": ["yes"],
        "ProtectSystem": ["strict"], "ReadWritePaths": [PROD_DATA_DIR], "PrivateTmp": ["yes"],
        "LimitNOFILE": ["65536"]}, service
    argv = shlex.split(directive(SERVICE_UNIT, "ExecStart")[0])
    assert argv[:2] == [PROD_BINARY, "serve"], argv
    for option, value in [("--host", "127.0.0.1"), ("--port", "%i"), ("--data-dir", PROD_DATA_DIR),
                          ("--database-url", "${SPOTTER_DATABASE_URL}"), ("--trusted-proxy", "127.0.0.1"),
                          ("--log-format", "json"), ("--metrics-token", "${SPOTTER_METRICS_TOKEN}")]:
        assert option in argv and argv[argv.index(option) + 1] == value, f"ExecStart lacks {option} {value}"

    used = set(re.findall(r"\$\$?\{?([A-Z_]+)", SERVICE_UNIT.read_text() + BACKUP_SERVICE.read_text()))
    assert used <= set(env_example()), f"variables the units use but {ENV_EXAMPLE.name} lacks: {used - set(env_example())}"

    assert directive(BACKUP_SERVICE, "Type") == ["oneshot"]
    assert directive(BACKUP_SERVICE, "EnvironmentFile") == ["/etc/spotter/spotter.env"]
    assert directive(BACKUP_SERVICE, "User") == ["spotter"]
    assert "spotter backup" in directive(BACKUP_SERVICE, "ExecStart")[0]
    assert directive(BACKUP_TIMER, "OnCalendar", "Timer"), "the timer has no OnCalendar"
    assert directive(BACKUP_TIMER, "Persistent", "Timer") == ["true"]
    assert directive(BACKUP_TIMER, "Unit", "Timer") in ([], [BACKUP_SERVICE.name])

    site = NGINX_CONF.read_text()
    nginx_lines = [line.split("#")[0].strip() for line in site.splitlines()]
    assert "proxy_next_upstream error timeout http_502 http_503;" in nginx_lines
    assert "non_idempotent" not in site.split("proxy_next_upstream", 1)[1].split(";", 1)[0]
    assert "client_max_body_size 70m;" in nginx_lines
    for header in ("X-Forwarded-For $proxy_add_x_forwarded_for", "X-Forwarded-Proto $scheme",
                   "X-Request-Id $request_id"):
        assert f"proxy_set_header {header};" in nginx_lines, header
    for location in ("location = /settings/import", "location /api/v1/imports"):
        block = site.split(location, 1)[1].split("}", 1)[0]
        assert "proxy_request_buffering off;" in block, f"{location} buffers uploads"
    assert "deny all;" in site.split("location = /metrics", 1)[1].split("}", 1)[0]


def test_units_pass_systemd_analyze_verify(tmp_path):
    """systemd-analyze verify finds nothing to say about the units (an instance of the
    template, with the test binary for /usr/local/bin/spotter, whose existence it checks)."""
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    binary = str(spotter_binary())
    files = []
    for source, name in [(SERVICE_UNIT, "spotter@8081.service"), (BACKUP_SERVICE, BACKUP_SERVICE.name),
                         (BACKUP_TIMER, BACKUP_TIMER.name)]:
        target = tmp_path / name
        target.write_text(source.read_text().replace(PROD_BINARY, binary))
        files.append(target)
    result = subprocess.run([analyze, "verify", *map(str, files)], capture_output=True, text=True, timeout=60)
    ours = [line for line in (result.stdout + result.stderr).splitlines()
            if any(path.name in line or str(path) in line for path in files)]
    assert result.returncode == 0 and not ours, f"systemd-analyze verify ({result.returncode}):\n" + "\n".join(ours)


def test_nginx_accepts_the_deploy_config(tmp_path):
    """nginx -t takes deploy/nginx.conf (ports, certificate and upstreams substituted)."""
    binary = nginx_binary()
    if binary is None:
        pytest.skip("nginx is not installed (scripts/install-test-deps installs it)")
    cert, key = make_certificate(tmp_path)
    site = tmp_path / "spotter.conf"
    site.write_text(nginx_site(free_port(), free_port(), cert, key, (free_port(), free_port())))
    config = tmp_path / "nginx.conf"
    config.write_text(nginx_main_config(tmp_path, site))
    result = subprocess.run([binary, "-t", "-p", str(tmp_path), "-e", str(tmp_path / "error.log"), "-c", str(config),
                             "-g", f"pid {tmp_path / 'nginx.pid'};"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr


# ---------------------------------------------------------------------------------------
# API helpers


def bench_press(endpoint: Endpoint, token: str) -> str:
    answer = endpoint.request("GET", "/api/v1/exercises?search=" + urllib.parse.quote("Bench Press (Barbell)"), token)
    assert answer.status == 200, answer
    ids = [item["id"] for item in answer.json()["items"] if item["name"] == "Bench Press (Barbell)"]
    assert ids, "Bench Press (Barbell) is not in the catalog"
    return ids[0]


def start_workout(endpoint: Endpoint, token: str, exercise: str, entries: int = 1) -> tuple[str, list[str]]:
    workout_id, entry_ids = str(uuid.uuid4()), [str(uuid.uuid4()) for _ in range(entries)]
    answer = endpoint.request("POST", "/api/v1/workouts", token, {"id": workout_id, "name": "Cluster"})
    assert answer.status == 201, (answer.status, answer.body[:300])
    for entry_id in entry_ids:
        answer = endpoint.request("PUT", f"/api/v1/workouts/{workout_id}/entries/{entry_id}", token,
                                  {"exerciseId": exercise})
        assert answer.status == 200, (answer.status, answer.body[:300])
    return workout_id, entry_ids


def stored_sets(endpoint: Endpoint, token: str, workout_id: str) -> dict[str, list[dict]]:
    """Set id -> every stored copy of it (entry, reps, weight), read through the API."""
    answer = endpoint.request("GET", f"/api/v1/workouts/{workout_id}", token)
    assert answer.status == 200, (answer.status, answer.body[:300])
    stored: dict[str, list[dict]] = {}
    for entry in answer.json()["entries"]:
        for one in entry["sets"]:
            stored.setdefault(one["id"].lower(), []).append(
                {"entry": entry["id"].lower(), "reps": one["reps"], "weight": one["weight"]})
    return stored


def tiny_png(width: int = 4, height: int = 3) -> bytes:
    """A valid RGB PNG (every chunk's CRC right), different pixels each call."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    seed = secrets.token_bytes(3)
    rows = b"".join(b"\x00" + bytes((seed[c] + x * 40 + y * 70) % 256 for x in range(width) for c in range(3))
                    for y in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


# ---------------------------------------------------------------------------------------
# a. Load through nginx, one instance killed and started again


@dataclass
class Lifter:
    index: int
    token: str
    workout_id: str = ""
    entry_ids: list[str] = field(default_factory=list)
    acknowledged: dict[str, tuple[str, dict]] = field(default_factory=dict)
    unanswered: dict[str, tuple[str, dict]] = field(default_factory=dict)
    refused: list[str] = field(default_factory=list)
    failures: int = 0  # requests without a 2xx answer (nginx 502/504, lost connections)


def run_lifter(lifter: Lifter, nginx: Endpoint, start: threading.Event, deadline: list[float],
               stop: threading.Event) -> None:
    """Logs sets through nginx until the deadline. A set without a 2xx answer is sent again
    (same id) by even lifters, as the app's outbox does, and given up by odd ones."""
    start.wait()
    connection = None
    retry = None
    number = 0
    while not stop.is_set() and time.monotonic() < deadline[0] and number < MAX_SETS_PER_LIFTER:
        if connection is None:
            connection = nginx.connection()
        if retry is not None:
            set_id, entry_id, body = retry
        else:
            number += 1
            set_id, entry_id = str(uuid.uuid4()), lifter.entry_ids[number % 2]
            body = {"reps": 1 + number % 20, "weight": round(20 + lifter.index + (number % 40) * 2.5, 2),
                    "done": True}
        try:
            connection.request("PUT", f"/api/v1/workouts/{lifter.workout_id}/entries/{entry_id}/sets/{set_id}",
                               body=json.dumps(body).encode(),
                               headers={"Authorization": f"Bearer {lifter.token}",
                                        "Content-Type": "application/json"})
            response = connection.getresponse()
            status, raw = response.status, response.read()
        except (OSError, http.client.HTTPException):
            status, raw = None, b""
            connection.close()
            connection = None
        if status is not None and 200 <= status < 300:
            lifter.acknowledged[set_id] = (entry_id, body)
            lifter.unanswered.pop(set_id, None)
            retry = None
        elif status in (None, 502, 503, 504):
            lifter.failures += 1
            if lifter.index % 2 == 0:
                retry = (set_id, entry_id, body)
            else:
                lifter.unanswered[set_id] = (entry_id, body)
                retry = None
            stop.wait(RETRY_PAUSE)
        else:
            lifter.refused.append(f"{status} {raw[:200].decode(errors='replace')}")
            lifter.unanswered[set_id] = (entry_id, body)
            retry = None
    if retry is not None:
        lifter.unanswered[retry[0]] = (retry[1], retry[2])
    if connection is not None:
        connection.close()


def test_a_load_through_nginx_survives_sigkill_of_an_instance(cluster, pytestconfig):
    """16 lifters log sets through nginx (TLS, round robin over A and B) for about 8 s;
    halfway instance A is killed with SIGKILL and started again from the same command.
    Every set that got a 2xx answer is stored exactly once with its values, nothing that
    was never sent is stored, no set is refused for any other reason than the kill, and
    both instances took traffic."""
    nginx = cluster.nginx.endpoint
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        tokens = list(pool.map(cluster.user, [f"load{i:02d}" for i in range(LIFTERS)]))
    lifters = [Lifter(i, token) for i, token in enumerate(tokens)]
    exercise = bench_press(nginx, lifters[0].token)
    for lifter in lifters:
        lifter.workout_id, lifter.entry_ids = start_workout(nginx, lifter.token, exercise, entries=2)
    access_before = len(cluster.nginx.access_log())

    start, stop = threading.Event(), threading.Event()
    deadline = [float("inf")]
    threads = [threading.Thread(target=run_lifter, args=(lifter, nginx, start, deadline, stop), daemon=True)
               for lifter in lifters]
    for thread in threads:
        thread.start()
    began = time.monotonic()
    deadline[0] = began + LOAD_SECONDS
    start.set()
    try:
        stop.wait(KILL_AFTER)  # the load runs meanwhile; when the kill comes is not what is tested
        acknowledged_before = sum(len(lifter.acknowledged) for lifter in lifters)
        cluster.a.kill()
        killed_at = time.monotonic() - began
        cluster.a.start()
        cluster.a.wait_ready()
        back_at = time.monotonic() - began
        deadline[0] = max(deadline[0], time.monotonic() + AFTER_RESTART_MIN)
        for thread in threads:
            thread.join(LOAD_SECONDS + AFTER_RESTART_MIN + REQUEST_TIMEOUT * 2)
    finally:
        stop.set()
    assert not any(thread.is_alive() for thread in threads), "a lifter did not stop"

    lost = duplicated = stray = acknowledged = 0
    problems: list[str] = []
    for lifter in lifters:
        stored = stored_sets(nginx, lifter.token, lifter.workout_id)
        for set_id, (entry_id, body) in lifter.acknowledged.items():
            copies = stored.get(set_id, [])
            acknowledged += 1
            if not copies:
                lost += 1
            elif len(copies) > 1:
                duplicated += 1
            elif copies[0] != {"entry": entry_id, "reps": body["reps"], "weight": body["weight"]}:
                problems.append(f"load{lifter.index:02d} {set_id}: stored {copies[0]}, sent {body}")
        for set_id, copies in stored.items():
            if set_id not in lifter.acknowledged:
                if set_id not in lifter.unanswered:
                    stray += 1
                if len(copies) > 1:
                    duplicated += 1
    refused = [answer for lifter in lifters for answer in lifter.refused]
    access = cluster.nginx.access_log()[access_before:]
    upstreams = {f"127.0.0.1:{instance.port}": access.count(f"upstream=127.0.0.1:{instance.port}")
                 for instance in (cluster.a, cluster.b)}
    report(pytestconfig, f"multi-instance load: {LIFTERS} lifters, A killed at {killed_at:.1f} s "
           f"({acknowledged_before} sets acknowledged by then), ready again at {back_at:.1f} s; "
           f"acknowledged {acknowledged}, lost {lost}, duplicated {duplicated}, stray {stray}; "
           f"failed requests {sum(l.failures for l in lifters)}, refused {len(refused)}; requests per upstream "
           f"{upstreams}")
    assert acknowledged_before > 0, "no set was acknowledged before the kill"
    assert lost == 0 and duplicated == 0 and stray == 0 and not problems, \
        f"lost {lost}, duplicated {duplicated}, stray {stray}; {problems[:5]}"
    assert not refused, f"{len(refused)} sets refused: {refused[:5]}"
    assert all(count > 0 for count in upstreams.values()), f"nginx did not balance over both: {upstreams}"


# ---------------------------------------------------------------------------------------
# b, c, d. State that one instance writes and the other reads


def test_b_image_uploaded_to_one_instance_is_served_by_the_other(cluster):
    """An exercise image PUT to instance A directly comes back from instance B byte for
    byte (images live in the database, not in an instance's data folder)."""
    token = cluster.user("images")
    a, b = cluster.a.endpoint, cluster.b.endpoint
    answer = a.request("POST", "/api/v1/exercises", token, {
        "name": "Cluster Curl", "muscleGroups": ["biceps"], "equipment": "dumbbell", "kind": "weightReps"})
    assert answer.status == 201, (answer.status, answer.body[:300])
    exercise_id = answer.json()["id"]
    png = tiny_png()
    answer = a.request("PUT", f"/api/v1/exercises/{exercise_id}/image", token, raw=png, content_type="image/png")
    assert answer.status == 200, (answer.status, answer.body[:300])
    image_url = answer.json()["imageURL"]
    assert image_url, answer.json()
    path = urllib.parse.urlsplit(image_url)
    path = path.path + (f"?{path.query}" if path.query else "")

    on_a = a.request("GET", path, token)
    assert on_a.status == 200 and on_a.body == png, f"A itself: {on_a.status}"
    on_b = b.request("GET", path, token)
    assert on_b.status == 200, f"B answered {on_b.status} {on_b.body[:200]!r} for an image uploaded to A"
    assert on_b.body == png, f"B served {len(on_b.body)} bytes, not the {len(png)} uploaded"
    assert on_b.headers.get("Content-Type", "").startswith("image/png")


def test_c_import_previewed_on_one_instance_is_committed_on_the_other(cluster):
    """A Strong CSV uploaded (previewed) on instance A is committed on instance B, and its
    workouts are then in the history, read through nginx."""
    token = cluster.user("importer")
    answer = cluster.a.endpoint.request("POST", "/api/v1/imports?app=strong&fileName=strong.csv", token,
                                        raw=STRONG_CSV.encode(), content_type="text/csv")
    assert answer.status == 201, (answer.status, answer.body[:300])
    preview = answer.json()
    assert preview["workouts"] == len(STRONG_WORKOUTS) and preview["sets"] == sum(STRONG_WORKOUTS.values()), preview

    answer = cluster.b.endpoint.request("POST", f"/api/v1/imports/{urllib.parse.quote(preview['id'])}/commit",
                                        token, {})
    assert answer.status == 200, f"B could not commit A's upload: {answer.status} {answer.body[:300]!r}"
    result = answer.json()
    assert result["workouts"] == len(STRONG_WORKOUTS) and result["sets"] == sum(STRONG_WORKOUTS.values()), result

    answer = cluster.nginx.endpoint.request("GET", "/api/v1/workouts?from=2024-06-01&until=2024-06-30", token)
    assert answer.status == 200, answer.status
    found = {item["name"]: sum(len(entry["sets"]) for entry in item["entries"]) for item in answer.json()["items"]}
    assert found == STRONG_WORKOUTS, found


def test_d_token_revoked_on_one_instance_is_refused_by_the_other_within_a_second(cluster):
    """B accepts a token (so B has it cached), A revokes it, and B refuses it with 401
    within 1 s: polled at most 10 times, 100 ms apart."""
    owner = cluster.user("revoker")
    a, b = cluster.a.endpoint, cluster.b.endpoint
    answer = a.request("POST", "/api/v1/tokens", owner, {"name": "phone"})
    assert answer.status == 201, (answer.status, answer.body[:300])
    token_id, secret = answer.json()["id"], answer.json()["token"]
    for _ in range(2):  # the second answer comes from B's cache, if it keeps one
        answer = b.request("GET", "/api/v1/me", secret)
        assert answer.status == 200, (answer.status, answer.body[:300])

    answer = a.request("DELETE", f"/api/v1/tokens/{token_id}", owner)
    assert answer.status == 204, (answer.status, answer.body[:300])
    revoked_at = time.monotonic()
    statuses = []
    for _ in range(REVOKE_POLLS):
        statuses.append(b.request("GET", "/api/v1/me", secret).status)
        if statuses[-1] == 401:
            break
        time.sleep(REVOKE_POLL_GAP)  # polling, at most 10 times
    waited = time.monotonic() - revoked_at
    assert statuses[-1] == 401, f"B still accepts the token revoked on A after {waited:.2f} s: {statuses}"
    assert waited <= 1.0, f"B refused it only after {waited:.2f} s"
    assert a.request("GET", "/api/v1/me", secret).status == 401
    assert b.request("GET", "/api/v1/me", owner).status == 200, "the owner's other token must still work"


# ---------------------------------------------------------------------------------------
# e. Two instances started at once on an empty database


def test_e_two_instances_started_at_once_migrate_an_empty_database_once(postgres_database, tmp_path):
    """Two instances from the unit start at the same moment on an empty database: both
    answer /ready with 200, and _fluent_migrations names every migration exactly once."""
    env = unit_environment(postgres_database, secrets.token_hex(16))
    instances = []
    try:
        argvs = []
        for name in ("first", "second"):
            port = free_port()
            argvs.append((name, serve_command(port, tmp_path / f"data-{name}", env), port))
        for name, argv, port in argvs:  # back to back: both find the database empty
            instances.append(Instance(name, argv, env, port, tmp_path / f"data-{name}", tmp_path))
        for one in instances:
            one.wait_ready()
        rows = run_sql(postgres_database, "SELECT name, count(*) FROM _fluent_migrations GROUP BY name ORDER BY name")
        counts = dict(line.rsplit("|", 1) for line in rows.splitlines() if line)
        assert counts, "no migration is recorded"
        twice = {name: count for name, count in counts.items() if count != "1"}
        assert not twice, f"migrations recorded more than once: {twice}"
        for one in instances:
            assert one.process.poll() is None, f"{one.name} exited:\n{one.log_tail()}"
    finally:
        for one in instances:
            one.stop()


# ---------------------------------------------------------------------------------------
# f. Health, readiness, request ids, metrics


def metric_families(text: str) -> dict:
    from prometheus_client.parser import text_string_to_metric_families
    return {family.name: family for family in text_string_to_metric_families(text)}


def requests_total(families: dict) -> float:
    family = families.get("spotter_http_requests") or families.get("spotter_http_requests_total")
    assert family is not None, f"no spotter_http_requests_total among {sorted(families)}"
    return sum(sample.value for sample in family.samples if sample.name == "spotter_http_requests_total")


def test_f_health_ready_request_ids_and_metrics(cluster):
    """Both instances answer /health and /ready with 200; every answer carries an
    X-Request-Id; /metrics answers 401 without (or with a wrong) token and Prometheus text
    with it, holding every metric Spotter promises, and spotter_http_requests_total grows
    with the traffic; nginx refuses /metrics from outside with 403 and passes /health."""
    pytest.importorskip("prometheus_client", reason="scripts/install-test-deps installs prometheus_client")
    token = cluster.user("metrics")
    for instance in (cluster.a, cluster.b):
        endpoint = instance.endpoint
        endpoint.seen_request_ids.clear()
        health = endpoint.request("GET", "/health")
        assert health.status == 200 and health.json() == {"status": "ok"}, (instance.name, health.status)
        ready = endpoint.request("GET", "/ready")
        assert ready.status == 200 and ready.json() == {"status": "ready"}, \
            (instance.name, ready.status, ready.body[:200])

        assert endpoint.request("GET", "/metrics").status == 401, f"{instance.name}: /metrics without the token"
        assert endpoint.request("GET", "/metrics", "wrong" + cluster.metrics_token).status == 401
        scrape = endpoint.request("GET", "/metrics", cluster.metrics_token)
        assert scrape.status == 200, (instance.name, scrape.status, scrape.body[:200])
        before = requests_total(metric_families(scrape.body.decode()))

        # Traffic that touches every metric: reads, a workout with a set, an import.
        exercise = bench_press(endpoint, token)
        workout_id, (entry_id,) = start_workout(endpoint, token, exercise)
        answer = endpoint.request("PUT", f"/api/v1/workouts/{workout_id}/entries/{entry_id}/sets/{uuid.uuid4()}",
                                  token, {"reps": 5, "weight": 60, "done": True})
        assert answer.status in (200, 201), answer.status
        assert endpoint.request("DELETE", f"/api/v1/workouts/{workout_id}", token).status in (200, 204)
        upload = endpoint.request("POST", "/api/v1/imports?app=strong", token, raw=STRONG_CSV.encode(),
                                  content_type="text/csv")
        assert upload.status == 201, upload.status
        made = 6  # requests above, besides the scrapes
        deadline = time.monotonic() + 5
        while True:
            scrape = endpoint.request("GET", "/metrics", cluster.metrics_token)
            assert scrape.status == 200
            families = metric_families(scrape.body.decode())
            after = requests_total(families)
            if after >= before + made or time.monotonic() > deadline:
                break
            time.sleep(POLL)  # counters may be updated after the answer is sent
        assert after >= before + made, f"{instance.name}: spotter_http_requests_total went {before} -> {after}"
        names = set(families) | {sample.name for family in families.values() for sample in family.samples}
        missing = [name for name in METRIC_NAMES if name not in names and name.removesuffix("_total") not in names]
        assert not missing, f"{instance.name}: /metrics lacks {missing}"
        without_id = [i for i, request_id in enumerate(endpoint.seen_request_ids) if not request_id]
        assert not without_id, f"{instance.name}: {len(without_id)} of {len(endpoint.seen_request_ids)} " \
                               "answers had no X-Request-Id"

    through = cluster.nginx.endpoint
    health = through.request("GET", "/health")
    assert health.status == 200 and health.headers.get("X-Request-Id"), health.status
    assert through.request("GET", "/metrics").status == 403
    assert through.request("GET", "/metrics", cluster.metrics_token).status == 403
    redirect = cluster.nginx.plain.request("GET", "/health")
    assert redirect.status == 301 and redirect.headers.get("Location", "").startswith("https://"), \
        (redirect.status, redirect.headers.get("Location"))


# ---------------------------------------------------------------------------------------
# g. SIGTERM drains the requests in flight


def server_has_read(server_port: int, client_ports: list[int]) -> bool:
    """True when the server's side of each connection has nothing left unread
    (/proc/net/tcp's rx_queue is 0): the server has taken every byte sent so far."""
    pending = set(client_ports)
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(FileNotFoundError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                local_port = int(fields[1].rsplit(":", 1)[1], 16)
                remote_port = int(fields[2].rsplit(":", 1)[1], 16)
                rx_queue = int(fields[4].split(":")[1], 16)
                if local_port == server_port and remote_port in pending and rx_queue == 0:
                    pending.discard(remote_port)
    return not pending


def test_g_sigterm_finishes_requests_in_flight_then_exits_0(cluster):
    """An instance gets SIGTERM while requests are half sent (headers and part of the body
    read by the server); the rest of each body is sent after the signal and every one is
    answered with 2xx and stored; then the process exits with 0 within 10 s."""
    instance = cluster.instance("drain")
    instance.wait_ready()
    token = cluster.user("drainer")
    endpoint = instance.endpoint
    workout_id, (entry_id,) = start_workout(endpoint, token, bench_press(endpoint, token))

    sockets, set_ids, rests = [], [], []
    try:
        for number in range(DRAIN_REQUESTS):
            set_id = str(uuid.uuid4())
            body = json.dumps({"reps": 5 + number, "weight": 100, "done": True}).encode()
            head = (f"PUT /api/v1/workouts/{workout_id}/entries/{entry_id}/sets/{set_id} HTTP/1.1\r\n"
                    f"Host: 127.0.0.1:{instance.port}\r\nAuthorization: Bearer {token}\r\n"
                    f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode()
            sock = socket.create_connection(("127.0.0.1", instance.port), timeout=REQUEST_TIMEOUT)
            sockets.append(sock)
            sock.sendall(head + body[:len(body) // 2])
            set_ids.append(set_id)
            rests.append(body[len(body) // 2:])
        client_ports = [sock.getsockname()[1] for sock in sockets]
        deadline = time.monotonic() + 10
        while not server_has_read(instance.port, client_ports):
            assert time.monotonic() < deadline, "the server did not read the requests' first halves"
            time.sleep(0.01)  # polling the kernel's socket table

        instance.process.send_signal(signal.SIGTERM)
        signalled = time.monotonic()
        statuses = []
        for sock, rest in zip(sockets, rests):
            sock.sendall(rest)
            response = http.client.HTTPResponse(sock)
            try:
                response.begin()
                response.read()
                statuses.append(response.status)
            except (OSError, http.client.HTTPException) as error:
                statuses.append(repr(error))
        assert all(isinstance(status, int) and 200 <= status < 300 for status in statuses), \
            f"requests in flight at SIGTERM got {statuses}:\n{instance.log_tail()}"
        try:
            code = instance.process.wait(timeout=max(0.1, signalled + DRAIN_EXIT_TIMEOUT - time.monotonic()))
        except subprocess.TimeoutExpired:
            pytest.fail(f"the instance still runs {DRAIN_EXIT_TIMEOUT:.0f} s after SIGTERM", pytrace=False)
        assert code == 0, f"exit status {code} after SIGTERM:\n{instance.log_tail()}"
    finally:
        for sock in sockets:
            sock.close()
    stored = stored_sets(cluster.b.endpoint, token, workout_id)
    assert all(len(stored.get(set_id, [])) == 1 for set_id in set_ids), (set_ids, stored)


# ---------------------------------------------------------------------------------------
# h. JSON logs


def test_h_json_logs_carry_the_request_id(cluster):
    """With --log-format json every line an instance writes after "Spotter is running at"
    is a JSON object, and a request's log line carries the request_id its answer's
    X-Request-Id header names."""
    instance = cluster.b
    answer = instance.endpoint.request("GET", f"/health?probe={uuid.uuid4().hex}")
    request_id = answer.headers.get("X-Request-Id")
    assert answer.status == 200 and request_id, "no X-Request-Id on the answer"

    deadline = time.monotonic() + 5
    while True:
        text = instance.log_text()
        marker = text.find("Spotter is running at")
        assert marker >= 0, f"no 'Spotter is running at' line:\n{text[-2000:]}"
        lines = [line for line in text[marker:].splitlines()[1:] if line.strip()]
        records, bad = [], []
        for line in lines:
            try:
                record = json.loads(line)
                records.append(record) if isinstance(record, dict) else bad.append(line)
            except ValueError:
                bad.append(line)
        if any(record.get("request_id") == request_id for record in records) or time.monotonic() > deadline:
            break
        time.sleep(POLL)  # the line is written after the answer
    assert not bad, f"{len(bad)} of {len(lines)} log lines are not JSON objects, e.g. {bad[:3]}"
    matching = [record for record in records if record.get("request_id") == request_id]
    assert matching, f"no log line has request_id {request_id}; {len(records)} JSON lines, e.g. {records[-3:]}"


# ---------------------------------------------------------------------------------------
# The backup units


def test_backup_units_write_a_backup(cluster, tmp_path):
    """spotter-backup.service's ExecStartPre and ExecStart, run as written (test paths for
    the binary, the data folder and /var/backups/spotter; the chown left out), write a
    non-empty backup file named by the date."""
    backups = tmp_path / "backups"
    paths = {PROD_BINARY: str(spotter_binary()), PROD_DATA_DIR: str(cluster.root / "cli"),
             PROD_BACKUP_DIR: str(backups)}
    env = cluster.env
    for line in directive(BACKUP_SERVICE, "ExecStartPre"):
        argv = systemd_command(line, "", env, paths)
        if Path(argv[0]).name == "install":  # the test runs as whoever runs it: no -o/-g
            argv = [word for i, word in enumerate(argv)
                    if word not in ("-o", "-g") and (i == 0 or argv[i - 1] not in ("-o", "-g"))]
        subprocess.run(argv, check=True, capture_output=True, timeout=30, env=env)
    (exec_start,) = directive(BACKUP_SERVICE, "ExecStart")
    argv = systemd_command(exec_start, "", env, paths)
    result = subprocess.run(argv, capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path)
    assert result.returncode == 0, f"{shlex.join(argv)} failed ({result.returncode}):\n{result.stderr}"
    files = list(backups.iterdir())
    assert len(files) == 1 and files[0].stat().st_size > 0, files
    assert re.fullmatch(r"spotter-\d{8}-\d{6}\.dump", files[0].name), files[0].name
    assert files[0].read_bytes()[:5] == b"PGDMP", "not a pg_dump custom-format file"
