"""The soak test's plots (``bench.soak --svg``), written as SVG by hand: each call's p99 per window
(logarithmic), the calls per second per window, and each process's resident memory over time."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from html import escape
from pathlib import Path
from typing import Any, Protocol

#: One plot's size (the legend is beside it) and its margins, px.
WIDTH, HEIGHT, LEGEND = 820, 250, 230
LEFT, TOP, BOTTOM = 70, 30, 40
COLOURS = (
    "#1f77b4",
    "#ff7f0e",
    "#2ca02c",
    "#d62728",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#7f7f7f",
    "#bcbd22",
    "#17becf",
    "#393b79",
    "#637939",
    "#8c6d31",
    "#843c39",
    "#7b4173",
    "#3182bd",
)

Series = dict[str, list[tuple[float, float]]]


class Sampled(Protocol):
    """A process with memory samples (``bench.soak.Process``)."""

    @property
    def name(self) -> str: ...

    samples: list[tuple[float, float]]


def ticks(low: float, high: float, log: bool) -> list[float]:
    """Round values for an axis from ``low`` to ``high``: powers of ten on a logarithmic one, else about 5."""
    if log:
        return [10.0**e for e in range(math.floor(math.log10(low)), math.ceil(math.log10(high)) + 1)]
    step = 10 ** math.floor(math.log10(max(high - low, 1e-9) / 5))
    step *= next(m for m in (1, 2, 5, 10) if (high - low) / (step * m) <= 6)
    return [step * k for k in range(math.floor(low / step), math.ceil(high / step) + 1)]


def plot(title: str, y_label: str, series: Series, top: float, warmup: float, log: bool = False) -> str:
    """One plot of ``series`` (x: minutes), placed ``top`` px down the picture, the end of the warm-up
    (``warmup`` minutes) marked."""
    points = [p for line in series.values() for p in line if not log or p[1] > 0]
    if not points:
        return f'<text x="{LEFT}" y="{top + TOP}">{escape(title)}: no data</text>'
    xs, ys = [x for x, _ in points], [y for _, y in points]
    x_ticks = ticks(0.0, max(xs), False)
    y_ticks = ticks(min(ys), max(ys), log) if log else ticks(0.0, max(ys) * 1.05, False)
    x_max, (y_min, y_max) = max(xs) or 1.0, (y_ticks[0], y_ticks[-1])
    x_ticks = [x for x in x_ticks if x <= x_max * 1.0001]
    inner_w, inner_h = WIDTH - LEFT - 20, HEIGHT - TOP - BOTTOM

    def px(x: float, y: float) -> tuple[float, float]:
        fy = (math.log10(y) - math.log10(y_min)) / (math.log10(y_max) - math.log10(y_min) or 1) if log else y / y_max
        return LEFT + x / x_max * inner_w, top + TOP + inner_h * (1 - fy)

    out = [f'<text x="{LEFT}" y="{top + 18}" font-weight="bold">{escape(title)}</text>']
    for y in y_ticks:
        _, py = px(0.0, y)
        out.append(f'<line x1="{LEFT}" y1="{py:.1f}" x2="{LEFT + inner_w}" y2="{py:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 6}" y="{py + 4:.1f}" text-anchor="end">{y:g}</text>')
    for x in x_ticks:
        qx, _ = px(x, y_min)
        out.append(f'<text x="{qx:.1f}" y="{top + TOP + inner_h + 16}" text-anchor="middle">{x:g}</text>')
    wx, _ = px(warmup, y_min)
    out.append(f'<line x1="{wx:.1f}" y1="{top + TOP}" x2="{wx:.1f}" y2="{top + TOP + inner_h}" stroke="#888"')
    out.append(f' stroke-dasharray="4 3"/><text x="{wx + 3:.1f}" y="{top + TOP + 10}">warm-up ends</text>')
    out.append(f'<rect x="{LEFT}" y="{top + TOP}" width="{inner_w}" height="{inner_h}" fill="none" stroke="#888"/>')
    out.append(f'<text x="{LEFT + inner_w / 2}" y="{top + HEIGHT - 6}" text-anchor="middle">minutes</text>')
    out.append(
        f'<text transform="translate(16 {top + TOP + inner_h / 2}) rotate(-90)" text-anchor="middle">'
        f"{escape(y_label)}</text>"
    )
    for number, (name, line) in enumerate(series.items()):
        colour = COLOURS[number % len(COLOURS)]
        kept = [px(x, y) for x, y in line if not log or y > 0]
        if kept:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in kept)
            out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="1.5"/>')
        ly = top + TOP + 12 * number
        out.append(f'<rect x="{WIDTH + 4}" y="{ly - 8}" width="10" height="3" fill="{colour}"/>')
        out.append(f'<text x="{WIDTH + 18}" y="{ly}">{escape(name)}</text>')
    return "\n".join(out)


def svg(windows: Sequence[dict[str, Any]], processes: Iterable[Sampled], labels: Sequence[str]) -> str:
    """The three plots, one under the other, as an SVG document: each window's figures at its middle (the
    warm-up's as one window), every memory sample from the start of the load."""
    middle = {w["window"]: (w["start_s"] + w["seconds"] / 2) / 60 for w in windows}
    warmup = next((w["seconds"] for w in windows if w["window"] < 0), 0.0) / 60
    p99: Series = {
        label: [(middle[w["window"]], w["calls_by"][label]["p99_ms"]) for w in windows if label in w["calls_by"]]
        for label in labels
    }
    rate: Series = {"all calls": [(middle[w["window"]], w["calls_per_s"]) for w in windows]}
    rss: Series = {p.name: [(t / 60, mib) for t, mib in p.samples if t >= 0] for p in processes}
    body = [
        plot("p99 per call and window (ms, log scale)", "p99 ms", p99, 0, warmup, log=True),
        plot("throughput per window (answered calls/s)", "calls/s", rate, HEIGHT, warmup),
        plot("resident memory per process (MiB)", "RSS MiB", rss, 2 * HEIGHT, warmup),
    ]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH + LEGEND}" height="{3 * HEIGHT}"'
        f' font-family="sans-serif" font-size="11">\n<rect width="100%" height="100%" fill="white"/>\n'
        + "\n".join(body)
        + "\n</svg>\n"
    )


def write_svg(
    path: Path, windows: Sequence[dict[str, Any]], processes: Iterable[Sampled], labels: Sequence[str]
) -> None:
    """Write the plots to ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(svg(windows, processes, labels))
