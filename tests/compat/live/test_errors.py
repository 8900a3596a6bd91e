"""The same bad request gets the same answer from both servers: the same HTTP status, the error
envelope or none (PowerContext answers an unknown route or method with the framework's bare
``{"detail": ...}``; pcreceipt in the envelope, an allowance), the same
``error.code``, the same ``Allow`` on a 405, and where a case says so the same ``details`` keys
(``_support.pcdiff.outcome``). A few good requests that sit next to the bad ones (a replayed
create or capture, an idle flush, the disabled bootstrap) are compared too, by status and fields.

Every request runs on both servers with each server's own ids; a case that needs state first
(a capture before its conflicting replay, an artifact to hold a stale ETag against) builds it in
a Scope of its own, so no case changes what another sees. ``_support.pcdiff.allowances`` lists the
deliberate differences, each with its reason.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from _support.pcdiff.allowances import ALLOWANCES, peer_matches
from _support.pcdiff.corpus import create_artifact, create_scope
from _support.pcdiff.outcome import outcome
from _support.pcdiff.processes import OURS, Side
from _support.pcdiff.report import require_same

UNKNOWN_SCOPE = "scp_" + "0" * 26
UNKNOWN_ARTIFACT = "art_" + "0" * 32
SIXTEEN_MIB_AND_MORE = 17 * 1024 * 1024


@dataclass(frozen=True)
class Case:
    name: str
    run: Callable[[Side], httpx.Response]
    details: bool = False
    fields: Sequence[str] = ()


CASES: list[Case] = []


def case(name: str, *, details: bool = False, fields: Sequence[str] = ()):
    def register(run: Callable[[Side], httpx.Response]) -> Callable[[Side], httpx.Response]:
        CASES.append(Case(name, run, details, tuple(fields)))
        return run

    return register


def _scope(side: Side) -> str:
    return create_scope(side, "errors")


def _memory(side: Side, scope_id: str, text: str = "A memory for the error cases.") -> str:
    return str(create_artifact(side, scope_id, "atomic-memory", {"kind": "fact", "text": text})["artifact_id"])


def _prepare(side: Side, **body: Any) -> httpx.Response:
    return side.http.post("/v1/context/prepare", json={"scope_id": side.ids["main"], "query": "pelican", **body})


def _prepare_raw(side: Side, body: Any) -> httpx.Response:
    return side.http.post("/v1/context/prepare", json=body)


# --- routes and methods (PowerContext: no envelope) ---------------------------------------------

case("route.unknown-get")(lambda s: s.http.get("/v1/no-such-route"))
case("route.unknown-post")(lambda s: s.http.post("/v1/no-such-route", json={}))
case("route.root")(lambda s: s.http.get("/"))
case("route.unknown-under-a-scope")(lambda s: s.http.get(f"/v1/scopes/{s.ids['main']}/no-such-thing"))
case("route.prepare-get")(lambda s: s.http.get("/v1/context/prepare"))
case("route.prepare-delete")(lambda s: s.http.delete("/v1/context/prepare"))
case("route.capture-get")(lambda s: s.http.get("/v1/sources/content"))
# Hermes's get_stats sends GET; PowerContext answers 405 and issue 14 says pcreceipt matches it.
case("route.stats-get-as-hermes-sends-it")(lambda s: s.http.get("/v1/stats"))

# --- prepare_context ----------------------------------------------------------------------------

case("prepare.unknown-scope")(lambda s: _prepare_raw(s, {"scope_id": UNKNOWN_SCOPE, "query": "pelican"}))
case("prepare.missing-scope-id")(lambda s: _prepare_raw(s, {"query": "pelican"}))
case("prepare.missing-query")(lambda s: _prepare_raw(s, {"scope_id": s.ids["main"]}))
case("prepare.blank-query")(lambda s: _prepare(s, query="   "))
case("prepare.query-too-long")(lambda s: _prepare(s, query="q" * 8193))
case("prepare.max-bytes-below-range")(lambda s: _prepare(s, max_bytes=511))
case("prepare.max-bytes-above-range")(lambda s: _prepare(s, max_bytes=32769))
case("prepare.max-bytes-not-integer")(lambda s: _prepare(s, max_bytes="8000"))
case("prepare.max-bytes-at-minimum", fields=("status",))(lambda s: _prepare(s, query="zyzzyva", max_bytes=512))
case("prepare.assembly-null")(lambda s: _prepare(s, assembly=None))
case("prepare.assembly-not-object")(lambda s: _prepare(s, assembly=[]))
case("prepare.assembly-unknown-key")(lambda s: _prepare(s, assembly={"bogus": 1}))
case("prepare.unknown-key")(lambda s: _prepare(s, bogus=1))
case("prepare.include-receipt")(lambda s: _prepare(s, include_receipt=True))
case("prepare.sections-over-the-entry-limit")(
    lambda s: _prepare(
        s, assembly={"sections": [{"family": "memory", "limit": 8}, {"family": "experience", "limit": 1}]}
    )
)
case("prepare.sections-over-the-entry-limit-unknown-scope")(
    lambda s: _prepare_raw(
        s,
        {
            "scope_id": UNKNOWN_SCOPE,
            "query": "pelican",
            "assembly": {"sections": [{"family": "memory", "limit": 8}, {"family": "experience", "limit": 1}]},
        },
    )
)
case("prepare.sections-five")(
    lambda s: _prepare(
        s,
        assembly={
            "sections": [{"family": f, "limit": 1} for f in ("memory", "topic-memory", "experience", "profile")] * 2
        },
    )
)
case("prepare.sections-same-family-twice")(
    lambda s: _prepare(s, assembly={"sections": [{"family": "memory", "limit": 1}, {"family": "memory", "limit": 1}]})
)
case("prepare.section-limit-zero")(lambda s: _prepare(s, assembly={"sections": [{"family": "memory", "limit": 0}]}))
case("prepare.section-limit-nine")(lambda s: _prepare(s, assembly={"sections": [{"family": "memory", "limit": 9}]}))
case("prepare.experience-section-limit-three")(
    lambda s: _prepare(s, assembly={"sections": [{"family": "experience", "limit": 3}]})
)
case("prepare.section-unknown-family")(lambda s: _prepare(s, assembly={"sections": [{"family": "skill", "limit": 1}]}))
case("prepare.show-unknown")(lambda s: _prepare(s, assembly={"show": ["score"]}))
case("prepare.show-twice")(lambda s: _prepare(s, assembly={"show": ["confidence", "confidence"]}))
case("prepare.format-unknown")(lambda s: _prepare(s, assembly={"format": "html"}))
case("prepare.bootstrap-receipt-id-string", fields=("status",))(
    lambda s: _prepare(s, bootstrap_receipt_id="bcr_" + "0" * 32)
)
case("prepare.bootstrap-receipt-id-null", fields=("status",))(lambda s: _prepare(s, bootstrap_receipt_id=None))
case("prepare.bootstrap-receipt-id-with-space")(lambda s: _prepare(s, bootstrap_receipt_id="has space"))
case("prepare.bootstrap-receipt-id-too-long")(lambda s: _prepare(s, bootstrap_receipt_id="b" * 65))
case("prepare.not-json")(
    lambda s: s.http.post("/v1/context/prepare", content=b"{", headers={"content-type": "application/json"})
)
case("prepare.array-body")(lambda s: _prepare_raw(s, [1]))


@case("prepare.request-too-large")
def _too_large(side: Side) -> httpx.Response:
    """Over both servers' body limits (16 MiB on PowerContext); on a connection of its own."""
    body = b'{"query":"' + b"q" * SIXTEEN_MIB_AND_MORE + b'"}'
    with side.fresh_client() as client:
        return client.post("/v1/context/prepare", content=body, headers={"content-type": "application/json"})


