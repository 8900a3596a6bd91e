"""Dream runs (registered in ``server.handlers.HANDLERS``), in PowerContext 1.4.1's shapes:
``create_dream_run``, ``get_dream_run``, ``list_dream_runs``. Execution is ``prepare.dream``'s
worker; the store's rules are ``store.dream_runs``.

Decisions (``docs/decisions.md``, "Dream runs"):
- Order of a create: the schema (422); over HTTP, an operation of Dream contract 2 (anything but
  refine_experience and derive_skill) without ``X-PowerContext-Dream-Contract: 2`` is 426
  ``client_upgrade_required`` ``{required_dream_contract: 2}`` (an MCP call is 1.4.1's own MCP
  client, which sends the header); 1.4.1's selection rules (422 ``invalid_request`` ``{field,
  reason}``); the Scope (404); then 503 ``capability_unavailable`` without a Dream service (no
  generation provider) or for an operation this server does not run; then admission.
- Reads need no Dream service: without one, a run that does not exist is 404 ``dream_not_found``
  and a listing answers 200, as 1.4.1's server answers them (the live diff of the official
  client's flows found it; the runs a server with a provider left stay readable).
- A Dream error's message is 1.4.1's one sentence, its details null.
- A Candidate a run proposes is an ordinary pending Candidate (``propose_*``'s rules); its Dream
  keys (``origin``, ``dream_run_id``, ``audit``) stay null (``review.NULL_EXTENSIONS``).
"""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from collections.abc import Mapping, Sequence
from typing import Any, Final

from pcreceipt.errors import (
    CapabilityUnavailable,
    CapacityExceeded,
    ClientUpgradeRequired,
    DreamIdempotencyConflict,
    DreamNotFound,
    InvalidCursor,
    InvalidRequest,
    ScopeNotFound,
)
from pcreceipt.models import bodies
from pcreceipt.prepare.dream import BUDGET, FAMILIES, PROMPT_VERSION, DreamWorker, stamp, wire_time
from pcreceipt.server.handlers.review import check_skill, normalized
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.server.http.store_errors import SCOPE_NOT_FOUND_MESSAGE
from pcreceipt.store.dream_runs import DreamCapacityReached, DreamKeyReused, DreamRunRow, NewDreamRun
from pcreceipt.store.records import ArtifactRef, RecordNotFound, ReviewedFamily, SourceRef

DREAM_CONTRACT_HEADER: Final = "x-powercontext-dream-contract"
LEGACY_OPERATIONS: Final = frozenset({"refine_experience", "derive_skill"})
CAPACITY: Final = 32
DREAM_MESSAGE: Final = "The Dream request could not be completed."
UPGRADE_MESSAGE: Final = "Upgrade to a client supporting Dream contract 2."
_CURSOR = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z):(dr_[0-9a-f]{32})$")
_TARGET_FAMILY: Final[Mapping[str, str]] = {
    "revise_skill": "skill", "revise_profile": "profile", "revise_memory": "atomic-memory",
    "revise_topic_memory": "topic-memory", "refresh_handoff": "handoff", "revise_prompt": "prompt",
}  # fmt: skip
_FAMILIES: Final[Mapping[str, set[str]]] = {
    "refine_experience": {"experience", "atomic-memory"},
    "derive_skill": {"experience"},
    **{operation: {"experience", "atomic-memory", family} for operation, family in _TARGET_FAMILY.items()},
}


def _refused(field: str, reason: str) -> InvalidRequest:
    return InvalidRequest("The request is invalid.", {"field": field, "reason": reason})


def _key(ref: Mapping[str, Any]) -> str:
    return json.dumps(ref, sort_keys=True, separators=(",", ":"))


