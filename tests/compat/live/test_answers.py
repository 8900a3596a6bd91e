"""Good answers the hosts read, compared whole where the two servers must agree:

- ``get_stats`` after the same writes and prepares in a Scope of its own: every key and every count,
  except the three token figures (``recalled_tokens`` estimates each server's own ``content``,
  whose trust prose differs; ``baseline_tokens``/``token_reduction`` follow from it and from how each
  server words a created artifact's Source) and ``as_of``;
- ``get_capabilities``: the keys and the values that say what a server without an inference
  provider can do (the hosts gate flush and their doctors on them);
- ``get_server_info``: the keys and the values that are protocol, not product (the product's own
  version and ``server_id`` differ by design).
"""

from __future__ import annotations

from typing import Any

from _support.pcdiff.corpus import create_artifact, create_scope, relabel
from _support.pcdiff.processes import Side
from _support.pcdiff.report import require_same

TOKEN_FIGURES = {"baseline_tokens", "recalled_tokens", "token_reduction"}
PROVIDER_LESS = (
    "artifact_dreaming",
    "memory_extraction",
    "experience_generation",
    "managed_skill_generation",
    "handoff_generation",
    "search_modes",
    "context_versions",
    "source_types",
)


def _normalise_stats(value: Any, key: str = "") -> Any:
    if key in TOKEN_FIGURES:
        return f"<{type(value).__name__}>"
    if key == "as_of":
        return "<timestamp>" if isinstance(value, str) else value
    if isinstance(value, dict):
        return {k: _normalise_stats(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_normalise_stats(v) for v in value]
    return value


def _stats_after_the_same_work(side: Side) -> dict[str, Any]:
    scope_id = create_scope(side, "stats")
    ids = {"stats": scope_id}
    ids["memory"] = create_artifact(
        side, scope_id, "atomic-memory", {"kind": "fact", "text": "The albatross flies far."}
    )["artifact_id"]
    capture = {"scope_id": scope_id, "source_id": "turn-1", "content": "A captured turn about albatross routes."}
    side.http.post("/v1/sources/content", json=capture)
    side.http.post("/v1/context/prepare", json={"scope_id": scope_id, "query": "albatross"})
    side.http.post("/v1/context/prepare", json={"scope_id": scope_id, "query": "zyzzyva"})
    response = side.http.post(
        "/v1/stats", json={"selection": {"mode": "exact", "scope_ids": [scope_id]}, "period": "today"}
    )
    body = response.json()
    return {"http_status": response.status_code, "body": relabel(_normalise_stats(body), ids)}


def test_stats_after_the_same_work(pair: tuple[Side, Side]) -> None:
    answers = [_stats_after_the_same_work(side) for side in pair]
    assert answers[0]["http_status"] == 200, answers[0]
    require_same(
        "get_stats (exact, today) after one created memory, one capture, a ready and an empty prepare",
        answers[0],
        answers[1],
        note="token figures and as_of not compared",
    )


def _capabilities(side: Side) -> dict[str, Any]:
    response = side.http.get("/v1/capabilities")
    body = response.json() if response.status_code == 200 else {}
    extraction = body.get("extraction") if isinstance(body.get("extraction"), dict) else {}
    return {
        "http_status": response.status_code,
        "keys": sorted(body),
        **{name: body.get(name, "(absent)") for name in PROVIDER_LESS},
        "extraction.configuration": extraction.get("configuration", "(absent)"),
        "extraction.background": extraction.get("background", "(absent)"),
    }


def test_capabilities_without_a_provider(pair: tuple[Side, Side]) -> None:
    peer, ours = pair
    require_same("get_capabilities", _capabilities(peer), _capabilities(ours))


def _server_info(side: Side) -> dict[str, Any]:
    response = side.http.get("/v1/server-info")
    body = response.json() if response.status_code == 200 else {}
    return {
        "http_status": response.status_code,
        "keys": list(body),
        "schema_version": body.get("schema_version"),
        "product": body.get("product"),
        "server_id_is_a_string": isinstance(body.get("server_id"), str),
    }


def test_server_info(pair: tuple[Side, Side]) -> None:
    peer, ours = pair
    require_same("get_server_info", _server_info(peer), _server_info(ours))
