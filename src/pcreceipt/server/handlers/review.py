"""Experience and managed Skill candidates and their review (registered in
``server.handlers.HANDLERS``), in PowerContext 1.4.1's shapes: ``propose_experience``,
``propose_skill``, ``get_experience``, ``get_skill``, ``list_managed_skills``, ``list_candidates``,
``get_candidate``, ``get_candidate_history``, ``approve_candidate``, ``reject_candidate``,
``revise_candidate``, and the generative ``generate_experience`` and ``generate_skill``
(``pcreceipt.prepare.generation``). The rules the store keeps are in ``pcreceipt.store.candidates``.

Decisions (``docs/decisions.md``, "Experience and Skill candidates"):
- Refusals are 1.4.1's: 404 ``candidate_not_found``; 409 ``candidate_conflict``
  ``{expected_version, current_version}``, ``candidate_terminal`` ``{status}``, ``artifact_conflict``
  ``{current}``; 422 ``invalid_request`` with ``{field, reason}`` for its four public reasons and no
  details otherwise (evidence, a reason that is not trimmed, a proposal of another family).
- What 1.4.1's content models refuse beyond the schema (a Skill's untrimmed text, blank
  instructions, no validation item, metadata keys and values) is 422 with violations.
- ``list_candidates`` pages by candidate id with a compact signed cursor (the request's cursor is
  at most 128 characters): ``<payload>.<mac>``, the payload ``after|expires|filters`` and the mac
  the first 16 bytes of its HMAC-SHA256 under the store's cursor key; refused as the house's
  cursors are (400 ``invalid_cursor`` malformed or mismatched, 410 ``cursor_expired``).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar, cast

from pcreceipt import errors
from pcreceipt.errors import (
    ArtifactNotFound,
    CursorExpired,
    InferenceTimeout,
    InferenceUnavailable,
    InvalidCursor,
    InvalidRequest,
)
from pcreceipt.inference import InferenceError
from pcreceipt.models import bodies, limits
from pcreceipt.server.http.cursor import CURSOR_TTL_SECONDS
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.server.http.store_errors import ARTIFACT_NOT_FOUND_MESSAGE
from pcreceipt.store import skill_package
from pcreceipt.store.records import (
    ArtifactFamily,
    ArtifactRef,
    CandidateDecided,
    CandidateRecord,
    CandidateStale,
    InvalidCandidate,
    ReviewedFamily,
    SkillRevision,
    SourceRef,
    TargetMoved,
    UnknownCandidate,
)
from pcreceipt.store.skill_governance import INITIAL_GOVERNANCE as INITIAL
from pcreceipt.store.skill_governance import InvalidLifecycle, SkillGovernanceRecord

T = TypeVar("T")
EXPERIENCE: Final = "experience"
SKILL: Final = "skill"
SOURCE_NAME: Final = "content"
CANDIDATE_NOT_FOUND_MESSAGE: Final = "The requested Candidate was not found."
INVALID_MESSAGE: Final = "The request is invalid."
_MAC_BYTES = 16
NULL_EXTENSIONS: Final = dict.fromkeys(("audit", "permissions", "result", "operation", "origin", "dream_run_id"))
"""The Candidate keys of Dream, tag and enforced-mode candidates: null here, as 1.4.1 serialises them."""
PROPOSAL_DEFAULTS: Final[Mapping[str, Mapping[str, Any]]] = {
    "experience": {"failure": None},
    "skill": {"package": None, "license": None, "compatibility": None, "metadata": {}, "allowed_tools": None},
}
"""What a stored proposal holds for the optional fields left out, as 1.4.1 stores its content models."""


def normalized(family: str, proposal: Mapping[str, Any]) -> dict[str, Any]:
    """The proposal as stored: every optional field present, its default where it was left out."""
    defaults = PROPOSAL_DEFAULTS[family]
    return {**proposal, **{key: value for key, value in defaults.items() if key not in proposal}}


# -- wire forms


def source_refs_in(refs: Sequence[Mapping[str, Any]]) -> list[SourceRef]:
    return [SourceRef(str(ref["name"]), str(ref["source_id"])) for ref in refs]


def artifact_ref_in(scope_id: str, ref: Mapping[str, Any]) -> ArtifactRef:
    return ArtifactRef(scope_id, cast(ArtifactFamily, ref["family"]), str(ref["artifact_id"]), int(ref["revision"]))


def artifact_refs_in(scope_id: str, refs: Sequence[Mapping[str, Any]]) -> list[ArtifactRef]:
    return [artifact_ref_in(scope_id, ref) for ref in refs]


def source_refs_out(refs: Sequence[SourceRef]) -> list[dict[str, str]]:
    return [{"name": ref.source_type, "source_id": ref.source_id} for ref in refs]


def artifact_refs_out(refs: Sequence[ArtifactRef]) -> list[dict[str, Any]]:
    return [ref.reference() for ref in refs]


def candidate_body(record: CandidateRecord) -> dict[str, Any]:
    """The contract's ``Candidate`` of a stored candidate (version)."""
    return {
        "candidate_kind": "artifact",
        "candidate_id": record.candidate_id,
        "version": record.version,
        "family": record.family,
        "status": record.status,
        "proposal": dict(record.proposal),
        "source_refs": source_refs_out(record.source_refs),
        "artifact_refs": artifact_refs_out(record.artifact_refs),
        "target": None if record.target is None else record.target.reference(),
        "reason": record.reason,
        "result_artifact": None if record.result is None else record.result.reference(),
        "decision_reason": record.decision_reason,
        **NULL_EXTENSIONS,
    }


