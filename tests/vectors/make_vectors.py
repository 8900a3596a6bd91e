"""Write the language-neutral contract vectors under tests/vectors/{request,response,receipt}/.

Each vector is one JSON file: an id, a description, the kind of message (``request`` or
``response``), what the request said (``context``), the message (``data``), the expected
verdict (``valid``) and the expected violations as (JSON Pointer, rule id). A rule id is a JSON
Schema keyword or one of ``pcreceipt.contract.semantics.SEMANTIC_RULES``.

The cases are data, in ``tests/vector_cases/*.json`` (one file per group): each file gives the
``kind`` and the default ``context`` of its vectors, and a list of ``cases``. A case has an
``id`` (its file is tests/vectors/<id>.json) and a ``description``, names its ``base`` message (a
key of ``bases()``), changes it with a JSON Patch (``patch``, RFC 6902: ``add``, ``remove``,
``replace``, ``move``, ``copy`` and ``test``), may override keys of the ``context``, and lists its
expected ``violations`` as ``[pointer, rule]`` pairs; it is valid when that list is empty. An
invalid vector breaks one rule of a valid base (``receipt/size/*`` are bases built too large).
Where a pointer names a list position that depends on computed values (digest order), a ``test``
operation first states what is there.

Only computation is Python: the bases (rendered contents, digests, byte counts, rerank
configurations) and the values a case cannot state literally. An operation gives such a value as
``"compute": name`` or ``"compute": [name, arg, ...]`` in place of ``"value"``; the builder
(``BUILDERS``) receives the message as patched so far and the arguments:

- ``repeat(text, times)``: ``text`` repeated, for strings at and past a length limit;
- ``utf8_bytes``, ``content_digest``: the size and digest of the message's content, restated
  after the patch changed it;
- ``split_envelope``: the content with raw line breaks inside its envelope line;
- ``reword(name, text)``: the content with one of pcreceipt's sentences (``TRUST_TEXT``,
  ``TEXT_HEADING``, ``CODE_HEADING``, ``CODE_CAUTION``) replaced by ``text``, another server's
  wording; ``substitute(old, new)``: the content with its one ``old`` replaced by ``new``;
- ``one_more(pointer)``: the integer at ``pointer`` plus one;
- ``search_groups(n)``, ``model_configs(n)``: n search groups, n model rerank configurations;
- ``more_rerank_groups(n)``: the message's rerank groups and n more for its first configuration.

Run ``python tests/vectors/make_vectors.py`` after changing the contract or a case; the test
suite fails when the files on disk differ from what this script writes.
"""

from __future__ import annotations

import copy
import hashlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pcreceipt.contract.forms import CODE_CAUTION, CODE_HEADING, TEXT_HEADING, TRUST_TEXT

Json = Any
Obj = dict[str, Any]
HERE = Path(__file__).resolve().parent
CASES = HERE.parent / "vector_cases"
RECEIPT_ID = "3f2b8c1e-9a4d-4c7e-8b21-5d6e7f809a1b"
SCOPE_A = "project:payments"
SCOPE_B = "project:shared-infra"
QUERY = "Why did we choose SQLite?"


