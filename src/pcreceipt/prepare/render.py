"""The text forms of prepared context, PowerContext 1.4.1's structures with pcreceipt's own prose.

Three forms (HOSTS.md §3); ``SEPARATOR`` ("\\n\\n") joins every part, and no part contains it, so
``content.split(SEPARATOR)`` gives the parts back (``contract.content`` reads them that way):

- **Envelope** (no ``assembly``)::

      TRUST_TEXT \\n\\n CONTEXT_BEGIN \\n {"trust":"untrusted_history","items":[ITEM,…]} \\n CONTEXT_END

  The envelope is one line: ``json.dumps(…, ensure_ascii=False, separators=(",", ":"))`` with the
  three line-boundary characters JSON leaves raw (U+0085, U+2028, U+2029) written as ``\\uXXXX``.
  ``ITEM`` = ``{"citation", "content", "truncated", "kind"}``; the citation is
  ``{"artifact_ref": {family, artifact_id, revision}}`` for the current Scope and
  ``{"artifact": {scope_id, artifact: {…}}}`` for a referenced one.
- **Markdown** (any ``assembly``): ``TEXT_HEADING``, ``TRUST_TEXT``, ``TEXT_BEGIN``, then per
  section with items ``## <title>`` and per item ``### <title> <n>``, the metadata lines (four
  spaces, ASCII JSON ids) and the body lines (``BODY_PREFIX``), then ``TEXT_END``. Bodies are
  normalised: CRLF, CR, U+2028, U+2029 become LF; every other Cc/Cf character becomes a visible
  ``\\uXXXX`` (``\\UXXXXXXXX`` above U+FFFF) unit.
- **Code** (``include_code``): ``CODE_HEADING``, ``CODE_CAUTION``, ``CODE_BEGIN``, per item the
  citation line (four spaces, compact ASCII JSON of the nine citation keys) and its source lines
  (four spaces, a JSON string each, every line but the last keeping its LF, so a cut range's last
  line has none either: the snippet is always the lines joined with LF, as ``read_code`` hashes
  them), then ``CODE_END``; appended after the history part with ``SEPARATOR``, or alone.

What an item's ``rendered_bytes`` is, per form (docs/decisions.md, "PowerContext's rendering"):
the UTF-8 size of its JSON object text in the envelope line (commas between items excluded); of
``### <title> <n>`` + SEPARATOR + metadata + SEPARATOR + body (the SEPARATOR before the heading
excluded); of citation line + SEPARATOR + source lines. The layouts below add the rest
(``*_BASE_BYTES`` and the per-item and per-section joints), so
``content_bytes == sum(rendered_bytes) + overhead`` exactly.

Bodies (``envelope_content``, ``markdown_body``): atomic-memory its ``text``; topic-memory the
compact JSON of ``{"title", "summary"}`` in the envelope, ``"Title: …\\n\\nSummary: …"`` in
Markdown, each with the topic's snippet after the summary when recall took one from its detail
(``"snippet"``, ``"\\n\\nSnippet: …"``); experience "Situation: …", "Action: …", "Outcome: …",
"Lesson: …" lines, then the failure record's lines; profile its ``content``. Stored values are used
as they are, except that a lone surrogate (impossible over HTTP, possible in process) becomes
U+FFFD so the text is UTF-8.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from pcreceipt.contract.digests import sha256_hex
from pcreceipt.contract.forms import (
    BODY_PREFIX,
    CODE_BEGIN,
    CODE_CAUTION,
    CODE_CITATION_KEYS,
    CODE_END,
    CODE_HEADING,
    CODE_INDENT,
    CONTEXT_BEGIN,
    CONTEXT_END,
    ENVELOPE_TRUST,
    METADATA_INDENT,
    SECTION_TITLES,
    SEPARATOR,
    TEXT_BEGIN,
    TEXT_END,
    TEXT_HEADING,
    TRUST_TEXT,
    UNASSESSED_CONFIDENCE,
    ascii_json,
    envelope_dumps,
)
from pcreceipt.prepare.build_types import TRUNCATION_MARK, EvidenceFamily, ShowField
from pcreceipt.store.records import ArtifactRef, HistoryFamily

_EXPERIENCE_LINES = (("Situation", "situation"), ("Action", "action"), ("Outcome", "outcome"), ("Lesson", "lesson"))


def utf8_size(text: str) -> int:
    return len(text.encode("utf-8"))


def well_formed(text: str) -> str:
    """``text`` with surrogate pairs joined and lone surrogates replaced by U+FFFD."""
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def utf8_prefix(text: str, max_bytes: int) -> str:
    """The longest prefix of ``text`` within ``max_bytes`` UTF-8 bytes (a split character dropped)."""
    return text.encode("utf-8")[: max(0, max_bytes)].decode("utf-8", "ignore")


# -- bodies --------------------------------------------------------------------------------------


def _text(content: Mapping[str, object], key: str) -> str:
    value = content.get(key)
    return well_formed(value) if isinstance(value, str) else ""


def _experience_lines(content: Mapping[str, object]) -> str:
    lines = [f"{label}: {_text(content, key)}" for label, key in _EXPERIENCE_LINES]
    failure = content.get("failure")
    if isinstance(failure, Mapping):
        signature = failure.get("signature")
        signature = signature if isinstance(signature, Mapping) else {}
        verification = failure.get("verification")
        verification = verification if isinstance(verification, Mapping) else {}
        lines.append(f"Failure cue: {_text(signature, 'recall_cue')}")
        if isinstance(signature.get("symptom"), str):
            lines.append(f"Symptom: {_text(signature, 'symptom')}")
        lines.append(f"Repair surface: {_text(failure, 'repair_surface')}")
        lines.append(f"Verification condition: {_text(verification, 'condition')}")
        lines.append(f"Verification check: {_text(verification, 'check_subject')}")
    return "\n".join(lines)


def envelope_content(family: HistoryFamily, content: Mapping[str, object], snippet: str | None = None) -> str:
    """An item's ``content`` string in the envelope (before any truncation); a Topic Memory's
    ``snippet``, when it has one, is the object's third key."""
    if family == "topic-memory":
        topic = {"title": _text(content, "title"), "summary": _text(content, "summary")}
        if snippet is not None:
            topic["snippet"] = well_formed(snippet)
        return json.dumps(topic, ensure_ascii=False, separators=(",", ":"))
    return _plain_body(family, content)


