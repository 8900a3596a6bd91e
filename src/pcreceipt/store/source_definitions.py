"""Registered Source Definition manifests, the same on every engine: PowerContext 1.4.1's
``register_source_definition`` (table ``source_definitions``, migration 21 of each engine).

The rule (1.4.1's, read from its manifest repository): a manifest is stored once under its
(name, version); registering the same manifest again answers the stored one, another manifest
under the same (name, version) is ``DefinitionConflict`` and nothing changes. Manifests compare by
their RFC 8785 JSON (the caller checked they are I-JSON). Racing registrations are decided by the
primary key: SQLite serialises writers, and on OceanBase the loser's insert hits the key, the
engine retries the transaction whole, and the retry reads the winner's row and compares with it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pcreceipt.contract.digests import canonical_json
from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT
from pcreceipt.store.ids import utc_now
from pcreceipt.store.records import StoreError
from pcreceipt.store.rows import as_str

_FIND = "SELECT manifest FROM source_definitions WHERE definition_name = ? AND definition_version = ?"
_INSERT = """INSERT INTO source_definitions (definition_name, definition_version, fingerprint, manifest, registered_at)
    VALUES (?, ?, ?, ?, ?)"""


class DefinitionConflict(StoreError):
    """Another manifest is registered under the same name and version."""


class SourceDefinitions(EngineHooks[ConnT, PreparedT]):
    """``register_source_definition`` over the engine hooks."""

    def register_source_definition(self, manifest: Mapping[str, Any]) -> dict[str, Any]:
        text = canonical_json(dict(manifest)).decode("utf-8")
        key = (manifest["name"], manifest["version"])

        def work(conn: ConnT) -> dict[str, Any]:
            row = self._first(conn, _FIND, key)
            if row is not None:
                if as_str(row[0]) != text:
                    raise DefinitionConflict("another manifest is registered under this name and version")
                return dict(json.loads(as_str(row[0])))
            self._run(conn, _INSERT, (*key, manifest["fingerprint"], text, utc_now()))
            return dict(manifest)

        return self._transact(work)
