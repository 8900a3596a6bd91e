"""A prepared ``content`` of either PowerContext format, parsed into a comparable structure.

The trust sentences before the opening marker (and the Markdown title line's words) are each
server's own prose and are left out; everything else is structure and is kept: the layout of
markers and separators, the envelope's keys and their order, every item's keys, citation object,
kind, truncated flag and text, the Markdown headings, metadata lines and body lines. Ids are
replaced by the corpus labels (``corpus.relabel``), so the two servers' answers compare.

``parse`` never raises on a malformed content: what it cannot parse becomes a ``"problems"``
entry, so a wrong shape shows up in the diff instead of as a traceback.
"""

from __future__ import annotations

import json
from typing import Any

from _support.pcdiff.corpus import relabel

ENVELOPE_BEGIN = "BEGIN_POWERCONTEXT_PREPARED_CONTEXT_V1"
ENVELOPE_END = "END_POWERCONTEXT_PREPARED_CONTEXT_V1"
TEXT_BEGIN = "BEGIN_POWERCONTEXT_PREPARED_TEXT_V1"
TEXT_END = "END_POWERCONTEXT_PREPARED_TEXT_V1"
MARKERS = (ENVELOPE_BEGIN, ENVELOPE_END, TEXT_BEGIN, TEXT_END)
METADATA_INDENT = "    "
BODY_PREFIX = ">     "


def prose_bytes(content: str) -> int:
    """UTF-8 bytes before the opening marker line (the part each server words its own way)."""
    for marker in (ENVELOPE_BEGIN, TEXT_BEGIN):
        at = content.find(f"\n\n{marker}\n")
        if at >= 0:
            return len(content[: at + 2].encode())
    return 0


HEAD_CHARS = 240


def parse(content: str | None, ids: dict[str, str]) -> dict[str, Any]:
    if content is None:
        return {"format": None}
    if f"\n\n{TEXT_BEGIN}\n\n" in content or content.startswith("# "):
        result = _parse_markdown(content, ids)
    else:
        result = _parse_envelope(content, ids)
    if result["problems"] and "items" not in result:
        # Unreadable as either format: show where it starts instead of a structure.
        result["format"] = "unreadable"
        result["head"] = relabel(content[:HEAD_CHARS], ids)
    return result


def _parse_envelope(content: str, ids: dict[str, str]) -> dict[str, Any]:
    result: dict[str, Any] = {"format": "envelope", "problems": []}
    problems: list[str] = result["problems"]
    opening = "\n\n" + ENVELOPE_BEGIN + "\n"
    at = content.find(opening)
    if at <= 0:
        problems.append(f"no non-empty prose followed by a blank line and {ENVELOPE_BEGIN} on a line of its own")
        return result
    if any(marker in content[:at] for marker in MARKERS):
        problems.append("a marker inside the prose")
    lines = content[at + 2 :].split("\n")
    result["layout"] = [
        "<prose>",
        "",
        *[line if line in MARKERS else "<envelope line>" for line in lines],
    ]
    if len(lines) != 3 or lines[2] != ENVELOPE_END:
        problems.append(f"expected exactly BEGIN, one envelope line, END (and nothing after); got {len(lines)} lines")
        if len(lines) < 2:
            return result
    line = lines[1]
    result["envelope_line_breaks"] = len(line.splitlines()) - 1  # U+2028 & co. must be escaped: 0
    result["envelope_text"] = relabel(line, ids)
    try:
        envelope = json.loads(line)
    except ValueError as error:
        problems.append(f"the envelope line is not JSON: {error}")
        return result
    if not isinstance(envelope, dict):
        problems.append("the envelope is not an object")
        return result
    result["envelope_keys"] = list(envelope)
    result["trust"] = envelope.get("trust")
    items = envelope.get("items")
    if not isinstance(items, list):
        problems.append("the envelope has no items list")
        return result
    result["items"] = [_envelope_item(item, ids) for item in items]
    return result


def _envelope_item(item: Any, ids: dict[str, str]) -> dict[str, Any]:
    if not isinstance(item, dict):
        return {"problem": f"not an object: {item!r}"}
    out: dict[str, Any] = {"keys": list(item)}
    citation = item.get("citation")
    out["citation"] = relabel(citation, ids)
    out["citation_shape"] = _shape(citation)
    out["kind"] = item.get("kind")
    out["truncated"] = item.get("truncated")
    out["content"] = item.get("content")
    out["label"] = _label_of_citation(out["citation"])
    return out


