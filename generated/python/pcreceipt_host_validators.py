# Generated from schemas/*.json and src/pcreceipt/contract/gate.py (with what it reads) by codegen/generate.py; do not edit. Regenerate with `nox -s generate`.
"""pcreceipt's validators of the prepare messages for a host hook: Python 3.9+, standard
library only, one file to copy next to the hook.

validate_prepared_context(response, request=None) is the default check of a prepare response;
validate_prepared_context_with_receipt(response, request=None) is for a host that sent
include_receipt: true. Both return {ok, violations: [{path, rule}]}: a JSON Pointer and a rule
id (a JSON Schema keyword or a semantic rule id of pcreceipt's gate), never a value from the
message. recall_diagnostic(response, request=None) gives a body-free record of an empty or
truncated recall (else None) for the host's log. CONTRACT_VERSION is the contract these
validators were generated from (get_server_info's api_contract_version is its major.minor);
`pcreceipt host-validators --check DIR` compares a vendored copy with a server's. See
docs/hosts.md in pcreceipt.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Optional, Union, cast

try:
    from itertools import pairwise
except ImportError:  # Python 3.9

    def pairwise(iterable: Any) -> Any:  # type: ignore[no-redef]
        items = list(iterable)
        return zip(items, items[1:])


HistoryFamily = str
EvidenceFamily = str


class ContentFormError(ValueError):
    """The content is not in a rendered form (the message names the part, never its text)."""


CONTRACT_VERSION = "3.1.0"
"""The contract (OpenAPI info.version) this file was generated from."""
PCRECEIPT_VERSION = "0.4.0"
"""The pcreceipt release that generated it."""


class limits:
    """The contract facts the rules below use (codegen/facts.py, from schemas/)."""

    CONTEXT_ASSEMBLY_MAX_ENTRIES_DEFAULT = 8
    HISTORY_FAMILY_ENUM = ('atomic-memory', 'topic-memory', 'experience', 'profile')
    PREPARED_CONTEXT_RECEIPT_SERIALIZED_BYTES_MAXIMUM = 8192
    PREPARE_CONTEXT_REQUEST_MAX_BYTES_DEFAULT = 8000


# -- from src/pcreceipt/contract/digests.py


def utf8(text: str) -> bytes:
    """UTF-8 bytes of ``text``; a lone surrogate (possible in JSON as ``"\\ud800"``) counts as
    U+FFFD, as every WHATWG TextEncoder does, so Python and TypeScript validators agree."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace").encode("utf-8")


def sha256_digest(data: bytes) -> str:
    """The prefixed digest form used throughout the contract: ``sha256:`` + 64 lowercase hex."""
    return "sha256:" + hashlib.sha256(data).hexdigest()


def wire_dumps(value: Any) -> str:
    """The exact JSON text the server sends: compact, UTF-8, keys in insertion order.

    Receipt byte budgets are measured on this serialisation, so a Receipt embedded in a response
    occupies exactly ``len(wire_dumps(receipt).encode())`` bytes of the body. The values sent are
    trees built for the reply, never cyclic, so the encoder skips its cycle bookkeeping (a quarter
    to a third of the time of a Receipt's many small objects; the text is the same).
    """
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False, check_circular=False)


# -- from src/pcreceipt/contract/forms.py


HISTORY_FAMILIES: tuple[HistoryFamily, ...] = limits.HISTORY_FAMILY_ENUM


SEPARATOR = "\n\n"


CONTEXT_BEGIN = "BEGIN_POWERCONTEXT_PREPARED_CONTEXT_V1"


CONTEXT_END = "END_POWERCONTEXT_PREPARED_CONTEXT_V1"


TEXT_BEGIN = "BEGIN_POWERCONTEXT_PREPARED_TEXT_V1"


TEXT_END = "END_POWERCONTEXT_PREPARED_TEXT_V1"


CODE_BEGIN = "BEGIN_POWERCONTEXT_CODE_V1"


CODE_END = "END_POWERCONTEXT_CODE_V1"


METADATA_INDENT = "    "


BODY_PREFIX = ">     "


CODE_INDENT = "    "


UNASSESSED_CONFIDENCE = "unknown (not assessed)"


SECTION_TITLES: Mapping[HistoryFamily, str] = {
    "atomic-memory": "Memory",
    "topic-memory": "Topic Memory",
    "experience": "Experience",
    "profile": "Profile",
}


CODE_CITATION_KEYS = (
    "scope_id",
    "fingerprint",
    "path",
    "file_sha256",
    "start_line",
    "end_line",
    "snippet_sha256",
    "checked_at",
    "truncated",
)


_LINE_BOUNDARY_ESCAPES = {ord(char): f"\\u{ord(char):04x}" for char in "\u0085\u2028\u2029"}


