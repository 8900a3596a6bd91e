"""Driving the Inspector page in tests: open it, run a prepare, read what it shows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

PREPARE_PATH = "/v1/context/prepare"


def open_inspector(page: Page, url: str, *, wait_for_scopes: bool = True) -> None:
    page.goto(f"{url}/inspector/")
    page.wait_for_selector("body[data-state=ready]", state="attached")
    if wait_for_scopes:
        page.wait_for_selector("#scope option", state="attached")


def prepare_in_page(
    page: Page, scope_id: str, query: str, *, include_code: bool = False, max_bytes: int = 8000
) -> dict[str, Any]:
    """Fill the form, submit, wait for the result; returns the response body the page received."""
    page.select_option("#scope", value=scope_id)
    page.fill("#query", query)
    page.fill("#max-bytes", str(max_bytes))
    page.set_checked("#include-code", include_code)
    with page.expect_response(lambda r: r.url.endswith(PREPARE_PATH)) as answer:
        page.click("#prepare-submit")
    body: dict[str, Any] = answer.value.json()
    page.wait_for_selector("#prepare-result #verdicts")
    return body


def text_of(page: Page, selector: str) -> str:
    """The exact textContent of the first match (no whitespace folding)."""
    return str(page.eval_on_selector(selector, "node => node.textContent"))


def cells(page: Page, rows: str) -> list[list[str]]:
    """The textContent of every cell of the rows ``rows`` selects."""
    script = "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    return [list(map(str, row)) for row in page.eval_on_selector_all(rows, script)]


def verdict(page: Page, name: str) -> str:
    """ok, bad or none: the badge of #verdict-<name>."""
    return str(page.get_attribute(f"#verdict-{name} .badge", "data-verdict"))


def save(path: Path, value: Any) -> Path:
    path.write_text(json.dumps(value, ensure_ascii=False), encoding="utf-8")
    return path
