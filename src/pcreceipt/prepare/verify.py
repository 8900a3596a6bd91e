"""Verifying a saved prepare response that carries a Receipt: the pure checks (no I/O).

``pcreceipt verify`` (``cli/verify.py``) reads the file, does the exact reads against a server
when asked, and prints; every judgement is made here.

Offline (``verify_offline``):

1. the gate: the PreparedContext schema and every semantic rule (content and Receipt digests,
   byte counts, ordering, identity uniqueness, the 8192-byte budget), with ``max_bytes`` as the
   request's max_bytes when given; among them the rules that read the content back
   (``gate.check_cited``, over ``contract.content``): the content is in a rendered form, it
   cites exactly the ``selected`` identities in order (kind, Scope-qualified identity; for code
   the range and the snippet hash), and each item's text has the ``rendered_bytes`` and
   truncation its entry records;
2. code: each code item's lines, as the content shows them, hash to its ``snippet_sha256``.

Against what a server read back for a selected item (``history_findings``, ``code_findings``):

3. history: the exact revision read is that identity, and its stored content renders to the
   item's body in ``content`` (a truncated body must be a prefix of it followed by ``…``);
4. code: the lines read back hash to ``snippet_sha256`` and are the item's lines in ``content``.

Every problem is a ``Finding``, printed as ``validate`` prints a violation
(``gate.format_violation``): ``path: check — what failed``, with a JSON Pointer into the
response, never a value from the response or the store.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from pcreceipt.contract import gate
from pcreceipt.contract.content import CitedItem, ContentFormError, parse_content
from pcreceipt.contract.digests import sha256_hex
from pcreceipt.contract.forms import HISTORY_FAMILIES, HistoryFamily
from pcreceipt.prepare.build_types import ENTRY_BODY_CAP_BYTES, TRUNCATION_MARK
from pcreceipt.prepare.render import code_line_strings, envelope_content, markdown_body, markdown_units, utf8_size
from pcreceipt.prepare.snippet import CUT_MARK as SNIPPET_CUT_MARK
from pcreceipt.prepare.snippet import SNIPPET_MAX_CHARS, compact


@dataclass(frozen=True, slots=True)
class Finding:
    """One failed check: where (a JSON Pointer into the response), which check, and a content-free why."""

    path: str
    check: str
    message: str

    def __str__(self) -> str:
        return gate.format_violation(self.path, self.check, self.message)


def item_path(index: int, *rest: str) -> str:
    return gate.pointer(["receipt", "selected", index, *rest])


# -- offline -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Offline:
    """The offline verdict, and what the server checks need: the selected entries and, when the
    content could be read and cites as many items as are selected, those items (in order)."""

    findings: list[Finding]
    selected: list[Mapping[str, Any]]
    items: list[CitedItem] | None


def _snippet_findings(items: Sequence[CitedItem]) -> list[Finding]:
    out = []
    for index, item in enumerate(items):
        if item.code is not None and sha256_hex(item.body.encode("utf-8")) != item.code["snippet_sha256"]:
            message = "the code item's lines in content hash differently"
            out.append(Finding(item_path(index, "code_evidence", "snippet_sha256"), "snippet_sha256", message))
    return out


def verify_offline(response: Any, *, max_bytes: int | None) -> Offline:
    """Checks 1–2 of the module docstring."""
    violations = gate.check_schema("PreparedContext", response)
    if violations:
        return Offline([Finding(v.path, v.rule, v.message) for v in violations], [], None)
    if "receipt" not in response:
        return Offline([Finding("/receipt", "receipt_missing", "the response carries no Receipt to verify")], [], None)
    findings = [
        Finding(v.path, v.rule, v.message)
        for v in gate.check_prepared_context(response, max_bytes=max_bytes, include_receipt=True)
    ]
    selected: list[Mapping[str, Any]] = list(response["receipt"]["selected"])
    try:
        items = parse_content(response["content"])
    except ContentFormError:
        return Offline(findings, selected, None)
    if len(items) != len(selected):
        return Offline(findings, selected, None)
    return Offline(findings + _snippet_findings(items), selected, items)


# -- against what a server read back -------------------------------------------------------------


def _body_matches(item: CitedItem, family: HistoryFamily, stored: Mapping[str, Any], truncated: bool) -> bool:
    """Whether the stored content renders to the item's body (whole, or cut with the mark)."""
    if family == "topic-memory" and _shows_a_detail_snippet(item, stored, truncated):
        return True
    if item.form == "envelope":
        full = envelope_content(family, stored)
        if not truncated:
            return item.body == full and utf8_size(full) <= ENTRY_BODY_CAP_BYTES
        return item.body.endswith(TRUNCATION_MARK) and full.encode().startswith(item.body[:-1].encode())
    full = "".join(markdown_units(markdown_body(family, stored)))
    if not truncated:
        return item.body == full and utf8_size(full) <= ENTRY_BODY_CAP_BYTES
    return item.body.endswith(TRUNCATION_MARK) and full.startswith(item.body[:-1])


