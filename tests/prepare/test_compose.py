"""The composition root: each piece made once, from the settings; what is passed in is used and
left to its owner; what it made is closed."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from _support.fakes import FakeInference

from pcreceipt.compose import compose
from pcreceipt.config import EmbeddingSettings, GenerationSettings, RerankSettings, Settings
from pcreceipt.inference import ChatClient, HttpEmbedder, InferenceError
from pcreceipt.prepare.rerank import LexicalReranker, ModelReranker
from pcreceipt.prepare.runtime import PrepareRuntime
from pcreceipt.store.records import StoreUnavailable
from pcreceipt.store.sqlite import SQLiteStore


def test_pieces_are_made_on_first_use_once_and_share_one_store_and_embedder(tmp_path: Path) -> None:
    with FakeInference() as fake:
        embedding = EmbeddingSettings(base_url=fake.base_url, model="fake-embed", dimensions=64)
        settings = dataclasses.replace(
            Settings(data_dir=tmp_path), embedding=embedding, rerank=RerankSettings(kind="lexical")
        )
        parts = compose(settings)
        assert not (tmp_path / "pcreceipt.db").exists()  # nothing opened yet
        runtime = parts.runtime
        assert isinstance(runtime, PrepareRuntime) and parts.runtime is runtime and parts.preparer is runtime
        assert isinstance(parts.embedder, HttpEmbedder) and parts.writer.embedder is parts.embedder
        assert parts.writer.store is parts.store is runtime.store
        assert isinstance(parts.reranker, LexicalReranker) and parts.chat is None
        assert parts.embedder.embed(["SQLite"])  # open and answering
        parts.close()
        with pytest.raises(StoreUnavailable):
            parts.store.get_scope("scp_missing")  # closed: it made it
        with pytest.raises((InferenceError, RuntimeError)):
            parts.embedder.embed(["SQLite"])  # closed too


def test_what_is_passed_in_is_used_and_not_closed(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "mine.db")
    with FakeInference() as fake:
        chat = ChatClient(fake.base_url)
        generation = GenerationSettings(base_url=fake.base_url, model="fake/chat-1")
        settings = dataclasses.replace(Settings(), generation=generation, rerank=RerankSettings(kind="model"))
        parts = compose(settings, store=store, chat=chat)
        assert parts.store is store and parts.chat is chat
        assert isinstance(parts.reranker, ModelReranker)
        parts.close()
        assert store.get_scope("scp_missing") is None  # still open: the caller's
        chat.close()
    store.close()
