"""merge_atomic_memories with source_refs and artifact_refs over real HTTP on every engine: the
result's revision names the Sources as given and its artifact lineage is the inputs then the named
revisions, each once; ``content.creation`` names the inputs only; a reference the Scope lacks is
404 not_found when it is an artifact revision and 422 invalid_request when it is a Source (as
PowerContext 1.4.1 answers), a Working Note, a lineage Source or another revision of an input 422
invalid_request; a refused merge writes nothing. Answers are parsed with PowerContext
1.4.1's own closed models."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import httpx
from _support.servers import assert_error, new_scope
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

MERGES = "/v1/atomic-memory/merges"


def create(http: httpx.Client, scope_id: str, family: str, content: dict[str, Any]) -> dict[str, Any]:
    response = http.post(f"/v1/scopes/{scope_id}/artifacts", json={"family": family, "content": content})
    assert response.status_code == 201, response.text
    body = response.json()
    return {"family": body["family"], "artifact_id": body["artifact_id"], "revision": body["revision"]}


def fact(http: httpx.Client, scope_id: str, text: str) -> dict[str, Any]:
    return create(http, scope_id, "atomic-memory", {"kind": "fact", "text": text})


def capture(http: httpx.Client, scope_id: str, source_id: str) -> dict[str, str]:
    body = {"scope_id": scope_id, "source_id": source_id, "content": f"said {source_id}"}
    response = http.post("/v1/sources/content", json=body)
    assert response.status_code == 202, response.text
    return {"name": "content", "source_id": source_id}


def merge_body(scope_id: str, inputs: list[dict[str, Any]], **refs: Any) -> dict[str, Any]:
    return {
        "scope_id": scope_id,
        "inputs": [{"artifact": ref, "state_version": 0} for ref in inputs],
        "content": {"kind": "fact", "text": "merged with evidence"},
        **refs,
    }


def revision(http: httpx.Client, scope_id: str, artifact_id: str, number: int = 1) -> dict[str, Any]:
    response = http.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{artifact_id}/revisions/{number}")
    assert response.status_code == 200, response.text
    return dict(response.json())


def states(http: httpx.Client, scope_id: str, *refs: dict[str, Any]) -> list[str]:
    found = []
    for ref in refs:
        response = http.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{ref['artifact_id']}/state")
        assert response.status_code == 200
        found.append(response.json()["state"])
    return found


def test_merge_names_its_sources_and_artifacts(http: httpx.Client, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http, "merge refs")
    a = fact(http, scope_id, "Deploys run on Fridays")
    b = fact(http, scope_id, "Deploys need a review")
    topic = create(http, scope_id, "topic-memory", {"title": "Deploys", "summary": "How we ship", "detail": "d"})
    other = fact(http, scope_id, "An unrelated fact")
    later = capture(http, scope_id, "chat-2")
    earlier = capture(http, scope_id, "chat-1")
    refs = {"source_refs": [later, earlier], "artifact_refs": [topic, b, other, topic]}
    response = http.post(MERGES, json=merge_body(scope_id, [a, b], **refs))
    assert response.status_code == 200, response.text
    powercontext_models.AtomicMemoryMutationResponse.model_validate_json(response.content)
    records = response.json()["records"]
    assert [r["state"] for r in records] == ["merged", "merged", "active"]
    result = records[-1]["artifact"]
    body = revision(http, scope_id, result["artifact_id"])
    powercontext_models.ArtifactRevision.model_validate(body)
    # as given, not by position, in the body's shape
    assert body["sources"] == [{"source_type": r["name"], "source_id": r["source_id"]} for r in (later, earlier)]
    assert body["artifacts"] == [a, b, topic, other]  # inputs first, each exact revision once
    assert body["content"]["creation"] == {"type": "merge", "input_artifact_ids": [a["artifact_id"], b["artifact_id"]]}
    listed = http.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{result['artifact_id']}/revisions").json()
    assert listed["items"][0]["sources"] == body["sources"] and listed["items"][0]["artifacts"] == body["artifacts"]
    # the other memory, an artifact reference only, is not merged
    assert states(http, scope_id, other) == ["active"]


def test_merge_without_refs_keeps_the_implied_lineage(http: httpx.Client) -> None:
    scope_id = new_scope(http, "merge plain")
    a, b = fact(http, scope_id, "one"), fact(http, scope_id, "two")
    for refs in ({}, {"source_refs": [], "artifact_refs": []}, {"source_refs": None, "artifact_refs": None}):
        response = http.post(MERGES, json=merge_body(scope_id, [a, b], **refs))
        assert response.status_code == 200, response.text
        body = revision(http, scope_id, response.json()["records"][-1]["artifact"]["artifact_id"])
        assert body["sources"] == [] and body["artifacts"] == [a, b]
        a, b = fact(http, scope_id, "one more"), fact(http, scope_id, "two more")


def test_refused_references_write_nothing(http: httpx.Client) -> None:
    scope_id = new_scope(http, "merge refused")
    elsewhere = new_scope(http, "merge elsewhere")
    foreign_source = capture(http, elsewhere, "there")
    foreign_fact = fact(http, elsewhere, "not here")
    a = fact(http, scope_id, "one")
    b = fact(http, scope_id, "two")
    c = fact(http, scope_id, "three")
    good = capture(http, scope_id, "here")
    note = {
        "scope_id": scope_id,
        "source_id": "note-1",
        "content": "looked",
        "session_id": "s",
        "note_kind": "inspection",
        "expires_at": "2999-01-01T00:00:00Z",
    }
    assert http.post("/v1/sources/working-notes", json=note).status_code == 202
    served = revision(http, scope_id, a["artifact_id"])["sources"][0]
    lineage_source = {"name": served["source_type"], "source_id": served["source_id"]}
    unknown = {"name": "content", "source_id": "nowhere"}
    refused: list[tuple[dict[str, Any], int, str, tuple[str, str] | None]] = [
        ({"source_refs": [good, unknown]}, 422, "invalid_request", ("/source_refs/1", "source_not_found")),
        ({"source_refs": [foreign_source]}, 422, "invalid_request", ("/source_refs/0", "source_not_found")),
        (
            {"source_refs": [{"name": "file", "source_id": "here"}]},
            422,
            "invalid_request",
            ("/source_refs/0", "source_not_found"),
        ),
        (
            {"source_refs": [good, {"name": "content", "source_id": "note-1"}]},
            422,
            "invalid_request",
            ("/source_refs/1", "source_not_eligible"),
        ),
        ({"source_refs": [lineage_source]}, 422, "invalid_request", ("/source_refs/0", "source_not_eligible")),
        ({"artifact_refs": [foreign_fact]}, 404, "not_found", None),
        ({"artifact_refs": [{**b, "revision": 1}, {**c, "revision": 7}]}, 404, "not_found", None),
        ({"artifact_refs": [{**b, "artifact_id": "nope"}]}, 404, "not_found", None),
    ]
    for refs, status, code, violation in refused:
        error = assert_error(http.post(MERGES, json=merge_body(scope_id, [a, b], **refs)), status, code)
        if violation is None:
            assert error["details"] is None
        else:
            assert [(v["path"], v["rule"]) for v in error["details"]["violations"]] == [violation]
    # the body's shape {source_type, source_id} is not PowerContext's request shape
    wrong_shape = merge_body(scope_id, [a, b], source_refs=[{"source_type": "content", "source_id": "here"}])
    assert_error(http.post(MERGES, json=wrong_shape), 422, "invalid_request")
    # another revision of an input: refused before anything is read
    revised = http.put(
        f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{a['artifact_id']}",
        json={"content": {"kind": "fact", "text": "one, revised"}},
        headers={"If-Match": '"revision:1"'},
    )
    assert revised.status_code == 200, revised.text
    a2 = {**a, "revision": 2}
    error = assert_error(
        http.post(MERGES, json=merge_body(scope_id, [a2, b], artifact_refs=[b, a])), 422, "invalid_request"
    )
    assert [(v["path"], v["rule"]) for v in error["details"]["violations"]] == [
        ("/artifact_refs/1", "merge_input_revision")
    ]
    # a stale input is reported before a missing reference (the inputs are checked first)
    stale = merge_body(scope_id, [a, b], source_refs=[unknown])
    assert_error(http.post(MERGES, json=stale), 409, "atomic_memory_changed")
    assert states(http, scope_id, a, b) == ["active", "active"]
    heads = http.post("/v1/atomic-memory/list", json={"scope_id": scope_id}).json()["items"]
    assert sorted(h["artifact"]["artifact_id"] for h in heads) == sorted(r["artifact_id"] for r in (a, b, c))
    # and then the same merge with good references succeeds
    ok = http.post(MERGES, json=merge_body(scope_id, [a2, b], source_refs=[good], artifact_refs=[a2]))
    assert ok.status_code == 200, ok.text


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(picks=st.lists(st.integers(min_value=0, max_value=4), max_size=8))
def test_artifact_lineage_is_inputs_then_first_occurrences(http: httpx.Client, picks: list[int]) -> None:
    """Whatever the named revisions' order and repeats, the lineage is the inputs, then each other
    named revision at its first occurrence (PowerContext's order)."""
    scope_id = new_scope(http, f"merge order {picks}")
    pool = [fact(http, scope_id, f"fact {n}") for n in range(5)]
    inputs = pool[:2]
    named = [pool[n] for n in picks]
    response = http.post(MERGES, json=merge_body(scope_id, inputs, artifact_refs=named))
    assert response.status_code == 200, response.text
    body = revision(http, scope_id, response.json()["records"][-1]["artifact"]["artifact_id"])
    expected: list[dict[str, Any]] = []
    for ref in [*inputs, *named]:
        if ref not in expected:
            expected.append(ref)
    assert body["artifacts"] == expected
    assert body["content"]["creation"]["input_artifact_ids"] == [r["artifact_id"] for r in inputs]