# --- capture_content_source / capture_working_note ----------------------------------------------


def _capture(side: Side, scope_id: str, source_id: str, content: str, **extra: Any) -> httpx.Response:
    return side.http.post(
        "/v1/sources/content", json={"scope_id": scope_id, "source_id": source_id, "content": content, **extra}
    )


def _note(side: Side, scope_id: str, **extra: Any) -> httpx.Response:
    body = {
        "scope_id": scope_id,
        "source_id": "note-1",
        "content": "Checked the release script by hand.",
        "session_id": "session-1",
        "note_kind": "inspection",
        **extra,
    }
    return side.http.post("/v1/sources/working-notes", json=body)


case("capture.unknown-scope")(lambda s: _capture(s, UNKNOWN_SCOPE, "src-1", "text"))


@case("capture.first", fields=("status", "source", "position"))
def _capture_first(side: Side) -> httpx.Response:
    return _capture(side, _scope(side), "turn-1", "The first captured turn.")


@case("capture.after-two-created-artifacts", fields=("status", "source", "position"))
def _capture_after_artifacts(side: Side) -> httpx.Response:
    """create_artifact creates a Content Source too: the capture's position counts them."""
    scope_id = _scope(side)
    _memory(side, scope_id, "One memory before the capture.")
    _memory(side, scope_id, "Another memory before the capture.")
    return _capture(side, scope_id, "turn-1", "A capture after two created artifacts.")


