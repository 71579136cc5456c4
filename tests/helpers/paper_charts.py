"""Paper-style charts drawn with matplotlib, with a manifest: real figures the tests may ship.

Shared figures (SciVQA) may not be copied into the project, and the corpus's own figures carry a
spec; these are drawn the way authors draw them (default matplotlib look, value labels over bars,
a legend, numbered layers, year ticks) and come with captions that make claims the figures
settle, so the real-figure path (OCR, layout reading, layout probes) has something to read.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 - after the backend is chosen
import numpy as np  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402


def _labelled_bars(ax, x, values, width, **kw) -> None:
    bars = ax.bar(x, values, width, **kw)
    for bar, v in zip(bars, values, strict=True):
        ax.text(bar.get_x() + bar.get_width() / 2, v + 1, f"{v:.1f}", ha="center", fontsize=8)


def encoders() -> Figure:
    """One series of bars with a value printed over each."""
    fig, ax = plt.subplots(figsize=(5, 3.6))
    _labelled_bars(ax, ["BERT", "RoBERTa", "XLNet"], [81.2, 84.5, 79.0], 0.8, color=["#4c72b0", "#dd8452", "#55a868"])
    ax.set_ylim(0, 100)
    ax.set_ylabel("Accuracy (%)")
    return fig


def sales() -> Figure:
    """Two lines over years, a legend of countries."""
    fig, ax = plt.subplots(figsize=(5.5, 3.6))
    years = np.arange(2000, 2016)
    ax.plot(years, 20 + 2.0 * (years - 2000), label="Germany", marker="o")
    ax.plot(years, 30 + 0.8 * (years - 2000), label="France", marker="s")
    ax.set_xticks([2000, 2005, 2010, 2015])
    ax.set_xlabel("Year")
    ax.set_ylabel("Sales (million units)")
    ax.legend()
    return fig


def optimisers() -> Figure:
    """Grouped bars (two datasets per optimiser), each bar with its value printed over it."""
    fig, _ = _grouped({"MNIST": [91.3, 95.2, 93.8], "CIFAR-10": [62.4, 71.9, 68.0]}, ["SGD", "Adam", "RMSProp"])
    return fig


def layers() -> Figure:
    """Two lines over numbered layers."""
    fig, ax = plt.subplots(figsize=(5, 3.6))
    x = np.arange(1, 7)
    ax.plot(x, [55, 61, 66, 70, 72, 73], label="LSTM", marker="o")
    ax.plot(x, [58, 64, 69, 74, 77, 78], label="GRU", marker="^")
    ax.set_xticks(x, [f"Layer {k}" for k in x])
    ax.set_ylabel("Probing accuracy (%)")
    ax.legend()
    return fig


# id -> (draw, manifest chart type, caption)
CHARTS: dict[str, tuple[Callable[[], Figure], str, str]] = {
    "encoders": (encoders, "bar", "Figure 1: Accuracy of three encoders on SST-2. RoBERTa performs best."),
    "sales": (sales, "line", "Figure 2: Annual sales in two countries. Sales in Germany increase steadily."),
    "optimisers": (
        optimisers,
        "bar",
        "Figure 3: Test accuracy of three optimisers on two datasets. Adam outperforms SGD on both.",
    ),
    "layers": (layers, "line", "Figure 4: Probing accuracy per layer. The GRU is higher than the LSTM at every layer."),
}


def save(fig: Figure, path: Path) -> None:
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


def write_manifest(folder: Path) -> Path:
    """Every chart of :data:`CHARTS` as a PNG in ``folder`` and a ``manifest.csv`` naming them."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "manifest.csv").open("w", newline="", encoding="utf-8") as f:
        out = csv.DictWriter(f, fieldnames=["id", "image", "chart_type", "caption"])
        out.writeheader()
        for name, (draw, kind, caption) in CHARTS.items():
            save(draw(), folder / f"{name}.png")
            out.writerow({"id": name, "image": f"{name}.png", "chart_type": kind, "caption": caption})
    return folder / "manifest.csv"


