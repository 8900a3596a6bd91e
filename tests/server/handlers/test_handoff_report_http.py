"""``get_handoff_report`` over real HTTP on both engines: Scopes without a Handoff, one Scope,
several (exact, subtree, all), the json and markdown formats, downloads and their headers, the
digests recomputed here from their definition (RFC 8785 over NFC text), the size bound, and every
JSON answer parsed with PowerContext 1.4.1's own closed models."""

from __future__ import annotations

import hashlib
import json
import unicodedata
from datetime import timedelta
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
import rfc8785
from _support.clock import Clock
from _support.handoffs import commit_handoff
from _support.servers import assert_error
from _support.tokens import issue, make_scope, token_server
from hypothesis import given
from hypothesis import strategies as st

from pcreceipt.server.handlers import handoff_report

REPORT = "/v1/handoff-reports/get"
DIGEST_HEADERS = ("x-powercontext-selection-digest", "x-powercontext-report-digest")


def new_scope(http: httpx.Client, title: str, parent: str | None = None) -> str:
    body: dict[str, Any] = {"title": title, "summary": f"About {title}.", "idempotency_key": title}
    if parent is not None:
        body["parent_scope_id"] = parent
    response = http.post("/v1/scopes", json=body)
    assert response.status_code == 201, response.text
    return str(response.json()["scope_id"])


def ask(http: httpx.Client, selection: dict[str, Any], **fields: Any) -> httpx.Response:
    response = http.post(REPORT, json={"selection": selection, **fields})
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "no-store"
    return response


def report_of(http: httpx.Client, selection: dict[str, Any], models: ModuleType) -> dict[str, Any]:
    response = ask(http, selection)
    models.HandoffReportResponse.model_validate_json(response.content, strict=True)
    answer = response.json()
    assert answer["format"] == "json" and answer["markdown"] is None
    report = dict(answer["report"])
    assert (answer["selection_digest"], answer["report_digest"]) == (
        report["selection_digest"],
        report["report_digest"],
    )
    assert tuple(response.headers[name] for name in DIGEST_HEADERS) == (
        report["selection_digest"],
        report["report_digest"],
    )
    assert "content-disposition" not in response.headers
    check_digests(report)
    return report


