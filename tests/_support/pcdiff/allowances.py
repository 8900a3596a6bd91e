"""The deliberate differences from PowerContext 1.4.1: each case named here is not required to
answer as the peer does. Every entry states what the peer answers (checked on every run, so an
entry goes stale loudly if the peer stops doing it), what pcreceipt must answer instead, and why.

Only these kinds of entry belong here: a PowerContext bug that issue 14 (and HOSTS.md) name and
that pcreceipt does not copy, an inconsistency of PowerContext's where issue 14 names the code
pcreceipt answers, a pcreceipt extension the issue keeps, and an answer an issue decided
(the envelope on unknown routes and methods: docs/decisions.md, "Every answer in the envelope").
Everything else must match. (The 405 Hermes's ``GET /v1/stats`` gets is a PowerContext quirk
issue 14 says pcreceipt matches: its status and ``Allow`` still match; only the envelope differs.)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Allowance:
    peer: dict[str, Any]  # the peer's outcome, as ``outcome.outcome`` reduces it (a subset of keys)
    requirement: str  # what pcreceipt must answer instead, in words
    check: Callable[[dict[str, Any]], bool]  # ... and as a predicate over pcreceipt's outcome
    reason: str


ALLOWANCES: dict[str, Allowance] = {
    "search_memory.vector-without-embedder": Allowance(
        peer={"status": 500, "envelope": True, "code": "internal_error"},
        requirement="any answer but a 5xx (pcreceipt has no embedder here; it must say so, or not serve the route)",
        check=lambda ours: ours["status"] < 500,
        reason=(
            "PowerContext 1.4.1 bug (HOSTS.md §2.8, issue 14): `mode: vector` without an embedder is an "
            "unhandled index error, 500 internal_error, and the connection is reset after it"
        ),
    ),
    "lifecycle.unknown-artifact": Allowance(
        peer={"status": 404, "envelope": True, "code": "not_found"},
        requirement="404 artifact_not_found, as every other operation on a missing artifact answers",
        check=lambda ours: ours["status"] == 404 and ours.get("code") == "artifact_not_found",
        reason=(
            "PowerContext 1.4.1's lifecycle route lets its repository's generic `not_found` through, where its "
            "get/replace routes answer `artifact_not_found` for the same missing artifact; issue 14 (W1) names "
            "`artifact_not_found` for known routes, and no host branches on a 404's code"
        ),
    ),
    "prepare.include-receipt": Allowance(
        peer={"status": 422, "envelope": True, "code": "invalid_request"},
        requirement="200 with a Receipt (`include_receipt` is pcreceipt's extension)",
        check=lambda ours: ours["status"] == 200 and "receipt" in ours.get("keys", []),
        reason="issue 14: `include_receipt` stays pcreceipt's extension (PowerContext's closed request refuses it)",
    ),
}


def _unrouted(status: int, code: str) -> Callable[[dict[str, Any]], bool]:
    return lambda ours: (
        ours["status"] == status
        and ours.get("envelope") is True
        and ours.get("code") == code
        and (status != 405 or bool(ours.get("allow")))
    )


_IN_THE_ENVELOPE = (
    "issue 'every answer in the envelope' (docs/decisions.md): pcreceipt answers an unknown route or method "
    'in the error envelope, where PowerContext 1.4.1 answers FastAPI\'s bare {"detail": ...}; same status, '
    "same Allow; hosts' version_mismatch rule only looks at the four probe paths, which pcreceipt serves"
)
for _name, _status in (
    ("route.unknown-get", 404),
    ("route.unknown-post", 404),
    ("route.root", 404),
    ("route.unknown-under-a-scope", 404),
    ("route.prepare-get", 405),
    ("route.prepare-delete", 405),
    ("route.capture-get", 405),
    ("route.stats-get-as-hermes-sends-it", 405),
):
    _code = "not_found" if _status == 404 else "invalid_request"
    ALLOWANCES[_name] = Allowance(
        peer={"status": _status, "envelope": False},
        requirement=f"{_status} in the error envelope with code {_code} (and the same Allow on a 405)",
        check=_unrouted(_status, _code),
        reason=_IN_THE_ENVELOPE,
    )


def peer_matches(entry: Allowance, peer: dict[str, Any]) -> bool:
    return all(peer.get(key) == value for key, value in entry.peer.items())
