"""The authorisation matrix's rows of the Scope-selection operation (``tests/server/test_authz_matrix.py``
joins them to its own tables, which are at the file cap): its route class, and a request on the
matrix's target Scope ``w.ids[t]``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx

#: An exact selection of the target Scope reads it, as get_stats does.
ROUTE_CLASS: dict[str, str] = {"resolve_scope_selection": "read"}

REQUESTS: dict[str, Callable[[httpx.Client, Any, str], httpx.Response]] = {
    "resolve_scope_selection": lambda http, w, t: http.post(
        "/v1/scopes/selection/resolve", json={"selection": {"mode": "exact", "scope_ids": [w.ids[t]]}}
    ),
}
