"""Optional OpenTelemetry tracing of the gRPC port (``--tracing``; off by default).

With tracing on, every call of the gRPC port is a span (``opentelemetry-instrumentation-grpc``'s server
interceptor): the RPC, its status code and its duration, joined to the caller's trace when the call carries
one (W3C ``traceparent`` metadata). Spans are sent in batches by OTLP over gRPC, configured the standard way
(``OTEL_EXPORTER_OTLP_ENDPOINT``, ``OTEL_EXPORTER_OTLP_HEADERS``...; ``OTEL_SERVICE_NAME``, else
``rules-engine``). The provider is the server's own, not OpenTelemetry's global one, so nothing else in the
process is traced by accident and a stopped server flushes its spans.

The packages are an extra (``pip install 'tabletop-rules-engine[tracing]'``): a server without them starts only with
tracing off, and says what to install when asked for it. The HTTP port is not traced.
"""

from __future__ import annotations

import os
from typing import Any

#: What to install for tracing.
EXTRA = "tabletop-rules-engine[tracing]"


class Tracing:
    """A tracer provider of one server and its gRPC server interceptor; ``exporter``: where spans go
    (``None``: OTLP over gRPC, as the ``OTEL_*`` environment says)."""

    def __init__(self, exporter: Any | None = None) -> None:
        try:
            from opentelemetry.instrumentation.grpc import aio_server_interceptor
            from opentelemetry.sdk.resources import Resource
            from opentelemetry.sdk.trace import TracerProvider
            from opentelemetry.sdk.trace.export import BatchSpanProcessor

            if exporter is None:
                from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter

                exporter = OTLPSpanExporter()
        except ImportError as exc:
            raise ValueError(f"--tracing needs OpenTelemetry: pip install '{EXTRA}' ({exc})") from exc
        named = {} if os.environ.get("OTEL_SERVICE_NAME") else {"service.name": "rules-engine"}
        self.provider = TracerProvider(resource=Resource.create(named))
        self.provider.add_span_processor(BatchSpanProcessor(exporter))
        self.interceptor: Any = aio_server_interceptor(tracer_provider=self.provider)
        """The interceptor to give the ``grpc.aio`` server."""

    def close(self) -> None:
        """Send the spans still held, then stop."""
        self.provider.shutdown()
