"""Code workspaces: status, indexing, exact reads (the query is ``code_query``)."""

from __future__ import annotations

from collections.abc import Mapping

from pcreceipt.errors import (
    CodeRangeNotFound,
    CodeWorkspaceNotFound,
)
from pcreceipt.models import bodies
from pcreceipt.server.handlers import records
from pcreceipt.server.handlers.common import (
    READ_CODE_MAX_LINES,
    invalid,
    store_of,
)
from pcreceipt.server.http.exchange import Call, Handler, Reply


def get_code_workspace(call: Call[None]) -> Reply:
    workspace = store_of(call).get_workspace(call.path["scope_id"])
    if workspace is None:
        raise CodeWorkspaceNotFound("The Scope has no indexed code workspace.")
    return Reply(200, records.code_workspace(workspace))


def index_code_workspace(call: Call[bodies.IndexCodeRequest]) -> Reply:
    files = call.body["files"]
    paths = [f["path"] for f in files]
    if len(set(paths)) != len(paths):
        raise invalid("/files", "unique_paths", "Each file path appears once.")
    uploads = [(f["path"], f["content"].encode("utf-8")) for f in files]
    workspace = store_of(call).index_workspace(call.path["scope_id"], uploads, call.body.get("skipped", 0))
    return Reply(200, records.code_workspace(workspace))


def read_code(call: Call[None]) -> Reply:
    p, q = call.path, call.query
    start_line, end_line = q["start_line"], q["end_line"]
    if end_line < start_line or end_line - start_line >= READ_CODE_MAX_LINES:
        raise invalid("/query/end_line", "line_range", "end_line is at least start_line and at most start_line + 199.")
    hit = store_of(call).read_code(p["scope_id"], p["fingerprint"], q["path"], p["file_sha256"], start_line, end_line)
    if hit is None:
        raise CodeRangeNotFound("The Scope never indexed that workspace, file or line range.")
    return Reply(200, records.code_range(hit))


HANDLERS: Mapping[str, Handler] = {
    "get_code_workspace": get_code_workspace,
    "index_code_workspace": index_code_workspace,
    "read_code": read_code,
}