@dataclass(frozen=True)
class Line:
    """An OCR line as a perfect reader returns it (the layout reader's ``TextLine``)."""

    text: str
    box: tuple[float, float, float, float]
    score: float = 0.99


def _grouped(
    series: dict[str, list[float]],
    categories: list[str],
    *,
    horizontal: bool = False,
    inside: bool = False,
    reverse_legend: bool = False,
    colours: list[str] | None = None,
) -> tuple[Figure, list[Any]]:
    """Grouped bars with every value printed at its bar (past its end, or ``inside`` it in white)
    and a legend (``reverse_legend``: the last series listed first); the figure and its texts."""
    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    k, width = len(series), 0.8 / len(series)
    texts = []
    for j, (name, values) in enumerate(series.items()):
        at = np.arange(len(categories)) + (j - (k - 1) / 2) * width
        colour = colours[j] if colours else None
        draw = ax.barh if horizontal else ax.bar
        bars = draw(at, values, width, label=name, color=colour)
        for bar, v in zip(bars, values, strict=True):
            x, y = (
                (bar.get_width(), bar.get_y() + bar.get_height() / 2)
                if horizontal
                else (bar.get_x() + bar.get_width() / 2, bar.get_height())
            )
            if inside:
                x, y = (x / 2, y) if horizontal else (x, y / 2)
            style = (
                {"color": "white", "ha": "center", "va": "center"}
                if inside
                else ({"ha": "left", "va": "center"} if horizontal else {"ha": "center", "va": "bottom"})
            )
            offset = (2, 0) if horizontal and not inside else (0, 0) if inside else (0, 2)
            texts.append(
                ax.annotate(f"{v:.1f}", (x, y), xytext=offset, textcoords="offset points", fontsize=9, **style)
            )
    (ax.set_yticks if horizontal else ax.set_xticks)(np.arange(len(categories)), categories)
    top = 1.2 * max(max(v) for v in series.values())
    (ax.set_xlim if horizontal else ax.set_ylim)(0, top)
    (ax.set_xlabel if horizontal else ax.set_ylabel)("Accuracy (%)")
    handles, names = ax.get_legend_handles_labels()
    if reverse_legend:
        handles, names = handles[::-1], names[::-1]
    # beside vertical bars, under horizontal ones (whose value labels would stand in the legend's rows)
    place = (
        {"loc": "upper center", "bbox_to_anchor": (0.5, -0.2), "ncol": k}
        if horizontal
        else {"loc": "center left", "bbox_to_anchor": (1.01, 0.5)}
    )
    legend = ax.legend(handles, names, frameon=False, **place)
    fig.tight_layout()
    fig.canvas.draw()
    ticks = [*ax.get_xticklabels(), *ax.get_yticklabels()]
    return fig, [*texts, *ticks, ax.xaxis.label, ax.yaxis.label, *legend.get_texts()]


def grouped_bars(series: dict[str, list[float]], categories: list[str], **style: Any) -> tuple[np.ndarray, list[Line]]:
    """The chart of :func:`_grouped` as a BGR image and the OCR lines a perfect reader returns
    for its texts (boxes read from the renderer)."""
    return rendered(*_grouped(series, categories, **style))


def rendered(fig: Figure, texts: list[Any]) -> tuple[np.ndarray, list[Line]]:
    """``fig`` as a BGR image and the OCR lines a perfect reader returns for ``texts`` (boxes read
    from the renderer); the figure is closed."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    height = fig.bbox.height
    lines = []
    for t in texts:
        if t.get_text().strip():
            bb = t.get_window_extent(renderer)
            lines.append(Line(t.get_text(), (float(bb.x0), float(height - bb.y1), float(bb.x1), float(height - bb.y0))))
    rgba = np.asarray(fig.canvas.buffer_rgba())
    plt.close(fig)
    return np.ascontiguousarray(rgba[:, :, 2::-1]), lines