def _unique(refs: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Deduplicated and sorted, as 1.4.1 normalises a request's references."""
    return [json.loads(key) for key in sorted({_key(ref) for ref in refs})]


def check_selection(body: Mapping[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """1.4.1's evidence selection rules of every operation (422 ``{field, reason}``); the
    normalised artifacts and sources."""
    operation = body["operation"]
    artifacts, sources = _unique(body.get("artifacts") or []), _unique(body.get("sources") or [])
    target, tag_target = body.get("target"), body.get("tag_target")
    if operation != "revise_tags" and not artifacts:
        raise _refused("artifacts", "evidence_selection_required")
    if operation == "revise_tags" and not artifacts and not sources:
        raise _refused("sources", "evidence_selection_required")
    if len(artifacts) > (32 if operation == "revise_tags" else 20) or len(artifacts) + len(sources) > 32:
        raise _refused("artifacts", "evidence_limit_exceeded")
    if operation == "revise_tags":
        if target is not None or tag_target is None:
            raise _refused("target", "invalid_target")
        return artifacts, sources
    if tag_target is not None or (target is not None and _key(target) not in {_key(a) for a in artifacts}):
        raise _refused("target", "invalid_target")
    if any(ref["family"] not in _FAMILIES[operation] for ref in artifacts):
        raise _refused("artifacts", "invalid_artifact_family")
    if operation == "refine_experience" and target is not None and target["family"] != "experience":
        raise _refused("target", "invalid_target")
    if operation == "derive_skill" and target is not None:
        raise _refused("target", "invalid_dream_operation")
    family = _TARGET_FAMILY.get(operation)
    if family is not None:
        others = [ref for ref in artifacts if ref["family"] == family and ref != target]
        needs_sources = operation == "revise_prompt" and not sources
        if target is None or target["family"] != family or others or needs_sources:
            raise _refused("target", "invalid_dream_operation")
    return artifacts, sources


def speaks_dream_contract_2(call: Call[Any]) -> bool:
    """A client of Dream contract 2: its ``X-PowerContext-Dream-Contract: 2`` header, or an MCP call
    (1.4.1's own MCP client sends the header)."""
    return call.transport == "mcp" or call.headers.get(DREAM_CONTRACT_HEADER) == "2"


def _worker(call: Call) -> DreamWorker:
    worker = call.services.dream
    if worker is None:
        raise CapabilityUnavailable(DREAM_MESSAGE)
    return worker


def _principal_key(call: Call) -> str:
    token = call.principal.token
    identity = "local" if token is None else "token:" + token.token_id
    return hashlib.sha256(identity.encode()).hexdigest()


def _new_run(scope_id: str, request: Mapping[str, Any], accepted_at: str) -> dict[str, Any]:
    return {
        "tag_target": None, "reused": False, "scope_id": scope_id, "run_id": "dr_" + uuid.uuid4().hex,
        "operation": request["operation"], "status": "queued", "outcome": None, "target": request["target"],
        "candidate": None, "reason": None, "error": None, "accepted_at": wire_time(accepted_at),
        "started_at": None, "completed_at": None, "attempt_count": 0, "input_manifest": None,
        "usage": {"model_calls": 0, "input_tokens": None, "output_tokens": None}, "budget": dict(BUDGET),
        "prompt_version": PROMPT_VERSION, "model_config_id": None,
    }  # fmt: skip


def _answer(row: DreamRunRow) -> dict[str, Any]:
    return dict(row.record["run"])


def create_dream_run(call: Call[bodies.CreateDreamRunRequest]) -> Reply:
    body, scope_id = call.body, call.path["scope_id"]
    operation = body["operation"]
    upgraded = speaks_dream_contract_2(call)
    if operation not in LEGACY_OPERATIONS and not upgraded:
        raise ClientUpgradeRequired(UPGRADE_MESSAGE, {"required_dream_contract": 2})
    artifacts, sources = check_selection(body)
    worker = _worker(call)
    if operation not in FAMILIES:
        raise CapabilityUnavailable(DREAM_MESSAGE)
    request = {"operation": operation, "artifacts": artifacts, "sources": sources, "target": body.get("target")}
    digest = hashlib.sha256(_key(request).encode()).hexdigest()
    accepted_at = stamp(call.services.clock())
    run = _new_run(scope_id, request, accepted_at)
    new = NewDreamRun(
        run["run_id"], _principal_key(call), body["idempotency_key"], digest, operation, accepted_at,
        {"run": run, "request": request},
    )  # fmt: skip
    try:
        admitted = call.services.store.admit_dream_run(scope_id, new, CAPACITY)
    except RecordNotFound:
        raise ScopeNotFound(SCOPE_NOT_FOUND_MESSAGE) from None
    except DreamKeyReused:
        raise DreamIdempotencyConflict(DREAM_MESSAGE) from None
    except DreamCapacityReached:
        raise CapacityExceeded(DREAM_MESSAGE, None, {"Retry-After": "1"}) from None
    active = admitted.row.status in ("queued", "running")
    if active:
        worker.wake()
    status = 202 if active else 200  # not a contract limit: HTTP statuses (1.4.1's active and terminal answers)
    return Reply(status, _answer(admitted.row))


def get_dream_run(call: Call[None]) -> Reply:
    row = call.services.store.get_dream_run(call.path["scope_id"], call.path["run_id"])
    if row is None:
        raise DreamNotFound(DREAM_MESSAGE)
    worker = call.services.dream
    if worker is not None and row.status in ("queued", "running"):
        worker.wake()  # an expired lease is taken over by whoever looks
    return Reply(200, _answer(row))


def list_dream_runs(call: Call[None]) -> Reply:
    cursor, limit = call.query.get("cursor"), int(call.query["limit"])
    before = None
    if cursor is not None:
        found = _CURSOR.match(cursor)
        if found is None:
            raise InvalidCursor("cursor_malformed")
        before = (found.group(1), found.group(2))
    rows = call.services.store.list_dream_runs(
        call.path["scope_id"], status=call.query.get("status"), operation=call.query.get("operation"),
        before=before, limit=limit + 1,
    )  # fmt: skip
    page = rows[:limit]
    next_cursor = f"{page[-1].accepted_at}:{page[-1].run_id}" if len(rows) > limit and page else None
    return Reply(200, {"runs": [_answer(row) for row in page], "next_cursor": next_cursor})


def propose_for_dream(store: Any) -> Any:
    """The worker's ``Propose``: a pending Candidate under ``propose_*``'s rules."""

    def propose(
        scope_id: str, family: ReviewedFamily, proposal: dict[str, Any], sources: list[SourceRef],
        artifacts: list[ArtifactRef], target: ArtifactRef | None, reason: str,
    ) -> Any:  # fmt: skip
        if family == "skill":
            check_skill(proposal)
        return store.create_candidate(
            scope_id, family, normalized(family, proposal), source_refs=sources, artifact_refs=artifacts,
            target=target, reason=reason,
        )  # fmt: skip

    return propose


DREAM_HANDLERS: Mapping[str, Handler] = {
    "create_dream_run": create_dream_run,
    "get_dream_run": get_dream_run,
    "list_dream_runs": list_dream_runs,
}
