"""Hand-built figure specs for tests of the simulated respondents and the description judge.

Written by hand (not by the corpus generator) so the tests know every value independently.
"""

from __future__ import annotations

from scifigbench.corpus.spec import Annotation, FigureSpec, Panel, Series, TextElement


def _te(fid: str, n: int, role: str, text: str, **kw) -> TextElement:
    return TextElement(f"{fid}/t{n}", role, text, 10.0 * n, 5.0, 10.0 * n + 40, 15.0, **kw)


def bar_spec(fid: str = "bar-001") -> FigureSpec:
    cats = ["GSM8K", "MATH", "ARC-C", "HellaSwag"]
    p = Panel(
        index=0, kind="bar", categories=cats,
        series=[
            Series("Llama-2-7B", [14.6, 2.5, 45.9, 77.2], "#1f77b4", "blue"),
            Series("Mistral-7B", [52.2, 13.1, 61.1, 81.3], "#ff7f0e", "orange"),
        ],
        title="Accuracy on reasoning benchmarks", x_label="Benchmark", y_label="Accuracy (%)", unit="%",
        legend_loc="upper left", y_ticks=[0, 20, 40, 60, 80, 100], y_range=(0, 100), value_labels=True,
    )
    tes = [_te(fid, 0, "title", p.title), _te(fid, 1, "axis_label", "Benchmark", axis="x"),
           _te(fid, 2, "axis_label", "Accuracy (%)", axis="y"),
           _te(fid, 3, "legend_entry", "Llama-2-7B", series="Llama-2-7B"),
           _te(fid, 4, "legend_entry", "Mistral-7B", series="Mistral-7B")]
    tes += [_te(fid, 5 + i, "tick", c, axis="x", category=c) for i, c in enumerate(cats)]
    return FigureSpec(fid, "bar", "grouped", [p], p.title, "Accuracy of two models on four benchmarks.",
                      "A grouped bar chart ...", "llm-reasoning", 900, 600, 150, tes)


def single_bar_spec(fid: str = "bar-002") -> FigureSpec:
    cats = ["English", "German", "French", "Chinese", "Swahili"]
    p = Panel(index=0, kind="bar", categories=cats,
              series=[Series("BLEU", [0.41, 0.35, 0.38, 0.22, 0.09], "#2ca02c", "green")],
              x_label="Target language", y_label="BLEU", orientation="horizontal",
              y_ticks=[0.0, 0.1, 0.2, 0.3, 0.4], y_range=(0.0, 0.45))
    tes = [_te(fid, 0, "axis_label", "Target language", axis="y"), _te(fid, 1, "axis_label", "BLEU", axis="x")]
    tes += [_te(fid, 2 + i, "tick", c, axis="y", category=c) for i, c in enumerate(cats)]
    return FigureSpec(fid, "bar", "horizontal", [p], None, "BLEU per target language.", "...", "mt", 800, 500, 150, tes)


def line_spec(fid: str = "line-001") -> FigureSpec:
    xs = [0, 10, 20, 30, 40, 50]
    p = Panel(
        index=0, kind="line", categories=[str(x) for x in xs], x_values=[float(x) for x in xs],
        series=[
            Series("Adam", [0.31, 0.52, 0.64, 0.71, 0.74, 0.76], "#1f77b4", "blue", marker="o"),
            Series("SGD", [0.28, 0.41, 0.55, 0.68, 0.79, 0.84], "#d62728", "red", marker="s"),
            Series("RMSprop", [0.62, 0.60, 0.63, 0.61, 0.62, 0.60], "#2ca02c", "green", marker="^"),
        ],
        title="Validation accuracy during training", x_label="Epoch", y_label="Validation accuracy",
        legend_loc="lower right", y_ticks=[0.2, 0.4, 0.6, 0.8], y_range=(0.2, 0.9), grid=True,
        annotations=[Annotation("SGD overtakes Adam", category="40", series="SGD", kind="text")],
    )
    tes = [_te(fid, 0, "title", p.title), _te(fid, 1, "axis_label", "Epoch", axis="x"),
           _te(fid, 2, "axis_label", "Validation accuracy", axis="y")]
    tes += [_te(fid, 3 + i, "legend_entry", s.name, series=s.name) for i, s in enumerate(p.series)]
    tes += [_te(fid, 6, "annotation", "SGD overtakes Adam")]
    return FigureSpec(fid, "line", "multi_series", [p], p.title, "Accuracy of three optimisers.", "...", "training", 900, 600, 150, tes)


def pie_spec(fid: str = "pie-001") -> FigureSpec:
    cats = ["Web text", "Books", "Code", "Papers", "Other"]
    p = Panel(index=0, kind="pie", categories=cats,
              series=[Series("share", [45.0, 22.0, 15.0, 11.0, 7.0], "#1f77b4", "blue",
                             colors=["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd"],
                             color_families=["blue", "orange", "green", "red", "purple"])],
              title="Pre-training data mixture", unit="%", legend_loc="right", pct_position="inside", sort="descending")
    tes = [_te(fid, 0, "title", p.title)]
    tes += [_te(fid, 1 + i, "pie_label", c, category=c) for i, c in enumerate(cats)]
    tes += [_te(fid, 6 + i, "pie_pct", f"{v:.1f}%", category=c, value=v) for i, (c, v) in enumerate(zip(cats, p.series[0].values))]
    return FigureSpec(fid, "pie", "pie", [p], p.title, "Composition of the pre-training data.", "...", "data", 700, 700, 150, tes)


ALL = [bar_spec, single_bar_spec, line_spec, pie_spec]