@case("capture.replay-same-content", fields=("status", "source", "position"))
def _capture_replay(side: Side) -> httpx.Response:
    scope_id = _scope(side)
    _capture(side, scope_id, "turn-1", "The first turn.")
    _capture(side, scope_id, "turn-2", "The second turn.")
    return _capture(side, scope_id, "turn-1", "The first turn.")


@case("capture.same-id-other-content")
def _capture_conflict(side: Side) -> httpx.Response:
    scope_id = _scope(side)
    _capture(side, scope_id, "turn-1", "The first turn.")
    return _capture(side, scope_id, "turn-1", "Something else.")


case("capture.missing-content")(
    lambda s: s.http.post("/v1/sources/content", json={"scope_id": s.ids["main"], "source_id": "x"})
)
case("capture.empty-content")(lambda s: _capture(s, s.ids["main"], "src-empty", ""))
case("capture.unknown-key")(lambda s: _capture(s, s.ids["main"], "src-key", "text", bogus=1))
case("capture.metadata-not-object")(lambda s: _capture(s, s.ids["main"], "src-meta", "text", metadata=[1]))
case("working-note.unknown-scope")(lambda s: _note(s, UNKNOWN_SCOPE))
case("working-note.expired", details=True)(lambda s: _note(s, s.ids["main"], expires_at="2020-01-01T00:00:00Z"))
case("working-note.expiry-without-time-zone")(lambda s: _note(s, s.ids["main"], expires_at="2999-01-01T00:00:00"))
case("working-note.unknown-kind")(lambda s: _note(s, s.ids["main"], note_kind="gossip"))
case("working-note.first", fields=("status", "source", "position"))(lambda s: _note(s, _scope(s)))

# --- flush_memory ---------------------------------------------------------------------------------

FLUSH_FIELDS = (
    "status",
    "previous_cursor",
    "current_cursor",
    "high_watermark",
    "processed_source_count",
    "memory",
    "remaining_work",
    "held_count",
    "hold_codes",
)


def _flush(side: Side, scope_id: str) -> httpx.Response:
    return side.http.post("/v1/memory/flush", json={"scope_id": scope_id})


case("flush.unknown-scope")(lambda s: _flush(s, UNKNOWN_SCOPE))
case("flush.nothing-pending", fields=FLUSH_FIELDS)(lambda s: _flush(s, _scope(s)))


@case("flush.a-capture-pending")
def _flush_pending(side: Side) -> httpx.Response:
    scope_id = _scope(side)
    _capture(side, scope_id, "turn-1", "A turn waiting for extraction.")
    return _flush(side, scope_id)