def digest(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def hex64(seed: str) -> str:
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def history(kind: str, scope: str, artifact_id: str, revision: int = 1, truncated: bool = False) -> Obj:
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


def code(scope: str, path: str, start: int, end: int, truncated: bool = False) -> Obj:
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


def history_body(item: Obj) -> str:
    artifact = item["artifact_address"]["artifact"]
    body = f"{artifact['artifact_id']}: we chose SQLite\tfor the embedded default\u2028(WAL mode)."
    return body + "…" if item["truncated"] else body


def code_strings(evidence: Obj) -> list[str]:
    lines = [
        f"    return step({n})  # {evidence['path']}" for n in range(evidence["start_line"], evidence["end_line"] + 1)
    ]
    return [line + "\n" for line in lines[:-1]] + lines[-1:]


def markdown_body(item: Obj) -> str:
    text = history_body(item).replace("\u2028", "\n")
    return "\n".join(">     " + line.replace("\t", "\\u0009") for line in text.split("\n"))


def render(
    selected: list[Obj], *, markdown: bool = False, current: str | None = None, show: tuple[str, ...] = ()
) -> str:
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
    selected: list[Obj],
    *,
    max_bytes: int = 8000,
    searches: list[Obj] | None = None,
    omitted: list[Obj] | None = None,
    configs: list[Obj] | None = None,
    reranks: list[Obj] | None = None,
    rounds: list[Obj] | None = None,
    stages: list[Obj] | None = None,
    non_deterministic: bool = False,
) -> Obj:
    return {
        "schema": "powercontext.prepared-context-receipt.v1",
        "receipt_id": RECEIPT_ID,
        "policy_id": "powercontext.prepared-context-receipt.v1",
        "query_digest": digest(QUERY),
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


def response(content: str | None, rec: Obj | None = None) -> Obj:
    out: Obj = {
        "schema": "powercontext.prepared-context.v1",
        "status": "empty" if content is None else "ready",
        "content": content,
        "content_bytes": 0 if content is None else len(content.encode("utf-8")),
    }
    if rec is not None:
        out["receipt"] = rec
    return out


def search(
    round_: int, family: str, mode: str, outcome: str = "completed", fallback: str = "none", count: int = 1
) -> Obj:
    return {
        "round": round_,
        "family": family,
        "mode": mode,
        "outcome": outcome,
        "fallback_reason": fallback,
        "count": count,
    }


def model_config(scope: str, seed: str, prompt_revision: int | None = None) -> Obj:
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


READY_SELECTED = [history("atomic-memory", SCOPE_A, "am-1", 2)]
READY_CONTENT = render(READY_SELECTED, current=SCOPE_A)


def ready_receipt() -> Obj:
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


def cross_scope_receipt() -> tuple[str, Obj]:
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


def empty_receipt() -> Obj:
    return receipt(
        None,
        [],
        searches=[search(0, "atomic-memory", "fts"), search(0, "experience", "fts"), search(0, "topic-memory", "fts")],
        omitted=[
            {"family": f, "reason": "not_retrieved", "count": 1}
            for f in ("atomic-memory", "experience", "topic-memory")
        ],
    )


def code_only_receipt() -> tuple[str, Obj]:
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
) -> tuple[str, Obj]:
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


def bases() -> dict[str, Obj]:
    """The messages the cases start from, by the name a case gives as ``base``. All are valid but
    the last two, whose Receipts overflow 8192 bytes (``receipt/size/*``)."""
    return {
        "request": {"scope_id": SCOPE_A, "query": QUERY},
        "empty": response(None),
        "ready": response(READY_CONTENT),
        "empty_receipt": response(None, empty_receipt()),
        "ready_receipt": response(READY_CONTENT, ready_receipt()),
        "code_only": response(*code_only_receipt()),
        "cross_scope": response(*cross_scope_receipt()),
        "full": response(*full_receipt()),
        "reranked": response(*full_receipt(counts=(8, 0, 2, 0, 2), configs_wanted=2)),
        "full_long_ids": response(*full_receipt(id_width=120)),
        "full_two_rerank_configs": response(*full_receipt(SCOPE_A, SCOPE_B, configs_wanted=2)),
    }


# ------------------------------------------------------------------------------------------
# The builders of computed values (the module docstring lists them)


def repeat(_: Obj, text: str, times: int) -> str:
    return text * times


def utf8_bytes(message: Obj) -> int:
    content: str = message["content"]
    return len(content.encode("utf-8"))


def content_digest(message: Obj) -> str:
    return digest(message["content"])


def split_envelope(message: Obj) -> str:
    """The content with its escaped U+2028 raw, and a newline before ``,"truncated"``."""
    content: str = message["content"]
    return content.replace("\\u2028", "\u2028").replace(',"truncated"', '\n,"truncated"')


PROSE = {
    "TRUST_TEXT": TRUST_TEXT,
    "TEXT_HEADING": TEXT_HEADING,
    "CODE_HEADING": CODE_HEADING,
    "CODE_CAUTION": CODE_CAUTION,
}


def substitute(message: Obj, old: str, new: str) -> str:
    content: str = message["content"]
    if content.count(old) != 1:
        raise ValueError(f"the content holds {content.count(old)} times {old!r}, not once")
    return content.replace(old, new)


def reword(message: Obj, name: str, text: str) -> str:
    return substitute(message, PROSE[name], text)


def one_more(message: Obj, pointer: str) -> int:
    value: int = resolve(message, pointer)
    return value + 1


def search_groups(_: Obj, n: int) -> list[Obj]:
    return [search(0, "atomic-memory", "fts", count=c) for c in range(1, n + 1)]


def model_configs(_: Obj, n: int) -> list[Obj]:
    return [model_config(SCOPE_A, str(i)) for i in range(n)]


