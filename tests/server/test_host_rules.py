"""Many generated default prepares over HTTP, each checked against every rule the official host
validators apply; and invalid prepares refused before any recall runs."""

from __future__ import annotations

import json
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from _support.servers import running
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.config import Settings
from pcreceipt.server.app import create_app
from pcreceipt.store.sqlite import SQLiteStore

HOST_KEYS = ["schema", "status", "content", "content_bytes"]
NOTES = [
    "We chose SQLite as the embedded default store.",
    "数据库选择了嵌入式存储，检索使用全文索引。",
    "Control characters \u2028 and \u0085 stay inside bodies.",
    "The build uses Bazel; tests run on two cores.",
    "x" * 3000,
]


class CountingSQLiteStore(SQLiteStore):
    """The real store, counting the recall calls it serves."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.recall_calls: Counter[str] = Counter()

    def search_text(self, *args: Any, **kwargs: Any) -> Any:
        self.recall_calls["search_text"] += 1
        return super().search_text(*args, **kwargs)

    def count_searchable(self, *args: Any, **kwargs: Any) -> Any:
        self.recall_calls["count_searchable"] += 1
        return super().count_searchable(*args, **kwargs)

    def query_code(self, *args: Any, **kwargs: Any) -> Any:
        self.recall_calls["query_code"] += 1
        return super().query_code(*args, **kwargs)


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, CountingSQLiteStore]]:
    directory = tmp_path_factory.mktemp("host-rules")
    store = CountingSQLiteStore(directory / "store.db")
    scope, _ = store.create_scope(
        title="hosts",
        summary="host rules",
        idempotency_key=uuid.uuid4().hex,
        parent_scope_id=None,
        context_references=[],
        external_references=[],
    )
    for text in NOTES:
        store.create_artifact(scope.scope_id, "atomic-memory", {"kind": "fact", "text": text})
    store.create_artifact(
        scope.scope_id, "topic-memory", {"title": "Storage", "summary": "SQLite first", "detail": "More"}
    )
    store.index_workspace(scope.scope_id, [("src/a.py", b"def sqlite():\n    return 1\n")], 0)
    app = create_app(Settings(data_dir=directory, assembly_max_entries=26), store=store)
    with running(app) as url:
        yield url, scope.scope_id, store
    store.close()


def host_validator(body: Any, max_bytes: int) -> None:
    """The rules every official host applies to a default prepare response."""
    assert isinstance(body, dict) and list(body) == HOST_KEYS
    assert body["schema"] == "powercontext.prepared-context.v1"
    assert isinstance(body["content_bytes"], int) and not isinstance(body["content_bytes"], bool)
    assert body["content_bytes"] >= 0
    if body["status"] == "empty":
        assert body["content"] is None and body["content_bytes"] == 0
    else:
        assert body["status"] == "ready"
        assert isinstance(body["content"], str) and body["content"].strip()
        assert len(body["content"].encode("utf-8")) == body["content_bytes"] <= max_bytes


queries = st.one_of(
    st.sampled_from(["SQLite", "数据库", "检索", "Bazel tests", "nothing matches zzz", "\u2028 control", "x"]),
    st.text(alphabet=st.characters(blacklist_categories=["Cs"]), min_size=1, max_size=80).filter(str.strip),
    st.just("q" * 8192),
)
assemblies = st.one_of(
    st.none(),
    st.lists(
        st.tuples(st.sampled_from(["memory", "topic-memory", "experience", "profile"]), st.integers(1, 2)),
        max_size=4,
        unique_by=lambda t: t[0],
    ).map(lambda sections: {"sections": [{"family": f, "limit": n} for f, n in sections]}),
)


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(
    query=queries,
    max_bytes=st.sampled_from([512, 513, 1024, 8000, 32768]) | st.integers(512, 32768),
    include_code=st.booleans(),
    assembly=assemblies,
    flag=st.sampled_from([{}, {"include_receipt": False}, {"include_receipt": None}]),
)
def test_default_prepares_satisfy_every_host_rule(
    seeded: tuple[str, str, CountingSQLiteStore],
    query: str,
    max_bytes: int,
    include_code: bool,
    assembly: dict[str, Any] | None,
    flag: dict[str, Any],
) -> None:
    url, scope_id, _ = seeded
    body: dict[str, Any] = {
        "scope_id": scope_id,
        "query": query,
        "max_bytes": max_bytes,
        "include_code": include_code,
        **flag,
    }
    if assembly is not None:
        body["assembly"] = assembly
    response = httpx.post(url + "/v1/context/prepare", json=body, timeout=30)
    assert response.status_code == 200
    host_validator(json.loads(response.content), max_bytes)


INVALID = [
    {"max_bytes": 511},
    {"max_bytes": 32769},
    {"query": "q" * 8193},
    {"query": " \n\t"},
    {"top_k": 3},
    {"assembly": None},
    {"include_receipt": "yes"},
    {"bootstrap_receipt_id": "bcr 1"},
]


@pytest.mark.parametrize("change", INVALID, ids=lambda c: ",".join(c))
def test_invalid_prepares_are_refused_before_any_recall(
    seeded: tuple[str, str, CountingSQLiteStore], change: dict[str, Any]
) -> None:
    url, scope_id, store = seeded
    store.recall_calls.clear()
    body = {"scope_id": scope_id, "query": "SQLite", **change}
    response = httpx.post(url + "/v1/context/prepare", json=body, timeout=30)
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "invalid_request"
    assert sum(store.recall_calls.values()) == 0


def test_assembly_over_the_server_cap_is_refused_before_recall(tmp_path: Path) -> None:
    store = CountingSQLiteStore(tmp_path / "store.db")
    scope, _ = store.create_scope(
        title="cap",
        summary="cap",
        idempotency_key="cap",
        parent_scope_id=None,
        context_references=[],
        external_references=[],
    )
    with running(create_app(Settings(data_dir=tmp_path), store=store)) as url:
        body = {
            "scope_id": scope.scope_id,
            "query": "SQLite",
            "assembly": {"sections": [{"family": "memory", "limit": 8}, {"family": "profile", "limit": 1}]},
        }
        response = httpx.post(url + "/v1/context/prepare", json=body, timeout=30)
    store.close()
    assert response.status_code == 422
    assert response.json()["error"]["details"]["violations"] == [
        {"path": "/assembly/sections", "rule": "assembly_max_entries"}
    ]
    assert sum(store.recall_calls.values()) == 0


def test_an_unknown_scope_is_not_found_without_recall(seeded: tuple[str, str, CountingSQLiteStore]) -> None:
    url, _, store = seeded
    store.recall_calls.clear()
    response = httpx.post(url + "/v1/context/prepare", json={"scope_id": "scp_missing", "query": "SQLite"}, timeout=30)
    assert response.status_code == 404 and sum(store.recall_calls.values()) == 0
