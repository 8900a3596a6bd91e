"""The authorisation matrix's rows of the Scope-selection and tag-query operations
(``tests/server/test_authz_matrix.py`` joins them to its own tables, which are at the file cap):
each operation's route class, and a request on the matrix's target Scope ``w.ids[t]``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx

#: Both read the target Scope: an exact selection of it, and a tag query in it.
ROUTE_CLASS: dict[str, str] = {"query_artifact_tags": "read", "resolve_scope_selection": "read"}

REQUESTS: dict[str, Callable[[httpx.Client, Any, str], httpx.Response]] = {
    "query_artifact_tags": lambda http, w, t: http.post(
        f"/v1/scopes/{w.ids[t]}/artifact-tags/query", json={"tags": ["matrix"], "match": "any"}
    ),
    "resolve_scope_selection": lambda http, w, t: http.post(
        "/v1/scopes/selection/resolve", json={"selection": {"mode": "exact", "scope_ids": [w.ids[t]]}}
    ),
}