@case("flush.after-a-created-artifact", fields=FLUSH_FIELDS)
def _flush_after_create(side: Side) -> httpx.Response:
    """The Source of a created artifact needs no extraction: the cursor passes it without a model."""
    scope_id = _scope(side)
    _memory(side, scope_id)
    return _flush(side, scope_id)


@case("flush.twice-after-a-created-artifact", fields=FLUSH_FIELDS)
def _flush_twice_after_create(side: Side) -> httpx.Response:
    scope_id = _scope(side)
    _memory(side, scope_id)
    _flush(side, scope_id)
    return _flush(side, scope_id)


case("flush.missing-scope-id")(lambda s: s.http.post("/v1/memory/flush", json={}))

# --- get_stats ------------------------------------------------------------------------------------

case("stats.exact-unknown-scope")(
    lambda s: s.http.post("/v1/stats", json={"selection": {"mode": "exact", "scope_ids": [UNKNOWN_SCOPE]}})
)
case("stats.exact-known-and-unknown")(
    lambda s: s.http.post(
        "/v1/stats", json={"selection": {"mode": "exact", "scope_ids": [s.ids["main"], UNKNOWN_SCOPE]}}
    )
)
case("stats.subtree-unknown-root")(
    lambda s: s.http.post("/v1/stats", json={"selection": {"mode": "subtree", "root_scope_id": UNKNOWN_SCOPE}})
)
case("stats.exact-no-ids")(lambda s: s.http.post("/v1/stats", json={"selection": {"mode": "exact", "scope_ids": []}}))
case("stats.unknown-period")(lambda s: s.http.post("/v1/stats", json={"selection": {"mode": "all"}, "period": "1y"}))
case("stats.unknown-mode")(lambda s: s.http.post("/v1/stats", json={"selection": {"mode": "some"}}))
case("stats.missing-selection")(lambda s: s.http.post("/v1/stats", json={}))

# --- artifacts --------------------------------------------------------------------------------------


def _artifact_path(scope_id: str, artifact_id: str, family: str = "atomic-memory") -> str:
    return f"/v1/scopes/{scope_id}/artifacts/{family}/{artifact_id}"


case("get-artifact.unknown-scope")(lambda s: s.http.get(_artifact_path(UNKNOWN_SCOPE, s.ids["m.decision"])))
case("get-artifact.unknown-artifact")(lambda s: s.http.get(_artifact_path(s.ids["main"], UNKNOWN_ARTIFACT)))
case("get-artifact.other-scopes-artifact")(lambda s: s.http.get(_artifact_path(s.ids["ref"], s.ids["m.decision"])))
case("get-artifact.wrong-family")(
    lambda s: s.http.get(_artifact_path(s.ids["main"], s.ids["m.decision"], "experience"))
)
case("get-artifact.unknown-family")(lambda s: s.http.get(_artifact_path(s.ids["main"], s.ids["m.decision"], "bogus")))
case("get-artifact-revision.unknown-revision")(
    lambda s: s.http.get(_artifact_path(s.ids["main"], s.ids["m.decision"]) + "/revisions/9")
)
case("get-artifact-revision.unknown-scope")(
    lambda s: s.http.get(_artifact_path(UNKNOWN_SCOPE, s.ids["m.decision"]) + "/revisions/1")
)
case("get-atomic-memory-state.unknown-artifact")(
    lambda s: s.http.get(f"/v1/scopes/{s.ids['main']}/artifacts/atomic-memory/{UNKNOWN_ARTIFACT}/state")
)
case("get-atomic-memory-state.unknown-scope")(
    lambda s: s.http.get(f"/v1/scopes/{UNKNOWN_SCOPE}/artifacts/atomic-memory/{s.ids['m.decision']}/state")
)
case("create-artifact.unknown-scope")(
    lambda s: s.http.post(
        f"/v1/scopes/{UNKNOWN_SCOPE}/artifacts", json={"family": "atomic-memory", "content": {"kind": "f", "text": "t"}}
    )
)
case("create-artifact.blank-text")(
    lambda s: s.http.post(
        f"/v1/scopes/{s.ids['main']}/artifacts", json={"family": "atomic-memory", "content": {"kind": "f", "text": " "}}
    )
)


