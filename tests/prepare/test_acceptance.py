"""The Receipt of a result: empty, ready, truncated, deduplicated; default recall, assemblies, code;
budget drops and empty-set flags.

One named test per acceptance case of the Receipt contract (CONTRACT.md §6), split by area
over test_acceptance.py (the result), test_acceptance_retrieval.py (rerank, fallback, searches,
rerank configurations) and test_acceptance_fail_open.py (failure is the flag-off response, and a
Receipt costs nothing else).

Everything here is real: an SQLite file, the runtime, the builder, the assembler, and — where a
provider is involved — an OpenAI-compatible server on loopback that can be slow, down or wrong
on purpose. The HTTP-level cases (four keys on the wire) are in tests/server.
"""

from __future__ import annotations

import hashlib
import unicodedata

import pytest
from _support.receipts import (
    cited_ids,
    corpus,
    experience,
    memory,
    omitted,
    prepare,
    runtime,
    scope,
    searches,
    selected_ids,
    settings,
    topic,
)

from pcreceipt.contract.digests import sha256_hex, wire_bytes
from pcreceipt.store.protocol import Store

# -- empty, ready, truncated, deduplicated ---------------------------------------------------------


def test_empty_result_carries_a_receipt_flagging_every_requested_family(store: Store) -> None:
    project = scope(store)
    response = prepare(runtime(store), project.scope_id, "anything at all", include_receipt=True)
    assert response["status"] == "empty" and response["content"] is None
    receipt = response["receipt"]
    assert receipt["content_digest"] is None and receipt["used_bytes"] == 0 and receipt["selected"] == []
    assert omitted(receipt) == {
        ("atomic-memory", "not_retrieved"): 1,
        ("experience", "not_retrieved"): 1,
        ("topic-memory", "not_retrieved"): 1,
    }


def test_ready_result_receipt_matches_the_injected_bytes(store: Store) -> None:
    project = scope(store)
    ids = corpus(store, project.scope_id)
    response = prepare(runtime(store), project.scope_id, "Why SQLite?", include_receipt=True)
    receipt = response["receipt"]
    assert response["status"] == "ready"
    assert receipt["used_bytes"] == response["content_bytes"] == len(response["content"].encode())
    assert {i[2] for i in selected_ids(receipt)} <= set(ids)
    assert sum(item["rendered_bytes"] for item in receipt["selected"]) < response["content_bytes"]


def test_truncated_item_is_recorded_on_the_item_not_as_an_omission(store: Store) -> None:
    project = scope(store)
    memory(store, project.scope_id, "SQLite decision: " + "the reasoning goes on and on. " * 200)
    response = prepare(runtime(store), project.scope_id, "SQLite decision", max_bytes=700, include_receipt=True)
    receipt = response["receipt"]
    assert receipt["truncated"] is True and receipt["selected"][0]["truncated"] is True
    assert ("atomic-memory", "below_min_bytes") not in omitted(receipt)
    assert response["content_bytes"] <= 700


def test_deduplicated_candidates_across_rounds_are_counted(store: Store) -> None:
    project = scope(store)
    memory(store, project.scope_id, "alpha beta gamma")
    memory(store, project.scope_id, "alpha only here")
    response = prepare(runtime(store), project.scope_id, "alpha beta", include_receipt=True)
    receipt = response["receipt"]
    assert [r["round"] for r in receipt["retrieval"]["rounds"]] == [0, 1, 2]
    # round 0 (all terms) finds the first note; rounds 1 and 2 find it again
    assert omitted(receipt)[("atomic-memory", "duplicate")] >= 2
    assert len(receipt["selected"]) == 2


# -- default recall, assemblies, code --------------------------------------------------------------------


def test_topic_memory_is_part_of_default_recall(store: Store) -> None:
    project = scope(store)
    topic(store, project.scope_id, "Storage engines", "SQLite by default, OceanBase for scale")
    receipt = prepare(runtime(store), project.scope_id, "storage engines", include_receipt=True)["receipt"]
    assert [i["kind"] for i in receipt["selected"]] == ["topic-memory"]
    assert (0, "topic-memory", "fts", "completed", "none") in searches(receipt)


