"""The Inspector's views in a real headless Chromium against a real ``pcreceipt serve``: prepare,
drill-down by exact read (a forgotten memory included), a saved file verified offline (and a
tampered one flagged), and the comparison of two responses."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from _support.inspector_harness import Server, Watched
from _support.inspector_pages import PREPARE_PATH, cells, open_inspector, prepare_in_page, save, text_of, verdict
from _support.inspector_seed import Api, Seeded, seed
from playwright.sync_api import expect

QUERY = "  How does the store use WAL?  "
VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "diff"


@pytest.fixture(scope="module")
def seeded(server: Server) -> Seeded:
    return seed(server.url)


def _identity(item: dict[str, object]) -> str:
    if "artifact_address" in item:
        artifact = item["artifact_address"]["artifact"]  # type: ignore[index]
        return f"{artifact['artifact_id']}@{artifact['revision']}"
    code = item["code_evidence"]
    return f"{code['path']}:{code['start_line']}-{code['end_line']}"  # type: ignore[index]


def test_prepare_shows_the_content_and_the_receipt(server: Server, seeded: Seeded, watched: Watched) -> None:
    page = watched.page
    open_inspector(page, server.url)
    options = page.eval_on_selector_all("#scope option", "nodes => nodes.map(n => n.value)")
    assert seeded.scope_id in options  # list_scopes fills the picker
    body = prepare_in_page(page, seeded.scope_id, QUERY, include_code=True)
    receipt = body["receipt"]
    assert body["status"] == "ready" and receipt["selected"]

    assert text_of(page, "#content") == body["content"]  # exactly as injected, as text
    assert verdict(page, "contract") == "ok"
    assert verdict(page, "content-digest") == "ok"  # recomputed with WebCrypto
    assert verdict(page, "query-digest") == "ok"  # NFC + strip, as the server normalises

    rows = cells(page, "#selected-table tbody tr")
    assert [row[3] for row in rows] == [_identity(item) for item in receipt["selected"]]  # injection order
    assert [row[1] for row in rows] == [item["kind"] for item in receipt["selected"]]
    assert [int(row[4]) for row in rows] == [item["rendered_bytes"] for item in receipt["selected"]]
    assert {row[1] for row in rows} >= {"atomic-memory", "code"}
    omitted = cells(page, "#omitted-table tbody tr")
    assert omitted == [[g["family"], g["reason"], str(g["count"])] for g in receipt["omitted"]]
    grid_rows = page.locator("#retrieval-grid tbody tr").count()
    assert grid_rows == len(receipt["retrieval"]["rounds"])
    families = {s["family"] for s in receipt["retrieval"]["searches"]}
    headers = page.eval_on_selector_all("#retrieval-grid thead th", "cells => cells.map(c => c.textContent)")
    assert set(headers[1:]) == families
    assert page.locator("#stage-chart rect.bar").count() == len(receipt["stages"])
    watched.assert_quiet()
    assert all(url.startswith(server.url) for url in watched.requests)


def test_drill_down_reads_the_exact_revision_and_code_range(server: Server, seeded: Seeded, watched: Watched) -> None:
    page = watched.page
    open_inspector(page, server.url)
    body = prepare_in_page(page, seeded.scope_id, "WAL checkpoint import batch", include_code=True)
    selected = body["receipt"]["selected"]
    memory_index = next(i for i, item in enumerate(selected) if item["kind"] == "atomic-memory")
    address = selected[memory_index]["artifact_address"]
    artifact_id = address["artifact"]["artifact_id"]
    with Api(server.url) as api:  # the memory is forgotten after the prepare that injected it
        api.forget(seeded.scope_id, artifact_id)

    with page.expect_response(lambda r: "/revisions/" in r.url) as read:
        page.click(f"#selected-table tbody tr[data-index='{memory_index}']")
    assert read.value.url.endswith(f"/atomic-memory/{artifact_id}/revisions/{address['artifact']['revision']}")
    page.wait_for_selector("#drill-state")
    state = page.locator("#drill-state")
    assert state.get_attribute("data-state") == "forgotten"
    assert "now forgotten" in state.text_content() and "revision the Receipt recorded (1)" in state.text_content()
    assert seeded.memories[artifact_id] in page.locator("#drill").text_content()
    assert page.locator("#drill .badge[data-verdict=ok]").count() == 1  # the revision's content_digest recomputed

    code_index = next(i for i, item in enumerate(selected) if item["kind"] == "code")
    evidence = selected[code_index]["code_evidence"]
    with page.expect_response(lambda r: "/code/" in r.url) as read:
        page.click(f"#selected-table tbody tr[data-index='{code_index}']")
    assert f"/files/{evidence['file_sha256']}?" in read.value.url
    page.wait_for_selector("#drill pre.code")
    assert "def checkpoint(connection):" in text_of(page, "#drill pre.code")
    assert page.locator("#drill .badge").get_attribute("data-verdict") == "ok"  # snippet_sha256 matches
    watched.assert_quiet()


def test_a_saved_file_is_verified_offline_and_a_tampered_one_flagged(
    server: Server, seeded: Seeded, watched: Watched, tmp_path: Path
) -> None:
    with Api(server.url) as api:
        saved = api.prepare(seeded.scope_id, QUERY, include_code=True)
    good = save(tmp_path / "good.json", saved)
    tampered_value = copy.deepcopy(saved)
    tampered_value["content"] = saved["content"].replace("WAL", "LOG", 1)  # same byte count, other bytes
    tampered = save(tmp_path / "tampered.json", tampered_value)

    page = watched.page
    open_inspector(page, server.url)
    page.click("#tab-file")
    before = len(watched.requests)
    page.set_input_files("#file-input", str(good))
    page.wait_for_selector("#file-result #verdicts")
    assert verdict(page, "contract") == "ok" and verdict(page, "content-digest") == "ok"
    assert verdict(page, "query-digest") == "none"  # a saved file does not carry its query
    assert text_of(page, "#file-result #content") == saved["content"]
    page.fill("#file-query", QUERY)
    page.dispatch_event("#file-query", "change")
    expect(page.locator("#verdict-query-digest .badge")).to_have_attribute("data-verdict", "ok")

    page.set_input_files("#file-input", str(tampered))
    expect(page.locator("#verdict-contract .badge")).to_have_attribute("data-verdict", "bad")
    assert verdict(page, "content-digest") == "bad"
    rules = page.eval_on_selector_all("#violations code", "nodes => nodes.map(n => n.textContent)")
    assert "receipt_content_digest" in rules and "/receipt/content_digest" in rules
    assert "NOT valid" in page.locator("#file-status").text_content()

    broken = {**saved, "receipt": {**saved["receipt"], "selected": "x", "retrieval": 5, "stages": [None]}}
    page.set_input_files("#file-input", str(save(tmp_path / "broken.json", broken)))
    page.wait_for_selector("#receipt-unreadable")
    assert verdict(page, "contract") == "bad"
    page.set_input_files("#file-input", str(save(tmp_path / "list.json", [1, "<b>x</b>"])))
    expect(page.locator("#file-result #content-empty")).to_be_visible()
    assert verdict(page, "contract") == "bad" and page.locator("b").count() == 0
    assert len(watched.requests) == before  # verified in the page: nothing was sent
    watched.assert_quiet()


def test_compare_two_responses(server: Server, seeded: Seeded, watched: Watched, tmp_path: Path) -> None:
    with Api(server.url) as api:
        small = api.prepare(seeded.scope_id, QUERY, include_code=True, max_bytes=1200)
    page = watched.page
    open_inspector(page, server.url)
    large = prepare_in_page(page, seeded.scope_id, QUERY, include_code=True, max_bytes=8000)
    page.click("#tab-compare")
    page.click("#compare-use-current")
    page.set_input_files("#compare-b", str(save(tmp_path / "small.json", small)))
    page.wait_for_selector("#compare-diff")
    expected = page.evaluate(
        "async ([a, b]) => (await import('/inspector/contract.js')).diffReceipts(a, b)", [large, small]
    )
    removed = {_identity(item) for item in large["receipt"]["selected"]} - {
        _identity(item) for item in small["receipt"]["selected"]
    }
    assert removed, "the smaller budget should drop an item"
    assert len(expected["selected"]["removed"]) == len(removed)
    shown = page.locator("#diff-removed").text_content()
    assert all(identity.split("@")[0].split(":")[0] in shown for identity in removed)
    assert page.locator("#diff-bytes").text_content()
    watched.assert_quiet()


def test_a_saved_file_with_rerankers_shows_their_configurations(
    server: Server, watched: Watched, tmp_path: Path
) -> None:
    """A real prepare's response with model rerankers (the diff vectors' ``rerank`` case, side b)."""
    vector = json.loads((VECTORS / "rerank.json").read_text(encoding="utf-8"))
    response = vector["b"]
    configs = response["receipt"]["retrieval"]["rerank_configs"]
    assert configs and any(c["prompt"] is not None for c in configs)
    page = watched.page
    open_inspector(page, server.url)
    page.click("#tab-file")
    page.set_input_files("#file-input", str(save(tmp_path / "rerank.json", response)))
    page.wait_for_selector("#file-result #rerank-configs")
    assert verdict(page, "contract") == "ok" and verdict(page, "content-digest") == "ok"
    rows = cells(page, "#rerank-configs tbody tr")
    assert [row[1] for row in rows] == [c["policy_id"] for c in configs]
    assert [row[2] for row in rows] == [c["model"] or "none" for c in configs]
    for row, config in zip(rows, configs, strict=True):
        prompt = config["prompt"]
        if prompt is not None:  # the prompt identity: key, selection and versions
            assert prompt["key"] in row[5] and prompt["selection"] in row[5]
    reranks = cells(page, "#rerank-groups tbody tr")
    assert [row[2] for row in reranks] == [g["outcome"] for g in response["receipt"]["retrieval"]["reranks"]]
    watched.assert_quiet()


def test_prepare_sends_the_assembly_and_refuses_one_that_is_not_json(
    server: Server, seeded: Seeded, watched: Watched
) -> None:
    page = watched.page
    open_inspector(page, server.url)
    page.click("#prepare-form details summary")
    page.fill("#assembly", '{"sections": [{"family": "memory", "limit": 1}]}')
    with page.expect_request(lambda r: r.url.endswith(PREPARE_PATH)) as sent:
        body = prepare_in_page(page, seeded.scope_id, "WAL store decisions")
    request = json.loads(sent.value.post_data or "{}")
    assert request["assembly"] == {"sections": [{"family": "memory", "limit": 1}]}
    assert request["include_receipt"] is True
    kinds = [item["kind"] for item in body["receipt"]["selected"]]
    assert kinds == ["atomic-memory"]  # one memory section of one entry, nothing else
    assert cells(page, "#selected-table tbody tr")[0][1] == "atomic-memory"

    page.fill("#assembly", "{not json")
    before = len(watched.requests)
    page.click("#prepare-submit")
    expect(page.locator("#prepare-status")).to_have_text("The assembly is not valid JSON.")
    assert len(watched.requests) == before  # nothing was sent
    watched.assert_quiet()
