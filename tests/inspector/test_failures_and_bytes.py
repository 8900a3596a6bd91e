"""The Inspector after a failed prepare (no previous result left under the new query; each
violation of a 422 shown with its path and rule, as text) and the comparison's per-item bytes as
readable rows, in a real headless Chromium against a real ``pcreceipt serve``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _support.inspector_harness import Server, Watched
from _support.inspector_pages import PREPARE_PATH, cells, open_inspector, prepare_in_page, save
from _support.inspector_seed import Seeded, seed
from playwright.sync_api import Route, expect

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "diff"
# not a valid assembly: an unknown member and a section limit below the contract's minimum
BAD_ASSEMBLY = '{"sections": [{"family": "memory", "limit": 0}], "colour": "red"}'


@pytest.fixture(scope="module")
def seeded(server: Server) -> Seeded:
    return seed(server.url)


def _submit_failing(page_watched: Watched) -> dict[str, object]:
    page = page_watched.page
    page.click("#prepare-form details summary")
    page.fill("#assembly", BAD_ASSEMBLY)
    with page.expect_response(lambda r: r.url.endswith(PREPARE_PATH)) as answer:
        page.click("#prepare-submit")
    assert answer.value.status == 422
    body: dict[str, object] = answer.value.json()
    page.wait_for_selector("#prepare-result[data-state=failed]")
    return body


def test_a_failed_prepare_clears_the_previous_result_and_lists_each_violation(
    server: Server, seeded: Seeded, watched: Watched
) -> None:
    page = watched.page
    open_inspector(page, server.url)
    prepare_in_page(page, seeded.scope_id, "How does the store use WAL?", include_code=True)
    page.click("#selected-table tbody tr[data-index='0']")  # an item read back exactly beside the list
    page.wait_for_selector("#drill .badge[data-verdict=ok]")
    assert page.locator("#prepare-result .badge[data-verdict=ok]").count() >= 4  # the first result, verified

    page.fill("#query", "a new question the server refuses")
    body = _submit_failing(watched)
    error = body["error"]
    assert isinstance(error, dict)
    violations = error["details"]["violations"]
    assert violations, "the server's 422 carries violations"

    # nothing of the previous result is left on screen under the new query
    result = page.locator("#prepare-result")
    assert result.locator(".badge").count() == 0
    assert result.locator("#verdicts, #content, #selected-table, #drill").count() == 0
    assert "verified" not in (result.text_content() or "")
    expect(page.locator("#prepare-status")).to_contain_text("Prepare failed: 422 invalid_request")
    assert page.locator("#prepare-error").text_content() == f"422 invalid_request: {error['message']}"

    # every violation, as the envelope gives it: its path and rule (and any further member) as text
    headers = page.eval_on_selector_all("#prepare-violations thead th", "cells => cells.map(c => c.textContent)")
    assert headers[:2] == ["path", "rule"]
    shown = [dict(zip(headers, row, strict=True)) for row in cells(page, "#prepare-violations tbody tr")]
    expected = [
        {name: (str(v.get("path") or "/") if name == "path" else str(v.get(name, ""))) for name in headers}
        for v in violations
    ]
    assert shown == expected
    assert {row["path"] for row in shown} != {"/"}  # the pointers reach into the request

    # the comparison's "current result" is no longer the old one
    page.click("#tab-compare")
    page.click("#compare-use-current")
    expect(page.locator("#compare-a-name")).to_have_text("No prepare result yet.")
    watched.assert_quiet(expected_console="422")


def test_a_violation_s_members_are_rendered_as_text(server: Server, seeded: Seeded, watched: Watched) -> None:
    """An envelope with markup in its members and a member the page does not know: shown as text."""
    hostile = {
        "error": {
            "code": "invalid_request",
            "message": "<img src=x onerror=alert(1)>",
            "request_id": "<b>rid</b>",
            "details": {
                "violations": [
                    {"path": "/assembly/<i>x</i>", "rule": "<script>alert(2)</script>", "limit": {"max": 3}},
                    {"path": "", "rule": "required", "property": "scope_id"},
                ]
            },
        }
    }

    def answer(route: Route) -> None:
        watched.requests.append(route.request.url)
        route.fulfill(status=422, content_type="application/json", body=json.dumps(hostile))

    page = watched.page
    open_inspector(page, server.url)
    page.route(f"**{PREPARE_PATH}", answer)
    page.select_option("#scope", value=seeded.scope_id)
    page.fill("#query", "anything")
    page.click("#prepare-submit")
    page.wait_for_selector("#prepare-result[data-state=failed]")
    headers = page.eval_on_selector_all("#prepare-violations thead th", "cells => cells.map(c => c.textContent)")
    assert headers == ["path", "rule", "limit", "property"]
    assert cells(page, "#prepare-violations tbody tr") == [
        ["/assembly/<i>x</i>", "<script>alert(2)</script>", '{"max":3}', ""],
        ["/", "required", "", "scope_id"],
    ]
    assert page.locator("#prepare-error").text_content() == "422 invalid_request: <img src=x onerror=alert(1)>"
    assert "<b>rid</b>" in (page.locator("#prepare-result").text_content() or "")
    markup = ", ".join(f"#prepare-result {tag}" for tag in ("img", "i", "b", "script"))
    assert page.locator(markup).count() == 0
    watched.assert_quiet(expected_console="422")


def test_compare_shows_bytes_items_as_readable_rows(server: Server, watched: Watched, tmp_path: Path) -> None:
    """The truncation vector: one memory cut to fit 800 bytes in A, whole at 8000 in B (real prepares)."""
    vector = json.loads((VECTORS / "truncation.json").read_text(encoding="utf-8"))
    items = vector["expected"]["bytes"]["items"]
    assert items
    page = watched.page
    open_inspector(page, server.url, wait_for_scopes=False)
    page.click("#tab-compare")
    page.set_input_files("#compare-a", str(save(tmp_path / "a.json", vector["a"])))
    page.set_input_files("#compare-b", str(save(tmp_path / "b.json", vector["b"])))
    page.wait_for_selector("#diff-bytes-items table")
    headers = page.eval_on_selector_all("#diff-bytes-items thead th", "cells => cells.map(c => c.textContent)")
    assert headers == [
        "kind",
        "Scope",
        "identity",
        "rank (A → B)",
        "rendered_bytes (A → B)",
        "truncated (A → B)",
    ]
    rows = cells(page, "#diff-bytes-items tbody tr")
    expected = []
    for item in items:
        artifact = item["artifact_address"]["artifact"]
        a, b = item["a"], item["b"]
        expected.append(
            [
                item["kind"],
                item["artifact_address"]["scope_id"],
                f"{artifact['artifact_id']}@{artifact['revision']}",
                f"{a['rank']} → {b['rank']}",
                f"{a['rendered_bytes']} → {b['rendered_bytes']}",
                f"{str(a['truncated']).lower()} → {str(b['truncated']).lower()}",
            ]
        )
    assert rows == expected
    assert "{" not in (page.locator("#diff-bytes-items").text_content() or "")  # no raw JSON left
    # readable: a measure's cell is one line, not broken mid-word in a narrow column
    lines = page.eval_on_selector_all(
        "#diff-bytes-items tbody td",
        "cells => cells.map(c => { const r = document.createRange(); r.selectNodeContents(c);"
        " return r.getClientRects().length; })",
    )
    assert lines == [1] * (len(items) * len(headers))
    totals = cells(page, "#diff-bytes tbody tr")
    assert [row[0] for row in totals] == ["a", "b", "delta"]
    assert "items" not in (page.locator("#diff-bytes").text_content() or "")
    watched.assert_quiet()