def skill_body(skill: SkillRevision) -> dict[str, Any]:
    return {
        "artifact": skill.ref.reference(),
        "content": dict(skill.content),
        "source_refs": source_refs_out(skill.source_refs),
        "artifact_refs": artifact_refs_out(skill.artifact_refs),
    }


# -- refusals


def _invalid(field: str | None = None, reason: str | None = None) -> InvalidRequest:
    return InvalidRequest(INVALID_MESSAGE, None if reason is None else {"field": field, "reason": reason})


def decided(work: Callable[[], T]) -> T:
    """``work()`` with the store's review errors answered as PowerContext 1.4.1 answers them."""
    try:
        return work()
    except UnknownCandidate:
        raise errors.CandidateNotFound(CANDIDATE_NOT_FOUND_MESSAGE) from None
    except CandidateStale as stale:
        versions = {"expected_version": stale.expected_version, "current_version": stale.current_version}
        raise errors.CandidateConflict("The Candidate version is stale.", versions) from None
    except CandidateDecided as terminal:
        raise errors.CandidateTerminal("The Candidate is already terminal.", {"status": terminal.status}) from None
    except TargetMoved as moved:
        current = {"current": moved.current.reference()}
        raise errors.ArtifactConflict("The Candidate target Artifact is stale.", current) from None
    except InvalidCandidate as refused:
        raise _invalid(refused.field, refused.reason) from None
    except InvalidLifecycle as refused:  # a retired managed Skill takes no new revision
        raise errors.LifecycleRefused(refused.reason) from None


def _violation(path: str, rule: str) -> InvalidRequest:
    return InvalidRequest(INVALID_MESSAGE, {"violations": [{"path": path, "rule": rule}]})


def _trimmed(value: str) -> bool:
    return bool(value.strip()) and value == value.strip()


def check_reason(reason: str | None) -> None:
    """1.4.1 refuses a reason that is blank or not trimmed (422, no details)."""
    if reason is not None and not _trimmed(reason):
        raise _invalid()


def check_skill(proposal: Mapping[str, Any], pointer: str = "/proposal") -> None:
    """What 1.4.1's Skill content model refuses beyond the schema; a text proposal (no ``package``)
    must also make a standard package (``skill_package.from_proposal``: 422 ``skill_package``, where
    1.4.1 fails with a 500). A named package is checked against the Scope's by the store."""
    text = proposal.get("package") is None
    instructions = str(proposal["instructions"])
    if instructions != instructions.rstrip() or (text and not instructions.strip()):
        raise _violation(f"{pointer}/instructions", "skill_instructions")
    if text and not proposal["validation"]:
        raise _violation(f"{pointer}/validation", "skill_validation_required")
    for key in ("license", "compatibility", "allowed_tools"):
        value = proposal.get(key)
        if value is not None and value != value.strip():
            raise _violation(f"{pointer}/{key}", "trimmed")
    for key, value in dict(proposal.get("metadata") or {}).items():
        if not _trimmed(key) or value != value.strip():  # their lengths are the schema's
            raise _violation(f"{pointer}/metadata", "skill_metadata")
    if text:
        try:
            skill_package.from_proposal(proposal)
        except skill_package.PackageRefused:
            raise _violation(pointer, "skill_package") from None