def markdown_body(family: HistoryFamily, content: Mapping[str, object], snippet: str | None = None) -> str:
    """An item's body in the Markdown form, before normalisation and truncation; a Topic
    Memory's ``snippet``, when it has one, is its third paragraph."""
    if family == "topic-memory":
        body = f"Title: {_text(content, 'title')}\n\nSummary: {_text(content, 'summary')}"
        return body if snippet is None else f"{body}\n\nSnippet: {well_formed(snippet)}"
    return _plain_body(family, content)


def _plain_body(family: HistoryFamily, content: Mapping[str, object]) -> str:
    if family == "atomic-memory":
        return _text(content, "text")
    if family == "experience":
        return _experience_lines(content)
    if family == "profile":
        return _text(content, "content")
    raise ValueError(f"no renderable body for family {family!r}")


def markdown_units(body: str) -> tuple[str, ...]:
    """The normalised body as units: one character each, or one visible escape for a Cc/Cf
    character other than LF (a unit is never split by truncation)."""
    text = body.replace("\r\n", "\n").replace("\r", "\n").replace("\u2028", "\n").replace("\u2029", "\n")
    return tuple(
        _visible(char) if char != "\n" and unicodedata.category(char) in {"Cc", "Cf"} else char for char in text
    )


def _visible(char: str) -> str:
    point = ord(char)
    bmp_last = 0xFFFF  # not a contract limit: the last code point of Unicode's basic plane
    return f"\\u{point:04x}" if point <= bmp_last else f"\\U{point:08x}"


# -- items ---------------------------------------------------------------------------------------


class HistoryCitation(NamedTuple):
    """What a history item cites: its Scope-qualified revision (a short ``artifact_ref`` in the
    envelope names the current Scope, which is what ``scope_id`` holds here)."""

    scope_id: str
    family: HistoryFamily
    artifact_id: str
    revision: int


class CodeCitation(NamedTuple):
    scope_id: str
    fingerprint: str
    path: str
    file_sha256: str
    start_line: int
    end_line: int
    snippet_sha256: str


Citation = HistoryCitation | CodeCitation


@dataclass(frozen=True, slots=True)
class RenderedItem:
    """One item's text as it stands in ``content``, its UTF-8 size, its section (family, or
    ``code``) and what it cites, recorded from the values the text was written from."""

    section: EvidenceFamily
    text: str
    size: int
    citation: Citation


