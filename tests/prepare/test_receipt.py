"""The pure Receipt assembler: what it produces from evidence + build, and every way it fails."""

from __future__ import annotations

import dataclasses
import hashlib
import unicodedata

import pytest

from pcreceipt.contract import gate
from pcreceipt.contract.content import parse_content
from pcreceipt.contract.digests import wire_bytes
from pcreceipt.prepare.build import build
from pcreceipt.prepare.build_types import Build, BuildInput, BuildPlan, HistoryCandidate, SectionPlan
from pcreceipt.prepare.evidence import Evidence, PromptIdentity, RerankCall, RerankConfigEvidence
from pcreceipt.prepare.receipt import ReceiptFailure, assemble_receipt
from pcreceipt.store.records import ArtifactRef

RECEIPT_ID = "1b4e28ba-2fa1-4d2c-883f-0016d3cca427"
QUERY = "  Why did we choose SQLite?  "


def candidate(scope: str, family: str, artifact_id: str, body: str) -> HistoryCandidate:
    content = {"title": body[:20], "summary": body} if family == "topic-memory" else {"kind": "fact", "text": body}
    return HistoryCandidate(ArtifactRef(scope, family, artifact_id, 1), family, content)  # type: ignore[arg-type]


def default_plan(max_bytes: int = 8000) -> BuildPlan:
    sections = (SectionPlan("atomic-memory", 16), SectionPlan("topic-memory", 8), SectionPlan("experience", 2))
    return BuildPlan("pay", max_bytes, sections, include_code=False)


def recorded(history: dict[str, list[HistoryCandidate]]) -> Evidence:
    """Evidence of one completed round that handed over exactly ``history``."""
    evidence = Evidence()
    evidence.requested = ["atomic-memory", "topic-memory", "experience"]
    for family in evidence.requested:
        evidence.search(0, family, "fts")  # type: ignore[arg-type]
        evidence.candidates(family, len(history.get(family, [])))  # type: ignore[arg-type]
    evidence.commit_round(0)
    with evidence.stage("memory.search"):
        pass
    return evidence


def assemble(evidence: Evidence, built: Build, max_bytes: int = 8000) -> dict[str, object]:
    checked = assemble_receipt(evidence=evidence, build=built, query=QUERY, max_bytes=max_bytes, receipt_id=RECEIPT_ID)
    assert checked.wire == wire_bytes(checked.body)  # serialised once, as the response carries it
    return dict(checked.body)


def sample() -> tuple[Evidence, Build]:
    history = {
        "atomic-memory": [
            candidate("pay", "atomic-memory", "am-1", "We chose SQLite as the embedded default."),
            candidate("infra", "atomic-memory", "am-1", "The same short id in another Scope."),
            candidate("pay", "atomic-memory", "am-1", "A duplicate of the first."),
        ],
        "topic-memory": [candidate("pay", "topic-memory", "tm-1", "Storage engines\nSQLite and OceanBase.")],
        "experience": [],
    }
    built = build(BuildInput(default_plan(), history, []))  # type: ignore[arg-type]
    return recorded(history), built


def test_a_ready_receipt_is_valid_and_states_exactly_what_was_injected() -> None:
    evidence, built = sample()
    receipt = assemble(evidence, built)
    assert gate.check_receipt(receipt, content=built.content, content_bytes=built.content_bytes, max_bytes=8000) == []
    addresses = [item["artifact_address"] for item in receipt["selected"]]  # type: ignore[index]
    assert [(a["scope_id"], a["artifact"]["artifact_id"]) for a in addresses] == [
        ("pay", "am-1"),
        ("pay", "tm-1"),
        ("infra", "am-1"),
    ]
    normalized = unicodedata.normalize("NFC", QUERY).strip()
    assert receipt["query_digest"] == "sha256:" + hashlib.sha256(normalized.encode()).hexdigest()
    assert receipt["content_digest"] == "sha256:" + hashlib.sha256(built.content.encode()).hexdigest()  # type: ignore[union-attr]
    assert receipt["omitted"] == [
        {"family": "atomic-memory", "reason": "duplicate", "count": 1},
        {"family": "experience", "reason": "not_retrieved", "count": 1},
    ]
    assert receipt["used_bytes"] == built.content_bytes
    assert receipt["non_deterministic"] is False


def test_an_empty_build_gives_an_empty_receipt_with_every_family_flagged() -> None:
    built = build(BuildInput(default_plan(), {"atomic-memory": [], "topic-memory": [], "experience": []}, []))
    receipt = assemble(recorded({}), built)
    assert receipt["content_digest"] is None and receipt["selected"] == []
    assert {(g["family"], g["reason"]) for g in receipt["omitted"]} == {  # type: ignore[attr-defined]
        ("atomic-memory", "not_retrieved"),
        ("topic-memory", "not_retrieved"),
        ("experience", "not_retrieved"),
    }


def test_reordered_identities_fail() -> None:
    evidence, built = sample()
    swapped = dataclasses.replace(built, items=(built.items[1], built.items[0], *built.items[2:]))
    with pytest.raises(ReceiptFailure) as failure:
        assemble(evidence, swapped)
    assert failure.value.code == "identity_mismatch"