def envelope_dumps(value: object) -> str:
    """The envelope's JSON serialisation: compact, raw UTF-8, line-boundary characters escaped."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).translate(_LINE_BOUNDARY_ESCAPES)


def ascii_json(value: object) -> str:
    """Compact JSON with every non-ASCII character escaped (Markdown metadata, code citations)."""
    return json.dumps(value, ensure_ascii=True, separators=(",", ":"))


# -- from src/pcreceipt/contract/content.py


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


@dataclass(frozen=True)
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


# -- from src/pcreceipt/contract/semantics.py


RECEIPT_MAX_BYTES = limits.PREPARED_CONTEXT_RECEIPT_SERIALIZED_BYTES_MAXIMUM


DEFAULT_MAX_BYTES = limits.PREPARE_CONTEXT_REQUEST_MAX_BYTES_DEFAULT


DEFAULT_ASSEMBLY_MAX_ENTRIES = limits.CONTEXT_ASSEMBLY_MAX_ENTRIES_DEFAULT


# Semantic rules: the ones JSON Schema cannot express. Ids are stable; the TypeScript validators
# and tests/vectors use the same ids.
SEMANTIC_RULES: dict[str, str] = {
    "content_bytes_utf8": "content_bytes equals the UTF-8 length of content",
    "content_within_max_bytes": "content_bytes does not exceed the request's max_bytes",
    "reason_requires_explain": "reason appears only when the request set explain",
    "receipt_requires_flag": "receipt appears only when the request set include_receipt to true",
    "receipt_requested_max_bytes": "requested_max_bytes equals the request's max_bytes",
    "receipt_used_bytes": "used_bytes equals content_bytes and does not exceed requested_max_bytes",
    "receipt_content_digest": "content_digest is the sha256 of the UTF-8 bytes of content",
    "receipt_truncated": "truncated is true iff a selected item is truncated",
    "receipt_size": f"the serialized Receipt is at most {RECEIPT_MAX_BYTES} UTF-8 bytes",
    "receipt_non_deterministic": "non_deterministic is true when a model-backed rerank configuration ran",
    "selected_kind_family": "a history item's kind equals its artifact family",
    "selected_identity_unique": "no identity is selected twice",
    "code_line_range": "end_line is not before start_line",
    "rounds_sequence": "rounds are numbered 0, 1, 2 in order; round 0 completed; only the last may have failed",
    "round_reference": "every search and rerank group names a round that exists",
    "searches_order": "search groups are unique and sorted by (round, family, mode, outcome, fallback_reason)",
    "rerank_config_id": "config_id equals config_digest",
    "rerank_configs_order": "rerank configs are unique and sorted by config_digest",
    "rerank_config_resolves": "every rerank group's config_id resolves to exactly one config",
    "rerank_config_used": "every rerank config is referenced by a rerank group",
    "reranks_order": "rerank groups are unique and sorted by (round, config_id, outcome, fallback_reason)",
    "rerank_prompt_version": "selected_version matches the built-in version or the prompt artifact revision",
    "rerank_prompt_scope": "a prompt artifact lives in the Scope the prompt was resolved for",
    "omitted_order": "omitted groups are unique and sorted by (family, reason)",
    "not_retrieved_exclusive": "a family flagged not_retrieved has no selected item and no other omission",
    "content_form": "a content with a Receipt is in a rendered form (JSON envelope or Markdown, code block)",
    "selected_cited": "selected names, in order, exactly the items content cites",
    "selected_rendered_bytes": "rendered_bytes is the UTF-8 size of the item's text in content",
    "selected_truncated_cited": "truncated is the truncation content states for the item",
    "stages_unique": "each stage appears once",
    "assembly_unique_families": "assembly sections name distinct families",
    "assembly_max_entries": "the sum of assembly section limits does not exceed the server's assembly_max_entries",
}


CODE_IDENTITY_FIELDS = ("scope_id", "fingerprint", "path", "file_sha256", "start_line", "end_line")


CODE_CITED_FIELDS = (*CODE_IDENTITY_FIELDS, "snippet_sha256")


@dataclass(frozen=True)
class Violation:
    """One broken rule: where (JSON Pointer), which rule, and a content-free explanation."""

    path: str
    rule: str
    message: str
    """What is wrong, in words (no path, no rule id, no submitted value)."""
    property: str | None = None
    """For ``required``/``additionalProperties``/``unevaluatedProperties``: the property's name (a
    safe one only, see ``_SAFE_NAME``), so an error names the field, not only the object."""

    def as_dict(self) -> dict[str, str]:
        named = {"property": self.property} if self.property is not None else {}
        return {"path": self.path, "rule": self.rule, **named}

    def __str__(self) -> str:
        return format_violation(self.path, self.rule, self.message)


def format_violation(path: str, rule: str, description: str) -> str:
    """One violation as one line, the way every command prints it: ``path: rule — description``."""
    return f"{path or '/'}: {rule} — {description}"


def pointer(parts: Iterable[str | int]) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def _v(path: Sequence[str | int], rule: str) -> Violation:
    p = pointer(path)
    return Violation(p, rule, SEMANTIC_RULES[rule])


def check_request_semantics(
    request: Mapping[str, Any], *, assembly_max_entries: int = DEFAULT_ASSEMBLY_MAX_ENTRIES
) -> list[Violation]:
    """The request rules beyond its schema. Assumes the request is schema-valid."""
    violations: list[Violation] = []
    assembly = request.get("assembly")
    if assembly is not None:
        sections = assembly.get("sections", [])
        seen: set[str] = set()
        for i, section in enumerate(sections):
            if section["family"] in seen:
                violations.append(_v(["assembly", "sections", i, "family"], "assembly_unique_families"))
            seen.add(section["family"])
        if sum(s["limit"] for s in sections) > assembly_max_entries:
            violations.append(_v(["assembly", "sections"], "assembly_max_entries"))
    return violations


def _strictly_sorted(keys: list[tuple[Any, ...]]) -> bool:
    return all(a < b for a, b in pairwise(keys))


def check_response_semantics(
    response: Mapping[str, Any],
    *,
    max_bytes: int | None = None,
    include_receipt: bool | None = None,
    explain: bool | None = None,
) -> list[Violation]:
    """The PreparedContext rules beyond its schema (and its Receipt's, with the content it cites).
    Assumes the response is schema-valid."""
    violations: list[Violation] = []
    content = response["content"]
    content_bytes = response["content_bytes"]
    if content is not None and len(utf8(content)) != content_bytes:
        violations.append(_v(["content_bytes"], "content_bytes_utf8"))
    if max_bytes is not None and content_bytes > max_bytes:
        violations.append(_v(["content_bytes"], "content_within_max_bytes"))
    if explain is not None and not explain and "reason" in response:
        violations.append(_v(["reason"], "reason_requires_explain"))
    if include_receipt is not None and not include_receipt and "receipt" in response:
        violations.append(_v(["receipt"], "receipt_requires_flag"))
    if "receipt" in response:
        violations += check_receipt_semantics(
            response["receipt"], content=content, content_bytes=content_bytes, max_bytes=max_bytes, base=["receipt"]
        )
        violations += check_cited(content, response["receipt"]["selected"])
    return violations


def _cites(item: CitedItem, selected: Mapping[str, Any], current_scope: str | None) -> bool:
    """Whether the content's ``item`` cites the selected entry (a short ``artifact_ref`` names the
    current Scope; a Scope-qualified citation never does)."""
    address = selected.get("artifact_address")
    if address is None:
        code = selected["code_evidence"]
        return item.code is not None and all(item.code[key] == code[key] for key in CODE_CITED_FIELDS)
    artifact = address["artifact"]
    scope_id: str = address["scope_id"]
    if item.artifact != (artifact["family"], artifact["artifact_id"], artifact["revision"]):
        return False
    if item.scope_id is None:
        return scope_id == current_scope
    return item.scope_id == scope_id and scope_id != current_scope


def check_cited(content: str | None, selected: Sequence[Mapping[str, Any]]) -> list[Violation]:
    """A Receipt's ``selected`` against the items its content cites (``contract.content``): the
    same identities in the same order, each item's ``rendered_bytes`` and ``truncated``. The
    current Scope, which a short ``artifact_ref`` names, is the Scope selected for the first one."""
    try:
        cited = parse_content(content)
    except ContentFormError:
        return [_v(["content"], "content_form")]
    if len(cited) != len(selected):
        return [_v(["receipt", "selected"], "selected_cited")]
    current = next(
        (
            s["artifact_address"]["scope_id"]
            for c, s in zip(cited, selected)
            if c.scope_id is None and "artifact_address" in s
        ),
        None,
    )
    out: list[Violation] = []
    for i, (item, entry) in enumerate(zip(cited, selected)):
        if not _cites(item, entry, current):
            out.append(_v(["receipt", "selected", i], "selected_cited"))
            continue
        if len(utf8(item.text)) != entry["rendered_bytes"]:
            out.append(_v(["receipt", "selected", i, "rendered_bytes"], "selected_rendered_bytes"))
        if item.truncated != entry["truncated"]:
            out.append(_v(["receipt", "selected", i, "truncated"], "selected_truncated_cited"))
    return out


def receipt_linkage(
    receipt: Mapping[str, Any],
    *,
    content: str | None,
    content_bytes: int,
    max_bytes: int | None,
    base: Sequence[str | int] = (),
) -> list[Violation]:
    """The rules that tie a Receipt to its response: budget, used bytes, content digest."""
    out: list[Violation] = []
    b = list(base)
    if max_bytes is not None and receipt["requested_max_bytes"] != max_bytes:
        out.append(_v([*b, "requested_max_bytes"], "receipt_requested_max_bytes"))
    if receipt["used_bytes"] != content_bytes or receipt["used_bytes"] > receipt["requested_max_bytes"]:
        out.append(_v([*b, "used_bytes"], "receipt_used_bytes"))
    if content is not None and receipt["content_digest"] != sha256_digest(utf8(content)):
        out.append(_v([*b, "content_digest"], "receipt_content_digest"))
    return out


def check_receipt_semantics(
    receipt: Mapping[str, Any],
    *,
    content: str | None,
    content_bytes: int,
    max_bytes: int | None,
    base: Sequence[str | int] = (),
    serialised: bytes | None = None,
) -> list[Violation]:
    """The Receipt rules beyond its schema. Assumes the Receipt is schema-valid. ``serialised``:
    its wire bytes, when the caller already has them."""
    out = receipt_linkage(receipt, content=content, content_bytes=content_bytes, max_bytes=max_bytes, base=base)
    b = list(base)
    selected = receipt["selected"]
    if receipt["truncated"] != any(item["truncated"] for item in selected):
        out.append(_v([*b, "truncated"], "receipt_truncated"))
    size = len(serialised) if serialised is not None else len(utf8(wire_dumps(receipt)))
    if size > RECEIPT_MAX_BYTES:
        out.append(_v(b, "receipt_size"))

    identities: set[tuple[Any, ...]] = set()
    for i, item in enumerate(selected):
        address = item.get("artifact_address")
        if address is not None and address["artifact"]["family"] != item["kind"]:
            out.append(_v([*b, "selected", i, "kind"], "selected_kind_family"))
        code = item.get("code_evidence")
        if code is not None and code["end_line"] < code["start_line"]:
            out.append(_v([*b, "selected", i, "code_evidence", "end_line"], "code_line_range"))
        identity: tuple[Any, ...]
        if address is not None:
            artifact = address["artifact"]
            identity = (address["scope_id"], artifact["family"], artifact["artifact_id"], artifact["revision"])
        else:
            identity = tuple(code[k] for k in CODE_IDENTITY_FIELDS)
        if identity in identities:
            out.append(_v([*b, "selected", i], "selected_identity_unique"))
        identities.add(identity)

    retrieval = receipt["retrieval"]
    rounds = retrieval["rounds"]
    numbers = [r["round"] for r in rounds]
    failed_not_last = any(r["outcome"] == "expansion_failed" for r in rounds[:-1])
    if numbers != list(range(len(rounds))) or rounds[0]["outcome"] != "completed" or failed_not_last:
        out.append(_v([*b, "retrieval", "rounds"], "rounds_sequence"))
    known_rounds = set(numbers)

    searches = retrieval["searches"]
    for i, group in enumerate(searches):
        if group["round"] not in known_rounds:
            out.append(_v([*b, "retrieval", "searches", i, "round"], "round_reference"))
    search_keys = [(g["round"], g["family"], g["mode"], g["outcome"], g["fallback_reason"]) for g in searches]
    if not _strictly_sorted(search_keys):
        out.append(_v([*b, "retrieval", "searches"], "searches_order"))

    configs = retrieval["rerank_configs"]
    digests = [c["config_digest"] for c in configs]
    for i, config in enumerate(configs):
        if config["config_id"] != config["config_digest"]:
            out.append(_v([*b, "retrieval", "rerank_configs", i, "config_id"], "rerank_config_id"))
        prompt = config["prompt"]
        if prompt is not None:
            address = prompt["artifact_address"]
            expected = prompt["builtin_version"] if address is None else address["artifact"]["revision"]
            if prompt["selected_version"] != expected:
                out.append(
                    _v([*b, "retrieval", "rerank_configs", i, "prompt", "selected_version"], "rerank_prompt_version")
                )
            if address is not None and address["scope_id"] != prompt["scope_id"]:
                out.append(
                    _v([*b, "retrieval", "rerank_configs", i, "prompt", "artifact_address"], "rerank_prompt_scope")
                )
    if not _strictly_sorted([(d,) for d in digests]):
        out.append(_v([*b, "retrieval", "rerank_configs"], "rerank_configs_order"))
    if any(c["non_deterministic"] for c in configs) and not receipt["non_deterministic"]:
        out.append(_v([*b, "non_deterministic"], "receipt_non_deterministic"))

    reranks = retrieval["reranks"]
    referenced: set[str] = set()
    for i, group in enumerate(reranks):
        if group["round"] not in known_rounds:
            out.append(_v([*b, "retrieval", "reranks", i, "round"], "round_reference"))
        if digests.count(group["config_id"]) != 1:
            out.append(_v([*b, "retrieval", "reranks", i, "config_id"], "rerank_config_resolves"))
        referenced.add(group["config_id"])
    for i, config in enumerate(configs):
        if config["config_digest"] not in referenced:
            out.append(_v([*b, "retrieval", "rerank_configs", i], "rerank_config_used"))
    rerank_keys = [(g["round"], g["config_id"], g["outcome"], g["fallback_reason"]) for g in reranks]
    if not _strictly_sorted(rerank_keys):
        out.append(_v([*b, "retrieval", "reranks"], "reranks_order"))

    omitted = receipt["omitted"]
    if not _strictly_sorted([(g["family"], g["reason"]) for g in omitted]):
        out.append(_v([*b, "omitted"], "omitted_order"))
    flagged = {g["family"] for g in omitted if g["reason"] == "not_retrieved"}
    if flagged:
        clash = any(g["family"] in flagged and g["reason"] != "not_retrieved" for g in omitted) or any(
            item["kind"] in flagged for item in selected
        )
        if clash:
            out.append(_v([*b, "omitted"], "not_retrieved_exclusive"))

    names = [s["stage"] for s in receipt["stages"]]
    if len(names) != len(set(names)):
        out.append(_v([*b, "stages"], "stages_unique"))
    return out


# -- from src/pcreceipt/contract/gate.py


# What a schema keyword means when only the rule id is known (a server's error details carry a
# JSON Pointer and a rule id, not the limits).
SCHEMA_RULES: dict[str, str] = {
    "minLength": "is too short",
    "maxLength": "is too long",
    "minimum": "is too small",
    "maximum": "is too large",
    "exclusiveMinimum": "is too small",
    "exclusiveMaximum": "is too large",
    "minItems": "has too few items",
    "maxItems": "has too many items",
    "pattern": "does not have the required form",
    "format": "is not in the required format",
    "required": "lacks a required property",
    "additionalProperties": "has a property the contract does not define",
    "unevaluatedProperties": "has a property the contract does not define",
    "type": "has the wrong type",
    "enum": "is not one of the allowed values",
    "const": "is not the required value",
    "oneOf": "matches none of the allowed forms",
    "anyOf": "matches none of the allowed forms",
    "not": "has a form that is not allowed here",
    "uniqueItems": "repeats an item",
}


def describe_rule(rule: str) -> str:
    """What a rule id means, for a violation known only by its path and rule."""
    return SEMANTIC_RULES.get(rule) or SCHEMA_RULES.get(rule) or "breaks a rule of the contract"


def well_formed(value: Any) -> Any:
    """``value`` with every lone surrogate in its strings and keys replaced by U+FFFD."""
    if isinstance(value, str):
        return utf8(value).decode("utf-8")
    if isinstance(value, list):
        return [well_formed(v) for v in value]
    if isinstance(value, dict):
        return {well_formed(k): well_formed(v) for k, v in value.items()}
    return value


def check_prepare_request(request: Any, *, assembly_max_entries: int = DEFAULT_ASSEMBLY_MAX_ENTRIES) -> list[Violation]:
    """Schema and semantic rules of a prepare request, with the server's ``assembly_max_entries``."""
    return check_schema("PrepareContextRequest", request) or check_request_semantics(
        request, assembly_max_entries=assembly_max_entries
    )


