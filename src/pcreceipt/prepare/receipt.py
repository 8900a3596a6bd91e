"""The Receipt assembler: evidence + build -> a validated PreparedContextReceipt, or a failure.

Pure: no I/O, no clock, no randomness (the receipt id is passed in). ``assemble_receipt``
either returns a ``CheckedReceipt`` (the Receipt that passed every check, and its wire bytes:
serialised once, measured against the budget, and sent as they are), or raises
``ReceiptFailure`` with a closed failure code and content-free counts; the caller then drops the
whole Receipt and returns the response unchanged (fail-open). Nothing is truncated or
substituted to make a Receipt fit. This is the only place a Receipt is validated: the server's
reply gate checks the rest of the response and trusts a ``CheckedReceipt``.

Checks before a Receipt is returned:
- the injected identities, in order, equal the build's history origins followed by its code
  origins, and equal the identities ``content`` cites as the renderer recorded them while
  writing each item (``Build.citations``; never compared as sets; the content is not parsed
  again, see docs/decisions.md "Prepare trip": a whole response's gate check, which hosts,
  ``pcreceipt verify`` and the tests run, parses it through ``gate.check_cited``);
- every rerank invocation supplied complete configuration evidence, and every rerank group
  resolves to exactly one configuration;
- conservation per family: candidates handed over by the retained rounds = selected +
  omissions other than ``not_retrieved``; and what the builder received = what recall handed it;
- every count cap, then the JSON Schema and the semantic rules of the gate, including the
  8192-byte budget on the exact serialized bytes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import astuple, dataclass, field
from typing import Any, Literal

from pcreceipt.contract import gate
from pcreceipt.contract.digests import query_digest, sha256_digest, wire_bytes
from pcreceipt.errors import PcreceiptError
from pcreceipt.models import limits
from pcreceipt.prepare.build_types import Build, BuiltItem, CodeOrigin
from pcreceipt.prepare.evidence import Evidence, RerankConfigEvidence
from pcreceipt.prepare.render import Citation, HistoryCitation
from pcreceipt.store.records import ArtifactRef

SCHEMA = limits.PREPARED_CONTEXT_RECEIPT_SCHEMA_CONST
POLICY = limits.PREPARED_CONTEXT_RECEIPT_POLICY_ID_CONST
CAPS: Mapping[str, int] = {
    "rounds": limits.RETRIEVAL_ROUNDS_MAX_ITEMS,
    "searches": limits.RETRIEVAL_SEARCHES_MAX_ITEMS,
    "rerank_configs": limits.RETRIEVAL_RERANK_CONFIGS_MAX_ITEMS,
    "reranks": limits.RETRIEVAL_RERANKS_MAX_ITEMS,
    "selected": limits.PREPARED_CONTEXT_RECEIPT_SELECTED_MAX_ITEMS,
    "omitted": limits.PREPARED_CONTEXT_RECEIPT_OMITTED_MAX_ITEMS,
    "stages": limits.PREPARED_CONTEXT_RECEIPT_STAGES_MAX_ITEMS,
}
FailureCode = Literal[
    "missing_rerank_evidence",
    "identity_mismatch",
    "conservation_violated",
    "cap_exceeded",
    "byte_budget_exceeded",
    "schema_violation",
    "assembler_exception",
]


@dataclass(slots=True)
class ReceiptFailure(PcreceiptError):
    """Why a Receipt was dropped: a closed code and content-free counts."""

    code: FailureCode
    counts: dict[str, int] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.code


def _code_evidence(origin: CodeOrigin) -> dict[str, Any]:
    return {
        "scope_id": origin.scope_id,
        "fingerprint": origin.fingerprint,
        "path": origin.path,
        "file_sha256": origin.file_sha256,
        "start_line": origin.start_line,
        "end_line": origin.end_line,
        "snippet_sha256": origin.snippet_sha256,
    }


def selected_item(item: BuiltItem) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": item.kind, "rendered_bytes": item.rendered_bytes, "truncated": item.truncated}
    if isinstance(item.origin, ArtifactRef):
        out["artifact_address"] = item.origin.address()
    else:
        out["code_evidence"] = _code_evidence(item.origin)
    return out


def _identity(origin: ArtifactRef | CodeOrigin) -> tuple[Any, ...]:
    if isinstance(origin, ArtifactRef):
        return ("history", origin.scope_id, origin.family, origin.artifact_id, origin.revision)
    return ("code", *astuple(origin))


def _cited(citation: Citation) -> tuple[Any, ...]:
    if isinstance(citation, HistoryCitation):
        return ("history", *citation)
    return ("code", *citation)


def check_identities(build: Build) -> None:
    """Ordered identity equality across the three places an identity is stated: the selected
    items, the build's origins (history then code), and the citations the content was rendered
    with (``Build.citations``; for code the whole citation, snippet hash included)."""
    items = [_identity(item.origin) for item in build.items]
    origins = [_identity(o) for o in build.history_origins] + [_identity(o) for o in build.code_origins]
    cited = [_cited(c) for c in build.citations]
    if not (items == origins == cited) or len(set(items)) != len(items):
        raise ReceiptFailure("identity_mismatch", {"selected": len(items), "cited": len(cited)})


def omitted_groups(evidence: Evidence, build: Build) -> tuple[list[dict[str, Any]], Counter[tuple[str, str]]]:
    counts: Counter[tuple[str, str]] = Counter(evidence.omissions)
    for event in build.omissions:
        counts[(event.family, event.reason)] += 1
    for family in evidence.requested:
        if evidence.retrieved[family] == 0:
            counts[(family, "not_retrieved")] = 1
    groups = [{"family": f, "reason": r, "count": n} for (f, r), n in sorted(counts.items()) if n > 0]
    return groups, counts


def check_conservation(evidence: Evidence, build: Build, counts: Counter[tuple[str, str]]) -> None:
    """Per family: handed over by retained rounds = selected + omissions (not_retrieved aside),
    and the builder received exactly what recall handed over minus recall's own cuts."""
    fates: dict[str, int] = {}  # selected + omitted other than not_retrieved
    for item in build.items:
        fates[item.kind] = fates.get(item.kind, 0) + 1
    for (family, reason), n in counts.items():
        if reason != "not_retrieved":
            fates[family] = fates.get(family, 0) + n
    recall_cut: dict[str, int] = {}
    for (family, _), n in evidence.omissions.items():
        recall_cut[family] = recall_cut.get(family, 0) + n
    retrieved = evidence.retrieved
    received: dict[str, int] = {family: count for family, count in build.received.items()}
    families = {*retrieved, *fates, *received, *(family for family, _ in counts)}
    for family in families:
        handed = retrieved.get(family, 0)
        if handed != fates.get(family, 0) or received.get(family, 0) != handed - recall_cut.get(family, 0):
            raise ReceiptFailure("conservation_violated", {"families": len(families)})