def more_rerank_groups(message: Obj, n: int) -> list[Obj]:
    retrieval = message["receipt"]["retrieval"]
    config_id = retrieval["rerank_configs"][0]["config_id"]
    more = [
        {"round": 0, "config_id": config_id, "outcome": "selected", "fallback_reason": "none", "count": c}
        for c in range(2, n + 2)
    ]
    return [*retrieval["reranks"], *more]


BUILDERS: dict[str, Callable[..., Json]] = {
    builder.__name__: builder
    for builder in (
        repeat,
        utf8_bytes,
        content_digest,
        split_envelope,
        reword,
        substitute,
        one_more,
        search_groups,
        model_configs,
        more_rerank_groups,
    )
}


# ------------------------------------------------------------------------------------------
# JSON Patch (RFC 6902) with JSON Pointers (RFC 6901), applied in place


def _slot(doc: Json, pointer: str) -> tuple[Json, Any]:
    """The container the pointer's last token addresses, and that token as its key or index."""
    if not pointer.startswith("/"):
        raise ValueError(f"a patch addresses a member, not {pointer!r}")
    *path, last = (token.replace("~1", "/").replace("~0", "~") for token in pointer[1:].split("/"))
    for token in path:
        doc = doc[int(token) if isinstance(doc, list) else token]
    if isinstance(doc, list):
        return doc, len(doc) if last == "-" else int(last)
    return doc, last


def resolve(doc: Json, pointer: str) -> Json:
    parent, key = _slot(doc, pointer)
    return parent[key]


def _add(doc: Json, pointer: str, value: Json) -> None:
    parent, key = _slot(doc, pointer)
    if isinstance(parent, list):
        parent.insert(key, value)
    else:
        parent[key] = value


def _remove(doc: Json, pointer: str) -> Json:
    parent, key = _slot(doc, pointer)
    return parent.pop(key)


def _value(doc: Json, op: Obj) -> Json:
    if "compute" not in op:
        return op["value"]
    name, *args = [op["compute"]] if isinstance(op["compute"], str) else op["compute"]
    return BUILDERS[name](doc, *args)


def apply(doc: Json, op: Obj) -> None:
    match op["op"]:
        case "add":
            _add(doc, op["path"], _value(doc, op))
        case "remove":
            _remove(doc, op["path"])
        case "replace":
            value = _value(doc, op)
            parent, key = _slot(doc, op["path"])
            if isinstance(parent, dict) and key not in parent:
                raise KeyError(key)
            parent[key] = value  # an index past a list's end raises
        case "move":
            _add(doc, op["path"], _remove(doc, op["from"]))
        case "copy":
            _add(doc, op["path"], copy.deepcopy(resolve(doc, op["from"])))
        case "test":
            if resolve(doc, op["path"]) != op["value"]:
                raise ValueError(f"test failed: {op['path']} is not {op['value']!r}")
        case other:
            raise ValueError(f"unknown JSON Patch operation {other!r}")


# ------------------------------------------------------------------------------------------
# The vectors

REQUIRED = {"id", "description", "base", "violations"}
OPTIONAL = {"patch", "context"}


def vector(case: Obj, kind: str, context: Obj, messages: dict[str, Obj]) -> Obj:
    if not REQUIRED <= case.keys() <= REQUIRED | OPTIONAL:
        raise ValueError(
            f"case {case.get('id')}: has {sorted(case)}, needs {sorted(REQUIRED)}, may have {sorted(OPTIONAL)}"
        )
    data = copy.deepcopy(messages[case["base"]])
    for op in case.get("patch", []):
        try:
            apply(data, op)
        except (LookupError, ValueError) as error:
            raise ValueError(f"case {case['id']}: {op} fails: {error!r}") from error
    return {
        "id": case["id"],
        "description": case["description"],
        "kind": kind,
        "context": {**context, **case.get("context", {})},
        "data": data,
        "valid": not case["violations"],
        "violations": [{"path": path, "rule": rule} for path, rule in case["violations"]],
    }


def write() -> dict[Path, str]:
    """Every vector's file and text, from every case file."""
    messages = bases()
    vectors = []
    for cases_file in sorted(CASES.glob("*.json")):
        group = json.loads(cases_file.read_text(encoding="utf-8"))
        vectors += [vector(case, group["kind"], group["context"], messages) for case in group["cases"]]
    files = {HERE / (v["id"] + ".json"): json.dumps(v, indent=1, ensure_ascii=False) + "\n" for v in vectors}
    if len(files) != len(vectors):
        raise ValueError("vector ids must be unique")
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
