"""An Experience's body as PowerContext 1.4.1 serves it, on every engine: ``content.failure`` is
always sent (null when the Experience was written without one) by ``get_artifact``,
``get_artifact_revision`` and ``replace_artifact``, and ``content_digest`` covers that served
content."""

from __future__ import annotations

import uuid
from types import ModuleType

import httpx
from _support.servers import new_scope

from pcreceipt.contract.digests import canonical_digest

EXPERIENCE = {"situation": "CI was slow.", "action": "Cached wheels.", "outcome": "Faster.", "lesson": "Cache early."}


def test_failure_is_always_served(http: httpx.Client, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http, key=uuid.uuid4().hex)
    created = http.post(f"/v1/scopes/{scope_id}/artifacts", json={"family": "experience", "content": EXPERIENCE})
    assert created.status_code == 201, created.text
    path = f"/v1/scopes/{scope_id}/artifacts/experience/{created.json()['artifact_id']}"
    head, exact = http.get(path), http.get(f"{path}/revisions/1")
    replaced = http.put(
        path, json={"content": {**EXPERIENCE, "lesson": "Cache wheels."}}, headers={"If-Match": '"revision:1"'}
    )
    for response in (head, exact, replaced):
        assert response.status_code == 200, response.text
        body = powercontext_models.ArtifactRevision.model_validate_json(response.content).model_dump(mode="json")
        assert "failure" in body["content"] and body["content"]["failure"] is None
        assert body["content_digest"] == canonical_digest(response.json()["content"])
    assert head.json()["content"] == exact.json()["content"] == {**EXPERIENCE, "failure": None}
