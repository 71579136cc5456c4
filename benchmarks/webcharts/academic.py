"""The fifth style set of the web-chart generator: figures of research papers in other dresses.

The SciVQA figures are mostly plain matplotlib plots. Papers also print facet grids whose panel
titles stand in shaded strips (ggplot), confusion matrices with a number in every cell and the class
names on both axes, bar charts with error bars on a dark background, and log-log plots whose ticks
are powers of ten. Its seeds (in ``generate.STYLE_SETS``; ``dev7`` even, ``held7`` odd) draw these;
the truth of every text comes from how it was drawn, as in ``generate.py``.
"""

from __future__ import annotations

import random

import matplotlib.lines as mlines
import numpy as np
from generate import INFERABLE, NOT_TARGET, Truth, _status

DATASETS = ("SST-2", "MNLI", "QNLI", "CoLA", "RTE", "MRPC", "SQuAD", "HotpotQA")
MODELS = ("BERT", "RoBERTa", "XLNet", "ELECTRA", "DeBERTa", "ALBERT")
LANGUAGES = ("English", "German", "Hindi", "Swahili", "Finnish", "Turkish", "Tamil")
METHODS = ("Fine-tuning", "Adapters", "Prompt tuning", "LoRA")
CORPORA = ("Pile", "C4", "WebText", "OSCAR")
# class sets of confusion matrices: each class is printed on both axes
CLASS_SETS = (("PER", "ORG", "LOC", "MISC"), ("joy", "anger", "fear", "sadness", "surprise"), ("pos", "neg", "neu"))
STRIP_STYLES = (("#d9d9d9", "black"), ("#4d4d4d", "white"))


def _text(ax, truth: Truth, x, y, s, role, status, why, inductance=False, **kw):
    t = ax.text(x, y, s, **kw)
    truth.add(t, role, status, why, inductance=inductance)
    return t


def _own_ticks(ax, truth: Truth, axis: str, values, labels, colour="black", at: float = -0.02) -> None:
    """Tick labels drawn as texts (known boxes); inner ones of a regular run are inferable. A y
    tick stands left of the axis, or right of it when ``at`` is past 1 (a colour bar's). Powers
    of ten written in mathtext ('$10^{6}$') are recorded as a reader writes them ('10^6')."""
    for k, (v, lab) in enumerate(zip(values, labels, strict=True)):
        inner = 0 < k < len(values) - 1
        if axis == "x":
            kw = {"transform": ax.get_xaxis_transform(), "ha": "center", "va": "top"}
            _text(ax, truth, v, -0.03, lab, "tick", NOT_TARGET, "tick", inner, color=colour, fontsize=8, **kw)
        else:
            kw = {"transform": ax.get_yaxis_transform(), "ha": "left" if at > 1 else "right", "va": "center"}
            _text(ax, truth, at, v, lab, "tick", NOT_TARGET, "tick", inner, color=colour, fontsize=8, **kw)
        truth.items[-1]["text"] = lab.strip("$").replace("{", "").replace("}", "")
    (ax.set_xticks if axis == "x" else ax.set_yticks)([])


def facet_lines(fig, rng: random.Random, truth: Truth) -> str:
    """A row of three facets or a 2x2 grid; each facet's dataset in a shaded strip over it; two or
    three models as lines, named once in a legend at the right."""
    rows, cols = rng.choice(((1, 3), (2, 2)))
    names = rng.sample(DATASETS, rows * cols)
    models = rng.sample(MODELS, rng.choice((2, 3)))
    fill, ink = rng.choice(STRIP_STYLES)
    steps = [0, 2, 4, 6, 8]
    colours = ("#1b9e77", "#d95f02", "#7570b3")
    for k, name in enumerate(names):
        r, c = divmod(k, cols)
        w, h = 0.72 / cols, (0.62 if rows == 1 else 0.3)
        ax = fig.add_axes((0.1 + c * (w + 0.04), 0.16 + (rows - 1 - r) * (h + 0.12), w - 0.02, h))
        for j in range(len(models)):
            ys = np.clip(60 + 6 * j + np.cumsum([rng.uniform(0, 6) for _ in steps]), 0, 99)
            ax.plot(steps, ys, color=colours[j], lw=1.5)
        ax.set_ylim(50, 100)
        ax.set_xlim(-0.3, 8.3)
        strip = ax.set_title(name, fontsize=8.5, color=ink, backgroundcolor=fill, pad=4)
        truth.add(strip, "panel_title", *_status(None))
        _own_ticks(ax, truth, "x", steps, [f"{s}k" for s in steps])
        if c == 0:
            _own_ticks(ax, truth, "y", [60, 70, 80, 90], ["60", "70", "80", "90"])
        else:
            ax.set_yticks([])
    t = fig.text(0.46, 0.04, "Training steps", ha="center", fontsize=9)
    truth.add(t, "axis_title", INFERABLE, "a generic heading (steps)")
    t = fig.text(0.02, 0.5, "Accuracy", rotation=90, va="center", fontsize=9)
    truth.add(t, "axis_title", INFERABLE, "a generic heading (accuracy)")
    for j, m in enumerate(models):
        y = 0.6 - 0.06 * j
        fig.add_artist(mlines.Line2D([0.86, 0.9], [y, y], color=colours[j], lw=2))
        truth.add(fig.text(0.91, y, m, va="center", fontsize=8.5), "legend", *_status(None))
    return "Learning curves of the models on each benchmark."


