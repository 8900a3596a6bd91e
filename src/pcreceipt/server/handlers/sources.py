"""The handlers of the Source operations: ``capture_content_source``, ``capture_working_note`` and
``flush_memory`` (registered in ``server.handlers.HANDLERS``). Storage is ``store.sources``.

Decisions (``docs/decisions.md``, "Capture, flush and statistics"):
- A capture answers 202 with PowerContext's receipt: ``accepted``, the Source (``content``, the
  caller's id) and its position. A replay of the id with the same content and metadata answers
  the first receipt; other content or metadata is 409 ``source_conflict``; an unknown Scope is
  404 ``scope_not_found``.
- Refused before the Scope is looked up, as PowerContext does: content that is the JSON of a
  server-reserved handoff receipt (rule ``reserved_schema``), metadata whose ``kind`` is
  ``working_note`` (rule ``reserved_kind``: Working Notes have their own operation), and
  metadata holding a number JSON cannot state (rule ``finite_number``: ``1e400`` parses to
  infinity); a Working Note's ``expires_at`` that is not a date-time (rule ``date-time``) or
  has no time zone (``{field: expires_at, reason: missing_time_zone}``).
- A Working Note is a Source whose metadata is ``{kind: working_note, session_id, note_kind}``
  plus ``expires_at`` normalised to UTC when given. An expiry that has passed is refused
  (``not_in_future``) unless the note is an exact replay of one already stored, which keeps its
  receipt (checked after the Scope is found).
- Flush without a generation provider: the next window of Sources is passed only when none of
  them needs extraction (``processed``, nothing extracted); otherwise 503
  ``inference_unavailable`` and the cursor stays. Nothing past the cursor: ``idle``.
- Flush with one (``Services.extractor``, ``prepare.extraction``): content Sources are extracted
  one by one in position order within the flush's bounds; the answer says how far the cursor
  moved. A flush that moved nothing because the model failed on the first content Source is 503
  (``inference_timeout`` for a timeout, else ``inference_unavailable``): nothing was written
  and the Source stays pending. A flush that moved the cursor answers 200 even when it then
  stopped on a failure; ``remaining_work`` tells the host that Sources remain.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from pcreceipt.errors import InferenceTimeout, InferenceUnavailable, InvalidRequest, ScopeNotFound, SourceConflict
from pcreceipt.models import bodies, limits
from pcreceipt.server.handlers.common import invalid
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.ids import utc_instant
from pcreceipt.store.records import CapturedSource, RecordNotFound, SourceIdentityConflict

SOURCE_NAME = limits.CAPTURED_SOURCE_REFERENCE_NAME_ENUM[0]
ACCEPTED = limits.CAPTURE_CONTENT_SOURCE_RESPONSE_STATUS_ENUM[0]
WORKING_NOTE_KIND = "working_note"
RESERVED_CONTENT_SCHEMA = "powercontext.handoff-receipt.v1"
FLUSH_WINDOW = limits.FLUSH_MEMORY_RESPONSE_SOURCE_WINDOW_MAXIMUM


def _field(reason: str, message: str) -> InvalidRequest:
    return InvalidRequest(message, {"field": "expires_at", "reason": reason})


def reserved_content(content: str) -> bool:
    """Whether a text is the JSON of a server-reserved handoff receipt."""
    if not content.lstrip().startswith("{"):
        return False
    try:
        value = json.loads(content)
    except (ValueError, RecursionError):
        return False
    return isinstance(value, dict) and value.get("schema") == RESERVED_CONTENT_SCHEMA


def _finite(value: Any) -> bool:
    """Whether every number in a decoded JSON value is finite (iteratively)."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, float) and not math.isfinite(item):
            return False
        if isinstance(item, dict):
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return True


def receipt(source_id: str, position: int) -> dict[str, Any]:
    return {"status": ACCEPTED, "source": {"name": SOURCE_NAME, "source_id": source_id}, "position": position}


def _store_capture(call: Call, source: CapturedSource, *, replay_only: bool = False) -> int | None:
    try:
        return call.services.store.capture_source(call.body["scope_id"], source, replay_only=replay_only)
    except RecordNotFound:
        raise ScopeNotFound("The Scope does not exist.") from None
    except SourceIdentityConflict:
        raise SourceConflict("The Source id already holds other content or metadata.") from None


