"""Store records rendered as the contract's response objects, and the artifact ETag.

Key order follows the schemas' ``required`` order, so responses read the same as the contract.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import cast
from urllib.parse import quote

from pcreceipt.contract.digests import canonical_digest, sha256_hex
from pcreceipt.models import bodies, limits
from pcreceipt.store.records import (
    ArtifactRef,
    AtomicMemoryHead,
    CodeHit,
    RevisionRecord,
    Scope,
    Workspace,
    served_content,
)

SOURCE_TYPE = "content"
"""A lineage Source is a Content Source to PowerContext's readers (its ``source_type``)."""
FAMILIES = frozenset(limits.ARTIFACT_FAMILY_ENUM)
ArtifactContent = (
    bodies.AtomicMemoryContent
    | bodies.TopicMemoryContent
    | bodies.ExperienceContent
    | bodies.ProfileContent
    | bodies.PromptContent
)
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


def scope_descriptor(scope: Scope) -> bodies.ScopeDescriptor:
    return {
        "scope_id": scope.scope_id,
        "title": scope.title,
        "summary": scope.summary,
        "parent_scope_id": scope.parent_scope_id,
        "context_references": list(scope.context_references),
        "external_references": [{"kind": r["kind"], "value": r["value"]} for r in scope.external_references],
        "version": scope.version,
    }


Lineage = Mapping[ArtifactRef, Sequence[str]]
"""The lineage Source ids of each revision served (``Store.lineage_sources``)."""


def artifact_reference(ref: ArtifactRef) -> bodies.ArtifactReference:
    """The contract's ArtifactReference: the revision without its Scope."""
    return {"family": _family(ref.family), "artifact_id": ref.artifact_id, "revision": ref.revision}


def _family(family: str) -> limits.ArtifactFamily:
    if family not in FAMILIES:
        raise ValueError(f"not an artifact family: {family!r}")
    return family


#: the families whose revision n > 1 names revision n - 1 as its lineage, as PowerContext 1.4.1's
#: replace does (measured against its server: an Experience's or a profile's replacement names none)
PREVIOUS_REVISION_LINEAGE = frozenset({"atomic-memory", "topic-memory"})


def lineage_artifacts(record: RevisionRecord) -> list[bodies.ArtifactReference]:
    """What the revision derives from: a merge result's inputs; else, past revision 1 of an atomic
    or Topic Memory, the previous revision (PowerContext's replace names it); else nothing. A
    lineage the write named itself (a merge with artifact_refs) is served as stored."""
    if record.lineage_artifacts:
        return [artifact_reference(d) for d in record.lineage_artifacts]
    if record.derived_from:
        return [artifact_reference(d) for d in record.derived_from]
    ref = record.ref
    if ref.revision > 1 and ref.family in PREVIOUS_REVISION_LINEAGE:
        return [artifact_reference(ArtifactRef(ref.scope_id, ref.family, ref.artifact_id, ref.revision - 1))]
    return []


def source_references(record: RevisionRecord, lineage: Lineage) -> list[bodies.SourceTypeReference]:
    """The revision's lineage Sources in PowerContext's shape: content Sources named by their id;
    the Sources a merge named (source_refs) as it named them."""
    if record.source_refs:
        return [{"source_type": r.source_type, "source_id": r.source_id} for r in record.source_refs]
    return [{"source_type": SOURCE_TYPE, "source_id": source_id} for source_id in lineage.get(record.ref, ())]


def artifact_created(record: RevisionRecord, lineage: Lineage) -> bodies.ArtifactCreated:
    ref = record.ref
    return {
        "scope_id": ref.scope_id,
        "family": _family(ref.family),
        "artifact_id": ref.artifact_id,
        "revision": ref.revision,
        "sources": source_references(record, lineage),
        "artifacts": lineage_artifacts(record),
    }


def artifact_revision(record: RevisionRecord, lineage: Lineage) -> bodies.ArtifactRevision:
    """A revision as served; ``content_digest`` covers the served content (so it is
    PowerContext's digest of the same content). No rollback exists: its three fields are null."""
    ref = record.ref
    content = served_content(record)
    return {
        "scope_id": ref.scope_id,
        "family": _family(ref.family),
        "artifact_id": ref.artifact_id,
        "revision": ref.revision,
        "content": cast("ArtifactContent", content),  # the store keeps only contents the gate admitted
        "sources": source_references(record, lineage),
        "artifacts": lineage_artifacts(record),
        "content_digest": canonical_digest(content),
        "created_at": record.created_at,
        "created_by": None,
        "restored_from_revision": None,
        "reason": None,
    }


def artifact_collection_item(record: RevisionRecord, lineage: Lineage) -> bodies.ArtifactCollectionItem:
    """A head in a listing: the revision without its content; a topic memory's title and summary."""
    ref = record.ref
    content = served_content(record)
    topic = ref.family == "topic-memory"
    return {
        "scope_id": ref.scope_id,
        "family": _family(ref.family),
        "artifact_id": ref.artifact_id,
        "revision": ref.revision,
        "sources": source_references(record, lineage),
        "artifacts": lineage_artifacts(record),
        "content_digest": canonical_digest(content),
        "created_at": record.created_at,
        "title": content["title"] if topic else None,
        "summary": content["summary"] if topic else None,
        "published_at": record.created_at if topic else None,
        "source_count": None,
        "created_by": None,
        "restored_from_revision": None,
        "reason": None,
    }


def atomic_memory_state(head: AtomicMemoryHead) -> bodies.AtomicMemoryStateView:
    return {
        "artifact": artifact_reference(head.ref),
        "state": head.state,
        "state_version": head.state_version,
        "merged_into_id": head.merged_into_id,
    }


def atomic_memory_record(head: AtomicMemoryHead) -> bodies.AtomicMemoryRecord:
    return {
        "artifact": artifact_reference(head.ref),
        "kind": head.kind,
        "text": head.text,
        "state": head.state,
        "state_version": head.state_version,
        "merged_into_id": head.merged_into_id,
    }


def code_workspace(workspace: Workspace) -> bodies.CodeWorkspace:
    return {
        "scope_id": workspace.scope_id,
        "fingerprint": workspace.fingerprint,
        "files": workspace.files,
        "lines": workspace.lines,
        "skipped": workspace.skipped,
        "indexed_at": workspace.indexed_at,
    }


def code_range(hit: CodeHit) -> bodies.CodeRange:
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
