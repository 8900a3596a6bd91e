"""Worker-materialised Source observations, the same on every engine: PowerContext 1.4.1's
``submit_source_observation`` over the one ``sources`` table (origin ``observation``, SQLite
migration 24) and the manifests of ``store.source_definitions``.

Decisions (docs/decisions.md, "Source observations"):
- An observation is a Source of its Scope at the Scope's next position, taken under the Scope's
  writer lock like every Source write. Its identity is (source_type, name), 1.4.1's; it is stored
  with origin ``observation``, ``source_id`` its name, and as ``content`` the RFC 8785 JSON of the
  whole observation (the caller checked it is I-JSON), which is what a replay must repeat.
- Its ``source_key`` is ``o`` and the first 63 hex digits of the SHA-256 of the RFC 8785 JSON of
  ``[source_type, name]``: never a key of a content Source (those are 64 hex digits, and ``o`` is
  not one), so an observation named like a captured Source neither finds nor blocks it, and two
  types may use the same name.
- The same observation again answers the first position and writes nothing; another observation
  under its identity is ``SourceIdentityConflict``. Racing submissions are decided under the Scope
  lock (SQLite: one writer; OceanBase: the Scope row lock, and the unique key on the Scope's
  ``source_key`` behind it): one stores, the others replay it.
- An observation is never extracted (``flush`` passes it: its origin is not ``content``) and is
  not a content Source: ``get_source``/``list_sources`` do not serve it, as 1.4.1 serves only type
  ``content`` there.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any, Final

from pcreceipt.contract.digests import canonical_json
from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT
from pcreceipt.store.ids import utc_now
from pcreceipt.store.records import SourceIdentityConflict, SourceOrigin
from pcreceipt.store.rows import as_str
from pcreceipt.store.sources import append_source, estimate_tokens, identity_digest

OBSERVATION: Final[SourceOrigin] = "observation"
_FIND_DEFINITION = "SELECT manifest FROM source_definitions WHERE definition_name = ? AND definition_version = ?"
_FIND_SOURCE = "SELECT source_position, identity_digest FROM sources WHERE scope_id = ? AND source_key = ?"


def observation_key(source_type: str, name: str) -> str:
    """The ``source_key`` of the observed Source (source_type, name): ``o`` + 63 hex digits."""
    identity = canonical_json([source_type, name])
    return "o" + hashlib.sha256(identity).hexdigest()[:63]


class SourceObservations(EngineHooks[ConnT, PreparedT]):
    """``source_definition`` and ``submit_source_observation`` over the engine hooks."""

    def source_definition(self, name: str, version: str) -> dict[str, Any] | None:
        with self._reading() as conn:
            row = self._first(conn, _FIND_DEFINITION, (name, version))
        return None if row is None else dict(json.loads(as_str(row[0])))

    def submit_source_observation(self, scope_id: str, observation: Mapping[str, Any]) -> int:
        text = canonical_json(dict(observation)).decode("utf-8")
        key = observation_key(observation["source_type"], observation["name"])
        digest, tokens = identity_digest(OBSERVATION, text, None), estimate_tokens(text)
        now = utc_now()

        def work(conn: ConnT) -> int:
            self._lock_scope(conn, scope_id)
            row = self._first(conn, _FIND_SOURCE, (scope_id, key))
            if row is not None:
                if as_str(row[1]) != digest:
                    raise SourceIdentityConflict("the observed Source identity holds another observation")
                return int(row[0])
            return append_source(
                self, conn, scope_id, (key, observation["name"], OBSERVATION, text, digest, tokens, now)
            )

        return self._transact(work)
