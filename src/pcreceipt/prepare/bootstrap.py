"""The enabled bootstrap package: which memories are eligible and how the package is rendered
(used by ``server.handlers.service.prepare_bootstrap_context``).

Decisions (``docs/decisions.md``, "Full bootstrap"):
- Eligible: active Atomic Memory tagged ``bootstrap-context`` (compared by key, so any case),
  first of the requested Scope, then of its context references in declared order (at most 8),
  in artifact_id order (a referenced Scope the caller's token may not read is skipped, never
  leaked), at most 32 tagged memories read per Scope and 6 taken in all, skipping a
  kind that looks like a secret (containing ``secret``, ``credential``, ``password``, ``token``,
  ``apikey``, ``accesskey`` or ``privatekey`` once case folded and stripped to letters and
  digits, so ``API_Key`` is one): PowerContext 1.4.1's rules.
  Each is delivered at its current head revision.
- A request naming an exact committed Handoff revision of the Scope gets it as the first item
  (``## Committed Handoff 1``), before the memories (still at most 6 of them): its body is the
  revision's content as indented, key-sorted JSON, its digest that of the content's canonical JSON,
  as 1.4.1 delivers the Handoff artifact it names.
- The package has PowerContext's structure (HOSTS.md §3.4): the ``# PowerContext bootstrap
  context`` heading, the trust text (ours: ``render.TRUST_TEXT``), the ``BEGIN_``/``END_POWERCONTEXT_
  BOOTSTRAP_CONTEXT_V1`` markers, per item ``## Curated Atomic Memory <n>``, four metadata lines
  (``Scope:``, ``Artifact:``, ``Content digest:``, ``Truncated:``) indented four spaces and the body
  ``Kind: <kind as ASCII JSON>`` / ``Text:`` / the text, each line prefixed ``>     ``; parts
  joined by a blank line. ``package_digest`` is ``sha256:`` of the content's UTF-8.
- Fitting as PowerContext: a body is normalised into units as the Markdown renderer's are; a
  body over the 2000-byte cap keeps its longest prefix that fits with ``…``; an item that does
  not fit the budget whole is cut to the most units that fit (binary search), and dropped when
  what is left is under 64 bytes; at most 7 items are tried; ``truncated`` says whether any
  item was cut or dropped.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Final, Protocol

from pcreceipt.contract.digests import canonical_digest, sha256_digest
from pcreceipt.contract.forms import BODY_PREFIX, METADATA_INDENT, SEPARATOR, TRUST_TEXT
from pcreceipt.models import limits
from pcreceipt.prepare.build_types import ENTRY_BODY_CAP_BYTES, MIN_TRUNCATED_BODY_BYTES, TRUNCATION_MARK
from pcreceipt.prepare.render import markdown_units, utf8_size
from pcreceipt.store.protocol import Artifacts, Sources
from pcreceipt.store.records import HANDOFF, BootstrapItem, HandoffRevision, Scope, served_content

BOOTSTRAP_TAG = "bootstrap-context"
BOOTSTRAP_HEADING = "# PowerContext bootstrap context"
BOOTSTRAP_BEGIN = "BEGIN_POWERCONTEXT_BOOTSTRAP_CONTEXT_V1"
BOOTSTRAP_END = "END_POWERCONTEXT_BOOTSTRAP_CONTEXT_V1"
MEMORY_TITLE = "Curated Atomic Memory"
HANDOFF_TITLE = "Committed Handoff"
MEMORY_ITEMS = 6  # PowerContext's count of tagged memories in one package
REFERENCED_SCOPES = 8  # PowerContext's count of context references read
TAG_SCAN = 32  # PowerContext's count of tagged memories read per Scope
SECRET_MARKERS = ("secret", "credential", "password", "token", "apikey", "accesskey", "privatekey")
ATOMIC_MEMORY: Final = "atomic-memory"


class PackageReads(Artifacts, Sources, Protocol):
    """What a package reads: the tagged memories and the committed Handoff revisions."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """An item to deliver and its body (the text, never stored)."""

    item: BootstrapItem
    body: str


@dataclass(frozen=True, slots=True)
class Package:
    """A built package: the content (None when nothing fits), its items, and ``truncated``."""

    content: str | None
    items: tuple[BootstrapItem, ...]
    truncated: bool


def memory_body(content: dict[str, object]) -> str:
    kind, text = content.get("kind"), content.get("text")
    return f"Kind: {json.dumps(kind, ensure_ascii=True)}\nText:\n{text}"


def handoff_candidate(handoff: HandoffRevision) -> Candidate:
    """The committed Handoff revision a request names, as the package's first item."""
    content = dict(handoff.content)
    digest = canonical_digest(content)
    item = BootstrapItem(handoff.scope_id, HANDOFF, HANDOFF, handoff.revision, digest, False)
    return Candidate(item, json.dumps(content, ensure_ascii=False, indent=2, sort_keys=True))


def _secret(kind: object) -> bool:
    compact = "".join(char for char in str(kind).casefold() if char.isalnum())
    return any(marker in compact for marker in SECRET_MARKERS)


