"""The contract gate as the server applies it: request bodies before handlers, replies before sending.

Every body is checked against its operation's request definition, and every reply against the
response definition the OpenAPI document declares for its operation and status. Some
operations need more than their schema; their checks are registered here by operation id:
prepare's request (assembly rules with the server's ``assembly_max_entries``) and reply (the
PreparedContext semantic rules with what the request said), and artifact creation (a failed
``oneOf`` over families is explained by the family's own content rules). A reply that fails is
never sent: the endpoint logs the operation, request id and rule ids and answers 500.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from pcreceipt.config import Settings
from pcreceipt.contract import gate
from pcreceipt.errors import InvalidRequest
from pcreceipt.models import Operation, limits
from pcreceipt.prepare.reply import RECEIPT_KEY, Prepared
from pcreceipt.server.http.exchange import Call, Reply, Services
from pcreceipt.server.http.responses import declared_response, response_definition

MAX_VIOLATIONS = limits.ERROR_DETAILS_VIOLATIONS_MAX_ITEMS

CONTENT_DEFINITIONS: Mapping[str, str] = {
    "atomic-memory": "AtomicMemoryContent",
    "topic-memory": "TopicMemoryContent",
    "experience": "ExperienceContent",
    "profile": "ProfileContent",
    "prompt": "PromptContent",
}
"""The content definition of each artifact family (replace checks the body against the path's family)."""


DEFERRED_RULES: Mapping[str, frozenset[str]] = {"prepare_context": frozenset({"assembly_max_entries"})}
"""Per operation, the request rules reported only once its Scope is known to exist: PowerContext
answers an unknown Scope (404) before an assembly whose section limits exceed the server's entry
cap (422). The gate still runs once: ``check_request_body`` keeps these violations on the call and
the handler reports them (``report_deferred``) after the Scope lookup."""


def check_prepare_request(body: Any, settings: Settings) -> list[gate.Violation]:
    """The prepare request gate, with the server's assembly_max_entries."""
    return gate.check_prepare_request(body, assembly_max_entries=settings.assembly_max_entries)


def report_deferred(call: Call) -> None:
    """``InvalidRequest`` (422) for the violations ``check_request_body`` deferred until the Scope was known."""
    if call.deferred_violations:
        details = {"violations": [v.as_dict() for v in call.deferred_violations[:MAX_VIOLATIONS]]}
        raise InvalidRequest("The request body does not match the contract.", details)


def check_prepared_context(call: Call, reply: Reply) -> list[gate.Violation]:
    """The PreparedContext gate with what the request said (the plan the runtime answered).

    The reply is a ``Prepared``: its fields are checked here (schema and semantic rules, and a
    Receipt only when one was asked for); its Receipt is a ``CheckedReceipt``, which
    ``receipt.assemble_receipt`` already validated against this very content, so it is not
    checked a second time."""
    prepared = reply.body
    if not isinstance(prepared, Prepared):
        return [gate.Violation("", "type", "the prepare reply is not a prepared context")]
    plan = prepared.plan
    violations = gate.check_prepared_context(
        prepared.fields, max_bytes=plan.max_bytes, include_receipt=plan.include_receipt, explain=plan.explain
    )
    if prepared.receipt is not None and not plan.include_receipt:
        rule = "receipt_requires_flag"
        violations.append(gate.Violation(gate.pointer([RECEIPT_KEY]), rule, gate.SEMANTIC_RULES[rule]))
    return violations


def _artifact_request_violations(item: Any, base: list[str | int]) -> list[gate.Violation]:
    """A create item's violations; when the ``oneOf`` over families fails for an item of a known
    family, the family's content violations come first (``/content/kind: pattern`` says more
    than ``/: oneOf``)."""
    violations = gate.check_schema("CreateArtifactRequest", item, base=base)
    if not violations or not isinstance(item, dict) or not isinstance(item.get("content"), dict):
        return violations
    definition = CONTENT_DEFINITIONS.get(str(item.get("family")))
    if definition is None:
        return violations
    return gate.check_schema(definition, item["content"], base=[*base, "content"]) + violations


def check_create_artifact_request(body: Any, settings: Settings) -> list[gate.Violation]:
    return _artifact_request_violations(body, [])


def check_import_artifacts_request(body: Any, settings: Settings) -> list[gate.Violation]:
    violations = gate.check_schema("ImportArtifactsRequest", body)
    if not violations or not isinstance(body, dict) or not isinstance(body.get("items"), list):
        return violations
    detailed = [v for i, item in enumerate(body["items"]) for v in _artifact_request_violations(item, ["items", i])]
    return detailed or violations


DIGEST_HEADERS = ("X-PowerContext-Selection-Digest", "X-PowerContext-Report-Digest")
_DIGEST = re.compile(r"^sha256:[0-9a-f]{64}$")


def check_handoff_report(call: Call, reply: Reply) -> list[gate.Violation]:
    """get_handoff_report's reply: ``Cache-Control: no-store`` and both digest headers; a document
    (``Reply.media_type``) must be text of a media type the 200 declares; JSON is checked against
    ``HandoffReportResponse``, or with ``download`` against the bare ``HandoffReport`` it answers."""
    violations = [
        gate.Violation("", "header", f"the reply lacks a valid {name} header")
        for name in DIGEST_HEADERS
        if not _DIGEST.match(reply.headers.get(name, ""))
    ]
    if reply.headers.get("Cache-Control") != "no-store":
        violations.append(gate.Violation("", "header", "the reply lacks Cache-Control: no-store"))
    declared = (declared_response(call.operation, reply.status) or {}).get("content", {})
    if reply.media_type is not None:
        media = reply.media_type.split(";", 1)[0].strip()
        if media not in declared or media == "application/json" or not isinstance(reply.body, (bytes, str)):
            violations.append(gate.Violation("", "declared_status", "the reply's document is not declared"))
        return violations
    download = isinstance(call.body, Mapping) and call.body.get("download") is True
    definition = "HandoffReport" if download else response_definition(call.operation, reply.status)
    if definition is None:
        return [*violations, gate.Violation("", "declared_status", "the reply has an undeclared body")]
    return violations + gate.check_schema(definition, reply.body)


RequestCheck = Callable[[Any, Settings], list[gate.Violation]]
ReplyCheck = Callable[[Call, Reply], list[gate.Violation]]

REQUEST_CHECKS: Mapping[str, RequestCheck] = {
    "prepare_context": check_prepare_request,
    "create_artifact": check_create_artifact_request,
    "import_artifacts": check_import_artifacts_request,
}
"""Operations whose request body needs more than its schema (the rest are checked against their request definition)."""

REPLY_CHECKS: Mapping[str, ReplyCheck] = {
    "prepare_context": check_prepared_context,
    "get_handoff_report": check_handoff_report,
}
"""Operations whose reply needs more than its schema (the rest are checked against their response definition)."""


def check_request_body(operation: Operation, body: Any, services: Services) -> tuple[gate.Violation, ...]:
    """``InvalidRequest`` (422) with the violations of ``body`` against the operation's request
    definition; the violations of its ``DEFERRED_RULES``, when those are all, are returned for the
    handler to report after its Scope lookup (the gate runs once either way)."""
    special = REQUEST_CHECKS.get(operation.operation_id)
    assert operation.request_model is not None
    if special is not None:
        violations = special(body, services.settings)
    else:
        violations = gate.check_schema(operation.request_model, body)
    later = DEFERRED_RULES.get(operation.operation_id, frozenset())
    now = [v for v in violations if v.rule not in later]
    if now:
        details = {"violations": [v.as_dict() for v in now[:MAX_VIOLATIONS]]}
        raise InvalidRequest("The request body does not match the contract.", details)
    return tuple(violations)


def check_reply(call: Call, reply: Reply) -> list[gate.Violation]:
    """Violations of a handler's reply; empty when it may be sent."""
    operation = call.operation
    declared = declared_response(operation, reply.status)
    if declared is None:
        return [gate.Violation("", "declared_status", "the reply's status is not declared")]
    if reply.body is None:
        empty = "content" not in declared
        return [] if empty else [gate.Violation("", "declared_status", "the reply lacks its declared body")]
    special = REPLY_CHECKS.get(operation.operation_id)
    if special is not None:
        return special(call, reply)
    definition = response_definition(operation, reply.status)
    if definition is None:
        return [gate.Violation("", "declared_status", "the reply has an undeclared body")]
    return gate.check_schema(definition, reply.body)
