"""A gRPC echo server: answers every call with the request's bytes, untouched.

It is the baseline for the ApplyMove benchmark: the same transport, threads and payload size,
with no work at all. Run: ``python -m bench.echo_server PORT [THREADS]``.
"""

from __future__ import annotations

import signal
import sys
import threading
from concurrent import futures

import grpc

SERVICE = "bench.Echo"
METHOD = f"/{SERVICE}/Echo"


def _echo(request: bytes, context: grpc.ServicerContext) -> bytes:
    return request


def main() -> None:
    port = int(sys.argv[1])
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=threads))
    handler = grpc.unary_unary_rpc_method_handler(_echo)  # bytes in, bytes out: no (de)serialisation
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, {"Echo": handler}),))
    server.add_insecure_port(f"127.0.0.1:{port}")
    server.start()
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    print("ready", flush=True)
    stop.wait()
    server.stop(1).wait()


if __name__ == "__main__":
    main()
