"""The handlers of the service operations: capabilities, server info and the bootstrap package
(registered in ``server.handlers.HANDLERS``; the memory flush is with the Sources, ``server.handlers.sources``).

Decisions (``docs/decisions.md``, "Capabilities, server info, bootstrap and flush"):
- Capabilities say what this runtime really does: Memory extraction exactly when a generation
  provider is configured for it; ``prompts`` lists the two built-in prompts pcreceipt runs
  (``memory.rerank``, ``atomic_memory.extract``), each ``supported`` exactly when its component
  runs, else ``disabled`` with the reason (contract 3.0.0); Experience and Skill generation
  exactly when a generation provider is configured (``generate_*``); Dream runs (refine_experience,
  derive_skill) exactly when a generation provider is configured;
  content Sources are captured (``source_types: ["content"]``); the retrieval modes prepare's
  recall can run (vector and hybrid only with an embedder and a store that searches vectors);
  pcreceipt's artifact families.
- Server info: ``server_id`` is the store's (one per database); the package and API versions are
  pcreceipt's own; no PowerContext feature group is claimed, since none is implemented whole.
- Bootstrap (``docs/decisions.md``, "Full bootstrap"): a disabled request is ``skipped``/``disabled``;
  an enabled one offers the Scope's active memories tagged ``bootstrap-context`` (``prepare.bootstrap``):
  ``ready`` with a pending, stored receipt, or ``empty``/``no_eligible_context``. pcreceipt has no
  Handoffs, so a requested Handoff is a 404. A request naming a host event keeps one stored
  receipt for it, as PowerContext 1.4.1 does: a retry must repeat the shaping fields (else 422),
  a pending receipt's package is rebuilt from the revisions it named (``preparation_failed`` when
  that is no longer possible), a terminal one is ``already_delivered``. Receipts older than 30
  days are purged whenever an enabled or event-naming request arrives.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Mapping
from importlib import metadata
from typing import Any

from pcreceipt.contract import gate
from pcreceipt.errors import ArtifactNotFound, ScopeNotFound
from pcreceipt.models import bodies, limits
from pcreceipt.prepare import bootstrap, prompts
from pcreceipt.prepare.dream import FAMILIES
from pcreceipt.server.handlers.common import invalid
from pcreceipt.server.handlers.dream import speaks_dream_contract_2
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.server.http.store_errors import SCOPE_NOT_FOUND_MESSAGE
from pcreceipt.store.ids import utc_now
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import HANDOFF, BootstrapItem, BootstrapReceipt
from pcreceipt.store.service import receipt_cutoff

BOOTSTRAP_SCHEMA = limits.BOOTSTRAP_CONTEXT_SCHEMA_ENUM[0]
PREPARED_CONTEXT_SCHEMA = limits.PREPARED_CONTEXT_SCHEMA_CONST
RECEIPT_PREFIX = "bcr_"
OBSERVATION_SINCE = utc_now()
"""When this process started observing Memory extraction."""


# -- capabilities and server info


def _search_modes(call: Call) -> list[str]:
    embedding = call.services.settings.embedding
    vectors = (embedding.local_model or embedding.base_url is not None) and call.services.store.vector_search_available
    return [mode for mode in limits.SEARCH_MODE_NAME_ENUM if vectors or mode in ("auto", "fts")]


def _extraction(call: Call) -> dict[str, Any]:
    """The ``extraction`` block: configured exactly when a Memory extractor runs (a generation
    provider with extraction enabled); observed once a flush extracted a Source."""
    extractor = call.services.extractor
    last_success = None if extractor is None else extractor.last_success_at
    failure = None if extractor is None else extractor.last_failure
    return {
        "configuration": "configured" if extractor is not None else "unconfigured",
        "background": {"location": "none", "role": None, "state": "stopped", "automatic_processing_enabled": False},
        "observation": {
            "status": "observed" if last_success is not None or failure is not None else "unverified",
            "since": OBSERVATION_SINCE,
            "last_failure": None if failure is None else dict(failure),
            "last_success_at": last_success,
        },
    }


def prompt_availability(call: Call) -> prompts.Availability:
    """What the configuration says of the prompted components (``prepare.prompts``): the model
    reranker runs with rerank ``kind: model``, a provider URL and a model (its own or
    generation's); extraction runs when an extractor is built; generation when both its URL and
    model are set; Handoff drafts when a Handoff generator is built; Profiles when a Profile
    generator is built."""
    settings = call.services.settings
    generation, rerank = settings.generation, settings.rerank
    rerank_reason: prompts.Reason | None = None
    if rerank.kind != "model":
        rerank_reason = "operation_disabled"
    elif (rerank.base_url or generation.base_url) is None or (rerank.model or generation.model) is None:
        rerank_reason = "provider_not_configured"
    extract_reason: prompts.Reason | None = None
    if call.services.extractor is None:
        extract_reason = "provider_not_configured" if settings.extraction.enabled else "operation_disabled"
    return prompts.Availability(
        rerank=rerank_reason,
        extract=extract_reason,
        generation=generation.base_url is not None and generation.model is not None,
        generator=call.services.generator is not None,
        handoff=None if call.services.handoff_generator is not None else "provider_not_configured",
        profile=None if call.services.profile_generator is not None else "provider_not_configured",
    )


def get_capabilities(call: Call[None]) -> Reply:
    body = {
        "prompts": prompts.capabilities(prompt_availability(call)),
        "artifact_dreaming": call.services.dream is not None,
        "source_types": list(limits.CAPTURED_SOURCE_REFERENCE_NAME_ENUM),
        "artifact_families": list(limits.ARTIFACT_FAMILY_ENUM),
        "memory_extraction": call.services.extractor is not None,
        "extraction": _extraction(call),
        "experience_generation": call.services.generator is not None,
        "managed_skill_generation": call.services.generator is not None,
        "external_skill_registry": True,  # the operator's registry directory (empty without one)
        "handoff_generation": call.services.handoff_generator is not None,
        "search_modes": _search_modes(call),
        "context_versions": [PREPARED_CONTEXT_SCHEMA],
    }
    if speaks_dream_contract_2(call):  # 1.4.1 names the operations to a client of Dream contract 2 only
        operations = [
            {"operation": op, "output_kind": "candidate", "effect": "review_then_publish"}
            for op in (FAMILIES if call.services.dream is not None else ())
        ]  # none without a provider (the official client and every host send the header)
        keys = list(body)
        at = keys.index("artifact_dreaming") + 1
        body = (
            {key: body[key] for key in keys[:at]}
            | {"artifact_dreaming_operations": operations}
            | {key: body[key] for key in keys[at:]}
        )
    return Reply(200, body)


def _major_minor(version: str) -> dict[str, int]:
    major, minor, *_ = version.split(".")
    return {"major": int(major), "minor": int(minor)}


FEATURE_CONTRACTS: dict[str, Any] = {
    "access.principal": {"version": {"major": 1, "minor": 0}, "operations": ["get_access_principal"]},
    "memory.explicit": {
        "version": {"major": 1, "minor": 0},
        "operations": ["remember_memory", "search_memory", "get_memory_entry"],
    },
    "scope.selection": {
        "version": {"major": 1, "minor": 0},
        "operations": ["list_scopes", "get_scope", "get_default_scope"],
    },
}
"""PowerContext 1.4.1's feature groups this server serves completely, with 1.4.1's versions and
operations: ``access.principal`` (server/handlers/access.py), ``memory.explicit`` (the Memory tools'
remember, search and entry read) and ``scope.selection`` (listing, reading and the default Scope)."""


def get_server_info(call: Call[None]) -> Reply:
    body = {
        "schema_version": {"major": 1, "minor": 0},
        "product": limits.SERVER_INFO_PRODUCT_ENUM[0],
        "server_id": call.services.store.server_id(),
        "package_version": metadata.version("pcreceipt"),
        "api_contract_version": _major_minor(str(gate.openapi_document()["info"]["version"])),
        "feature_contracts": FEATURE_CONTRACTS,
    }
    return Reply(200, body)


# -- bootstrap


def bootstrap_event_key(scope_id: str, body: Mapping[str, Any]) -> str | None:
    """The digest a host event's receipt is stored under, or None when the request names no event."""
    event_id = body.get("event_id")
    if event_id is None:
        return None
    identity = "\0".join((scope_id, body["integration"], body["lifecycle"], event_id))
    return hashlib.sha256(identity.encode("utf-8")).hexdigest()


def bootstrap_request_digest(body: Mapping[str, Any]) -> str:
    """The digest of the fields that shape a package: a retry of one event must repeat them."""
    shaping = {
        "handoff": body.get("handoff"),
        "integration": body["integration"],
        "lifecycle": body["lifecycle"],
        "max_bytes": body.get("max_bytes", limits.BOOTSTRAP_CONTEXT_REQUEST_MAX_BYTES_DEFAULT),
        "profile": body.get("profile", limits.BOOTSTRAP_CONTEXT_REQUEST_PROFILE_DEFAULT),
    }
    encoded = json.dumps(shaping, ensure_ascii=True, separators=(",", ":"), sort_keys=True).encode("ascii")
    return "sha256:" + hashlib.sha256(encoded).hexdigest()


def _new_receipt(
    scope_id: str,
    event_key: str | None,
    body: Mapping[str, Any],
    *,
    state: str = "skipped",
    items: tuple[BootstrapItem, ...] = (),
) -> BootstrapReceipt:
    receipt_id = RECEIPT_PREFIX + uuid.uuid4().hex
    return BootstrapReceipt(
        receipt_id=receipt_id,
        scope_id=scope_id,
        event_key=event_key or receipt_id,  # a ready package's receipt is stored even without an event
        request_digest=bootstrap_request_digest(body),
        state=state,  # type: ignore[arg-type]
        created_at=utc_now(),
        items=items,
    )


def _package(
    status: str,
    reason: str | None,
    profile: str,
    receipt: BootstrapReceipt,
    built: bootstrap.Package | None = None,
) -> dict[str, Any]:
    content = None if built is None else built.content
    return {
        "schema": BOOTSTRAP_SCHEMA,
        "status": status,
        "reason": reason,
        "profile": profile,
        "content": content,
        "content_bytes": 0 if content is None else len(content.encode("utf-8")),
        "package_digest": None if content is None else bootstrap.package_digest(content),
        "items": [] if built is None or content is None else [_item(item) for item in built.items],
        "truncated": False if built is None else built.truncated,
        "receipt": {"receipt_id": receipt.receipt_id, "state": receipt.state},
    }


def _item(item: BootstrapItem) -> dict[str, Any]:
    artifact = {"family": item.family, "artifact_id": item.artifact_id, "revision": item.revision}
    return {
        "kind": item.family,
        "scope_id": item.scope_id,
        "artifact": artifact,
        "content_digest": item.content_digest,
        "truncated": item.truncated,
    }


def _same_request(stored: BootstrapReceipt, body: Mapping[str, Any]) -> None:
    if stored.request_digest != bootstrap_request_digest(body):
        raise invalid(
            "/event_id", "bootstrap_event_request", "A retried event must repeat its profile, max_bytes and handoff."
        )


def _existing(store: Store, stored: BootstrapReceipt, body: Mapping[str, Any], profile: str) -> Reply:
    """A stored receipt's event again: a pending receipt's package rebuilt from the revisions it
    named (the receipt fails when that is no longer possible), else ``already_delivered``."""
    if stored.scope_id != body["scope_id"] or stored.state != "pending":
        return Reply(200, _package("skipped", "already_delivered", profile, stored))
    max_bytes = body.get("max_bytes", limits.BOOTSTRAP_CONTEXT_REQUEST_MAX_BYTES_DEFAULT)
    rebuilt = bootstrap.rebuild(store, stored.items, max_bytes) if stored.items else None
    if rebuilt is not None and rebuilt.content is not None:
        return Reply(200, _package("ready", None, profile, stored, rebuilt))
    moved, _ = store.record_bootstrap_delivery(stored.scope_id, stored.receipt_id, "failed")
    stored = moved or stored
    reason = "preparation_failed" if stored.state == "failed" else "already_delivered"
    return Reply(200, _package("skipped", reason, profile, stored))


def prepare_bootstrap_context(call: Call[bodies.BootstrapContextRequest]) -> Reply:
    body = call.body
    store = call.services.store
    scope_id = body["scope_id"]
    profile = body.get("profile", limits.BOOTSTRAP_CONTEXT_REQUEST_PROFILE_DEFAULT)
    enabled = body.get("enabled", False)
    event_key = bootstrap_event_key(scope_id, body)
    if enabled or event_key is not None:
        store.purge_bootstrap_receipts(receipt_cutoff())
    stored = store.bootstrap_receipt_for_event(event_key) if event_key is not None else None
    if not enabled:
        if stored is None:
            stored = _new_receipt(scope_id, event_key, body)
            if event_key is not None:
                stored, _ = store.create_bootstrap_receipt(stored)
        if stored.state == "pending":
            moved, _ = store.record_bootstrap_delivery(scope_id, stored.receipt_id, "skipped")
            stored = moved or stored
        reason = "disabled" if stored.state == "skipped" else "already_delivered"
        return Reply(200, _package("skipped", reason, profile, stored))
    if stored is not None:
        _same_request(stored, body)
        return _existing(store, stored, body, profile)
    scope = store.get_scope(scope_id)
    if scope is None:
        raise ScopeNotFound(SCOPE_NOT_FOUND_MESSAGE)
    max_bytes = body.get("max_bytes", limits.BOOTSTRAP_CONTEXT_REQUEST_MAX_BYTES_DEFAULT)
    candidates = bootstrap.eligible(store, scope, lambda other: call.principal.may(other, "read"))
    if (ref := body.get("handoff")) is not None:
        named = (ref["family"], ref["artifact_id"]) == (HANDOFF, HANDOFF)
        handoff = store.handoff_revision(scope_id, ref["revision"]) if named else None
        if handoff is None:
            raise ArtifactNotFound("No such committed Handoff revision in the Scope.")
        candidates.insert(0, bootstrap.handoff_candidate(handoff))
    built = bootstrap.build(candidates, max_bytes)
    if built.content is None:
        receipt = _new_receipt(scope_id, event_key, body)
        if event_key is not None:
            receipt, created = store.create_bootstrap_receipt(receipt)
            if not created:
                _same_request(receipt, body)
                return _existing(store, receipt, body, profile)
        return Reply(200, _package("empty", "no_eligible_context", profile, receipt, built))
    receipt, created = store.create_bootstrap_receipt(
        _new_receipt(scope_id, event_key, body, state="pending", items=built.items)
    )
    if not created:
        _same_request(receipt, body)
        return _existing(store, receipt, body, profile)
    return Reply(200, _package("ready", None, profile, receipt, built))


def record_bootstrap_delivery(call: Call[bodies.RecordBootstrapDeliveryRequest]) -> Reply:
    body = call.body
    store = call.services.store
    stored, claimed = store.record_bootstrap_delivery(body["scope_id"], body["receipt_id"], body["outcome"])
    if stored is None:
        raise invalid("/receipt_id", "bootstrap_receipt", "The Scope has no such bootstrap receipt.")
    if body["outcome"] == "injected" and not claimed:
        raise invalid("/receipt_id", "bootstrap_receipt_claimed", "The receipt's delivery is already recorded.")
    return Reply(200, {"receipt_id": stored.receipt_id, "state": stored.state})


SERVICE_HANDLERS: Mapping[str, Handler] = {
    "get_capabilities": get_capabilities,
    "get_server_info": get_server_info,
    "prepare_bootstrap_context": prepare_bootstrap_context,
    "record_bootstrap_delivery": record_bootstrap_delivery,
}
