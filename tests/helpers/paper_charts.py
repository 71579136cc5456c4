"""Paper-style charts drawn with matplotlib, with a manifest: real figures the tests may ship.

Shared figures (SciVQA) may not be copied into the project, and the corpus's own figures carry a
spec; these are drawn the way authors draw them (default matplotlib look, value labels over bars,
a legend, numbered layers, year ticks) and come with captions that make claims the figures
settle, so the real-figure path (OCR, layout reading, layout probes) has something to read.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path

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
    fig, ax = plt.subplots(figsize=(6, 3.8))
    x, w = np.arange(3), 0.38
    _labelled_bars(ax, x - w / 2, [91.3, 95.2, 93.8], w, label="MNIST")
    _labelled_bars(ax, x + w / 2, [62.4, 71.9, 68.0], w, label="CIFAR-10")
    ax.set_xticks(x, ["SGD", "Adam", "RMSProp"])
    ax.set_ylim(0, 110)
    ax.set_ylabel("Test accuracy (%)")
    ax.legend(loc="upper left")
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
