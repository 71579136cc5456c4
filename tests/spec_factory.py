"""Hand-built figure specs for probe tests (the synthetic generator is tested on its own).

Each builder returns a FigureSpec whose text elements list what a renderer would draw (titles,
axis labels, ticks, legend entries, value labels, wedge labels), with placeholder boxes.
"""

from __future__ import annotations

from scifigbench.corpus.spec import Annotation, FigureSpec, Panel, Series, TextElement

COLORS = [("#1f77b4", "blue"), ("#ff7f0e", "orange"), ("#2ca02c", "green"), ("#d62728", "red"), ("#9467bd", "purple")]


def _texts(fig_id: str, panels: list[Panel], title: str | None) -> list[TextElement]:
    out: list[TextElement] = []

    def add(role, text, **kw):
        n = len(out)
        out.append(TextElement(f"{fig_id}/t{n:03d}", role, text, 10.0 + n, 10.0, 40.0 + n, 20.0, **kw))

    if title:
        add("title", title)
    for p in panels:
        if p.title:
            add("panel_title", p.title, panel=p.index)
        if p.kind == "pie":
            for c, v in zip(p.categories, p.series[0].values):
                add("pie_label", c, panel=p.index, category=c)
                if p.pct_position:
                    add("pie_pct", p.value_format.format(v) + "%", panel=p.index, category=c, value=v)
            continue
        if p.x_label:
            add("axis_label", p.x_label, panel=p.index, axis="x")
        if p.y_label:
            add("axis_label", p.y_label, panel=p.index, axis="y")
        for c in p.categories:
            add("tick", c, panel=p.index, axis="x", category=c)
        for t in p.y_ticks:
            add("tick", f"{t:g}", panel=p.index, axis="y", value=t)
        if p.legend_loc:
            for s in p.series:
                add("legend_entry", s.name, panel=p.index, series=s.name)
        if p.value_labels:
            for s in p.series:
                for c, v in zip(p.categories, s.values):
                    add("value_label", p.value_format.format(v), panel=p.index, series=s.name, category=c, value=v)
        for a in p.annotations:
            add("annotation", a.text, panel=p.index, category=a.category)
    return out


def _series(names, values, marker=None):
    return [Series(n, list(v), COLORS[i][0], COLORS[i][1], marker=marker) for i, (n, v) in enumerate(zip(names, values))]


def bar_grouped_two_panels(fig_id: str = "bar_test", value_labels: bool = False) -> FigureSpec:
    cats = ["GSM8K", "MATH", "ARC", "HellaSwag"]
    names = ["Llama-3-8B", "Mistral-7B", "Qwen2-7B"]
    p0 = Panel(0, "bar", cats, _series(names, [[56.0, 30.0, 78.0, 81.0], [40.0, 21.0, 71.0, 83.0], [79.0, 49.0, 84.0, 80.0]]),
               title="Zero-shot", x_label="Benchmark", y_label="Accuracy (%)", unit="%", legend_loc="upper left",
               y_ticks=[0, 20, 40, 60, 80, 100], y_range=(0, 100), value_labels=value_labels)
    p1 = Panel(1, "bar", cats, _series(names, [[63.0, 35.0, 81.0, 84.0], [52.0, 27.0, 75.0, 85.0], [84.0, 55.0, 88.0, 83.0]]),
               title="Few-shot", x_label="Benchmark", y_label="Accuracy (%)", unit="%", legend_loc="upper left",
               y_ticks=[0, 20, 40, 60, 80, 100], y_range=(0, 100), value_labels=value_labels)
    panels = [p0, p1]
    return FigureSpec(fig_id, "bar", "grouped", panels, "Accuracy of open models", "Accuracy of three open models on "
                      "four benchmarks, zero-shot (left) and few-shot (right).", "Grouped bars ...", "llm-eval",
                      width=1200, height=500, text_elements=_texts(fig_id, panels, "Accuracy of open models"))


def line_multi(fig_id: str = "line_test") -> FigureSpec:
    xs = [1, 2, 4, 8, 16, 32]
    cats = [str(x) for x in xs]
    names = ["Adam", "SGD", "Lion"]
    vals = [[42.0, 55.0, 63.0, 70.0, 72.0, 71.0], [20.0, 31.0, 47.0, 58.0, 66.0, 74.0], [35.0, 52.0, 68.0, 65.0, 60.0, 57.0]]
    p = Panel(0, "line", cats, _series(names, vals, marker="o"), x_label="Batch size (k)", y_label="Top-1 accuracy (%)",
              unit="%", x_values=[float(x) for x in xs], legend_loc="lower right", y_ticks=[20, 40, 60, 80],
              y_range=(15, 80), annotations=[Annotation("best", category="32", series="SGD")])
    return FigureSpec(fig_id, "line", "multi_series", [p], None, "Top-1 accuracy against batch size for three "
                      "optimisers.", "Three lines ...", "optimisation", width=900, height=600,
                      text_elements=_texts(fig_id, [p], None))


def pie(fig_id: str = "pie_test", pct: bool = True) -> FigureSpec:
    cats = ["Web text", "Code", "Books", "Papers", "Dialogue"]
    vals = [41.0, 23.0, 16.0, 12.0, 8.0]
    s = Series("share", vals, COLORS[0][0], COLORS[0][1], colors=[c for c, _ in COLORS], color_families=[f for _, f in COLORS])
    p = Panel(0, "pie", cats, [s], title=None, unit="%", pct_position="inside" if pct else None, value_format="{:.0f}")
    return FigureSpec(fig_id, "pie", "pie", [p], "Pre-training data mix", "Composition of the pre-training corpus by "
                      "source.", "A pie ...", "llm-data", width=700, height=700,
                      text_elements=_texts(fig_id, [p], "Pre-training data mix"))


ALL = (bar_grouped_two_panels, line_multi, pie)
