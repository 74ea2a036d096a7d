"""A gRPC echo server: answers every call with the request's bytes, untouched.

It is the baseline of the server benchmark (``bench.server_bench``): the same transport, threads and
payload size, with no work at all. Its second method, ``Floor``, is the least any ApplyMove can do in
Python: parse the request as an ApplyMoveRequest and answer an ApplyMoveResponse holding its state (no
rules, no memo, no logging, no error mapping), so the benchmark shows how close to echo a Python
handler can come at all. ``Floor25``, ``Floor50`` and the like (``FLOOR_WORK_US``) do the same and then
spend that many microseconds of the handler thread's CPU in a Python loop: how much work per call the
benchmark's targets leave a handler. Run: ``python -m bench.echo_server PORT [THREADS [WORKERS]]``; with
several workers, that many processes share the port (SO_REUSEPORT) like ``rules-engine serve --workers``.
"""

from __future__ import annotations

import functools
import multiprocessing
import signal
import sys
import threading
import time
from concurrent import futures

import grpc
from rulesengine.v1 import service_pb2

SERVICE = "bench.Echo"
METHOD = f"/{SERVICE}/Echo"
#: The extra handler work (µs of thread CPU per call) each ``Floor<N>`` method spends.
FLOOR_WORK_US = (10, 25, 50, 100, 200)


def _echo(request: bytes, context: grpc.ServicerContext) -> bytes:
    return request


def _floor(request: bytes, context: grpc.ServicerContext, work_us: int = 0) -> bytes:
    """Parse an ApplyMoveRequest, answer an ApplyMoveResponse with the same state: the work no ApplyMove
    avoids; then spend ``work_us`` µs of this thread's CPU."""
    state = service_pb2.ApplyMoveRequest.FromString(request).state
    response = service_pb2.ApplyMoveResponse(state=state).SerializeToString()
    until = time.thread_time() + work_us / 1e6
    while time.thread_time() < until:
        pass
    return response


def _floor_name(work_us: int) -> str:
    """The floor method that spends ``work_us`` µs more: ``Floor`` (0), ``Floor25``, ..."""
    return "Floor" + (str(work_us) if work_us else "")


def floor_method(work_us: int) -> str:
    """The full name of the floor method that spends ``work_us`` µs more (0: the bare floor)."""
    return f"/{SERVICE}/{_floor_name(work_us)}"


def serve(port: int, threads: int) -> None:
    """Serve the echo method on ``127.0.0.1:port`` with ``threads`` handler threads until SIGTERM."""
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=threads), options=[("grpc.so_reuseport", 1)])
    handlers = {  # bytes in, bytes out: gRPC does no (de)serialisation
        "Echo": grpc.unary_unary_rpc_method_handler(_echo),
        **{
            _floor_name(work): grpc.unary_unary_rpc_method_handler(functools.partial(_floor, work_us=work))
            for work in (0, *FLOOR_WORK_US)
        },
    }
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, handlers),))
    server.add_insecure_port(f"127.0.0.1:{port}")
    server.start()
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    print("ready", flush=True)
    stop.wait()
    server.stop(1).wait()


def serve_workers(port: int, threads: int, workers: int) -> None:
    """Run ``workers`` echo processes on the same port until SIGTERM, then stop them."""
    context = multiprocessing.get_context("spawn")  # nothing of gRPC's state crosses a fork
    processes = [context.Process(target=serve, args=(port, threads)) for _ in range(workers)]
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    for process in processes:
        process.start()
    stop.wait()
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(10)


def main() -> None:
    """Entry point: ``PORT [THREADS [WORKERS]]`` (8 threads and one process by default)."""
    port = int(sys.argv[1])
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    if workers == 1:
        serve(port, threads)
    else:
        serve_workers(port, threads, workers)


if __name__ == "__main__":
    main()
