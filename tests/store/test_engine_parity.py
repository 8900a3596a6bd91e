"""Engine parity: one corpus loaded into SQLite and OceanBase, the same searches, the same answers.

What is asserted, exactly:
- Writes: identical revisions (ids given by the corpus, revision numbers, contents, digests),
  heads, lifecycle states, profile, workspace fingerprint and counts, backfill lists, integrity.
- Full text, for the curated ``TEXT_QUERIES`` (English, Chinese, Japanese, mixed, stop-word-like
  tokens, prefixes, single CJK characters, hostile syntax) under ``all``, ``any`` and ``prefix`` in
  every searchable family: identical hits in identical *order*. On this corpus bm25's order is
  decided by how many of the query's phrases a memory matches and by its length, which is what
  the OceanBase ranking reproduces.
- Full text, for generated queries (1-4 random words and CJK fragments of the corpus, every
  mode): identical result *sets* only. Both engines evaluate the engine-neutral
  ``text.match_plan`` over the same FTS5 tokens, so the set never differs; the order legitimately
  does when bm25 weighs a rare phrase over several common ones (measured: about half of the
  generated queries with two or more hits), because OceanBase ranks by phrases matched, then its
  own BM25 relevance over tokens, then length.
- Vectors (deterministic, tie-free 8-dimensional vectors; exact KNN on small partitions on both
  engines): identical hits in identical order for every limit. Code search: identical line
  ranges in identical order; exact code reads identical.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _support.engines import ENGINES, open_engine_store
from hypothesis import given, settings
from hypothesis import strategies as st

from pcreceipt.store.oceanbase.seekdb import SeekdbServer
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import EmbeddingRow, HistoryFamily, NewArtifact, TextMatch

PROFILE = "parity-8d"
MEMORIES: dict[str, str] = {
    "mem-migrations": "Database migrations run with Alembic before every deploy",
    "mem-pipeline": "The deploy pipeline uses GitHub Actions and needs two approvals",
    "mem-cafe": "The team lunch is at Café Central on Fridays",
    "mem-db-zh": "我们使用数据库迁移工具管理表结构",
    "mem-data-zh": "监控数据每天汇总一次",
    "mem-split-zh": "数据，据库存放在另一台机器",
    "mem-mixed": "SQLite 数据库 is the embedded default",
    "mem-deploy-zh": "部署流程需要两个人审批",
    "mem-retry": "The retry budget for the queue worker is three attempts with exponential backoff",
    "mem-cache": "Cache entries expire after five minutes; the cache warms up on deploy",
    "mem-oncall": "On-call rotation changes every Monday at 10:00 UTC",
    "mem-www": "Docs live at www.example.com under de/ and la/ paths",
    "mem-ai-zh": "人工智能团队负责向量检索和全文检索",
    "mem-jp": "デプロイはレビューの後に行う",
    "mem-replaced": "The staging database is rebuilt nightly",
    "mem-forgotten": "Old staging password rotates monthly",
    "mem-merge-a": "Deploys happen on Fridays",
    "mem-merge-b": "Deploys need a code review",
}
TOPICS: dict[str, dict[str, str]] = {
    "topic-deploys": {"title": "Deploys", "summary": "How we deploy", "detail": "Blue-green behind the load balancer"},
    "topic-onboarding": {"title": "Onboarding", "summary": "First week", "detail": "Pair with a buddy on 代码评审"},
    "topic-search": {"title": "全文检索", "summary": "Search internals", "detail": "Bigrams find 数据库 and 部署"},
}
EXPERIENCES: dict[str, dict[str, str]] = {
    "exp-flaky": {
        "situation": "Flaky tests",
        "action": "Quarantined them",
        "outcome": "Green builds",
        "lesson": "Track flakiness",
    },
    "exp-import": {
        "situation": "The nightly import timed out",
        "action": "Split it into batches",
        "outcome": "It finished in ten minutes",
        "lesson": "Batch large imports 分批导入",
    },
}
FILES = [
    ("src/app.py", "".join(f"line_{n} = {n}\n" if n != 57 else "retry_budget = 3\n" for n in range(1, 101)).encode()),
    ("src/config.py", b"def parse_config(path):\n    return open(path).read()\n# retry settings\n"),
    ("README.md", "# Retry policy\n\n数据库 重试 策略\n".encode()),
]
TEXT_QUERIES = [
    "How do we run database migrations?",
    "GitHub approvals",
    "cafe",
    "CAFÉ central",
    "部署",
    "数据",
    "数据库",
    "数据库迁移工具",
    "我们的部署流程是什么？",
    "批",
    "汇",
    "SQLite 数据库 default",
    "deploy",
    "deploy migrations",
    "migrat",
    "depl",
    "retry budget",
    "www",
    "de la",
    "智能",
    "人工智能",
    "检索",
    "デプロイ",
    "レ",
    "cache deploy",
    "staging",
    "fridays review",
    "10:00 utc",
    "example.com",
    "the of and",
    '"NEAR(" AND -x*',
]
CODE_QUERIES = ["retry_budget", "parse_config", "retry", "数据库", "line_5", "path", "nothing_matches_this"]
MODES: tuple[TextMatch, ...] = ("all", "any", "prefix")


def vector(name: str) -> list[float]:
    """A deterministic 8-dimensional vector per artifact name (distinct directions, no ties)."""
    digest = hashlib.sha256(name.encode()).digest()
    return [(byte - 127.5) / 127.5 for byte in digest[:8]]


def load(store: Store) -> tuple[str, str]:
    """The corpus, written the same way into ``store``; the Scope id and the merge result's id
    (the only id the engine picks)."""
    scope, _ = store.create_scope(
        title="Parity",
        summary="The parity corpus",
        idempotency_key="parity",
        parent_scope_id=None,
        context_references=[],
        external_references=[{"kind": "repo", "url": "https://example.test/parity"}],
    )
    scope_id = scope.scope_id
    store.create_artifacts(
        scope_id,
        "atomic-memory",
        [
            NewArtifact(
                content={"kind": "fact", "text": text},
                artifact_id=name,
                embedding=EmbeddingRow(PROFILE, vector(name)),
            )
            for name, text in MEMORIES.items()
        ],
    )
    store.replace_artifact(
        scope_id,
        "atomic-memory",
        "mem-replaced",
        {"kind": "fact", "text": "The staging database is rebuilt every Sunday"},
        expected_revision=1,
        embedding=EmbeddingRow(PROFILE, vector("mem-replaced-2")),
    )
    store.change_lifecycle(scope_id, "mem-forgotten", revision=1, state_version=0, state="forgotten")
    heads = store.merge_atomic_memories(
        scope_id,
        [("mem-merge-a", 1, 0), ("mem-merge-b", 1, 0)],
        {"kind": "fact", "text": "Friday deploys need a code review"},
        embedding=EmbeddingRow(PROFILE, vector("merged")),
    )
    for name, topic in TOPICS.items():
        embedding = EmbeddingRow(PROFILE, vector(name))
        store.create_artifact(scope_id, "topic-memory", topic, artifact_id=name, embedding=embedding)
    for name, experience in EXPERIENCES.items():
        store.create_artifact(scope_id, "experience", experience, artifact_id=name)
    store.create_artifact(scope_id, "profile", {"content": "Prefers concise answers in English or 中文"})
    store.index_workspace(scope_id, FILES, skipped=1)
    return scope_id, heads[-1].ref.artifact_id


class Loaded:
    """Both engines' stores with the corpus loaded, and each one's Scope id."""

    def __init__(self, stores: dict[str, Store], loaded: dict[str, tuple[str, str]]) -> None:
        self.stores = stores
        self.scopes = {engine: scope_id for engine, (scope_id, _) in loaded.items()}
        self._merged = {engine: merged for engine, (_, merged) in loaded.items()}

    def _identity(self, engine: str, hit: Any) -> tuple[str, int]:
        artifact_id = hit.ref.artifact_id
        return ("merged" if artifact_id == self._merged[engine] else artifact_id, hit.ref.revision)

    def text(self, engine: str, family: HistoryFamily, query: str, match: TextMatch, limit: int = 50) -> list[Any]:
        hits = self.stores[engine].search_text(self.scopes[engine], family, query, limit, match=match)
        return [self._identity(engine, hit) for hit in hits]

    def vector(self, engine: str, family: HistoryFamily, query: list[float], limit: int = 50) -> list[Any]:
        hits = self.stores[engine].search_vector(self.scopes[engine], family, query, PROFILE, limit)
        return [self._identity(engine, hit) for hit in hits]

    def code(self, engine: str, query: str, limit: int = 10) -> list[Any]:
        hits = self.stores[engine].query_code(self.scopes[engine], query, limit)
        return [(hit.path, hit.file_sha256, hit.start_line, hit.end_line, hit.lines) for hit in hits]


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory, seekdb_server: SeekdbServer) -> Iterator[Loaded]:
    workdir: Path = tmp_path_factory.mktemp("parity")
    stores = {engine: open_engine_store(engine, workdir) for engine in ENGINES}
    try:
        yield Loaded(stores, {engine: load(store) for engine, store in stores.items()})
    finally:
        for store in stores.values():
            store.close()


def test_writes_are_identical(loaded: Loaded) -> None:
    sqlite, oceanbase = (loaded.stores[engine] for engine in ENGINES)
    sqlite_scope, oceanbase_scope = (loaded.scopes[engine] for engine in ENGINES)
    families: list[tuple[Any, list[str]]] = [
        ("atomic-memory", list(MEMORIES)),
        ("topic-memory", list(TOPICS)),
        ("experience", list(EXPERIENCES)),
    ]
    for family, names in families:
        for name in names:
            left = sqlite.get_head(sqlite_scope, family, name)
            right = oceanbase.get_head(oceanbase_scope, family, name)
            assert left is not None and right is not None
            assert (left.ref.revision, left.content, left.content_digest, left.prompt_key) == (
                right.ref.revision,
                right.content,
                right.content_digest,
                right.prompt_key,
            )
    for name in MEMORIES:
        left_head = sqlite.get_atomic_memory_head(sqlite_scope, name)
        right_head = oceanbase.get_atomic_memory_head(oceanbase_scope, name)
        assert left_head is not None and right_head is not None
        assert (left_head.state, left_head.state_version, left_head.ref.revision) == (
            right_head.state,
            right_head.state_version,
            right_head.ref.revision,
        )
        assert (left_head.merged_into_id is None) == (right_head.merged_into_id is None)
    left_profile, right_profile = sqlite.read_profile(sqlite_scope), oceanbase.read_profile(oceanbase_scope)
    assert left_profile is not None and right_profile is not None and left_profile.content == right_profile.content
    left_workspace, right_workspace = sqlite.get_workspace(sqlite_scope), oceanbase.get_workspace(oceanbase_scope)
    assert left_workspace is not None and right_workspace is not None
    assert (left_workspace.fingerprint, left_workspace.files, left_workspace.lines, left_workspace.skipped) == (
        right_workspace.fingerprint,
        right_workspace.files,
        right_workspace.lines,
        right_workspace.skipped,
    )
    for family in ("atomic-memory", "topic-memory", "experience", "profile"):
        assert sqlite.count_searchable(sqlite_scope, family) == oceanbase.count_searchable(oceanbase_scope, family)
    missing = [
        [(record.ref.family, record.ref.artifact_id) for record in store.artifacts_missing_embedding(PROFILE, 50)]
        for store in (sqlite, oceanbase)
    ]
    assert missing[0] == missing[1] and missing[0]
    assert sqlite.check_integrity() == oceanbase.check_integrity() == []


@pytest.mark.parametrize("match", MODES)
@pytest.mark.parametrize("query", TEXT_QUERIES)
def test_text_search_finds_and_ranks_the_same(loaded: Loaded, query: str, match: TextMatch) -> None:
    for family in ("atomic-memory", "topic-memory", "experience"):
        sqlite, oceanbase = (loaded.text(engine, family, query, match) for engine in ENGINES)
        assert sqlite == oceanbase, (family, query, match)


def test_the_corpus_exercises_every_kind_of_match(loaded: Loaded) -> None:
    """Guards the parity tests against vacuity: prefix, CJK single characters and stop-word-like
    tokens really find something, and ``all`` is stricter than ``any``."""
    engine = ENGINES[0]
    assert loaded.text(engine, "atomic-memory", "migrat", "prefix") == [("mem-migrations", 1)]
    assert loaded.text(engine, "atomic-memory", "migrat", "any") == []
    assert ("mem-data-zh", 1) in loaded.text(engine, "atomic-memory", "汇", "any")
    assert loaded.text(engine, "atomic-memory", "www", "any") == [("mem-www", 1)]
    assert ("mem-split-zh", 1) not in loaded.text(engine, "atomic-memory", "数据库", "all")
    assert ("mem-split-zh", 1) in loaded.text(engine, "atomic-memory", "数据库", "any")
    assert loaded.text(engine, "atomic-memory", "staging", "any") == [("mem-replaced", 2)]


_VOCABULARY = sorted(
    {word for text in MEMORIES.values() for word in text.replace(",", " ").replace(";", " ").split()}
    | {text[i : i + n] for text in MEMORIES.values() for n in (1, 2, 3) for i in range(0, len(text) - n + 1, 3)}
)


@settings(max_examples=200, deadline=None)
@given(words=st.lists(st.sampled_from(_VOCABULARY), min_size=1, max_size=4), match=st.sampled_from(MODES))
def test_generated_queries_find_the_same_set(loaded: Loaded, words: list[str], match: TextMatch) -> None:
    query = " ".join(words)
    sqlite, oceanbase = (loaded.text(engine, "atomic-memory", query, match) for engine in ENGINES)
    assert set(sqlite) == set(oceanbase), (query, match)


@pytest.mark.parametrize("target", [*MEMORIES, "merged", "mem-replaced-2", "topic-deploys"])
@pytest.mark.parametrize("limit", [1, 5, 50])
def test_vector_search_ranks_the_same(loaded: Loaded, target: str, limit: int) -> None:
    for family in ("atomic-memory", "topic-memory", "experience"):
        sqlite, oceanbase = (loaded.vector(engine, family, vector(target), limit) for engine in ENGINES)
        assert sqlite == oceanbase, (target, family, limit)


@pytest.mark.parametrize("query", CODE_QUERIES)
def test_code_search_finds_and_ranks_the_same(loaded: Loaded, query: str) -> None:
    sqlite, oceanbase = (loaded.code(engine, query) for engine in ENGINES)
    assert sqlite == oceanbase, query
    assert bool(sqlite) == (query != "nothing_matches_this")


def test_exact_code_reads_are_identical(loaded: Loaded) -> None:
    reads = []
    for engine in ENGINES:
        store, scope_id = loaded.stores[engine], loaded.scopes[engine]
        workspace = store.get_workspace(scope_id)
        assert workspace is not None
        [hit, *_] = store.query_code(scope_id, "retry_budget", 1)
        reads.append(store.read_code(scope_id, workspace.fingerprint, hit.path, hit.file_sha256, 50, 60))
    left, right = reads
    assert left is not None and right is not None
    assert (left.fingerprint, left.path, left.file_sha256, left.start_line, left.end_line, left.lines) == (
        right.fingerprint,
        right.path,
        right.file_sha256,
        right.start_line,
        right.end_line,
        right.lines,
    )
    assert "retry_budget = 3" in left.lines
