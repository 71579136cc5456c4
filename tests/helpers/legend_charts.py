"""A line chart whose legend, inside the plot, has a heading set flush with its keys (ggplot's way,
or matplotlib's ``alignment='left'``) and keys short enough to pass for dashes, with the OCR lines
a perfect reader gives."""

from __future__ import annotations

from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 - after the backend is chosen
import numpy as np  # noqa: E402

from helpers.paper_charts import Line, rendered  # noqa: E402

SERIES = {"Centroid": "#1b9e77", "Baseline": "#d95f02", "Ensemble": "#7570b3", "Gradient": "#e7298a"}


def headed_legend(heading: str | None = "Approaches", key_length: float = 0.25) -> tuple[np.ndarray, list[Line]]:
    """Four lines under a legend at the top centre of the plot; ``heading`` its title (None: no
    title), ``key_length`` its keys' length in font sizes (matplotlib's ``handlelength``)."""
    fig, ax = plt.subplots(figsize=(6.5, 3.6), dpi=100)
    steps = np.arange(1, 11)
    for j, (name, colour) in enumerate(SERIES.items()):
        ax.plot(steps, 10 + 8 * j + 4 * (j + 1) * np.log(steps), color=colour, label=name)
    ax.set(xticks=[2, 4, 6, 8, 10], yticks=[20, 40, 60], ylim=(5, 100))
    ax.set(xlabel="Number of training sentences", ylabel="Perplexity change")
    legend = ax.legend(title=heading, loc="upper center", frameon=False, alignment="left", handlelength=key_length)
    texts: list[Any] = [*ax.get_xticklabels(), *ax.get_yticklabels(), ax.xaxis.label, ax.yaxis.label]
    texts += ([legend.get_title()] if heading else []) + list(legend.get_texts())
    fig.canvas.draw()
    return rendered(fig, texts)
