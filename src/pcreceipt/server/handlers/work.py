"""The handlers of the work continuity records: ``create_work_contract`` and
``record_task_outcome`` (registered in ``server.handlers.HANDLERS``). Storage is the Source
sequence (``store.sources.capture_source``, ``store.work.find_source``).

Decisions (``docs/decisions.md``, "Work continuity records"; ``docs/handoffs.md``):
- A work record is stored as a content Source of its Scope, as PowerContext 1.4.1 stores it:
  the record's JSON with a 2-space indent as the content, ``{kind, schema}`` as the metadata,
  at the Scope's next position. So a replay of the ``source_id`` with the same record answers
  the first position, another record under it is 409 ``source_conflict``, and a flush treats
  the record like any captured content.
- The record is 1.4.1's runtime form: every field in its schema's order, nulls kept, and a
  cited Source written ``{source_type, source_id}`` (the wire's ``name`` is 1.4.1's transport
  name for ``source_type``). ``content_digest`` is ``sha256:`` + the SHA-256 hex of that record's
  compact JSON (no spaces, non-ASCII as UTF-8).
- Rules beyond the schema, 422 ``invalid_request`` before the Scope is looked up: texts and
  cited ids trimmed (rule ``trimmed``); list items unique within their list (``unique``); a
  claim or check ``declared`` with no evidence or ``verified`` with some (``basis_evidence``);
  a cited artifact of the archived ``memory`` family (``legacy_family``).
- Then 404 ``scope_not_found``; then each citation in order: a Source must be a content Source
  or an unexpired Working Note of the Scope, an artifact (a Task Outcome's ``produced_artifacts``
  too) an exact revision of the Scope that is not a prompt (a Handoff: a committed revision of the
  Scope's one Handoff lifecycle), else 404 ``handoff_evidence_not_found``;
  a lineage Source is 422 ``source_not_eligible``. Then a Task Outcome's ``handoff_receipt_ref`` must name a Handoff
  Receipt Source of the Scope that accepted an exact revision, else 422 ``invalid_request``
  (rule ``handoff_receipt``). Only then is anything written.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from pcreceipt.errors import (
    HandoffEvidenceNotFound,
    ScopeNotFound,
    SourceConflict,
    SourceNotEligible,
)
from pcreceipt.models import bodies, limits
from pcreceipt.server.handlers.common import invalid
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import HANDOFF, CapturedSource, RecordNotFound, SourceIdentityConflict

SOURCE_NAME = limits.CAPTURED_SOURCE_REFERENCE_NAME_ENUM[0]
ARTIFACT_FAMILIES = frozenset(limits.ARTIFACT_FAMILY_ENUM)
LEGACY_FAMILY = "memory"
PROMPT_FAMILY = "prompt"
HANDOFF_FAMILY = HANDOFF_ID = HANDOFF
"""A Scope's one Handoff lifecycle: family ``handoff``, artifact id ``handoff`` (1.4.1's singleton)."""
RECEIPT_SCHEMA = "powercontext.handoff-receipt.v1"
RECEIPT_KIND = "handoff-receipt"

Json = dict[str, Any]


# -- rules beyond the schema


def check_trimmed(path: str, value: str) -> None:
    if value != value.strip():
        raise invalid(path, "trimmed", "Texts and ids must not start or end with whitespace.")


def check_texts(path: str, values: Sequence[str]) -> None:
    for index, value in enumerate(values):
        check_trimmed(f"{path}/{index}", value)
    if len(set(values)) != len(values):
        raise invalid(path, "unique", "The items of a list must be unique.")


def check_citations(path: str, citations: Sequence[Mapping[str, Any]]) -> None:
    for index, citation in enumerate(citations):
        at = f"{path}/{index}"
        if citation["kind"] == "source":
            check_trimmed(f"{at}/source_ref/name", citation["source_ref"]["name"])
            check_trimmed(f"{at}/source_ref/source_id", citation["source_ref"]["source_id"])
        elif citation["artifact_ref"]["family"] == LEGACY_FAMILY:
            raise invalid(f"{at}/artifact_ref/family", "legacy_family", "Legacy Memory cannot be cited.")


def _grounded(path: str, item: Mapping[str, Any]) -> None:
    """A claim or check: declared with no evidence, or verified with some."""
    if (item["basis"] == "verified") != bool(item["evidence"]):
        raise invalid(path, "basis_evidence", "A verified item needs evidence; a declared one has none.")
    check_citations(f"{path}/evidence", item["evidence"])


def check_claims(path: str, claims: Sequence[Mapping[str, Any]]) -> None:
    for index, claim in enumerate(claims):
        check_trimmed(f"{path}/{index}/text", claim["text"])
        _grounded(f"{path}/{index}", claim)


def _check_contract(body: Mapping[str, Any]) -> None:
    check_trimmed("/source_id", body["source_id"])
    contract = body["contract"]
    check_trimmed("/contract/objective", contract["objective"])
    check_claims("/contract/facts", contract["facts"])
    for name in ("in_scope", "exclusions", "completion_criteria", "authorization_notes", "open_questions"):
        check_texts(f"/contract/{name}", contract[name])


def _check_outcome(body: Mapping[str, Any]) -> None:
    check_trimmed("/source_id", body["source_id"])
    outcome = body["outcome"]
    check_trimmed("/outcome/objective", outcome["objective"])
    check_trimmed("/outcome/summary", outcome["summary"])
    receipt = outcome.get("handoff_receipt_ref")
    if receipt is not None:
        check_trimmed("/outcome/handoff_receipt_ref/name", receipt["name"])
        check_trimmed("/outcome/handoff_receipt_ref/source_id", receipt["source_id"])
    check_claims("/outcome/observations", outcome["observations"])
    for index, check in enumerate(outcome["checks"]):
        check_trimmed(f"/outcome/checks/{index}/name", check["name"])
        if check.get("details") is not None:
            check_trimmed(f"/outcome/checks/{index}/details", check["details"])
        _grounded(f"/outcome/checks/{index}", check)
    for index, ref in enumerate(outcome["produced_artifacts"]):
        if ref["family"] == LEGACY_FAMILY:
            raise invalid(
                f"/outcome/produced_artifacts/{index}/family", "legacy_family", "Legacy Memory cannot be cited."
            )
    check_texts("/outcome/remaining_work", outcome["remaining_work"])


# -- the stored record (1.4.1's runtime form, in its field order)


def _source_ref(ref: Mapping[str, Any]) -> Json:
    return {"source_type": ref["name"], "source_id": ref["source_id"]}


def _artifact_ref(ref: Mapping[str, Any]) -> Json:
    return {"family": ref["family"], "artifact_id": ref["artifact_id"], "revision": ref["revision"]}


def citation_record(citation: Mapping[str, Any]) -> Json:
    if citation["kind"] == "source":
        return {"kind": "source", "source_ref": _source_ref(citation["source_ref"])}
    return {"kind": "artifact", "artifact_ref": _artifact_ref(citation["artifact_ref"])}


def claim_record(claim: Mapping[str, Any]) -> Json:
    return {
        "text": claim["text"],
        "basis": claim["basis"],
        "evidence": [citation_record(c) for c in claim["evidence"]],
    }


def contract_record(contract: Mapping[str, Any]) -> Json:
    return {
        "schema": contract["schema"],
        "trust": contract["trust"],
        "objective": contract["objective"],
        "facts": [claim_record(claim) for claim in contract["facts"]],
        "in_scope": list(contract["in_scope"]),
        "exclusions": list(contract["exclusions"]),
        "completion_criteria": list(contract["completion_criteria"]),
        "authorization_notes": list(contract["authorization_notes"]),
        "open_questions": list(contract["open_questions"]),
    }


def outcome_record(outcome: Mapping[str, Any]) -> Json:
    receipt = outcome.get("handoff_receipt_ref")
    return {
        "schema": outcome["schema"],
        "trust": outcome["trust"],
        "objective": outcome["objective"],
        "status": outcome["status"],
        "summary": outcome["summary"],
        "handoff_receipt_ref": None if receipt is None else _source_ref(receipt),
        "observations": [claim_record(claim) for claim in outcome["observations"]],
        "checks": [
            {
                "name": check["name"],
                "status": check["status"],
                "details": check.get("details"),
                "basis": check["basis"],
                "evidence": [citation_record(c) for c in check["evidence"]],
            }
            for check in outcome["checks"]
        ],
        "produced_artifacts": [_artifact_ref(ref) for ref in outcome["produced_artifacts"]],
        "remaining_work": list(outcome["remaining_work"]),
    }


def record_digest(record: Mapping[str, Any]) -> str:
    """``sha256:`` + the SHA-256 hex of the record's compact JSON (its fields in order)."""
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def record_content(record: Mapping[str, Any]) -> str:
    """The stored Source content: the record's JSON with a 2-space indent."""
    return json.dumps(record, ensure_ascii=False, indent=2, allow_nan=False)


