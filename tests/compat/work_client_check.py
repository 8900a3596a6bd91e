"""The work continuity groups of ``official_client_check.py`` (its helpers passed in, so the checks and
failures are the check's own): Work Contracts, Task Outcomes and Handoffs through PowerContext's official
client. Imports only the official client and the standard library."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from powercontext.client import PowerContextClient
from powercontext.http import (
    AcknowledgeHandoffRequest,
    CaptureContentSourceRequest,
    CommitHandoffRequest,
    ContinueHandoffRequest,
    CreateWorkContractRequest,
    FinalizeHandoffRequest,
    HandoffCurrentWorkRequest,
    PrepareHandoffHintRequest,
    RecordTaskOutcomeRequest,
)


async def work_records(
    client: PowerContextClient,
    new_scope: Callable[[PowerContextClient, str], Awaitable[str]],
    check: Callable[[str, bool], bool],
    expect_error: Callable[[str, int, str | None, Callable[[], Awaitable[Any]]], Awaitable[Any]],
) -> None:
    """A Work Contract citing a captured Source, its replay and conflict, missing evidence, and a Task
    Outcome (with a handoff_receipt_ref that names no Handoff Receipt)."""
    scope_id = await new_scope(client, "Compat work")
    evidence = {"scope_id": scope_id, "source_id": "compat-work-log", "content": "The release checklist."}
    await client.capture_content_source(CaptureContentSourceRequest.model_validate(evidence))
    cited = {"kind": "source", "source_ref": {"name": "content", "source_id": "compat-work-log"}}
    contract = {
        "schema": "powercontext.work-contract.v1",
        "trust": "untrusted_input",
        "objective": "Prepare the release.",
        "facts": [{"text": "The checklist exists.", "basis": "verified", "evidence": [cited]}],
        "in_scope": ["release notes"],
        "exclusions": ["version bumps"],
        "completion_criteria": ["notes reviewed"],
        "authorization_notes": [],
        "open_questions": [],
    }
    body = {"scope_id": scope_id, "source_id": "compat-contract", "contract": contract}
    receipt = await client.create_work_contract(CreateWorkContractRequest.model_validate(body))
    check(
        "work contract stored as a Source",
        receipt.kind.value == "work-contract"
        and receipt.source.source_id == "compat-contract"
        and receipt.content_digest.startswith("sha256:"),
    )
    replay = await client.create_work_contract(CreateWorkContractRequest.model_validate(body))
    check("work contract replay", replay == receipt)
    other = CreateWorkContractRequest.model_validate({**body, "contract": {**contract, "objective": "Other."}})
    await expect_error("create_work_contract", 409, "source_conflict", lambda: client.create_work_contract(other))
    missing_cite = {"kind": "source", "source_ref": {"name": "content", "source_id": "compat-missing"}}
    missing_fact = {"text": "Unbacked.", "basis": "verified", "evidence": [missing_cite]}
    missing = CreateWorkContractRequest.model_validate(
        {**body, "source_id": "compat-contract-2", "contract": {**contract, "facts": [missing_fact]}}
    )
    await expect_error(
        "create_work_contract", 404, "handoff_evidence_not_found", lambda: client.create_work_contract(missing)
    )
    outcome = {
        "schema": "powercontext.task-outcome.v1",
        "trust": "untrusted_observation",
        "objective": "Prepare the release.",
        "status": "partial",
        "summary": "Notes drafted.",
        "observations": [{"text": "Two entries remain.", "basis": "declared", "evidence": []}],
        "checks": [{"name": "docs build", "status": "timed_out", "basis": "declared", "evidence": []}],
        "produced_artifacts": [],
        "remaining_work": ["Review the notes."],
    }
    recorded = await client.record_task_outcome(
        RecordTaskOutcomeRequest.model_validate(
            {"scope_id": scope_id, "source_id": "compat-outcome", "outcome": outcome}
        )
    )
    check(
        "task outcome stored after the contract",
        recorded.kind.value == "task-outcome" and recorded.position > receipt.position,
    )
    unlinked = RecordTaskOutcomeRequest.model_validate(
        {
            "scope_id": scope_id,
            "source_id": "compat-outcome-2",
            "outcome": {**outcome, "handoff_receipt_ref": {"name": "content", "source_id": "compat-work-log"}},
        }
    )
    await expect_error("record_task_outcome", 422, "invalid_request", lambda: client.record_task_outcome(unlinked))


async def handoffs(
    client: PowerContextClient,
    new_scope: Callable[[PowerContextClient, str], Awaitable[str]],
    check: Callable[[str, bool], bool],
    expect_error: Callable[[str, int, str | None, Callable[[], Awaitable[Any]]], Awaitable[Any]],
) -> None:
    """The Handoff lifecycle: latest on an empty Scope, finalize, commit (replay, stale base), continue
    latest, exact and prepared, and handing off current work in one step."""
    scope_id = await new_scope(client, "Compat handoffs")
    source = {"scope_id": scope_id, "source_id": "compat-handoff-log", "content": "The release log."}
    await client.capture_content_source(CaptureContentSourceRequest.model_validate(source))
    latest = ContinueHandoffRequest.model_validate({"scope_id": scope_id, "selection": "latest"})
    empty = await client.continue_handoff(latest)
    check("continue latest without a Handoff is empty", empty.status.value == "empty" and empty.content is None)
    cited = {"kind": "source", "source_ref": {"name": "content", "source_id": "compat-handoff-log"}}
    draft = {
        "objective": "Ship the release notes.",
        "state": [{"text": "Most changes are described.", "citations": [cited]}],
        "disposition": "continuable",
        "next_action": {"text": "Describe the rest.", "citations": [cited]},
        "omissions": [],
    }
    prepared = await client.finalize_handoff(
        FinalizeHandoffRequest.model_validate({"scope_id": scope_id, "draft": draft})
    )
    check("finalize prepares without a base", prepared.base is None and prepared.scope_id == scope_id)
    carried = prepared.model_dump(mode="json", by_alias=True)
    commit = CommitHandoffRequest.model_validate({"scope_id": scope_id, "handoff": carried})
    committed = await client.commit_handoff(commit)
    check("commit writes revision 1", committed.reference.revision == 1 and committed.reference.family == "handoff")
    again = await client.commit_handoff(commit)
    check("commit replay answers the same revision", again == committed)
    second = {**draft, "objective": "Ship the release notes and the changelog."}
    stale = await client.finalize_handoff(
        FinalizeHandoffRequest.model_validate({"scope_id": scope_id, "draft": second})
    )
    stale_value = {**stale.model_dump(mode="json", by_alias=True), "base": None}
    stale_commit = CommitHandoffRequest.model_validate({"scope_id": scope_id, "handoff": stale_value})
    await expect_error("commit_handoff", 409, "revision_conflict", lambda: client.commit_handoff(stale_commit))
    resolved = await client.continue_handoff(latest)
    check(
        "continue latest resolves the committed revision",
        resolved.status.value == "resolved"
        and resolved.selected_revision == committed.reference
        and all(item.status.value == "available" for item in resolved.evidence_checks),
    )
    exact = ContinueHandoffRequest.model_validate(
        {"scope_id": scope_id, "selection": "exact", "revision": committed.reference.model_dump(mode="json")}
    )
    check("continue exact", (await client.continue_handoff(exact)).content == committed.content)
    from_prepared = ContinueHandoffRequest.model_validate(
        {"scope_id": scope_id, "selection": "prepared", "prepared": carried}
    )
    check("continue prepared", (await client.continue_handoff(from_prepared)).selected_revision is None)
    current = {
        "schema": "powercontext.current-work-handoff.v1",
        "trust": "untrusted_input",
        "objective": "Ship the release notes.",
        "state": [{"text": "Drafted.", "basis": "declared", "evidence": []}],
        "disposition": "continuable",
        "next_action": None,
        "omissions": ["Benchmarks."],
    }
    work = HandoffCurrentWorkRequest.model_validate(
        {"scope_id": scope_id, "source_id": "compat-boundary", "handoff": current}
    )
    handed = await client.handoff_current_work(work)
    check(
        "handoff_current_work records the boundary and prepares on the latest revision",
        handed.boundary.kind.value == "handoff-boundary" and handed.handoff.base == committed.reference,
    )
    checks = {"live_state": "confirmed", "capability": "confirmed", "authorization": "confirmed"}
    accepted = {
        "scope_id": scope_id,
        "source_id": "compat-handoff-receipt",
        "receiver": "compat-receiver",
        "status": "accepted",
        "selection": "exact",
        "receiver_checks": checks,
        "revision": committed.reference.model_dump(mode="json"),
    }
    acknowledged = await client.acknowledge_handoff(AcknowledgeHandoffRequest.model_validate(accepted))
    check(
        "acknowledge_handoff stores a Handoff Receipt",
        acknowledged.receipt.kind.value == "handoff-receipt"
        and acknowledged.resolution.selected_revision == committed.reference,
    )
    unconfirmed = AcknowledgeHandoffRequest.model_validate(
        {
            **accepted,
            "source_id": "compat-handoff-receipt-2",
            "receiver_checks": {**checks, "capability": "not_checked"},
        }
    )
    await expect_error("acknowledge_handoff", 422, "invalid_request", lambda: client.acknowledge_handoff(unconfirmed))
    hint = await client.prepare_handoff_hint(
        PrepareHandoffHintRequest.model_validate({"scope_id": scope_id, "selection": "latest", "max_bytes": 4000})
    )
    check(
        "prepare_handoff_hint answers a ready PreparedContext",
        hint.status.value == "ready" and "BEGIN_POWERCONTEXT_CONTINUITY_HINT_V1" in (hint.content or ""),
    )
    tiny = PrepareHandoffHintRequest.model_validate({"scope_id": scope_id, "selection": "latest", "max_bytes": 1})
    check("a hint over its budget is empty", (await client.prepare_handoff_hint(tiny)).status.value == "empty")