def citation_object(ref: ArtifactRef, current_scope_id: str) -> dict[str, object]:
    artifact = {"family": ref.family, "artifact_id": ref.artifact_id, "revision": ref.revision}
    if ref.scope_id == current_scope_id:
        return {"artifact_ref": artifact}
    return {"artifact": {"scope_id": ref.scope_id, "artifact": artifact}}


def _history_citation(ref: ArtifactRef, family: HistoryFamily) -> HistoryCitation:
    return HistoryCitation(ref.scope_id, family, ref.artifact_id, ref.revision)


def envelope_item(
    family: HistoryFamily, ref: ArtifactRef, content: str, *, truncated: bool, current_scope_id: str
) -> RenderedItem:
    item = {
        "citation": citation_object(ref, current_scope_id),
        "content": content,
        "truncated": truncated,
        "kind": family,
    }
    text = envelope_dumps(item)
    return RenderedItem(family, text, utf8_size(text), _history_citation(ref, family))


def metadata_lines(ref: ArtifactRef, *, show: Sequence[ShowField], recall_rank: int, truncated: bool) -> list[str]:
    """The metadata lines of a Markdown item, without their indent (confidence always before
    recall rank, whatever order ``show`` names them in)."""
    lines = [
        f"Scope: {ascii_json(ref.scope_id)}",
        f"Artifact: family={ascii_json(ref.family)}, id={ascii_json(ref.artifact_id)}, revision={ref.revision}",
    ]
    if "confidence" in show:
        lines.append(f"Confidence: {UNASSESSED_CONFIDENCE}")
    if "recall_rank" in show:
        lines.append(f"Recall rank: {recall_rank}")
    lines.append(f"Truncated: {'yes' if truncated else 'no'}")
    return lines


def markdown_item(
    family: HistoryFamily,
    number: int,
    ref: ArtifactRef,
    body: str,
    *,
    truncated: bool,
    show: Sequence[ShowField],
    recall_rank: int,
) -> RenderedItem:
    """Item ``number`` of its section; ``body`` is already normalised (and cut when truncated)."""
    heading = f"### {SECTION_TITLES[family]} {number}"
    lines = metadata_lines(ref, show=show, recall_rank=recall_rank, truncated=truncated)
    metadata = "\n".join(METADATA_INDENT + line for line in lines)
    shown = "\n".join(BODY_PREFIX + line for line in body.split("\n"))
    text = SEPARATOR.join((heading, metadata, shown))
    return RenderedItem(family, text, utf8_size(text), _history_citation(ref, family))


def code_line_strings(lines: Sequence[str]) -> list[str]:
    """The source lines as the code block shows them: each but the last keeps the LF that followed
    it, so joined they are the range's text (the lines joined with LF, as a CodeRange hashes them)."""
    kept = [well_formed(line) for line in lines]
    return [line + "\n" for line in kept[:-1]] + kept[-1:]


def snippet_sha256(lines: Sequence[str]) -> str:
    """The bare SHA-256 hex of the snippet the block shows (its line strings, concatenated)."""
    return sha256_hex("".join(code_line_strings(lines)).encode("utf-8"))


def code_item(citation: CodeCitation, checked_at: str, lines: Sequence[str], *, truncated: bool) -> RenderedItem:
    """A code item; ``citation`` states the final (possibly cut) range and its snippet hash."""
    cited = {**citation._asdict(), "checked_at": checked_at, "truncated": truncated}
    head = CODE_INDENT + ascii_json({key: cited[key] for key in CODE_CITATION_KEYS})
    body = "\n".join(CODE_INDENT + json.dumps(line, ensure_ascii=False) for line in code_line_strings(lines))
    text = head + SEPARATOR + body
    return RenderedItem("code", text, utf8_size(text), citation)


# -- layouts -------------------------------------------------------------------------------------

