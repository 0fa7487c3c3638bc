"""A log line that cannot be written must never stop the server (issue 34, defect 2).

`spotter serve --log-format json | head -1` used to die with SIGILL at the next log
line (Foundation's `FileHandle.write` traps on EPIPE), and so did every format with
standard output on a full disk (the "Spotter is running at" line went through the same
call). For both log formats the server is started with its log
- on a pipe whose reading end is closed after the first line, and
- on /dev/full (every write fails with ENOSPC),
then answers REQUESTS requests, each of which it logs (at info every request gets its
line), so that log writes keep failing while it serves. Every request must be answered,
the process must still run and stop cleanly on SIGTERM. JSON lines go to standard
output (standard error is kept in a file, and must say once that lines are dropped);
text lines go to standard error, so for text both go to the broken pipe or the full
device, as `2>&1 | head -1` does.

Environment: SPOTTER_BIN (see spotter_server.py). Standard library + pytest.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from spotter_server import HEALTH_POLL, HEALTH_TIMEOUT, STOP_TIMEOUT, free_port, spotter_binary, store_args

REQUESTS = 300
FIRST_LINE_TIMEOUT = 60.0  # a debug server opens and migrates its store first
DROPPED_NOTE = "log lines are dropped"


def start(data_dir: Path, log_format: str, sink: int, stderr_path: Path) -> tuple[subprocess.Popen, int]:
    """Starts the server with standard output on `sink` (standard error too for text)."""
    port = free_port()
    with open(stderr_path, "wb") as stderr:
        process = subprocess.Popen(
            [str(spotter_binary()), "serve", "--port", str(port), *store_args(data_dir),
             "--log-level", "info", "--log-format", log_format],
            stdout=sink, stderr=sink if log_format == "text" else stderr, cwd=data_dir,
        )
    return process, port


def wait_until_healthy(process: subprocess.Popen, port: int, stderr_path: Path) -> None:
    deadline = time.monotonic() + HEALTH_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"spotter exited with {process.returncode} before answering /health:\n"
                        + stderr_path.read_text(errors="replace")[-3000:], pytrace=False)
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        time.sleep(HEALTH_POLL)  # polling a process we started
    pytest.fail(f"spotter did not answer /health within {HEALTH_TIMEOUT:.0f} s", pytrace=False)


def serve_many(process: subprocess.Popen, port: int, stderr_path: Path, log_format: str) -> None:
    """REQUESTS logged requests (each /health gets its info line, each unknown path a 404
    line too), then the process must still run and stop cleanly."""
    answered = 0
    for index in range(REQUESTS):
        path = "/health" if index % 2 == 0 else f"/no-such-page-{index}"
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as response:
                answered += response.status == 200
        except urllib.error.HTTPError as error:
            answered += error.code == 404
        except (urllib.error.URLError, ConnectionError, OSError) as error:
            pytest.fail(f"request {index} ({path}) got no answer ({error}); the server "
                        f"{'still runs' if process.poll() is None else f'exited with {process.returncode}'}:\n"
                        + stderr_path.read_text(errors="replace")[-3000:], pytrace=False)
    assert answered == REQUESTS
    assert process.poll() is None, f"spotter exited with {process.returncode}"
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=STOP_TIMEOUT) == 0
    if log_format == "text":
        return
    stderr = stderr_path.read_text(errors="replace")
    assert stderr.count(DROPPED_NOTE) == 1, f"standard error should say once that log lines are dropped:\n{stderr[-3000:]}"


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.kill()
        process.wait(timeout=STOP_TIMEOUT)


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_logs_into_a_pipe_closed_after_the_first_line(tmp_path, log_format):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    read_end, write_end = os.pipe()
    process, port = start(data_dir, log_format, write_end, tmp_path / "stderr.log")
    os.close(write_end)
    try:
        # `| head -1`: read one line, then close the pipe.
        first = b""
        deadline = time.monotonic() + FIRST_LINE_TIMEOUT
        while b"\n" not in first and time.monotonic() < deadline:
            ready, _, _ = select.select([read_end], [], [], 0.5)
            if ready:
                chunk = os.read(read_end, 4096)
                if not chunk:
                    break
                first += chunk
        assert b"\n" in first, f"no first line on standard output: {first!r}"
        os.close(read_end)
        read_end = -1
        wait_until_healthy(process, port, tmp_path / "stderr.log")
        serve_many(process, port, tmp_path / "stderr.log", log_format)
    finally:
        if read_end >= 0:
            os.close(read_end)
        stop(process)


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_logs_onto_a_full_disk(tmp_path, log_format):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    with open("/dev/full", "wb") as full:
        process, port = start(data_dir, log_format, full.fileno(), tmp_path / "stderr.log")
    try:
        wait_until_healthy(process, port, tmp_path / "stderr.log")
        serve_many(process, port, tmp_path / "stderr.log", log_format)
    finally:
        stop(process)
