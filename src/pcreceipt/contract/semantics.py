"""The contract rules JSON Schema cannot say, for prepare requests, PreparedContext responses and
their Receipts: each with a stable rule id (``SEMANTIC_RULES``) that the TypeScript package's
``semantic-rules.ts`` (this module's port) and the shared vectors use too.

Every check here assumes its input already passed the JSON Schema check; ``contract.gate`` runs
the schema first and these after, and is what callers use. A violation is a JSON Pointer and a
rule id with a message built from the rule table, never from a submitted value.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from pcreceipt.contract.content import CitedItem, ContentFormError, parse_content
from pcreceipt.contract.digests import sha256_digest, utf8, wire_dumps
from pcreceipt.models import limits

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


@dataclass(frozen=True, slots=True)
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


# --------------------------------------------------------------------------------------------
# Requests


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


# --------------------------------------------------------------------------------------------
# Responses


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
            for c, s in zip(cited, selected, strict=True)
            if c.scope_id is None and "artifact_address" in s
        ),
        None,
    )
    out: list[Violation] = []
    for i, (item, entry) in enumerate(zip(cited, selected, strict=True)):
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


def check_standalone_receipt_semantics(
    receipt: Mapping[str, Any],
    *,
    content: str | None,
    content_bytes: int,
    max_bytes: int | None,
    serialised: bytes | None = None,
) -> list[Violation]:
    """A Receipt not yet attached against the response it will be attached to: its content digest
    is null exactly when the content is, then ``check_receipt_semantics``. Assumes the Receipt is
    schema-valid."""
    if (content is None) != (receipt["content_digest"] is None):
        return [_v(["content_digest"], "receipt_content_digest")]
    return check_receipt_semantics(
        receipt, content=content, content_bytes=content_bytes, max_bytes=max_bytes, serialised=serialised
    )


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