def _nfc(value: Any) -> Any:
    if isinstance(value, str):
        return unicodedata.normalize("NFC", value)
    if isinstance(value, dict):
        return {unicodedata.normalize("NFC", k): _nfc(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_nfc(v) for v in value]
    return value


def sha(value: Any) -> str:
    return "sha256:" + hashlib.sha256(rfc8785.dumps(_nfc(value))).hexdigest()


def check_digests(report: dict[str, Any]) -> None:
    """Both digests as 1.4.1 defines them, recomputed from the answer."""
    envelope = {
        "schema": "powercontext.handoff-report-selection.v2",
        "selection": report["selection"],
        "scope_ids": report["scope_ids"],
        "handoffs": [entry["handoff"] for entry in report["scopes"]],
    }
    assert report["selection_digest"] == sha(envelope)
    assert report["report_digest"] == sha({k: v for k, v in report.items() if k != "report_digest"})


def exact(*scope_ids: str) -> dict[str, Any]:
    return {"mode": "exact", "scope_ids": list(scope_ids)}


def test_a_scope_without_a_handoff(http: httpx.Client, clock: Clock, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http, "empty")
    report = report_of(http, exact(scope_id), powercontext_models)
    assert report["schema"] == "powercontext.handoff-report.v2"
    assert report["selection"] == {"mode": "exact", "scope_ids": [scope_id]}
    assert report["scope_ids"] == [scope_id]
    assert report["generated_at"] == "2026-03-01T12:00:00.000000Z"
    assert report["summary"] == {"continuable_count": 0, "blocked_count": 0, "complete_count": 0, "no_handoff_count": 1}
    (entry,) = report["scopes"]
    assert (entry["status"], entry["handoff"], entry["content"]) == ("no_handoff", None, None)
    assert entry["scope"]["scope_id"] == scope_id and entry["scope"]["title"] == "empty"

    clock.now += timedelta(minutes=5)  # another moment: the same selection, another report
    later = report_of(http, exact(scope_id), powercontext_models)
    assert later["selection_digest"] == report["selection_digest"]
    assert later["report_digest"] != report["report_digest"]


def test_one_scope_reports_its_latest_committed_handoff(http: httpx.Client, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http, "release")
    commit_handoff(http, scope_id, "continuable", "Ship the release.")
    first = report_of(http, exact(scope_id), powercontext_models)
    revision = commit_handoff(http, scope_id, "blocked", "Ship the release, once the build is green.")
    assert revision == 2
    report = report_of(http, exact(scope_id), powercontext_models)
    (entry,) = report["scopes"]
    assert entry["status"] == "blocked"
    address = {"scope_id": scope_id, "artifact": {"family": "handoff", "artifact_id": "handoff", "revision": 2}}
    assert entry["handoff"] == address
    assert entry["content"]["objective"] == "Ship the release, once the build is green."
    assert entry["content"]["omissions"] == [{"text": "Timings were not kept.", "citation": None}]
    assert "generation" not in entry["content"]
    assert report["summary"]["blocked_count"] == 1 and report["summary"]["no_handoff_count"] == 0
    assert report["selection_digest"] != first["selection_digest"]  # another exact revision was selected


def test_several_scopes_by_exact_subtree_and_all(http: httpx.Client, powercontext_models: ModuleType) -> None:
    root = new_scope(http, "root")
    child = new_scope(http, "child", parent=root)
    grandchild = new_scope(http, "grandchild", parent=child)
    other = new_scope(http, "other")
    commit_handoff(http, child, "complete", "Write the guide.")
    commit_handoff(http, grandchild, "continuable", "Review the guide.")

    subtree = report_of(http, {"mode": "subtree", "root_scope_id": root}, powercontext_models)
    assert subtree["scope_ids"] == [root, child, grandchild]
    assert [e["status"] for e in subtree["scopes"]] == ["no_handoff", "complete", "continuable"]
    assert subtree["selection"] == {"mode": "subtree", "root_scope_id": root}  # the field the mode uses
    assert subtree["summary"] == {
        "continuable_count": 1,
        "blocked_count": 0,
        "complete_count": 1,
        "no_handoff_count": 1,
    }

    picked = report_of(http, exact(other, child), powercontext_models)
    assert picked["scope_ids"] == sorted([other, child])
    assert picked["selection"]["scope_ids"] == sorted([other, child])

    everything = report_of(http, {"mode": "all"}, powercontext_models)
    ours = [s for s in everything["scope_ids"] if s in {root, child, grandchild, other}]
    assert ours == sorted([root, child, grandchild, other])  # and any Scope the store already had
    assert everything["scope_ids"] == sorted(everything["scope_ids"])
    assert sum(everything["summary"].values()) == len(everything["scope_ids"])
    assert everything["summary"]["complete_count"] == 1 and everything["summary"]["continuable_count"] == 1


def test_markdown_and_downloads(http: httpx.Client, powercontext_models: ModuleType) -> None:
    root = new_scope(http, "docs | site")
    child = new_scope(http, "guide", parent=root)
    commit_handoff(http, child, "continuable", "Write the guide.")
    selection = {"mode": "subtree", "root_scope_id": root}
    report = report_of(http, selection, powercontext_models)

    markdown = ask(http, selection, format="markdown")
    assert markdown.headers["content-type"] == "text/markdown; charset=utf-8"
    assert "content-disposition" not in markdown.headers
    assert tuple(markdown.headers[name] for name in DIGEST_HEADERS) == (
        report["selection_digest"],
        markdown.headers["x-powercontext-report-digest"],
    )
    lines = markdown.text.split("\n")
    assert lines[:7] == [
        "# Handoff Report",
        "",
        "Selection: `subtree`",
        "Scopes: 2",
        "",
        "| Scope | Parent | Status | Handoff |",
        "| --- | --- | --- | --- |",
    ]
    assert lines[7] == "| docs \\| site | `—` | no_handoff | — |"
    assert lines[8] == f"| guide | `{root}` | continuable | `{child}/handoff/handoff@1` |"
    assert "## docs | site" in lines and "## guide" in lines
    assert "Status: **continuable**" in lines and "Objective: Write the guide." in lines
    assert "- Two of three steps are done." in lines and "Next action: Run the last step." in lines
    assert "Known omissions:" in lines and "- Timings were not kept." in lines
    assert lines[-3:] == [
        f"Selection digest: `{markdown.headers['x-powercontext-selection-digest']}`",
        f"Report digest: `{markdown.headers['x-powercontext-report-digest']}`",
        "",
    ]

    document = ask(http, selection, format="markdown", download=True)
    assert document.headers["content-disposition"] == 'attachment; filename="handoff-report.md"'
    assert document.headers["content-type"] == "text/markdown; charset=utf-8"
    assert document.text == markdown.text  # the same clock: the same report

    file = ask(http, selection, download=True)
    assert file.headers["content-disposition"] == 'attachment; filename="handoff-report.json"'
    assert file.headers["content-type"].startswith("application/json")
    assert json.loads(file.content) == report  # the bare report, not the envelope
    assert file.headers["x-powercontext-report-digest"] == report["report_digest"]


def test_refusals(http: httpx.Client) -> None:
    scope_id = new_scope(http, "known")
    missing = http.post(REPORT, json={"selection": exact(scope_id, "scp_missing")})
    assert_error(missing, 404, "scope_not_found")
    assert_error(
        http.post(REPORT, json={"selection": {"mode": "subtree", "root_scope_id": "nope"}}), 404, "scope_not_found"
    )
    bad = http.post(REPORT, json={"selection": exact(scope_id), "format": "pdf"})
    assert_error(bad, 422, "invalid_request")
    assert_error(http.post(REPORT, json={"selection": exact(scope_id), "download": "yes"}), 422, "invalid_request")


def test_the_size_bound(http: httpx.Client, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bound is 10 MiB; it is lowered here so a small report crosses it, in every form."""
    scope_id = new_scope(http, "big")
    commit_handoff(http, scope_id, "continuable", "Fill the report.")
    monkeypatch.setattr(handoff_report, "MAX_REPORT_BYTES", 200)
    for fields in ({}, {"format": "markdown"}, {"download": True}, {"format": "markdown", "download": True}):
        refused = http.post(REPORT, json={"selection": exact(scope_id), **fields})
        error = assert_error(refused, 413, "handoff_report_too_large")
        assert error["details"]["selected_scopes"] == 1
        assert error["details"]["estimated_bytes"] > 200
        assert "cache-control" not in refused.headers or refused.headers["cache-control"] == "no-store"


def test_a_token_reports_only_what_it_may_read(tmp_path: Path) -> None:
    with token_server(tmp_path) as server:
        root = make_scope(server.store, "root")
        mine = make_scope(server.store, "mine", parent=root.scope_id)
        hidden = make_scope(server.store, "hidden", parent=root.scope_id)
        token = issue(server.store, [(root.scope_id, "read"), (mine.scope_id, "read")])
        with server.client(token) as http:
            tree = ask(http, {"mode": "subtree", "root_scope_id": root.scope_id})
            assert tree.json()["report"]["scope_ids"] == [root.scope_id, mine.scope_id]
            every = ask(http, {"mode": "all"}, format="markdown")
            assert "| hidden |" not in every.text and "Scopes: 2" in every.text
            refused = http.post(REPORT, json={"selection": exact(root.scope_id, hidden.scope_id)})
            assert_error(refused, 403, "forbidden")
            other = http.post(REPORT, json={"selection": {"mode": "subtree", "root_scope_id": hidden.scope_id}})
            assert_error(other, 403, "forbidden")


_TEXT = st.text(alphabet=st.sampled_from(["e", "\u0301", "\u00e9", "|", "\n", "a", "Z"]), max_size=8)


@given(st.dictionaries(_TEXT, st.one_of(_TEXT, st.integers(-(2**53) + 1, 2**53 - 1), st.none()), max_size=6))
def test_the_digest_ignores_key_order_and_unicode_composition(value: dict[str, Any]) -> None:
    """Two values that differ only in key order or in composed/decomposed text share a digest, and
    the digest is the one recomputed from 1.4.1's definition."""
    decomposed = {
        unicodedata.normalize("NFD", k): unicodedata.normalize("NFD", v) if isinstance(v, str) else v
        for k, v in value.items()
    }
    if len(decomposed) != len(value):  # two keys that are one after normalisation: 1.4.1 refuses those
        return
    reordered = dict(reversed(list(decomposed.items())))
    assert handoff_report.digest(reordered) == handoff_report.digest(value) == sha(value)


@given(
    st.lists(st.sampled_from(["continuable", "blocked", "complete", None]), max_size=6),
    st.sampled_from(["all", "exact"]),
)
def test_markdown_has_a_row_and_a_section_per_scope(statuses: list[str | None], mode: str) -> None:
    entries = []
    for index, status in enumerate(statuses):
        scope = {"scope_id": f"s{index}", "title": f"T|{index}", "summary": "S", "parent_scope_id": None}
        content = None
        if status is not None:
            content = {
                "objective": "O",
                "state": [{"text": "x", "citations": []}],
                "next_action": None,
                "omissions": [],
            }
        address = (
            None
            if status is None
            else {"scope_id": f"s{index}", "artifact": {"family": "handoff", "artifact_id": "handoff", "revision": 1}}
        )
        entries.append({"scope": scope, "status": status or "no_handoff", "handoff": address, "content": content})
    report = {
        "selection": {"mode": mode},
        "scopes": entries,
        "selection_digest": "sha256:a",
        "report_digest": "sha256:b",
    }
    lines = handoff_report.render_markdown(report).split("\n")
    rows = [line for line in lines if line.startswith("| T\\|")]
    assert len(rows) == len(statuses) and f"Scopes: {len(statuses)}" in lines
    assert sum(line.startswith("## ") for line in lines) == len(statuses)
    assert lines[-3:] == ["Selection digest: `sha256:a`", "Report digest: `sha256:b`", ""]