def proposal_family(proposal: Mapping[str, Any]) -> ReviewedFamily:
    return EXPERIENCE if "situation" in proposal else SKILL


def _target(scope_id: str, body: Mapping[str, Any]) -> ArtifactRef | None:
    target = body.get("target")
    return None if target is None else artifact_ref_in(scope_id, target)


# -- proposals


def _propose(call: Call, family: ReviewedFamily) -> Reply:
    body = call.body
    scope_id, proposal = body["scope_id"], body["proposal"]
    check_reason(body.get("reason"))
    if family == SKILL:
        check_skill(proposal)
    record = decided(
        lambda: call.services.store.create_candidate(
            scope_id,
            family,
            normalized(family, proposal),
            source_refs=source_refs_in(body["source_refs"]),
            artifact_refs=artifact_refs_in(scope_id, body["artifact_refs"]),
            target=_target(scope_id, body),
            reason=body.get("reason"),
        )
    )
    return Reply(201, candidate_body(record))


def propose_experience(call: Call[bodies.ProposeExperienceRequest]) -> Reply:
    return _propose(call, EXPERIENCE)


def propose_skill(call: Call[bodies.ProposeSkillRequest]) -> Reply:
    return _propose(call, SKILL)


# -- approved artifacts


def _exact(call: Call, family: str) -> ArtifactRef:
    """The revision named; another family is 404 ``artifact_not_found``, as 1.4.1 answers."""
    ref = call.body["artifact"]
    if ref["family"] != family:
        raise ArtifactNotFound(ARTIFACT_NOT_FOUND_MESSAGE)
    return artifact_ref_in(call.body["scope_id"], ref)


def get_experience(call: Call[bodies.GetExperienceRequest]) -> Reply:
    ref = _exact(call, EXPERIENCE)
    record = call.services.store.get_revision(ref.scope_id, "experience", ref.artifact_id, ref.revision)
    if record is None:
        raise ArtifactNotFound(ARTIFACT_NOT_FOUND_MESSAGE)
    body = {
        "artifact": record.ref.reference(),
        "content": dict(record.content),
        "source_refs": source_refs_out(record.source_refs),
        "artifact_refs": artifact_refs_out(record.lineage_artifacts),
    }
    return Reply(200, body)


def get_skill(call: Call[bodies.GetSkillRequest]) -> Reply:
    ref = _exact(call, SKILL)
    skill = call.services.store.get_managed_skill(ref.scope_id, ref.artifact_id, ref.revision)
    if skill is None:
        raise ArtifactNotFound(ARTIFACT_NOT_FOUND_MESSAGE)
    return Reply(200, skill_body(skill))


def _matches(skill: SkillRevision, query: str) -> bool:
    content = skill.content
    texts = [
        content["name"],
        content["description"],
        content["instructions"],
        *dict(content.get("metadata") or {}).values(),
    ]
    return query.casefold() in "\n".join(str(text) for text in texts).casefold()


def list_managed_skills(call: Call[bodies.ListManagedSkillsRequest]) -> Reply:
    body = call.body
    limit = int(body.get("limit", limits.LIST_MANAGED_SKILLS_REQUEST_LIMIT_DEFAULT))
    query = (body.get("query") or "").strip()
    store = call.services.store
    heads = store.managed_skill_heads(body["scope_id"])
    governance = store.skill_governance(body["scope_id"])
    chosen = library_window(heads, governance, query, bool(body.get("include_deprecated", False)))[:limit]
    skills = [
        skill_body(skill)
        | {"governance": {"artifact": skill.ref.reference(), **governance.get(skill.ref.artifact_id, INITIAL).wire()}}
        for skill in chosen
    ]
    return Reply(200, {"skills": skills})


def library_window(
    heads: Sequence[SkillRevision],
    governance: Mapping[str, SkillGovernanceRecord],
    query: str,
    include_deprecated: bool,
) -> list[SkillRevision]:
    """1.4.1's library: active Skills (those matching ``query``), then, when asked, the deprecated
    ones after them with a query and among them (by artifact id) without; retired ones never."""

    def state(skill: SkillRevision) -> str:
        return governance.get(skill.ref.artifact_id, INITIAL).lifecycle_state

    allowed = ("active", "deprecated") if include_deprecated else ("active",)
    matching = [skill for skill in heads if state(skill) in allowed and (not query or _matches(skill, query))]
    if not query:
        return matching
    return [s for s in matching if state(s) == "active"] + [s for s in matching if state(s) == "deprecated"]


