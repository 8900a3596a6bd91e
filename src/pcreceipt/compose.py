"""The one composition root: the runtime pieces built from ``Settings``, and closed.

``compose(settings)`` returns a ``Composition`` whose pieces are made on first use, each once:
the store (``store.open_store`` of the settings' store URL, or the ``opener`` given), the
embedder (``inference.make_embedder``), the chat client (only when a model reranker or model
expansion needs one), the reranker (lexical or model, as ``rerank.kind`` says), the
``PrepareRuntime`` and the ``ArtifactWriter`` (one embedder for reads and writes). Every user
of the runtime builds it here: the server (``server.app.create_app``), ``pcreceipt demo``,
``pcreceipt reembed``, the benchmarks and the tests.

A piece passed in (``store=``, ``embedder=``, ``chat=``, ``reranker=``) is used as is and
belongs to the caller, and so does a ``preparer=`` (what the server prepares with instead of
the ``PrepareRuntime``); ``Composition.close`` closes only what it made, newest first.
Tests hand their doubles in through these same parameters; nothing here knows about them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pcreceipt.config import Settings
from pcreceipt.inference import ChatClient, Embedder, make_chat_client, make_embedder
from pcreceipt.prepare.dream import DreamGenerator
from pcreceipt.prepare.extraction import Extractor, prompt_source_for
from pcreceipt.prepare.generation import CandidateGenerator
from pcreceipt.prepare.handoff_generation import HANDOFF_PROMPT_KEY, HandoffGenerator
from pcreceipt.prepare.profile_generation import ProfileGenerator
from pcreceipt.prepare.rerank import RERANK_PROMPT_KEY, LexicalReranker, ModelReranker, Reranker
from pcreceipt.prepare.runtime import Preparer, PrepareRuntime
from pcreceipt.store import open_store
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import ArtifactRef
from pcreceipt.store.writer import ArtifactWriter

StoreOpener = Callable[[Settings], Store]
_UNSET: Any = object()


def _open_settings_store(settings: Settings) -> Store:
    return open_store(settings.resolved_store_url, tls=settings.resolved_store_tls)


class Composition:
    """The runtime pieces for one set of settings; each made on first use."""

    def __init__(
        self,
        settings: Settings,
        *,
        store: Store | None = None,
        opener: StoreOpener = _open_settings_store,
        embedder: Embedder | None = None,
        chat: ChatClient | None = None,
        reranker: Reranker | None = None,
        preparer: Preparer | None = None,
    ) -> None:
        self.settings = settings
        self._opener = opener
        self._made: list[Callable[[], None]] = []
        self._store = store if store is not None else _UNSET
        self._embedder = embedder if embedder is not None else _UNSET
        self._chat = chat if chat is not None else _UNSET
        self._reranker = reranker if reranker is not None else _UNSET
        self._preparer = preparer
        self._runtime: PrepareRuntime | None = None
        self._writer: ArtifactWriter | None = None
        self._extractor: Any = _UNSET
        self._generator: Any = _UNSET
        self._handoff_generator: Any = _UNSET
        self._profile_generator: Any = _UNSET
        self._dream_generator: Any = _UNSET

    def _own(self, piece: object) -> None:
        close = getattr(piece, "close", None)
        if callable(close):
            self._made.append(close)

    @property
    def store(self) -> Store:
        if self._store is _UNSET:
            self._store = self._opener(self.settings)
            self._own(self._store)
        store: Store = self._store
        return store

    @property
    def embedder(self) -> Embedder | None:
        """The configured embedder, or None when none is configured."""
        if self._embedder is _UNSET:
            self._embedder = make_embedder(self.settings.embedding)
            self._own(self._embedder)
        embedder: Embedder | None = self._embedder
        return embedder

    @property
    def chat(self) -> ChatClient | None:
        """A chat client when a model reranker or model expansion needs one (and one is configured)."""
        if self._chat is _UNSET:
            settings = self.settings
            needed = settings.rerank.kind == "model" or settings.expansion.kind == "model"
            self._chat = ChatClient.from_settings(settings) if needed else None
            self._own(self._chat)
        chat: ChatClient | None = self._chat
        return chat

    @property
    def reranker(self) -> Reranker | None:
        """The reranker ``rerank.kind`` names (a model reranker needs a chat client), or None."""
        if self._reranker is _UNSET:
            self._reranker = self._make_reranker()
        reranker: Reranker | None = self._reranker
        return reranker

    def _make_reranker(self) -> Reranker | None:
        rerank = self.settings.rerank
        if rerank.kind == "lexical":
            return LexicalReranker(rerank)
        chat = self.chat
        if rerank.kind == "model" and chat is not None:
            return ModelReranker(chat, self.settings.generation, rerank, self._prompt_source)
        return None

    def _prompt_source(self, scope_id: str) -> tuple[ArtifactRef, Mapping[str, Any]] | None:
        record = self.store.find_prompt(scope_id, RERANK_PROMPT_KEY)
        return None if record is None else (record.ref, record.content)

    @property
    def extractor(self) -> Extractor | None:
        """Memory extraction for ``flush_memory`` when ``Settings.extraction_configured``, over its own
        chat client to the generation provider (so its calls are its own), else None."""
        if self._extractor is _UNSET:
            settings = self.settings
            self._extractor = None
            chat = None
            if settings.extraction_configured:  # a base URL is configured, so there is a client
                chat = make_chat_client(settings.generation.base_url, settings.generation.api_key_env)
                self._own(chat)
            if chat is not None:
                source = prompt_source_for(self.store.find_prompt)
                self._extractor = Extractor(chat, settings.generation, settings.extraction, source)
        extractor: Extractor | None = self._extractor
        return extractor

    @property
    def generator(self) -> CandidateGenerator | None:
        """Experience and Skill generation when a generation provider (base URL and model) is
        configured, over its own chat client (so its calls are its own), else None."""
        if self._generator is _UNSET:
            chat = self._own_generation_chat()
            self._generator = None if chat is None else CandidateGenerator(chat, self.settings.generation)
        generator: CandidateGenerator | None = self._generator
        return generator

    @property
    def dream_generator(self) -> DreamGenerator | None:
        """Dream runs' model calls when a generation provider (base URL and model) is configured, over
        its own chat client, else None."""
        if self._dream_generator is _UNSET:
            chat = self._own_generation_chat()
            self._dream_generator = None if chat is None else DreamGenerator(chat, self.settings.generation)
        dream_generator: DreamGenerator | None = self._dream_generator
        return dream_generator

    @property
    def handoff_generator(self) -> HandoffGenerator | None:
        """Handoff drafts (``prepare_handoff``, ``activate_handoff``) when a generation provider (base
        URL and model) is configured, over its own chat client, with each Scope's ``handoff.generate``
        prompt resolved as the rerank prompt is; else None."""
        if self._handoff_generator is _UNSET:
            chat = self._own_generation_chat()
            self._handoff_generator = None
            if chat is not None:
                source = prompt_source_for(self.store.find_prompt, HANDOFF_PROMPT_KEY)
                self._handoff_generator = HandoffGenerator(chat, self.settings.generation, source)
        handoff_generator: HandoffGenerator | None = self._handoff_generator
        return handoff_generator

    @property
    def profile_generator(self) -> ProfileGenerator | None:
        """Profile generation (``flush_profile``) when a generation provider (base URL and model) is
        configured, over its own chat client; else None (the handler resolves each Scope's
        ``profile.generate`` prompt)."""
        if self._profile_generator is _UNSET:
            chat = self._own_generation_chat()
            self._profile_generator = None if chat is None else ProfileGenerator(chat, self.settings.generation)
        profile_generator: ProfileGenerator | None = self._profile_generator
        return profile_generator

    def _own_generation_chat(self) -> ChatClient | None:
        """A chat client of its own to the generation provider (closed with this composition), or
        None unless a base URL and a model are configured."""
        generation = self.settings.generation
        if generation.base_url is None or generation.model is None:
            return None
        chat = make_chat_client(generation.base_url, generation.api_key_env)
        self._own(chat)
        return chat

    @property
    def runtime(self) -> PrepareRuntime:
        """The ``PrepareRuntime`` over these pieces."""
        if self._runtime is None:
            self._runtime = PrepareRuntime(
                self.store, self.settings, embedder=self.embedder, chat=self.chat, reranker=self.reranker
            )
        return self._runtime

    @property
    def preparer(self) -> Preparer:
        """What the server prepares with: the ``preparer`` passed in, else ``runtime``."""
        return self._preparer if self._preparer is not None else self.runtime

    @property
    def writer(self) -> ArtifactWriter:
        """The artifact writer: the same store, and the same embedder as prepare reads with."""
        if self._writer is None:
            self._writer = ArtifactWriter(self.store, self.embedder)
        return self._writer

    def close(self) -> None:
        """Close what this composition made, newest first (each once)."""
        while self._made:
            self._made.pop()()


def compose(
    settings: Settings,
    *,
    store: Store | None = None,
    opener: StoreOpener = _open_settings_store,
    embedder: Embedder | None = None,
    chat: ChatClient | None = None,
    reranker: Reranker | None = None,
    preparer: Preparer | None = None,
) -> Composition:
    """The pieces for ``settings`` (nothing is opened until it is first used)."""
    return Composition(
        settings, store=store, opener=opener, embedder=embedder, chat=chat, reranker=reranker, preparer=preparer
    )


__all__ = ["Composition", "StoreOpener", "compose"]
