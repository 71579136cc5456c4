"""Bar charts drawn with matplotlib whose bars carry their names inside, in white on the bar's dark
fill (a common way to spare a category axis), with the OCR lines a perfect reader gives."""

from __future__ import annotations

from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 - after the backend is chosen
import numpy as np  # noqa: E402

from helpers.paper_charts import Line, rendered  # noqa: E402

NAMES = ("Tagger", "Parser", "Chunker", "Linker")
SCORES = (62, 48, 75, 55)
BAR = "#2b4c7e"  # a dark blue: white words on it read as printed on a fill


def bars_named_inside(horizontal: bool) -> tuple[np.ndarray, list[Line]]:
    """One bar per name, the name in white near the bar's base, a value axis (0-80) and a title;
    ``horizontal``: the bars run rightwards from the y axis, else upwards from the x axis."""
    fig, ax = plt.subplots(figsize=(5.5, 3.4), dpi=100)
    at = range(len(NAMES))
    texts: list[Any] = []
    if horizontal:
        ax.barh(at, SCORES, color=BAR, height=0.7)
        ax.set(yticks=[], xticks=[0, 20, 40, 60, 80], xlabel="F1 score")
        texts += [ax.text(3, k, n, color="white", va="center", fontsize=10) for k, n in zip(at, NAMES, strict=True)]
        texts += [*ax.get_xticklabels(), ax.xaxis.label]
    else:
        ax.bar(at, SCORES, color=BAR, width=0.7)
        ax.set(xticks=[], yticks=[0, 20, 40, 60, 80], ylabel="F1 score")
        texts += [ax.text(k, 5, n, color="white", ha="center", fontsize=10) for k, n in zip(at, NAMES, strict=True)]
        texts += [*ax.get_yticklabels(), ax.yaxis.label]
    texts.append(ax.set_title("Scores by component"))
    fig.canvas.draw()
    return rendered(fig, texts)
