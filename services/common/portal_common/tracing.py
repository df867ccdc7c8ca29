"""One trace from the browser to the last consumer (issue 21): OpenTelemetry in every service.

A request continues the W3C ``traceparent`` it comes with (from Traefik, or from identity's ForwardAuth answer,
which Traefik copies onto the forwarded request), so the gateway, ForwardAuth and the service share one trace.
An event staged in the outbox carries the ``traceparent`` of the work that staged it (in its envelope, so it is
stored with the outbox row); the relay publishes it in a span of its own and sends that span's ``traceparent`` in
the NATS message headers; every consumer continues it, and the events its handler stages carry it on.

Trace and span ids are always made and passed on, so every JSON log line carries ``traceId`` and ``spanId``
and logs join across services; spans are recorded and exported only when ``PORTAL_OTLP_ENDPOINT`` names an
OTLP/HTTP collector (tracing off when unset: no span is kept or sent, at next to no cost).
"""

import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from fastapi import FastAPI
from opentelemetry import context, propagate, trace
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.instrumentation.fastapi import FastAPIInstrumentor
from opentelemetry.instrumentation.httpx import HTTPXClientInstrumentor
from opentelemetry.instrumentation.psycopg import PsycopgInstrumentor
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor
from opentelemetry.sdk.trace.sampling import ALWAYS_OFF, ALWAYS_ON, ParentBased

log = logging.getLogger(__name__)
TRACEPARENT = "traceparent"
UNTRACED_URLS = "healthz,readyz,metrics"
_tracer = trace.get_tracer("portal")


def configure_tracing(service: str, otlp_endpoint: str) -> None:
    """Once per process. ``otlp_endpoint``: the collector's base URL (``http://collector:4318``) or empty."""
    if isinstance(trace.get_tracer_provider(), TracerProvider):
        return
    exporting = bool(otlp_endpoint)
    # Without a collector no span is recorded, even under a caller's "sampled" traceparent (Traefik sends one):
    # a recorded span nobody exports only costs time, on every request and every query. Ids are made either way.
    provider = TracerProvider(resource=Resource.create({"service.name": service}),
                              sampler=ParentBased(ALWAYS_ON) if exporting else ALWAYS_OFF)
    if exporting:
        provider.add_span_processor(BatchSpanProcessor(
            OTLPSpanExporter(endpoint=otlp_endpoint.rstrip("/") + "/v1/traces")))
    trace.set_tracer_provider(provider)
    PsycopgInstrumentor().instrument(skip_dep_check=True)
    HTTPXClientInstrumentor().instrument()
    log.info("tracing %s", f"exported to {otlp_endpoint}" if exporting else "ids only (PORTAL_OTLP_ENDPOINT unset)")


def instrument_app(app: FastAPI) -> None:
    # No span per ASGI message: an upload's body arrives in one message per 64 KB chunk (issue 18, Uploads).
    FastAPIInstrumentor.instrument_app(app, excluded_urls=UNTRACED_URLS, exclude_spans=["receive", "send"])


def current_ids() -> tuple[str, str] | None:
    """The current trace and span id as hex, for log lines; None outside any trace."""
    span_context = trace.get_current_span().get_span_context()
    if not span_context.is_valid:
        return None
    return f"{span_context.trace_id:032x}", f"{span_context.span_id:016x}"


def current_traceparent() -> str | None:
    carrier: dict[str, str] = {}
    propagate.inject(carrier)
    return carrier.get(TRACEPARENT)


@contextmanager
def continued_span(name: str, traceparent: str | None, attributes: Mapping[str, str],
                   kind: trace.SpanKind = trace.SpanKind.CONSUMER) -> Iterator[None]:
    """A span continuing ``traceparent`` (a new trace when there is none), current while the block runs."""
    parent = propagate.extract({TRACEPARENT: traceparent} if traceparent else {})
    token = context.attach(parent)
    try:
        with _tracer.start_as_current_span(name, kind=kind, attributes=dict(attributes)):
            yield
    finally:
        context.detach(token)
