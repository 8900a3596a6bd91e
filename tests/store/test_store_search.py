"""Full-text search: English, Chinese and mixed text, hostile queries, searchable heads only."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import TextSearch

MEMORIES = {
    "migrations": "Database migrations run with Alembic before every deploy",
    "pipeline": "The deploy pipeline uses GitHub Actions and needs two approvals",
    "cafe": "The team lunch is at Café Central on Fridays",
    "db_zh": "我们使用数据库迁移工具管理表结构",
    "data_zh": "监控数据每天汇总一次",
    "split_zh": "数据，据库存放在另一台机器",
    "mixed": "SQLite 数据库 is the embedded default",
    "deploy_zh": "部署流程需要两个人审批",
}


def memory(text: str) -> dict[str, Any]:
    return {"kind": "fact", "text": text}


@pytest.fixture
def seeded(store: Store, scope_id: str) -> dict[str, str]:
    """Memory name → artifact id, all created in ``scope_id``."""
    return {
        name: store.create_artifact(scope_id, "atomic-memory", memory(text)).ref.artifact_id
        for name, text in MEMORIES.items()
    }


def names(store: Store, scope_id: str, seeded: dict[str, str], query: str, match: Any = "any") -> list[str]:
    by_id = {artifact_id: name for name, artifact_id in seeded.items()}
    return [by_id[hit.ref.artifact_id] for hit in store.search_text(scope_id, "atomic-memory", query, 10, match=match)]


def test_english_question_finds_the_relevant_memory_first(store: Store, scope_id: str, seeded: dict[str, str]) -> None:
    assert names(store, scope_id, seeded, "How do we run database migrations?")[0] == "migrations"
    assert names(store, scope_id, seeded, "GitHub approvals")[0] == "pipeline"


def test_case_and_diacritics_do_not_decide_a_match(store: Store, scope_id: str, seeded: dict[str, str]) -> None:
    for query in ("cafe", "CAFÉ", "Cafe\u0301 central"):
        assert names(store, scope_id, seeded, query)[0] == "cafe"


def test_two_character_chinese_query(store: Store, scope_id: str, seeded: dict[str, str]) -> None:
    found = names(store, scope_id, seeded, "部署")
    assert found == ["deploy_zh"]
    assert set(names(store, scope_id, seeded, "数据")) == {"db_zh", "data_zh", "split_zh", "mixed"}


def test_longer_chinese_query_ranks_exact_substrings_first(store: Store, scope_id: str, seeded: dict[str, str]) -> None:
    found = names(store, scope_id, seeded, "数据库")
    assert set(found[:2]) == {"db_zh", "mixed"}
    assert "migrations" not in found and "deploy_zh" not in found
    assert names(store, scope_id, seeded, "数据库迁移工具")[0] == "db_zh"


def test_chinese_question_still_matches(store: Store, scope_id: str, seeded: dict[str, str]) -> None:
    assert names(store, scope_id, seeded, "我们的部署流程是什么？")[0] == "deploy_zh"


def test_single_chinese_character_matches_anywhere_in_a_run(
    store: Store, scope_id: str, seeded: dict[str, str]
) -> None:
    assert set(names(store, scope_id, seeded, "批")) == {"deploy_zh"}  # 审批 ends its run
    assert set(names(store, scope_id, seeded, "汇")) == {"data_zh"}  # inside 汇总


def test_mixed_language_query(store: Store, scope_id: str, seeded: dict[str, str]) -> None:
    assert names(store, scope_id, seeded, "SQLite 数据库 default")[0] == "mixed"


@pytest.mark.parametrize(
    "query",
    [
        "",
        "   ",
        '"',
        '""',
        "*",
        "-",
        "(",
        ")",
        "AND",
        "OR NOT",
        "NEAR(a b)",
        "title:deploy",
        "{title body}: x",
        "deploy -pipeline",
        '"unterminated',
        "a^b + c*",
        "\u0000\u200b",
        "🙂🙂",
        "'; DROP TABLE revisions; --",
        "的",
        "the of and is",
    ],
)
def test_hostile_queries_never_raise(store: Store, scope_id: str, seeded: dict[str, str], query: str) -> None:
    assert len(store.search_text(scope_id, "atomic-memory", query, 5)) <= 5


@pytest.mark.parametrize("query", ["", "?!", "the of and", "What is it?", '"*" - : ( )', "的"])
def test_stop_words_and_punctuation_find_nothing(
    store: Store, scope_id: str, seeded: dict[str, str], query: str
) -> None:
    assert store.search_text(scope_id, "atomic-memory", query, 10) == []


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    query=st.text(
        alphabet=st.one_of(
            st.sampled_from(list("\"*-:()^+{}.,;'_/\\ NEARANDORNOT数据库部署")), st.characters(codec="utf-8")
        ),
        max_size=40,
    )
)
def test_arbitrary_queries_never_raise(store: Store, scope_id: str, seeded: dict[str, str], query: str) -> None:
    assert len(store.search_text(scope_id, "atomic-memory", query, 3)) <= 3


def test_match_all_requires_every_term(store: Store, scope_id: str, seeded: dict[str, str]) -> None:
    assert names(store, scope_id, seeded, "deploy migrations", match="all") == ["migrations"]
    assert set(names(store, scope_id, seeded, "deploy migrations")) == {"migrations", "pipeline"}
    assert set(names(store, scope_id, seeded, "数据库", match="all")) == {"db_zh", "mixed"}


def test_match_prefix_also_matches_word_prefixes(store: Store, scope_id: str, seeded: dict[str, str]) -> None:
    assert names(store, scope_id, seeded, "migrat") == []
    assert names(store, scope_id, seeded, "migrat", match="prefix") == ["migrations"]


@pytest.mark.parametrize("match", ["all", "any", "prefix"])
def test_every_match_mode_is_safe_and_bounded(store: Store, scope_id: str, seeded: dict[str, str], match: str) -> None:
    for query in ('"NEAR(" AND -x*', "数据库 deploy", "the of"):
        assert len(store.search_text(scope_id, "atomic-memory", query, 2, match=match)) <= 2


def test_search_is_bounded_by_limit(store: Store, scope_id: str, seeded: dict[str, str]) -> None:
    assert len(store.search_text(scope_id, "atomic-memory", "数据", 2)) == 2
    assert store.search_text(scope_id, "atomic-memory", "数据", 0) == []


def test_scopes_do_not_leak(store: Store, make_scope: Any) -> None:
    first, second = make_scope().scope_id, make_scope().scope_id
    for scope in (first, second):
        store.create_artifact(scope, "atomic-memory", memory(f"Shared wording about rollbacks in {scope}"))
    for scope in (first, second):
        hits = store.search_text(scope, "atomic-memory", "rollbacks", 10)
        assert [hit.ref.scope_id for hit in hits] == [scope]


def test_only_current_heads_are_searchable(store: Store, scope_id: str) -> None:
    record = store.create_artifact(scope_id, "atomic-memory", memory("Cache TTL is five minutes"))
    second = store.replace_artifact(
        scope_id, "atomic-memory", record.ref.artifact_id, memory("Cache TTL is one hour"), expected_revision=1
    )
    assert store.search_text(scope_id, "atomic-memory", "five", 10) == []
    hits = store.search_text(scope_id, "atomic-memory", "cache hour", 10)
    assert [hit.ref for hit in hits] == [second.ref]
    assert hits[0].content == second.content


def test_topic_and_experience_fields_are_searchable(store: Store, scope_id: str) -> None:
    topic = store.create_artifact(
        scope_id,
        "topic-memory",
        {"title": "Onboarding", "summary": "First week", "detail": "Pair with a buddy on 代码评审"},
    )
    experience = store.create_artifact(
        scope_id,
        "experience",
        {
            "situation": "Flaky tests",
            "action": "Quarantined them",
            "outcome": "Green builds",
            "lesson": "Track flakiness",
        },
    )
    assert [h.ref for h in store.search_text(scope_id, "topic-memory", "onboarding", 5)] == [topic.ref]
    assert [h.ref for h in store.search_text(scope_id, "topic-memory", "代码评审", 5)] == [topic.ref]
    assert [h.ref for h in store.search_text(scope_id, "experience", "flakiness", 5)] == [experience.ref]
    assert [h.ref for h in store.search_text(scope_id, "experience", "quarantined", 5)] == [experience.ref]
    assert store.search_text(scope_id, "atomic-memory", "onboarding", 5) == []
    assert store.count_searchable(scope_id, "topic-memory") == 1
    assert store.count_searchable(scope_id, "experience") == 1


def test_profiles_are_not_searched(store: Store, scope_id: str) -> None:
    store.create_artifact(scope_id, "profile", {"content": "Likes concise answers"})
    assert store.search_text(scope_id, "profile", "concise", 5) == []
    assert store.count_searchable(scope_id, "profile") == 0


WORDS = ["deploy", "数据库", "SQLite", "migrations", "监控", "approvals", "the", "部署", "Café", "machine", "?!", "数"]


@pytest.fixture
def other_scope(store: Store, make_scope: Any) -> str:
    """A second Scope with a topic and a memory, so that one call mixes Scopes and families."""
    other = make_scope(title="searches-other").scope_id
    store.create_artifact(other, "topic-memory", {"title": "Deploy", "summary": "数据库 deploy", "detail": "SQLite"})
    store.create_artifact(other, "atomic-memory", memory("The deploy machine runs SQLite migrations"))
    return other


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    searches=st.lists(
        st.tuples(
            st.sampled_from(["atomic-memory", "topic-memory", "experience", "profile"]),
            st.lists(st.sampled_from(WORDS), max_size=4).map(" ".join),
            st.integers(-1, 12),
            st.sampled_from(["all", "any", "prefix"]),
            st.booleans(),
        ),
        max_size=7,
    )
)
def test_many_searches_at_once_answer_each_search_exactly(
    store: Store, scope_id: str, seeded: dict[str, str], other_scope: str, searches: list[tuple[Any, ...]]
) -> None:
    """``search_text_many`` (one statement on OceanBase) answers each search exactly as
    ``search_text`` does, in order, whatever families, Scopes, limits and modes it mixes."""
    asked = [
        TextSearch(other_scope if elsewhere else scope_id, family, query, limit, match)
        for family, query, limit, match, elsewhere in searches
    ]
    expected = [store.search_text(s.scope_id, s.family, s.query, s.limit, match=s.match) for s in asked]
    assert store.search_text_many(asked) == expected
    assert store.search_text_many([]) == []
