"""Hand-built figure specs for tests of the simulated respondents and the description judge.

Written by hand (not by the corpus generator) so the tests know every value independently.
"""

from __future__ import annotations

from scifigbench.spec import Annotation, FigureSpec, Panel, Series, TextElement


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
              x_label="BLEU", y_label="Target language", orientation="horizontal",
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
    def row(mode: str, el) -> dict:
        return {"target_id": f"{spec.figure_id}/{mode}", "figure_id": spec.figure_id, "mode": mode,
                "element_id": el.element_id, "role": el.role, "text": el.text, "x0": el.x0, "y0": el.y0,
                "x1": el.x1, "y1": el.y1, "reasoning_path": "test", "expected_answer": el.text, "status": "confirmed",
                "ocr_backend": "renderer", "match_tier": "renderer", "match_score": 1.0}
    by_role = {}
    for el in spec.text_elements:
        by_role.setdefault(el.role, el)
    adm = by_role.get("pie_pct") or by_role.get("axis_label")
    ind = by_role.get("legend_entry") or by_role.get("pie_label") or by_role.get("tick")
    if adm is None or ind is None:  # an unrendered spec has no text elements to blur
        return []
    return [row("admittance", adm), row("inductance", ind)]


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
