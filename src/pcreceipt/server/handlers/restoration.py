"""Atomic Memory restoration over HTTP: ``preview_atomic_memory_restoration`` and
``restore_atomic_memory`` (registered in ``server.handlers.HANDLERS``), in PowerContext 1.4.1's
shapes. What a restoration does is the store's (``store.restoration``); the preview token is
``server.http.previews``'.

Order of the answers (1.4.1's): an unknown memory is 404 ``artifact_not_found``; then a preview
token that is not this request's (422 ``invalid_preview``) or has expired (409 ``preview_expired``);
then the restoration's own refusals (409 ``invalid_memory_state``, ``invalid_memory_relation``,
404 for a ``target.revision`` the memory lacks); then, under the store's lock, 409
``preview_stale`` when the merge path's end moved since the preview.
"""

from __future__ import annotations

from collections.abc import Mapping

from pcreceipt.models import bodies
from pcreceipt.server.handlers import records
from pcreceipt.server.handlers.common import found, store_of
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.server.http.previews import decode_preview, encode_preview, subject_of
from pcreceipt.store.records import ArtifactRef
from pcreceipt.store.restoration_records import RestorationOperation


def _subject(call: Call) -> str:
    token = call.principal.token
    return subject_of(None if token is None else token.token_id)


def _refs(refs: tuple[ArtifactRef, ...]) -> list[bodies.ArtifactReference]:
    return [records.artifact_reference(ref) for ref in refs]


def preview_atomic_memory_restoration(call: Call[bodies.AtomicMemoryRestorationPreviewRequest]) -> Reply:
    body = call.body
    target = body["target"]
    operation: RestorationOperation = body.get("operation", "restore")
    plan = store_of(call).plan_atomic_restoration(
        body["scope_id"], target["artifact_id"], operation=operation, revision=target.get("revision")
    )
    token, expires_at = encode_preview(store_of(call).cursor_secret(), call.services.clock(), plan, _subject(call))
    answer: bodies.AtomicMemoryRestorationPreview = {
        "preview_token": token,
        "expires_at": expires_at.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "endpoint": {
            "artifact_id": plan.endpoint.artifact_id,
            "revision": plan.endpoint.revision,
            "state_version": plan.endpoint.state_version,
        },
        "restore": [
            {
                "artifact_id": item.artifact_id,
                "source_revision": item.source_revision,
                "creates_revision": item.creates_revision,
            }
            for item in plan.restore
        ],
        "retire": _refs(plan.retire),
        "undo_merge_results": list(plan.undo_merge_results),
    }
    return Reply(200, answer)


def restore_atomic_memory(call: Call[bodies.AtomicMemoryRestorationRequest]) -> Reply:
    body = call.body
    store = store_of(call)
    scope_id, target = body["scope_id"], body["target"]
    artifact_id, revision = target["artifact_id"], target.get("revision")
    operation: RestorationOperation = body.get("operation", "restore")
    found(store.get_atomic_memory_head(scope_id, artifact_id))
    endpoint = None
    token = body.get("preview_token")
    if token is not None:
        endpoint = decode_preview(
            store.cursor_secret(),
            call.services.clock(),
            token,
            scope_id=scope_id,
            subject=_subject(call),
            operation=operation,
            artifact_id=artifact_id,
            revision=revision,
        )
    plan = store.plan_atomic_restoration(scope_id, artifact_id, operation=operation, revision=revision)
    result = call.services.writer.restore(plan, endpoint=endpoint)
    answer: bodies.AtomicMemoryRestorationResponse = {
        "changed": result.changed,
        "restored": _refs(result.restored),
        "retired": _refs(result.retired),
        "undo_merge_results": list(result.undo_merge_results),
    }
    return Reply(200, answer)


RESTORATION_HANDLERS: Mapping[str, Handler] = {
    "preview_atomic_memory_restoration": preview_atomic_memory_restoration,
    "restore_atomic_memory": restore_atomic_memory,
}