def _replace(
    side: Side, if_match: str | None, *, scope: str | None = None, artifact: str | None = None
) -> httpx.Response:
    scope_id = scope or _scope(side)
    artifact_id = artifact or _memory(side, scope_id)
    headers = {"if-match": if_match} if if_match is not None else {}
    body = {"content": {"kind": "fact", "text": "The replaced text."}}
    return side.http.put(_artifact_path(scope_id, artifact_id), json=body, headers=headers)


case("replace-artifact.stale-if-match", details=True)(lambda s: _replace(s, '"revision:7"'))
case("replace-artifact.malformed-if-match", details=True)(lambda s: _replace(s, "revision-one"))
case("replace-artifact.no-if-match")(lambda s: _replace(s, None))
case("replace-artifact.unknown-scope")(
    lambda s: _replace(s, '"revision:1"', scope=UNKNOWN_SCOPE, artifact=UNKNOWN_ARTIFACT)
)
case("replace-artifact.unknown-artifact")(lambda s: _replace(s, '"revision:1"', artifact=UNKNOWN_ARTIFACT))


def _lifecycle(side: Side, *, revision: int = 1, state_version: int = 0, scope: str | None = None) -> httpx.Response:
    scope_id = _scope(side)
    artifact_id = _memory(side, scope_id)
    target = {"artifact": {"family": "atomic-memory", "artifact_id": artifact_id, "revision": revision}}
    body = {"scope_id": scope or scope_id, "target": {**target, "state_version": state_version}, "state": "forgotten"}
    return side.http.post("/v1/atomic-memory/lifecycle", json=body)


case("lifecycle.stale-revision")(lambda s: _lifecycle(s, revision=5))
case("lifecycle.stale-state-version")(lambda s: _lifecycle(s, state_version=3))
case("lifecycle.unknown-scope")(lambda s: _lifecycle(s, scope=UNKNOWN_SCOPE))


@case("lifecycle.unknown-artifact")
def _lifecycle_unknown(side: Side) -> httpx.Response:
    target = {
        "artifact": {"family": "atomic-memory", "artifact_id": UNKNOWN_ARTIFACT, "revision": 1},
        "state_version": 0,
    }
    return side.http.post(
        "/v1/atomic-memory/lifecycle", json={"scope_id": _scope(side), "target": target, "state": "forgotten"}
    )


@case("merge.stale-input-state-version")
def _merge_stale(side: Side) -> httpx.Response:
    scope_id = _scope(side)
    first, second = _memory(side, scope_id, "First half."), _memory(side, scope_id, "Second half.")
    inputs = [
        {"artifact": {"family": "atomic-memory", "artifact_id": first, "revision": 1}, "state_version": 0},
        {"artifact": {"family": "atomic-memory", "artifact_id": second, "revision": 1}, "state_version": 4},
    ]
    body = {"scope_id": scope_id, "inputs": inputs, "content": {"kind": "fact", "text": "Both halves."}}
    return side.http.post("/v1/atomic-memory/merges", json=body)


def _merge_with(side: Side, **refs: Any) -> httpx.Response:
    scope_id = _scope(side)
    first, second = _memory(side, scope_id, "First half."), _memory(side, scope_id, "Second half.")
    inputs = [
        {"artifact": {"family": "atomic-memory", "artifact_id": first, "revision": 1}, "state_version": 0},
        {"artifact": {"family": "atomic-memory", "artifact_id": second, "revision": 1}, "state_version": 0},
    ]
    body = {"scope_id": scope_id, "inputs": inputs, "content": {"kind": "fact", "text": "Both halves."}, **refs}
    return side.http.post("/v1/atomic-memory/merges", json=body)