def _shape(value: Any) -> Any:
    """Keys (in order) and value types, recursively: the citation object's shape."""
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_shape(v) for v in value]
    return type(value).__name__


def _label_of_citation(citation: Any) -> str | None:
    if not isinstance(citation, dict):
        return None
    reference = citation.get("artifact_ref") or (citation.get("artifact") or {}).get("artifact")
    if isinstance(reference, dict):
        identifier = reference.get("artifact_id")
        if isinstance(identifier, str) and identifier.startswith("<"):
            return identifier.strip("<>")
    return None


def _parse_markdown(content: str, ids: dict[str, str]) -> dict[str, Any]:
    result: dict[str, Any] = {"format": "markdown", "problems": []}
    problems: list[str] = result["problems"]
    parts = content.split("\n\n")
    if TEXT_BEGIN not in parts:
        problems.append(f"{TEXT_BEGIN} is not a block of its own")
        return result
    begin = parts.index(TEXT_BEGIN)
    head, rest = parts[:begin], parts[begin + 1 :]
    title_ok = bool(head) and head[0].startswith("# ") and "\n" not in head[0]
    if not title_ok:
        problems.append("the first block is not a one-line '# ' title")
    if len(head) < 2:
        problems.append("no trust prose between the title and the opening marker")
    if any(marker in block for block in head for marker in MARKERS):
        problems.append("a marker inside the prose")
    layout: list[str] = ["# <title>", "<prose>", TEXT_BEGIN]
    sections: list[dict[str, Any]] = []
    items: list[dict[str, Any]] = []
    current_item: dict[str, Any] | None = None
    for index, block in enumerate(rest):
        if block == TEXT_END:
            layout.append(TEXT_END)
            if index != len(rest) - 1:
                problems.append(f"{len(rest) - 1 - index} block(s) after {TEXT_END}")
            break
        if block.startswith("### "):
            current_item = {"heading": block, "metadata": None, "body": None}
            if not sections:
                problems.append(f"an item outside any section: {block!r}")
                sections.append({"heading": None, "items": []})
            sections[-1]["items"].append(current_item)
            items.append(current_item)
            layout.append("### <item>")
        elif block.startswith("## "):
            sections.append({"heading": block, "items": []})
            current_item = None
            layout.append("## <section>")
        elif current_item is not None and all(line.startswith(METADATA_INDENT) for line in block.split("\n")):
            if current_item["metadata"] is not None:
                problems.append(f"a second metadata block in {current_item['heading']!r}")
            current_item["metadata"] = [relabel(line, ids) for line in block.split("\n")]
            layout.append("<metadata>")
        elif current_item is not None and all(line.startswith(BODY_PREFIX) for line in block.split("\n")):
            if current_item["body"] is not None:
                problems.append(f"a second body block in {current_item['heading']!r}")
            current_item["body"] = block.split("\n")
            layout.append("<body>")
        else:
            problems.append(f"an unexpected block: {block[:120]!r}")
            layout.append("<unexpected>")
    else:
        problems.append(f"no closing {TEXT_END} block")
    result["layout"] = layout
    result["sections"] = [{"heading": s["heading"], "items": len(s["items"])} for s in sections]
    for item in items:
        item["label"] = _label_of_metadata(item["metadata"])
    result["items"] = items
    return result


def _label_of_metadata(metadata: list[str] | None) -> str | None:
    for line in metadata or []:
        stripped = line.strip()
        if stripped.startswith("Artifact:") and 'id="<' in stripped:
            return stripped.split('id="<', 1)[1].split(">", 1)[0]
    return None


def selected_labels(structure: dict[str, Any]) -> list[str | None]:
    return [item.get("label") for item in structure.get("items", [])]


def order_insensitive(structure: dict[str, Any]) -> dict[str, Any]:
    """The structure with items keyed by label (for queries whose ranking is not unambiguous):
    each item's own structure must still agree, and so must the family pattern of the list."""
    out = dict(structure)
    items = structure.get("items", [])
    if structure.get("format") == "envelope":
        out["kinds_in_order"] = [item.get("kind") for item in items]
        out.pop("envelope_text", None)
    else:
        out["headings_in_order"] = [item.get("heading") for item in items]
        items = [{k: v for k, v in item.items() if k != "heading"} for item in items]
    out["items"] = {str(item.get("label")): item for item in sorted(items, key=lambda i: str(i.get("label")))}
    return out
