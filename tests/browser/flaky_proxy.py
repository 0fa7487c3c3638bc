"""A reverse proxy between Chromium and `spotter serve` that fails on purpose: it answers
API writes with a 500 or a 503 (a server whose disk is full, before and after issue 34),
refuses one chosen request with a 4xx, drops connections (a server that cannot be
reached while the phone thinks it is online), or answers slowly (a crawling network).
The browser is pointed at the proxy's address; everything else is passed through
unchanged. Each test runs its own (`flaky_proxy` fixture)."""

from __future__ import annotations

import http.client
import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse

import pytest

from conftest import free_port

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade",
              "proxy-authorization", "proxy-authenticate", "content-length"}
WRITES = {"POST", "PUT", "PATCH", "DELETE"}

# What a server says when a write fails: before issue 34 a full disk was a 500; now a
# storage fault is a 503 with Retry-After and the server's words.
INTERNAL = {"error": {"code": "internal", "message": "Something went wrong on the server. Nothing was changed; try again.", "field": None}}
DISK_FULL = {"error": {"code": "storage_unavailable",
                       "message": "The server's disk is full; your change is kept and sent again.", "field": None}}


@dataclass
class Answer:
    """A made-up answer: status, JSON body (or raw text) and extra headers."""
    status: int
    body: dict | str
    headers: dict[str, str] = field(default_factory=dict)


class FlakyProxy:
    """`url` is the address to give the browser. Switch how it behaves with `fail_writes`,
    `refuse`, `refuse_once`, `lose_answer_once`, `drop`, `slow` and `pass_through`;
    `answered` lists (method, path, status) of every request, a status of 0 for a
    dropped one (and a lost answer), and `times` when each was answered."""

    def __init__(self, upstream: str):
        target = urlparse(upstream)
        self.upstream = (target.hostname, target.port)
        self.lock = threading.Lock()
        self.answered: list[tuple[str, str, int]] = []
        self.times: list[float] = []
        self.pass_through()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):  # quiet
                pass

            def handle_one_request(self):
                try:
                    super().handle_one_request()
                except (ConnectionError, TimeoutError):
                    self.close_connection = True

            def __getattr__(self, name):
                if name.startswith("do_"):
                    return lambda: proxy._serve(self)
                raise AttributeError(name)

        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    # ------------------------------------------------------------ switches

    def pass_through(self) -> None:
        """Every request reaches the server, at full speed."""
        with self.lock:
            self.failure: Answer | None = None
            self.refusals: list[list] = []  # [method, path part, answer or None (lose it), times left or None]
            self.dropping = False
            self.delay = 0.0
            self.delayed = lambda method, path: False

    def fail_writes(self, answer: Answer) -> None:
        """Every API write (POST, PUT, PATCH, DELETE under /api/) gets `answer`; reads pass."""
        with self.lock:
            self.failure = answer

    def refuse(self, method: str, path_part: str, answer: Answer, times: int | None = None) -> None:
        """The next `times` (every one while None) `method` requests whose path contains
        `path_part` get `answer`."""
        with self.lock:
            self.refusals.append([method, path_part, answer, times])

    def refuse_once(self, method: str, path_part: str, answer: Answer) -> None:
        self.refuse(method, path_part, answer, times=1)

    def lose_answer_once(self, method: str, path_part: str) -> None:
        """The next `method` request whose path contains `path_part` reaches the server,
        and its answer is lost: the connection closes without it."""
        with self.lock:
            self.refusals.append([method, path_part, None, 1])

    def drop(self, dropping: bool = True) -> None:
        """Closes every connection without an answer (the server cannot be reached)."""
        with self.lock:
            self.dropping = dropping

    def slow(self, seconds: float, which=lambda method, path: True) -> None:
        """Answers the requests `which(method, path)` picks `seconds` late: the server
        answers at once, and its answer takes `seconds` to come back."""
        with self.lock:
            self.delay = seconds
            self.delayed = which

    def count(self, status: int) -> int:
        with self.lock:
            return sum(1 for _, _, answered in self.answered if answered == status)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    # ------------------------------------------------------------ serving

    def _choose(self, method: str, path: str):
        with self.lock:
            if self.dropping:
                return "drop", None, 0.0
            for index, (wanted, part, answer, times) in enumerate(self.refusals):
                if wanted == method and part in path:
                    if times is not None:
                        self.refusals[index][3] -= 1
                        if self.refusals[index][3] <= 0:
                            del self.refusals[index]
                    return ("answer", answer, 0.0) if answer else ("lose", None, 0.0)
            if self.failure and method in WRITES and path.startswith("/api/"):
                return "answer", self.failure, 0.0
            return "pass", None, self.delay if self.delayed(method, path) else 0.0

    def _serve(self, handler: BaseHTTPRequestHandler) -> None:
        method, path = handler.command, handler.path
        length = int(handler.headers.get("Content-Length") or 0)
        body = handler.rfile.read(length) if length else None
        action, answer, delay = self._choose(method, path)
        if action == "drop":
            self._log(method, path, 0)
            handler.close_connection = True
            return
        if action == "answer":
            text = answer.body if isinstance(answer.body, str) else json.dumps(answer.body)
            kind = "text/html; charset=utf-8" if isinstance(answer.body, str) else "application/json"
            self._write(handler, answer.status, [("Content-Type", kind), *answer.headers.items()], text.encode())
            self._log(method, path, answer.status)
            return
        upstream = http.client.HTTPConnection(*self.upstream, timeout=60)
        try:
            headers = {k: v for k, v in handler.headers.items() if k.lower() not in HOP_BY_HOP}
            upstream.request(method, path, body=body, headers=headers)
            response = upstream.getresponse()
            content = response.read()
            kept = [(k, v) for k, v in response.getheaders() if k.lower() not in HOP_BY_HOP]
            # The server has answered; the answer crawls back (a page made now arrives late).
            if delay:
                time.sleep(delay)
            if action == "lose":
                # A few bytes, then nothing: the browser does not send it again by itself
                # (it does when a reused connection closes before any byte of an answer).
                handler.wfile.write(b"HTTP/1.1 2")
                handler.wfile.flush()
                handler.close_connection = True
                self._log(method, path, 0)
                return
            try:
                self._write(handler, response.status, kept, content)
            except OSError:  # the browser gave up waiting for it
                self._log(method, path, 0)
                raise
            self._log(method, path, response.status)
        finally:
            upstream.close()

    def _write(self, handler, status: int, headers, content: bytes) -> None:
        handler.send_response_only(status)
        for name, value in headers:
            handler.send_header(name, value)
        handler.send_header("Content-Length", str(len(content)))
        handler.end_headers()
        if handler.command != "HEAD":
            handler.wfile.write(content)
        handler.wfile.flush()

    def _log(self, method: str, path: str, status: int) -> None:
        with self.lock:
            self.answered.append((method, path, status))
            self.times.append(time.monotonic())


@pytest.fixture
def flaky_proxy(server):
    """A FlakyProxy in front of the suite's server, passing everything through at first."""
    proxy = FlakyProxy(server)
    yield proxy
    proxy.close()
