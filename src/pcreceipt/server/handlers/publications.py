"""``publish_artifact`` over HTTP (registered in ``server.handlers.HANDLERS``), in PowerContext
1.4.1's shapes: what a publication does is the store's (``store.publications``); the copy's vector
is the writer's.

Order of the answers (1.4.1's): the grants (admin on both Scopes, ``server.http.authorization``);
the same Scope as source and target, 422 ``invalid_request``; Atomic Memory, 422
``artifact_publication_unsupported``; a missing Scope, 404 ``scope_not_found``; a missing source
revision, 404 ``artifact_not_found``; profile or prompt, 422; then the key (409
``artifact_publication_conflict`` when it published another source).
"""

from __future__ import annotations

from collections.abc import Mapping

from pcreceipt.errors import InvalidRequest
from pcreceipt.models import bodies
from pcreceipt.server.handlers import records
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.records import ArtifactRef


def _address(ref: ArtifactRef) -> bodies.ArtifactAddress:
    return {"scope_id": ref.scope_id, "artifact": records.artifact_reference(ref)}


def publish_artifact(call: Call[bodies.PublishArtifactRequest]) -> Reply:
    body = call.body
    source, target_scope_id = body["source"], body["target_scope_id"]
    if source["scope_id"] == target_scope_id:
        violations = [{"path": "/target_scope_id", "rule": "distinct_scopes"}]
        raise InvalidRequest("Publication needs different source and target Scopes.", {"violations": violations})
    artifact = source["artifact"]
    ref = ArtifactRef(source["scope_id"], artifact["family"], artifact["artifact_id"], artifact["revision"])
    publication = call.services.writer.publish(ref, target_scope_id, body["idempotency_key"])
    answer: bodies.ArtifactPublication = {
        "source": _address(publication.source),
        "target": _address(publication.target),
        "content_digest": publication.content_digest,
    }
    return Reply(201, answer)


PUBLICATION_HANDLERS: Mapping[str, Handler] = {"publish_artifact": publish_artifact}