case("merge.unknown-source-ref")(
    lambda s: _merge_with(s, source_refs=[{"name": "content", "source_id": "pcdiff-no-such-source"}])
)
case("merge.unknown-artifact-ref")(
    lambda s: _merge_with(
        s, artifact_refs=[{"family": "atomic-memory", "artifact_id": UNKNOWN_ARTIFACT, "revision": 1}]
    )
)


# --- Scopes ------------------------------------------------------------------------------------------


def _create_scope_raw(side: Side, **body: Any) -> httpx.Response:
    return side.http.post(
        "/v1/scopes", json={"title": "t", "summary": "s", "idempotency_key": uuid.uuid4().hex, **body}
    )


@case("create-scope.same-key-other-title")
def _scope_conflict(side: Side) -> httpx.Response:
    key = uuid.uuid4().hex
    _create_scope_raw(side, idempotency_key=key)
    return _create_scope_raw(side, idempotency_key=key, title="another title")


@case("create-scope.same-key-same-fields", fields=("title", "summary", "version"))
def _scope_replay(side: Side) -> httpx.Response:
    key = uuid.uuid4().hex
    _create_scope_raw(side, idempotency_key=key)
    return _create_scope_raw(side, idempotency_key=key)


case("create-scope.unknown-parent")(lambda s: _create_scope_raw(s, parent_scope_id=UNKNOWN_SCOPE))
case("create-scope.unknown-context-reference")(lambda s: _create_scope_raw(s, context_references=[UNKNOWN_SCOPE]))
case("create-scope.duplicate-context-references")(
    lambda s: _create_scope_raw(s, context_references=[s.ids["ref"], s.ids["ref"]])
)
case("create-scope.missing-title")(
    lambda s: s.http.post("/v1/scopes", json={"summary": "s", "idempotency_key": uuid.uuid4().hex})
)
case("get-scope.unknown")(lambda s: s.http.get(f"/v1/scopes/{UNKNOWN_SCOPE}"))
case("list-scopes.limit-zero")(lambda s: s.http.get("/v1/scopes", params={"limit": 0}))
case("list-scopes.limit-too-high")(lambda s: s.http.get("/v1/scopes", params={"limit": 101}))
case("list-scopes.query-without-field", details=True)(lambda s: s.http.get("/v1/scopes", params={"query": "main"}))
case("list-scopes.unknown-query-field")(
    lambda s: s.http.get("/v1/scopes", params={"query": "main", "query_field": "colour"})
)
case("list-scopes.bad-cursor", details=True)(lambda s: s.http.get("/v1/scopes", params={"cursor": "not-a-cursor"}))
case("get-scope.encoded-slash")(lambda s: s.http.get("/v1/scopes/..%2F..%2Fetc%2Fpasswd"))
case("list-scopes.unknown-parameter")(lambda s: s.http.get("/v1/scopes", params={"unknown": "1"}))
case("list-artifacts.unknown-parameter")(
    lambda s: s.http.get(f"/v1/scopes/{s.ids['main']}/artifacts/atomic-memory", params={"unknown": "1"})
)

# --- Scope bindings and the default Scope ---------------------------------------------------------

KEY = {"integration": "pcdiff", "kind": "session", "external_id": "never-bound"}

case("resolve.explicit-unknown")(
    lambda s: s.http.post("/v1/scope-bindings/resolve", json={"explicit_scope_id": UNKNOWN_SCOPE})
)
case("resolve.nothing-bound-no-default")(
    lambda s: s.http.post("/v1/scope-bindings/resolve", json={"allow_default": False, "binding_keys": [KEY]})
)
case("resolve.nothing-bound-default", fields=("title", "summary", "parent_scope_id", "context_references"))(
    lambda s: s.http.post("/v1/scope-bindings/resolve", json={"binding_keys": [KEY]})
)
case("resolve.blank-integration")(
    lambda s: s.http.post("/v1/scope-bindings/resolve", json={"binding_keys": [{**KEY, "integration": ""}]})
)
case("resolve.unknown-key")(lambda s: s.http.post("/v1/scope-bindings/resolve", json={"bogus": True}))
case("set-binding.unknown-scope")(
    lambda s: s.http.put("/v1/scope-bindings", json={"key": KEY, "scope_id": UNKNOWN_SCOPE})
)
case("clear-binding.never-bound", fields=("cleared",))(
    lambda s: s.http.post("/v1/scope-bindings/clear", json={"key": KEY})
)
case("default-scope.get", fields=("title", "summary"))(lambda s: s.http.get("/v1/scopes/default"))

