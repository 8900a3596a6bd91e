"""The prepare runtime: plan + Scope -> recall (records evidence) -> build -> receipt -> ``Prepared``.

``PrepareRuntime.run`` takes the parsed request (``plan.PreparePlan``) and the Scope it prepares
over, already read (the server's authorisation step reads it once to check its references and
passes it on), and returns a ``reply.Prepared``. ``PrepareRuntime.prepare`` is the in-process
front door (demo, benchmarks, tests): it parses the plan, reads the Scope once and runs.

Each stage is its own module and is entered once: ``recall`` reads the store and the providers
and records evidence; ``build`` is pure and renders the content (recording what it cites);
``receipt`` is pure and returns a checked Receipt or fails. Asking for a Receipt adds no search,
no embedding and no model call: the Receipt is assembled from the evidence the same recall
already recorded.

A Receipt that cannot be built perfectly is dropped whole; one content-free diagnostic is
logged (event ``receipt_dropped`` with the failure code, counts, receipt id and request id) and
the response is exactly what the same request without the flag returns.

The runtime makes nothing it works with: the store and the providers are handed in
(``pcreceipt.compose`` builds them from the settings and closes them).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import time
import uuid
from collections.abc import Mapping
from typing import Any, Protocol

from pcreceipt.config import Settings
from pcreceipt.inference import ChatClient, Embedder
from pcreceipt.models import limits
from pcreceipt.prepare.build import build
from pcreceipt.prepare.build_types import BuildInput
from pcreceipt.prepare.plan import PreparePlan
from pcreceipt.prepare.recall import Recall, RecallPlan
from pcreceipt.prepare.receipt import CheckedReceipt, ReceiptFailure, assemble_receipt
from pcreceipt.prepare.reply import Prepared
from pcreceipt.prepare.rerank import Reranker
from pcreceipt.store.protocol import RecallReads
from pcreceipt.store.records import RecordNotFound, Scope
from pcreceipt.store.service import receipt_cutoff
from pcreceipt.telemetry import PREPARE_DURATION, PREPARE_RECEIPTS, RECALL_FALLBACKS, TRACER

PREPARED_CONTEXT_SCHEMA = limits.PREPARED_CONTEXT_SCHEMA_CONST
DEGRADED_REASONS = limits.DEGRADATION_REASON_ENUM
log = logging.getLogger("pcreceipt.receipt")


class Preparer(Protocol):
    """What the server needs of a prepare runtime."""

    def run(self, plan: PreparePlan, scope: Scope, *, request_id: str) -> Prepared: ...


class PrepareRuntime:
    """Serves prepare for one store and one set of providers (safe to share across threads)."""

    def __init__(
        self,
        store: RecallReads,
        settings: Settings,
        *,
        embedder: Embedder | None,
        chat: ChatClient | None,
        reranker: Reranker | None,
    ) -> None:
        self.store = store
        self.settings = settings
        self.recall = Recall(
            store,
            embedder=embedder,
            embedding=settings.embedding,
            reranker=reranker,
            rerank=settings.rerank,
            expansion=settings.expansion,
            chat=chat,
            generation=settings.generation,
        )

    def prepare(self, request: Mapping[str, Any], *, request_id: str) -> Prepared:
        """Prepare for a gate-validated request body, in process (no authorisation step).
        ``RecordNotFound`` (kind ``scope``) when the Scope does not exist; a store that cannot be
        reached raises its ``StoreUnavailable``. What an HTTP client is answered for either is
        decided in one place, ``pcreceipt.server.http.store_errors.api_error``."""
        plan = PreparePlan.from_request(request)
        with self.store.pinned_connection():  # the Scope read joins the run's reads on one connection
            scope = self.store.get_scope(plan.scope_id)
            if scope is None:
                raise RecordNotFound("no such Scope", kind="scope")
            return self.run(plan, scope, request_id=request_id)

    def run(self, plan: PreparePlan, scope: Scope, *, request_id: str) -> Prepared:
        """The trip for ``plan`` over ``scope`` (the Scope ``plan.scope_id`` names, already read).
        A failure of a family's read degrades that family (recall); a store lost for the Scope
        or the bootstrap read raises ``StoreUnavailable`` to the caller."""
        started = time.perf_counter()
        with TRACER.start_as_current_span("context.prepare", attributes={"pcreceipt.request_id": request_id}):
            prepared = self._run(plan, scope, request_id)
        _measure(prepared, time.perf_counter() - started)
        return prepared

    def _bootstrap_exclusions(self, plan: PreparePlan, scope: Scope) -> frozenset[tuple[str, str, int]]:
        """The revisions the named bootstrap receipt delivered untruncated, when it is a live
        receipt of this Scope recorded injected; nothing for any other value (never an error)."""
        if plan.bootstrap_receipt_id is None:
            return frozenset()
        items = self.store.bootstrap_exclusions(scope.scope_id, plan.bootstrap_receipt_id, since=receipt_cutoff())
        return frozenset((item.scope_id, item.artifact_id, item.revision) for item in items)

    def _run(self, plan: PreparePlan, scope: Scope, request_id: str) -> Prepared:
        # Every store read of the trip happens here, on one connection (``Store.pinned_connection``:
        # one checkout, so one ping, on a pooled engine), returned before the build unless the
        # caller's own block keeps it (the server's, for the statistics it writes after).
        with self.store.pinned_connection():
            recall_plan = RecallPlan(
                query=plan.query,
                scope_ids=(scope.scope_id, *scope.context_references),
                families=tuple(s.family for s in plan.build.sections),
                include_code=plan.include_code,
                excluded=self._bootstrap_exclusions(plan, scope),
            )
            result = self.recall.run(recall_plan)
        evidence = result.evidence
        for search in evidence.searches:
            if search.fallback_reason != "none":  # a closed reason, never the query
                RECALL_FALLBACKS.add(1, {"pcreceipt.recall.fallback_reason": search.fallback_reason})
        build_plan = plan.build
        if build_plan.markdown:  # history and code share the server's assembly_max_entries
            build_plan = dataclasses.replace(build_plan, entry_limit=self.settings.assembly_max_entries)
        with evidence.stage("context.build"):
            built = build(BuildInput(build_plan, result.history, result.code, result.code_checked_at))
        fields: dict[str, Any] = {
            "schema": PREPARED_CONTEXT_SCHEMA,
            "status": "ready" if built.content is not None else "empty",
            "content": built.content,
            "content_bytes": built.content_bytes,
        }
        if plan.explain and evidence.degraded in DEGRADED_REASONS:
            fields["reason"] = evidence.degraded
        receipt: CheckedReceipt | None = None
        if plan.include_receipt:
            receipt_id = str(uuid.uuid4())
            try:
                receipt = assemble_receipt(
                    evidence=evidence, build=built, query=plan.query, max_bytes=plan.max_bytes, receipt_id=receipt_id
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
        return Prepared(plan, fields, receipt, tuple(item.origin for item in built.items))


def _measure(prepared: Prepared, seconds: float) -> None:
    """The prepare's telemetry: its time by status, and the Receipt's outcome when one was asked for."""
    PREPARE_DURATION.record(seconds, {"pcreceipt.prepare.status": prepared.fields["status"]})
    if prepared.plan.include_receipt:
        outcome = "attached" if prepared.receipt is not None else "dropped"
        PREPARE_RECEIPTS.add(1, {"pcreceipt.receipt.outcome": outcome})


__all__ = ["PREPARED_CONTEXT_SCHEMA", "PrepareRuntime", "Preparer"]
