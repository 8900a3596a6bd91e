"""The Inspector's shipped files and headers, without a browser: no HTML-parsing sink in its
JavaScript, no inline script or style, nothing loaded from another origin, and the security
headers on every Inspector response."""

from __future__ import annotations

import re
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import httpx
import pytest

from pcreceipt.cli.serve import startup_banner
from pcreceipt.config import Settings
from pcreceipt.inspector import CONTENT_SECURITY_POLICY, CONTRACT_BUNDLE, STATIC_ASSETS, load_assets

STATIC = resources.files("pcreceipt.inspector").joinpath("static")
SCRIPTS = [name for name in STATIC_ASSETS if name.endswith(".js")]
# every way a string becomes markup or code in a page
SINKS = re.compile(
    r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|createContextualFragment|DOMParser"
    r"|\beval\s*\(|new\s+Function\s*\(|setTimeout\s*\(\s*[\"'`]|srcdoc|javascript:"
)


def test_the_page_ships_every_file_it_names() -> None:
    on_disk = {p.name for p in STATIC.iterdir() if p.is_file()}
    assert on_disk == set(STATIC_ASSETS)
    assert CONTRACT_BUNDLE in load_assets()


@pytest.mark.parametrize("name", [*SCRIPTS, CONTRACT_BUNDLE])
def test_no_markup_sink_in_the_shipped_javascript(name: str) -> None:
    text = load_assets()[name].body.decode("utf-8")
    if name == CONTRACT_BUNDLE:
        # the generated contract bundle: validators and rules only, no DOM at all
        assert "document." not in text and "window." not in text
    assert SINKS.findall(text) == []


def test_the_html_has_no_inline_script_style_or_foreign_origin() -> None:
    html = STATIC.joinpath("index.html").read_text(encoding="utf-8")
    assert re.findall(r"<script(?![^>]*\bsrc=)", html) == []
    assert re.findall(r"<style|\sstyle=|\son[a-z]+=", html) == []
    assert re.findall(r"(?:src|href)=\"(?:https?:)?//", html) == []
    for name in SCRIPTS:
        script = STATIC.joinpath(name).read_text(encoding="utf-8")
        assert re.findall(r"https?://(?!www\.w3\.org/2000/svg)", script) == [], name
        assert re.findall(r"localStorage|sessionStorage|document\.cookie|indexedDB", script) == [], name


def test_the_csp_has_no_unsafe_source() -> None:
    assert "unsafe" not in CONTENT_SECURITY_POLICY
    directives = dict(part.strip().split(" ", 1) for part in CONTENT_SECURITY_POLICY.split(";"))
    assert directives["default-src"] == "'self'" and directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'" and directives["frame-ancestors"] == "'none'"


@pytest.fixture
def http(server_url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server_url) as client:
        yield client


def _secured(response: httpx.Response) -> None:
    assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"


@pytest.mark.parametrize("name", ["", *STATIC_ASSETS, CONTRACT_BUNDLE])
def test_every_asset_is_served_with_the_security_headers(http: httpx.Client, name: str) -> None:
    response = http.get(f"/inspector/{name}")
    assert response.status_code == 200
    _secured(response)
    expected = load_assets()[name or "index.html"]
    assert response.content == expected.body
    assert response.headers["content-type"] == expected.media_type
    assert "authorization" not in {k.lower() for k in response.request.headers}


def test_the_bare_path_redirects_and_unknown_names_are_404(http: httpx.Client) -> None:
    redirect = http.get("/inspector", follow_redirects=False)
    assert redirect.status_code == 308 and redirect.headers["location"] == "/inspector/"
    _secured(redirect)
    for name in ("nope.js", "..%2Fapp.py", "static", "contract.js.map"):
        missing = http.get(f"/inspector/{name}")
        assert missing.status_code == 404, name
        _secured(missing)
    assert http.post("/inspector/app.js").status_code == 405
    assert http.head("/inspector/app.js").status_code == 200


def test_the_startup_banner_says_where_the_inspector_is(tmp_path: Path) -> None:
    banner = startup_banner(Settings(data_dir=tmp_path, port=8123))
    assert "  inspector      http://127.0.0.1:8123/inspector/" in banner.splitlines()