# --- bootstrap ---------------------------------------------------------------------------------------


def _bootstrap(side: Side, scope_id: str, **extra: Any) -> httpx.Response:
    body = {"scope_id": scope_id, "lifecycle": "startup", "integration": "codex", **extra}
    return side.http.post("/v1/context/bootstrap", json=body)


case("bootstrap.unknown-scope")(lambda s: _bootstrap(s, UNKNOWN_SCOPE))
case("bootstrap.missing-lifecycle")(
    lambda s: s.http.post("/v1/context/bootstrap", json={"scope_id": s.ids["main"], "integration": "codex"})
)
case("bootstrap.unknown-lifecycle")(lambda s: _bootstrap(s, s.ids["main"], lifecycle="reboot"))
case("bootstrap.unknown-profile")(lambda s: _bootstrap(s, s.ids["main"], profile="my.profile.v1"))
case("bootstrap.max-bytes-above-range")(lambda s: _bootstrap(s, s.ids["main"], max_bytes=8193))
case(
    "bootstrap.disabled",
    fields=("schema", "status", "reason", "profile", "content", "content_bytes", "items", "truncated", "receipt.state"),
)(lambda s: _bootstrap(s, s.ids["main"]))
case("bootstrap-receipt.unknown")(
    lambda s: s.http.post(
        "/v1/context/bootstrap/receipts",
        json={"scope_id": s.ids["main"], "receipt_id": "bcr_" + "0" * 32, "outcome": "injected"},
    )
)


@case("bootstrap-receipt.injected-after-skipped")
def _bootstrap_receipt_skipped(side: Side) -> httpx.Response:
    receipt = _bootstrap(side, side.ids["main"]).json()["receipt"]["receipt_id"]
    body = {"scope_id": side.ids["main"], "receipt_id": receipt, "outcome": "injected"}
    return side.http.post("/v1/context/bootstrap/receipts", json=body)


def _tagged_bootstrap_scope(side: Side) -> str:
    scope_id = _scope(side)
    artifact_id = _memory(side, scope_id, "Deploys never run during the nightly batch window.")
    path = f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{artifact_id}/tags"
    etag = side.http.get(path).headers["ETag"]
    tagged = side.http.put(path, json={"tags": ["bootstrap-context"]}, headers={"If-Match": etag})
    assert tagged.status_code == 200, f"{side.name}: replace_artifact_tags {tagged.status_code}"
    return scope_id


case(
    "bootstrap.ready-with-a-tagged-memory",
    fields=("schema", "status", "reason", "profile", "truncated", "receipt.state"),
)(lambda s: _bootstrap(s, _tagged_bootstrap_scope(s), enabled=True))
case(
    "bootstrap.enabled-nothing-tagged",
    fields=("schema", "status", "reason", "content", "items", "truncated", "receipt.state"),
)(lambda s: _bootstrap(s, _scope(s), enabled=True))


@case("bootstrap.replayed-event-after-injection", fields=("status", "reason", "receipt.state"))
def _bootstrap_replayed(side: Side) -> httpx.Response:
    scope_id = _tagged_bootstrap_scope(side)
    first = _bootstrap(side, scope_id, enabled=True, event_id="evt-live").json()
    body = {"scope_id": scope_id, "receipt_id": first["receipt"]["receipt_id"], "outcome": "injected"}
    assert side.http.post("/v1/context/bootstrap/receipts", json=body).status_code == 200
    return _bootstrap(side, scope_id, enabled=True, event_id="evt-live")


