"""The servers a fuzz run starts: ``rules-engine serve`` processes on free ports of 127.0.0.1 (the gRPC
port and, for the fuzzed one, the HTTP port), their health, their memory per process, and the
INTERNAL errors their logs hold."""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from bench.server_bench import free_port
from tools.fuzz.transport import wait_http

# ---- memory --------------------------------------------------------------------------------------------


def _vmrss(pid: int) -> int | None:
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return None


def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` after the command name (state, ppid, ...)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def descendants(pid: int) -> list[tuple[int, int]]:
    """``pid`` and every process under it, as (pid, parent pid), parents first."""
    children: dict[int, list[int]] = collections.defaultdict(list)
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            children[int(fields[1])].append(int(stat.parent.name))
    found = [(pid, 0)]
    at = 0
    while at < len(found):
        parent = found[at][0]
        found += [(child, parent) for child in sorted(children.get(parent, ()))]
        at += 1
    return found


def rss_kib(pid: int) -> int | None:
    """VmRSS of ``pid`` and of every process under it (workers, drawing processes), KiB; ``None`` once it is gone."""
    by = rss_by_process(pid, 1)
    return sum(by.values()) if by else None


def _role(pid: int, parent: int, root: int, workers: int) -> str:
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
    except OSError:
        command = b""
    if b"resource_tracker" in command:
        return "resource tracker"
    fields = _stat(pid)
    nice = int(fields[16]) if fields and len(fields) > 16 and fields[16].lstrip("-").isdigit() else 0
    if nice > 0:
        return "pictures/search"
    if parent == root and workers > 1:
        return "worker"
    return "child"


def rss_by_process(root: int, workers: int) -> dict[str, int]:
    """VmRSS (KiB) of the server ``root`` and each process under it, by a label naming its role and pid:
    ``server``, ``worker 1234`` (with ``--workers`` above 1), ``pictures/search 1240 (of 1234)`` (the PNG and
    searching processes, which run at a lower priority, and the worker they belong to), ``resource tracker
    1236``; empty once the server is gone."""
    found: dict[str, int] = {}
    for pid, parent in descendants(root):
        rss = _vmrss(pid)
        if rss is None:
            if pid == root:
                return {}
            continue
        if pid == root:
            found["server"] = rss
        else:
            under = f" (of {parent})" if parent != root else ""
            found[f"{_role(pid, parent, root, workers)} {pid}{under}"] = rss
    return found


# ---- processes -------------------------------------------------------------------------------------------


def serve_command(source: Path | None = None) -> list[str]:
    """``rules-engine`` of this virtualenv, else the module run by this interpreter; the module from the
    checkout ``source`` when given."""
    if source is not None:
        return [sys.executable, "-m", "server.cli"]
    script = Path(sys.executable).with_name("rules-engine")
    return [str(script)] if script.exists() else [sys.executable, "-m", "server.cli"]


def source_env(source: Path | None) -> dict[str, str] | None:
    """The environment that makes a server process import the checkout ``source`` (``None``: ours)."""
    if source is None:
        return None
    return {**os.environ, "PYTHONPATH": str(source)}


def server_code(source: Path | None = None) -> str:
    """Where the ``server`` package a server started with ``source`` imports lives (checked, not assumed)."""
    done = subprocess.run(
        [sys.executable, "-c", "import server, engines; print(server.__file__); print(engines.__file__)"],
        cwd=source,
        env=source_env(source),
        capture_output=True,
        text=True,
        check=True,
    )
    server_file, engines_file = done.stdout.split()
    if source is not None:
        for found in (server_file, engines_file):
            if not Path(found).resolve().is_relative_to(source.resolve()):
                raise RuntimeError(f"a server started from {source} imports {found}, not that checkout's code")
    return str(Path(server_file).parent)


@dataclasses.dataclass
class Shutdown:
    """How a server we started stopped on SIGTERM."""

    label: str
    in_time: bool
    seconds: float
    returncode: int | None
    after_hang: bool


class ServerProcess:
    """``rules-engine serve`` on a free port of 127.0.0.1 (and a free HTTP port with ``http``), logging to a
    file, restartable; ``source`` runs the code of another checkout."""

    def __init__(
        self,
        label: str,
        flags: list[str],
        grace: float,
        log_dir: Path,
        *,
        http: bool = False,
        source: Path | None = None,
        workers: int = 1,
    ) -> None:
        self.label = label
        self.flags = flags
        self.grace = grace
        self.log_dir = log_dir
        self.http = http
        self.source = source
        self.workers = workers
        self.logs: list[Path] = []
        self.process: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.http_port = 0
        self.shutdowns: list[Shutdown] = []

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def start(self, timeout: float = 60.0) -> None:
        """Start and wait until health reports SERVING (and the HTTP port answers ``/healthz``)."""
        self.port = free_port()
        self.http_port = free_port() if self.http else 0
        log = self.log_dir / f"{self.label}-{len(self.logs)}.log"
        self.logs.append(log)
        argv = [*serve_command(self.source), "serve", "--host", "127.0.0.1", "--port", str(self.port)]
        argv += ["--log-level", "warning", "--grace-seconds", str(self.grace), *self.flags]
        if self.http:
            argv += ["--http-port", str(self.http_port)]
        with log.open("wb") as sink:
            self.process = subprocess.Popen(
                argv, stdout=sink, stderr=subprocess.STDOUT, cwd=self.source, env=source_env(self.source)
            )
        try:
            wait_serving(self.target, timeout, self.alive)
            if self.http and not wait_http(self.http_port, timeout):
                raise RuntimeError(f"the HTTP port {self.http_port} did not answer /healthz within {timeout:.0f} s")
        except RuntimeError as exc:
            if self.alive():
                self.stop()
            tail = "\n".join(log.read_text(errors="replace").splitlines()[-15:])
            raise RuntimeError(f"{exc}; its output ends:\n{tail}") from exc

    def stop(self, after_hang: bool = False) -> Shutdown:
        """SIGTERM, then wait the grace period + 1 s; kill it if it is still running."""
        assert self.process is not None
        started = time.monotonic()
        in_time = True
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(self.grace + 1)
            except subprocess.TimeoutExpired:
                in_time = False
                self.process.kill()
                self.process.wait(30)
        result = Shutdown(self.label, in_time, time.monotonic() - started, self.process.returncode, after_hang)
        self.shutdowns.append(result)
        return result

    def restart(self, after_hang: bool) -> None:
        self.stop(after_hang)
        self.start()

    def rss(self) -> dict[str, int]:
        """VmRSS (KiB) of each process of this server (``rss_by_process``); empty when it is not running."""
        return rss_by_process(self.pid, self.workers) if self.alive() else {}


def wait_serving(target: str, timeout: float, alive: Callable[[], bool] = lambda: True) -> None:
    """Wait until ``grpc.health.v1`` reports SERVING at ``target``."""
    deadline = time.monotonic() + timeout
    with grpc.insecure_channel(target) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        while time.monotonic() < deadline:
            if not alive():
                raise RuntimeError(f"the server for {target} exited during start-up")
            with contextlib.suppress(grpc.RpcError):
                if (
                    health.Check(health_pb2.HealthCheckRequest(), timeout=1).status
                    == health_pb2.HealthCheckResponse.SERVING
                ):
                    return
            time.sleep(0.1)
    raise RuntimeError(f"the server at {target} did not report SERVING within {timeout:.0f} s")


def serving(target: str, timeout: float = 2.0) -> bool:
    """Whether health at ``target`` answers SERVING within ``timeout``."""
    try:
        wait_serving(target, timeout)
    except RuntimeError:
        return False
    return True


def internal_errors(logs: Iterable[Path]) -> collections.Counter[str]:
    """Server-side INTERNAL errors in JSON log files: exception type, RPC, transport, game and the innermost
    frames (innermost first)."""
    found: collections.Counter[str] = collections.Counter()
    for log in logs:
        with contextlib.suppress(OSError):
            for line in log.read_text(errors="replace").splitlines():
                with contextlib.suppress(ValueError):
                    entry = json.loads(line)
                    if isinstance(entry, dict) and entry.get("event") == "rpc_internal_error":
                        frames = " < ".join(reversed([_short(str(f)) for f in entry.get("frames", [])][-3:]))
                        over = f" over {entry['transport']}" if entry.get("transport") else ""
                        found[
                            f"{entry.get('exc_type')} in {entry.get('rpc')}{over} {entry.get('game', '-')}: {frames}"
                        ] += 1
    return found


def _short(frame: str) -> str:
    """A frame ``/path/to/checkout/server/x.py:12 in f`` as ``server/x.py:12 in f`` (the standard library's as
    ``python3.11/threading.py:331 in wait``)."""
    for top in ("/server/", "/engines/", "/connectrpc/", "/site-packages/"):
        if top in frame:
            tail = frame.rsplit(top, 1)[1]
            return ("" if top == "/site-packages/" else top.lstrip("/")) + tail
    library = re.search(r"/lib/(python3[^/]*/.*)$", frame)
    return library.group(1) if library else frame
