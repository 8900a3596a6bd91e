"""The Topic Memory reads of the hosts' tools: ``search_topic_memory`` and ``get_topic_memory``
(registered in ``server.handlers.HANDLERS``), in PowerContext 1.4.1's shapes.

Decisions (``docs/decisions.md``, "Memory listings, signed cursors and the rest of W9"):
- Search is full text over the Scope's searchable (active) Topic Memory heads, in PowerContext's
  two full-text channels: ``topic_fts`` ranks the hits whose title and summary match the query,
  ``detail_fts`` those whose detail has a matching chunk (that chunk, shortened as prepare shows
  it, is the snippet). Both keep the store's full-text order. A hit scores the sum over its
  channels of ``1 / (60 + rank)`` divided by the same sum for first place in both channels (so
  1 is best, PowerContext's normalisation); best first, ties by artifact id. ``mode`` is ``fts``:
  vectors are not searched for Topic Memory here.
- Get reads the exact revision named, whatever its lifecycle; its ``source_refs`` are the lineage
  Sources of the write that made it (``{name: "content", source_id}``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from pcreceipt.errors import ArtifactNotFound, InvalidRequest
from pcreceipt.models import bodies, limits
from pcreceipt.prepare.snippet import topic_snippets
from pcreceipt.server.handlers import records
from pcreceipt.server.handlers.memory import RRF_K
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.server.http.store_errors import ARTIFACT_NOT_FOUND_MESSAGE
from pcreceipt.store.lexical import matched_phrases
from pcreceipt.store.records import Hit

TOPIC_MEMORY: Final = "topic-memory"
TOPIC_FTS, _TOPIC_VECTOR, DETAIL_FTS, _DETAIL_VECTOR = limits.TOPIC_MEMORY_MATCHED_BY_ENUM
FTS = limits.TOPIC_MEMORY_USED_SEARCH_MODE_ENUM[0]
SOURCE_NAME = "content"
_FIRST_IN_BOTH = 2.0 / (RRF_K + 1)


def _text(content: Mapping[str, Any], key: str) -> str:
    value = content.get(key)
    return value if isinstance(value, str) else ""


def topic_channels(
    query: str, hits: Sequence[Hit]
) -> tuple[dict[str, list[bool]], list[str | None], dict[str, list[str]]]:
    """PowerContext's two full-text channels over Topic Memory hits (in the store's order): for each
    channel whether each hit matched it (``topic_fts``: title and summary; ``detail_fts``: a chunk of
    the detail), the detail snippets, and each channel's text per hit."""
    texts: dict[str, list[str]] = {
        TOPIC_FTS: [f"{_text(h.content, 'title')}\n{_text(h.content, 'summary')}" for h in hits],
        DETAIL_FTS: [_text(h.content, "detail") for h in hits],
    }
    topics = matched_phrases(query, "any", texts[TOPIC_FTS])
    snippets = topic_snippets(query, "any", texts[DETAIL_FTS])
    matched: dict[str, list[bool]] = {
        TOPIC_FTS: [t is not None for t in topics],
        DETAIL_FTS: [s is not None for s in snippets],
    }
    return matched, snippets, texts


def search_topic_memory(call: Call[bodies.SearchTopicMemoryRequest]) -> Reply:
    body = call.body
    scope_id, query = body["scope_id"], body["query"]
    limit = int(body.get("limit", limits.SEARCH_TOPIC_MEMORY_REQUEST_LIMIT_DEFAULT))
    store = call.services.store
    depth = max(limit, store.count_searchable(scope_id, TOPIC_MEMORY))
    hits: list[Hit] = store.search_text(scope_id, TOPIC_MEMORY, query, depth, match="any") if depth else []
    matched_by, snippets, _texts = topic_channels(query, hits)
    scores: dict[int, float] = {}
    channels: dict[int, list[str]] = {}
    for name, matched in matched_by.items():
        rank = 0
        for index, hit_matched in enumerate(matched):
            if hit_matched:
                rank += 1
                scores[index] = scores.get(index, 0.0) + 1.0 / (RRF_K + rank)
                channels.setdefault(index, []).append(name)
    order = sorted(scores, key=lambda i: (-scores[i], hits[i].ref.artifact_id))[:limit]
    found = [
        {
            "artifact": records.artifact_reference(hits[i].ref),
            "title": _text(hits[i].content, "title"),
            "summary": _text(hits[i].content, "summary"),
            "snippet": snippets[i],
            "score": scores[i] / _FIRST_IN_BOTH,
            "matched_by": channels[i],
        }
        for i in order
    ]
    return Reply(200, {"mode": FTS, "hits": found})


def get_topic_memory(call: Call[bodies.GetTopicMemoryRequest]) -> Reply:
    body = call.body
    artifact = body["artifact"]
    if artifact["family"] != TOPIC_MEMORY:
        raise InvalidRequest(
            "get_topic_memory reads topic-memory artifacts only.",
            {"violations": [{"path": "/artifact/family", "rule": "topic_memory_family"}]},
        )
    store = call.services.store
    record = store.get_revision(body["scope_id"], TOPIC_MEMORY, artifact["artifact_id"], int(artifact["revision"]))
    if record is None:
        raise ArtifactNotFound(ARTIFACT_NOT_FOUND_MESSAGE)
    sources = store.lineage_sources([record.ref]).get(record.ref, ())
    return Reply(
        200,
        {
            "artifact": records.artifact_reference(record.ref),
            "title": _text(record.content, "title"),
            "summary": _text(record.content, "summary"),
            "detail": _text(record.content, "detail"),
            "source_refs": [{"name": SOURCE_NAME, "source_id": source_id} for source_id in sources],
        },
    )


TOPIC_MEMORY_HANDLERS: Mapping[str, Handler] = {
    "search_topic_memory": search_topic_memory,
    "get_topic_memory": get_topic_memory,
}
