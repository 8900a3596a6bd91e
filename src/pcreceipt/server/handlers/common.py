"""What the handlers share: refusals, the store of a call, reads that must find, stored content."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any, TypeVar

import rfc8785

from pcreceipt.contract.digests import canonical_json
from pcreceipt.errors import ArtifactNotFound
from pcreceipt.models import limits
from pcreceipt.server.http.body import invalid as invalid
from pcreceipt.server.http.exchange import Call
from pcreceipt.server.http.store_errors import ARTIFACT_NOT_FOUND_MESSAGE
from pcreceipt.store.protocol import Store

log = logging.getLogger("pcreceipt.server")
_T = TypeVar("_T")

ATOMIC_MEMORY_SCHEMA = limits.ATOMIC_MEMORY_CONTENT_SCHEMA_CONST
READ_CODE_MAX_LINES = limits.CODE_RANGE_LINES_MAX_ITEMS
HEALTH_PROBE_SCOPE = "__health__"
TAGGED_SCAN = 200  # not a contract limit: how many heads one read of a tag-filtered listing takes


def require_i_json(body: Mapping[str, Any], names: tuple[str, ...], message: str) -> None:
    """422 ``invalid_request`` (rule ``i_json`` at the field) when a field's value has no RFC 8785
    form (an integer beyond ±(2**53 - 1), a number that is not finite): checked before anything is
    read or written, where a digest of the value would otherwise fail as a 500."""
    for name in names:
        try:
            canonical_json(body.get(name))
        except rfc8785.CanonicalizationError:
            raise invalid(f"/{name}", "i_json", message) from None


def store_of(call: Call) -> Store:
    return call.services.store


def found(value: _T | None) -> _T:
    """The artifact or revision read; ``ArtifactNotFound`` when there is none (the endpoint has
    already answered ``scope_not_found`` for a Scope that does not exist)."""
    if value is None:
        raise ArtifactNotFound(ARTIFACT_NOT_FOUND_MESSAGE)
    return value


def stored_content(family: str, content: Mapping[str, Any], pointer: str = "/content") -> dict[str, Any]:
    """The content as written: the schema's defaults filled in (atomic memory names its schema
    first). An atomic memory's ``creation`` is the server's to maintain (PowerContext refuses it
    in writes): a write may leave it out or send null, which stores nothing."""
    if family == "atomic-memory":
        written = {key: value for key, value in content.items() if key != "creation"}
        if content.get("creation") is not None:
            raise invalid(
                f"{pointer}/creation", "creation_maintained_by_server", "content.creation is maintained by the server."
            )
        return {"schema": ATOMIC_MEMORY_SCHEMA, **written}
    return dict(content)