_ENVELOPE_OPEN = json.dumps({"trust": ENVELOPE_TRUST, "items": []}, separators=(",", ":"))[:-2]
_ENVELOPE_CLOSE = "]}"
ENVELOPE_BASE_BYTES = utf8_size(
    TRUST_TEXT + SEPARATOR + CONTEXT_BEGIN + "\n" + _ENVELOPE_OPEN + _ENVELOPE_CLOSE + "\n" + CONTEXT_END
)
"""An envelope's size without items; each item adds its size, each item after the first a comma."""
MARKDOWN_BASE_BYTES = utf8_size(SEPARATOR.join((TEXT_HEADING, TRUST_TEXT, TEXT_BEGIN, TEXT_END)))
"""A Markdown text's size without sections; each section adds SEPARATOR + its heading, each item
SEPARATOR + its size."""
CODE_BASE_BYTES = utf8_size(SEPARATOR.join((CODE_HEADING, CODE_CAUTION, CODE_BEGIN, CODE_END)))
"""A code block's size without items; each item adds SEPARATOR + its size. After history, the
block adds SEPARATOR too."""
SEPARATOR_BYTES = utf8_size(SEPARATOR)


def section_heading(family: HistoryFamily) -> str:
    return f"## {SECTION_TITLES[family]}"


class Layout:
    """Accepted items of one form, in order, with the exact UTF-8 size of their rendered text.

    ``kind`` is ``envelope``, ``markdown`` or ``code``. Markdown sections follow the items: a new
    section opens when an item's section differs from the previous item's (the builder fills
    sections one after the other, so each appears once).
    """

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.items: list[RenderedItem] = []
        self._size = 0

    @property
    def size(self) -> int:
        """UTF-8 bytes of ``render()`` (0 while empty)."""
        return self._size

    def size_with(self, item: RenderedItem) -> int:
        """What ``size`` would be after appending ``item``."""
        if self.kind == "envelope":
            return (self._size + 1 if self.items else ENVELOPE_BASE_BYTES) + item.size
        base = self._size
        if not self.items:
            base = MARKDOWN_BASE_BYTES if self.kind == "markdown" else CODE_BASE_BYTES
        if self.kind == "markdown" and (not self.items or self.items[-1].section != item.section):
            base += SEPARATOR_BYTES + utf8_size(section_heading(item.section))  # type: ignore[arg-type]
        return base + SEPARATOR_BYTES + item.size

    def append(self, item: RenderedItem) -> None:
        self._size = self.size_with(item)
        self.items.append(item)

    def render(self) -> str | None:
        if not self.items:
            return None
        if self.kind == "envelope":
            line = _ENVELOPE_OPEN + ",".join(item.text for item in self.items) + _ENVELOPE_CLOSE
            return TRUST_TEXT + SEPARATOR + CONTEXT_BEGIN + "\n" + line + "\n" + CONTEXT_END
        if self.kind == "code":
            return SEPARATOR.join((CODE_HEADING, CODE_CAUTION, CODE_BEGIN, *(i.text for i in self.items), CODE_END))
        parts = [TEXT_HEADING, TRUST_TEXT, TEXT_BEGIN]
        for index, item in enumerate(self.items):
            if index == 0 or self.items[index - 1].section != item.section:
                parts.append(section_heading(item.section))  # type: ignore[arg-type]
            parts.append(item.text)
        parts.append(TEXT_END)
        return SEPARATOR.join(parts)


def join_content(history: str | None, code: str | None) -> str | None:
    """The whole content: the history part, then the code block after SEPARATOR; either alone."""
    if history is not None and code is not None:
        return history + SEPARATOR + code
    return history if history is not None else code


__all__ = [
    "BODY_PREFIX",
    "CODE_BASE_BYTES",
    "CODE_BEGIN",
    "CODE_CAUTION",
    "CODE_CITATION_KEYS",
    "CODE_END",
    "CODE_HEADING",
    "CODE_INDENT",
    "CONTEXT_BEGIN",
    "CONTEXT_END",
    "ENVELOPE_BASE_BYTES",
    "ENVELOPE_TRUST",
    "MARKDOWN_BASE_BYTES",
    "METADATA_INDENT",
    "SECTION_TITLES",
    "SEPARATOR",
    "TEXT_BEGIN",
    "TEXT_END",
    "TEXT_HEADING",
    "TRUNCATION_MARK",
    "TRUST_TEXT",
    "UNASSESSED_CONFIDENCE",
    "Citation",
    "CodeCitation",
    "HistoryCitation",
    "Layout",
    "RenderedItem",
    "ascii_json",
    "citation_object",
    "code_item",
    "code_line_strings",
    "envelope_content",
    "envelope_dumps",
    "envelope_item",
    "join_content",
    "markdown_body",
    "markdown_item",
    "markdown_units",
    "metadata_lines",
    "section_heading",
    "snippet_sha256",
    "utf8_prefix",
    "utf8_size",
    "well_formed",
]
