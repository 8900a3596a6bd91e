"""The handlers of artifact tags: ``get_artifact_tags`` and ``replace_artifact_tags``
(registered in ``server.handlers.HANDLERS``), in PowerContext 1.4.1's shapes.

Decisions (``docs/decisions.md``, "Artifact tags and tag filters"):
- The answer is ``{scope_id, target: {type: artifact, family, artifact_id}, tags, tag_digest}``;
  ``tag_digest`` is sha256 of RFC 8785 ``{"tags": tags}`` and the ETag ``"tags:<hex>"``, hex being
  sha256 of RFC 8785 ``{scope_id, target, tag_digest}``: PowerContext's validators, byte for byte,
  so an ETag names one Scope, one artifact and one tag set.
- ``If-None-Match`` naming the current ETag (a comma list; ``W/`` ignored, ``*`` not special, as
  in PowerContext) is 304 with the ETag and no body.
- A replace needs ``If-Match`` (428 precondition_required without it), compared verbatim with the
  current ETag inside the write (412 tag_precondition_failed, no details, otherwise); a refused
  tag is 422 at ``/tags/<i>`` with the rule (``tag_whitespace``, ``tag_character``,
  ``tag_key_length``, ``tag_duplicate``) and nothing is written.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping, Sequence
from typing import Any

from pcreceipt.contract.digests import canonical_digest, canonical_json
from pcreceipt.errors import ArtifactNotFound, InvalidRequest, PreconditionRequired, TagPreconditionFailed
from pcreceipt.models import bodies
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.server.http.store_errors import ARTIFACT_NOT_FOUND_MESSAGE
from pcreceipt.store.tags import InvalidTag, TagsChanged, normalize_tags

TARGET_TYPE = "artifact"


def tag_target(family: str, artifact_id: str) -> dict[str, str]:
    return {"type": TARGET_TYPE, "family": family, "artifact_id": artifact_id}


def tag_set(scope_id: str, family: str, artifact_id: str, tags: Sequence[str]) -> dict[str, Any]:
    """The ``ArtifactTagSet`` of ``tags`` (already in key order)."""
    return {
        "scope_id": scope_id,
        "target": tag_target(family, artifact_id),
        "tags": list(tags),
        "tag_digest": canonical_digest({"tags": list(tags)}),
    }


def tag_etag(body: Mapping[str, Any]) -> str:
    """``"tags:<hex>"`` of an ``ArtifactTagSet``: bound to its Scope, target and digest."""
    bound = {"scope_id": body["scope_id"], "target": body["target"], "tag_digest": body["tag_digest"]}
    return '"tags:' + hashlib.sha256(canonical_json(bound)).hexdigest() + '"'


def _listed(header: str | None, etag: str) -> bool:
    return header is not None and any(value.strip().removeprefix("W/") == etag for value in header.split(","))


def get_artifact_tags(call: Call[None]) -> Reply:
    scope_id, family, artifact_id = call.path["scope_id"], call.path["family"], call.path["artifact_id"]
    tags = call.services.store.artifact_tags(scope_id, family, artifact_id)
    if tags is None:
        raise ArtifactNotFound(ARTIFACT_NOT_FOUND_MESSAGE)
    body = tag_set(scope_id, family, artifact_id, tags)
    etag = tag_etag(body)
    if _listed(call.headers.get("If-None-Match"), etag):
        return Reply(304, None, {"ETag": etag})
    return Reply(200, body, {"ETag": etag})


def replace_artifact_tags(call: Call[bodies.ReplaceArtifactTagsRequest]) -> Reply:
    scope_id, family, artifact_id = call.path["scope_id"], call.path["family"], call.path["artifact_id"]
    if_match = call.headers.get("If-Match")
    if if_match is None:
        raise PreconditionRequired("If-Match with the artifact's current tag ETag is required.")
    try:
        wanted = normalize_tags(call.body["tags"])
    except InvalidTag as refused:
        violation = {"path": f"/tags/{refused.index}", "rule": refused.rule}
        raise InvalidRequest("A tag is refused; nothing was changed.", {"violations": [violation]}) from None

    def current_etag_is_named(current: list[str]) -> bool:
        etag = tag_etag(tag_set(scope_id, family, artifact_id, current))
        return hmac.compare_digest(if_match.encode("utf-8"), etag.encode("utf-8"))

    try:
        stored = call.services.store.replace_artifact_tags(
            scope_id, family, artifact_id, wanted, precondition=current_etag_is_named
        )
    except TagsChanged:
        raise TagPreconditionFailed("If-Match is not the current tag ETag of the artifact.") from None
    body = tag_set(scope_id, family, artifact_id, stored)
    return Reply(200, body, {"ETag": tag_etag(body)})


TAG_HANDLERS: Mapping[str, Handler] = {
    "get_artifact_tags": get_artifact_tags,
    "replace_artifact_tags": replace_artifact_tags,
}