def check_prepared_context(
    response: Any,
    *,
    max_bytes: int | None = None,
    include_receipt: bool | None = None,
    explain: bool | None = None,
) -> list[Violation]:
    """Schema and semantic rules of a PreparedContext.

    ``max_bytes``, ``include_receipt`` and ``explain`` are what the request said, when known
    (a host validator knows max_bytes; the server knows all three).
    """
    violations = check_schema("PreparedContext", response)
    if violations or not isinstance(response, Mapping):
        return violations
    return check_response_semantics(response, max_bytes=max_bytes, include_receipt=include_receipt, explain=explain)


# -- from src/pcreceipt/contract/diagnostic.py


# What a host passes as ``request``: the body it sent, its max_bytes, or None.
Request = Union[Mapping[str, Any], int, None]  # noqa: UP007 (evaluated at run time, on Python 3.9 too)


def request_facts(request: Request) -> tuple[int | None, bool]:
    """(max_bytes, explain) of what the host sent: a request body (its max_bytes, or the
    contract's default when it sent none), a bare max_bytes (the TypeScript signature) or None
    (max_bytes not known and not checked)."""
    if request is None:
        return None, False
    if isinstance(request, int) and not isinstance(request, bool) and request >= 0:
        return request, False
    if isinstance(request, Mapping):
        max_bytes = request.get("max_bytes", DEFAULT_MAX_BYTES)
        if isinstance(max_bytes, int) and not isinstance(max_bytes, bool) and max_bytes >= 0:
            return max_bytes, request.get("explain") is True
    raise TypeError("request must be the prepare request body sent, its max_bytes, or None")


