"""Connector checkpoints, the same on every engine: one opaque JSON value per Connector binding
(table ``connector_checkpoints``, migration 16 of each engine), PowerContext 1.4.1's
``get_connector_checkpoint`` and ``commit_connector_checkpoint``.

The rule (1.4.1's, read from its Connector checkpoint repository):

- A binding is (scope_id, binding_id); the first commit under it records its connector_name and
  connector_version, and any read or commit naming the same id with another name or version is
  ``CheckpointConflict("binding")``. A binding that never committed reads as null.
- A commit is a compare-and-set: it replaces the value only when the current value equals
  ``expected`` (null when there is no row), else ``CheckpointConflict("stale")`` and nothing
  changes. Values are compared by their RFC 8785 canonical JSON (docs/decisions.md, "Connector
  checkpoints"), stored with its SHA-256 so the update's ``WHERE`` compares the exact bytes.
- The decision is the write's own row count, never a read before it: the first commit inserts
  with the engine's insert-or-ignore (``INSERT_CONNECTOR_CHECKPOINT``: 0 rows when a racer's row
  exists), a later one updates ``WHERE checkpoint_sha = sha(expected)`` and bumps ``generation``
  (so a commit that rewrites the same value still counts one row on OceanBase, whose row count is
  rows changed). Of K commits from one expected value exactly one wins, on one process or many
  over one database.
- The Scope is not looked up: 1.4.1 keeps checkpoints apart from Scope state (no foreign key).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, ClassVar

from pcreceipt.contract.digests import canonical_json
from pcreceipt.store.connector_records import CheckpointConflict, ConnectorBinding
from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT

_SELECT = """SELECT connector_name, connector_version, checkpoint, checkpoint_sha
    FROM connector_checkpoints WHERE scope_id = ? AND binding_id = ?"""
_UPDATE = """UPDATE connector_checkpoints
    SET checkpoint = ?, checkpoint_sha = ?, generation = generation + 1
    WHERE scope_id = ? AND binding_id = ? AND connector_name = ? AND connector_version = ? AND checkpoint_sha = ?"""


def _text(value: Any) -> str:
    return bytes(value).decode("utf-8") if isinstance(value, (bytes, bytearray, memoryview)) else str(value)


def _stored(value: Any) -> tuple[str, str]:
    """The canonical JSON text of a checkpoint and its SHA-256 (hex)."""
    canonical = canonical_json(value)
    return canonical.decode("utf-8"), hashlib.sha256(canonical).hexdigest()


class ConnectorCheckpoints(EngineHooks[ConnT, PreparedT]):
    """``connector_checkpoint`` and ``commit_connector_checkpoint`` over the engine hooks."""

    INSERT_CONNECTOR_CHECKPOINT: ClassVar[str]
    """Insert a ``connector_checkpoints`` row (scope_id, binding_id, connector_name,
    connector_version, checkpoint, checkpoint_sha) with generation 1; an existing row stays and
    the statement counts 0 rows."""

    @staticmethod
    def _owned(row: Any, binding: ConnectorBinding) -> None:
        if (_text(row[0]), _text(row[1])) != (binding.connector_name, binding.connector_version):
            raise CheckpointConflict("binding")

    def connector_checkpoint(self, binding: ConnectorBinding) -> Any:
        """The binding's checkpoint (None when it never committed); CheckpointConflict
        ``binding`` when its id belongs to another Connector."""
        with self._reading() as conn:
            row = self._first(conn, _SELECT, (binding.scope_id, binding.binding_id))
        if row is None:
            return None
        self._owned(row, binding)
        return json.loads(_text(row[2]))

    def commit_connector_checkpoint(self, binding: ConnectorBinding, expected: Any, checkpoint: Any) -> None:
        """Replace the binding's checkpoint with ``checkpoint`` when it is still ``expected``;
        CheckpointConflict (``stale`` or ``binding``) otherwise, with nothing written."""
        text, sha = _stored(checkpoint)
        _, expected_sha = _stored(expected)
        key = (binding.scope_id, binding.binding_id)

        def work(conn: ConnT) -> None:
            row = self._first(conn, _SELECT, key)
            if row is None:
                if expected is not None:
                    raise CheckpointConflict("stale")
                inserted = self._affected(
                    conn,
                    self.INSERT_CONNECTOR_CHECKPOINT,
                    (*key, binding.connector_name, binding.connector_version, text, sha),
                )
                if inserted != 1:  # a racer's first commit landed in between
                    raise CheckpointConflict("stale")
                return
            self._owned(row, binding)
            if _text(row[3]) != expected_sha:
                raise CheckpointConflict("stale")
            updated = self._affected(
                conn,
                _UPDATE,
                (text, sha, *key, binding.connector_name, binding.connector_version, expected_sha),
            )
            if updated != 1:  # a racer's commit changed it in between
                raise CheckpointConflict("stale")

        self._transact(work)
