"""Store records rendered as the contract's response objects, and the artifact ETag.

Key order follows the schemas' ``required`` order, so responses read the same as the contract.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

from pcreceipt.digests import sha256_hex
from pcreceipt.store.protocol import ArtifactRef, AtomicMemoryHead, CodeHit, RevisionRecord, Scope, Workspace

_ETAG = re.compile(r'^"revision:([1-9][0-9]{0,9})"$')


def artifact_etag(revision: int) -> str:
    """The strong validator of an artifact head: ``"revision:N"``, quotes included."""
    return f'"revision:{revision}"'


def atomic_memory_state_etag(revision: int, state_version: int) -> str:
    """The strong validator of an atomic memory's state: ``"revision:N:state:V"``, quotes included,
    so a lifecycle change (which keeps the revision) changes it too."""
    return f'"revision:{revision}:state:{state_version}"'


def etag_revision(etag: str) -> int | None:
    """The revision an ETag names, or None when it is not one of ours (compared verbatim: no weak form)."""
    match = _ETAG.match(etag)
    return int(match.group(1)) if match else None


def artifact_location(ref: ArtifactRef) -> str:
    """The path of an artifact's head, each segment percent-encoded."""
    scope_id, family, artifact_id = (quote(part, safe="") for part in (ref.scope_id, ref.family, ref.artifact_id))
    return f"/v1/scopes/{scope_id}/artifacts/{family}/{artifact_id}"


def scope_location(scope_id: str) -> str:
    return "/v1/scopes/" + quote(scope_id, safe="")


def scope_descriptor(scope: Scope) -> dict[str, Any]:
    return {
        "scope_id": scope.scope_id,
        "title": scope.title,
        "summary": scope.summary,
        "parent_scope_id": scope.parent_scope_id,
        "context_references": list(scope.context_references),
        "external_references": [{"kind": r["kind"], "value": r["value"]} for r in scope.external_references],
        "version": scope.version,
    }


def artifact_created(record: RevisionRecord) -> dict[str, Any]:
    ref = record.ref
    return {
        "scope_id": ref.scope_id,
        "family": ref.family,
        "artifact_id": ref.artifact_id,
        "revision": ref.revision,
        "sources": [],
        "artifacts": [d.reference() for d in record.derived_from],
    }


def artifact_revision(record: RevisionRecord) -> dict[str, Any]:
    ref = record.ref
    return {
        "scope_id": ref.scope_id,
        "family": ref.family,
        "artifact_id": ref.artifact_id,
        "revision": ref.revision,
        "content": dict(record.content),
        "sources": [],
        "artifacts": [d.reference() for d in record.derived_from],
        "content_digest": record.content_digest,
        "created_at": record.created_at,
    }


def artifact_collection_item(record: RevisionRecord) -> dict[str, Any]:
    """A head in a listing: the revision without its content; a topic memory's title and summary."""
    item = artifact_revision(record)
    content = item.pop("content")
    topic = record.ref.family == "topic-memory"
    return {
        **item,
        "title": content["title"] if topic else None,
        "summary": content["summary"] if topic else None,
    }


def atomic_memory_state(head: AtomicMemoryHead) -> dict[str, Any]:
    return {
        "artifact": head.ref.reference(),
        "state": head.state,
        "state_version": head.state_version,
        "merged_into_id": head.merged_into_id,
    }


def atomic_memory_record(head: AtomicMemoryHead) -> dict[str, Any]:
    return {
        "artifact": head.ref.reference(),
        "kind": head.kind,
        "text": head.text,
        "state": head.state,
        "state_version": head.state_version,
        "merged_into_id": head.merged_into_id,
    }


def code_workspace(workspace: Workspace) -> dict[str, Any]:
    return {
        "scope_id": workspace.scope_id,
        "fingerprint": workspace.fingerprint,
        "files": workspace.files,
        "lines": workspace.lines,
        "skipped": workspace.skipped,
        "indexed_at": workspace.indexed_at,
    }


def code_range(hit: CodeHit) -> dict[str, Any]:
    """A CodeRange; ``snippet_sha256`` hashes the lines joined with newlines (the schema's rule)."""
    lines = list(hit.lines)
    return {
        "evidence": {
            "scope_id": hit.scope_id,
            "fingerprint": hit.fingerprint,
            "path": hit.path,
            "file_sha256": hit.file_sha256,
            "start_line": hit.start_line,
            "end_line": hit.end_line,
            "snippet_sha256": sha256_hex("\n".join(lines).encode("utf-8")),
        },
        "lines": lines,
    }
