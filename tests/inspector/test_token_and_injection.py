"""Token mode (the page asks, a 401 asks again, the token stays in memory) and markup injection
(memory bodies, a Scope title and a query carrying markup and script are shown as text), in a
real headless Chromium against a real ``pcreceipt serve``."""

from __future__ import annotations

from pathlib import Path

import pytest
from _support.inspector_harness import Server, Watched
from _support.inspector_pages import open_inspector, prepare_in_page, save, text_of, verdict
from _support.inspector_seed import Api, Seeded, seed
from playwright.sync_api import expect

IMG = '<img src=x onerror="alert(1)">'
SCRIPT = "<script>alert(2)</script>"
SVG = "<svg onload=alert(3)></svg>"
MARKUP_TITLE = f"Evil {IMG} {SCRIPT}"
MARKUP_MEMORIES = (
    ("decision", f"WAL decision {IMG} and {SCRIPT} inside a memory body"),
    ("fact", f"WAL fact {SVG} <b>bold</b> &amp; <iframe src=//example.invalid></iframe>"),
)


def _page_storage(watched: Watched) -> dict[str, object]:
    return dict(
        watched.page.evaluate(
            "() => ({local: localStorage.length, session: sessionStorage.length, cookie: document.cookie,"
            " url: location.href, html: document.documentElement.outerHTML})"
        )
    )


def test_token_mode_asks_reasks_on_401_and_keeps_the_token_in_memory(token_server: Server, watched: Watched) -> None:
    token = token_server.cli("token", "create", "--scope", "*", "--grant", "admin", "--name", "inspector").strip()
    assert token.startswith("pcr_")
    seeded = seed(token_server.url, token=token)
    page = watched.page
    open_inspector(page, token_server.url, wait_for_scopes=False)

    expect(page.locator("#token-panel")).to_be_visible()  # the first list_scopes got a 401
    assert page.get_attribute("#token-input", "type") == "password"
    assert "requires a bearer token" in page.locator("#token-message").text_content()
    page.fill("#token-input", "pcr_0000000000000000_" + "A" * 43)
    page.click("#token-submit")
    expect(page.locator("#token-message")).to_contain_text("refused (401)")  # a wrong token: asked again
    expect(page.locator("#token-panel")).to_be_visible()

    with page.expect_request(lambda r: r.url.endswith("/v1/scopes?limit=100") and "authorization" in r.headers) as sent:
        page.fill("#token-input", token)
        page.click("#token-submit")
    assert sent.value.headers["authorization"] == f"Bearer {token}"
    page.wait_for_selector(f"#scope option[value='{seeded.scope_id}']", state="attached")
    expect(page.locator("#token-panel")).to_be_hidden()
    body = prepare_in_page(page, seeded.scope_id, "How does the store use WAL?", include_code=True)
    assert body["status"] == "ready" and verdict(page, "contract") == "ok"
    page.click("#selected-table tbody tr[data-index='0']")  # the drill-down carries the same token
    page.wait_for_selector("#drill dl")
    assert page.locator("#drill-error").count() == 0

    # revoked while the page is open: the next read's 401 asks again (one prompt for its two calls)
    token_server.cli("token", "revoke", token.split("_")[1])
    second = token_server.cli("token", "create", "--scope", "*", "--grant", "read", "--name", "second").strip()
    page.click("#selected-table tbody tr[data-index='1']")
    expect(page.locator("#token-panel")).to_be_visible()
    expect(page.locator("#token-message")).to_contain_text("refused (401)")
    page.fill("#token-input", second)
    page.click("#token-submit")
    page.wait_for_selector("#drill dl.compact")
    assert page.locator("#drill-error").count() == 0
    expect(page.locator("#token-panel")).to_be_hidden()

    stored = _page_storage(watched)
    assert stored["local"] == 0 and stored["session"] == 0 and stored["cookie"] == ""
    for secret in (token, second):
        assert secret not in str(stored["url"]) and secret not in str(stored["html"])
    assert page.input_value("#token-input") == ""
    assert page.context.cookies() == []
    watched.assert_quiet(expected_console="401")


