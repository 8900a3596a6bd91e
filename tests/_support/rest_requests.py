"""The authorisation matrix's rows of the Scope-selection, tag-query and artifact-search operations
(``tests/server/test_authz_matrix.py`` joins them to its own tables, which are at the file cap):
each operation's route class, and a request on the matrix's target Scope ``w.ids[t]``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx

#: Each reads the target Scope: an exact selection of it, a tag query and an artifact search in it.
ROUTE_CLASS: dict[str, str] = {
    "query_artifact_tags": "read",
    "resolve_scope_selection": "read",
    "search_artifacts": "read",
}

REQUESTS: dict[str, Callable[[httpx.Client, Any, str], httpx.Response]] = {
    "query_artifact_tags": lambda http, w, t: http.post(
        f"/v1/scopes/{w.ids[t]}/artifact-tags/query", json={"tags": ["matrix"], "match": "any"}
    ),
    "search_artifacts": lambda http, w, t: http.post(
        f"/v1/scopes/{w.ids[t]}/artifacts/atomic-memory/search", json={"query": "matrix"}
    ),
    "resolve_scope_selection": lambda http, w, t: http.post(
        "/v1/scopes/selection/resolve", json={"selection": {"mode": "exact", "scope_ids": [w.ids[t]]}}
    ),
}