def search_groups(evidence: Evidence) -> list[dict[str, Any]]:
    grouped = Counter((c.round, c.family, c.mode, c.outcome, c.fallback_reason) for c in evidence.searches)
    return [
        {"round": r, "family": f, "mode": m, "outcome": o, "fallback_reason": fb, "count": n}
        for (r, f, m, o, fb), n in sorted(grouped.items())
    ]


def config_json(config: RerankConfigEvidence, digest: str) -> dict[str, Any]:
    return {
        "config_id": digest,
        "policy_id": config.policy_id,
        "model": config.model,
        "effective_settings": dict(config.effective_settings),
        "timeout_seconds": config.timeout_seconds,
        "max_requests": config.max_requests,
        "config_digest": digest,
        "prompt": None if config.prompt is None else config.prompt.as_json(),
        "non_deterministic": config.non_deterministic,
    }


def rerank_evidence(evidence: Evidence) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    configs: dict[str, RerankConfigEvidence] = {}
    grouped: Counter[tuple[int, str, str, str]] = Counter()
    for call in evidence.reranks:
        if call.config is None:
            raise ReceiptFailure("missing_rerank_evidence", {"reranks": len(evidence.reranks)})
        digest = call.config.digest
        configs.setdefault(digest, call.config)
        grouped[(call.round, digest, call.outcome, call.fallback_reason)] += 1
    config_list = [config_json(configs[d], d) for d in sorted(configs)]
    groups = [
        {"round": r, "config_id": d, "outcome": o, "fallback_reason": fb, "count": n}
        for (r, d, o, fb), n in sorted(grouped.items())
    ]
    return config_list, groups