@case("bootstrap.event-request-mismatch")
def _bootstrap_mismatch(side: Side) -> httpx.Response:
    scope_id = _tagged_bootstrap_scope(side)
    _bootstrap(side, scope_id, enabled=True, event_id="evt-mismatch")
    return _bootstrap(side, scope_id, enabled=True, event_id="evt-mismatch", max_bytes=2048)


# --- code, memory search -----------------------------------------------------------------------------

case("query-code.unknown-scope")(
    lambda s: s.http.post(f"/v1/scopes/{UNKNOWN_SCOPE}/code/query", json={"operation": {"kind": "status"}})
)
case("query-code.unknown-kind")(
    lambda s: s.http.post(f"/v1/scopes/{s.ids['main']}/code/query", json={"operation": {"kind": "telepathy"}})
)


@case("search_memory.vector-without-embedder")
def _vector_search(side: Side) -> httpx.Response:
    with side.fresh_client() as client:  # the peer resets the connection after its 500
        return client.post(
            "/v1/memory/search", json={"scope_id": side.ids["main"], "query": "pelican", "mode": "vector"}
        )


# --- memory listings, legacy entries, Topic Memory, revisions ------------------------------------

case("list_atomic_memories.forged-cursor")(
    lambda s: s.http.post("/v1/atomic-memory/list", json={"scope_id": s.ids["main"], "cursor": "bm90.bWluZQ"})
)
case("list_atomic_memories.empty-states")(
    lambda s: s.http.post("/v1/atomic-memory/list", json={"scope_id": s.ids["main"], "states": []})
)
case("list_memory_entries.forged-cursor")(
    lambda s: s.http.post("/v1/memory/entries/list", json={"scope_id": s.ids["main"], "cursor": "bm90.bWluZQ"})
)
case("get_memory_entry.citation")(
    lambda s: s.http.post("/v1/memory/entries/get", json={"scope_id": s.ids["main"], "citation": {"entry_id": "e"}})
)
case("search_topic_memory.padded-query")(
    lambda s: s.http.post("/v1/topic-memory/search", json={"scope_id": s.ids["main"], "query": " pelican"})
)
case("get_topic_memory.unknown-artifact")(
    lambda s: s.http.post(
        "/v1/topic-memory/get",
        json={
            "scope_id": s.ids["main"],
            "artifact": {"family": "topic-memory", "artifact_id": UNKNOWN_ARTIFACT, "revision": 1},
        },
    )
)
case("list_artifact_revisions.unknown-artifact")(
    lambda s: s.http.get(f"/v1/scopes/{s.ids['main']}/artifacts/atomic-memory/{UNKNOWN_ARTIFACT}/revisions")
)


@pytest.mark.parametrize("entry", CASES, ids=[c.name for c in CASES])
def test_same_answer(pair: tuple[Side, Side], entry: Case) -> None:
    peer, ours = pair
    answers = {
        side.name: outcome(entry.run(side), details=entry.details, fields=entry.fields, ids=side.ids) for side in pair
    }
    allowance = ALLOWANCES.get(entry.name) if ours.name == OURS else None
    if allowance is not None:
        assert peer_matches(allowance, answers[peer.name]), (
            f"stale allowance {entry.name!r}: PowerContext now answers {answers[peer.name]}, not {allowance.peer}"
        )
        assert allowance.check(answers[ours.name]), (
            f"{entry.name}: pcreceipt must answer {allowance.requirement} (allowed difference: {allowance.reason}); "
            f"it answered {answers[ours.name]}"
        )
        return
    require_same(entry.name, answers[peer.name], answers[ours.name])


def test_every_allowance_names_a_case() -> None:
    assert set(ALLOWANCES) <= {c.name for c in CASES}
    assert len({c.name for c in CASES}) == len(CASES)