def recall_diagnostic(response: Any, request: Request = None) -> dict[str, Any] | None:
    """A body-free record of an empty or truncated recall, for a host's log; None otherwise.

    Empty: status "empty", or a Receipt that selected nothing. Truncated: the Receipt says an
    item was cut to fit. The record holds identifiers and counts only (docs/hosts.md):
    receipt_id, content_digest, status, empty, truncated, selected, used_bytes,
    requested_max_bytes, omitted [{family, reason, count}] and fallbacks (search and rerank
    groups whose fallback_reason is not "none"). Never the content, the query or any body.
    Without a Receipt (not asked for, or dropped by the server) only an empty recall is reported,
    with the counts the response itself gives (requested_max_bytes: the max_bytes the request
    stated, else None; fallbacks: None, unknown). A response that fails the JSON Schema of
    PreparedContext gives None (validate it first). ``recall-diagnostic.ts`` is this
    function's port for TypeScript hosts.
    """
    request_facts(request)  # a wrong request is a TypeError here too
    if check_schema("PreparedContext", response):
        return None
    receipt = response.get("receipt")
    stated = request.get("max_bytes") if isinstance(request, Mapping) else request
    if receipt is None:
        if response["status"] != "empty":
            return None
        return {
            "receipt_id": None,
            "content_digest": None,
            "status": response["status"],
            "empty": True,
            "truncated": False,
            "selected": 0,
            "used_bytes": response["content_bytes"],
            "requested_max_bytes": stated,
            "omitted": [],
            "fallbacks": None,
        }
    empty = response["status"] == "empty" or not receipt["selected"]
    if not empty and not receipt["truncated"]:
        return None
    retrieval = receipt["retrieval"]
    groups = [*retrieval["searches"], *retrieval["reranks"]]
    return {
        "receipt_id": receipt["receipt_id"],
        "content_digest": receipt["content_digest"],
        "status": response["status"],
        "empty": empty,
        "truncated": receipt["truncated"],
        "selected": len(receipt["selected"]),
        "used_bytes": receipt["used_bytes"],
        "requested_max_bytes": receipt["requested_max_bytes"],
        "omitted": [{"family": g["family"], "reason": g["reason"], "count": g["count"]} for g in receipt["omitted"]],
        "fallbacks": sum(1 for g in groups if g["fallback_reason"] != "none"),
    }


# -- from codegen/python/host_kit.py

