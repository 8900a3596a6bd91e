"""External Skill requests of the authorisation matrix (``tests/server/test_authz_matrix.py``).

scan_external_skills is a create route (1.4.1's server.admin: admin on ``*``); import_external_skill
a write route, sent as a fork, so an allowed request is 503 generation_unavailable (the matrix server
runs no provider); list_external_skills and resolve_external_skill (1.4.1's server.observe) need any
valid token and look no Scope up: the matrix server has no registry directory, so a list is empty
(200) and a resolve 404 ``external_skill_not_found``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx


def exact(scope_id: str) -> dict[str, str]:
    return {"scope_id": scope_id, "external_skill_id": "codex:user:registry/matrix", "fingerprint": "a" * 64}


def fork(scope_id: str) -> dict[str, str]:
    return exact(scope_id) | {"mode": "fork"}


OBSERVE: dict[str, tuple[Callable[[httpx.Client, str], httpx.Response], int]] = {
    "list_external_skills": (lambda http, s: http.post("/v1/external-skills/list", json={"scope_id": s}), 200),
    "resolve_external_skill": (lambda http, s: http.post("/v1/external-skills/resolve", json=exact(s)), 404),
}


def _scan(http: httpx.Client, w: Any, t: str) -> httpx.Response:
    return http.post("/v1/external-skills/scan", json={"scope_id": w.ids[t]})


def _import(http: httpx.Client, w: Any, t: str) -> httpx.Response:
    return http.post("/v1/external-skills/import", json=fork(w.ids[t]))


EXTERNAL_ROUTES: dict[str, tuple[str, Callable[[httpx.Client, Any, str], httpx.Response]]] = {
    "scan_external_skills": ("create", _scan),
    "import_external_skill": ("write", _import),
}
"""The matrix's route class and request of each Scope-bound external Skill operation."""
FORKS = ("import_external_skill",)
"""Sent as a fork: where the grant allows, 503 generation_unavailable."""
