"""The Source record operations' rows of the authorisation matrix (``tests/server/test_authz_matrix.py``):
each operation's route class and its request against a target Scope (the matrix's ``World``,
whose Scopes each hold the captured Source ``matrix-seed``)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import httpx

from _support.source_definitions import new_manifest, observation_of

SOURCE_CLASSES: dict[str, str] = {
    "get_source": "read",
    "list_sources": "read",
    "create_source": "write",
    "create_subject_source": "create",  # a new subject: write on the target, admin on * to bind it
    "register_source_definition": "create",  # admin on *, whatever the target (no Scope is named)
    "submit_source_observation": "write",
}

DECLARED_WRITE: dict[str, str] = {"create_subject_source": "write"}
"""Routes whose declared access (``x-pcreceipt-scope``, write on the business Scope) is not their
class's: binding a new subject needs admin on ``*`` besides, decided by the handler."""

UNSCOPED = frozenset({"register_source_definition"})
"""Routes that name no Scope: where the grant allows, the missing target answers success, not 404."""

SOURCE_REQUESTS: dict[str, Callable[[httpx.Client, Any, str], httpx.Response]] = {
    "get_source": lambda http, w, t: http.get(f"/v1/scopes/{w.ids[t]}/sources/content/matrix-seed"),
    "list_sources": lambda http, w, t: http.get(f"/v1/scopes/{w.ids[t]}/sources"),
    "create_source": lambda http, w, t: http.post(f"/v1/scopes/{w.ids[t]}/sources", json={"content": "matrix"}),
    "create_subject_source": lambda http, w, t: http.post(
        f"/v1/scopes/{w.ids[t]}/subject-sources", json={"subject_key": uuid.uuid4().hex, "content": "matrix"}
    ),
    "register_source_definition": lambda http, w, t: http.post(
        "/v1/source-definitions/register", json={"manifest": new_manifest("matrix")}
    ),
    "submit_source_observation": lambda http, w, t: http.post(
        "/v1/source-observations",
        json={
            "scope_id": w.ids[t],
            "observation": observation_of(w.store.register_source_definition(new_manifest()), "m"),
        },
    ),
}