# The annotation-free JSON Schema 2020-12 definitions of the prepare messages (schemas/).
DEFS: dict[str, Any] = {'ArtifactAddress': {'type': 'object',
                     'additionalProperties': False,
                     'required': ['scope_id', 'artifact'],
                     'properties': {'scope_id': {'$ref': '#/$defs/ScopeId'},
                                    'artifact': {'$ref': '#/$defs/ArtifactReference'}}},
 'ArtifactFamily': {'type': 'string',
                    'enum': ['atomic-memory', 'topic-memory', 'experience', 'profile', 'prompt']},
 'ArtifactId': {'type': 'string', 'minLength': 1, 'maxLength': 128, 'pattern': '^[!-~]+$'},
 'ArtifactReference': {'type': 'object',
                       'additionalProperties': False,
                       'required': ['family', 'artifact_id', 'revision'],
                       'properties': {'family': {'$ref': '#/$defs/ArtifactFamily'},
                                      'artifact_id': {'$ref': '#/$defs/ArtifactId'},
                                      'revision': {'$ref': '#/$defs/Revision'}}},
 'AssemblySection': {'type': 'object',
                     'additionalProperties': False,
                     'required': ['family', 'limit'],
                     'properties': {'family': {'type': 'string',
                                               'enum': ['memory', 'topic-memory', 'experience', 'profile']},
                                    'limit': {'type': 'integer', 'minimum': 1, 'maximum': 8}},
                     'if': {'properties': {'family': {'const': 'experience'}}, 'required': ['family']},
                     'then': {'properties': {'limit': {'maximum': 2}}}},
 'CodeEvidenceRef': {'type': 'object',
                     'additionalProperties': False,
                     'required': ['scope_id',
                                  'fingerprint',
                                  'path',
                                  'file_sha256',
                                  'start_line',
                                  'end_line',
                                  'snippet_sha256'],
                     'properties': {'scope_id': {'$ref': '#/$defs/ScopeId'},
                                    'fingerprint': {'$ref': '#/$defs/Hex64'},
                                    'path': {'$ref': '#/$defs/RepositoryPath'},
                                    'file_sha256': {'$ref': '#/$defs/Hex64'},
                                    'start_line': {'type': 'integer', 'minimum': 1, 'maximum': 2147483647},
                                    'end_line': {'type': 'integer', 'minimum': 1, 'maximum': 2147483647},
                                    'snippet_sha256': {'$ref': '#/$defs/Hex64'}}},
 'ContextAssembly': {'type': 'object',
                     'additionalProperties': False,
                     'properties': {'format': {'type': 'string', 'const': 'markdown'},
                                    'sections': {'type': 'array',
                                                 'maxItems': 4,
                                                 'items': {'$ref': '#/$defs/AssemblySection'}},
                                    'show': {'type': 'array',
                                             'maxItems': 2,
                                             'uniqueItems': True,
                                             'items': {'type': 'string',
                                                       'enum': ['confidence', 'recall_rank']}}}},
 'DegradationReason': {'type': 'string', 'enum': ['inference_timeout', 'inference_unavailable']},
 'EvidenceFamily': {'type': 'string',
                    'enum': ['atomic-memory', 'topic-memory', 'experience', 'profile', 'code']},
 'Hex64': {'type': 'string', 'pattern': '^[0-9a-f]{64}$'},
 'HistoryFamily': {'type': 'string', 'enum': ['atomic-memory', 'topic-memory', 'experience', 'profile']},
 'OmissionReason': {'type': 'string',
                    'enum': ['duplicate',
                             'blank',
                             'family_limit',
                             'entry_limit',
                             'below_min_bytes',
                             'no_fitting_truncation',
                             'rerank_not_selected',
                             'not_retrieved']},
 'OmittedGroup': {'type': 'object',
                  'additionalProperties': False,
                  'required': ['family', 'reason', 'count'],
                  'properties': {'family': {'$ref': '#/$defs/EvidenceFamily'},
                                 'reason': {'$ref': '#/$defs/OmissionReason'},
                                 'count': {'type': 'integer', 'minimum': 1, 'maximum': 65535}},
                  'if': {'properties': {'reason': {'const': 'not_retrieved'}}, 'required': ['reason']},
                  'then': {'properties': {'count': {'const': 1}}}},
 'PrepareContextRequest': {'type': 'object',
                           'additionalProperties': False,
                           'required': ['scope_id', 'query'],
                           'properties': {'scope_id': {'$ref': '#/$defs/ScopeId'},
                                          'query': {'type': 'string',
                                                    'minLength': 1,
                                                    'maxLength': 8192,
                                                    'pattern': '\\S'},
                                          'max_bytes': {'type': 'integer', 'minimum': 512, 'maximum': 32768},
                                          'include_code': {'type': 'boolean'},
                                          'explain': {'type': 'boolean'},
                                          'assembly': {'$ref': '#/$defs/ContextAssembly'},
                                          'include_receipt': {'type': ['boolean', 'null']},
                                          'bootstrap_receipt_id': {'anyOf': [{'type': 'string',
                                                                              'minLength': 1,
                                                                              'maxLength': 64,
                                                                              'pattern': '^[\\x21-\\x7E]+$'},
                                                                             {'type': 'null'}]}}},
 'PreparedContext': {'type': 'object',
                     'additionalProperties': False,
                     'required': ['schema', 'status', 'content', 'content_bytes'],
                     'properties': {'schema': {'type': 'string', 'const': 'powercontext.prepared-context.v1'},
                                    'status': {'type': 'string', 'enum': ['ready', 'empty']},
                                    'content': {'type': ['string', 'null'], 'maxLength': 32768},
                                    'content_bytes': {'type': 'integer', 'minimum': 0, 'maximum': 32768},
                                    'reason': {'$ref': '#/$defs/DegradationReason'},
                                    'receipt': {'$ref': '#/$defs/PreparedContextReceipt'}},
                     'allOf': [{'if': {'properties': {'status': {'const': 'empty'}}, 'required': ['status']},
                                'then': {'properties': {'content': {'type': 'null'},
                                                        'content_bytes': {'const': 0},
                                                        'receipt': {'properties': {'content_digest': {'type': 'null'},
                                                                                   'used_bytes': {'const': 0},
                                                                                   'selected': {'maxItems': 0}}}}}},
                               {'if': {'properties': {'status': {'const': 'ready'}}, 'required': ['status']},
                                'then': {'properties': {'content': {'type': 'string',
                                                                    'minLength': 1,
                                                                    'pattern': '\\S'},
                                                        'content_bytes': {'minimum': 1},
                                                        'receipt': {'properties': {'content_digest': {'type': 'string'},
                                                                                   'selected': {'minItems': 1}}}}}}]},
 'PreparedContextReceipt': {'type': 'object',
                            'additionalProperties': False,
                            'required': ['schema',
                                         'receipt_id',
                                         'policy_id',
                                         'query_digest',
                                         'content_digest',
                                         'requested_max_bytes',
                                         'used_bytes',
                                         'truncated',
                                         'non_deterministic',
                                         'retrieval',
                                         'selected',
                                         'omitted',
                                         'stages'],
                            'properties': {'schema': {'type': 'string',
                                                      'const': 'powercontext.prepared-context-receipt.v1'},
                                           'receipt_id': {'type': 'string',
                                                          'pattern': '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$'},
                                           'policy_id': {'type': 'string',
                                                         'const': 'powercontext.prepared-context-receipt.v1'},
                                           'query_digest': {'$ref': '#/$defs/Sha256Digest'},
                                           'content_digest': {'anyOf': [{'$ref': '#/$defs/Sha256Digest'},
                                                                        {'type': 'null'}]},
                                           'requested_max_bytes': {'type': 'integer',
                                                                   'minimum': 512,
                                                                   'maximum': 32768},
                                           'used_bytes': {'type': 'integer', 'minimum': 0, 'maximum': 32768},
                                           'truncated': {'type': 'boolean'},
                                           'non_deterministic': {'type': 'boolean'},
                                           'retrieval': {'$ref': '#/$defs/Retrieval'},
                                           'selected': {'type': 'array',
                                                        'maxItems': 32,
                                                        'items': {'$ref': '#/$defs/SelectedItem'}},
                                           'omitted': {'type': 'array',
                                                       'maxItems': 16,
                                                       'items': {'$ref': '#/$defs/OmittedGroup'}},
                                           'stages': {'type': 'array',
                                                      'maxItems': 8,
                                                      'items': {'$ref': '#/$defs/StageTiming'}}}},
 'RecallRound': {'type': 'object',
                 'additionalProperties': False,
                 'required': ['round', 'outcome', 'retained'],
                 'properties': {'round': {'type': 'integer', 'minimum': 0, 'maximum': 2},
                                'outcome': {'type': 'string', 'enum': ['completed', 'expansion_failed']},
                                'retained': {'type': 'boolean'}},
                 'allOf': [{'if': {'properties': {'outcome': {'const': 'completed'}},
                                   'required': ['outcome']},
                            'then': {'properties': {'retained': {'const': True}}}},
                           {'if': {'properties': {'outcome': {'const': 'expansion_failed'}},
                                   'required': ['outcome']},
                            'then': {'properties': {'retained': {'const': False},
                                                    'round': {'minimum': 1}}}}]},
 'RepositoryPath': {'type': 'string',
                    'minLength': 1,
                    'maxLength': 1024,
                    'pattern': '^[^/\\\\\\u0000-\\u001f]+(/[^/\\\\\\u0000-\\u001f]+)*$',
                    'not': {'pattern': '(^|/)\\.{1,2}(/|$)'}},
 'RerankConfig': {'type': 'object',
                  'additionalProperties': False,
                  'required': ['config_id',
                               'policy_id',
                               'model',
                               'effective_settings',
                               'timeout_seconds',
                               'max_requests',
                               'config_digest',
                               'prompt',
                               'non_deterministic'],
                  'properties': {'config_id': {'$ref': '#/$defs/Sha256Digest'},
                                 'policy_id': {'type': 'string',
                                               'minLength': 1,
                                               'maxLength': 128,
                                               'pattern': '^[a-z0-9][a-z0-9._-]*$'},
                                 'model': {'anyOf': [{'type': 'string',
                                                      'minLength': 3,
                                                      'maxLength': 200,
                                                      'pattern': '^[A-Za-z0-9._-]+/[!-~]+$'},
                                                     {'type': 'null'}]},
                                 'effective_settings': {'$ref': '#/$defs/RerankSettings'},
                                 'timeout_seconds': {'type': 'number', 'exclusiveMinimum': 0, 'maximum': 600},
                                 'max_requests': {'type': 'integer', 'minimum': 1, 'maximum': 1000},
                                 'config_digest': {'$ref': '#/$defs/Sha256Digest'},
                                 'prompt': {'anyOf': [{'$ref': '#/$defs/RerankPromptIdentity'},
                                                      {'type': 'null'}]},
                                 'non_deterministic': {'type': 'boolean'}},
                  'allOf': [{'if': {'properties': {'model': {'type': 'null'}}, 'required': ['model']},
                             'then': {'properties': {'prompt': {'type': 'null'},
                                                     'non_deterministic': {'const': False}}}},
                            {'if': {'properties': {'model': {'type': 'string'}}, 'required': ['model']},
                             'then': {'properties': {'prompt': {'type': 'object'},
                                                     'non_deterministic': {'const': True}}}}]},
 'RerankGroup': {'type': 'object',
                 'additionalProperties': False,
                 'required': ['round', 'config_id', 'outcome', 'fallback_reason', 'count'],
                 'properties': {'round': {'type': 'integer', 'minimum': 0, 'maximum': 2},
                                'config_id': {'$ref': '#/$defs/Sha256Digest'},
                                'outcome': {'type': 'string', 'enum': ['selected', 'fallback', 'failed']},
                                'fallback_reason': {'type': 'string',
                                                    'enum': ['none',
                                                             'empty_selection',
                                                             'inference_unavailable',
                                                             'inference_timeout',
                                                             'invalid_output']},
                                'count': {'type': 'integer', 'minimum': 1, 'maximum': 65535}},
                 'allOf': [{'if': {'properties': {'outcome': {'const': 'selected'}}, 'required': ['outcome']},
                            'then': {'properties': {'fallback_reason': {'const': 'none'}}}},
                           {'if': {'properties': {'outcome': {'enum': ['fallback', 'failed']}},
                                   'required': ['outcome']},
                            'then': {'properties': {'fallback_reason': {'not': {'const': 'none'}}}}}]},
 'RerankPromptIdentity': {'type': 'object',
                          'additionalProperties': False,
                          'required': ['scope_id',
                                       'key',
                                       'definition_version',
                                       'builtin_version',
                                       'selection',
                                       'selected_version',
                                       'compiled_digest',
                                       'artifact_address'],
                          'properties': {'scope_id': {'$ref': '#/$defs/ScopeId'},
                                         'key': {'$ref': '#/$defs/ArtifactId'},
                                         'definition_version': {'type': 'integer',
                                                                'minimum': 1,
                                                                'maximum': 65535},
                                         'builtin_version': {'type': 'integer',
                                                             'minimum': 1,
                                                             'maximum': 65535},
                                         'selection': {'type': 'string', 'enum': ['built_in', 'artifact']},
                                         'selected_version': {'type': 'integer',
                                                              'minimum': 1,
                                                              'maximum': 2147483647},
                                         'compiled_digest': {'$ref': '#/$defs/Sha256Digest'},
                                         'artifact_address': {'anyOf': [{'$ref': '#/$defs/ArtifactAddress'},
                                                                        {'type': 'null'}]}},
                          'allOf': [{'if': {'properties': {'selection': {'const': 'built_in'}},
                                            'required': ['selection']},
                                     'then': {'properties': {'artifact_address': {'type': 'null'}}}},
                                    {'if': {'properties': {'selection': {'const': 'artifact'}},
                                            'required': ['selection']},
                                     'then': {'properties': {'artifact_address': {'type': 'object',
                                                                                  'properties': {'artifact': {'properties': {'family': {'const': 'prompt'}}}}}}}}]},
 'RerankSettings': {'type': 'object',
                    'additionalProperties': False,
                    'required': ['allowlist'],
                    'properties': {'allowlist': {'type': 'string', 'const': 'pcreceipt.rerank-settings.v1'},
                                   'temperature': {'type': 'number', 'minimum': 0, 'maximum': 2},
                                   'top_p': {'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1},
                                   'max_tokens': {'type': 'integer', 'minimum': 1, 'maximum': 131072},
                                   'seed': {'type': 'integer', 'minimum': 0, 'maximum': 4294967295},
                                   'candidate_limit': {'type': 'integer', 'minimum': 1, 'maximum': 256},
                                   'keep': {'type': 'integer', 'minimum': 1, 'maximum': 256},
                                   'response_format': {'type': 'string', 'enum': ['text', 'json_object']},
                                   'on_failure': {'type': 'string', 'enum': ['coarse_order', 'drop_family']},
                                   'algorithm_version': {'type': 'integer', 'minimum': 1, 'maximum': 65535}}},
 'Retrieval': {'type': 'object',
               'additionalProperties': False,
               'required': ['rounds', 'searches', 'rerank_configs', 'reranks'],
               'properties': {'rounds': {'type': 'array',
                                         'minItems': 1,
                                         'maxItems': 3,
                                         'items': {'$ref': '#/$defs/RecallRound'}},
                              'searches': {'type': 'array',
                                           'maxItems': 32,
                                           'items': {'$ref': '#/$defs/SearchGroup'}},
                              'rerank_configs': {'type': 'array',
                                                 'maxItems': 8,
                                                 'items': {'$ref': '#/$defs/RerankConfig'}},
                              'reranks': {'type': 'array',
                                          'maxItems': 32,
                                          'items': {'$ref': '#/$defs/RerankGroup'}}}},
 'Revision': {'type': 'integer', 'minimum': 1, 'maximum': 2147483647},
 'ScopeId': {'type': 'string', 'minLength': 1, 'maxLength': 256, 'pattern': '\\S'},
 'SearchGroup': {'type': 'object',
                 'additionalProperties': False,
                 'required': ['round', 'family', 'mode', 'outcome', 'fallback_reason', 'count'],
                 'properties': {'round': {'type': 'integer', 'minimum': 0, 'maximum': 2},
                                'family': {'$ref': '#/$defs/EvidenceFamily'},
                                'mode': {'$ref': '#/$defs/SearchMode'},
                                'outcome': {'type': 'string', 'enum': ['completed', 'not_run', 'failed']},
                                'fallback_reason': {'type': 'string',
                                                    'enum': ['none',
                                                             'inference_unavailable',
                                                             'inference_timeout',
                                                             'reused_fts_fallback']},
                                'count': {'type': 'integer', 'minimum': 1, 'maximum': 65535}},
                 'allOf': [{'if': {'properties': {'outcome': {'const': 'not_run'}}, 'required': ['outcome']},
                            'then': {'properties': {'mode': {'const': 'none'},
                                                    'fallback_reason': {'const': 'none'}}}},
                           {'if': {'properties': {'mode': {'const': 'none'}}, 'required': ['mode']},
                            'then': {'properties': {'outcome': {'const': 'not_run'}}}},
                           {'if': {'properties': {'family': {'const': 'profile'}}, 'required': ['family']},
                            'then': {'properties': {'mode': {'enum': ['snapshot', 'none']},
                                                    'round': {'const': 0},
                                                    'fallback_reason': {'const': 'none'}}}},
                           {'if': {'properties': {'family': {'const': 'code'}}, 'required': ['family']},
                            'then': {'properties': {'mode': {'enum': ['code', 'none']},
                                                    'round': {'const': 0},
                                                    'fallback_reason': {'const': 'none'}}}},
                           {'if': {'properties': {'family': {'enum': ['atomic-memory',
                                                                      'topic-memory',
                                                                      'experience']}},
                                   'required': ['family']},
                            'then': {'properties': {'mode': {'enum': ['fts', 'vector', 'hybrid', 'none']}}}},
                           {'if': {'properties': {'fallback_reason': {'const': 'reused_fts_fallback'}},
                                   'required': ['fallback_reason']},
                            'then': {'properties': {'mode': {'const': 'fts'},
                                                    'outcome': {'const': 'completed'},
                                                    'round': {'minimum': 1}}}},
                           {'if': {'properties': {'fallback_reason': {'enum': ['inference_unavailable',
                                                                               'inference_timeout']},
                                                  'outcome': {'const': 'completed'}},
                                   'required': ['fallback_reason', 'outcome']},
                            'then': {'properties': {'mode': {'const': 'fts'}}}}]},
 'SearchMode': {'type': 'string', 'enum': ['fts', 'vector', 'hybrid', 'snapshot', 'code', 'none']},
 'SelectedItem': {'type': 'object',
                  'required': ['kind', 'rendered_bytes', 'truncated'],
                  'properties': {'kind': {'$ref': '#/$defs/EvidenceFamily'},
                                 'rendered_bytes': {'type': 'integer', 'minimum': 1, 'maximum': 32768},
                                 'truncated': {'type': 'boolean'}},
                  'oneOf': [{'required': ['artifact_address'],
                             'properties': {'kind': {'$ref': '#/$defs/HistoryFamily'},
                                            'artifact_address': {'$ref': '#/$defs/ArtifactAddress'}}},
                            {'required': ['code_evidence'],
                             'properties': {'kind': {'const': 'code'},
                                            'code_evidence': {'$ref': '#/$defs/CodeEvidenceRef'}}}],
                  'unevaluatedProperties': False},
 'Sha256Digest': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'},
 'StageTiming': {'type': 'object',
                 'additionalProperties': False,
                 'required': ['stage', 'duration_ms', 'count'],
                 'properties': {'stage': {'type': 'string',
                                          'minLength': 3,
                                          'maxLength': 64,
                                          'pattern': '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$'},
                                'duration_ms': {'type': 'number', 'minimum': 0},
                                'count': {'type': 'integer', 'minimum': 1, 'maximum': 65535}}}}
# Each `pattern` of DEFS, as the equivalent Python regular expression (ECMA-262 semantics).
PATTERNS: dict[str, str] = {'(^|/)\\.{1,2}(/|$)': '(^|/)\\.{1,2}(/|\\Z)',
 '\\S': '[^\\t\\n\\x0b\\x0c\\r \\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]',
 '^[!-~]+$': '^[!-~]+\\Z',
 '^[0-9a-f]{64}$': '^[0-9a-f]{64}\\Z',
 '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$': '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\\Z',
 '^[A-Za-z0-9._-]+/[!-~]+$': '^[A-Za-z0-9._-]+/[!-~]+\\Z',
 '^[\\x21-\\x7E]+$': '^[\\x21-\\x7E]+\\Z',
 '^[^/\\\\\\u0000-\\u001f]+(/[^/\\\\\\u0000-\\u001f]+)*$': '^[^/\\\\\\u0000-\\u001f]+(/[^/\\\\\\u0000-\\u001f]+)*\\Z',
 '^[a-z0-9][a-z0-9._-]*$': '^[a-z0-9][a-z0-9._-]*\\Z',
 '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$': '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+\\Z',
 '^sha256:[0-9a-f]{64}$': '^sha256:[0-9a-f]{64}\\Z'}

_COMPILED: dict[str, Any] = {}
_TYPES = {
    "null": lambda v: v is None,
    "boolean": lambda v: isinstance(v, bool),
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "number": lambda v: _is_number(v),
    "integer": lambda v: _is_number(v) and (isinstance(v, int) or float(v).is_integer()),
}


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _json_equal(a: Any, b: Any) -> bool:
    """Equality of two JSON values (true is not 1; 1 is 1.0)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if _is_number(a) and _is_number(b):
        return bool(a == b)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_json_equal(a[i], b[i]) for i in range(len(a)))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_json_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and bool(a == b)


def _valid(schema: Any, value: Any, path: tuple[Any, ...]) -> tuple[bool, set[str]]:
    errors: list[tuple[tuple[Any, ...], str]] = []
    evaluated = _evaluate(schema, value, path, errors)
    return not errors, evaluated


def _evaluate(schema: Mapping[str, Any], value: Any, path: tuple[Any, ...], errors: list[Any]) -> set[str]:
    """Append (instance path, keyword) for each failed keyword of ``schema`` the way
    jsonschema-rs reports it (a failed anyOf/oneOf/not is one error at the value; allOf, $ref,
    then/else report what failed inside them); return the property names evaluated at ``value``
    (for unevaluatedProperties)."""
    evaluated: set[str] = set()
    is_object = isinstance(value, dict)
    for keyword, arg in schema.items():
        if keyword == "$ref":
            evaluated |= _evaluate(DEFS[arg.rsplit("/", 1)[-1]], value, path, errors)
        elif keyword == "type":
            if not any(_TYPES[t](value) for t in ([arg] if isinstance(arg, str) else arg)):
                errors.append((path, keyword))
        elif keyword == "const":
            if not _json_equal(value, arg):
                errors.append((path, keyword))
        elif keyword == "enum":
            if not any(_json_equal(value, option) for option in arg):
                errors.append((path, keyword))
        elif keyword in ("minLength", "maxLength", "pattern"):
            if isinstance(value, str) and not _string_ok(keyword, arg, value):
                errors.append((path, keyword))
        elif keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            if _is_number(value) and not _number_ok(keyword, arg, value):
                errors.append((path, keyword))
        elif keyword in ("minItems", "maxItems", "uniqueItems", "items"):
            if isinstance(value, list):
                _array(keyword, arg, value, path, errors)
        elif keyword == "required":
            if is_object:
                errors.extend((path, keyword) for name in arg if name not in value)
        elif keyword == "properties":
            if is_object:
                for name, sub in arg.items():
                    if name in value:
                        _evaluate(sub, value[name], (*path, name), errors)
                        evaluated.add(name)
        elif keyword == "additionalProperties":
            if is_object:
                extra = [name for name in value if name not in schema.get("properties", {})]
                evaluated.update(extra)
                if arg is False and extra:
                    errors.append((path, keyword))
                elif isinstance(arg, dict):
                    for name in extra:
                        _evaluate(arg, value[name], (*path, name), errors)
        elif keyword == "allOf":
            for sub in arg:
                evaluated |= _evaluate(sub, value, path, errors)
        elif keyword in ("anyOf", "oneOf"):
            passed = [names for ok, names in (_valid(sub, value, path) for sub in arg) if ok]
            failed = not passed if keyword == "anyOf" else len(passed) != 1
            if failed:
                errors.append((path, keyword))
            else:
                for names in passed:
                    evaluated |= names
        elif keyword == "not":
            if _valid(arg, value, path)[0]:
                errors.append((path, keyword))
        elif keyword == "if":
            ok, names = _valid(arg, value, path)
            branch = schema.get("then" if ok else "else")
            if ok:
                evaluated |= names
            if branch is not None:
                evaluated |= _evaluate(branch, value, path, errors)
    if is_object and schema.get("unevaluatedProperties") is False and any(n not in evaluated for n in value):
        errors.append((path, "unevaluatedProperties"))
    return evaluated


def _string_ok(keyword: str, arg: Any, value: str) -> bool:
    if keyword == "minLength":
        return bool(len(value) >= arg)
    if keyword == "maxLength":
        return bool(len(value) <= arg)
    compiled = _COMPILED.get(arg)
    if compiled is None:
        compiled = _COMPILED[arg] = re.compile(PATTERNS[arg])
    return compiled.search(value) is not None


def _number_ok(keyword: str, arg: Any, value: Any) -> bool:
    if keyword == "minimum":
        return bool(value >= arg)
    if keyword == "maximum":
        return bool(value <= arg)
    if keyword == "exclusiveMinimum":
        return bool(value > arg)
    return bool(value < arg)


def _array(keyword: str, arg: Any, value: list[Any], path: tuple[Any, ...], errors: list[Any]) -> None:
    if keyword == "items":
        for i, item in enumerate(value):
            _evaluate(arg, item, (*path, i), errors)
    elif keyword == "uniqueItems":
        repeated = any(_json_equal(value[i], value[j]) for i in range(len(value)) for j in range(i))
        if arg and repeated:
            errors.append((path, keyword))
    elif (keyword == "minItems" and len(value) < arg) or (keyword == "maxItems" and len(value) > arg):
        errors.append((path, keyword))


def check_schema(definition: str, instance: Any, base: Any = ()) -> list[Violation]:
    """Schema violations of ``instance`` against one definition (``DEFS``), as the gate reports
    them: a JSON Pointer and the failed keyword. A lone surrogate counts as U+FFFD."""
    errors: list[tuple[tuple[Any, ...], str]] = []
    _evaluate(DEFS[definition], well_formed(instance), (), errors)
    return [
        Violation(pointer([*base, *path]), rule, SCHEMA_RULES.get(rule, "breaks a rule of the contract"))
        for path, rule in errors
    ]


# -- the public API ------------------------------------------------------------------------------


def _result(violations: list[Violation]) -> dict[str, Any]:
    """{ok, violations: [{path, rule}]}, duplicates merged, in the order found (the TypeScript
    package's ValidationResult)."""
    out: list[dict[str, str]] = []
    for v in violations:
        entry = {"path": v.path, "rule": v.rule}
        if entry not in out:
            out.append(entry)
    return {"ok": not out, "violations": out}


def validate_prepared_context_for(
    response: Any,
    *,
    max_bytes: int | None = None,
    include_receipt: bool | None = None,
    explain: bool | None = None,
) -> dict[str, Any]:
    """A PreparedContext against what the request said (None: not known, not checked): the JSON
    Schema check, then the gate's semantic rules. Returns {ok, violations: [{path, rule}]}."""
    violations = check_prepared_context(response, max_bytes=max_bytes, include_receipt=include_receipt, explain=explain)
    return _result(violations)


def validate_prepared_context(response: Any, request: Request = None) -> dict[str, Any]:
    """The strict default check of a prepare response for a host that did not ask for a Receipt:
    a receipt key fails (receipt_requires_flag), so does a reason unless the request set explain.
    ``request``: the body the host sent (or its max_bytes); content_bytes must not exceed it."""
    max_bytes, explain = request_facts(request)
    return validate_prepared_context_for(response, max_bytes=max_bytes, include_receipt=False, explain=explain)


def validate_prepared_context_with_receipt(response: Any, request: Request = None) -> dict[str, Any]:
    """For a host that sent include_receipt: true: the same rules, then the optional receipt (its
    schema and every Receipt rule). A response without a receipt is still valid: the server drops
    a Receipt it cannot build within its byte budget."""
    max_bytes, explain = request_facts(request)
    return validate_prepared_context_for(response, max_bytes=max_bytes, include_receipt=True, explain=explain)


def validate_prepare_context_request(
    request: Any, assembly_max_entries: int = DEFAULT_ASSEMBLY_MAX_ENTRIES
) -> dict[str, Any]:
    """A prepare request body, with the server's assembly_max_entries."""
    return _result(check_prepare_request(request, assembly_max_entries=assembly_max_entries))
