"""A recording relay between a host and ``pcreceipt serve``: what the host called, and a server it can lose.

``Relay(upstream)`` listens on a free loopback port and passes every HTTP request through to the
upstream server unchanged (method, path, query, body, the end-to-end headers) and the answer back
unchanged (status, headers, body bytes); it never follows a redirect. Each exchange is recorded as
a ``Call`` (method, path, JSON request, status, JSON answer), so a test can check which operations
a host's own code called, in which order, with what, and what it got back. ``close()`` stops
listening: from the host's side the server has gone away (connection refused), which is how a
test stops "the server" mid-session without stopping the shared one.

``hold_from(n)`` makes the relay keep every request after the first ``n`` waiting (unanswered)
until ``release()``; ``holding`` is set when one is waiting. A test uses it to stop a client at
a known point (a listing after its nth page) and act on it there, with no sleep.

``dead_url()`` is a loopback URL nothing listens on: a server that is not running.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

from _support.ports import free_port

# Hop-by-hop headers (RFC 9110 §7.6.1) and the ones http.client sets itself; everything else passes.
_HOP = frozenset(
    {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "host", "content-length"}
)


@dataclass(frozen=True)
class Call:
    method: str
    path: str  # with the query string, if any
    request: Any  # the JSON request body, or None (no body / not JSON)
    status: int
    answer: Any  # the JSON answer, or None (no body / not JSON)
    request_headers: dict[str, str]

    @property
    def route(self) -> str:
        return f"{self.method} {self.path.split('?', 1)[0]}"


def _json(data: bytes) -> Any:
    try:
        return json.loads(data) if data else None
    except ValueError:
        return None


class Relay:
    def __init__(self, upstream: str) -> None:
        parts = urlsplit(upstream)
        assert parts.hostname is not None and parts.port is not None, upstream
        self._upstream = (parts.hostname, parts.port)
        self._calls: list[Call] = []
        self._lock = threading.Lock()
        self._received = 0
        self._hold_after: int | None = None
        self._released = threading.Event()
        self.holding = threading.Event()
        relay = self

        class Handler(BaseHTTPRequestHandler):
            def _forward(self) -> None:
                relay._admit()
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                headers = {k: v for k, v in self.headers.items() if k.lower() not in _HOP}
                connection = http.client.HTTPConnection(*relay._upstream, timeout=30)
                try:
                    connection.request(self.command, self.path, body=body or None, headers=headers)
                    response = connection.getresponse()
                    answer = response.read()
                    status, answer_headers = response.status, response.getheaders()
                finally:
                    connection.close()
                relay._record(
                    Call(self.command, self.path, _json(body), status, _json(answer), dict(self.headers.items()))
                )
                self.send_response_only(status)
                for name, value in answer_headers:
                    if name.lower() not in _HOP:
                        self.send_header(name, value)
                self.send_header("Content-Length", str(len(answer)))
                self.send_header("Connection", "close")
                self.end_headers()
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the client left (Ctrl-C tests)
                    self.wfile.write(answer)

            do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = _forward

            def log_message(self, format: str, *args: Any) -> None:
                return

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, name="relay", daemon=True)
        self._thread.start()

    def _admit(self) -> None:
        with self._lock:
            number, self._received = self._received, self._received + 1
            held = self._hold_after is not None and number >= self._hold_after
        if held:
            self.holding.set()
            self._released.wait(timeout=120)

    def hold_from(self, count: int) -> None:
        """Answer the next ``count`` requests, then keep the rest waiting until ``release()``."""
        with self._lock:
            self._hold_after = self._received + count

    def release(self) -> None:
        self._released.set()

    def _record(self, call: Call) -> None:
        with self._lock:
            self._calls.append(call)

    @property
    def calls(self) -> list[Call]:
        with self._lock:
            return list(self._calls)

    def mark(self) -> int:
        """A position in the record; ``since(mark)`` is what was called after it."""
        with self._lock:
            return len(self._calls)

    def since(self, mark: int) -> list[Call]:
        with self._lock:
            return list(self._calls[mark:])

    def close(self) -> None:
        self.release()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=10)

    def __enter__(self) -> Relay:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def dead_url() -> str:
    """A loopback URL with nothing listening (a free port, not bound by anyone)."""
    return f"http://127.0.0.1:{free_port()}"