def _mixed_corpus(store: Store, scopes: int) -> str:
    """``scopes`` Scopes (the first referencing the rest), each with a profile; the first with 8
    memories, 8 topics and 2 experiences."""
    others = [scope(store, f"ref{i}") for i in range(scopes - 1)]
    project = scope(store, "project", refs=tuple(s.scope_id for s in others))
    for s in [project, *others]:
        store.create_artifact(
            s.scope_id, "profile", {"content": f"Profile of {s.title}: SQLite shop.", "restored_from_revision": None}
        )
    for i in range(8):
        memory(store, project.scope_id, f"SQLite fact number {i}")
        topic(store, project.scope_id, f"SQLite topic {i}", f"About SQLite, part {i}")
    for i in range(2):
        experience(store, project.scope_id, f"SQLite lesson {i}")
    return project.scope_id


@pytest.mark.parametrize(("profile_limit", "expected"), [(0, 18), (8, 26)])
def test_mixed_assembly_selects_18_and_26_history_items(store: Store, profile_limit: int, expected: int) -> None:
    scope_id = _mixed_corpus(store, 8)
    sections = [
        {"family": "memory", "limit": 8},
        {"family": "topic-memory", "limit": 8},
        {"family": "experience", "limit": 2},
    ]
    if profile_limit:
        sections.append({"family": "profile", "limit": profile_limit})
    rt = runtime(store, settings(assembly_max_entries=26))
    response = prepare(rt, scope_id, "SQLite", max_bytes=32768, include_receipt=True, assembly={"sections": sections})
    receipt = response["receipt"]
    assert len(receipt["selected"]) == expected
    kinds = [i["kind"] for i in receipt["selected"]]
    assert kinds == sorted(kinds, key=["atomic-memory", "topic-memory", "experience", "profile"].index)
    assert len(wire_bytes(receipt)) <= 8192


def test_memory_selector_means_atomic_memory_searched_with_fts(store: Store) -> None:
    project = scope(store)
    corpus(store, project.scope_id)
    receipt = prepare(
        runtime(store),
        project.scope_id,
        "SQLite",
        include_receipt=True,
        assembly={"sections": [{"family": "memory", "limit": 2}]},
    )["receipt"]
    assert {i["kind"] for i in receipt["selected"]} == {"atomic-memory"}
    assert {(s[1], s[2]) for s in searches(receipt)} == {("atomic-memory", "fts")}


def _workspace(store: Store, scope_id: str) -> None:
    lines = [f"def handler_{i}(request):  # SQLite handler {i}" for i in range(120)]
    store.index_workspace(scope_id, [("src/app.py", "\n".join(lines).encode()), ("README.md", b"SQLite notes\n")], 0)


def test_code_only_result_reports_final_truncated_ranges_and_hashes(store: Store) -> None:
    project = scope(store)
    _workspace(store, project.scope_id)
    response = prepare(
        runtime(store),
        project.scope_id,
        "SQLite handler",
        max_bytes=1200,
        include_code=True,
        include_receipt=True,
        assembly={"sections": []},
    )
    receipt = response["receipt"]
    assert receipt["selected"] and all(i["kind"] == "code" for i in receipt["selected"])
    truncated = [i["code_evidence"] for i in receipt["selected"] if i["truncated"]]
    assert truncated, "the budget forces a shortened code range"
    for evidence in (i["code_evidence"] for i in receipt["selected"]):
        exact = store.read_code(
            evidence["scope_id"],
            evidence["fingerprint"],
            evidence["path"],
            evidence["file_sha256"],
            evidence["start_line"],
            evidence["end_line"],
        )
        assert exact is not None
        assert sha256_hex("\n".join(exact.lines).encode()) == evidence["snippet_sha256"]


