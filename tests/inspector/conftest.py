"""Fixtures of the Context Inspector's browser tests (``_support.inspector_harness`` says how they run)."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from _support.inspector_harness import (
    CHROMIUM_ARGS,
    LOOPBACK,
    WATCH_CSP,
    Server,
    Watched,
    require_browser,
    start_server,
)
from playwright.sync_api import Browser, Dialog, Route, sync_playwright


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    """A local single-user server (loopback, no token)."""
    yield from start_server()


@pytest.fixture(scope="module")
def token_server() -> Iterator[Server]:
    """A loopback server that requires tokens."""
    yield from start_server("--require-tokens")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One Chromium per test module. Not per session: Playwright's sync API keeps its event loop
    marked running in this thread while it is started, which would break every asyncio test
    (anyio) that runs after this folder; a module fixture is closed before the next module."""
    executable = require_browser()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def watched(browser: Browser) -> Iterator[Watched]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=False)
    page = context.new_page()
    seen = Watched(page)

    def route(route: Route) -> None:
        request_url = route.request.url
        seen.requests.append(request_url)
        if urlsplit(request_url).hostname != LOOPBACK:
            seen.off_host.append(request_url)
            route.abort()
        else:
            route.continue_()

    def dialog(opened: Dialog) -> None:
        seen.dialogs.append(opened.message)
        opened.dismiss()

    context.route("**/*", route)
    context.add_init_script(WATCH_CSP)
    page.on("dialog", dialog)
    page.on("pageerror", lambda error: seen.errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and seen.console_errors.append(message.text))
    page.set_default_timeout(20_000)
    try:
        yield seen
    finally:
        context.close()
