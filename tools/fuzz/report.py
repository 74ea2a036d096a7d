"""The report of a run: outcomes by RPC, kind, transport and game, the server's memory per process, and
what failed (one example per kind of failure, and the server-side frames of its INTERNAL errors)."""

from __future__ import annotations

import collections
import sys
from typing import TextIO

from tools.fuzz.contract import RPCS
from tools.fuzz.plan import KINDS
from tools.fuzz.run import REJECTED, Finding, FuzzReport
from tools.fuzz.transport import CONTENT_TYPES, GRPC


def _table(out: TextIO, title: str, rows: dict[str, collections.Counter[str]], columns: list[str]) -> None:
    width = max([len(title), *(len(r) for r in rows)])
    widths = [max(len(c), *(len(str(rows[r][c])) for r in rows)) for c in columns]
    print(
        "  ".join([title.ljust(width), *(c.rjust(w) for c, w in zip(columns, widths, strict=True)), "total"]), file=out
    )
    for name, counts in rows.items():
        cells = [str(counts[c] or "").rjust(w) for c, w in zip(columns, widths, strict=True)]
        print("  ".join([name.ljust(width), *cells, str(sum(counts.values()))]), file=out)


def _mb(kib: int | None) -> str:
    return "-" if kib is None else f"{kib / 1024:.1f}"


def print_report(report: FuzzReport, out: TextIO = sys.stdout) -> None:
    """Tables of outcomes by RPC, kind, transport and game, the memory, then what failed."""
    codes: collections.Counter[str] = collections.Counter()
    by: dict[str, dict[str, collections.Counter[str]]] = {"rpc": {}, "kind": {}, "transport": {}, "game": {}}
    for (game, rpc, kind, transport, code), n in report.counts.items():
        codes[code] += n
        for axis, key in (("rpc", rpc), ("kind", kind), ("transport", transport), ("game", game)):
            by[axis].setdefault(key, collections.Counter())[code] += n
    rejected = sum(1 for f in report.findings if f.category == REJECTED)
    columns = ["OK", *sorted(c for c in codes if c != "OK")]
    rpcs = [r for r in RPCS if r in by["rpc"]] + [r for r in by["rpc"] if r not in RPCS]
    print(file=out)
    _table(out, "RPC", {rpc: by["rpc"][rpc] for rpc in rpcs}, columns)
    print(file=out)
    _table(out, "kind", {k: by["kind"].get(k, collections.Counter()) for k in KINDS if k in by["kind"]}, columns)
    print(file=out)
    order = [GRPC, *CONTENT_TYPES]
    _table(out, "transport", {t: by["transport"][t] for t in order if t in by["transport"]}, columns)
    print(file=out)
    _table(out, "game", dict(sorted(by["game"].items())), columns)
    print(file=out)
    print(
        f"requests               {report.requests} in {report.seconds:.1f} s"
        f" ({report.requests / max(report.seconds, 1e-9):.0f}/s)",
        file=out,
    )
    print(f"returned states checked {report.checked} (rejected: {rejected})", file=out)
    print(f"compared with memo-off {report.compared} answers", file=out)
    if report.server_code:
        print(f"server code            {report.server_code}", file=out)
    before, after = report.rss_before_kib, report.rss_after_kib
    if before is not None and after is not None:
        print(
            f"server RSS             {before / 1024:.1f} MB before, {after / 1024:.1f} MB after"
            f" ({(after - before) / 1024:+.1f} MB), all processes",
            file=out,
        )
    if report.memory:
        width = max(len(label) for label in report.memory)
        print(f"  {'process'.ljust(width)}  before MB  low MB  high MB  after MB", file=out)
        for label, memory in report.memory.items():
            print(
                f"  {label.ljust(width)}  {_mb(memory.before):>9}  {_mb(memory.low):>6}  {_mb(memory.high):>7}"
                f"  {_mb(memory.after):>8}",
                file=out,
            )
    print(f"server restarts        {report.restarts} (after a hang or a crash)", file=out)
    for shutdown in report.shutdowns:
        if not shutdown.in_time:
            why = " (after a hang)" if shutdown.after_hang else ""
            print(f"shutdown               {shutdown.label} did not exit within its grace period + 1 s{why}", file=out)
    if report.missing:
        missing = ", ".join("/".join(cell) for cell in sorted(report.missing))
        print(f"not exercised          {missing}", file=out)
    if report.stopped_early:
        print(f"stopped early          {report.stopped_early}", file=out)
    groups: dict[tuple[str, ...], list[Finding]] = {}
    for finding in report.findings:
        groups.setdefault(finding.group(), []).append(finding)
    if groups:
        print(f"\nfailures ({len(report.findings)} requests, {len(groups)} kinds; first example each):", file=out)
        for (category, rpc, game, transport, _), found in sorted(groups.items(), key=lambda item: -len(item[1])):
            first = found[0]
            print(
                f"  {len(found):>5} x {category:<24} {rpc} {game} [{first.request.kind}, {transport}]"
                f" {first.request.how[:200]}",
                file=out,
            )
            print(f"          -> {first.code} {first.detail[:200]}", file=out)
            print(f"          (first after {first.at} requests, {first.seconds:.1f} s)", file=out)
    if report.internal_errors:
        print("\nserver-side INTERNAL errors (from its log; innermost frame first):", file=out)
        for line, n in report.internal_errors.most_common():
            print(f"  {n:>5} x {line}", file=out)
    failures = report.failures()
    verdict = "FAIL: " + ", ".join(f"{k} {n}" for k, n in failures.items()) if failures else "OK: no failure"
    print(f"\n{verdict}", file=out)