def test_mixed_code_orders_history_origins_before_code_origins(store: Store) -> None:
    project = scope(store)
    corpus(store, project.scope_id)
    _workspace(store, project.scope_id)
    response = prepare(runtime(store), project.scope_id, "SQLite handler", include_code=True, include_receipt=True)
    receipt = response["receipt"]
    kinds = [i["kind"] for i in receipt["selected"]]
    assert "code" in kinds and kinds.index("code") == len([k for k in kinds if k != "code"])
    cited = cited_ids(response["content"], project.scope_id)
    assert cited == selected_ids(receipt)


def test_topic_memory_is_recalled_from_the_current_scope_only(store: Store) -> None:
    """As PowerContext 1.4.1 does (HOSTS.md §2.4): one Topic Memory search per round, never one per
    referenced Scope, so a topic is always cited by the short ``artifact_ref``."""
    shared = scope(store, "shared")
    project = scope(store, "project", refs=(shared.scope_id,))
    own = topic(store, project.scope_id, "SQLite storage", "Why the SQLite engine")
    topic(store, shared.scope_id, "SQLite elsewhere", "A referenced Scope's SQLite topic")
    memory(store, shared.scope_id, "SQLite in the shared Scope")
    response = prepare(runtime(store), project.scope_id, "SQLite", include_receipt=True)
    receipt = response["receipt"]
    topics = [i for i in selected_ids(receipt) if i[1] == "topic-memory"]
    assert topics == [(project.scope_id, "topic-memory", own, 1)]
    assert (0, "topic-memory", "fts", "completed", "none") in searches(receipt)
    per_round = {(g["family"], g["round"]): g["count"] for g in receipt["retrieval"]["searches"]}
    assert per_round[("topic-memory", 0)] == 1 and per_round[("atomic-memory", 0)] == 2
    assert {n for (family, _), n in per_round.items() if family == "topic-memory"} == {1}
    assert '"artifact_ref":{"family":"topic-memory"' in response["content"]


def test_the_same_short_id_in_two_scopes_is_two_identities(store: Store) -> None:
    shared = scope(store, "shared")
    project = scope(store, "project", refs=(shared.scope_id,))
    for s in (project, shared):
        store.create_artifact(
            s.scope_id, "atomic-memory", {"kind": "fact", "text": "SQLite everywhere"}, artifact_id="decision-1"
        )
    receipt = prepare(runtime(store), project.scope_id, "SQLite", include_receipt=True)["receipt"]
    assert selected_ids(receipt) == [
        (project.scope_id, "atomic-memory", "decision-1", 1),
        (shared.scope_id, "atomic-memory", "decision-1", 1),
    ]


def test_exact_reads_of_selected_revisions_survive_forget_merge_and_retire(store: Store) -> None:
    project = scope(store)
    ids = corpus(store, project.scope_id)
    receipt = prepare(runtime(store), project.scope_id, "SQLite", include_receipt=True)["receipt"]
    before = {i: store.get_revision(project.scope_id, "atomic-memory", i, 1) for i in ids}
    heads = {i: store.get_atomic_memory_head(project.scope_id, i) for i in ids}
    store.change_lifecycle(
        project.scope_id, ids[0], revision=1, state_version=heads[ids[0]].state_version, state="forgotten"
    )  # type: ignore[union-attr]
    merged = store.merge_atomic_memories(
        project.scope_id,
        [(i, 1, heads[i].state_version) for i in ids[1:]],  # type: ignore[union-attr]
        {"kind": "fact", "text": "SQLite: WAL mode, per-user data directory."},
    )
    new = merged[-1]
    store.change_lifecycle(
        project.scope_id, new.ref.artifact_id, revision=1, state_version=new.state_version, state="retired"
    )
    for scope_id, family, artifact_id, revision in selected_ids(receipt):
        record = store.get_revision(scope_id, family, artifact_id, revision)
        assert record is not None and record == before[artifact_id]
        assert record.ref.artifact_id == artifact_id  # never the merge target


def test_content_digest_is_the_hash_of_the_returned_content(store: Store) -> None:
    project = scope(store)
    corpus(store, project.scope_id)
    response = prepare(runtime(store), project.scope_id, "SQLite", include_receipt=True)
    expected = "sha256:" + hashlib.sha256(response["content"].encode("utf-8")).hexdigest()
    assert response["receipt"]["content_digest"] == expected


