"""Write the language-neutral contract vectors under tests/vectors/.

Each vector is one JSON file: an id, a description, the kind of message (``request`` or
``response``), what the request said (``context``), the message (``data``), the expected
verdict (``valid``) and the expected violations as (JSON Pointer, rule id). A rule id is a JSON
Schema keyword or one of ``pcreceipt.contract.semantics.SEMANTIC_RULES``. An invalid vector breaks exactly one
rule of a valid base message.

Run ``python tests/vectors/make_vectors.py`` after changing the contract; the test suite fails
when the files on disk differ from what this script writes.
"""

from __future__ import annotations

import copy
import hashlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pcreceipt.contract.forms import CODE_CAUTION, CODE_HEADING, TRUST_TEXT

HERE = Path(__file__).resolve().parent
RECEIPT_ID = "3f2b8c1e-9a4d-4c7e-8b21-5d6e7f809a1b"
SCOPE_A = "project:payments"
SCOPE_B = "project:shared-infra"


def digest(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def hex64(seed: str) -> str:
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def history(kind: str, scope: str, artifact_id: str, revision: int = 1, truncated: bool = False):
    """A selected history entry; ``rendered_bytes`` is filled in by ``render`` (0 until then)."""
    return {
        "kind": kind,
        "rendered_bytes": 0,
        "truncated": truncated,
        "artifact_address": {
            "scope_id": scope,
            "artifact": {"family": kind, "artifact_id": artifact_id, "revision": revision},
        },
    }


def code(scope: str, path: str, start: int, end: int, truncated: bool = False):
    """A selected code entry whose snippet hash is the hash of the lines ``code_strings`` shows."""
    evidence = {
        "scope_id": scope,
        "fingerprint": hex64("workspace:" + scope),
        "path": path,
        "file_sha256": hex64("file:" + path),
        "start_line": start,
        "end_line": end,
    }
    snippet = "".join(code_strings(evidence))
    evidence["snippet_sha256"] = hashlib.sha256(snippet.encode("utf-8")).hexdigest()
    return {"kind": "code", "rendered_bytes": 0, "truncated": truncated, "code_evidence": evidence}


# ------------------------------------------------------------------------------------------
# The rendered forms (HOSTS.md §3), written here from the rules rather than with pcreceipt's
# renderer; only pcreceipt's own sentences (the trust text, the code heading and caution) come
# from it. Bodies and code lines are made up from each identity, so a response can be rendered
# again after a test changes its selection.

SEP = "\n\n"
TITLES = {"atomic-memory": "Memory", "topic-memory": "Topic Memory", "experience": "Experience", "profile": "Profile"}


def envelope_json(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("\u0085", "\\u0085").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def history_body(item: dict) -> str:
    artifact = item["artifact_address"]["artifact"]
    body = f"{artifact['artifact_id']}: we chose SQLite\tfor the embedded default\u2028(WAL mode)."
    return body + "…" if item["truncated"] else body


def code_strings(evidence: dict) -> list[str]:
    lines = [
        f"    return step({n})  # {evidence['path']}" for n in range(evidence["start_line"], evidence["end_line"] + 1)
    ]
    return [line + "\n" for line in lines[:-1]] + lines[-1:]


def markdown_body(item: dict) -> str:
    text = history_body(item).replace("\u2028", "\n")
    return "\n".join(">     " + line.replace("\t", "\\u0009") for line in text.split("\n"))


def render(selected: list, *, markdown: bool = False, current: str | None = None, show: tuple[str, ...] = ()) -> str:
    """The content citing ``selected`` in order (history, then code); fills each ``rendered_bytes``."""
    history = [s for s in selected if "artifact_address" in s]
    parts: list[str] = []
    if history and not markdown:
        texts = []
        for item in history:
            address = item["artifact_address"]
            citation = (
                {"artifact_ref": address["artifact"]} if address["scope_id"] == current else {"artifact": address}
            )
            texts.append(
                envelope_json(
                    {
                        "citation": citation,
                        "content": history_body(item),
                        "truncated": item["truncated"],
                        "kind": item["kind"],
                    }
                )
            )
        line = '{"trust":"untrusted_history","items":[' + ",".join(texts) + "]}"
        parts += [
            TRUST_TEXT,
            "BEGIN_POWERCONTEXT_PREPARED_CONTEXT_V1\n" + line + "\nEND_POWERCONTEXT_PREPARED_CONTEXT_V1",
        ]
    elif history:
        texts = []
        parts += ["# PowerContext historical context", TRUST_TEXT, "BEGIN_POWERCONTEXT_PREPARED_TEXT_V1"]
        numbers: dict[str, int] = {}
        for item in history:
            address = item["artifact_address"]
            artifact, title = address["artifact"], TITLES[item["kind"]]
            if item["kind"] not in numbers:
                parts.append("## " + title)
            numbers[item["kind"]] = numbers.get(item["kind"], 0) + 1
            lines = [
                f"Scope: {json.dumps(address['scope_id'])}",
                f"Artifact: family={json.dumps(artifact['family'])}, id={json.dumps(artifact['artifact_id'])}, revision={artifact['revision']}",
            ]
            lines += ["Confidence: unknown (not assessed)"] if "confidence" in show else []
            lines += [f"Recall rank: {numbers[item['kind']]}"] if "recall_rank" in show else []
            lines += ["Truncated: yes" if item["truncated"] else "Truncated: no"]
            text = SEP.join(
                [f"### {title} {numbers[item['kind']]}", "\n".join("    " + x for x in lines), markdown_body(item)]
            )
            texts.append(text)
            parts.append(text)
        parts.append("END_POWERCONTEXT_PREPARED_TEXT_V1")
    else:
        texts = []
    coded = [s for s in selected if "code_evidence" in s]
    if coded:
        parts += [CODE_HEADING, CODE_CAUTION, "BEGIN_POWERCONTEXT_CODE_V1"]
        for item in coded:
            evidence = item["code_evidence"]
            cited = {**evidence, "checked_at": "2026-05-01T09:30:00.000Z", "truncated": item["truncated"]}
            order = [
                "scope_id",
                "fingerprint",
                "path",
                "file_sha256",
                "start_line",
                "end_line",
                "snippet_sha256",
                "checked_at",
                "truncated",
            ]
            head = "    " + json.dumps({key: cited[key] for key in order}, separators=(",", ":"))
            block = "\n".join("    " + json.dumps(x, ensure_ascii=False) for x in code_strings(evidence))
            texts.append(head + SEP + block)
            parts += [head, block]
        parts.append("END_POWERCONTEXT_CODE_V1")
    for item, text in zip(history + coded, texts, strict=True):
        item["rendered_bytes"] = len(text.encode("utf-8"))
    return SEP.join(parts)


def receipt(
    content: str | None,
    selected: list,
    *,
    max_bytes: int = 8000,
    searches=None,
    omitted=None,
    configs=None,
    reranks=None,
    rounds=None,
    stages=None,
    non_deterministic: bool = False,
):
    return {
        "schema": "powercontext.prepared-context-receipt.v1",
        "receipt_id": RECEIPT_ID,
        "policy_id": "powercontext.prepared-context-receipt.v1",
        "query_digest": digest("Why did we choose SQLite?"),
        "content_digest": None if content is None else digest(content),
        "requested_max_bytes": max_bytes,
        "used_bytes": 0 if content is None else len(content.encode("utf-8")),
        "truncated": any(item["truncated"] for item in selected),
        "non_deterministic": non_deterministic,
        "retrieval": {
            "rounds": rounds if rounds is not None else [{"round": 0, "outcome": "completed", "retained": True}],
            "searches": searches if searches is not None else [],
            "rerank_configs": configs if configs is not None else [],
            "reranks": reranks if reranks is not None else [],
        },
        "selected": selected,
        "omitted": omitted if omitted is not None else [],
        "stages": stages if stages is not None else [{"stage": "context.build", "duration_ms": 0.412, "count": 1}],
    }


def response(content: str | None, rec=None):
    out: dict[str, Any] = {
        "schema": "powercontext.prepared-context.v1",
        "status": "empty" if content is None else "ready",
        "content": content,
        "content_bytes": 0 if content is None else len(content.encode("utf-8")),
    }
    if rec is not None:
        out["receipt"] = rec
    return out


def search(round_, family, mode, outcome="completed", fallback="none", count=1):
    return {
        "round": round_,
        "family": family,
        "mode": mode,
        "outcome": outcome,
        "fallback_reason": fallback,
        "count": count,
    }


def model_config(scope: str, seed: str, prompt_revision: int | None = None):
    d = digest("config:" + seed)
    prompt = {
        "scope_id": scope,
        "key": "memory.rerank",
        "definition_version": 1,
        "builtin_version": 3,
        "selection": "built_in" if prompt_revision is None else "artifact",
        "selected_version": 3 if prompt_revision is None else prompt_revision,
        "compiled_digest": digest("prompt:" + seed),
        "artifact_address": None
        if prompt_revision is None
        else {
            "scope_id": scope,
            "artifact": {"family": "prompt", "artifact_id": "rerank-prompt", "revision": prompt_revision},
        },
    }
    return {
        "config_id": d,
        "policy_id": "pcreceipt.rerank.listwise.v1",
        "model": "openai/gpt-4.1-mini",
        "effective_settings": {
            "allowlist": "pcreceipt.rerank-settings.v1",
            "temperature": 0,
            "max_tokens": 512,
            "candidate_limit": 30,
            "keep": 16,
            "on_failure": "coarse_order",
        },
        "timeout_seconds": 2.0,
        "max_requests": 1,
        "config_digest": d,
        "prompt": prompt,
        "non_deterministic": True,
    }


# ------------------------------------------------------------------------------------------
# Valid base messages


def ready_selected():
    return [history("atomic-memory", SCOPE_A, "am-1", 2)]


READY_SELECTED = ready_selected()
READY_CONTENT = render(READY_SELECTED, current=SCOPE_A)


def ready_receipt():
    return receipt(
        READY_CONTENT,
        copy.deepcopy(READY_SELECTED),
        searches=[
            search(0, "atomic-memory", "fts"),
            search(0, "experience", "fts"),
            search(0, "topic-memory", "none", "not_run"),
        ],
        omitted=[
            {"family": "atomic-memory", "reason": "duplicate", "count": 1},
            {"family": "experience", "reason": "not_retrieved", "count": 1},
            {"family": "topic-memory", "reason": "not_retrieved", "count": 1},
        ],
        stages=[
            {"stage": "memory.search", "duration_ms": 1.25, "count": 1},
            {"stage": "experience.search", "duration_ms": 0.5, "count": 1},
            {"stage": "context.build", "duration_ms": 0.2, "count": 1},
        ],
    )


def cross_scope_receipt():
    """The envelope with a current-Scope short ref, a referenced Scope's item and a code item."""
    selected = [
        history("atomic-memory", SCOPE_A, "am-1", 2),
        history("experience", SCOPE_B, "ex-9", 3),
        code(SCOPE_A, "src/store.py", 41, 44),
    ]
    content = render(selected, current=SCOPE_A)
    return content, receipt(
        content,
        selected,
        searches=[
            search(0, "atomic-memory", "fts", count=2),
            search(0, "code", "code"),
            search(0, "experience", "fts", count=2),
            search(0, "topic-memory", "fts"),
        ],
        omitted=[{"family": "topic-memory", "reason": "not_retrieved", "count": 1}],
    )


def empty_receipt():
    return receipt(
        None,
        [],
        searches=[search(0, "atomic-memory", "fts"), search(0, "experience", "fts"), search(0, "topic-memory", "fts")],
        omitted=[
            {"family": f, "reason": "not_retrieved", "count": 1}
            for f in ("atomic-memory", "experience", "topic-memory")
        ],
    )


def code_only_receipt():
    selected = [code(SCOPE_A, "src/app.py", 1, 12, truncated=True)]
    content = render(selected)
    return content, receipt(
        content,
        selected,
        searches=[search(0, "code", "code")],
        stages=[
            {"stage": "code.query", "duration_ms": 2.0, "count": 1},
            {"stage": "context.build", "duration_ms": 0.3, "count": 1},
        ],
    )


def full_receipt(
    scope_a: str = "pay",
    scope_b: str = "infra",
    counts: tuple[int, int, int, int, int] = (8, 8, 2, 8, 4),
    configs_wanted: int = 0,
    id_width: int = 2,
):
    """A mixed assembly (Markdown, confidence and recall rank shown) across two Scopes: by default
    26 history items (8 atomic, 8 topic, 2 experience, 8 profile) + 4 code items, which fits 8192
    bytes without rerank evidence. Two model rerank configurations cost about 1.9 KB more (see
    ``receipt/size/*``); so do artifact ids ``id_width`` digits wide."""
    SCOPE_A, SCOPE_B = scope_a, scope_b
    atomic, topic, experience, profile, code_items = counts
    items = []
    for i in range(atomic):
        items.append(history("atomic-memory", SCOPE_A if i % 2 == 0 else SCOPE_B, f"am-{i:0{id_width}d}", 1 + i % 3))
    for i in range(topic):
        items.append(history("topic-memory", SCOPE_A if i % 2 == 0 else SCOPE_B, f"tm-{i:0{id_width}d}", 1))
    for i in range(experience):
        items.append(history("experience", SCOPE_A, f"ex-{i:0{id_width}d}", 1, truncated=i == 1))
    for i in range(profile):
        items.append(history("profile", SCOPE_A if i < 4 else SCOPE_B, f"pf-{i:0{id_width}d}", 1))
    for i in range(code_items):
        items.append(
            code(SCOPE_A, f"src/pcreceipt/mod{i}.py", 10 * i + 1, 10 * i + 20, truncated=(i == code_items - 1))
        )
    content = render(items, markdown=True, show=("confidence", "recall_rank"))
    configs = sorted(
        [model_config(SCOPE_A, "a"), model_config(SCOPE_B, "b", prompt_revision=2)][:configs_wanted],
        key=lambda c: c["config_digest"],
    )
    outcomes = [("selected", "none"), ("fallback", "inference_timeout")]
    reranks = sorted(
        [
            {"round": 0, "config_id": c["config_id"], "outcome": o, "fallback_reason": f, "count": 1}
            for c, (o, f) in zip(configs, outcomes, strict=False)
        ],
        key=lambda g: (g["round"], g["config_id"], g["outcome"], g["fallback_reason"]),
    )
    return content, receipt(
        content,
        items,
        max_bytes=32768,
        rounds=[
            {"round": 0, "outcome": "completed", "retained": True},
            {"round": 1, "outcome": "expansion_failed", "retained": False},
        ],
        searches=[
            search(0, "atomic-memory", "fts", fallback="inference_timeout"),
            search(0, "atomic-memory", "hybrid"),
            search(0, "code", "code"),
            search(0, "experience", "hybrid", count=2),
            search(0, "profile", "snapshot", count=2),
            search(0, "topic-memory", "hybrid", count=2),
            search(1, "atomic-memory", "fts", fallback="reused_fts_fallback"),
        ],
        configs=configs,
        reranks=reranks,
        non_deterministic=bool(configs),
        omitted=[
            {"family": "atomic-memory", "reason": "family_limit", "count": 6},
            {"family": "atomic-memory", "reason": "rerank_not_selected", "count": 14},
            {"family": "topic-memory", "reason": "below_min_bytes", "count": 1},
            {"family": "topic-memory", "reason": "no_fitting_truncation", "count": 2},
        ],
        stages=[
            {"stage": "memory.search", "duration_ms": 3.1, "count": 3},
            {"stage": "memory.rerank", "duration_ms": 40.0, "count": 2},
            {"stage": "query.expand", "duration_ms": 12.0, "count": 1},
            {"stage": "topic_memory.search", "duration_ms": 1.0, "count": 2},
            {"stage": "experience.search", "duration_ms": 1.0, "count": 2},
            {"stage": "profile.read", "duration_ms": 0.3, "count": 2},
            {"stage": "code.query", "duration_ms": 2.2, "count": 1},
            {"stage": "context.build", "duration_ms": 0.9, "count": 1},
        ],
    )


VECTORS: list[dict[str, Any]] = []


def add(vid: str, description: str, kind: str, data: Any, context: dict[str, Any], violations: list[tuple[str, str]]):
    VECTORS.append(
        {
            "id": vid,
            "description": description,
            "kind": kind,
            "context": context,
            "data": data,
            "valid": not violations,
            "violations": [{"path": p, "rule": r} for p, r in violations],
        }
    )


def mutate(base: Any, change: Callable[[Any], None]) -> Any:
    out = copy.deepcopy(base)
    change(out)
    return out


def setp(path: list, value: Any) -> Callable[[Any], None]:
    def change(obj: Any) -> None:
        for key in path[:-1]:
            obj = obj[key]
        obj[path[-1]] = value

    return change


def delp(path: list) -> Callable[[Any], None]:
    def change(obj: Any) -> None:
        for key in path[:-1]:
            obj = obj[key]
        del obj[path[-1]]

    return change


def build() -> None:
    VECTORS.clear()
    base_req = {"scope_id": SCOPE_A, "query": "Why did we choose SQLite?"}
    # ---- requests: valid
    add("request/minimal", "scope and query only", "request", base_req, {}, [])
    add(
        "request/full",
        "every field set",
        "request",
        {
            **base_req,
            "max_bytes": 32768,
            "include_code": True,
            "explain": True,
            "include_receipt": True,
            "assembly": {
                "format": "markdown",
                "sections": [
                    {"family": "memory", "limit": 4},
                    {"family": "experience", "limit": 2},
                    {"family": "profile", "limit": 2},
                ],
                "show": ["confidence", "recall_rank"],
            },
        },
        {},
        [],
    )
    add(
        "request/include_receipt/null",
        "null is the same as omitted",
        "request",
        {**base_req, "include_receipt": None},
        {},
        [],
    )
    add(
        "request/bootstrap_receipt_id/null",
        "PowerContext's client sends null",
        "request",
        {**base_req, "bootstrap_receipt_id": None},
        {},
        [],
    )
    add(
        "request/bootstrap_receipt_id/string",
        "a delivery receipt id is accepted",
        "request",
        {**base_req, "bootstrap_receipt_id": "bcr_5b276ee74758465eb2d0ffaa2bed671d"},
        {},
        [],
    )
    add(
        "request/bootstrap_receipt_id/64_chars",
        "64 printable ASCII characters is the limit",
        "request",
        {**base_req, "bootstrap_receipt_id": "~" * 64},
        {},
        [],
    )
    add("request/include_receipt/false", "false", "request", {**base_req, "include_receipt": False}, {}, [])
    add(
        "request/query/cjk_2731_chars",
        "2731 CJK characters are 8193 UTF-8 bytes and still valid",
        "request",
        {**base_req, "query": "为" * 2731},
        {},
        [],
    )
    add(
        "request/query/8192_chars", "8192 characters is the limit", "request", {**base_req, "query": "q" * 8192}, {}, []
    )
    add(
        "request/assembly/empty_sections",
        "an empty section list turns history off",
        "request",
        {**base_req, "assembly": {"sections": []}},
        {},
        [],
    )
    add(
        "request/assembly/26_entries",
        "26 entries allowed when the server raises the cap",
        "request",
        {
            **base_req,
            "assembly": {
                "sections": [
                    {"family": "memory", "limit": 8},
                    {"family": "topic-memory", "limit": 8},
                    {"family": "experience", "limit": 2},
                    {"family": "profile", "limit": 8},
                ]
            },
        },
        {"assembly_max_entries": 26},
        [],
    )
    add("request/max_bytes/512", "lower bound", "request", {**base_req, "max_bytes": 512}, {}, [])
    # ---- requests: invalid
    add("request/scope_id/missing", "scope_id is required", "request", {"query": "q"}, {}, [("", "required")])
    add(
        "request/scope_id/blank",
        "scope_id must contain a non-space",
        "request",
        {**base_req, "scope_id": "   "},
        {},
        [("/scope_id", "pattern")],
    )
    add(
        "request/scope_id/too_long",
        "scope_id at most 256 characters",
        "request",
        {**base_req, "scope_id": "s" * 257},
        {},
        [("/scope_id", "maxLength")],
    )
    add("request/query/missing", "query is required", "request", {"scope_id": SCOPE_A}, {}, [("", "required")])
    add(
        "request/query/empty",
        "query at least 1 character",
        "request",
        {**base_req, "query": ""},
        {},
        [("/query", "minLength")],
    )
    add(
        "request/query/blank",
        "query must contain a non-space",
        "request",
        {**base_req, "query": " \t\n"},
        {},
        [("/query", "pattern")],
    )
    add(
        "request/query/too_long",
        "query at most 8192 characters",
        "request",
        {**base_req, "query": "q" * 8193},
        {},
        [("/query", "maxLength")],
    )
    add(
        "request/max_bytes/too_small",
        "max_bytes at least 512",
        "request",
        {**base_req, "max_bytes": 511},
        {},
        [("/max_bytes", "minimum")],
    )
    add(
        "request/max_bytes/too_large",
        "max_bytes at most 32768",
        "request",
        {**base_req, "max_bytes": 32769},
        {},
        [("/max_bytes", "maximum")],
    )
    add(
        "request/max_bytes/not_integer",
        "max_bytes is an integer",
        "request",
        {**base_req, "max_bytes": 1000.5},
        {},
        [("/max_bytes", "type")],
    )
    add(
        "request/include_code/not_boolean",
        "include_code is a boolean",
        "request",
        {**base_req, "include_code": "yes"},
        {},
        [("/include_code", "type")],
    )
    add(
        "request/explain/null",
        "explain is a boolean, not null",
        "request",
        {**base_req, "explain": None},
        {},
        [("/explain", "type")],
    )
    add(
        "request/include_receipt/string",
        "include_receipt is boolean or null",
        "request",
        {**base_req, "include_receipt": "true"},
        {},
        [("/include_receipt", "type")],
    )
    add(
        "request/unknown_key",
        "unknown keys are rejected",
        "request",
        {**base_req, "top_k": 5},
        {},
        [("", "additionalProperties")],
    )
    add(
        "request/assembly/null",
        "assembly null is invalid",
        "request",
        {**base_req, "assembly": None},
        {},
        [("/assembly", "type")],
    )
    add(
        "request/bootstrap_receipt_id/empty",
        "a receipt id has at least one character",
        "request",
        {**base_req, "bootstrap_receipt_id": ""},
        {},
        [("/bootstrap_receipt_id", "anyOf")],
    )
    add(
        "request/bootstrap_receipt_id/too_long",
        "a receipt id has at most 64 characters",
        "request",
        {**base_req, "bootstrap_receipt_id": "b" * 65},
        {},
        [("/bootstrap_receipt_id", "anyOf")],
    )
    add(
        "request/bootstrap_receipt_id/space",
        "a receipt id is printable ASCII without spaces",
        "request",
        {**base_req, "bootstrap_receipt_id": "bcr 1"},
        {},
        [("/bootstrap_receipt_id", "anyOf")],
    )
    add(
        "request/bootstrap_receipt_id/number",
        "a receipt id is a string",
        "request",
        {**base_req, "bootstrap_receipt_id": 7},
        {},
        [("/bootstrap_receipt_id", "anyOf")],
    )
    add(
        "request/assembly/format",
        "format is markdown",
        "request",
        {**base_req, "assembly": {"format": "html"}},
        {},
        [("/assembly/format", "const")],
    )
    add(
        "request/assembly/too_many_sections",
        "at most 4 sections",
        "request",
        {**base_req, "assembly": {"sections": [{"family": "memory", "limit": 1}] * 5}},
        {"assembly_max_entries": 26},
        [("/assembly/sections", "maxItems")],
    )
    add(
        "request/assembly/unknown_family",
        "family selector is closed",
        "request",
        {**base_req, "assembly": {"sections": [{"family": "atomic-memory", "limit": 1}]}},
        {},
        [("/assembly/sections/0/family", "enum")],
    )
    add(
        "request/assembly/limit_zero",
        "limit at least 1",
        "request",
        {**base_req, "assembly": {"sections": [{"family": "memory", "limit": 0}]}},
        {},
        [("/assembly/sections/0/limit", "minimum")],
    )
    add(
        "request/assembly/limit_nine",
        "limit at most 8",
        "request",
        {**base_req, "assembly": {"sections": [{"family": "memory", "limit": 9}]}},
        {"assembly_max_entries": 26},
        [("/assembly/sections/0/limit", "maximum")],
    )
    add(
        "request/assembly/experience_limit",
        "experience at most 2",
        "request",
        {**base_req, "assembly": {"sections": [{"family": "experience", "limit": 3}]}},
        {},
        [("/assembly/sections/0/limit", "maximum")],
    )
    add(
        "request/assembly/duplicate_family",
        "section families are distinct",
        "request",
        {**base_req, "assembly": {"sections": [{"family": "memory", "limit": 2}, {"family": "memory", "limit": 2}]}},
        {},
        [("/assembly/sections/1/family", "assembly_unique_families")],
    )
    add(
        "request/assembly/over_cap",
        "sum of limits over assembly_max_entries",
        "request",
        {**base_req, "assembly": {"sections": [{"family": "memory", "limit": 8}, {"family": "profile", "limit": 1}]}},
        {},
        [("/assembly/sections", "assembly_max_entries")],
    )
    add(
        "request/assembly/show_duplicate",
        "show entries are unique",
        "request",
        {**base_req, "assembly": {"show": ["confidence", "confidence"]}},
        {},
        [("/assembly/show", "uniqueItems")],
    )
    add(
        "request/assembly/show_unknown",
        "show entries are closed",
        "request",
        {**base_req, "assembly": {"show": ["score"]}},
        {},
        [("/assembly/show/0", "enum")],
    )
    add(
        "request/assembly/unknown_key",
        "assembly is closed",
        "request",
        {**base_req, "assembly": {"order": "desc"}},
        {},
        [("/assembly", "additionalProperties")],
    )
    add(
        "request/assembly/section_unknown_key",
        "sections are closed",
        "request",
        {**base_req, "assembly": {"sections": [{"family": "memory", "limit": 1, "min_score": 0.5}]}},
        {},
        [("/assembly/sections/0", "additionalProperties")],
    )

    # ---- responses: valid
    default_ctx = {"max_bytes": 8000, "include_receipt": False, "explain": False}
    receipt_ctx = {"max_bytes": 8000, "include_receipt": True, "explain": False}
    add("response/empty/default", "empty, four keys", "response", response(None), default_ctx, [])
    add("response/ready/default", "ready, four keys", "response", response(READY_CONTENT), default_ctx, [])
    add(
        "response/ready/cjk",
        "content_bytes counts UTF-8 bytes",
        "response",
        response("历史：选择了 SQLite"),
        default_ctx,
        [],
    )
    add(
        "response/ready/reason",
        "explain adds reason",
        "response",
        {**response(READY_CONTENT), "reason": "inference_timeout"},
        {**default_ctx, "explain": True},
        [],
    )
    ready = response(READY_CONTENT, ready_receipt())
    add("response/ready/receipt", "ready with a Receipt", "response", ready, receipt_ctx, [])
    empty = response(None, empty_receipt())
    add("response/empty/receipt", "empty with a Receipt", "response", empty, receipt_ctx, [])
    content, rec = code_only_receipt()
    code_only = response(content, rec)
    add(
        "response/code_only/receipt",
        "a code-only ready result with a truncated code item",
        "response",
        code_only,
        receipt_ctx,
        [],
    )
    content, rec = full_receipt()
    full = response(content, rec)
    full_ctx = {**receipt_ctx, "max_bytes": 32768}
    add("response/full/receipt", "26 history + 4 code items across two Scopes", "response", full, full_ctx, [])
    content, rec = full_receipt(counts=(8, 0, 2, 0, 2), configs_wanted=2)
    reranked = response(content, rec)
    add(
        "response/reranked/receipt",
        "two model rerank configurations, a selection and a fallback",
        "response",
        reranked,
        full_ctx,
        [],
    )
    content, rec = cross_scope_receipt()
    cross = response(content, rec)
    add(
        "response/cross_scope/receipt",
        "the envelope: a short artifact_ref, a referenced Scope's item, then a code item",
        "response",
        cross,
        receipt_ctx,
        [],
    )

    # ---- responses: invalid, four-key contract
    r = response(READY_CONTENT)
    add(
        "response/unknown_key",
        "unknown keys are rejected",
        "response",
        {**r, "extra": 1},
        default_ctx,
        [("", "additionalProperties")],
    )
    add(
        "response/receipt_null",
        '"receipt": null is never valid',
        "response",
        {**r, "receipt": None},
        default_ctx,
        [("/receipt", "type")],
    )
    add(
        "response/schema/wrong",
        "schema string",
        "response",
        {**r, "schema": "powercontext.prepared-context.v2"},
        default_ctx,
        [("/schema", "const")],
    )
    add(
        "response/schema/missing",
        "schema required",
        "response",
        {k: v for k, v in r.items() if k != "schema"},
        default_ctx,
        [("", "required")],
    )
    add(
        "response/status/unknown",
        "status closed",
        "response",
        {**r, "status": "partial"},
        default_ctx,
        [("/status", "enum")],
    )
    add(
        "response/content_bytes/boolean",
        "content_bytes is an integer, not a boolean",
        "response",
        {**r, "content_bytes": True},
        default_ctx,
        [("/content_bytes", "type")],
    )
    add(
        "response/content_bytes/negative",
        "content_bytes >= 0",
        "response",
        {**response(None), "content_bytes": -1},
        default_ctx,
        [("/content_bytes", "minimum")],
    )
    add(
        "response/content_bytes/chars_not_bytes",
        "content_bytes counts bytes, not characters",
        "response",
        {**response("历史"), "content_bytes": 2},
        default_ctx,
        [("/content_bytes", "content_bytes_utf8")],
    )
    add(
        "response/content_bytes/over_max",
        "content_bytes above the request's max_bytes",
        "response",
        response("y" * 600),
        {**default_ctx, "max_bytes": 512},
        [("/content_bytes", "content_within_max_bytes")],
    )
    add(
        "response/empty/with_content",
        "empty means content null",
        "response",
        {**response(None), "content": "x"},
        default_ctx,
        [("/content", "type")],
    )
    add(
        "response/empty/nonzero_bytes",
        "empty means content_bytes 0",
        "response",
        {**response(None), "content_bytes": 3},
        default_ctx,
        [("/content_bytes", "const")],
    )
    add(
        "response/ready/null_content",
        "ready means a string",
        "response",
        {**r, "content": None},
        default_ctx,
        [("/content", "type")],
    )
    add(
        "response/ready/blank_content",
        "ready content not blank",
        "response",
        response("   "),
        default_ctx,
        [("/content", "pattern")],
    )
    add(
        "response/reason/unknown",
        "reason closed",
        "response",
        {**r, "reason": "slow"},
        {**default_ctx, "explain": True},
        [("/reason", "enum")],
    )
    add(
        "response/reason/without_explain",
        "reason only with explain",
        "response",
        {**r, "reason": "inference_timeout"},
        default_ctx,
        [("/reason", "reason_requires_explain")],
    )
    add(
        "response/receipt/unrequested",
        "receipt only when asked",
        "response",
        ready,
        default_ctx,
        [("/receipt", "receipt_requires_flag")],
    )

    # ---- receipt rules (each breaks one rule of a valid response)
    def rv(
        vid: str, desc: str, base: dict, change: Callable[[Any], None], violations: list[tuple[str, str]], ctx=None
    ) -> None:
        add("receipt/" + vid, desc, "response", mutate(base, change), ctx or receipt_ctx, violations)

    rv(
        "schema/wrong",
        "Receipt schema string",
        ready,
        setp(["receipt", "schema"], "powercontext.prepared-context-receipt.v2"),
        [("/receipt/schema", "const")],
    )
    rv(
        "policy_id/wrong",
        "policy id",
        ready,
        setp(["receipt", "policy_id"], "generic"),
        [("/receipt/policy_id", "const")],
    )
    rv(
        "receipt_id/uppercase",
        "receipt_id lowercase canonical UUID",
        ready,
        setp(["receipt", "receipt_id"], RECEIPT_ID.upper()),
        [("/receipt/receipt_id", "pattern")],
    )
    rv(
        "receipt_id/not_v4",
        "receipt_id is a random (v4) UUID",
        ready,
        setp(["receipt", "receipt_id"], "3f2b8c1e-9a4d-1c7e-8b21-5d6e7f809a1b"),
        [("/receipt/receipt_id", "pattern")],
    )
    rv(
        "query_digest/bare_hex",
        "query_digest is prefixed",
        ready,
        setp(["receipt", "query_digest"], hex64("q")),
        [("/receipt/query_digest", "pattern")],
    )
    rv(
        "query_digest/missing",
        "query_digest required",
        ready,
        delp(["receipt", "query_digest"]),
        [("/receipt", "required")],
    )
    rv(
        "content_digest/wrong",
        "content_digest hashes content",
        ready,
        setp(["receipt", "content_digest"], digest("other")),
        [("/receipt/content_digest", "receipt_content_digest")],
    )
    rv(
        "content_digest/null_when_ready",
        "content_digest null only when empty",
        ready,
        setp(["receipt", "content_digest"], None),
        [("/receipt/content_digest", "type")],
    )
    rv(
        "content_digest/set_when_empty",
        "content_digest null when empty",
        empty,
        setp(["receipt", "content_digest"], digest("x")),
        [("/receipt/content_digest", "type")],
    )
    rv(
        "requested_max_bytes/mismatch",
        "requested_max_bytes equals the request's",
        ready,
        setp(["receipt", "requested_max_bytes"], 9000),
        [("/receipt/requested_max_bytes", "receipt_requested_max_bytes")],
    )
    rv(
        "requested_max_bytes/too_small",
        "requested_max_bytes at least 512",
        ready,
        setp(["receipt", "requested_max_bytes"], 100),
        [("/receipt/requested_max_bytes", "minimum")],
    )
    rv(
        "used_bytes/mismatch",
        "used_bytes equals content_bytes",
        ready,
        setp(["receipt", "used_bytes"], 7),
        [("/receipt/used_bytes", "receipt_used_bytes")],
    )
    rv(
        "used_bytes/empty_nonzero",
        "used_bytes 0 when empty",
        empty,
        setp(["receipt", "used_bytes"], 5),
        [("/receipt/used_bytes", "const")],
    )
    rv(
        "truncated/false_with_truncated_item",
        "truncated iff an item is truncated",
        code_only,
        setp(["receipt", "truncated"], False),
        [("/receipt/truncated", "receipt_truncated")],
    )
    rv(
        "non_deterministic/model_config_ran",
        "a model config means non_deterministic",
        reranked,
        setp(["receipt", "non_deterministic"], False),
        [("/receipt/non_deterministic", "receipt_non_deterministic")],
        full_ctx,
    )
    rv(
        "unknown_key",
        "Receipt is closed",
        ready,
        setp(["receipt", "scores"], [0.9]),
        [("/receipt", "additionalProperties")],
    )
    rv(
        "selected/too_many",
        "at most 32 selected",
        full,
        lambda o: o["receipt"]["selected"].extend([history("atomic-memory", SCOPE_A, f"extra-{i}") for i in range(3)]),
        [("/receipt/selected", "maxItems")],
        full_ctx,
    )
    rv(
        "selected/empty_when_ready",
        "ready has at least one selected item",
        ready,
        setp(["receipt", "selected"], []),
        [("/receipt/selected", "minItems")],
    )
    rv(
        "selected/items_when_empty",
        "empty has no selected item",
        empty,
        setp(["receipt", "selected"], [history("atomic-memory", SCOPE_A, "am-1")]),
        [("/receipt/selected", "maxItems")],
    )
    rv(
        "selected/both_identities",
        "exactly one identity",
        ready,
        setp(["receipt", "selected", 0, "code_evidence"], code(SCOPE_A, "a.py", 1, 2)["code_evidence"]),
        [("/receipt/selected/0", "unevaluatedProperties")],
    )
    rv(
        "selected/no_identity",
        "an identity is required",
        ready,
        delp(["receipt", "selected", 0, "artifact_address"]),
        [("/receipt/selected/0", "oneOf")],
    )
    rv(
        "selected/unknown_key",
        "selected items are closed (unevaluatedProperties)",
        ready,
        setp(["receipt", "selected", 0, "score"], 0.5),
        [("/receipt/selected/0", "unevaluatedProperties")],
    )
    rv(
        "selected/code_kind_with_address",
        "a code item uses code_evidence",
        ready,
        setp(["receipt", "selected", 0, "kind"], "code"),
        [("/receipt/selected/0", "oneOf")],
    )
    rv(
        "selected/kind_family_mismatch",
        "kind equals the artifact family",
        ready,
        setp(["receipt", "selected", 0, "kind"], "topic-memory"),
        [("/receipt/selected/0/kind", "selected_kind_family")],
    )
    rv(
        "selected/duplicate_identity",
        "no identity twice (the content cites another item there)",
        full,
        lambda o: o["receipt"]["selected"].__setitem__(1, copy.deepcopy(o["receipt"]["selected"][0])),
        [("/receipt/selected/1", "selected_identity_unique"), ("/receipt/selected/1", "selected_cited")],
        full_ctx,
    )
    rv(
        "selected/short_ref",
        "artifact_address must carry its Scope",
        ready,
        delp(["receipt", "selected", 0, "artifact_address", "scope_id"]),
        [("/receipt/selected/0", "oneOf")],
    )
    rv(
        "selected/revision_zero",
        "revision >= 1",
        ready,
        setp(["receipt", "selected", 0, "artifact_address", "artifact", "revision"], 0),
        [("/receipt/selected/0", "oneOf")],
    )
    rv(
        "selected/artifact_id_space",
        "artifact_id printable ASCII without spaces",
        ready,
        setp(["receipt", "selected", 0, "artifact_address", "artifact", "artifact_id"], "am 1"),
        [("/receipt/selected/0", "oneOf")],
    )
    rv(
        "selected/family_selector_not_family",
        "the selector memory is not a family: atomic-memory is",
        ready,
        setp(["receipt", "selected", 0, "artifact_address", "artifact", "family"], "memory"),
        [("/receipt/selected/0", "oneOf")],
    )
    rv(
        "selected/rendered_bytes_zero",
        "rendered_bytes >= 1",
        ready,
        setp(["receipt", "selected", 0, "rendered_bytes"], 0),
        [("/receipt/selected/0/rendered_bytes", "minimum")],
    )
    rv(
        "selected/code_absolute_path",
        "code paths are repository-relative",
        code_only,
        setp(["receipt", "selected", 0, "code_evidence", "path"], "/etc/passwd"),
        [("/receipt/selected/0", "oneOf")],
    )
    rv(
        "selected/code_dotdot_path",
        "no .. segment",
        code_only,
        setp(["receipt", "selected", 0, "code_evidence", "path"], "src/../secret.py"),
        [("/receipt/selected/0", "oneOf")],
    )
    rv(
        "selected/code_backslash_path",
        "no backslash",
        code_only,
        setp(["receipt", "selected", 0, "code_evidence", "path"], "src\\app.py"),
        [("/receipt/selected/0", "oneOf")],
    )
    rv(
        "selected/code_prefixed_hash",
        "code hashes are bare hex",
        code_only,
        setp(["receipt", "selected", 0, "code_evidence", "file_sha256"], "sha256:" + hex64("x")),
        [("/receipt/selected/0", "oneOf")],
    )
    rv(
        "selected/code_line_range",
        "end_line >= start_line",
        code_only,
        setp(["receipt", "selected", 0, "code_evidence", "end_line"], 0),
        [("/receipt/selected/0", "oneOf")],
    )
    rv(
        "selected/code_reversed_range",
        "end_line not before start_line",
        code_only,
        lambda o: o["receipt"]["selected"][0]["code_evidence"].update(start_line=12, end_line=3),
        [("/receipt/selected/0/code_evidence/end_line", "code_line_range"), ("/receipt/selected/0", "selected_cited")],
    )

    def replaced_content(text: str) -> Callable[[Any], None]:
        def change(o: Any) -> None:
            o["content"], o["content_bytes"] = text, len(text.encode("utf-8"))
            o["receipt"]["content_digest"], o["receipt"]["used_bytes"] = digest(text), len(text.encode("utf-8"))

        return change

    rv(
        "content/not_rendered",
        "a content with a Receipt is in a rendered form",
        ready,
        replaced_content("[1] atomic-memory am-1@2\nWe chose SQLite."),
        [("/content", "content_form")],
    )
    rv(
        "content/envelope_split",
        "the envelope is one line: raw line breaks inside it make it no envelope",
        ready,
        replaced_content(READY_CONTENT.replace("\\u2028", "\u2028").replace(',"truncated"', '\n,"truncated"')),
        [("/content", "content_form")],
    )
    rv(
        "selected/reordered",
        "selected follows the content's order",
        cross,
        lambda o: o["receipt"]["selected"].reverse(),
        [("/receipt/selected/0", "selected_cited"), ("/receipt/selected/2", "selected_cited")],
    )
    rv(
        "selected/not_cited",
        "a selected identity the content does not cite",
        cross,
        setp(["receipt", "selected", 1, "artifact_address", "artifact", "revision"], 4),
        [("/receipt/selected/1", "selected_cited")],
    )
    rv(
        "selected/one_missing",
        "selected lists every item the content cites",
        full,
        lambda o: o["receipt"]["selected"].pop(26),
        [("/receipt/selected", "selected_cited")],
        full_ctx,
    )
    rv(
        "selected/qualified_names_current_scope",
        "a Scope-qualified citation never names the current Scope",
        cross,
        setp(["receipt", "selected", 1, "artifact_address", "scope_id"], SCOPE_A),
        [("/receipt/selected/1", "selected_cited")],
    )
    rv(
        "selected/code_snippet_hash",
        "a code item's snippet hash is the one its citation states",
        cross,
        setp(["receipt", "selected", 2, "code_evidence", "snippet_sha256"], hex64("other")),
        [("/receipt/selected/2", "selected_cited")],
    )
    rv(
        "selected/rendered_bytes_wrong",
        "rendered_bytes is the size of the item's text",
        cross,
        lambda o: o["receipt"]["selected"][1].update(rendered_bytes=o["receipt"]["selected"][1]["rendered_bytes"] + 1),
        [("/receipt/selected/1/rendered_bytes", "selected_rendered_bytes")],
    )
    rv(
        "selected/truncated_not_cited",
        "truncated is what the content states",
        full,
        lambda o: o["receipt"]["selected"][0].update(truncated=True),
        [("/receipt/selected/0/truncated", "selected_truncated_cited")],
        full_ctx,
    )
    rv(
        "omitted/too_many",
        "at most 16 omitted groups",
        ready,
        setp(
            ["receipt", "omitted"],
            [
                {"family": f, "reason": r, "count": 1}
                for f in ("atomic-memory", "code", "experience")
                for r in (
                    "blank",
                    "below_min_bytes",
                    "duplicate",
                    "entry_limit",
                    "family_limit",
                    "no_fitting_truncation",
                )
            ],
        ),
        [("/receipt/omitted", "maxItems")],
    )
    rv(
        "omitted/unknown_reason",
        "reasons are closed",
        ready,
        setp(["receipt", "omitted", 0, "reason"], "low_score"),
        [("/receipt/omitted/0/reason", "enum")],
    )
    rv(
        "omitted/zero_count",
        "count positive",
        ready,
        setp(["receipt", "omitted", 0, "count"], 0),
        [("/receipt/omitted/0/count", "minimum")],
    )
    rv(
        "omitted/not_retrieved_count",
        "not_retrieved has count 1",
        ready,
        setp(["receipt", "omitted", 1, "count"], 2),
        [("/receipt/omitted/1/count", "const")],
    )
    rv(
        "omitted/unsorted",
        "sorted by (family, reason)",
        ready,
        lambda o: o["receipt"]["omitted"].reverse(),
        [("/receipt/omitted", "omitted_order")],
    )
    rv(
        "omitted/duplicate_pair",
        "equal pairs merged",
        ready,
        lambda o: o["receipt"]["omitted"].insert(0, {"family": "atomic-memory", "reason": "duplicate", "count": 2}),
        [("/receipt/omitted", "omitted_order")],
    )
    rv(
        "omitted/not_retrieved_with_selected",
        "not_retrieved family has no selected item",
        ready,
        lambda o: (
            o["receipt"]["omitted"].insert(0, {"family": "atomic-memory", "reason": "not_retrieved", "count": 1})
            or o["receipt"]["omitted"].sort(key=lambda g: (g["family"], g["reason"]))
        ),
        [("/receipt/omitted", "not_retrieved_exclusive")],
    )
    rv(
        "omitted/family_unknown",
        "family enum",
        ready,
        setp(["receipt", "omitted", 0, "family"], "memory"),
        [("/receipt/omitted/0/family", "enum")],
    )
    rv(
        "stages/too_many",
        "at most 8 stages",
        full,
        lambda o: o["receipt"]["stages"].append({"stage": "extra.stage", "duration_ms": 1, "count": 1}),
        [("/receipt/stages", "maxItems")],
        full_ctx,
    )
    rv(
        "stages/negative_duration",
        "duration_ms >= 0",
        ready,
        setp(["receipt", "stages", 0, "duration_ms"], -1),
        [("/receipt/stages/0/duration_ms", "minimum")],
    )
    rv(
        "stages/zero_count",
        "count >= 1",
        ready,
        setp(["receipt", "stages", 0, "count"], 0),
        [("/receipt/stages/0/count", "minimum")],
    )
    rv(
        "stages/bad_name",
        "stage is a span name",
        ready,
        setp(["receipt", "stages", 0, "stage"], "Memory Search"),
        [("/receipt/stages/0/stage", "pattern")],
    )
    rv(
        "stages/duplicate",
        "each stage once",
        ready,
        lambda o: o["receipt"]["stages"].append({"stage": "memory.search", "duration_ms": 1, "count": 1}),
        [("/receipt/stages", "stages_unique")],
    )
    rv(
        "rounds/empty",
        "round 0 is always reported",
        ready,
        setp(["receipt", "retrieval", "rounds"], []),
        [("/receipt/retrieval/rounds", "minItems")],
    )
    rv(
        "rounds/too_many",
        "at most 3 rounds",
        ready,
        setp(
            ["receipt", "retrieval", "rounds"],
            [{"round": i, "outcome": "completed", "retained": True} for i in range(3)]
            + [{"round": 2, "outcome": "completed", "retained": True}],
        ),
        [("/receipt/retrieval/rounds", "maxItems")],
    )
    rv(
        "rounds/round_three",
        "round at most 2",
        ready,
        setp(["receipt", "retrieval", "rounds", 0, "round"], 3),
        [("/receipt/retrieval/rounds/0/round", "maximum")],
    )
    rv(
        "rounds/failed_retained",
        "a failed expansion is not retained",
        full,
        setp(["receipt", "retrieval", "rounds", 1, "retained"], True),
        [("/receipt/retrieval/rounds/1/retained", "const")],
        full_ctx,
    )
    rv(
        "rounds/completed_not_retained",
        "completed rounds are retained",
        ready,
        setp(["receipt", "retrieval", "rounds", 0, "retained"], False),
        [("/receipt/retrieval/rounds/0/retained", "const")],
    )
    rv(
        "rounds/round_zero_failed",
        "round 0 is not an expansion",
        ready,
        setp(["receipt", "retrieval", "rounds", 0], {"round": 0, "outcome": "expansion_failed", "retained": False}),
        [("/receipt/retrieval/rounds/0/round", "minimum")],
    )
    rv(
        "rounds/gap",
        "rounds numbered in order",
        ready,
        setp(
            ["receipt", "retrieval", "rounds"],
            [
                {"round": 0, "outcome": "completed", "retained": True},
                {"round": 2, "outcome": "completed", "retained": True},
            ],
        ),
        [("/receipt/retrieval/rounds", "rounds_sequence")],
    )
    rv(
        "rounds/failed_not_last",
        "nothing after a failed expansion",
        ready,
        setp(
            ["receipt", "retrieval", "rounds"],
            [
                {"round": 0, "outcome": "completed", "retained": True},
                {"round": 1, "outcome": "expansion_failed", "retained": False},
                {"round": 2, "outcome": "completed", "retained": True},
            ],
        ),
        [("/receipt/retrieval/rounds", "rounds_sequence")],
    )
    rv(
        "searches/too_many",
        "at most 32 search groups",
        ready,
        setp(["receipt", "retrieval", "searches"], [search(0, "atomic-memory", "fts", count=c) for c in range(1, 34)]),
        [("/receipt/retrieval/searches", "maxItems")],
    )
    rv(
        "searches/auto_mode",
        "auto is never a reported mode",
        ready,
        setp(["receipt", "retrieval", "searches", 0, "mode"], "auto"),
        [("/receipt/retrieval/searches/0/mode", "enum")],
    )
    rv(
        "searches/zero_count",
        "count positive",
        ready,
        setp(["receipt", "retrieval", "searches", 0, "count"], 0),
        [("/receipt/retrieval/searches/0/count", "minimum")],
    )
    rv(
        "searches/not_run_with_mode",
        "not_run means mode none",
        ready,
        setp(["receipt", "retrieval", "searches", 0, "outcome"], "not_run"),
        [("/receipt/retrieval/searches/0/mode", "const")],
    )
    rv(
        "searches/none_completed",
        "mode none means not_run",
        ready,
        setp(["receipt", "retrieval", "searches", 2, "outcome"], "completed"),
        [("/receipt/retrieval/searches/2/outcome", "const")],
    )
    rv(
        "searches/profile_fts",
        "profile is read as a snapshot",
        ready,
        setp(["receipt", "retrieval", "searches", 0, "family"], "profile"),
        [("/receipt/retrieval/searches/0/mode", "enum")],
    )
    rv(
        "searches/profile_round_one",
        "profile belongs to round 0",
        full,
        setp(["receipt", "retrieval", "searches", 4, "round"], 1),
        [("/receipt/retrieval/searches/4/round", "const")],
        full_ctx,
    )
    rv(
        "searches/code_hybrid",
        "code uses the code mode",
        code_only,
        setp(["receipt", "retrieval", "searches", 0, "mode"], "hybrid"),
        [("/receipt/retrieval/searches/0/mode", "enum")],
    )
    rv(
        "searches/memory_snapshot",
        "history families never use snapshot",
        ready,
        setp(["receipt", "retrieval", "searches", 0, "mode"], "snapshot"),
        [("/receipt/retrieval/searches/0/mode", "enum")],
    )
    rv(
        "searches/reused_in_round_zero",
        "reused_fts_fallback only in later rounds",
        ready,
        setp(["receipt", "retrieval", "searches", 0, "fallback_reason"], "reused_fts_fallback"),
        [("/receipt/retrieval/searches/0/round", "minimum")],
    )
    rv(
        "searches/fallback_hybrid",
        "a completed inference fallback ran fts",
        full,
        setp(["receipt", "retrieval", "searches", 0, "mode"], "vector"),
        [("/receipt/retrieval/searches/0/mode", "const")],
        full_ctx,
    )
    rv(
        "searches/unknown_fallback",
        "fallback reasons are closed",
        ready,
        setp(["receipt", "retrieval", "searches", 0, "fallback_reason"], "expansion_failed"),
        [("/receipt/retrieval/searches/0/fallback_reason", "enum")],
    )
    rv(
        "searches/unsorted",
        "sorted by the grouping tuple",
        ready,
        lambda o: o["receipt"]["retrieval"]["searches"].reverse(),
        [("/receipt/retrieval/searches", "searches_order")],
    )
    rv(
        "searches/unmerged",
        "equal tuples merged",
        ready,
        lambda o: o["receipt"]["retrieval"]["searches"].insert(0, search(0, "atomic-memory", "fts")),
        [("/receipt/retrieval/searches", "searches_order")],
    )
    rv(
        "searches/unknown_round",
        "groups name an existing round",
        ready,
        lambda o: o["receipt"]["retrieval"]["searches"].append(search(1, "topic-memory", "fts")),
        [("/receipt/retrieval/searches/3/round", "round_reference")],
    )
    rv(
        "searches/per_scope_key",
        "search groups do not list Scope ids",
        ready,
        setp(["receipt", "retrieval", "searches", 0, "scope_id"], SCOPE_A),
        [("/receipt/retrieval/searches/0", "additionalProperties")],
    )
    rv(
        "rerank_configs/too_many",
        "at most 8 configs",
        reranked,
        lambda o: o["receipt"]["retrieval"].update(rerank_configs=[model_config(SCOPE_A, str(i)) for i in range(9)]),
        [("/receipt/retrieval/rerank_configs", "maxItems")],
        full_ctx,
    )
    rv(
        "rerank_configs/id_not_digest",
        "config_id equals config_digest",
        reranked,
        setp(["receipt", "retrieval", "rerank_configs", 0, "config_id"], digest("other")),
        [("/receipt/retrieval/rerank_configs/0/config_id", "rerank_config_id")],
        full_ctx,
    )
    rv(
        "rerank_configs/unsorted",
        "sorted by digest",
        reranked,
        lambda o: o["receipt"]["retrieval"]["rerank_configs"].reverse(),
        [("/receipt/retrieval/rerank_configs", "rerank_configs_order")],
        full_ctx,
    )
    first_ref = reranked["receipt"]["retrieval"]["reranks"][0]["config_id"]
    unused_i = 1 - [c["config_id"] for c in reranked["receipt"]["retrieval"]["rerank_configs"]].index(first_ref)
    rv(
        "rerank_configs/unused",
        "no call, no config",
        reranked,
        lambda o: o["receipt"]["retrieval"].update(reranks=[o["receipt"]["retrieval"]["reranks"][0]]),
        [(f"/receipt/retrieval/rerank_configs/{unused_i}", "rerank_config_used")],
        full_ctx,
    )
    rv(
        "rerank_configs/model_deterministic",
        "a model config is non-deterministic",
        reranked,
        setp(["receipt", "retrieval", "rerank_configs", 0, "non_deterministic"], False),
        [("/receipt/retrieval/rerank_configs/0/non_deterministic", "const")],
        full_ctx,
    )
    rv(
        "rerank_configs/model_without_prompt",
        "a model config has a bound prompt",
        reranked,
        setp(["receipt", "retrieval", "rerank_configs", 0, "prompt"], None),
        [("/receipt/retrieval/rerank_configs/0/prompt", "type")],
        full_ctx,
    )
    rv(
        "rerank_configs/credential_in_model",
        "model identity carries no credential",
        reranked,
        setp(["receipt", "retrieval", "rerank_configs", 0, "model"], "sk-live key"),
        [("/receipt/retrieval/rerank_configs/0/model", "anyOf")],
        full_ctx,
    )
    rv(
        "rerank_configs/setting_not_allowlisted",
        "effective_settings only on the allowlist",
        reranked,
        setp(["receipt", "retrieval", "rerank_configs", 0, "effective_settings", "api_key"], "secret"),
        [("/receipt/retrieval/rerank_configs/0/effective_settings", "additionalProperties")],
        full_ctx,
    )
    rv(
        "rerank_configs/setting_type",
        "allowlisted settings have validated types",
        reranked,
        setp(["receipt", "retrieval", "rerank_configs", 0, "effective_settings", "temperature"], "0"),
        [("/receipt/retrieval/rerank_configs/0/effective_settings/temperature", "type")],
        full_ctx,
    )
    rv(
        "rerank_configs/no_allowlist_version",
        "the allowlist version is stated",
        reranked,
        delp(["receipt", "retrieval", "rerank_configs", 0, "effective_settings", "allowlist"]),
        [("/receipt/retrieval/rerank_configs/0/effective_settings", "required")],
        full_ctx,
    )
    rv(
        "rerank_configs/builtin_with_address",
        "a built-in prompt has no artifact address",
        reranked,
        lambda o: [
            c["prompt"].update(
                artifact_address={
                    "scope_id": SCOPE_A,
                    "artifact": {"family": "prompt", "artifact_id": "p", "revision": 1},
                }
            )
            for c in o["receipt"]["retrieval"]["rerank_configs"]
            if c["prompt"]["selection"] == "built_in"
        ],
        [
            (
                f"/receipt/retrieval/rerank_configs/{[c['prompt']['selection'] for c in reranked['receipt']['retrieval']['rerank_configs']].index('built_in')}/prompt",
                "anyOf",
            )
        ],
        full_ctx,
    )
    art_i = [c["prompt"]["selection"] for c in reranked["receipt"]["retrieval"]["rerank_configs"]].index("artifact")
    rv(
        "rerank_configs/prompt_version",
        "selected_version is the artifact revision",
        reranked,
        setp(["receipt", "retrieval", "rerank_configs", art_i, "prompt", "selected_version"], 9),
        [(f"/receipt/retrieval/rerank_configs/{art_i}/prompt/selected_version", "rerank_prompt_version")],
        full_ctx,
    )
    rv(
        "rerank_configs/prompt_scope",
        "prompt artifact in the resolved Scope",
        reranked,
        setp(["receipt", "retrieval", "rerank_configs", art_i, "prompt", "artifact_address", "scope_id"], "elsewhere"),
        [(f"/receipt/retrieval/rerank_configs/{art_i}/prompt/artifact_address", "rerank_prompt_scope")],
        full_ctx,
    )
    rv(
        "rerank_configs/prompt_wrong_family",
        "prompt address family is prompt",
        reranked,
        setp(
            ["receipt", "retrieval", "rerank_configs", art_i, "prompt", "artifact_address", "artifact", "family"],
            "profile",
        ),
        [(f"/receipt/retrieval/rerank_configs/{art_i}/prompt", "anyOf")],
        full_ctx,
    )
    rv(
        "rerank_configs/compiled_text",
        "compiled prompt text never appears",
        reranked,
        setp(["receipt", "retrieval", "rerank_configs", 0, "prompt", "compiled_text"], "You are a reranker"),
        [("/receipt/retrieval/rerank_configs/0/prompt", "anyOf")],
        full_ctx,
    )
    rv(
        "reranks/too_many",
        "at most 32 rerank groups",
        reranked,
        lambda o: o["receipt"]["retrieval"]["reranks"].extend(
            [
                {
                    "round": 0,
                    "config_id": o["receipt"]["retrieval"]["rerank_configs"][0]["config_id"],
                    "outcome": "selected",
                    "fallback_reason": "none",
                    "count": c,
                }
                for c in range(2, 34)
            ]
        ),
        [("/receipt/retrieval/reranks", "maxItems")],
        full_ctx,
    )
    rv(
        "reranks/unresolved",
        "config_id resolves",
        reranked,
        setp(["receipt", "retrieval", "reranks", 0, "config_id"], digest("nowhere")),
        [("/receipt/retrieval/reranks/0/config_id", "rerank_config_resolves")],
        full_ctx,
    )
    rv(
        "reranks/selected_with_reason",
        "selected has no fallback reason",
        reranked,
        lambda o: [
            g.update(fallback_reason="empty_selection")
            for g in o["receipt"]["retrieval"]["reranks"]
            if g["outcome"] == "selected"
        ],
        [
            (
                f"/receipt/retrieval/reranks/{[g['outcome'] for g in reranked['receipt']['retrieval']['reranks']].index('selected')}/fallback_reason",
                "const",
            )
        ],
        full_ctx,
    )
    fb_i = [g["outcome"] for g in reranked["receipt"]["retrieval"]["reranks"]].index("fallback")
    rv(
        "reranks/fallback_without_reason",
        "a fallback names its reason",
        reranked,
        setp(["receipt", "retrieval", "reranks", fb_i, "fallback_reason"], "none"),
        [(f"/receipt/retrieval/reranks/{fb_i}/fallback_reason", "not")],
        full_ctx,
    )
    rv(
        "reranks/unsorted",
        "rerank groups sorted",
        reranked,
        lambda o: o["receipt"]["retrieval"]["reranks"].reverse(),
        [("/receipt/retrieval/reranks", "reranks_order")],
        full_ctx,
    )
    rv(
        "reranks/unknown_outcome",
        "rerank outcomes closed",
        reranked,
        setp(["receipt", "retrieval", "reranks", 0, "outcome"], "skipped"),
        [("/receipt/retrieval/reranks/0/outcome", "enum")],
        full_ctx,
    )
    content, rec = full_receipt(id_width=120)
    add(
        "receipt/size/over_8192",
        "the serialized Receipt is at most 8192 bytes (26 identities with 123-character ids)",
        "response",
        response(content, rec),
        full_ctx,
        [("/receipt", "receipt_size")],
    )
    content, rec = full_receipt("project:payments", "project:shared-infra", configs_wanted=2)
    add(
        "receipt/size/full_with_two_rerank_configs",
        "26 + 4 items and two rerank configs overflow 8192 bytes",
        "response",
        response(content, rec),
        full_ctx,
        [("/receipt", "receipt_size")],
    )


def write() -> dict[Path, str]:
    build()
    files: dict[Path, str] = {}
    ids = [v["id"] for v in VECTORS]
    assert len(ids) == len(set(ids)), "vector ids must be unique"
    for vector in VECTORS:
        files[HERE / (vector["id"] + ".json")] = json.dumps(vector, indent=1, ensure_ascii=False) + "\n"
    return files


def main() -> int:
    files = write()
    for sub in ("request", "response", "receipt"):
        for old in (HERE / sub).rglob("*.json") if (HERE / sub).exists() else []:
            if old not in files:
                old.unlink()
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    print(f"wrote {len(files)} vectors")
    return 0


if __name__ == "__main__":
    sys.exit(main())