# -- the review inbox


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)


def _filters(scope_id: str, status: str, family: str | None, kind: str | None) -> str:
    bound = "\x00".join(("candidates", scope_id, status, family or "", kind or ""))
    return hashlib.sha256(bound.encode("utf-8")).hexdigest()[:8]


def _mac(secret: bytes, payload: bytes) -> bytes:
    return hmac.digest(secret, payload, "sha256")[:_MAC_BYTES]


def encode_candidate_cursor(call: Call, after: str, filters: str) -> str:
    expires = int(call.services.clock().timestamp()) + CURSOR_TTL_SECONDS
    payload = f"{after}|{expires}|{filters}".encode()
    return f"{_b64(payload)}.{_b64(_mac(call.services.store.cursor_secret(), payload))}"


def decode_candidate_cursor(call: Call, cursor: str, filters: str) -> str:
    """The candidate id the page starts after; InvalidCursor or CursorExpired as the house's cursors."""
    try:
        encoded_payload, encoded_mac = cursor.split(".")
        payload, mac = _unb64(encoded_payload), _unb64(encoded_mac)
        after, expires, bound = payload.decode("ascii").split("|")
        expires_at = int(expires)
    except (binascii.Error, UnicodeError, ValueError):
        raise InvalidCursor("cursor_malformed") from None
    if not hmac.compare_digest(mac, _mac(call.services.store.cursor_secret(), payload)) or not after:
        raise InvalidCursor("cursor_malformed")
    if bound != filters:
        raise InvalidCursor("cursor_mismatch")
    if int(call.services.clock().timestamp()) >= expires_at:
        raise CursorExpired("The cursor has expired; start the listing again without one.")
    return after


def list_candidates(call: Call[bodies.ListCandidatesRequest]) -> Reply:
    body = call.body
    scope_id = body["scope_id"]
    status = body.get("status", limits.LIST_CANDIDATES_REQUEST_STATUS_DEFAULT)
    family, kind = body.get("family"), body.get("candidate_kind")
    limit = int(body.get("limit", limits.LIST_CANDIDATES_REQUEST_LIMIT_DEFAULT))
    filters = _filters(scope_id, status, family, kind)
    cursor = body.get("cursor")
    after = decode_candidate_cursor(call, cursor, filters) if cursor is not None else None
    if kind == "tag" or family not in (None, EXPERIENCE, SKILL):
        return Reply(200, {"candidates": [], "next_cursor": None})  # only Experience and Skill candidates exist
    rows = call.services.store.list_candidates(scope_id, status=status, family=family, limit=limit + 1, after=after)
    page = rows[:limit]
    more = len(rows) > limit
    next_cursor = encode_candidate_cursor(call, page[-1].candidate_id, filters) if more else None
    return Reply(200, {"candidates": [candidate_body(row) for row in page], "next_cursor": next_cursor})


def get_candidate(call: Call[bodies.GetCandidateRequest]) -> Reply:
    record = call.services.store.get_candidate(call.body["scope_id"], call.body["candidate_id"])
    if record is None:
        raise errors.CandidateNotFound(CANDIDATE_NOT_FOUND_MESSAGE)
    return Reply(200, candidate_body(record))


def get_candidate_history(call: Call[bodies.GetCandidateRequest]) -> Reply:
    versions = call.services.store.candidate_history(call.body["scope_id"], call.body["candidate_id"])
    if versions is None:
        raise errors.CandidateNotFound(CANDIDATE_NOT_FOUND_MESSAGE)
    return Reply(200, {"versions": [candidate_body(version) for version in versions]})


# -- decisions


def approve_candidate(call: Call[bodies.ApproveCandidateRequest]) -> Reply:
    body = call.body
    writer = call.services.writer
    record = decided(lambda: writer.approve_candidate(body["scope_id"], body["candidate_id"], body["expected_version"]))
    return Reply(200, candidate_body(record))


def reject_candidate(call: Call[bodies.RejectCandidateRequest]) -> Reply:
    body = call.body
    check_reason(body["reason"])
    store = call.services.store
    record = decided(
        lambda: store.reject_candidate(body["scope_id"], body["candidate_id"], body["expected_version"], body["reason"])
    )
    return Reply(200, candidate_body(record))


