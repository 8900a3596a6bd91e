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
    scope_source: Literal["none", "path", "body", "resolved"]
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
        operation_id='list_scopes',
        method='GET',
        path='/v1/scopes',
        parameters=(Parameter('limit', 'query', False), Parameter('cursor', 'query', False), ),
        request_model=None,
        success=(Success(200, 'ScopePage'), ),
        scope_access='none',
        scope_source='none',
        scope_references=False,
    ),
    Operation(
        operation_id='create_scope',
        method='POST',
        path='/v1/scopes',
        parameters=(),
        request_model='CreateScopeRequest',
        success=(Success(201, 'ScopeDescriptor'), ),
        scope_access='admin',
        scope_source='none',
        scope_references=False,
    ),
    Operation(
        operation_id='get_default_scope',
        method='GET',
        path='/v1/scopes/default',
        parameters=(),
        request_model=None,
        success=(Success(200, 'ScopeDescriptor'), ),
        scope_access='read',
        scope_source='resolved',
        scope_references=False,
    ),
    Operation(
        operation_id='set_default_scope',
        method='PUT',
        path='/v1/scopes/default',
        parameters=(),
        request_model='SetDefaultScopeRequest',
        success=(Success(200, 'ScopeDescriptor'), ),
        scope_access='admin',
        scope_source='none',
        scope_references=False,
    ),
    Operation(
        operation_id='get_scope',
        method='GET',
        path='/v1/scopes/{scope_id}',
        parameters=(Parameter('scope_id', 'path', True), ),
        request_model=None,
        success=(Success(200, 'ScopeDescriptor'), ),
        scope_access='read',
        scope_source='path',
        scope_references=False,
    ),
    Operation(
        operation_id='create_artifact',
        method='POST',
        path='/v1/scopes/{scope_id}/artifacts',
        parameters=(Parameter('scope_id', 'path', True), ),
        request_model='CreateArtifactRequest',
        success=(Success(201, 'ArtifactCreated'), ),
        scope_access='write',
        scope_source='path',
        scope_references=False,
    ),
    Operation(
        operation_id='import_artifacts',
        method='POST',
        path='/v1/scopes/{scope_id}/artifacts/import',
        parameters=(Parameter('scope_id', 'path', True), ),
        request_model='ImportArtifactsRequest',
        success=(Success(201, 'ImportArtifactsResponse'), ),
        scope_access='write',
        scope_source='path',
        scope_references=False,
    ),
    Operation(
        operation_id='list_artifacts',
        method='GET',
        path='/v1/scopes/{scope_id}/artifacts/{family}',
        parameters=(Parameter('scope_id', 'path', True), Parameter('family', 'path', True), Parameter('limit', 'query', False), Parameter('cursor', 'query', False), ),
        request_model=None,
        success=(Success(200, 'ArtifactPage'), ),
        scope_access='read',
        scope_source='path',
        scope_references=False,
    ),
    Operation(
        operation_id='get_artifact',
        method='GET',
        path='/v1/scopes/{scope_id}/artifacts/{family}/{artifact_id}',
        parameters=(Parameter('scope_id', 'path', True), Parameter('family', 'path', True), Parameter('artifact_id', 'path', True), Parameter('If-None-Match', 'header', False), ),
        request_model=None,
        success=(Success(200, 'ArtifactRevision'), ),
        scope_access='read',
        scope_source='path',
        scope_references=False,
    ),
    Operation(
        operation_id='replace_artifact',
        method='PUT',
        path='/v1/scopes/{scope_id}/artifacts/{family}/{artifact_id}',
        parameters=(Parameter('scope_id', 'path', True), Parameter('family', 'path', True), Parameter('artifact_id', 'path', True), Parameter('If-Match', 'header', True), ),
        request_model='ReplaceArtifactRequest',
        success=(Success(200, 'ArtifactRevision'), ),
        scope_access='write',
        scope_source='path',
        scope_references=False,
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
    Operation(
        operation_id='get_atomic_memory_state',
        method='GET',
        path='/v1/scopes/{scope_id}/artifacts/atomic-memory/{artifact_id}/state',
        parameters=(Parameter('scope_id', 'path', True), Parameter('artifact_id', 'path', True), ),
        request_model=None,
        success=(Success(200, 'AtomicMemoryStateView'), ),
        scope_access='read',
        scope_source='path',
        scope_references=False,
    ),
    Operation(
        operation_id='change_atomic_memory_lifecycle',
        method='POST',
        path='/v1/atomic-memory/lifecycle',
        parameters=(),
        request_model='AtomicMemoryLifecycleRequest',
        success=(Success(200, 'AtomicMemoryMutationResponse'), ),
        scope_access='write',
        scope_source='body',
        scope_references=False,
    ),
    Operation(
        operation_id='merge_atomic_memories',
        method='POST',
        path='/v1/atomic-memory/merges',
        parameters=(),
        request_model='MergeAtomicMemoryRequest',
        success=(Success(200, 'AtomicMemoryMutationResponse'), ),
        scope_access='write',
        scope_source='body',
        scope_references=False,
    ),
    Operation(
        operation_id='get_code_workspace',
        method='GET',
        path='/v1/scopes/{scope_id}/code',
        parameters=(Parameter('scope_id', 'path', True), ),
        request_model=None,
        success=(Success(200, 'CodeWorkspace'), ),
        scope_access='read',
        scope_source='path',
        scope_references=False,
    ),
    Operation(
        operation_id='index_code_workspace',
        method='PUT',
        path='/v1/scopes/{scope_id}/code',
        parameters=(Parameter('scope_id', 'path', True), ),
        request_model='IndexCodeRequest',
        success=(Success(200, 'CodeWorkspace'), ),
        scope_access='write',
        scope_source='path',
        scope_references=False,
    ),
    Operation(
        operation_id='query_code',
        method='POST',
        path='/v1/scopes/{scope_id}/code/query',
        parameters=(Parameter('scope_id', 'path', True), ),
        request_model='QueryCodeRequest',
        success=(Success(200, 'QueryCodeResponse'), ),
        scope_access='read',
        scope_source='path',
        scope_references=False,
    ),
    Operation(
        operation_id='read_code',
        method='GET',
        path='/v1/scopes/{scope_id}/code/{fingerprint}/files/{file_sha256}',
        parameters=(Parameter('scope_id', 'path', True), Parameter('fingerprint', 'path', True), Parameter('file_sha256', 'path', True), Parameter('path', 'query', True), Parameter('start_line', 'query', True), Parameter('end_line', 'query', True), ),
        request_model=None,
        success=(Success(200, 'CodeRange'), ),
        scope_access='read',
        scope_source='path',
        scope_references=False,
    ),
    Operation(
        operation_id='get_liveness',
        method='GET',
        path='/health/live',
        parameters=(),
        request_model=None,
        success=(Success(200, 'Health'), ),
        scope_access='none',
        scope_source='none',
        scope_references=False,
    ),
    Operation(
        operation_id='get_readiness',
        method='GET',
        path='/health/ready',
        parameters=(),
        request_model=None,
        success=(Success(200, 'Health'), ),
        scope_access='none',
        scope_source='none',
        scope_references=False,
    ),
    Operation(
        operation_id='resolve_scope_binding',
        method='POST',
        path='/v1/scope-bindings/resolve',
        parameters=(),
        request_model='ResolveScopeBindingRequest',
        success=(Success(200, 'ScopeDescriptor'), ),
        scope_access='read',
        scope_source='resolved',
        scope_references=False,
    ),
    Operation(
        operation_id='set_scope_binding',
        method='PUT',
        path='/v1/scope-bindings',
        parameters=(),
        request_model='ScopeBinding',
        success=(Success(200, 'ScopeBinding'), ),
        scope_access='admin',
        scope_source='none',
        scope_references=False,
    ),
    Operation(
        operation_id='clear_scope_binding',
        method='POST',
        path='/v1/scope-bindings/clear',
        parameters=(),
        request_model='ClearScopeBindingRequest',
        success=(Success(200, 'ClearScopeBindingResponse'), ),
        scope_access='admin',
        scope_source='none',
        scope_references=False,
    ),
)

BY_ID: dict[str, Operation] = {op.operation_id: op for op in OPERATIONS}
