"""The work continuity group of ``official_client_check.py`` (its helpers passed in, so the checks and
failures are the check's own): Work Contracts and Task Outcomes through PowerContext's official
client. Imports only the official client and the standard library."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from powercontext.client import PowerContextClient
from powercontext.http import CaptureContentSourceRequest, CreateWorkContractRequest, RecordTaskOutcomeRequest


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
