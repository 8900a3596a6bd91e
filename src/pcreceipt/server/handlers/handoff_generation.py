"""The generative Handoff operations (registered in ``server.handlers.HANDLERS``):
``prepare_handoff`` (a draft generated from exact evidence, HTTP only) and ``activate_handoff``
(the same at a Source boundary, at most once per boundary). The model call is
``prepare.handoff_generation``; the boundary is ``store.handoff_boundaries``.

A Handoff here is PowerContext 1.4.1's work-transfer value, not pcreceipt's PreparedContext Receipt.
Decisions (``docs/decisions.md``, "Generated Handoff drafts"; ``docs/handoffs.md``):
- Without a generation provider: 503 ``handoff_generation_unavailable`` (no details), 1.4.1's answer.
  ``prepare_handoff`` answers it once the Scope is known, before its evidence is read;
  ``activate_handoff`` first checks the boundary Source (404 ``handoff_evidence_not_found``) and
  answers an old boundary ``ignored`` (no model needed), as 1.4.1 does.
- A model that fails, answers late or answers outside the closed shape (1.4.1's rules for a
  generated draft included: objective, evidence, budget, fresh-session checkpoint) is 503
  ``inference_unavailable`` / ``inference_timeout``; nothing is recorded (failing softly).
- The draft carries no generation receipt (``generation`` null): pcreceipt issues none, so it
  finalizes as a caller-authored draft would.
- An activation records the boundary's position only after its draft was generated, by a
  compare-and-set; of racers at one new boundary exactly one is ``generated`` and the others,
  which lost the set, answer ``ignored`` at the recorded position (their drafts are dropped).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from pcreceipt.errors import (
    HandoffEvidenceNotFound,
    HandoffGenerationUnavailable,
    InferenceTimeout,
    InferenceUnavailable,
)
from pcreceipt.inference import InferenceError
from pcreceipt.models import bodies, limits
from pcreceipt.prepare.handoff_generation import MAX_EVIDENCE_CHARS, HandoffAction, HandoffGenerator
from pcreceipt.server.handlers import handoffs, work
from pcreceipt.server.handlers.common import invalid
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.protocol import Store
from pcreceipt.store.rows import to_json

MAX_CITATIONS: Final = limits.PREPARE_HANDOFF_REQUEST_EVIDENCE_MAX_ITEMS
_ADVANCE_ATTEMPTS: Final = 8

Json = dict[str, Any]


def _check_unique(path: str, citations: Sequence[Mapping[str, Any]]) -> None:
    work.check_citations(path, citations)
    if len(handoffs.unique(list(citations))) != len(citations):
        raise invalid(path, "unique", "Each piece of evidence may be named once.")


def _action(body: Mapping[str, Any], citations: Sequence[Mapping[str, Any]]) -> HandoffAction:
    return HandoffAction(
        objective=body["objective"],
        rollover_reasons=tuple(body.get("rollover_reasons", ())),
        citations=tuple(citations),  # closed by the schema: already the wire form
        max_bytes=int(body.get("max_bytes", limits.PREPARE_HANDOFF_REQUEST_MAX_BYTES_DEFAULT)),
    )


def _evidence_text(store: Store, scope_id: str, citation: Mapping[str, Any]) -> tuple[str, bool]:
    """One checked citation as the model reads it: its JSON, cut to ``MAX_EVIDENCE_CHARS``."""
    value: Any
    if citation["kind"] == "source":
        ref = citation["source_ref"]
        found = store.find_source(scope_id, ref["source_id"])
        if found is None:  # removed since the check
            raise HandoffEvidenceNotFound("Cited Handoff evidence was not found.")
        value = {"source_id": found.source_id, "content": found.content, "metadata": found.metadata}
    else:
        ref = citation["artifact_ref"]
        reference = {"family": ref["family"], "artifact_id": ref["artifact_id"], "revision": ref["revision"]}
        if ref["family"] == work.HANDOFF_FAMILY:
            handoff = store.handoff_revision(scope_id, ref["revision"])
            content = None if handoff is None else dict(handoff.content)
        else:
            record = store.get_revision(scope_id, ref["family"], ref["artifact_id"], ref["revision"])
            content = None if record is None else dict(record.content)
        if content is None:
            raise HandoffEvidenceNotFound("Cited Handoff evidence was not found.")
        value = {"artifact": reference, "content": content}
    text = to_json(value)
    return text[:MAX_EVIDENCE_CHARS], len(text) > MAX_EVIDENCE_CHARS


def _generator(call: Call) -> HandoffGenerator:
    generator = call.services.handoff_generator
    if generator is None:
        raise HandoffGenerationUnavailable("Handoff generation is unavailable.")
    return generator


def generate_draft(call: Call, store: Store, scope_id: str, action: HandoffAction) -> Json:
    """Check the evidence, read it, and ask the model once (refusals as the module says)."""
    generator = _generator(call)
    work.check_evidence(store, scope_id, action.citations, call.services.clock())
    evidence = [_evidence_text(store, scope_id, citation) for citation in action.citations]
    try:
        return generator.generate(scope_id, action, evidence)
    except InferenceError as failure:
        if failure.kind == "inference_timeout":
            raise InferenceTimeout("The generation model did not answer in time; nothing was recorded.") from None
        raise InferenceUnavailable("The generation model could not draft a Handoff; nothing was recorded.") from None


def prepare_handoff(call: Call[bodies.PrepareHandoffRequest]) -> Reply:
    body = call.body
    evidence = list(body["evidence"])
    _check_unique("/evidence", evidence)

    def steps(store: Store, scope_id: str) -> Reply:
        _generator(call)  # 1.4.1 refuses before it reads the evidence
        return Reply(200, generate_draft(call, store, scope_id, _action(body, evidence)))

    return handoffs.scoped(call, steps)


def _activation(body: Mapping[str, Any], status: str, previous: int, current: int, draft: Json | None) -> Json:
    boundary = body["boundary_source"]
    return {
        "status": status,
        "boundary_source": {"name": boundary["name"], "source_id": boundary["source_id"]},
        "previous_position": previous,
        "current_position": current,
        "draft": draft,
    }


def activate_handoff(call: Call[bodies.ActivateHandoffRequest]) -> Reply:
    body = call.body
    boundary_cite = {"kind": "source", "source_ref": dict(body["boundary_source"])}
    work.check_trimmed("/boundary_source/name", body["boundary_source"]["name"])
    work.check_trimmed("/boundary_source/source_id", body["boundary_source"]["source_id"])
    extra = list(body.get("evidence", ()))
    _check_unique("/evidence", extra)
    citations = [boundary_cite, *(c for c in handoffs.unique(extra) if c != boundary_cite)]
    if len(citations) > MAX_CITATIONS:
        raise invalid("/evidence", "max_items", "At most 32 citations with the boundary Source.")

    def steps(store: Store, scope_id: str) -> Reply:
        work.check_evidence(store, scope_id, [boundary_cite], call.services.clock())
        found = store.find_source(scope_id, body["boundary_source"]["source_id"])
        if found is None:
            raise HandoffEvidenceNotFound("Cited Handoff evidence was not found.")
        position = found.position
        previous = store.handoff_boundary(scope_id)
        if position <= previous:
            return Reply(200, _activation(body, "ignored", previous, previous, None))
        draft = generate_draft(call, store, scope_id, _action(body, citations))
        for _ in range(_ADVANCE_ATTEMPTS):
            if store.advance_handoff_boundary(scope_id, previous, position):
                return Reply(200, _activation(body, "generated", previous, position, draft))
            previous = store.handoff_boundary(scope_id)
            if position <= previous:  # a racer generated at this boundary (or a later one) first
                return Reply(200, _activation(body, "ignored", previous, previous, None))
        raise InferenceUnavailable("The Handoff boundary kept moving; nothing was recorded.")

    return handoffs.scoped(call, steps)


HANDOFF_GENERATION_HANDLERS: Mapping[str, Handler] = {
    "prepare_handoff": prepare_handoff,
    "activate_handoff": activate_handoff,
}
