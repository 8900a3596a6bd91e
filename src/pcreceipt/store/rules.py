"""Engine-neutral rules every engine applies before it writes, so both engines agree exactly.

Each check raises the protocol's error for its case and never puts bodies or query text in a
message: InvalidRecord for requests that can never succeed, WriteConflict (with the current
revision and state version) for requests that were valid against an earlier state.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pcreceipt.models import limits
from pcreceipt.store.records import (
    ArtifactFamily,
    ArtifactRef,
    ConflictReason,
    InvalidRecord,
    LifecycleState,
    RecordNotFound,
    RefusedReference,
    WriteConflict,
)

ARTIFACT_ID = re.compile(r"[!-~]{1,128}")
"""Every id an artifact can have: 1–128 printable ASCII characters, no space (common ArtifactId)."""
_FINGERPRINT = re.compile(r"[0-9a-f]{64}")
READ_CODE_MAX_LINES = limits.CODE_RANGE_LINES_MAX_ITEMS
REQUESTABLE_STATES: frozenset[LifecycleState] = frozenset(limits.ATOMIC_MEMORY_LIFECYCLE_REQUEST_STATE_ENUM)


@dataclass(frozen=True, slots=True)
class LifecycleView:
    """What the lifecycle rules need to know about an atomic memory's head."""

    revision: int
    state: LifecycleState
    state_version: int
    is_merge_result: bool


def check_artifact_id(artifact_id: str) -> None:
    if not ARTIFACT_ID.fullmatch(artifact_id):
        raise InvalidRecord("artifact_id must be 1-128 printable ASCII characters without spaces")


def check_prompt_key(family: ArtifactFamily, prompt_key: str | None) -> None:
    """A prompt needs a prompt_key; no other family takes one."""
    if (family == "prompt") != (prompt_key is not None):
        raise InvalidRecord("prompt_key is required for prompts and only for prompts")


def check_context_references(scope_id: str, references: Sequence[str], existing: set[str]) -> None:
    """Unique, never the Scope itself, and every one an existing Scope (else RecordNotFound)."""
    if len(set(references)) != len(references):
        raise InvalidRecord("context_references must be unique")
    if scope_id in references:
        raise InvalidRecord("a Scope cannot reference itself")
    if not set(references) <= existing:
        raise RecordNotFound("a context reference names an unknown Scope", kind="scope")


def check_external_references(references: Sequence[Mapping[str, str]]) -> None:
    for reference in references:
        if not all(isinstance(key, str) and isinstance(value, str) for key, value in reference.items()):
            raise InvalidRecord("external_references must map strings to strings")


_NOT_ACTIVE: dict[LifecycleState, ConflictReason] = {
    "forgotten": "already_forgotten",
    "merged": "already_merged",
    "retired": "already_retired",
}


def conflict(message: str, view: LifecycleView, reason: ConflictReason) -> WriteConflict:
    return WriteConflict(
        message, reason=reason, current_revision=view.revision, current_state_version=view.state_version
    )


def check_expected(view: LifecycleView, *, revision: int, state_version: int) -> None:
    """The caller's revision and state_version must be the head's (a stale revision is named first)."""
    if view.revision != revision:
        raise conflict("stale atomic memory revision", view, "stale_revision")
    if view.state_version != state_version:
        raise conflict("stale atomic memory state_version", view, "stale_state_version")


def check_active(view: LifecycleView, message: str) -> None:
    """WriteConflict naming the state (``already_forgotten`` …) unless the memory is active."""
    if view.state != "active":
        raise conflict(message, view, _NOT_ACTIVE[view.state])


def check_replaceable(view: LifecycleView, *, expected_revision: int) -> None:
    """An atomic memory takes a new revision only while active and only from its head."""
    if view.revision != expected_revision:
        raise conflict("stale revision", view, "stale_revision")
    check_active(view, "only an active atomic memory can be replaced")


def check_requestable_state(target: LifecycleState) -> None:
    if target not in REQUESTABLE_STATES:
        raise InvalidRecord("a lifecycle change can only request forgotten or retired")


def check_lifecycle_change(view: LifecycleView, target: LifecycleState) -> None:
    """forgotten: from active. retired: from active, merge results only (target already requestable)."""
    check_active(view, f"a {view.state} atomic memory cannot become {target}")
    if target == "retired" and not view.is_merge_result:
        raise conflict("only a merge result can be retired", view, "not_merge_result")


def check_merge_inputs(inputs: Sequence[tuple[str, int, int]]) -> None:
    if len(inputs) < 2:
        raise InvalidRecord("a merge needs at least two inputs")
    if len({artifact_id for artifact_id, _, _ in inputs}) != len(inputs):
        raise InvalidRecord("merge inputs must be distinct atomic memories")


def check_merge_lineage(inputs: Sequence[ArtifactRef], named: Sequence[ArtifactRef]) -> None:
    """A merge's named artifact lineage may repeat an input's exact revision, never name another
    revision of an input (PowerContext's rule: the lineage holds each input's supplied version)."""
    exact = set(inputs)
    ids = {(ref.family, ref.artifact_id) for ref in inputs}
    for index, ref in enumerate(named):
        if (ref.family, ref.artifact_id) in ids and ref not in exact:
            raise RefusedReference(
                "an artifact reference names another revision of a merge input",
                field="artifact_refs",
                index=index,
                rule="merge_input_revision",
            )


def check_merge_input(view: LifecycleView, *, revision: int, state_version: int) -> None:
    check_expected(view, revision=revision, state_version=state_version)
    check_active(view, f"a {view.state} atomic memory cannot be merged")


def check_workspace_paths(paths: Sequence[str]) -> None:
    """Repository-relative POSIX paths: no empty, ``.`` or ``..`` segment, no leading slash, no NUL, unique."""
    for path in paths:
        segments = path.split("/")
        if "\0" in path or any(segment in ("", ".", "..") for segment in segments):
            raise InvalidRecord("workspace paths must be repository-relative POSIX paths")
    if len(set(paths)) != len(paths):
        raise InvalidRecord("workspace paths must be unique")


def is_fingerprint(value: str) -> bool:
    return _FINGERPRINT.fullmatch(value) is not None


def check_read_range(start_line: int, end_line: int) -> None:
    """1-based inclusive, start <= end, at most ``READ_CODE_MAX_LINES`` lines."""
    if start_line < 1 or end_line < start_line:
        raise InvalidRecord("a code range is 1-based with start_line <= end_line")
    if end_line - start_line + 1 > READ_CODE_MAX_LINES:
        raise InvalidRecord(f"an exact code read returns at most {READ_CODE_MAX_LINES} lines")