def _shows_a_detail_snippet(item: CitedItem, stored: Mapping[str, Any], truncated: bool) -> bool:
    """Whether a Topic Memory's body is its title and summary followed by a snippet its stored
    detail can give: a run of the compacted detail, whole or a window with ``…`` where it was
    cut, at most ``SNIPPET_MAX_CHARS``. Which query chose it is not in the response, so that is
    all a reader can check; a cut body is checked up to where its snippet begins, and one cut
    before that is a prefix of what comes before the snippet."""
    envelope = item.form == "envelope"
    opening = (
        envelope_content("topic-memory", stored, "")[: -len('"}')]
        if envelope
        else "".join(markdown_units(markdown_body("topic-memory", stored, "")))
    )
    if truncated:  # cut in the snippet, or before it begins (in the summary or the text leading to it)
        cut = item.body[: -len(TRUNCATION_MARK)]
        return item.body.endswith(TRUNCATION_MARK) and (cut.startswith(opening) or opening.startswith(cut))
    if not item.body.startswith(opening) or not isinstance(detail := stored.get("detail"), str):
        return False
    shown = item.body[len(opening) :]
    if envelope:
        try:
            shown = json.loads('"' + shown.removesuffix('"}') + '"')
        except ValueError:
            return False
    core = shown.removeprefix(SNIPPET_CUT_MARK).removesuffix(SNIPPET_CUT_MARK)
    if not isinstance(shown, str) or len(shown) > SNIPPET_MAX_CHARS or core not in compact(detail):
        return False
    full = (
        envelope_content("topic-memory", stored, shown)
        if envelope
        else "".join(markdown_units(markdown_body("topic-memory", stored, shown)))
    )
    return item.body == full and utf8_size(full) <= ENTRY_BODY_CAP_BYTES


def history_findings(
    index: int, item: Mapping[str, Any], cited: CitedItem | None, read: Mapping[str, Any]
) -> list[Finding]:
    """Check 3 for selected item ``index``, given the exact revision a server read back (as JSON)."""
    address = item["artifact_address"]
    artifact = address["artifact"]
    wanted = (address["scope_id"], artifact["family"], artifact["artifact_id"], artifact["revision"])
    path = item_path(index, "artifact_address")
    if (read["scope_id"], read["family"], read["artifact_id"], read["revision"]) != wanted:
        return [Finding(path, "exact_read", "the exact read answered another identity")]
    family = cast(HistoryFamily, item["kind"])
    if (
        cited is not None
        and family in HISTORY_FAMILIES
        and not _body_matches(cited, family, read["content"], bool(item["truncated"]))
    ):
        return [Finding(path, "body", "the stored revision does not render to the item's body in content")]
    return []


def code_findings(index: int, item: Mapping[str, Any], cited: CitedItem | None, lines: Sequence[str]) -> list[Finding]:
    """Check 4 for selected item ``index``, given the lines of its range a server read back."""
    code = item["code_evidence"]
    shown = "".join(code_line_strings(lines))
    out = []
    if sha256_hex(shown.encode("utf-8")) != code["snippet_sha256"]:
        where = item_path(index, "code_evidence", "snippet_sha256")
        out.append(Finding(where, "snippet_sha256", "the lines read back hash differently"))
    if cited is not None and cited.body != shown:
        message = "the lines read back are not the item's lines in content"
        out.append(Finding(item_path(index, "code_evidence"), "body", message))
    return out


__all__ = [
    "Finding",
    "Offline",
    "code_findings",
    "history_findings",
    "item_path",
    "verify_offline",
]
