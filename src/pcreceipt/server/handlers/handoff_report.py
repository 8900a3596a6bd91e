"""The Handoff Report: ``get_handoff_report`` (registered in ``server.handlers.HANDLERS``), PowerContext
1.4.1's read-only projection of the latest committed Handoff of every selected Scope.

Decisions (``docs/decisions.md``, "Handoff Report"; ``docs/handoffs.md``):
- The Scopes are the selection's, resolved as ``get_stats`` resolves it (``statistics.selected_scopes``:
  exact in scope_id order, subtree breadth-first from its root, all by scope_id; with a token only
  the readable ones beyond the named Scopes, which ``authorization`` checked before any lookup).
- Per Scope: its descriptor, its latest committed Handoff revision (``store.latest_handoff``) as an
  exact address and its content in 1.4.1's form, and its status: the Handoff's disposition, or
  ``no_handoff`` (address and content null). The summary counts each status.
- Digests, as 1.4.1 defines them: ``selection_digest`` is sha256 over the RFC 8785 form (strings
  and keys NFC-normalised) of ``{schema: powercontext.handoff-report-selection.v2, selection,
  scope_ids, handoffs}``, so it names what was selected and not when; ``report_digest`` is over the
  whole report with ``selection_digest`` and without itself. ``generated_at`` is UTC with
  microseconds, the form the digest reads.
- Answers: format json, ``HandoffReportResponse`` (``report`` set, ``markdown`` null); format
  markdown, the rendered document as ``text/markdown; charset=utf-8``; ``download`` true, a file
  with ``Content-Disposition: attachment`` (``handoff-report.md``, or for json the bare report
  object as ``handoff-report.json``). Every answer: ``Cache-Control: no-store`` and both digests
  in ``X-PowerContext-Selection-Digest`` / ``X-PowerContext-Report-Digest``.
- Size: an answer body over ``MAX_REPORT_BYTES`` (10 MiB, 1.4.1's bound) is 413
  ``handoff_report_too_large`` with ``estimated_bytes`` and ``selected_scopes``; nothing is sent.
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Mapping, Sequence
from datetime import UTC
from typing import Any

from pcreceipt.contract.digests import canonical_json, wire_bytes
from pcreceipt.errors import HandoffReportTooLarge, ScopeNotFound
from pcreceipt.models import bodies, limits
from pcreceipt.server.handlers import handoffs
from pcreceipt.server.handlers.records import scope_descriptor
from pcreceipt.server.handlers.statistics import selected_scopes
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.server.http.store_errors import SCOPE_NOT_FOUND_MESSAGE
from pcreceipt.store.records import RecordNotFound

REPORT_SCHEMA = limits.HANDOFF_REPORT_SCHEMA_ENUM[0]
SELECTION_SCHEMA = "powercontext.handoff-report-selection.v2"
SELECTION_DIGEST_HEADER = "X-PowerContext-Selection-Digest"
REPORT_DIGEST_HEADER = "X-PowerContext-Report-Digest"
MARKDOWN = "text/markdown; charset=utf-8"
MAX_REPORT_BYTES = 10 * 1024 * 1024
"""The largest answer body, in bytes (PowerContext 1.4.1's deterministic output limit)."""
STATUSES = limits.HANDOFF_REPORT_STATUS_ENUM
NONE = "—"

Json = dict[str, Any]


# -- digests


def _nfc(value: Any) -> Any:
    if isinstance(value, str):
        return unicodedata.normalize("NFC", value)
    if isinstance(value, Mapping):
        return {unicodedata.normalize("NFC", key): _nfc(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_nfc(item) for item in value]
    return value


def digest(value: Any) -> str:
    """``sha256:<hex>`` of the RFC 8785 bytes of ``value`` with its strings and keys in NFC."""
    return "sha256:" + hashlib.sha256(canonical_json(_nfc(value))).hexdigest()


def selection_digest(report: Mapping[str, Any]) -> str:
    return digest(
        {
            "schema": SELECTION_SCHEMA,
            "selection": report["selection"],
            "scope_ids": report["scope_ids"],
            "handoffs": [entry["handoff"] for entry in report["scopes"]],
        }
    )


def with_digests(report: Json) -> Json:
    """The report with ``selection_digest`` and then ``report_digest`` (over all but itself)."""
    selected = {**report, "selection_digest": selection_digest(report), "report_digest": None}
    unsigned = {key: value for key, value in selected.items() if key != "report_digest"}
    return {**selected, "report_digest": digest(unsigned)}


# -- the report


def recorded_selection(selection: Mapping[str, Any]) -> Json:
    """The selection as the report records it (and its digest covers), as 1.4.1 records it: the mode
    and only the field the mode uses, exact ids sorted."""
    mode = selection["mode"]
    if mode == "exact":
        return {"mode": mode, "scope_ids": sorted(selection.get("scope_ids", []))}
    if mode == "subtree":
        return {"mode": mode, "root_scope_id": selection["root_scope_id"]}
    return {"mode": mode}


def _entry(call: Call, scope_id: str) -> Json:
    store = call.services.store
    scope = store.get_scope(scope_id)
    try:
        latest = None if scope is None else store.latest_handoff(scope_id)
    except RecordNotFound:
        scope = None
    if scope is None:  # gone since the selection was resolved
        raise ScopeNotFound(SCOPE_NOT_FOUND_MESSAGE)
    if latest is None:
        return {"scope": scope_descriptor(scope), "status": "no_handoff", "handoff": None, "content": None}
    content = handoffs.runtime_content(
        handoffs.content_of(latest.content)
    )  # 1.4.1's record form: {source_id, source_type}
    return {
        "scope": scope_descriptor(scope),
        "status": content["disposition"],
        "handoff": {"scope_id": scope_id, "artifact": handoffs.reference(latest.revision)},
        "content": content,
    }


def build_report(call: Call, selection: Mapping[str, Any]) -> Json:
    scope_ids = selected_scopes(call, selection)
    entries = [_entry(call, scope_id) for scope_id in scope_ids]
    generated_at = call.services.clock().astimezone(UTC).isoformat(timespec="microseconds")
    report = {
        "schema": REPORT_SCHEMA,
        "selection": recorded_selection(selection),
        "scope_ids": scope_ids,
        "generated_at": generated_at.replace("+00:00", "Z"),
        "summary": {f"{status}_count": sum(e["status"] == status for e in entries) for status in STATUSES},
        "scopes": entries,
    }
    return with_digests(report)


# -- Markdown


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _address(handoff: Mapping[str, Any] | None) -> str:
    if handoff is None:
        return NONE
    artifact = handoff["artifact"]
    return f"`{handoff['scope_id']}/{artifact['family']}/{artifact['artifact_id']}@{artifact['revision']}`"


def _section(entry: Mapping[str, Any]) -> list[str]:
    scope, content = entry["scope"], entry["content"]
    lines = ["", f"## {scope['title']}", "", scope["summary"]]
    if content is None:
        return [*lines, "", "No Handoff has been committed in this Scope."]
    lines += ["", f"Status: **{entry['status']}**", "", f"Objective: {content['objective']}", "", "Current state:"]
    lines += [f"- {statement['text']}" for statement in content["state"]]
    if content["next_action"] is not None:
        lines += ["", f"Next action: {content['next_action']['text']}"]
    if content["omissions"]:
        lines += ["", "Known omissions:"]
        lines += [f"- {omission['text']}" for omission in content["omissions"]]
    return lines


def render_markdown(report: Mapping[str, Any]) -> str:
    """The report as a Markdown document: a table of the Scopes, then one section per Scope, then
    both digests (1.4.1's headings and fields)."""
    entries: Sequence[Mapping[str, Any]] = report["scopes"]
    lines = [
        "# Handoff Report",
        "",
        f"Selection: `{report['selection']['mode']}`",
        f"Scopes: {len(entries)}",
        "",
        "| Scope | Parent | Status | Handoff |",
        "| --- | --- | --- | --- |",
    ]
    for entry in entries:
        scope = entry["scope"]
        parent = _cell(scope["parent_scope_id"] or NONE)
        lines.append(f"| {_cell(scope['title'])} | `{parent}` | {entry['status']} | {_address(entry['handoff'])} |")
    for entry in entries:
        lines += _section(entry)
    lines += ["", f"Selection digest: `{report['selection_digest']}`"]
    lines += [f"Report digest: `{report['report_digest']}`", ""]
    return "\n".join(lines)


# -- the operation


def _bounded(data: bytes, report: Mapping[str, Any]) -> bytes:
    if len(data) > MAX_REPORT_BYTES:
        raise HandoffReportTooLarge(
            "The Handoff Report is too large; select fewer Scopes.",
            {"estimated_bytes": len(data), "selected_scopes": len(report["scopes"])},
        )
    return data


def get_handoff_report(call: Call[bodies.GetHandoffReportRequest]) -> Reply:
    body = call.body
    report = build_report(call, body["selection"])
    headers = {
        "Cache-Control": "no-store",
        SELECTION_DIGEST_HEADER: report["selection_digest"],
        REPORT_DIGEST_HEADER: report["report_digest"],
    }
    markdown = body.get("format", "json") == "markdown"
    if body.get("download", False):
        headers["Content-Disposition"] = f'attachment; filename="handoff-report.{"md" if markdown else "json"}"'
    if markdown:
        return Reply(200, _bounded(render_markdown(report).encode("utf-8"), report), headers, media_type=MARKDOWN)
    if body.get("download", False):  # the bare report, as a JSON file
        _bounded(wire_bytes(report), report)
        return Reply(200, report, headers)
    answer = {
        "format": "json",
        "report": report,
        "markdown": None,
        "selection_digest": report["selection_digest"],
        "report_digest": report["report_digest"],
    }
    _bounded(wire_bytes(answer), report)
    return Reply(200, answer, headers)


HANDOFF_REPORT_HANDLERS: Mapping[str, Handler] = {"get_handoff_report": get_handoff_report}