def _captured(call: Call, source: CapturedSource) -> Reply:
    position = _store_capture(call, source)
    assert position is not None
    return Reply(202, receipt(source.source_id, position))


def capture_content_source(call: Call[bodies.CaptureContentSourceRequest]) -> Reply:
    body = call.body
    metadata: Mapping[str, Any] | None = body.get("metadata")
    if reserved_content(body["content"]):
        raise invalid("/content", "reserved_schema", "The content uses a server-reserved handoff receipt schema.")
    if metadata is not None and metadata.get("kind") == WORKING_NOTE_KIND:
        raise invalid("/metadata/kind", "reserved_kind", "Working Notes are captured with capture_working_note.")
    if metadata is not None and not _finite(metadata):
        raise invalid("/metadata", "finite_number", "The metadata holds a number JSON cannot state.")
    return _captured(call, CapturedSource(body["source_id"], body["content"], metadata))


def _expiry(text: str) -> datetime:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise invalid("/expires_at", "date-time", "expires_at is not an ISO 8601 date-time.") from None
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise _field("missing_time_zone", "expires_at must include a time zone.")
    return moment


def capture_working_note(call: Call[bodies.CaptureWorkingNoteRequest]) -> Reply:
    body = call.body
    metadata: dict[str, Any] = {
        "kind": WORKING_NOTE_KIND,
        "session_id": body["session_id"],
        "note_kind": body["note_kind"],
    }
    expires_at = body.get("expires_at")
    moment = None if expires_at is None else _expiry(expires_at)
    if moment is not None:
        metadata["expires_at"] = moment.astimezone(UTC).isoformat()
    source = CapturedSource(body["source_id"], body["content"], metadata, working_note=True)
    if moment is not None and moment <= call.services.clock():
        position = _store_capture(call, source, replay_only=True)
        if position is None:
            raise _field("not_in_future", "expires_at must be in the future.")
        return Reply(202, receipt(source.source_id, position))
    return _captured(call, source)


def _flush_body(previous: int, current: int, high: int, extracted: int) -> dict[str, Any]:
    return {
        "status": "processed" if current > previous else "idle",
        "previous_cursor": previous,
        "current_cursor": current,
        "high_watermark": high,
        "processed_source_count": extracted,
        "memory": None,
        "remaining_work": current < high,
        "held_count": 0,
        "hold_codes": [],
    }


def _flush_with_model(call: Call) -> Reply:
    extractor = call.services.extractor
    assert extractor is not None
    clock = call.services.clock
    try:
        outcome = extractor.flush(
            call.services.writer,
            call.body["scope_id"],
            FLUSH_WINDOW,
            now=lambda: utc_instant(clock()),
        )
    except RecordNotFound:
        raise ScopeNotFound("The Scope does not exist.") from None
    failure = outcome.failure
    if failure is not None and outcome.current_cursor == outcome.previous_cursor:
        if failure.kind == "inference_timeout":
            raise InferenceTimeout("The generation model did not answer in time; the Sources stay pending.")
        raise InferenceUnavailable("The generation model could not extract Memory; the Sources stay pending.")
    moved = (outcome.previous_cursor, outcome.current_cursor, outcome.high_watermark)
    return Reply(200, _flush_body(*moved, outcome.extracted_sources))


def flush_memory(call: Call[bodies.FlushMemoryRequest]) -> Reply:
    if call.services.extractor is not None:
        return _flush_with_model(call)
    try:
        window = call.services.store.flush_sources(call.body["scope_id"], FLUSH_WINDOW)
    except RecordNotFound:
        raise ScopeNotFound("The Scope does not exist.") from None
    if window.needs_extraction:
        raise InferenceUnavailable("Pending Sources need Memory extraction, and no generation model is configured.")
    return Reply(200, _flush_body(window.previous_cursor, window.current_cursor, window.high_watermark, 0))


SOURCE_HANDLERS: Mapping[str, Handler] = {
    "capture_content_source": capture_content_source,
    "capture_working_note": capture_working_note,
    "flush_memory": flush_memory,
}