def stage_timings(evidence: Evidence) -> list[dict[str, Any]]:
    return [
        {"stage": name, "duration_ms": round(ms, 3), "count": evidence.stage_runs[name]}
        for name, ms in evidence.stage_ms.items()
    ]


def _check_caps(parts: Mapping[str, Sequence[Any]]) -> None:
    over = {name: len(items) for name, items in parts.items() if len(items) > CAPS[name]}
    if over:
        raise ReceiptFailure("cap_exceeded", over)


@dataclass(frozen=True, slots=True)
class CheckedReceipt:
    """A Receipt that passed every check against the content it describes, and its wire bytes
    (``digests.wire_bytes`` of ``body``: the bytes the budget was measured on and the response
    carries). Only ``assemble_receipt`` makes one."""

    body: Mapping[str, Any]
    wire: bytes


def assemble_receipt(
    *, evidence: Evidence, build: Build, query: str, max_bytes: int, receipt_id: str
) -> CheckedReceipt:
    """Build and validate the Receipt of one prepare; raises ReceiptFailure (never anything else)."""
    try:
        return _assemble(evidence=evidence, build=build, query=query, max_bytes=max_bytes, receipt_id=receipt_id)
    except ReceiptFailure:
        raise
    except Exception:
        raise ReceiptFailure("assembler_exception") from None


def _assemble(*, evidence: Evidence, build: Build, query: str, max_bytes: int, receipt_id: str) -> CheckedReceipt:
    configs, reranks = rerank_evidence(evidence)
    check_identities(build)
    omitted, counts = omitted_groups(evidence, build)
    check_conservation(evidence, build, counts)
    rounds = [{"round": r.round, "outcome": r.outcome, "retained": r.retained} for r in evidence.rounds]
    searches = search_groups(evidence)
    selected = [selected_item(item) for item in build.items]
    stages = stage_timings(evidence)
    _check_caps(
        {
            "rounds": rounds,
            "searches": searches,
            "rerank_configs": configs,
            "reranks": reranks,
            "selected": selected,
            "omitted": omitted,
            "stages": stages,
        }
    )
    content = build.content
    receipt = {
        "schema": SCHEMA,
        "receipt_id": receipt_id,
        "policy_id": POLICY,
        "query_digest": query_digest(query),
        "content_digest": None if content is None else sha256_digest(content.encode("utf-8")),
        "requested_max_bytes": max_bytes,
        "used_bytes": build.content_bytes,
        "truncated": any(item.truncated for item in build.items),
        "non_deterministic": evidence.non_deterministic,
        "retrieval": {"rounds": rounds, "searches": searches, "rerank_configs": configs, "reranks": reranks},
        "selected": selected,
        "omitted": omitted,
        "stages": stages,
    }
    wire = wire_bytes(receipt)
    violations = gate.check_receipt(
        receipt, content=content, content_bytes=build.content_bytes, max_bytes=max_bytes, serialised=wire
    )
    if violations:
        rules = {v.rule for v in violations}
        code: FailureCode = "byte_budget_exceeded" if rules == {"receipt_size"} else "schema_violation"
        raise ReceiptFailure(code, {"violations": len(violations), "bytes": len(wire)})
    return CheckedReceipt(receipt, wire)
