"""The handlers of the Handoff lifecycle: ``handoff_current_work``, ``finalize_handoff``,
``commit_handoff`` and ``continue_handoff`` (registered in ``server.handlers.HANDLERS``). Storage
is ``store.handoffs`` (committed revisions) and the Source sequence (the boundary Source).

A Handoff here is PowerContext 1.4.1's work-transfer value, not pcreceipt's PreparedContext
Receipt. Decisions (``docs/decisions.md``, "Handoffs"; ``docs/handoffs.md``):
- A Scope has one Handoff lifecycle (family ``handoff``, artifact id ``handoff``). A draft is
  finalized into a prepared Handoff (its content, and the latest committed revision as ``base``)
  without writing anything; a commit writes the next revision only from the latest base, and a
  commit of the latest's very content answers that revision unchanged.
- pcreceipt generates no Handoff and issues no generation receipts, so a ``generation`` envelope
  on a draft or prepared Handoff, or generation metadata in content committed without one, is 422
  ``invalid_handoff_generation`` (1.4.1's answer for a receipt it cannot verify).
- Content is kept in the wire form (citations ``{kind, source_ref: {name, source_id}}``);
  ``generation`` is left out when absent or null; answers send it, null then (``on_the_wire``), as
  1.4.1 does.
- Order, as 1.4.1: the schema and rules beyond it (422), the Scope (404 ``scope_not_found``), the
  prepared value's Scope and base (422 ``invalid_request``), generation (422), then for a commit the
  latest revision (unchanged content answers it; another base is 409 ``revision_conflict``), then
  the evidence of the state and next action (404 ``handoff_evidence_not_found``, 422
  ``source_not_eligible``).
- ``continue_handoff`` checks each statement's evidence without failing on it: a citation that is
  no longer readable is listed in its check's ``unavailable_evidence``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pcreceipt.errors import (
    ArtifactNotFound,
    HandoffEvidenceNotFound,
    InvalidRequest,
    RevisionConflict,
    ScopeNotFound,
    SourceConflict,
)
from pcreceipt.models import bodies, limits
from pcreceipt.server.handlers import work
from pcreceipt.server.handlers.common import invalid
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import HandoffBaseConflict, HandoffRevision, RecordNotFound, SourceIdentityConflict

PREPARED_SCHEMA = limits.PREPARED_HANDOFF_SCHEMA_ENUM[0]
CONTENT_SCHEMA = limits.HANDOFF_CONTENT_SCHEMA_ENUM[0]
BOUNDARY_KIND = "handoff-boundary"

Json = dict[str, Any]


class InvalidHandoffGeneration(InvalidRequest):
    """PowerContext's 422 for a generation receipt or metadata the server cannot verify."""

    code = "invalid_handoff_generation"


def reference(revision: int) -> Json:
    return {"family": work.HANDOFF_FAMILY, "artifact_id": work.HANDOFF_ID, "revision": revision}


# -- the values


