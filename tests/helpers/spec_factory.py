"""Hand-built figure specs for tests, with the probes, blur targets and setups that go with them.

Written by hand (not by the corpus generator, which is tested on its own) so the tests know every
value independently. Two families of figures:

- probe-test figures (`bar_grouped_two_panels`, `line_multi`, `pie` and the `VARIANTS`): their text
  elements are derived from the panels by `_texts`, listing everything a renderer would draw
  (titles, axis labels, ticks, legend entries, value labels, wedge labels) with placeholder boxes;
- respondent figures (`RESPONDENT_FIGURES`): a hand-picked subset of text elements (`_te`), plus
  `probes_for`/`setups_for`/`context` computing expected answers from the values, for the simulated
  respondents, the judges and the known-answer checks.
"""

from __future__ import annotations

from scifigbench.spec import Annotation, FigureSpec, Panel, Series, TextElement

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


def render_png(spec: FigureSpec, path) -> None:
    """A plain matplotlib rendering of the spec's first panel (tests need a real image file)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    p = spec.panels[0]
    fig, ax = plt.subplots(figsize=(3, 2), dpi=50)
    if p.kind == "pie":
        ax.pie(p.series[0].values, labels=p.categories)
    else:
        for s in p.series:
            ax.plot(range(len(p.categories)), s.values, label=s.name)
    fig.savefig(path)
    plt.close(fig)


def write_corpus(root, specs: list[FigureSpec], primary: set[str], real: dict[str, str] | None = None):
    """figures.parquet, text_elements.parquet and spec/image files under ``root`` as the corpus stage would.

    ``real`` maps extra figure ids (no spec) to their chart type: imported figures.
    """
    import hashlib
    from pathlib import Path

    import pandas as pd

    from scifigbench import paths
    from scifigbench.tableio import write_table

    root = Path(root)
    (root / paths.CORPUS_SPECS).mkdir(parents=True, exist_ok=True)
    (root / paths.CORPUS_IMAGES).mkdir(parents=True, exist_ok=True)
    figs, els = [], []
    entries = [(s.figure_id, s) for s in specs] + [(fid, None) for fid in (real or {})]
    for fid, spec in entries:
        img = paths.CORPUS_IMAGES / f"{fid}.png"
        kind = spec.chart_type if spec else real[fid]
        render_png(spec or (pie(fid) if kind == "pie" else line_multi(fid)), root / img)
        spec_path = None
        if spec is not None:
            spec_path = str(paths.CORPUS_SPECS / f"{fid}.json")
            (root / spec_path).write_text(spec.to_json())
            for t in spec.text_elements:
                els.append({"element_id": t.element_id, "figure_id": fid, "role": t.role, "text": t.text,
                            "panel": t.panel, "axis": t.axis, "series": t.series, "category": t.category,
                            "value": t.value, "x0": t.x0, "y0": t.y0, "x1": t.x1, "y1": t.y1})
        figs.append({
            "figure_id": fid, "source": "synthetic" if spec else "scivqa", "chart_type": kind,
            "variant": spec.variant if spec else "real",
            "style": spec.style if spec else None, "n_panels": len(spec.panels) if spec else 1,
            "title": spec.title if spec else None, "image_path": str(img),
            "image_sha256": hashlib.sha256((root / img).read_bytes()).hexdigest(), "width": 150, "height": 100,
            "spec_path": spec_path, "caption": spec.caption if spec else "A real figure.",
            "reference_description": spec.reference_description if spec else None,
            "subset_primary": fid in primary, "subset_ablation": False,
        })
    write_table(pd.DataFrame(figs), root / paths.FIGURES, "figures", root=root)
    from scifigbench.contracts import TEXT_ELEMENTS

    write_table(pd.DataFrame(els) if els else TEXT_ELEMENTS.empty(), root / paths.TEXT_ELEMENTS, "text_elements",
                root=root)


def blur_target_rows(spec: FigureSpec, picks: dict[str, str], status: str = "confirmed") -> list[dict]:
    """Blur-target rows for chosen elements: mode -> element_id."""
    rows = []
    for mode, eid in picks.items():
        t = next(e for e in spec.text_elements if e.element_id == eid)
        rows.append({"target_id": f"{spec.figure_id}/{mode}", "figure_id": spec.figure_id, "mode": mode,
                     "element_id": eid, "role": t.role, "text": t.text, "x0": t.x0, "y0": t.y0, "x1": t.x1,
                     "y1": t.y1, "rule": "test", "reasoning_path": "test", "expected_answer": t.text, "status": status,
                     "ocr_backend": "renderer", "match_tier": "renderer", "match_score": 1.0, "question": None,
                     "neighbours_json": None, "also_json": None, "accept_low": None, "accept_high": None})
    return rows


def bar_horizontal_single(fig_id: str = "hbar_test") -> FigureSpec:
    cats = ["BM25", "DPR", "ColBERT", "Contriever", "SPLADE"]
    s = _series(["Recall@10"], [[48.2, 61.5, 70.3, 66.1, 72.8]])
    p = Panel(0, "bar", cats, s, x_label="Recall@10 (%)", y_label="Retriever", unit="%", orientation="horizontal",
              value_labels=True, y_ticks=[0, 20, 40, 60, 80], y_range=(0, 80))
    return FigureSpec(fig_id, "bar", "horizontal", [p], None, "Recall@10 of five retrievers on NQ.", "Bars ...",
                      "retrieval", width=800, height=500, text_elements=_texts(fig_id, [p], None))


def bar_stacked(fig_id: str = "stack_test") -> FigureSpec:
    cats = ["7B", "13B", "34B", "70B"]
    s = _series(["Pre-training", "Fine-tuning", "RLHF"], [[120, 210, 540, 1100], [15, 25, 60, 90], [8, 12, 30, 70]])
    p = Panel(0, "bar", cats, s, x_label="Model size", y_label="GPU hours (k)", stacked=True, legend_loc="upper left",
              y_ticks=[0, 400, 800, 1200], y_range=(0, 1300))
    return FigureSpec(fig_id, "bar", "stacked", [p], "Training compute", "Compute by training phase.", "Stacked ...",
                      "compute", width=800, height=500, text_elements=_texts(fig_id, [p], "Training compute"))


def line_log(fig_id: str = "log_test") -> FigureSpec:
    xs = [0, 1, 2, 3, 4, 5, 6]
    s = _series(["Transformer", "LSTM"], [[900, 420, 180, 95, 60, 41, 35], [1200, 800, 610, 520, 470, 455, 450]],
                marker="s")
    p = Panel(0, "line", [str(x) for x in xs], s, x_label="Epoch", y_label="Perplexity", x_values=[float(x) for x in xs],
              y_scale="log", legend_loc="upper right", y_ticks=[10, 100, 1000], y_range=(10, 2000))
    return FigureSpec(fig_id, "line", "log", [p], None, "Validation perplexity per epoch.", "Log lines ...", "lm",
                      width=800, height=500, text_elements=_texts(fig_id, [p], None))


def donut(fig_id: str = "donut_test") -> FigureSpec:
    spec = pie(fig_id, pct=False)
    spec.panels[0].donut = True
    spec.variant = "donut"
    spec.panels[0].series[0].values = [35.0, 30.0, 20.0, 10.0, 5.0]
    return spec


VARIANTS = (bar_horizontal_single, bar_stacked, line_log, donut)


def _te(fid: str, n: int, role: str, text: str, **kw) -> TextElement:
    """One hand-listed text element (respondent figures name only the elements their tests need)."""
    return TextElement(f"{fid}/t{n}", role, text, 10.0 * n, 5.0, 10.0 * n + 40, 15.0, **kw)


def bar_grouped_one_panel(fid: str = "bar-001") -> FigureSpec:
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


def bar_horizontal_plain(fid: str = "bar-002") -> FigureSpec:
    cats = ["English", "German", "French", "Chinese", "Swahili"]
    p = Panel(index=0, kind="bar", categories=cats,
              series=[Series("BLEU", [0.41, 0.35, 0.38, 0.22, 0.09], "#2ca02c", "green")],
              x_label="BLEU", y_label="Target language", orientation="horizontal",
              y_ticks=[0.0, 0.1, 0.2, 0.3, 0.4], y_range=(0.0, 0.45))
    tes = [_te(fid, 0, "axis_label", "Target language", axis="y"), _te(fid, 1, "axis_label", "BLEU", axis="x")]
    tes += [_te(fid, 2 + i, "tick", c, axis="y", category=c) for i, c in enumerate(cats)]
    return FigureSpec(fid, "bar", "horizontal", [p], None, "BLEU per target language.", "...", "mt", 800, 500, 150, tes)


def line_crossing(fid: str = "line-001") -> FigureSpec:
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


def pie_with_legend(fid: str = "pie-001") -> FigureSpec:
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


RESPONDENT_FIGURES = (bar_grouped_one_panel, bar_horizontal_plain, line_crossing, pie_with_legend)


def _probe(pid: str, fid: str, family: str, category: str, text: str, expected: dict) -> dict:
    import json

    return {"probe_id": pid, "figure_id": fid, "family": family, "category": category, "text": text,
            "expected_json": json.dumps(expected), "status": "confirmed", "generator": "test", "generator_version": "1"}


def probes_for(spec: FigureSpec) -> list[dict]:
    """Capability, resistance and caption-bias probes with answers computed here from the values."""
    fid, p = spec.figure_id, spec.panels[0]
    s0 = p.series[0]
    imax = max(range(len(p.categories)), key=lambda i: s0.values[i])
    # the entity a question names: a category of a bar/pie, a series of a line plot
    if p.kind == "line" and len(p.series) > 1:
        first, v_first = p.series[0].name, p.series[0].values[-1]
        ents = [(s.name, s.values[-1]) for s in p.series[1:]]
    else:
        first, v_first = p.categories[0], s0.values[0]
        ents = list(zip(p.categories[1:], s0.values[1:]))
    # the comparison claim is about other entities than the value claim, as in a real poisoned caption
    (a, va), (b, vb) = (ents[0], ents[-1]) if len(ents) >= 2 else ((first, v_first), ents[0])
    cap = [
        _probe(f"{fid}/capability/counting", fid, "capability", "counting", "How many categories are shown?",
               {"answer": len(p.categories), "answer_type": "number", "tolerance": 0}),
        _probe(f"{fid}/capability/computation", fid, "capability", "computation", "What is the sum of the first two values?",
               {"answer": round(s0.values[0] + s0.values[1], 4), "answer_type": "number", "tolerance": 0.05 * abs(s0.values[0] + s0.values[1])}),
        _probe(f"{fid}/capability/comparison", fid, "capability", "comparison", "Which category has the highest value?",
               {"answer": p.categories[imax], "answer_type": "label", "tolerance": None}),
        _probe(f"{fid}/capability/pattern", fid, "capability", "pattern", "Is the first value higher than the last?",
               {"answer": "yes" if s0.values[0] > s0.values[-1] else "no", "answer_type": "yes_no", "tolerance": None}),
    ]
    res = [
        _probe(f"{fid}/resistance/inexist", fid, "resistance", "inexist", "How wide are the error bars?",
               {"expected_behavior": "reject", "principle": "presupposition", "absent_element": "error bars"}),
        _probe(f"{fid}/resistance/contra", fid, "resistance", "contra", "Given the first value is high, ...",
               {"expected_behavior": "correct", "principle": "anchoring", "entity": first,
                "true_value": v_first, "false_value": round(v_first * 1.25, 3), "offset": 0.25}),
        _probe(f"{fid}/resistance/unanswerable", fid, "resistance", "unanswerable", "What is the p-value?",
               {"expected_behavior": "abstain", "principle": "beyond chart", "missing_info": "p-values or sample sizes"}),
    ]
    hi, lo = (b, a) if vb >= va else (a, b)
    claims = [
        {"claim": f"{first} reaches {v_first * 1.3:.1f}", "reality": f"{first} reaches {v_first:.1f}", "type": "value_anchor"},
        {"claim": f"{lo} is higher than {hi}", "reality": f"{lo} is lower than {hi}", "type": "comparison_swap"},
    ]
    cb = [_probe(f"{fid}/caption_bias/caption_bias", fid, "caption_bias", "caption_bias", "modified caption",
                 {"claims": claims, "original_caption": spec.caption})]
    return cap + res + cb


def blur_targets_for(spec: FigureSpec) -> list[dict]:
    """One admittance and one inductance target per figure, from its text elements."""
    by_role = {}
    for el in spec.text_elements:
        by_role.setdefault(el.role, el)
    adm = by_role.get("pie_pct") or by_role.get("axis_label")
    ind = by_role.get("legend_entry") or by_role.get("pie_label") or by_role.get("tick")
    if adm is None or ind is None:  # an unrendered spec has no text elements to blur
        return []
    return blur_target_rows(spec, {"admittance": adm.element_id, "inductance": ind.element_id})


def blur_probes_for(spec: FigureSpec) -> list[dict]:
    """The blur question probes (family ``blur``) of the figure's two targets."""
    out = []
    for t in blur_targets_for(spec):
        out.append(_probe(f"{spec.figure_id}/blur/{t['mode']}", spec.figure_id, "blur", t["mode"],
                          f"What does the {t['role'].replace('_', ' ')} say?",
                          {"target_id": t["target_id"], "mode": t["mode"], "expected_answer": t["expected_answer"],
                           "reasoning_path": t["reasoning_path"]}))
    return out


