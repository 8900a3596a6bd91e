"""The handler of ``query_artifact_tags`` (POST ``/v1/scopes/{scope_id}/artifact-tags/query``,
registered in ``server.handlers.HANDLERS``): the Scope's artifacts found by their tags, in
PowerContext 1.4.1's shapes and order.

Decisions (``docs/decisions.md``, "Artifact tag queries"):
- Tags are matched by key (NFC, then case folded; ``store.tags.normalize_tags``, a refused tag is
  422 at ``/tags/<i>`` and nothing is read); ``all`` needs every key on the artifact, ``any`` one.
  Each match carries the artifact's whole tag set (``get_artifact_tags``' ``ArtifactTagSet``) and
  its head revision, in (family, artifact_id) order, only active artifacts unless
  ``include_inactive``.
- ``memory`` in ``families`` or ``memory_entry`` in ``target_types`` is 1.4.1's 422
  ``legacy_memory_operation_unsupported`` (operation ``tag query``), before the tags are read.
  ``skill`` and ``handoff`` are accepted and match nothing: pcreceipt keeps no tags on them.
- The cursor is the house's (``server.http.cursor``): bound to the Scope and the whole query
  (keys, match, families, target types, include_inactive), an hour long.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from pcreceipt.errors import InvalidRequest
from pcreceipt.models import bodies, limits
from pcreceipt.server.handlers.legacy_memory import Refusal
from pcreceipt.server.handlers.tags import tag_set
from pcreceipt.server.http.cursor import decode_cursor, encode_cursor, filters_digest, signing
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.tags import InvalidTag, normalize_tags

LEGACY_FAMILY: Final = "memory"
LEGACY_TARGET: Final = "memory_entry"
#: 1.4.1's refusal of a legacy Memory tag query (its default alternatives; the instruction is ours).
REFUSAL: Final = Refusal(
    "tag query",
    ("POST /v1/scopes/{scope_id}/artifacts", "POST /v1/atomic-memory/list"),
    "Query the tags of Atomic Memory artifacts instead (families atomic-memory, target_types artifact).",
)
#: The families pcreceipt keeps tags on (its artifact families); the others a query may name match nothing.
TAGGED_FAMILIES: Final = frozenset(limits.ARTIFACT_FAMILY_ENUM)


def _after(cursor_after: str) -> tuple[str, str]:
    family, _, artifact_id = cursor_after.partition(":")
    return family, artifact_id


def query_artifact_tags(call: Call[bodies.QueryArtifactTagsRequest]) -> Reply:
    scope_id = call.path["scope_id"]
    body = call.body
    families = list(body.get("families") or [f for f in limits.TAGGABLE_ARTIFACT_FAMILY_ENUM if f != LEGACY_FAMILY])
    target_types = list(body.get("target_types") or ["artifact"])
    if LEGACY_FAMILY in families or LEGACY_TARGET in target_types:
        raise REFUSAL.error()
    try:
        keys = list(normalize_tags(body["tags"]))
    except InvalidTag as refused:
        violation = {"path": f"/tags/{refused.index}", "rule": refused.rule}
        raise InvalidRequest("A tag is refused; nothing was read.", {"violations": [violation]}) from None
    match = body.get("match", limits.QUERY_ARTIFACT_TAGS_REQUEST_MATCH_DEFAULT)
    include_inactive = bool(body.get("include_inactive", limits.QUERY_ARTIFACT_TAGS_REQUEST_INCLUDE_INACTIVE_DEFAULT))
    limit = int(body.get("limit", limits.QUERY_ARTIFACT_TAGS_REQUEST_LIMIT_DEFAULT))
    query: dict[str, Any] = {
        "keys": sorted(keys),
        "match": match,
        "families": sorted(families),
        "target_types": sorted(target_types),
        "include_inactive": include_inactive,
    }
    bound = {"listing": "artifact_tags", "scope": scope_id, "filters": filters_digest(query)}
    cursor = body.get("cursor")
    after = _after(decode_cursor(*signing(call), cursor, **bound)) if cursor is not None else None
    found = call.services.store.query_artifact_tags(
        scope_id,
        keys,
        match,
        sorted(TAGGED_FAMILIES.intersection(families)) if "artifact" in target_types else [],
        include_inactive=include_inactive,
        after=after,
        limit=limit + 1,
    )
    page = found[:limit]
    items = [
        {
            **tag_set(scope_id, hit.family, hit.artifact_id, hit.tags),
            "reference": {"family": hit.family, "artifact_id": hit.artifact_id, "revision": hit.revision},
        }
        for hit in page
    ]
    last = page[-1] if page else None
    more = len(found) > limit and last is not None
    next_cursor = encode_cursor(*signing(call), f"{last.family}:{last.artifact_id}", **bound) if more and last else None
    return Reply(200, {"items": items, "next_cursor": next_cursor})


TAG_QUERY_HANDLERS: Mapping[str, Handler] = {"query_artifact_tags": query_artifact_tags}