def statement_citations(content: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The direct evidence: the state's citations, then the next action's."""
    statements = [*content["state"], *([content["next_action"]] if content.get("next_action") else [])]
    return [citation for statement in statements for citation in statement["citations"]]


def check_content_citations(path: str, content: Mapping[str, Any]) -> None:
    for index, statement in enumerate(content["state"]):
        work.check_citations(f"{path}/state/{index}/citations", statement["citations"])
    if content.get("next_action") is not None:
        work.check_citations(f"{path}/next_action/citations", content["next_action"]["citations"])
    for index, omission in enumerate(content["omissions"]):
        if omission.get("citation") is not None:
            work.check_citations(f"{path}/omissions/{index}", [omission["citation"]])


def _citation(citation: Mapping[str, Any]) -> Json:
    if citation["kind"] == "source":
        ref = citation["source_ref"]
        return {"kind": "source", "source_ref": {"name": ref["name"], "source_id": ref["source_id"]}}
    ref = citation["artifact_ref"]
    return {
        "kind": "artifact",
        "artifact_ref": {"family": ref["family"], "artifact_id": ref["artifact_id"], "revision": ref["revision"]},
    }


def _statement(statement: Mapping[str, Any] | None) -> Json | None:
    if statement is None:
        return None
    return {"text": statement["text"], "citations": [_citation(c) for c in statement["citations"]]}


def content_of(value: Mapping[str, Any]) -> Json:
    """A draft's or a content's fields as Handoff content, in 1.4.1's order (generation left out)."""
    content: Json = {} if value.get("generation") is None else {"generation": value["generation"]}
    content.update(
        {
            "schema": CONTENT_SCHEMA,
            "objective": value["objective"],
            "state": [_statement(statement) for statement in value["state"]],
            "disposition": value["disposition"],
            "next_action": _statement(value.get("next_action")),
            "omissions": [
                {"text": o["text"], "citation": None if o.get("citation") is None else _citation(o["citation"])}
                for o in value["omissions"]
            ],
        }
    )
    return content


def runtime_citation(citation: Mapping[str, Any]) -> Json:
    return work.citation_record(citation)


def _runtime_statement(statement: Mapping[str, Any] | None) -> Json | None:
    if statement is None:
        return None
    return {"text": statement["text"], "citations": [runtime_citation(c) for c in statement["citations"]]}


def runtime_content(content: Mapping[str, Any]) -> Json:
    """Handoff content in 1.4.1's record form (a Source cited by ``source_type``): what the Handoff
    Receipt's digests cover and what the Handoff Report renders."""
    return {
        "schema": content["schema"],
        "objective": content["objective"],
        "state": [_runtime_statement(s) for s in content["state"]],
        "disposition": content["disposition"],
        "next_action": _runtime_statement(content.get("next_action")),
        "omissions": [
            {"text": o["text"], "citation": None if o.get("citation") is None else runtime_citation(o["citation"])}
            for o in content["omissions"]
        ],
    }


def unique(values: Sequence[Any]) -> list[Any]:
    unique: list[Any] = []
    for value in values:
        if value not in unique:
            unique.append(value)
    return unique


def lineage(content: Mapping[str, Any]) -> tuple[list[tuple[str, str]], list[tuple[str, str, int]]]:
    """The Sources and the artifact revisions the state and next action cite, each once, in order."""
    cited = statement_citations(content)
    sources = [(c["source_ref"]["name"], c["source_ref"]["source_id"]) for c in cited if c["kind"] == "source"]
    artifacts = [
        (c["artifact_ref"]["family"], c["artifact_ref"]["artifact_id"], c["artifact_ref"]["revision"])
        for c in cited
        if c["kind"] == "artifact"
    ]
    return unique(sources), unique(artifacts)


def on_the_wire(content: Mapping[str, Any]) -> Json:
    """Handoff content as 1.4.1 answers it: ``generation`` always sent, null when there is none. The
    stored form (and every digest over it) leaves a null one out, as 1.4.1's own records do."""
    return {"generation": content.get("generation"), **{k: v for k, v in content.items() if k != "generation"}}


def committed(revision: HandoffRevision) -> Json:
    return {
        "reference": reference(revision.revision),
        "content": on_the_wire(revision.content),
        "source_refs": [{"name": name, "source_id": source_id} for name, source_id in revision.source_refs],
        "artifact_refs": [
            {"family": family, "artifact_id": artifact_id, "revision": number}
            for family, artifact_id, number in revision.artifact_refs
        ],
    }


def prepared(scope_id: str, content: Json, latest: HandoffRevision | None) -> Json:
    return {
        "schema": PREPARED_SCHEMA,
        "scope_id": scope_id,
        "base": None if latest is None else reference(latest.revision),
        "content": on_the_wire(content),
        "generation": None,  # pcreceipt issues no generation receipt (1.4.1 sends null then too)
    }


# -- checks


def scoped(call: Call, steps: Callable[[Store, str], Reply]) -> Reply:
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


def require_prepared(path: str, value: Mapping[str, Any], scope_id: str) -> None:
    """A prepared Handoff of this Scope, based on this Scope's lifecycle (1.4.1's checks)."""
    if value["scope_id"] != scope_id:
        raise invalid(f"{path}/scope_id", "handoff_scope", "The prepared Handoff belongs to another Scope.")
    base = value.get("base")
    if base is not None and (base["family"], base["artifact_id"]) != (work.HANDOFF_FAMILY, work.HANDOFF_ID):
        raise invalid(f"{path}/base", "handoff_reference", "base must be a revision of the Scope's Handoff.")


def _require_no_envelope(value: Mapping[str, Any]) -> None:
    if value.get("generation") is not None:
        raise InvalidHandoffGeneration("pcreceipt issued no generation receipt; this one cannot be verified.")


def _require_no_metadata(content: Mapping[str, Any]) -> None:
    if content.get("generation") is not None:
        raise InvalidHandoffGeneration("Generation metadata without a verifiable generation receipt.")


def evidence_checks(store: Store, scope_id: str, content: Mapping[str, Any], now: Any) -> list[Json]:
    """One check per state statement, then one for the next action: the citations no longer readable."""
    statements: list[tuple[str, int | None, Mapping[str, Any]]] = [
        ("state", index, statement) for index, statement in enumerate(content["state"])
    ]
    if content.get("next_action") is not None:
        statements.append(("next_action", None, content["next_action"]))
    checks = []
    for claim, index, statement in statements:
        unavailable: list[Json] = []
        for citation in statement["citations"]:
            try:
                work.check_evidence(store, scope_id, [citation], now)
            except HandoffEvidenceNotFound:
                if _citation(citation) not in unavailable:
                    unavailable.append(_citation(citation))
        checks.append(
            {
                "claim": claim,
                "state_index": index,
                "status": "unavailable" if unavailable else "available",
                "unavailable_evidence": unavailable,
            }
        )
    return checks


def resolution(store: Store, scope_id: str, content: Json, selection: str, selected: int | None, now: Any) -> Json:
    latest = store.latest_handoff(scope_id)
    return {
        "trust": "untrusted_history",
        "status": "resolved",
        "scope_id": scope_id,
        "content": on_the_wire(content),
        "selection": selection,
        "selected_revision": None if selected is None else reference(selected),
        "current_revision": None if latest is None else reference(latest.revision),
        "evidence_checks": evidence_checks(store, scope_id, content, now),
    }


def empty_resolution(scope_id: str) -> Json:
    return {
        "trust": "untrusted_history",
        "status": "empty",
        "scope_id": scope_id,
        "content": None,
        "selection": None,
        "selected_revision": None,
        "current_revision": None,
        "evidence_checks": [],
    }


def exact_revision(store: Store, scope_id: str, path: str, ref: Mapping[str, Any]) -> HandoffRevision:
    if ref["family"] != work.HANDOFF_FAMILY:
        raise invalid(f"{path}/family", "handoff_reference", "The revision must be a Handoff revision.")
    found = None if ref["artifact_id"] != work.HANDOFF_ID else store.handoff_revision(scope_id, ref["revision"])
    if found is None:
        raise ArtifactNotFound("No such Handoff revision in the Scope.")
    return found


def require_selection(body: Mapping[str, Any], *, prepared: bool, revision: bool) -> None:
    if (body.get("prepared") is not None) != prepared or (body.get("revision") is not None) != revision:
        raise invalid("/selection", "handoff_selection", "The selection needs exactly its own Handoff value.")


# -- the operations


def finalize(store: Store, scope_id: str, content: Json, now: Any) -> Json:
    work.check_evidence(store, scope_id, statement_citations(content), now)
    return prepared(scope_id, content, store.latest_handoff(scope_id))


def finalize_handoff(call: Call[bodies.FinalizeHandoffRequest]) -> Reply:
    draft = call.body["draft"]
    check_content_citations("/draft", draft)

    def steps(store: Store, scope_id: str) -> Reply:
        _require_no_envelope(draft)
        return Reply(200, finalize(store, scope_id, content_of(draft), call.services.clock()))

    return scoped(call, steps)


def commit_handoff(call: Call[bodies.CommitHandoffRequest]) -> Reply:
    value = call.body["handoff"]
    check_content_citations("/handoff/content", value["content"])

    def steps(store: Store, scope_id: str) -> Reply:
        require_prepared("/handoff", value, scope_id)
        _require_no_envelope(value)
        _require_no_metadata(value["content"])
        content = content_of(value["content"])
        base = value.get("base")
        latest = store.latest_handoff(scope_id)
        if latest is None or dict(latest.content) != content:
            if (None if base is None else base["revision"]) != (None if latest is None else latest.revision):
                raise RevisionConflict("The prepared Handoff's base is not the latest committed revision.")
            work.check_evidence(store, scope_id, statement_citations(content), call.services.clock())
        sources, artifacts = lineage(content)
        try:
            revision, _ = store.commit_handoff(
                scope_id, content, None if base is None else base["revision"], sources, artifacts
            )
        except HandoffBaseConflict:
            raise RevisionConflict("The prepared Handoff's base is not the latest committed revision.") from None
        return Reply(200, committed(revision))

    return scoped(call, steps)


def continue_handoff(call: Call[bodies.ContinueHandoffRequest]) -> Reply:
    body = call.body
    selection = body["selection"]
    require_selection(body, prepared=selection == "prepared", revision=selection == "exact")
    given = body.get("prepared")
    revision = body.get("revision")
    if given is not None:
        check_content_citations("/prepared/content", given["content"])

    def steps(store: Store, scope_id: str) -> Reply:
        now = call.services.clock()
        if selection == "latest":
            latest = store.latest_handoff(scope_id)
            if latest is None:
                return Reply(200, empty_resolution(scope_id))
            return Reply(200, resolution(store, scope_id, dict(latest.content), "latest", latest.revision, now))
        if given is not None:
            require_prepared("/prepared", given, scope_id)
            return Reply(200, resolution(store, scope_id, content_of(given["content"]), "prepared", None, now))
        assert revision is not None
        found = exact_revision(store, scope_id, "/revision", revision)
        return Reply(200, resolution(store, scope_id, dict(found.content), "exact", found.revision, now))

    return scoped(call, steps)


def _boundary_record(handoff: Mapping[str, Any]) -> Json:
    next_action = handoff.get("next_action")
    return {
        "schema": handoff["schema"],
        "trust": handoff["trust"],
        "objective": handoff["objective"],
        "state": [work.claim_record(claim) for claim in handoff["state"]],
        "disposition": handoff["disposition"],
        "next_action": None if next_action is None else work.claim_record(next_action),
        "omissions": list(handoff["omissions"]),
    }


def _check_current_work(body: Mapping[str, Any]) -> None:
    handoff = body["handoff"]
    work.check_trimmed("/source_id", body["source_id"])
    work.check_trimmed("/handoff/objective", handoff["objective"])
    work.check_claims("/handoff/state", handoff["state"])
    if handoff.get("next_action") is not None:
        work.check_claims("/handoff/next_action", [handoff["next_action"]])
    work.check_texts("/handoff/omissions", handoff["omissions"])


def handoff_current_work(call: Call[bodies.HandoffCurrentWorkRequest]) -> Reply:
    body = call.body
    _check_current_work(body)
    handoff = body["handoff"]
    next_claim = handoff.get("next_action")
    claims: list[Mapping[str, Any]] = [*handoff["state"], *([] if next_claim is None else [next_claim])]

    def steps(store: Store, scope_id: str) -> Reply:
        now = call.services.clock()
        work.check_evidence(store, scope_id, unique(work.evidence_of(claims)), now)
        boundary = work.store_record(store, scope_id, body["source_id"], BOUNDARY_KIND, _boundary_record(handoff))
        cite = {"kind": "source", "source_ref": {"name": work.SOURCE_NAME, "source_id": body["source_id"]}}

        def statement(claim: Mapping[str, Any]) -> Json:
            return {"text": claim["text"], "citations": unique([cite, *(_citation(c) for c in claim["evidence"])])}

        next_action = handoff.get("next_action")
        draft = {
            "objective": handoff["objective"],
            "state": [statement(claim) for claim in handoff["state"]],
            "disposition": handoff["disposition"],
            "next_action": None if next_action is None else statement(next_action),
            "omissions": [{"text": text, "citation": None} for text in handoff["omissions"]],
        }
        return Reply(200, {"boundary": boundary.body, "handoff": finalize(store, scope_id, content_of(draft), now)})

    return scoped(call, steps)


HANDOFF_HANDLERS: Mapping[str, Handler] = {
    "handoff_current_work": handoff_current_work,
    "finalize_handoff": finalize_handoff,
    "commit_handoff": commit_handoff,
    "continue_handoff": continue_handoff,
}