def setups_for(spec: FigureSpec, n_repeat: int = 1) -> list[dict]:
    """Setup rows as the setups stage shapes them (one per task / condition)."""
    import json

    fid = spec.figure_id
    pr = probes_for(spec)
    out = []
    for r in range(n_repeat):
        sfx = f"~{r}" if n_repeat > 1 else ""
        base = {"figure_id": fid, "chart_type": spec.chart_type, "user_text": "...", "caption": spec.caption, "blur_target_id": None}
        for cond in ("base", "nocap", "noise", "capbias", "admb", "indb"):
            ids = [pr[-1]["probe_id"]] if cond == "capbias" else []
            tgt = {"admb": f"{fid}/admittance", "indb": f"{fid}/inductance"}.get(cond)
            if tgt:
                ids = [f"{fid}/blur/{tgt.split('/')[-1]}"]
            out.append({**base, "setup_id": f"{fid}/{cond}/describe{sfx}", "condition": cond, "task": "describe",
                        "probe_ids": json.dumps(ids), "blur_target_id": tgt})
        out.append({**base, "setup_id": f"{fid}/base/capability{sfx}", "condition": "base", "task": "capability",
                    "probe_ids": json.dumps([p["probe_id"] for p in pr[:4]])})
        out.append({**base, "setup_id": f"{fid}/base/resistance{sfx}", "condition": "base", "task": "resistance",
                    "probe_ids": json.dumps([p["probe_id"] for p in pr[4:7]])})
        for cond, mode in (("admb", "admittance"), ("indb", "inductance")):
            out.append({**base, "setup_id": f"{fid}/{cond}/blur_active{sfx}", "condition": cond, "task": "blur_active",
                        "probe_ids": json.dumps([f"{fid}/blur/{mode}"]), "blur_target_id": f"{fid}/{mode}"})
    return out


