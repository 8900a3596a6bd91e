"""The prepare runtime: request -> recall (records evidence) -> builder -> receipt -> response.

``PrepareRuntime.prepare`` takes a gate-validated request body and returns the PreparedContext
dict; the server gates it again before sending. Each stage is its own module: ``recall`` reads
the store and the providers and records evidence; ``build`` is pure; ``receipt`` is pure and
validates or fails. Asking for a Receipt adds no search, no embedding and no model call: the
Receipt is assembled from the evidence the same recall already recorded.

A Receipt that cannot be built perfectly is dropped whole; one content-free diagnostic is
logged (event ``receipt_dropped`` with the failure code, counts, receipt id and request id) and
the response is exactly what the same request without the flag returns.
"""

from __future__ import annotations

import json
import logging
import uuid
from collections.abc import Mapping
from typing import Any

from pcreceipt.config import Settings
from pcreceipt.errors import NotFound, ServiceUnavailable
from pcreceipt.inference import ChatClient, Embedder, make_embedder
from pcreceipt.models import limits
from pcreceipt.prepare.build import build
from pcreceipt.prepare.build_types import (
    DEFAULT_FAMILIES,
    DEFAULT_FAMILY_LIMITS,
    DEFAULT_TOTAL_LIMIT,
    BuildInput,
    BuildPlan,
    SectionPlan,
)
from pcreceipt.prepare.evidence import TRACER
from pcreceipt.prepare.recall import Recall, RecallPlan
from pcreceipt.prepare.receipt import ReceiptFailure, assemble_receipt
from pcreceipt.prepare.rerank import RERANK_PROMPT_KEY, LexicalReranker, ModelReranker, Reranker
from pcreceipt.store.protocol import ArtifactRef, HistoryFamily, Store, StoreUnavailable

PREPARED_CONTEXT_SCHEMA = "powercontext.prepared-context.v1"
SELECTOR_FAMILY: Mapping[str, HistoryFamily] = {
    "memory": "atomic-memory",
    "topic-memory": "topic-memory",
    "experience": "experience",
    "profile": "profile",
}
log = logging.getLogger("pcreceipt.receipt")


def build_plan(request: Mapping[str, Any]) -> BuildPlan:
    """The builder's plan for a request: the default recall, or the explicit assembly."""
    max_bytes = int(request.get("max_bytes", limits.PREPARE_CONTEXT_REQUEST_MAX_BYTES_DEFAULT))
    include_code = bool(request.get("include_code", False))
    assembly = request.get("assembly")
    if assembly is None:
        sections = tuple(SectionPlan(f, DEFAULT_FAMILY_LIMITS[f]) for f in DEFAULT_FAMILIES)
        return BuildPlan(max_bytes, sections, True, DEFAULT_TOTAL_LIMIT, include_code)
    sections = tuple(SectionPlan(SELECTOR_FAMILY[s["family"]], int(s["limit"])) for s in assembly.get("sections", []))
    return BuildPlan(
        max_bytes,
        sections,
        False,
        sum(s.limit for s in sections),
        include_code,
        markdown=True,
        show=tuple(assembly.get("show", [])),
    )


class PrepareRuntime:
    """Serves prepare for one store and one set of providers (safe to share across threads)."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        *,
        embedder: Embedder | None = None,
        chat: ChatClient | None = None,
        reranker: Reranker | None = None,
    ) -> None:
        self.store = store
        self.settings = settings
        self.embedder = embedder if embedder is not None else make_embedder(settings.embedding)
        needs_chat = settings.rerank.kind == "model" or settings.expansion.kind == "model"
        self.chat = chat if chat is not None or not needs_chat else ChatClient.from_settings(settings)
        self.reranker = reranker if reranker is not None else self._make_reranker()
        self.recall = Recall(
            store,
            embedder=self.embedder,
            embedding=settings.embedding,
            reranker=self.reranker,
            rerank=settings.rerank,
            expansion=settings.expansion,
            chat=self.chat,
            generation=settings.generation,
        )

    def _make_reranker(self) -> Reranker | None:
        kind = self.settings.rerank.kind
        if kind == "lexical":
            return LexicalReranker(self.settings.rerank)
        if kind == "model" and self.chat is not None:
            return ModelReranker(self.chat, self.settings.generation, self.settings.rerank, self._prompt_source)
        return None

    def _prompt_source(self, scope_id: str) -> tuple[ArtifactRef, Mapping[str, Any]] | None:
        record = self.store.find_prompt(scope_id, RERANK_PROMPT_KEY)
        return None if record is None else (record.ref, record.content)

    def prepare(self, request: Mapping[str, Any], *, request_id: str) -> dict[str, Any]:
        with TRACER.start_as_current_span("context.prepare", attributes={"pcreceipt.request_id": request_id}):
            try:
                return self._prepare(request, request_id)
            except StoreUnavailable:
                raise ServiceUnavailable("the store is unavailable") from None

    def _prepare(self, request: Mapping[str, Any], request_id: str) -> dict[str, Any]:
        scope = self.store.get_scope(request["scope_id"])
        if scope is None:
            raise NotFound("no such Scope")
        plan = build_plan(request)
        recall_plan = RecallPlan(
            query=request["query"],
            scope_ids=(scope.scope_id, *scope.context_references),
            families=tuple(s.family for s in plan.sections),
            include_code=plan.include_code,
        )
        result = self.recall.run(recall_plan)
        evidence = result.evidence
        with evidence.stage("context.build"):
            built = build(BuildInput(plan, result.history, result.code))
        response: dict[str, Any] = {
            "schema": PREPARED_CONTEXT_SCHEMA,
            "status": "ready" if built.content is not None else "empty",
            "content": built.content,
            "content_bytes": built.content_bytes,
        }
        if request.get("explain") and evidence.degraded in limits.DEGRADATION_REASON_ENUM:
            response["reason"] = evidence.degraded
        if request.get("include_receipt") is True:
            receipt_id = str(uuid.uuid4())
            try:
                response["receipt"] = assemble_receipt(
                    evidence=evidence,
                    build=built,
                    query=request["query"],
                    max_bytes=plan.max_bytes,
                    receipt_id=receipt_id,
                )
            except ReceiptFailure as failure:
                log.warning(
                    json.dumps(
                        {
                            "event": "receipt_dropped",
                            "code": failure.code,
                            "counts": failure.counts,
                            "receipt_id": receipt_id,
                            "request_id": request_id,
                        },
                        sort_keys=True,
                    )
                )
        return response

    def close(self) -> None:
        for provider in (self.embedder, self.chat):
            close = getattr(provider, "close", None)
            if callable(close):
                close()
