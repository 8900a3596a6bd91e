"""The harness of the Context Inspector's browser tests: a real headless Chromium (Debian's
``chromium``, driven by Playwright).

- ``pcreceipt serve`` runs as a user starts it: its own process, a fresh empty HOME, no pcreceipt
  environment, no ``--data-dir``; only ``--port`` (and ``--require-tokens`` for token mode).
  It is seeded through its HTTP API (``seed.py``).
- The browser is the system's ``/usr/bin/chromium`` (``CHROMIUM`` overrides it); Playwright never
  downloads one. When it is missing the tests skip locally and FAIL under ``CI=true`` (``.ci/run``
  installs it).
- Every page is watched (``Watched``): each request must stay on 127.0.0.1 (anything else is
  aborted and fails the test), and dialogs, page errors, console errors and CSP violations are
  recorded so tests can assert there were none.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Page

from _support.commands import PCRECEIPT, ServerProcess, user_environment
from _support.ports import free_port

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
LOOPBACK = "127.0.0.1"
# recorded in the page before any of its scripts run (init scripts are not subject to the page's CSP)
WATCH_CSP = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(e.violatedDirective + " " + e.blockedURI);
});
"""


def require_browser() -> str:
    if Path(CHROMIUM).is_file() and os.access(CHROMIUM, os.X_OK):
        return CHROMIUM
    message = f"{CHROMIUM} is missing: install Debian's chromium (as root, `nox -s ci` and `nox -s tests` do)"
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(message)
    pytest.skip(message)


@dataclass
class Server:
    url: str
    home: Path
    environment: dict[str, str]

    def cli(self, *args: str) -> str:
        """Run the installed ``pcreceipt`` with the server's HOME; returns stdout."""
        done = subprocess.run(
            [PCRECEIPT, *args], env=self.environment, capture_output=True, text=True, timeout=60, check=True
        )
        return done.stdout


def start_server(*flags: str) -> Iterator[Server]:
    with tempfile.TemporaryDirectory(prefix="pcreceipt-inspector-") as temporary:
        root = Path(temporary)
        home = root / "home"
        home.mkdir()
        environment = {k: v for k, v in user_environment(home).items() if not k.startswith("POWERCONTEXT_")}
        port = free_port()
        url = f"http://{LOOPBACK}:{port}"
        server = ServerProcess([PCRECEIPT, "serve", "--port", str(port), *flags], environment, root)
        finished = False
        try:
            if not server.wait_ready(url, 60):
                raise RuntimeError("pcreceipt serve did not become ready")
            yield Server(url, home, environment)
            finished = True
        finally:
            output = server.stop()
            if not finished:
                print("pcreceipt serve output:\n" + output)


@dataclass
class Watched:
    """A page and what it did: every request URL, refused off-host requests, dialogs, errors."""

    page: Page
    requests: list[str] = field(default_factory=list)
    off_host: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)

    def csp_violations(self) -> list[str]:
        return list(self.page.evaluate("window.__csp ?? []"))

    def assert_quiet(self, *, expected_console: str | None = None) -> None:
        """Nothing left the machine, no dialog, no error, no CSP violation; console errors only
        the ones containing ``expected_console`` (the browser logs every 401 a fetch receives)."""
        assert self.off_host == []
        assert self.dialogs == []
        assert self.errors == []
        unexpected = [m for m in self.console_errors if expected_console is None or expected_console not in m]
        assert unexpected == []
        assert self.csp_violations() == []
