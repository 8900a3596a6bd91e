"""The prepare request, parsed once: ``PreparePlan.from_request`` of a gate-validated body.

Every default is applied here and nowhere else, and every default is the contract's: the field
defaults the contract states for ``PrepareContextRequest`` (``max_bytes`` 8000,
``include_code``/``explain``/``include_receipt`` false, no assembly) and ``ContextAssembly``
(sections memory 6 then experience 2, nothing shown), read from its schema. ``include_receipt`` is true only for
``true`` (omitted, null and false are equivalent). Later stages read the plan's fields, never the
request dict.

The builder's part (``PreparePlan.build``): the default form (the JSON envelope over the three
default families, interleaved, ``ENTRY_LIMIT`` items) when ``assembly`` is absent; else the
Markdown form over the assembly's sections in request order (its schema default, memory 6 then
experience 2, when ``sections`` is absent; none when it is ``[]``), with the metadata it asks to
show. ``bootstrap_receipt_id`` names a bootstrap receipt whose delivered memories recall leaves
out (``runtime``; docs/decisions.md, "Full bootstrap"). The Markdown form's
entry cap with code is the server's ``assembly_max_entries``: the runtime sets it
(``BuildPlan.entry_limit``), since the request does not know it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from pcreceipt.contract import gate
from pcreceipt.prepare.build_types import (
    DEFAULT_FAMILIES,
    DEFAULT_FAMILY_LIMITS,
    BuildPlan,
    SectionPlan,
    ShowField,
)
from pcreceipt.store.records import HistoryFamily

SELECTOR_FAMILY: Mapping[str, HistoryFamily] = {
    "memory": "atomic-memory",
    "topic-memory": "topic-memory",
    "experience": "experience",
    "profile": "profile",
}
"""The assembly's family selectors and the history family each selects."""


def _default(definition: str, name: str) -> Any:
    """The default the contract's schema states for ``definition``'s property ``name`` (None if none)."""
    return gate.contract_document()["$defs"][definition]["properties"][name].get("default")


@dataclass(frozen=True, slots=True)
class PreparePlan:
    """What one prepare request asks for, every default applied."""

    scope_id: str
    query: str
    max_bytes: int
    include_code: bool
    explain: bool
    include_receipt: bool
    build: BuildPlan
    bootstrap_receipt_id: str | None = None

    @classmethod
    def from_request(cls, body: Mapping[str, Any]) -> PreparePlan:
        """The plan of a body that passed ``gate.check_prepare_request`` (anything else is a
        programming error and may raise)."""

        def field(name: str) -> Any:
            value = body.get(name)
            return _default("PrepareContextRequest", name) if value is None else value

        max_bytes = int(field("max_bytes"))
        include_code = field("include_code") is True
        return cls(
            scope_id=str(body["scope_id"]),
            query=str(body["query"]),
            max_bytes=max_bytes,
            include_code=include_code,
            explain=field("explain") is True,
            include_receipt=field("include_receipt") is True,
            build=_build_plan(str(body["scope_id"]), max_bytes, include_code, field("assembly")),
            bootstrap_receipt_id=body.get("bootstrap_receipt_id"),
        )


def _build_plan(scope_id: str, max_bytes: int, include_code: bool, assembly: Mapping[str, Any] | None) -> BuildPlan:
    if assembly is None:
        sections = tuple(SectionPlan(f, DEFAULT_FAMILY_LIMITS[f]) for f in DEFAULT_FAMILIES)
        return BuildPlan(scope_id, max_bytes, sections, include_code)
    chosen = assembly.get("sections")
    shown = assembly.get("show")
    if chosen is None:
        chosen = _default("ContextAssembly", "sections")
    if shown is None:
        shown = _default("ContextAssembly", "show")
    sections = tuple(SectionPlan(SELECTOR_FAMILY[s["family"]], int(s["limit"])) for s in chosen)
    return BuildPlan(
        scope_id,
        max_bytes,
        sections,
        include_code,
        markdown=True,
        show=tuple(cast(ShowField, name) for name in shown),
    )


__all__ = ["SELECTOR_FAMILY", "PreparePlan"]