def test_content_citing_something_else_fails() -> None:
    evidence, built = sample()
    assert [c.scope_id for c in built.citations] == ["pay", "pay", "infra"]
    cited = [(i.scope_id or "pay", *i.artifact) for i in parse_content(built.content) if i.artifact is not None]
    assert [tuple(c) for c in built.citations] == cited  # the renderer's record is the text's
    elsewhere = built.citations[2]._replace(scope_id="elsewhere")
    tampered = dataclasses.replace(built, citations=(*built.citations[:2], elsewhere))
    with pytest.raises(ReceiptFailure) as failure:
        assemble(evidence, tampered)
    assert failure.value.code == "identity_mismatch"


def test_content_citing_fewer_items_fails() -> None:
    evidence, built = sample()
    with pytest.raises(ReceiptFailure) as failure:
        assemble(evidence, dataclasses.replace(built, citations=built.citations[:2]))
    assert failure.value.code == "identity_mismatch"


def test_conservation_is_checked() -> None:
    evidence, built = sample()
    evidence.retrieved["atomic-memory"] += 1
    with pytest.raises(ReceiptFailure) as failure:
        assemble(evidence, built)
    assert failure.value.code == "conservation_violated"


def test_a_reranker_without_evidence_fails_the_receipt() -> None:
    evidence, built = sample()
    evidence.rerank(RerankCall(0, None, "selected", "none"))
    with pytest.raises(ReceiptFailure) as failure:
        assemble(evidence, built)
    assert failure.value.code == "missing_rerank_evidence"


def model_config(scope: str, temperature: float = 0, prompt_digest: str = "a") -> RerankConfigEvidence:
    prompt = PromptIdentity(scope, "memory.rerank", 1, 1, "built_in", 1, "sha256:" + prompt_digest * 64, None)
    settings = {"allowlist": "pcreceipt.rerank-settings.v1", "temperature": temperature, "keep": 16}
    return RerankConfigEvidence("pcreceipt.rerank.listwise.v1", "openai/gpt-4.1-mini", settings, 2.0, 1, prompt, True)


def test_rerank_configs_are_deduplicated_sorted_and_digest_their_record() -> None:
    evidence, built = sample()
    for scope in ("pay", "pay", "infra"):
        evidence.rerank(RerankCall(0, model_config(scope), "selected", "none"))
    receipt = assemble(evidence, built)
    configs = receipt["retrieval"]["rerank_configs"]  # type: ignore[index]
    assert len(configs) == 2
    assert [c["config_digest"] for c in configs] == sorted(c["config_digest"] for c in configs)
    assert all(c["config_id"] == c["config_digest"] for c in configs)
    counts = sorted(g["count"] for g in receipt["retrieval"]["reranks"])  # type: ignore[index]
    assert counts == [1, 2]
    assert receipt["non_deterministic"] is True


def test_settings_and_compiled_prompt_change_the_digest() -> None:
    base = model_config("pay").digest
    assert model_config("pay", temperature=0.5).digest != base
    assert model_config("pay", prompt_digest="b").digest != base
    assert model_config("pay").digest == base


def test_count_caps_drop_the_receipt() -> None:
    evidence, built = sample()
    for i in range(33):
        evidence.search(0, "atomic-memory", "fts", "completed", "none")
        evidence.stage_ms[f"extra.stage{i}"] = 0.1
        evidence.stage_runs[f"extra.stage{i}"] = 1
    with pytest.raises(ReceiptFailure) as failure:
        assemble(evidence, built)
    assert failure.value.code == "cap_exceeded" and failure.value.counts["stages"] > 8


def test_byte_overflow_drops_the_whole_receipt() -> None:
    long_scope = "s" * 250
    history = {
        "atomic-memory": [
            candidate(long_scope + str(i % 10), "atomic-memory", "a" * 120 + str(i), "body text " * 3) for i in range(8)
        ],
        "topic-memory": [candidate(long_scope, "topic-memory", "t" * 120 + str(i), "topic body") for i in range(8)],
        "experience": [],
    }
    sections = (SectionPlan("atomic-memory", 8), SectionPlan("topic-memory", 8))
    plan = BuildPlan(long_scope, 32768, sections, include_code=False, markdown=True, entry_limit=16)
    built = build(BuildInput(plan, history, []))  # type: ignore[arg-type]
    evidence = recorded(history)
    evidence.requested = ["atomic-memory", "topic-memory"]
    with pytest.raises(ReceiptFailure) as failure:
        assemble(evidence, built, max_bytes=32768)
    assert failure.value.code == "byte_budget_exceeded"
    assert failure.value.counts["bytes"] > 8192


def test_a_receipt_fits_its_byte_budget_exactly_as_serialized() -> None:
    evidence, built = sample()
    receipt = assemble(evidence, built)
    assert len(wire_bytes(receipt)) <= 8192


def test_unexpected_errors_become_a_failure_code() -> None:
    evidence, built = sample()
    evidence.stage_ms["context.build"] = float("nan")  # not serializable as JSON
    evidence.stage_runs["context.build"] = 1
    with pytest.raises(ReceiptFailure) as failure:
        assemble(evidence, built)
    assert failure.value.code in {"assembler_exception", "schema_violation"}
