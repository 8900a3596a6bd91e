"""Reading a rendered content back: the items it cites, in order, each with its exact text.

``parse_content(content)`` accepts the three forms of HOSTS.md §3 (the JSON envelope or the
Markdown text, then optionally the code block; or the code block alone) and returns one
``CitedItem`` per item: what it cites, its text as it stands in ``content`` (whose UTF-8 size is
the item's ``rendered_bytes``), its truncation flag and its body. Anything else raises
``ContentFormError``. Every JSON text in the content must be in the canonical form the renderer
writes (re-serialising what was parsed gives the same characters), so an item's text is
unambiguous.

It judges structure, never words: the sentences before each opening marker (the trust text, the
Markdown form's top heading, the code block's heading and caution) may be any server's, as long
as they are prose, and the envelope's ``trust`` any JSON string. Prose is refused, not read, when
a line of it could be taken for structure (docs/contract-rules.md, "What the readers accept"):

- a **block** is its preamble, SEPARATOR, its opening marker, its structure, its closing marker;
  the envelope's preamble is prose, the Markdown text's and the code block's a heading line
  (``# `` resp. ``## `` + a prose line that is not a section title), SEPARATOR, prose;
- **prose** is one or more paragraphs joined by SEPARATOR, a paragraph one or more non-empty
  lines joined by LF; it contains no marker (anywhere in a line), no other line-boundary
  character (CR, VT, FF, U+001C-U+001E, U+0085, U+2028, U+2029), and no line that begins like a
  line of structure or an identity (``#``, ``>``, ``{``, ``Scope:``, ``Artifact:``) or with a
  character that indents or hides (``_BLANK_START``: controls, spaces, zero-width, bidi, BOM).

So a trust text that carries a fake item, a fake envelope or a marker is refused
(``content_form``), never read as an item. pcreceipt's own sentences (``contract.forms``) are one
case of prose; the renderer writes exactly them.

The gate uses it to compare a Receipt's ``selected`` with the content (``gate.check_cited``),
``pcreceipt verify`` to compare the content with exact reads, the tests to hold the renderer to
its own reader. ``generated/ts`` carries the same reader for hosts (``codegen/ts/templates/
citations.ts``), the host kit a copy of this one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, cast

from pcreceipt.contract.forms import (
    BODY_PREFIX,
    CODE_BEGIN,
    CODE_CITATION_KEYS,
    CODE_END,
    CODE_INDENT,
    CONTEXT_BEGIN,
    CONTEXT_END,
    HISTORY_FAMILIES,
    METADATA_INDENT,
    SECTION_TITLES,
    SEPARATOR,
    TEXT_BEGIN,
    TEXT_END,
    UNASSESSED_CONFIDENCE,
    HistoryFamily,
    ascii_json,
    envelope_dumps,
)
from pcreceipt.errors import PcreceiptError
from pcreceipt.models import limits

EvidenceFamily = limits.EvidenceFamily

Form = Literal["envelope", "markdown", "code"]
_TITLE_FAMILY = {title: family for family, title in SECTION_TITLES.items()}
_ASCII_STRING = r'"(?:[^"\\]|\\.)*"'
_SCOPE_LINE = re.compile(rf"Scope: ({_ASCII_STRING})")
_ARTIFACT_LINE = re.compile(rf"Artifact: family=({_ASCII_STRING}), id=({_ASCII_STRING}), revision=([1-9][0-9]*)")
_RANK_LINE = re.compile(r"Recall rank: [1-9][0-9]*")
_CONFIDENCE_LINE = f"Confidence: {UNASSESSED_CONFIDENCE}"
_TRUNCATED_LINES = {"Truncated: yes": True, "Truncated: no": False}
# What a block's preamble opens with, by its opening marker: nothing (the trust text at once), the
# Markdown form's top heading, the code block's heading.
_HEADING_PREFIXES = {CONTEXT_BEGIN: "", TEXT_BEGIN: "# ", CODE_BEGIN: "## "}
_MARKERS = (CONTEXT_BEGIN, CONTEXT_END, TEXT_BEGIN, TEXT_END, CODE_BEGIN, CODE_END)
# How a line of structure (a heading, a body line, the envelope) or an identity begins, and the
# characters that indent a line (metadata and code lines) or hide what follows (controls, spaces,
# zero-width, bidi and BOM): no line of prose may begin so.
_STRUCTURE_STARTS = ("#", ">", "{", "Scope:", "Artifact:")
_BLANK_START = re.compile(r"[\x00-\x20\x7f-\xa0\xad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]")
# The line boundaries other than LF (str.splitlines' and a terminal's): never in prose.
_OTHER_LINE_BREAKS = re.compile("[\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")


class ContentFormError(PcreceiptError, ValueError):
    """The content is not in a rendered form (the message names the part, never its text)."""


@dataclass(frozen=True, slots=True)
class CitedItem:
    """One item of a rendered content.

    ``scope_id`` is None for an envelope ``artifact_ref`` (the current Scope, which the content
    does not name). History items cite ``artifact`` = (family, artifact_id, revision); code items
    ``code`` = the citation object's nine keys. ``body``: the envelope item's content string, the
    Markdown body without its line prefixes, or the code snippet (its line strings joined).
    """

    form: Form
    kind: EvidenceFamily
    scope_id: str | None
    artifact: tuple[HistoryFamily, str, int] | None
    code: Mapping[str, Any] | None
    text: str
    truncated: bool
    body: str


def parse_content(content: str | None) -> list[CitedItem]:
    """The items of ``content`` in order ([] for None or ""); ContentFormError when it is not a
    rendered content."""
    if not content:
        return []
    parts = content.split(SEPARATOR)
    marker, k = _opening(parts, 0)
    if marker == CONTEXT_BEGIN:
        history, rest = _envelope(parts[k]), k + 1
    elif marker == TEXT_BEGIN:
        history, rest = _markdown(parts, k)
    else:
        history, rest = [], 0
    code = _code(parts, rest) if rest < len(parts) else []
    return history + code


# -- prose ---------------------------------------------------------------------------------------


def _prose(paragraph: str) -> bool:
    """Whether ``paragraph`` is one paragraph of prose: non-empty lines joined by LF, none of
    which could be taken for structure, and no marker anywhere."""
    if _OTHER_LINE_BREAKS.search(paragraph) or any(marker in paragraph for marker in _MARKERS):
        return False
    lines = paragraph.split("\n")
    return all(line and not line.startswith(_STRUCTURE_STARTS) and not _BLANK_START.match(line) for line in lines)


def _opening(parts: Sequence[str], start: int) -> tuple[str, int]:
    """The opening marker of the block whose preamble starts at ``parts[start]``, and the index of
    the part it opens; ContentFormError when the preamble is not a heading (where the form has
    one) and prose."""
    k = start
    while k < len(parts) and parts[k].split("\n", 1)[0] not in _HEADING_PREFIXES:
        k += 1
    if k == len(parts):
        raise ContentFormError("content has no opening marker where a block should open")
    marker = parts[k].split("\n", 1)[0]
    preamble = parts[start:k]
    prefix = _HEADING_PREFIXES[marker]
    if prefix:
        heading = preamble[0] if preamble else ""
        title = heading[len(prefix) :]
        if not heading.startswith(prefix) or "\n" in title or not _prose(title) or title in _TITLE_FAMILY:
            raise ContentFormError("a block's heading is missing or is not one line of prose")
        preamble = preamble[1:]
    if not preamble or not all(_prose(paragraph) for paragraph in preamble):
        raise ContentFormError("a block's trust text is missing or holds a line that is not prose")
    return marker, k


# -- the envelope --------------------------------------------------------------------------------


def _envelope(part: str) -> list[CitedItem]:
    lines = part.split("\n")
    if len(lines) != 3 or lines[0] != CONTEXT_BEGIN or lines[2] != CONTEXT_END:
        raise ContentFormError("the envelope is not one line between its markers")
    line = lines[1]
    try:
        envelope = json.loads(line)
    except ValueError:
        raise ContentFormError("the envelope is not JSON") from None
    if not isinstance(envelope, dict) or list(envelope) != ["trust", "items"] or not isinstance(envelope["trust"], str):
        raise ContentFormError("the envelope is not a trust/items object")
    items = envelope["items"]
    if not isinstance(items, list) or not items or envelope_dumps(envelope) != line:
        raise ContentFormError("the envelope's items are missing or not in canonical JSON")
    return [_envelope_item(item) for item in items]


def _reference(value: object) -> tuple[HistoryFamily, str, int]:
    if not isinstance(value, dict) or list(value) != ["family", "artifact_id", "revision"]:
        raise ContentFormError("an artifact reference is not family/artifact_id/revision")
    family, artifact_id, revision = value["family"], value["artifact_id"], value["revision"]
    if family not in HISTORY_FAMILIES or not isinstance(artifact_id, str) or not _positive(revision):
        raise ContentFormError("an artifact reference has a wrong family, id or revision")
    return cast(HistoryFamily, family), artifact_id, revision


def _positive(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _envelope_item(item: object) -> CitedItem:
    if not isinstance(item, dict) or list(item) != ["citation", "content", "truncated", "kind"]:
        raise ContentFormError("an envelope item is not citation/content/truncated/kind")
    citation, content, truncated, kind = item["citation"], item["content"], item["truncated"], item["kind"]
    if not isinstance(content, str) or not isinstance(truncated, bool) or not isinstance(citation, dict):
        raise ContentFormError("an envelope item has a wrong content, truncated or citation")
    if list(citation) == ["artifact_ref"]:
        scope_id, artifact = None, _reference(citation["artifact_ref"])
    elif list(citation) == ["artifact"] and isinstance(address := citation["artifact"], dict):
        if list(address) != ["scope_id", "artifact"] or not isinstance(address["scope_id"], str):
            raise ContentFormError("a Scope-qualified citation is not scope_id/artifact")
        scope_id, artifact = address["scope_id"], _reference(address["artifact"])
    else:
        raise ContentFormError("an envelope citation is neither artifact_ref nor artifact")
    if kind != artifact[0]:
        raise ContentFormError("an envelope item's kind is not its citation's family")
    return CitedItem("envelope", artifact[0], scope_id, artifact, None, envelope_dumps(item), truncated, content)


# -- Markdown ------------------------------------------------------------------------------------


def _ascii_string(literal: str) -> str:
    try:
        value = json.loads(literal)
    except ValueError:
        value = None
    if not isinstance(value, str) or ascii_json(value) != literal:
        raise ContentFormError("a metadata value is not canonical ASCII JSON")
    return value


def _markdown(parts: Sequence[str], begin: int) -> tuple[list[CitedItem], int]:
    if parts[begin] != TEXT_BEGIN:
        raise ContentFormError("the Markdown text's opening marker is not a part of its own")
    items: list[CitedItem] = []
    seen: set[str] = set()
    k = begin + 1
    while k < len(parts) and parts[k] != TEXT_END:
        title = parts[k].removeprefix("## ")
        if title == parts[k] or title not in _TITLE_FAMILY or title in seen:
            raise ContentFormError("a Markdown section heading is unknown or repeated")
        seen.add(title)
        k += 1
        number = 1
        while k + 2 < len(parts) and parts[k] == f"### {title} {number}":
            items.append(_markdown_item(_TITLE_FAMILY[title], parts[k], parts[k + 1], parts[k + 2]))
            k += 3
            number += 1
        if number == 1:
            raise ContentFormError("a Markdown section has no item")
    if k >= len(parts) or not items:
        raise ContentFormError("the Markdown text has no item or no end marker")
    return items, k + 1


def _markdown_item(family: HistoryFamily, heading: str, metadata: str, body: str) -> CitedItem:
    lines = metadata.split("\n")
    if not all(line.startswith(METADATA_INDENT) for line in lines) or len(lines) < 3:
        raise ContentFormError("Markdown metadata lines are missing or not indented")
    lines = [line[len(METADATA_INDENT) :] for line in lines]
    scope = _SCOPE_LINE.fullmatch(lines[0])
    artifact = _ARTIFACT_LINE.fullmatch(lines[1])
    if scope is None or artifact is None or lines[-1] not in _TRUNCATED_LINES:
        raise ContentFormError("Markdown metadata lack their Scope, Artifact or Truncated line")
    shown = lines[2:-1]
    if shown and shown[0] == _CONFIDENCE_LINE:
        shown = shown[1:]
    if len(shown) > 1 or (shown and _RANK_LINE.fullmatch(shown[0]) is None):
        raise ContentFormError("a Markdown metadata line is unknown or out of order")
    scope_id = _ascii_string(scope.group(1))
    cited_family = _ascii_string(artifact.group(1))
    if cited_family != family:
        raise ContentFormError("a Markdown item's family is not its section's")
    body_lines = body.split("\n")
    if not all(line.startswith(BODY_PREFIX) for line in body_lines):
        raise ContentFormError("a Markdown body line lacks its prefix")
    text = SEPARATOR.join((heading, metadata, body))
    reference = (family, _ascii_string(artifact.group(2)), int(artifact.group(3)))
    plain = "\n".join(line[len(BODY_PREFIX) :] for line in body_lines)
    return CitedItem("markdown", family, scope_id, reference, None, text, _TRUNCATED_LINES[lines[-1]], plain)


# -- code ----------------------------------------------------------------------------------------


def _code(parts: Sequence[str], start: int) -> list[CitedItem]:
    marker, k = _opening(parts, start)
    if marker != CODE_BEGIN or parts[k] != CODE_BEGIN or parts[-1] != CODE_END:
        raise ContentFormError("the code block does not open or close with its markers")
    pairs = parts[k + 1 : -1]
    if not pairs or len(pairs) % 2:
        raise ContentFormError("the code block holds no item or an incomplete one")
    return [_code_item(pairs[i], pairs[i + 1]) for i in range(0, len(pairs), 2)]


def _code_citation(line: str) -> dict[str, Any]:
    try:
        citation = json.loads(line.removeprefix(CODE_INDENT)) if line.startswith(CODE_INDENT) else None
    except ValueError:
        citation = None
    if not isinstance(citation, dict) or tuple(citation) != CODE_CITATION_KEYS:
        raise ContentFormError("a code citation is not the nine-key object")
    texts = ("scope_id", "fingerprint", "path", "file_sha256", "snippet_sha256", "checked_at")
    start, end = citation["start_line"], citation["end_line"]
    if not all(isinstance(citation[key], str) for key in texts) or not isinstance(citation["truncated"], bool):
        raise ContentFormError("a code citation has a wrong string or truncated value")
    if not (_positive(start) and _positive(end) and end >= start):
        raise ContentFormError("a code citation has a wrong line range")
    if CODE_INDENT + ascii_json(citation) != line:
        raise ContentFormError("a code citation is not canonical ASCII JSON")
    return citation


def _code_item(head: str, block: str) -> CitedItem:
    citation = _code_citation(head)
    strings = []
    for line in block.split("\n"):
        try:
            value = json.loads(line.removeprefix(CODE_INDENT)) if line.startswith(CODE_INDENT) else None
        except ValueError:
            value = None
        if not isinstance(value, str) or CODE_INDENT + json.dumps(value, ensure_ascii=False) != line:
            raise ContentFormError("a code line is not an indented canonical JSON string")
        strings.append(value)
    if len(strings) != citation["end_line"] - citation["start_line"] + 1:
        raise ContentFormError("a code item's lines do not fill its line range")
    text = head + SEPARATOR + block
    return CitedItem(
        "code", "code", citation["scope_id"], None, citation, text, citation["truncated"], "".join(strings)
    )


__all__ = ["CitedItem", "ContentFormError", "parse_content"]