@pytest.fixture(scope="module")
def hostile(server: Server) -> Seeded:
    return seed(server.url, title=MARKUP_TITLE, extra=MARKUP_MEMORIES)


def _artifact_id(item: dict[str, object]) -> object:
    address = item.get("artifact_address")
    return address["artifact"]["artifact_id"] if isinstance(address, dict) else None


def _no_injected_nodes(watched: Watched) -> None:
    counts = watched.page.evaluate(
        "() => ({img: document.querySelectorAll('img').length, iframe: document.querySelectorAll('iframe').length,"
        " b: document.querySelectorAll('b').length, svgOnload: document.querySelectorAll('svg[onload]').length,"
        " scripts: [...document.scripts].map(s => s.getAttribute('src'))})"
    )
    assert counts == {"img": 0, "iframe": 0, "b": 0, "svgOnload": 0, "scripts": ["app.js"]}


def test_markup_in_bodies_titles_and_queries_is_shown_as_text(
    server: Server, hostile: Seeded, watched: Watched, tmp_path: Path
) -> None:
    page = watched.page
    open_inspector(page, server.url)
    option = page.locator(f"#scope option[value='{hostile.scope_id}']")
    assert option.text_content() == f"{MARKUP_TITLE} ({hostile.scope_id})"  # the title, literally
    query = f"WAL {IMG} {SCRIPT}"
    body = prepare_in_page(page, hostile.scope_id, query)
    assert body["status"] == "ready"
    shown = text_of(page, "#content")
    assert shown == body["content"]
    memory_ids = [i for i, text in hostile.memories.items() if "<" in text]
    selected = body["receipt"]["selected"]
    hits = [i for i, item in enumerate(selected) if _artifact_id(item) in memory_ids]
    assert hits, "a memory carrying markup is injected"
    assert verdict(page, "query-digest") == "ok"
    for index in hits:  # the exact read shows the body as text too
        page.click(f"#selected-table tbody tr[data-index='{index}']")
        page.wait_for_selector("#drill dl.fields")
        artifact_id = selected[index]["artifact_address"]["artifact"]["artifact_id"]
        assert hostile.memories[artifact_id] in page.locator("#drill").text_content()
    _no_injected_nodes(watched)

    with Api(server.url) as api:  # the same markup from a saved file
        saved = api.prepare(hostile.scope_id, query)
    page.click("#tab-file")
    page.set_input_files("#file-input", str(save(tmp_path / "hostile.json", saved)))
    page.wait_for_selector("#file-result #content")
    assert text_of(page, "#file-result #content") == saved["content"]
    assert IMG in saved["content"] or IMG.replace('"', '\\"') in saved["content"]
    _no_injected_nodes(watched)
    watched.assert_quiet()  # no dialog fired, no CSP violation, no request off 127.0.0.1


def test_the_browser_enforces_the_csp_and_the_watch_sees_it(server: Server, watched: Watched) -> None:
    """The checks above mean something: a foreign image and an inline script are refused by the
    browser under the served policy, and the watch records both violations."""
    page = watched.page
    open_inspector(page, server.url)
    page.evaluate(
        """() => {
          const img = document.createElement("img");
          img.src = "https://example.invalid/x.png";
          document.body.append(img);
          const script = document.createElement("script");
          script.textContent = "window.__ran = true";
          document.body.append(script);
        }"""
    )
    page.wait_for_timeout(300)
    violations = watched.csp_violations()
    assert any(v.startswith("img-src") for v in violations), violations
    assert any(v.startswith("script-src") for v in violations), violations
    assert page.evaluate("() => window.__ran === undefined")
    assert watched.off_host == []  # refused before any request was made