def context(specs: list[FigureSpec]):
    from scifigbench.simulated.context import SimContext

    return SimContext(
        specs={s.figure_id: s for s in specs},
        probes={p["probe_id"]: p for s in specs for p in probes_for(s) + blur_probes_for(s)},
        blur_targets={b["target_id"]: b for s in specs for b in blur_targets_for(s)},
    )


def histogram_overlaid(fid: str = "hist-001") -> FigureSpec:
    """Two overlaid distributions over numeric bins; a legend name with digits in it ('wav2vec 2.0')."""
    bins = ["0–100", "100–200", "200–300", "300–400"]
    p = Panel(index=0, kind="histogram", categories=bins,
              series=[Series("wav2vec 2.0", [40.0, 310.0, 480.0, 95.0], "#1f77b4", "blue"),
                      Series("HuBERT", [12.0, 150.0, 520.0, 230.0], "#ff7f0e", "orange")],
              x_label="Latency (ms)", y_label="Count", y_ticks=[0.0, 200.0, 400.0, 600.0], y_range=(0.0, 600.0))
    tes = [_te(fid, 0, "axis_label", "Latency (ms)", axis="x"), _te(fid, 1, "axis_label", "Count", axis="y"),
           _te(fid, 2, "legend_entry", "wav2vec 2.0", series="wav2vec 2.0"),
           _te(fid, 3, "legend_entry", "HuBERT", series="HuBERT")]
    tes += [_te(fid, 4 + i, "tick", b, axis="x", category=b) for i, b in enumerate(bins)]
    tes += [_te(fid, 8 + i, "tick", f"{v:.0f}", axis="y", value=v) for i, v in enumerate(p.y_ticks)]
    return FigureSpec(fid, "histogram", "overlaid", [p], None, "Latency of two models.", "...", "speech",
                      900, 600, 150, tes)