def revise_candidate(call: Call[bodies.ReviseCandidateRequest]) -> Reply:
    body = call.body
    scope_id, proposal = body["scope_id"], body["proposal"]
    if body.get("sources") is not None or body.get("artifacts") is not None:
        raise _invalid()  # tag-proposal evidence: this server holds no tag candidates
    check_reason(body.get("reason"))
    family = proposal_family(proposal)
    if family == SKILL:
        check_skill(proposal)

    def same_family(current: str) -> None:
        if current != family:
            raise InvalidCandidate("family")

    source_refs, artifact_refs = body.get("source_refs"), body.get("artifact_refs")
    record = decided(
        lambda: call.services.store.revise_candidate(
            scope_id,
            body["candidate_id"],
            body["expected_version"],
            normalized(family, proposal),
            source_refs=None if source_refs is None else source_refs_in(source_refs),
            artifact_refs=None if artifact_refs is None else artifact_refs_in(scope_id, artifact_refs),
            target=_target(scope_id, body),
            reason=body.get("reason"),
            check_proposal=same_family,
        )
    )
    return Reply(200, candidate_body(record))


# -- generation


def _generated(call: Call, family: ReviewedFamily) -> Reply:
    """1.4.1's order: no provider is 503 before anything is read; then the target and the origin's
    shape, the evidence, one model call, and the proposal under ``propose_*``'s rules."""
    generator = call.services.generator
    if generator is None:
        raise errors.GenerationUnavailable("Artifact generation is not configured.", {"family": family})
    body = call.body
    scope_id = body["scope_id"]
    check_reason(body.get("reason"))
    target = _target(scope_id, body)
    sources = source_refs_in(body["source_refs"])
    artifacts = artifact_refs_in(scope_id, body["artifact_refs"])
    if family == EXPERIENCE and target is not None and target.family != EXPERIENCE:
        raise _invalid()
    if family == SKILL:
        check_origin(body["origin"], sources, artifacts, target)
    evidence = decided(lambda: call.services.store.generation_evidence(scope_id, sources, artifacts))
    target_id = None if target is None else f"artifact:{target.family}/{target.artifact_id}@{target.revision}"
    if target_id is not None and target_id not in {item.evidence_id for item in evidence}:
        raise _invalid("artifact_refs", "target_not_in_artifact_refs")
    try:
        proposal = generator.generate(family, evidence, target_id)
        if proposal is not None and family == SKILL:
            check_skill(proposal)
    except InferenceError as failure:
        if failure.kind == "inference_timeout":
            raise InferenceTimeout("The generation model did not answer in time; nothing was stored.") from None
        raise InferenceUnavailable("The generation model could not propose; nothing was stored.") from None
    except InvalidRequest:
        raise InferenceUnavailable(
            "The generation model answered outside the Skill rules; nothing was stored."
        ) from None
    if proposal is None:
        return Reply(200, {"status": "no_op", "candidate": None})
    record = decided(
        lambda: call.services.store.create_candidate(
            scope_id, family, normalized(family, proposal), source_refs=sources, artifact_refs=artifacts, target=target,
            reason=body.get("reason"),
        )
    )  # fmt: skip
    return Reply(200, {"status": "pending", "candidate": candidate_body(record)})


def check_origin(
    origin: str, sources: Sequence[SourceRef], artifacts: Sequence[ArtifactRef], target: ArtifactRef | None
) -> None:
    """1.4.1's provenance shapes of a generated Skill (422, no details, otherwise)."""
    if origin == "experience":
        valid = target is None and bool(artifacts) and all(ref.family == EXPERIENCE for ref in artifacts)
    elif origin == "source":
        valid = target is None and bool(sources) and not artifacts
    else:
        valid = target is not None and str(target.family) == SKILL and target in artifacts and bool(sources)
    if not valid:
        raise _invalid()


def generate_experience(call: Call[bodies.GenerateExperienceRequest]) -> Reply:
    return _generated(call, EXPERIENCE)


def generate_skill(call: Call[bodies.GenerateSkillRequest]) -> Reply:
    return _generated(call, SKILL)


REVIEW_HANDLERS: Mapping[str, Handler] = {
    "propose_experience": propose_experience,
    "propose_skill": propose_skill,
    "get_experience": get_experience,
    "get_skill": get_skill,
    "list_managed_skills": list_managed_skills,
    "list_candidates": list_candidates,
    "get_candidate": get_candidate,
    "get_candidate_history": get_candidate_history,
    "approve_candidate": approve_candidate,
    "reject_candidate": reject_candidate,
    "revise_candidate": revise_candidate,
    "generate_experience": generate_experience,
    "generate_skill": generate_skill,
}
