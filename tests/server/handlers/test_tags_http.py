"""get_artifact_tags and replace_artifact_tags over real HTTP on every engine: PowerContext 1.4.1's
shapes (parsed with its own closed models), its digest and ETag, conditional requests (304, 428,
412 tag_precondition_failed), refused tags that write nothing, and tags that follow the artifact
across revisions, forgetting and merging."""

from __future__ import annotations

import hashlib
import json
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.servers import assert_error, new_scope


def remember(http: httpx.Client, scope_id: str, text: str) -> str:
    response = http.post("/v1/memory/remember", json={"scope_id": scope_id, "kind": "fact", "text": text})
    assert response.status_code == 200, response.text
    return str(response.json()["records"][0]["artifact"]["artifact_id"])


def tags_path(scope_id: str, artifact_id: str, family: str = "atomic-memory") -> str:
    return f"/v1/scopes/{scope_id}/artifacts/{family}/{artifact_id}/tags"


def jcs(value: Any) -> bytes:
    """RFC 8785 for the ASCII-keyed values used here (sorted keys, no spaces, UTF-8)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def expected_etag(scope_id: str, artifact_id: str, tags: list[str], family: str = "atomic-memory") -> str:
    digest = "sha256:" + hashlib.sha256(jcs({"tags": tags})).hexdigest()
    target = {"type": "artifact", "family": family, "artifact_id": artifact_id}
    bound = {"scope_id": scope_id, "target": target, "tag_digest": digest}
    return '"tags:' + hashlib.sha256(jcs(bound)).hexdigest() + '"'


def replace(http: httpx.Client, path: str, tags: list[str], etag: str) -> httpx.Response:
    return http.put(path, json={"tags": tags}, headers={"If-Match": etag})


def test_read_and_replace_in_powercontexts_shapes(http: httpx.Client, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http)
    artifact_id = remember(http, scope_id, "Deploys run on Fridays")
    path = tags_path(scope_id, artifact_id)
    empty = http.get(path)
    assert empty.status_code == 200
    parsed = powercontext_models.ArtifactTagSet.model_validate_json(empty.content)
    assert list(parsed.tags) == []
    assert empty.json() == {
        "scope_id": scope_id,
        "target": {"type": "artifact", "family": "atomic-memory", "artifact_id": artifact_id},
        "tags": [],
        "tag_digest": "sha256:" + hashlib.sha256(b'{"tags":[]}').hexdigest(),
    }
    assert empty.headers["ETag"] == expected_etag(scope_id, artifact_id, [])

    changed = replace(http, path, ["Zeta", "bootstrap-context", "Älpha"], empty.headers["ETag"])
    assert changed.status_code == 200, changed.text
    powercontext_models.ArtifactTagSet.model_validate_json(changed.content)
    ordered = ["bootstrap-context", "Zeta", "Älpha"]  # key bytes: "bootstrap-context" < "zeta" < "älpha"
    assert changed.json()["tags"] == ordered
    assert changed.headers["ETag"] == expected_etag(scope_id, artifact_id, ordered)
    again = http.get(path)
    assert again.json() == changed.json() and again.headers["ETag"] == changed.headers["ETag"]
    # Nothing about the artifact's content or revision changed.
    head = http.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{artifact_id}")
    assert head.headers["ETag"] == '"revision:1"'


def test_if_none_match_is_304_with_the_etag(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    path = tags_path(scope_id, remember(http, scope_id, "Deploys run on Fridays"))
    etag = http.get(path).headers["ETag"]
    for header in (etag, f"W/{etag}", f'"tags:{"0" * 64}", {etag}'):
        not_modified = http.get(path, headers={"If-None-Match": header})
        assert not_modified.status_code == 304 and not_modified.content == b""
        assert not_modified.headers["ETag"] == etag
    assert http.get(path, headers={"If-None-Match": '"tags:' + "0" * 64 + '"'}).status_code == 200
    assert http.get(path, headers={"If-None-Match": "*"}).status_code == 200  # as PowerContext: no wildcard


def test_preconditions_required_and_compared_verbatim(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    artifact_id = remember(http, scope_id, "Deploys run on Fridays")
    path = tags_path(scope_id, artifact_id)
    etag = http.get(path).headers["ETag"]
    assert_error(http.put(path, json={"tags": ["x"]}), 428, "precondition_required")
    for wrong in (f"W/{etag}", etag.strip('"'), '"revision:1"', expected_etag(scope_id, artifact_id, ["x"])):
        refused = replace(http, path, ["x"], wrong)
        assert_error(refused, 412, "tag_precondition_failed")
        assert refused.json()["error"]["details"] is None
    assert http.get(path).json()["tags"] == []
    first = replace(http, path, ["x"], etag)
    assert first.status_code == 200
    assert_error(replace(http, path, ["y"], etag), 412, "tag_precondition_failed")  # the old ETag is stale now
    assert replace(http, path, [], first.headers["ETag"]).json()["tags"] == []


@pytest.mark.parametrize(
    ("tags", "pointer", "rule"),
    [
        (["ok", " padded"], "/tags/1", "tag_whitespace"),
        (["bell\u0007"], "/tags/0", "tag_character"),
        (["Ops", "OPS"], "/tags/1", "tag_duplicate"),
        (["\ufb03" * 64], "/tags/0", "tag_key_length"),
        ([""], "/tags/0", "minLength"),
        (["x" * 65], "/tags/0", "maxLength"),
        ([f"t{i}" for i in range(33)], "/tags", "maxItems"),
    ],
)
def test_a_refused_tag_is_422_and_writes_nothing(http: httpx.Client, tags: list[str], pointer: str, rule: str) -> None:
    scope_id = new_scope(http)
    path = tags_path(scope_id, remember(http, scope_id, "Deploys run on Fridays"))
    etag = http.get(path).headers["ETag"]
    refused = replace(http, path, tags, etag)
    assert_error(refused, 422, "invalid_request")
    assert {"path": pointer, "rule": rule} in refused.json()["error"]["details"]["violations"]
    after = http.get(path)
    assert after.json()["tags"] == [] and after.headers["ETag"] == etag


def test_missing_scope_or_artifact_is_404(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    assert_error(http.get(tags_path(scope_id, "art_missing")), 404, "artifact_not_found")
    assert_error(replace(http, tags_path(scope_id, "art_missing"), [], '"tags:x"'), 404, "artifact_not_found")
    assert_error(http.get(tags_path("scp_missing", "art_missing")), 404, "scope_not_found")


def test_tags_survive_replace_forget_and_merge(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    first = remember(http, scope_id, "Deploys run on Fridays")
    second = remember(http, scope_id, "Deploys need a review")
    for artifact_id, tags in ((first, ["ops", "release"]), (second, ["Ops", "review"])):
        path = tags_path(scope_id, artifact_id)
        assert replace(http, path, tags, http.get(path).headers["ETag"]).status_code == 200
    artifact = f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{first}"
    replaced = http.put(
        artifact,
        json={"content": {"kind": "fact", "text": "Deploys run on Mondays"}},
        headers={"If-Match": '"revision:1"'},
    )
    assert replaced.status_code == 200
    assert http.get(tags_path(scope_id, first)).json()["tags"] == ["ops", "release"]
    target = lambda artifact_id, revision: {  # noqa: E731
        "artifact": {"family": "atomic-memory", "artifact_id": artifact_id, "revision": revision},
        "state_version": 0,
    }
    merged = http.post(
        "/v1/atomic-memory/merges",
        json={
            "scope_id": scope_id,
            "inputs": [target(first, 2), target(second, 1)],
            "content": {"kind": "fact", "text": "m"},
        },
    )
    assert merged.status_code == 200, merged.text
    result = merged.json()["records"][-1]["artifact"]["artifact_id"]
    assert http.get(tags_path(scope_id, result)).json()["tags"] == ["ops", "release", "review"]
    assert http.get(tags_path(scope_id, second)).json()["tags"] == ["Ops", "review"]  # a merged input keeps its own


def test_other_families_are_tagged_by_their_own_identity(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    created = http.post(
        f"/v1/scopes/{scope_id}/artifacts",
        json={"family": "topic-memory", "content": {"title": "Deploys", "summary": "How deploys run", "detail": "b"}},
    )
    if created.status_code != 201:
        pytest.fail(created.text)
    artifact_id = created.json()["artifact_id"]
    path = tags_path(scope_id, artifact_id, "topic-memory")
    changed = replace(http, path, ["ops"], http.get(path).headers["ETag"])
    assert changed.json()["target"] == {"type": "artifact", "family": "topic-memory", "artifact_id": artifact_id}
    assert changed.headers["ETag"] == expected_etag(scope_id, artifact_id, ["ops"], "topic-memory")
    assert_error(http.get(tags_path(scope_id, artifact_id, "atomic-memory")), 404, "artifact_not_found")