def test_a_2731_character_cjk_query_over_8192_bytes_keeps_its_receipt(store: Store) -> None:
    project = scope(store)
    memory(store, project.scope_id, "数据库选择了嵌入式存储")
    query = "  " + "数据库" * 911 + "\u0065\u0301 "  # 2735 characters, NFC changes e + combining acute
    assert len(query) >= 2731 and len(query.encode()) > 8192
    response = prepare(runtime(store), project.scope_id, query, include_receipt=True)
    normalized = unicodedata.normalize("NFC", query).strip()
    assert response["receipt"]["query_digest"] == "sha256:" + hashlib.sha256(normalized.encode()).hexdigest()


# -- budget drops and empty-set flags ------------------------------------------------------------------------


def test_both_budget_drop_sub_counts(store: Store) -> None:
    project = scope(store)
    memory(store, project.scope_id, "SQLite " + "x" * 1900)  # big: truncated into the budget, or dropped
    memory(store, project.scope_id, "SQLite small note that is well under sixty-four")  # < 64 bytes
    memory(store, project.scope_id, "SQLite " + "y" * 1900)
    rt = runtime(store)
    receipt = prepare(rt, project.scope_id, "SQLite", max_bytes=900, include_receipt=True)["receipt"]
    counts = omitted(receipt)
    assert (
        counts.get(("atomic-memory", "below_min_bytes"), 0) + counts.get(("atomic-memory", "no_fitting_truncation"), 0)
        >= 1
    )
    receipt = prepare(rt, project.scope_id, "SQLite", max_bytes=512, include_receipt=True)["receipt"]
    counts = omitted(receipt)
    assert {("atomic-memory", "below_min_bytes"), ("atomic-memory", "no_fitting_truncation")} & set(counts)


def test_every_family_has_its_empty_set_flag(store: Store) -> None:
    project = scope(store)
    rt = runtime(store, settings(assembly_max_entries=26))
    sections = [{"family": f, "limit": 2} for f in ("memory", "topic-memory", "experience", "profile")]
    receipt = prepare(
        rt, project.scope_id, "anything", include_code=True, include_receipt=True, assembly={"sections": sections}
    )["receipt"]
    assert omitted(receipt) == {
        (family, "not_retrieved"): 1 for family in ("atomic-memory", "code", "experience", "profile", "topic-memory")
    }
    assert (0, "profile", "none", "not_run", "none") in searches(receipt)
    assert (0, "code", "none", "not_run", "none") in searches(receipt)


def test_not_retrieved_is_absent_when_candidates_were_all_dropped(store: Store) -> None:
    project = scope(store)
    memory(store, project.scope_id, "SQLite " + "z" * 1900)
    receipt = prepare(runtime(store), project.scope_id, "SQLite", max_bytes=512, include_receipt=True)["receipt"]
    assert ("atomic-memory", "not_retrieved") not in omitted(receipt)


@pytest.mark.parametrize("receipt", [True, False])
def test_a_prepare_hands_its_observers_the_selected_identities(store: Store, receipt: bool) -> None:
    """``Prepared.selected`` (for statistics and other observers, never sent) is what the content
    cites, in order, with or without a Receipt."""
    shared = scope(store, "shared")
    project = scope(store, "project", refs=(shared.scope_id,))
    corpus(store, project.scope_id)
    memory(store, shared.scope_id, "SQLite in the shared Scope")
    request = {"scope_id": project.scope_id, "query": "SQLite", "include_receipt": receipt}
    prepared = runtime(store).runtime.prepare(request, request_id="0123456789abcdef")
    cited = cited_ids(prepared.fields["content"], project.scope_id)
    assert [(o.scope_id, o.family, o.artifact_id, o.revision) for o in prepared.selected] == cited  # type: ignore[union-attr]
    assert len(cited) >= 2 and shared.scope_id in {c[0] for c in cited}
    assert "selected" not in prepared.as_json()
    if receipt:
        assert selected_ids(prepared.as_json()["receipt"]) == cited
