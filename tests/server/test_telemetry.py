"""Telemetry as an operator meets it: ``pcreceipt serve`` started with the standard ``OTEL_*``
variables exports its traces and metrics over OTLP/HTTP to a loopback receiver this test runs, on
both engines, and flushes what it buffered when it stops gracefully (the export intervals are set
far beyond the test, so only the shutdown's flush can deliver anything). No exported attribute
carries the query, a body or a path's values. Without the variables nothing is exported and the
banner says so; an exporter or protocol the runtime does not speak is one line and exit 2.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest
from _support.commands import PCRECEIPT, ServerProcess, run, user_environment
from _support.ports import free_port
from _support.seekdb import oceanbase_url
from opentelemetry.proto.collector.metrics.v1.metrics_service_pb2 import ExportMetricsServiceRequest
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

CANARY = "telemetry-canary-7f3a"
NEVER = "3600000"  # ms: no periodic export happens while the test runs


class Receiver:
    """A loopback OTLP/HTTP receiver: every request body kept by path, answered 200."""

    def __init__(self) -> None:
        self.bodies: dict[str, list[bytes]] = {"/v1/traces": [], "/v1/metrics": []}
        received = self.bodies

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                received.setdefault(self.path, []).append(self.rfile.read(length))
                self.send_response(200)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def spans(self) -> list[tuple[dict[str, Any], Any]]:
        """(resource attributes, span) for every span received."""
        found = []
        for body in self.bodies["/v1/traces"]:
            request = ExportTraceServiceRequest.FromString(body)
            for resource_spans in request.resource_spans:
                resource = {a.key: a.value.string_value for a in resource_spans.resource.attributes}
                found += [(resource, span) for scope in resource_spans.scope_spans for span in scope.spans]
        return found

    def metrics(self) -> dict[str, list[Any]]:
        """Every metric received, by name."""
        found: dict[str, list[Any]] = {}
        for body in self.bodies["/v1/metrics"]:
            request = ExportMetricsServiceRequest.FromString(body)
            for resource_metrics in request.resource_metrics:
                for scope in resource_metrics.scope_metrics:
                    for metric in scope.metrics:
                        found.setdefault(metric.name, []).append(metric)
        return found

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    received = Receiver()
    yield received
    received.close()


def _points(metric: Any) -> list[Any]:
    for kind in ("sum", "histogram", "gauge"):
        if metric.HasField(kind):
            return list(getattr(metric, kind).data_points)
    return []


def _attributes(point: Any) -> dict[str, Any]:
    return {a.key: a.value.string_value or a.value.int_value for a in point.attributes}


def _serve_and_prepare(env: dict[str, str]) -> ServerProcess:
    """``pcreceipt serve`` in ``env``, after a Scope, a memory, three prepares with a Receipt and a
    read of a missing Scope (its id the canary); the server still running."""
    port = free_port()
    server = ServerProcess([PCRECEIPT, "serve", "--port", str(port)], env)
    url = f"http://127.0.0.1:{port}"
    try:
        assert server.wait_ready(url, 60)
        with httpx.Client(base_url=url, timeout=30) as http:
            created = http.post("/v1/scopes", json={"title": "Telemetry", "summary": "watched", "idempotency_key": "t"})
            assert created.status_code == 201, created.text
            scope = created.json()["scope_id"]
            remembered = http.post(
                "/v1/memory/remember", json={"scope_id": scope, "kind": "fact", "text": f"the {CANARY} memory"}
            )
            assert remembered.status_code == 200, remembered.text
            body = {"scope_id": scope, "query": f"what is {CANARY}", "include_receipt": True}
            for _ in range(3):
                prepared = http.post("/v1/context/prepare", json=body)
                assert prepared.status_code == 200 and "receipt" in prepared.json(), prepared.text
            assert http.get(f"/v1/scopes/{CANARY}").status_code == 404
    except BaseException:
        print(server.stop())
        raise
    return server


@pytest.mark.parametrize("engine", ["sqlite", "oceanbase"])
def test_a_server_exports_traces_and_metrics_and_flushes_them_when_it_stops(
    engine: str, receiver: Receiver, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    extra = {
        "OTEL_EXPORTER_OTLP_ENDPOINT": receiver.url,
        "OTEL_BSP_SCHEDULE_DELAY": NEVER,
        "OTEL_METRIC_EXPORT_INTERVAL": NEVER,
        "OTEL_RESOURCE_ATTRIBUTES": "deployment.environment=test",
    }
    if engine == "oceanbase":
        request.getfixturevalue("seekdb_server")
        extra["PCRECEIPT_STORE_URL"] = oceanbase_url(tmp_path)
    server = _serve_and_prepare(user_environment(tmp_path, extra))
    assert receiver.bodies["/v1/traces"] == [] and receiver.bodies["/v1/metrics"] == []  # nothing before the stop
    banner = server.stop()
    assert f"telemetry      OTLP traces and metrics to {receiver.url}" in banner, banner

    spans = receiver.spans()
    names = {span.name for _, span in spans}
    assert {"POST /v1/context/prepare", "context.prepare", "context.build", "GET /v1/scopes/{scope_id}"} <= names, names
    resources = {tuple(sorted(resource.items())) for resource, _ in spans}
    assert len(resources) == 1, resources  # one process, one instance
    resource = dict(next(iter(resources)))
    assert resource["service.name"] == "pcreceipt" and resource["deployment.environment"] == "test"
    assert len(resource["service.instance.id"]) == 32
    by_id = {span.span_id: span for _, span in spans}
    trip = next(span for _, span in spans if span.name == "context.prepare")
    assert by_id[trip.parent_span_id].name == "POST /v1/context/prepare"  # the request's span is its parent
    served = next(span for _, span in spans if span.name == "GET /v1/scopes/{scope_id}")
    assert {a.key: a.value.int_value for a in served.attributes}["http.response.status_code"] == 404

    received = b"".join(receiver.bodies["/v1/traces"] + receiver.bodies["/v1/metrics"])
    assert CANARY.encode() not in received  # neither the query, the memory, nor the path's value

    metrics = receiver.metrics()
    prepares = [p for m in metrics["pcreceipt.prepare.duration"] for p in _points(m)]
    assert sum(p.count for p in prepares) == 3 and {_attributes(p)["pcreceipt.prepare.status"] for p in prepares} == {
        "ready"
    }
    receipts = {
        _attributes(p)["pcreceipt.receipt.outcome"]: p.as_int
        for m in metrics["pcreceipt.prepare.receipts"]
        for p in _points(m)
    }
    assert receipts == {"attached": 3}
    answered = {
        (_attributes(p)["pcreceipt.operation"], _attributes(p)["http.response.status_code"]): p.count
        for m in metrics["pcreceipt.http.server.duration"]
        for p in _points(m)
    }
    assert answered[("prepare_context", 200)] == 3 and answered[("get_scope", 404)] == 1, answered
    statements = [p for m in metrics.get("pcreceipt.store.statements", []) for p in _points(m)]
    if engine == "oceanbase":  # the networked engine's round trips are counted
        assert sum(p.as_int for p in statements) > 3 and all(
            _attributes(p) == {"pcreceipt.store.engine": "oceanbase"} for p in statements
        )
    else:
        assert statements == []


def test_without_the_variables_nothing_is_exported_and_the_banner_says_so(receiver: Receiver, tmp_path: Path) -> None:
    # the endpoint is set, and OTEL_SDK_DISABLED wins: what an operator sets to turn it all off
    env = user_environment(tmp_path, {"OTEL_EXPORTER_OTLP_ENDPOINT": receiver.url, "OTEL_SDK_DISABLED": "true"})
    server = _serve_and_prepare(env)
    banner = server.stop()
    assert "telemetry      off (set OTEL_EXPORTER_OTLP_ENDPOINT to export traces and metrics)" in banner, banner
    assert receiver.bodies == {"/v1/traces": [], "/v1/metrics": []}


@pytest.mark.parametrize(
    ("variables", "message"),
    [
        ({"OTEL_TRACES_EXPORTER": "zipkin"}, "error: OTEL_TRACES_EXPORTER=zipkin: pcreceipt exports over OTLP only"),
        (
            {"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:1", "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"},
            "error: OTLP protocol 'grpc': pcreceipt exports OTLP over http/protobuf only",
        ),
    ],
)
def test_an_exporter_it_does_not_speak_is_one_line(tmp_path: Path, variables: dict[str, str], message: str) -> None:
    result = run([PCRECEIPT, "serve", "--port", str(free_port())], user_environment(tmp_path, variables), timeout=60)
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1 and lines[0].startswith(message), result.stderr