# -- checks against the store


def _unexpired(metadata: Mapping[str, Any] | None, now: datetime) -> bool:
    expires_at = None if metadata is None else metadata.get("expires_at")
    if expires_at is None:
        return True
    try:
        moment = datetime.fromisoformat(str(expires_at))
    except ValueError:
        return False
    return moment.tzinfo is not None and moment > now


def check_evidence(store: Store, scope_id: str, citations: Iterable[Mapping[str, Any]], now: datetime) -> None:
    """Each citation names evidence the Scope holds (in order; the first failure answers)."""
    for citation in citations:
        if citation["kind"] == "source":
            ref = citation["source_ref"]
            found = None if ref["name"] != SOURCE_NAME else store.find_source(scope_id, ref["source_id"])
            if found is None:
                raise HandoffEvidenceNotFound("Cited Handoff evidence was not found.")
            if found.origin == "lineage":
                raise SourceNotEligible("A lineage Source cannot be cited as evidence.")
            if found.origin == "working_note" and not _unexpired(found.metadata, now):
                raise HandoffEvidenceNotFound("Cited Handoff evidence was not found.")
            continue
        ref = citation["artifact_ref"]
        family = ref["family"]
        if family == HANDOFF_FAMILY:
            found_handoff = ref["artifact_id"] == HANDOFF_ID and store.handoff_revision(scope_id, ref["revision"])
            if not found_handoff:
                raise HandoffEvidenceNotFound("Cited Handoff evidence was not found.")
            continue
        if family == PROMPT_FAMILY or family not in ARTIFACT_FAMILIES:
            raise HandoffEvidenceNotFound("Cited Handoff evidence was not found.")
        if store.get_revision(scope_id, family, ref["artifact_id"], ref["revision"]) is None:
            raise HandoffEvidenceNotFound("Cited Handoff evidence was not found.")


