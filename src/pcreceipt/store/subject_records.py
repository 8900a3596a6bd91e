"""The records of subject Sources (``store.subject_sources``). Like ``records``, it imports no
store module, so the role protocols can name them."""

from __future__ import annotations

from dataclasses import dataclass

from pcreceipt.store.records import StoreError
from pcreceipt.store.source_view_records import SourceView


@dataclass(frozen=True, slots=True)
class SubjectSources:
    """What ``create_subject_source`` wrote: the subject Scope and the one Source in each Scope
    (the business Scope's first)."""

    subject_scope_id: str
    business: SourceView
    subject: SourceView


class SubjectBoundElsewhere(StoreError):
    """The subject is bound to another Scope than the one requested (or its binding moved while
    the write was retried)."""


class SameSubjectScope(StoreError):
    """The subject Scope would be the business Scope itself."""


class SubjectBindingTargetMissing(StoreError):
    """The subject's stored binding names a Scope that does not exist (``scope_id``)."""

    def __init__(self, scope_id: str) -> None:
        super().__init__("the subject binding names a Scope that does not exist")
        self.scope_id = scope_id