def confusion(fig, rng: random.Random, truth: Truth) -> str:
    """A confusion matrix: a number in every cell (white on dark cells), the classes on both axes
    (each printed twice: a reader reads the other copy), a colour bar with its ticks."""
    classes = rng.choice(CLASS_SETS)
    n = len(classes)
    ax = fig.add_axes((0.2, 0.18, 0.55, 0.68))
    m = np.array([[rng.uniform(0.5, 0.9) if i == j else rng.uniform(0, 0.15) for j in range(n)] for i in range(n)])
    im = ax.imshow(m, cmap="Blues", vmin=0, vmax=1)
    for i in range(n):
        for j in range(n):
            colour = "white" if m[i, j] > 0.5 else "black"
            _text(
                ax,
                truth,
                j,
                i,
                f"{m[i, j]:.2f}",
                "value",
                NOT_TARGET,
                "a cell",
                ha="center",
                va="center",
                color=colour,
                fontsize=8,
            )
    why = "printed on both axes (rows and columns)"
    for k, c in enumerate(classes):
        _text(ax, truth, k, n - 0.35, c, "category", INFERABLE, why, True, ha="center", va="top", fontsize=8.5)
        _text(ax, truth, -0.65, k, c, "category", INFERABLE, why, True, ha="right", va="center", fontsize=8.5)
    ax.set_xticks([])
    ax.set_yticks([])
    t = fig.text(0.475, 0.06, "Predicted label", ha="center", fontsize=9)
    truth.add(t, "axis_title", INFERABLE, "the axis every confusion matrix has")
    t = fig.text(0.05, 0.52, "True label", rotation=90, va="center", fontsize=9)
    truth.add(t, "axis_title", INFERABLE, "the axis every confusion matrix has")
    cax = fig.add_axes((0.8, 0.18, 0.03, 0.68))
    fig.colorbar(im, cax=cax, ticks=[])
    _own_ticks(cax, truth, "y", [0.0, 0.2, 0.4, 0.6, 0.8, 1.0], ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"], at=1.6)
    return "Confusion matrix of the classifier on the test set."


def bars_dark(fig, rng: random.Random, truth: Truth) -> str:
    """Grouped bars with error bars on a dark page, white text, a framed legend."""
    fig.set_facecolor("#1e1e1e")
    ax = fig.add_axes((0.12, 0.2, 0.82, 0.62))
    ax.set_facecolor("#1e1e1e")
    langs = rng.sample(LANGUAGES, rng.randint(4, 6))
    methods = rng.sample(METHODS, 2)
    colours = ("#4c9be8", "#f2a541")
    w = 0.36
    for k, meth in enumerate(methods):
        xs = [i + (k - 0.5) * w for i in range(len(langs))]
        vals = [rng.uniform(30, 85) for _ in langs]
        ax.bar(
            xs,
            vals,
            width=w,
            color=colours[k],
            yerr=[rng.uniform(2, 6) for _ in langs],
            ecolor="white",
            capsize=3,
            label=meth,
        )
    for spine in ax.spines.values():
        spine.set_color("white")
    ax.set_ylim(0, 100)
    ax.set_xlim(-0.6, len(langs) - 0.4)
    for i, lang in enumerate(langs):
        _text(
            ax,
            truth,
            i,
            -0.03,
            lang,
            "category",
            *_status(None),
            transform=ax.get_xaxis_transform(),
            ha="center",
            va="top",
            color="white",
            fontsize=8.5,
        )
    ax.set_xticks([])
    _own_ticks(ax, truth, "y", [0, 20, 40, 60, 80, 100], ["0", "20", "40", "60", "80", "100"], colour="white")
    leg = ax.legend(loc="upper right", facecolor="#2b2b2b", edgecolor="white", fontsize=8.5)
    for t in leg.get_texts():
        t.set_color("white")
        truth.add(t, "legend", *_status(None))
    t = ax.text(-0.09, 0.5, "Score", rotation=90, transform=ax.transAxes, va="center", color="white", fontsize=9)
    truth.add(t, "axis_title", INFERABLE, "a generic heading (score)")
    return "Results per language for the two training methods."


def loglog(fig, rng: random.Random, truth: Truth) -> str:
    """Loss against model size on log-log axes, ticks as powers of ten, one line per corpus."""
    ax = fig.add_axes((0.15, 0.18, 0.6, 0.66))
    ax.set_xscale("log")
    ax.set_yscale("log")
    corpora = rng.sample(CORPORA, rng.choice((2, 3)))
    sizes = np.logspace(6, 9, 7)
    for k, c in enumerate(corpora):
        ax.plot(sizes, (sizes / 1e6) ** -0.07 * (3 + 0.5 * k), marker="o", ms=3, label=c)
    ax.set_xlim(5e5, 2e9)
    ax.set_ylim(1, 10)
    exps = [6, 7, 8, 9]
    _own_ticks(ax, truth, "x", [10.0**e for e in exps], [f"$10^{{{e}}}$" for e in exps])
    _own_ticks(ax, truth, "y", [1, 10], ["$10^{0}$", "$10^{1}$"])
    ax.minorticks_off()
    leg = ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1), fontsize=8.5, frameon=False)
    for t in leg.get_texts():
        truth.add(t, "legend", *_status(None))
    t = ax.text(0.5, -0.12, "Non-embedding parameters", transform=ax.transAxes, ha="center", va="top", fontsize=9)
    truth.add(t, "axis_title", *_status(None))
    t = ax.text(-0.13, 0.5, "Validation loss", rotation=90, transform=ax.transAxes, va="center", fontsize=9)
    truth.add(t, "axis_title", INFERABLE, "a generic heading (validation loss)")
    return "Scaling of the loss with model size for each pre-training corpus."


def compose(fig, rng: random.Random, truth: Truth, kind: str) -> str:
    """Draw a paper figure of ``kind`` on ``fig``; returns its caption (papers print none inside)."""
    return globals()[kind](fig, rng, truth)
