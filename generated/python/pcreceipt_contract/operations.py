# Generated from schemas/openapi.json by codegen/generate.py; do not edit. Regenerate with `nox -s generate`.

"""The operation table of the pcreceipt HTTP API."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class Parameter:
    name: str
    location: Literal["path", "query", "header"]
    required: bool


@dataclass(frozen=True, slots=True)
class Success:
    status: int
    model: str | None


@dataclass(frozen=True, slots=True)
class Operation:
    operation_id: str
    method: str
    path: str
    parameters: tuple[Parameter, ...]
    request_model: str | None
    success: tuple[Success, ...]
    scope_access: Literal["none", "read", "write", "admin"]
    scope_source: Literal["none", "path", "body"]
    scope_references: bool


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        operation_id='prepare_context',
        method='POST',
        path='/v1/context/prepare',
        parameters=(),
        request_model='PrepareContextRequest',
        success=(Success(200, 'PreparedContext'), ),
        scope_access='read',
        scope_source='body',
        scope_references=True,
    ),
    Operation(
        operation_id='get_artifact_revision',
        method='GET',
        path='/v1/scopes/{scope_id}/artifacts/{family}/{artifact_id}/revisions/{revision}',
        parameters=(Parameter('scope_id', 'path', True), Parameter('family', 'path', True), Parameter('artifact_id', 'path', True), Parameter('revision', 'path', True), ),
        request_model=None,
        success=(Success(200, 'ArtifactRevision'), ),
        scope_access='read',
        scope_source='path',
        scope_references=False,
    ),
)

BY_ID: dict[str, Operation] = {op.operation_id: op for op in OPERATIONS}
