"""``query_code``: PowerContext 1.4.1's code query request, answered from pcreceipt's text index.

The request is PowerContext's ``{operation: {kind, ...}, expected_fingerprint?,
before_fingerprint?, max_bytes}``. pcreceipt's index is lines of text in overlapping windows
(``pcreceipt.store.code``), not a symbol graph, so it answers three kinds:

- ``status``: a ``CodeStatus``: ``ready`` with the current workspace, or ``missing`` (reason
  ``code_index_missing``) before the first indexing. Freshness is always ``unknown``: the server
  holds what a client uploaded and cannot compare it with the client's files.
- ``explore``: full-text search over the indexed lines (the store's ranked, non-overlapping
  windows), optionally under ``path_prefix``; each item is the window's lines as in the file.
- ``read``: an inclusive line range (1 to 200 lines, cut at the file's end) of a file of the
  current workspace, at the ``file_sha256`` the caller saw.

Every other kind (``symbols``, ``map``, ``callers``, ``callees``, ``impact``,
``affected_tests``, ``changes``, ``impact_changes``) is 501 ``unsupported_capability``, after
the request rules PowerContext checks first (422): ``read`` and the relation and test kinds
need ``expected_fingerprint``; ``before_fingerprint`` belongs to ``impact_changes`` only.

Decisions (``docs/decisions.md``, "Error and route parity"):
- No workspace indexed: ``status`` says ``missing``; ``explore`` and ``read`` answer 503
  ``code_index_missing``, PowerContext's code for a code query with no index (its default
  deployment, with code off, answers 503 ``code_disabled``; pcreceipt's code is always on).
- ``expected_fingerprint`` other than the current workspace's: 409 ``code_changed``; so is a
  read at another ``file_sha256``. A path the workspace does not hold: 422
  ``code_target_missing``; a range starting past the last line: 422 ``code_range_missing`` (an
  empty file reads as one empty line, as in PowerContext).
- ``max_bytes`` bounds the compact JSON answer: items are added in order while they fit, the
  first that does not is cut to the lines that fit (if any), and the rest are left out, with
  ``status: partial`` and the ``output_budget`` limitation. An answer that cannot fit even
  without items is 422 ``budget_too_small``.
- A result names no commit (``commit: null``), ``git_object_format: sha256`` (files and
  workspaces are sha256-addressed) and ``dirty: false``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from typing import Any

from pcreceipt.contract.digests import wire_bytes
from pcreceipt.errors import (
    BudgetTooSmall,
    CodeChanged,
    CodeIndexMissing,
    CodeRangeMissing,
    CodeTargetMissing,
    UnsupportedCapability,
)
from pcreceipt.models import bodies, limits
from pcreceipt.server.handlers.common import invalid
from pcreceipt.server.http.exchange import Call, Reply
from pcreceipt.store.ids import utc_now
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import CodeFile, Workspace

ANSWERED = limits.CODE_STATUS_OPERATIONS_ITEMS_ENUM
NEEDS_FINGERPRINT = frozenset({"callers", "callees", "impact", "affected_tests", "impact_changes", "read"})
READ_MAX_LINES = limits.CODE_RANGE_LINES_MAX_ITEMS
OUTPUT_BUDGET, TEXT_SEARCH_ONLY = limits.CODE_QUERY_RESULT_LIMITATIONS_ITEMS_ENUM
_LINE = re.compile(r"[^\n]*\n|[^\n]+$")


def _check_request(body: Mapping[str, Any], kind: str) -> None:
    """The rules PowerContext checks before it looks at the index (422)."""
    if body.get("before_fingerprint") is not None and kind != "impact_changes":
        raise invalid("/before_fingerprint", "impact_changes_only", "before_fingerprint belongs to impact_changes.")
    if kind == "impact_changes" and body.get("before_fingerprint") is None:
        raise invalid("/before_fingerprint", "required", "impact_changes needs before_fingerprint.")
    if kind in NEEDS_FINGERPRINT and body.get("expected_fingerprint") is None:
        raise invalid("/expected_fingerprint", "required", "This operation needs expected_fingerprint.")


def file_lines(data: bytes) -> list[str]:
    """The file's lines with their line endings, numbered as the index numbers them (split on
    ``\\n`` only); an empty file is one empty line."""
    return _LINE.findall(data.decode("utf-8", errors="replace")) or [""]


def _item(file: CodeFile, lines: list[str], start: int, end: int) -> dict[str, Any]:
    content = "".join(lines[start - 1 : end])
    return {
        "path": file.path,
        "start_line": start,
        "end_line": end,
        "file_sha256": file.file_sha256,
        "snippet_sha256": hashlib.sha256(content.encode("utf-8")).hexdigest(),
        "content": content,
    }


def code_status(scope_id: str, workspace: Workspace | None) -> dict[str, Any]:
    build = None
    if workspace is not None:
        build = {
            "indexed_at": workspace.indexed_at,
            "files": workspace.files,
            "lines": workspace.lines,
            "skipped": workspace.skipped,
        }
    return {
        "schema": limits.CODE_STATUS_SCHEMA_CONST,
        "scope_id": scope_id,
        "status": "ready" if workspace is not None else "missing",
        "freshness": limits.CODE_STATUS_FRESHNESS_CONST,
        "fingerprint": workspace.fingerprint if workspace is not None else None,
        "engine": limits.CODE_STATUS_ENGINE_CONST,
        "languages": [],
        "operations": list(ANSWERED),
        "last_build": build,
        "reason": None if workspace is not None else limits.CODE_STATUS_REASON_CONST,
    }


class _Files:
    """Files of one workspace read once each, with their lines."""

    def __init__(self, store: Store, scope_id: str, fingerprint: str) -> None:
        self.store, self.scope_id, self.fingerprint = store, scope_id, fingerprint
        self.cache: dict[str, tuple[CodeFile, list[str]] | None] = {}

    def get(self, path: str) -> tuple[CodeFile, list[str]] | None:
        if path not in self.cache:
            file = self.store.code_file(self.scope_id, self.fingerprint, path)
            self.cache[path] = None if file is None else (file, file_lines(file.data))
        return self.cache[path]


def _within(path: str, prefix: str) -> bool:
    return not prefix or path == prefix or path.startswith(prefix + "/")


def _explore(store: Store, files: _Files, operation: Mapping[str, Any]) -> list[dict[str, Any]]:
    limit = int(operation.get("limit", limits.CODE_SEARCH_OPERATION_LIMIT_DEFAULT))  # JSON's 1.0 is an integer
    prefix = operation.get("path_prefix", "")
    wanted = limits.CODE_SEARCH_OPERATION_LIMIT_MAXIMUM if prefix else limit
    hits = [hit for hit in store.query_code(files.scope_id, operation["query"], wanted) if _within(hit.path, prefix)]
    items = []
    for hit in hits[:limit]:
        if hit.fingerprint != files.fingerprint:
            raise CodeChanged("The workspace was re-indexed during the query.")
        found = files.get(hit.path)
        if found is None:  # the hit's workspace is the current one, which holds its path
            raise CodeChanged("The workspace was re-indexed during the query.")
        file, lines = found
        items.append(_item(file, lines, hit.start_line, min(hit.end_line, len(lines))))
    return items


def _read(files: _Files, operation: Mapping[str, Any]) -> dict[str, Any]:
    start, end = int(operation["start_line"]), int(operation["end_line"])  # JSON's 1.0 is an integer
    if end < start or end - start >= READ_MAX_LINES:
        raise invalid(
            "/operation/end_line", "line_range", "end_line is at least start_line and below start_line + 200."
        )
    found = files.get(operation["path"])
    if found is None:
        raise CodeTargetMissing("The current workspace holds no such path.")
    file, lines = found
    if file.file_sha256 != operation["file_sha256"]:
        raise CodeChanged("The file is not at the file_sha256 named.")
    if start > len(lines):
        raise CodeRangeMissing("start_line is past the file's last line.")
    return _item(file, lines, start, min(end, len(lines)))


def _cut(item: dict[str, Any], room: int) -> dict[str, Any] | None:
    """``item`` with as many of its first lines as fit in ``room`` bytes, or None when none do."""
    lines = _LINE.findall(item["content"])
    low, high, best = 1, len(lines) - 1, None
    while low <= high:
        count = (low + high) // 2
        content = "".join(lines[:count])
        candidate = {
            **item,
            "end_line": item["start_line"] + count - 1,
            "snippet_sha256": hashlib.sha256(content.encode("utf-8")).hexdigest(),
            "content": content,
        }
        if len(wire_bytes(candidate)) <= room:
            best, low = candidate, count + 1
        else:
            high = count - 1
    return best


def fit(result: dict[str, Any], items: list[dict[str, Any]], max_bytes: int) -> dict[str, Any]:
    """``result`` with the items that fit ``max_bytes`` of compact JSON (``BudgetTooSmall`` when
    not even the empty result does)."""
    whole = {**result, "items": items}
    if len(wire_bytes(whole)) <= max_bytes:
        return whole
    partial = {**result, "status": "partial", "limitations": sorted({*result["limitations"], OUTPUT_BUDGET})}
    kept: list[dict[str, Any]] = []
    size = len(wire_bytes({**partial, "items": []}))
    if size > max_bytes:
        raise BudgetTooSmall("The answer cannot fit max_bytes.")
    for item in items:
        separator = 1 if kept else 0
        item_size = len(wire_bytes(item))
        if size + separator + item_size <= max_bytes:
            kept.append(item)
            size += separator + item_size
            continue
        cut = _cut(item, max_bytes - size - separator)
        if cut is not None:
            kept.append(cut)
        break
    return {**partial, "items": kept}


def query_code(call: Call[bodies.CodeQueryRequest]) -> Reply:
    body = call.body
    operation = body["operation"]
    kind = operation["kind"]
    _check_request(body, kind)
    if kind not in ANSWERED:
        raise UnsupportedCapability("This server answers the code operations status, explore and read.")
    store: Store = call.services.store
    scope_id = call.path["scope_id"]
    max_bytes = body.get("max_bytes", limits.CODE_QUERY_REQUEST_MAX_BYTES_DEFAULT)
    workspace = store.get_workspace(scope_id)
    if kind == "status":
        status = code_status(scope_id, workspace)
        if len(wire_bytes(status)) > max_bytes:
            raise BudgetTooSmall("The answer cannot fit max_bytes.")
        return Reply(200, status)
    if workspace is None:
        raise CodeIndexMissing("The Scope has no indexed code workspace.")
    expected = body.get("expected_fingerprint")
    if expected is not None and expected != workspace.fingerprint:
        raise CodeChanged("The workspace is not at the expected_fingerprint.")
    files = _Files(store, scope_id, workspace.fingerprint)
    items = _explore(store, files, operation) if kind == "explore" else [_read(files, operation)]
    result = {
        "schema": limits.CODE_QUERY_RESULT_SCHEMA_CONST,
        "scope_id": scope_id,
        "fingerprint": workspace.fingerprint,
        "before_fingerprint": None,
        "commit": None,
        "git_object_format": limits.CODE_QUERY_RESULT_GIT_OBJECT_FORMAT_CONST,
        "dirty": limits.CODE_QUERY_RESULT_DIRTY_CONST,
        "checked_at": utc_now(),
        "operation": kind,
        "status": "ok",
        "items": [],
        "coverage": {"files": workspace.files, "lines": workspace.lines, "skipped": workspace.skipped},
        "limitations": [TEXT_SEARCH_ONLY] if kind == "explore" else [],
    }
    return Reply(200, fit(result, items, max_bytes))