def eligible(store: Artifacts, scope: Scope, readable: Callable[[str], bool]) -> list[Candidate]:
    """The tagged memories a package offers, in delivery order; a referenced Scope the caller may
    not read is skipped."""
    found: list[Candidate] = []
    referenced = [s for s in scope.context_references[:REFERENCED_SCOPES] if readable(s)]
    for scope_id in (scope.scope_id, *referenced):
        tagged = sorted(store.tagged_artifact_ids(scope_id, ATOMIC_MEMORY, [BOOTSTRAP_TAG], "any"))
        read = 0
        for artifact_id in tagged:
            if read == TAG_SCAN or len(found) == MEMORY_ITEMS:
                break
            head = store.get_atomic_memory_head(scope_id, artifact_id)
            if head is None or head.state != "active":
                continue
            read += 1
            record = store.get_head(scope_id, ATOMIC_MEMORY, artifact_id)
            if record is None or _secret(record.content.get("kind")):
                continue
            digest = canonical_digest(served_content(record))
            item = BootstrapItem(scope_id, ATOMIC_MEMORY, artifact_id, record.ref.revision, digest, False)
            found.append(Candidate(item, memory_body(dict(record.content))))
        if len(found) == MEMORY_ITEMS:
            break
    return found


def _quoted(value: str) -> str:
    return json.dumps(value, ensure_ascii=True)


def render(candidates: Sequence[Candidate]) -> str:
    parts = [BOOTSTRAP_HEADING, TRUST_TEXT, BOOTSTRAP_BEGIN]
    for number, candidate in enumerate(candidates, start=1):
        item = candidate.item
        metadata = (
            f"Scope: {_quoted(item.scope_id)}",
            f"Artifact: family={_quoted(item.family)}, id={_quoted(item.artifact_id)}, revision={item.revision}",
            f"Content digest: {_quoted(item.content_digest)}",
            f"Truncated: {'yes' if item.truncated else 'no'}",
        )
        parts.append(f"## {HANDOFF_TITLE if item.family == HANDOFF else MEMORY_TITLE} {number}")
        parts.append("\n".join(METADATA_INDENT + line for line in metadata))
        parts.append("\n".join(BODY_PREFIX + line for line in candidate.body.split("\n")))
    parts.append(BOOTSTRAP_END)
    return SEPARATOR.join(parts)


def _prefix(units: Sequence[str], max_bytes: int) -> list[str]:
    kept: list[str] = []
    used = 0
    for unit in units:
        used += utf8_size(unit)
        if used > max_bytes:
            break
        kept.append(unit)
    return kept


def _cut(candidate: Candidate, body: str, truncated: bool) -> Candidate:
    return Candidate(replace(candidate.item, truncated=truncated), body)


def _fit(included: Sequence[Candidate], candidate: Candidate, max_bytes: int) -> Candidate | None:
    units = markdown_units(candidate.body)
    capped = _prefix(units, ENTRY_BODY_CAP_BYTES)
    over_cap = len(capped) < len(units)
    if over_cap:
        capped = _prefix(units, ENTRY_BODY_CAP_BYTES - utf8_size(TRUNCATION_MARK))
    whole = _cut(candidate, "".join(capped) + (TRUNCATION_MARK if over_cap else ""), over_cap)
    if utf8_size(render([*included, whole])) <= max_bytes:
        return whole
    low, high, best = 0, len(capped), None
    while low <= high:
        middle = (low + high) // 2
        shorter = _cut(candidate, "".join(capped[:middle]) + TRUNCATION_MARK, True)
        if utf8_size(render([*included, shorter])) <= max_bytes:
            best, low = shorter, middle + 1
        else:
            high = middle - 1
    if best is None or utf8_size(best.body) < MIN_TRUNCATED_BODY_BYTES:
        return None
    return best


def build(candidates: Sequence[Candidate], max_bytes: int) -> Package:
    included: list[Candidate] = []
    dropped = False
    for candidate in candidates[: limits.BOOTSTRAP_CONTEXT_ITEMS_MAX_ITEMS]:
        fitted = _fit(included, candidate, max_bytes)
        if fitted is None:
            dropped = True
        else:
            included.append(fitted)
    if not included:
        return Package(None, (), dropped)
    items = tuple(c.item for c in included)
    return Package(render(included), items, dropped or any(i.truncated for i in items))


def package_digest(content: str) -> str:
    return sha256_digest(content.encode("utf-8"))


def _again(store: PackageReads, item: BootstrapItem) -> Candidate | None:
    """The item's revision again, untruncated; None when it is gone or its content changed."""
    if item.family == HANDOFF:
        handoff = store.handoff_revision(item.scope_id, item.revision)
        again = None if handoff is None else handoff_candidate(handoff)
    else:
        record = store.get_revision(item.scope_id, ATOMIC_MEMORY, item.artifact_id, item.revision)
        again = None
        if record is not None:
            digest = canonical_digest(served_content(record))
            again = Candidate(replace(item, content_digest=digest, truncated=False), memory_body(dict(record.content)))
    if again is None or again.item.content_digest != item.content_digest:
        return None
    return again


def rebuild(store: PackageReads, items: Sequence[BootstrapItem], max_bytes: int) -> Package | None:
    """A pending receipt's package again, from the revisions it named; None when one is gone or
    its content digest changed (the receipt then fails, as PowerContext's does)."""
    candidates: list[Candidate] = []
    for item in items:
        again = _again(store, item)
        if again is None:
            return None
        candidates.append(again)
    package = build(candidates, max_bytes)
    if package.items != tuple(items):
        return None
    return package