def _accepted_exact_receipt(content: str | None) -> bool:
    try:
        value = json.loads(content or "")
    except (ValueError, RecursionError):
        return False
    return (
        isinstance(value, dict)
        and value.get("schema") == RECEIPT_SCHEMA
        and value.get("status") == "accepted"
        and value.get("selection") == "exact"
        and isinstance(value.get("selected_revision"), dict)
    )


def check_receipt_link(store: Store, scope_id: str, ref: Mapping[str, Any]) -> None:
    found = None if ref["name"] != SOURCE_NAME else store.find_source(scope_id, ref["source_id"])
    kind = None if found is None or found.metadata is None else found.metadata.get("kind")
    if found is None or found.origin != "content" or kind != RECEIPT_KIND or not _accepted_exact_receipt(found.content):
        raise invalid(
            "/outcome/handoff_receipt_ref",
            "handoff_receipt",
            "handoff_receipt_ref must name an accepted Handoff Receipt of an exact committed revision.",
        )


def evidence_of(items: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    return [citation for item in items for citation in item["evidence"]]


# -- the operations


def _scoped(call: Call, steps: Callable[[Store, str], Reply]) -> Reply:
    store: Store = call.services.store
    scope_id = call.body["scope_id"]
    try:
        if store.get_scope(scope_id) is None:
            raise ScopeNotFound("The Scope does not exist.")
        return steps(store, scope_id)
    except RecordNotFound:
        raise ScopeNotFound("The Scope does not exist.") from None
    except SourceIdentityConflict:
        raise SourceConflict("The Source id already holds another record.") from None


def store_record(store: Store, scope_id: str, source_id: str, kind: str, record: Json) -> Reply:
    metadata = {"kind": kind, "schema": record["schema"]}
    position = store.capture_source(scope_id, CapturedSource(source_id, record_content(record), metadata))
    assert position is not None
    return Reply(
        202,
        {
            "kind": kind,
            "source": {"name": SOURCE_NAME, "source_id": source_id},
            "position": position,
            "content_digest": record_digest(record),
        },
    )


def create_work_contract(call: Call[bodies.CreateWorkContractRequest]) -> Reply:
    body = call.body
    _check_contract(body)
    contract = body["contract"]

    def steps(store: Store, scope_id: str) -> Reply:
        check_evidence(store, scope_id, evidence_of(contract["facts"]), call.services.clock())
        return store_record(store, scope_id, body["source_id"], "work-contract", contract_record(contract))

    return _scoped(call, steps)


def record_task_outcome(call: Call[bodies.RecordTaskOutcomeRequest]) -> Reply:
    body = call.body
    _check_outcome(body)
    outcome = body["outcome"]

    def steps(store: Store, scope_id: str) -> Reply:
        produced = [{"kind": "artifact", "artifact_ref": ref} for ref in outcome["produced_artifacts"]]
        cited = [*evidence_of(outcome["observations"]), *evidence_of(outcome["checks"]), *produced]
        check_evidence(store, scope_id, cited, call.services.clock())
        receipt = outcome.get("handoff_receipt_ref")
        if receipt is not None:
            check_receipt_link(store, scope_id, receipt)
        return store_record(store, scope_id, body["source_id"], "task-outcome", outcome_record(outcome))

    return _scoped(call, steps)


WORK_HANDLERS: Mapping[str, Handler] = {
    "create_work_contract": create_work_contract,
    "record_task_outcome": record_task_outcome,
}
