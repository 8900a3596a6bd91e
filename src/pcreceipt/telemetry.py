"""OpenTelemetry export: traces and metrics over OTLP, off unless the operator configures it.

The runtime always makes spans and measurements through the OpenTelemetry API (without an SDK
they cost nothing and go nowhere). ``start`` installs the SDK in this process when the standard
variables ask for export, and ``Telemetry.stop`` flushes and closes it; the server does both in
its lifespan, so every ``pcreceipt serve`` process (each ``--workers`` worker too) exports its own
signals and a graceful shutdown loses nothing buffered.

When export is on (docs/deployment.md, "Watching a deployment"):

- ``OTEL_SDK_DISABLED=true`` turns everything off.
- A signal is exported when ``OTEL_TRACES_EXPORTER`` / ``OTEL_METRICS_EXPORTER`` is ``otlp``, or
  when it is unset and an OTLP endpoint is set (``OTEL_EXPORTER_OTLP_ENDPOINT`` or the signal's
  own ``OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`` / ``..._METRICS_ENDPOINT``); ``none`` turns it off.
  Nothing set: nothing exported, no connection attempted.
- The exporters are OTLP over HTTP with protobuf bodies, configured by the SDK's own variables
  (endpoint, headers, timeout, compression; ``OTEL_BSP_*``, ``OTEL_METRIC_EXPORT_INTERVAL``). Any
  other exporter or protocol is refused at start with one line (``TelemetryError``).
- The resource is ``service.name`` ``pcreceipt`` (``OTEL_SERVICE_NAME`` and
  ``OTEL_RESOURCE_ATTRIBUTES`` override it), ``service.version`` and a ``service.instance.id``
  per process, so N servers are N series.

No attribute carries a body, a query or a path's values: spans and metrics name operations, route
templates, statuses, stages, closed reasons and engines only.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from opentelemetry import metrics, trace

from pcreceipt.errors import PcreceiptError

TRACER = trace.get_tracer("pcreceipt")
METER = metrics.get_meter("pcreceipt")

HTTP_DURATION = METER.create_histogram(
    "pcreceipt.http.server.duration", unit="s", description="Time to answer one request, by operation and status."
)
PREPARE_DURATION = METER.create_histogram(
    "pcreceipt.prepare.duration", unit="s", description="Time of one prepare trip (recall, build, Receipt), by status."
)
PREPARE_RECEIPTS = METER.create_counter(
    "pcreceipt.prepare.receipts", description="Receipts asked for, by outcome: attached or dropped (fail-open)."
)
RECALL_FALLBACKS = METER.create_counter(
    "pcreceipt.recall.fallbacks", description="Searches that fell back from the mode asked for, by closed reason."
)
INFERENCE_CALLS = METER.create_counter(
    "pcreceipt.inference.calls", description="Calls to an inference provider, by purpose and outcome."
)
INFERENCE_DURATION = METER.create_histogram(
    "pcreceipt.inference.duration", unit="s", description="Time of one inference provider call, by purpose."
)
STORE_STATEMENTS = METER.create_counter(
    "pcreceipt.store.statements", description="Statements sent to a networked store (round trips), by engine."
)
STORE_DURATION = METER.create_histogram(
    "pcreceipt.store.statement.duration", unit="s", description="Time of one statement's round trip, by engine."
)

_SIGNALS = {"traces": "OTEL_TRACES_EXPORTER", "metrics": "OTEL_METRICS_EXPORTER"}


class TelemetryError(PcreceiptError):
    """The OTEL_* variables ask for something this runtime does not export."""


def _true(value: str | None) -> bool:
    return (value or "").strip().lower() == "true"


def wanted(environ: Mapping[str, str]) -> dict[str, bool]:
    """Which signals the variables ask to export (TelemetryError for an exporter or a protocol
    this runtime does not speak)."""
    if _true(environ.get("OTEL_SDK_DISABLED")):
        return {signal: False for signal in _SIGNALS}
    chosen: dict[str, bool] = {}
    for signal, variable in _SIGNALS.items():
        exporter = environ.get(variable, "").strip().lower()
        endpoint = environ.get("OTEL_EXPORTER_OTLP_ENDPOINT") or environ.get(
            f"OTEL_EXPORTER_OTLP_{signal.upper()}_ENDPOINT"
        )
        if exporter not in ("", "otlp", "none"):
            raise TelemetryError(f"{variable}={exporter}: pcreceipt exports over OTLP only (otlp or none)")
        chosen[signal] = exporter == "otlp" or (exporter == "" and bool(endpoint))
        if chosen[signal]:
            protocol = environ.get(f"OTEL_EXPORTER_OTLP_{signal.upper()}_PROTOCOL") or environ.get(
                "OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"
            )
            if protocol.strip() != "http/protobuf":
                raise TelemetryError(f"OTLP protocol {protocol!r}: pcreceipt exports OTLP over http/protobuf only")
    return chosen


@dataclass
class Telemetry:
    """The SDK providers this process installed; ``stop`` flushes and closes them (once)."""

    tracer_provider: Any | None
    meter_provider: Any | None

    def stop(self) -> None:
        for provider in (self.tracer_provider, self.meter_provider):
            if provider is not None:
                provider.shutdown()  # a final export of what is buffered, then closed
        self.tracer_provider = self.meter_provider = None


_started: Telemetry | None = None


def start(environ: Mapping[str, str] | None = None) -> Telemetry | None:
    """Install the SDK's exporters as the variables ask, once per process (OpenTelemetry's global
    providers are set once); None when nothing is exported or this process already started them."""
    global _started
    environ = os.environ if environ is None else environ
    signals = wanted(environ)
    if not any(signals.values()) or _started is not None:
        return None
    # imported only when exporting: a server without telemetry never loads the SDK
    from opentelemetry.sdk.resources import OTELResourceDetector, Resource

    from pcreceipt import __version__

    base = Resource({"service.name": "pcreceipt", "service.version": __version__})
    resource = base.merge(OTELResourceDetector().detect()).merge(Resource({"service.instance.id": uuid.uuid4().hex}))
    tracer_provider = meter_provider = None
    if signals["traces"]:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor

        tracer_provider = TracerProvider(resource=resource)
        tracer_provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
        trace.set_tracer_provider(tracer_provider)
    if signals["metrics"]:
        from opentelemetry.exporter.otlp.proto.http.metric_exporter import OTLPMetricExporter
        from opentelemetry.sdk.metrics import MeterProvider
        from opentelemetry.sdk.metrics.export import PeriodicExportingMetricReader

        meter_provider = MeterProvider(
            resource=resource, metric_readers=[PeriodicExportingMetricReader(OTLPMetricExporter())]
        )
        metrics.set_meter_provider(meter_provider)
    _started = Telemetry(tracer_provider, meter_provider)
    return _started


def describe(environ: Mapping[str, str] | None = None) -> str:
    """One line for the startup banner: what is exported, and where (never a header's value)."""
    environ = os.environ if environ is None else environ
    signals = [signal for signal, on in wanted(environ).items() if on]
    if not signals:
        return "off (set OTEL_EXPORTER_OTLP_ENDPOINT to export traces and metrics)"
    endpoint = environ.get("OTEL_EXPORTER_OTLP_ENDPOINT") or "the signals' own OTLP endpoints"
    return f"OTLP {' and '.join(signals)} to {endpoint}"
