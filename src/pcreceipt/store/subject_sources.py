"""Subject Sources, the same on every engine: PowerContext 1.4.1's ``create_subject_source``, one
content Source written to a business Scope and to the Scope its subject is bound to, at once.

The rule (1.4.1's, read from its subject Source service):

- The subject is a binding key ``(subject, <subject_type>, <subject_key>)`` in the one
  ``scope_bindings`` table. Bound: its Scope is the subject Scope, and a requested
  ``subject_scope_id`` naming another Scope is ``SubjectBoundElsewhere``. Unbound: the requested
  Scope, or a new Scope (``Subject`` / ``Subject evidence``) when none is requested, and the key
  is bound to it in the same transaction.
- The subject Scope may not be the business Scope (``SameSubjectScope``). A requested Scope that
  does not exist is ``RecordNotFound``; a stored binding naming a missing Scope is
  ``SubjectBindingTargetMissing``.
- ``authorize(subject_scope_id, new_binding)`` is called inside the transaction, after the
  binding is read and before anything is written or any Scope looked up, so the caller decides
  whether it may use (or make) the binding before it learns more.
- The two Sources share one id (``source_`` + 32 hex, 1.4.1's form for them) and the content;
  each takes its Scope's next position under that Scope's writer lock (business Scope first).
- Races: the binding is inserted, never upserted. Two writers of one new subject on SQLite are
  serialised; on OceanBase the loser's insert hits the binding's primary key, the engine retries
  the transaction whole and the retry finds the winner's binding, so both write into the one
  subject Scope (and the loser's new Scope was rolled back with it). A retry that finds the
  subject bound elsewhere than the first attempt resolved is ``SubjectBoundElsewhere`` (1.4.1
  pins the first resolution the same way).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pcreceipt.contract.digests import canonical_json
from pcreceipt.store.hooks import ConnT, PreparedT
from pcreceipt.store.ids import new_scope_id, utc_now
from pcreceipt.store.records import BindingKey, RecordNotFound
from pcreceipt.store.rows import as_str, requested_scope
from pcreceipt.store.source_views import SourceViews
from pcreceipt.store.subject_records import (
    SameSubjectScope,
    SubjectBindingTargetMissing,
    SubjectBoundElsewhere,
    SubjectSources,
)

SUBJECT_INTEGRATION = "subject"
SUBJECT_SCOPE_TITLE = "Subject"
SUBJECT_SCOPE_SUMMARY = "Subject evidence"
_BOUND = "SELECT scope_id FROM scope_bindings WHERE integration = ? AND kind = ? AND external_id = ?"
_EXISTS = "SELECT 1 FROM scopes WHERE scope_id = ?"
_BIND = "INSERT INTO scope_bindings (integration, kind, external_id, scope_id, updated_at) VALUES (?, ?, ?, ?, ?)"


class SubjectSourceRecords(SourceViews[ConnT, PreparedT]):
    """``create_subject_source`` over the engine hooks."""

    def create_subject_source(
        self,
        scope_id: str,
        key: BindingKey,
        requested: str | None,
        content: Any,
        authorize: Callable[[str, bool], None],
    ) -> SubjectSources:
        canonical_json(content)  # a value outside I-JSON fails here, before the transaction opens
        source_id = "source_" + uuid.uuid4().hex
        resolved: list[str] = []  # the first attempt's binding, pinned across the engine's retries

        def work(conn: ConnT) -> SubjectSources:
            self._lock_scope(conn, scope_id)
            row = self._first(conn, _BOUND, (key.integration, key.kind, key.external_id))
            bound = None if row is None else as_str(row[0])
            if resolved and bound != resolved[0]:
                raise SubjectBoundElsewhere("the subject's binding moved while the write was retried")
            if bound is not None and not resolved:
                resolved.append(bound)
            if bound is not None and requested is not None and bound != requested:
                raise SubjectBoundElsewhere("the subject is bound to another Scope")
            target = bound if bound is not None else (requested or new_scope_id())
            if target == scope_id:
                raise SameSubjectScope("the subject Scope must differ from the business Scope")
            authorize(target, bound is None)
            if bound is None and requested is None:
                wanted = requested_scope(
                    title=SUBJECT_SCOPE_TITLE,
                    summary=SUBJECT_SCOPE_SUMMARY,
                    parent_scope_id=None,
                    context_references=(),
                    external_references=(),
                )
                self._insert_scope(conn, replace(wanted, scope_id=target), f"subject-{uuid.uuid4().hex}")
            elif not self._lock_scope(conn, target, required=False) or self._first(conn, _EXISTS, (target,)) is None:
                if bound is None:
                    raise RecordNotFound("the requested subject Scope does not exist", kind="scope")
                raise SubjectBindingTargetMissing(target)
            if bound is None:
                self._run(conn, _BIND, (key.integration, key.kind, key.external_id, target, utc_now()))
            business = self._append_content(conn, scope_id, source_id, content)
            subject = self._append_content(conn, target, source_id, content)
            return SubjectSources(target, business, subject)

        return self._transact(work)
