"""OpenTelemetry spans: one per runtime stage, named as the Receipt's stages, content-free."""

from __future__ import annotations

import json

from _support.receipts import memory, prepare, runtime, scope
from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from pcreceipt.store.protocol import Store

EXPORTER = InMemorySpanExporter()
_PROVIDER = TracerProvider()
_PROVIDER.add_span_processor(SimpleSpanProcessor(EXPORTER))
trace.set_tracer_provider(_PROVIDER)


def test_stage_spans_match_the_receipt_and_carry_no_content(store: Store) -> None:
    EXPORTER.clear()
    project = scope(store)
    memory(store, project.scope_id, "SQLite BODYCANARY81 is the default")
    response = prepare(runtime(store), project.scope_id, "SQLite QUERYCANARY42", include_receipt=True)
    spans = EXPORTER.get_finished_spans()
    (root,) = [s for s in spans if s.name == "context.prepare"]
    children = [s for s in spans if s.name != "context.prepare"]
    assert all(s.parent is not None and s.parent.span_id == root.context.span_id for s in children)
    stages = {s["stage"]: s["count"] for s in response["receipt"]["stages"]}
    runs: dict[str, int] = {}
    for span in children:
        runs[span.name] = runs.get(span.name, 0) + 1
    assert runs == stages
    recorded = json.dumps([dict(s.attributes or {}) for s in spans] + [s.name for s in spans])
    assert "CANARY" not in recorded
    assert dict(root.attributes or {}) == {"pcreceipt.request_id": "0123456789abcdef"}
