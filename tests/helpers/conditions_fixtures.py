"""Small real figures with exact specs for the conditions tests.

Each builder draws a chart with matplotlib, reads every text artist's pixel box back from the
renderer, and returns the PNG path with a FigureSpec whose text elements hold those boxes: the
same contract the corpus generator fulfils, built independently of it.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

from scifigbench.spec import FigureSpec, Panel, Series, TextElement  # noqa: E402
from scifigbench.tableio import sha256_file  # noqa: E402

DPI = 100


def _elements(fig, texts: list[tuple[object, dict]], figure_id: str) -> list[TextElement]:
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    width, height = fig.bbox.width, fig.bbox.height
    out = []
    for i, (artist, meta) in enumerate(texts):
        if not artist.get_text().strip():
            continue
        bb = artist.get_window_extent(renderer)
        out.append(
            TextElement(
                element_id=f"{figure_id}/t{i:03d}", text=artist.get_text(), x0=max(0.0, float(bb.x0)),
                y0=max(0.0, float(height - bb.y1)), x1=min(width, float(bb.x1)), y1=min(height, float(height - bb.y0)),
                panel=0, **meta,
            )
        )
    return out


def _finish(fig, spec: FigureSpec, texts, out_dir: Path) -> tuple[Path, FigureSpec]:
    spec.text_elements = _elements(fig, texts, spec.figure_id)
    spec.width, spec.height = int(fig.bbox.width), int(fig.bbox.height)
    png = out_dir / f"{spec.figure_id}.png"
    fig.savefig(png, dpi=DPI)
    plt.close(fig)
    return png, spec


def _ticks(ax, axis: str) -> list[tuple[object, dict]]:
    labels = ax.get_xticklabels() if axis == "x" else ax.get_yticklabels()
    return [(t, {"role": "tick", "axis": axis}) for t in labels]


def bar_figure(out_dir: Path, figure_id: str = "fx_bar") -> tuple[Path, FigureSpec]:
    cats = ["HotpotQA", "2WikiMQA", "MuSiQue"]
    series = {"NoR QA": [14.0, 22.0, 9.0], "OneR QA": [18.0, 26.0, 12.0]}
    fig, ax = plt.subplots(figsize=(6, 4), dpi=DPI)
    texts = []
    width = 0.38
    for j, (name, vals) in enumerate(series.items()):
        bars = ax.bar([i + (j - 0.5) * width for i in range(3)], vals, width, label=name, color=["#1f77b4", "#ff7f0e"][j])
        for b, v in zip(bars, vals):
            t = ax.text(b.get_x() + b.get_width() / 2, v + 0.3, f"{v:.0f}", ha="center", va="bottom", fontsize=9)
            texts.append((t, {"role": "value_label", "series": name, "category": cats[bars.index(b)], "value": v}))
    ax.set_xticks(range(3), cats)
    ax.set_yticks([0, 10, 20, 30])
    ax.set_ylim(0, 30)
    ax.set_ylabel("Factual errors")
    title = ax.set_title("Errors by retrieval strategy")
    leg = ax.legend(loc="upper left")
    fig.tight_layout()
    texts += _ticks(ax, "x") + _ticks(ax, "y")
    texts += [(ax.yaxis.label, {"role": "axis_label", "axis": "y"}), (title, {"role": "title"})]
    texts += [(t, {"role": "legend_entry", "series": t.get_text()}) for t in leg.get_texts()]
    for t, meta in texts:
        if meta["role"] == "tick":
            meta["value"] = float(t.get_text().replace("\u2212", "-")) if meta["axis"] == "y" else None
            if meta["axis"] == "x":
                meta["category"] = t.get_text()
    panel = Panel(
        index=0, kind="bar", categories=cats, title=None, y_label="Factual errors", value_labels=True,
        value_format="{:.0f}", legend_loc="upper left", y_ticks=[0, 10, 20, 30], y_range=(0, 30),
        series=[Series(n, v, c, f) for (n, v), c, f in zip(series.items(), ["#1f77b4", "#ff7f0e"], ["blue", "orange"])],
    )
    spec = FigureSpec(
        figure_id=figure_id, chart_type="bar", variant="grouped", panels=[panel], title="Errors by retrieval strategy",
        caption="Factual errors of two QA strategies on three multi-hop datasets.",
        reference_description="A grouped bar chart.", domain="qa", dpi=DPI,
    )
    return _finish(fig, spec, texts, out_dir)


def line_figure(out_dir: Path, figure_id: str = "fx_line") -> tuple[Path, FigureSpec]:
    steps = [1000, 2000, 3000, 4000, 5000]
    series = {"Baseline": [41.0, 48.0, 52.0, 55.0, 56.5], "Ours": [45.0, 53.0, 58.0, 61.0, 63.0]}
    fig, ax = plt.subplots(figsize=(6, 4), dpi=DPI)
    for (name, vals), m in zip(series.items(), ["o", "s"]):
        ax.plot(steps, vals, marker=m, label=name)
    ax.set_xticks(steps, [str(s) for s in steps])
    ax.set_yticks([40, 45, 50, 55, 60, 65])
    ax.set_ylim(38, 66)
    ax.set_xlabel("Training steps")
    ax.set_ylabel("Accuracy (%)")
    leg = ax.legend(loc="lower right")
    fig.tight_layout()
    texts = _ticks(ax, "x") + _ticks(ax, "y")
    for t, meta in texts:
        meta["value"] = float(t.get_text())
    texts += [(ax.xaxis.label, {"role": "axis_label", "axis": "x"}), (ax.yaxis.label, {"role": "axis_label", "axis": "y"})]
    texts += [(t, {"role": "legend_entry", "series": t.get_text()}) for t in leg.get_texts()]
    panel = Panel(
        index=0, kind="line", categories=[str(s) for s in steps], x_values=[float(s) for s in steps], x_label="Training steps",
        y_label="Accuracy (%)", unit="%", legend_loc="lower right", y_ticks=[40, 45, 50, 55, 60, 65], y_range=(38, 66),
        series=[Series(n, v, c, f, marker=m) for (n, v), c, f, m in zip(series.items(), ["#1f77b4", "#ff7f0e"], ["blue", "orange"], ["o", "s"])],
    )
    spec = FigureSpec(
        figure_id=figure_id, chart_type="line", variant="multi_series", panels=[panel], title=None,
        caption="Accuracy during training for the baseline and our method.",
        reference_description="A line chart.", domain="training", dpi=DPI,
    )
    return _finish(fig, spec, texts, out_dir)


def pie_figure(out_dir: Path, figure_id: str = "fx_pie") -> tuple[Path, FigureSpec]:
    labels = ["Academic Funding", "Industry", "Government", "Other"]
    pcts = [42.0, 27.0, 19.0, 12.0]
    colors = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728"]
    fig, ax = plt.subplots(figsize=(6, 4), dpi=DPI)
    wedges, ltexts, ptexts = ax.pie(pcts, labels=labels, colors=colors, autopct="%.0f%%", startangle=90)
    ax.set_title("Funding sources")
    fig.tight_layout()
    texts = [(t, {"role": "pie_label", "category": c}) for t, c in zip(ltexts, labels)]
    texts += [(t, {"role": "pie_pct", "category": c, "value": p}) for t, c, p in zip(ptexts, labels, pcts)]
    texts += [(ax.title, {"role": "title"})]
    panel = Panel(
        index=0, kind="pie", categories=labels, value_format="{:.0f}%", pct_position="inside",
        series=[Series("share", pcts, colors[0], "blue", colors=colors, color_families=["blue", "orange", "green", "red"])],
    )
    spec = FigureSpec(
        figure_id=figure_id, chart_type="pie", variant="pie", panels=[panel], title="Funding sources",
        caption="Share of research funding by source.", reference_description="A pie chart.", domain="funding", dpi=DPI,
    )
    return _finish(fig, spec, texts, out_dir)


BUILDERS = (bar_figure, line_figure, pie_figure)


def write_corpus(root: Path, builders=BUILDERS) -> list[FigureSpec]:
    """Write figures.parquet, text_elements.parquet, images and specs under ``root`` like the corpus stage."""
    from scifigbench import paths
    from scifigbench.tableio import write_table

    img_dir, spec_dir = root / paths.CORPUS_IMAGES, root / paths.CORPUS_SPECS
    img_dir.mkdir(parents=True, exist_ok=True)
    spec_dir.mkdir(parents=True, exist_ok=True)
    specs, fig_rows, te_rows = [], [], []
    for build in builders:
        png, spec = build(img_dir)
        spec_path = spec_dir / f"{spec.figure_id}.json"
        spec_path.write_text(spec.to_json())
        specs.append(spec)
        fig_rows.append({
            "figure_id": spec.figure_id, "source": "synthetic", "chart_type": spec.chart_type, "variant": spec.variant,
            "style": spec.style,
            "n_panels": len(spec.panels), "title": spec.title, "image_path": str(png.relative_to(root)),
            "image_sha256": sha256_file(png), "width": spec.width, "height": spec.height,
            "spec_path": str(spec_path.relative_to(root)), "caption": spec.caption,
            "reference_description": spec.reference_description, "subset_primary": True, "subset_ablation": False,
        })
        for e in spec.text_elements:
            te_rows.append({"figure_id": spec.figure_id, **{k: getattr(e, k) for k in (
                "element_id", "role", "text", "panel", "axis", "series", "category", "value", "x0", "y0", "x1", "y1")}})
    write_table(pd.DataFrame(fig_rows), root / paths.FIGURES, "figures", root=root)
    write_table(pd.DataFrame(te_rows), root / paths.TEXT_ELEMENTS, "text_elements", refs={"figures": [r["figure_id"] for r in fig_rows]}, root=root)
    return specs


def add_real_figure(root: Path, from_id: str, new_id: str, caption: str) -> None:
    """Add a spec-less copy of a fixture figure, as an importer would register a real figure."""
    import shutil

    from scifigbench import paths
    from scifigbench.tableio import read_table, write_table

    figures = read_table(root / paths.FIGURES, "figures", root=root)
    row = figures[figures["figure_id"] == from_id].iloc[0].to_dict()
    src = root / row["image_path"]
    dst = src.with_name(f"{new_id}.png")
    shutil.copyfile(src, dst)
    row.update(figure_id=new_id, source="manifest", image_path=str(dst.relative_to(root)), spec_path=None,
               caption=caption, reference_description=None)
    figures = pd.concat([figures, pd.DataFrame([row])], ignore_index=True)
    write_table(figures, root / paths.FIGURES, "figures", root=root)


def conditioned_real_pair(root: Path) -> Path:
    """The fixture corpus plus two spec-less copies (a bar and a line) with captions, after one
    conditions pass: what the blur review and vetting tests start from."""
    from scifigbench.conditions import stage
    from scifigbench.conditions.config import ConditionsConfig

    write_corpus(root)
    add_real_figure(root, "fx_bar", "real_bar", "Errors of two QA strategies.")
    add_real_figure(root, "fx_line", "real_line", "Accuracy during training.")
    stage.run(ConditionsConfig(workers=1, gallery=False), 42, root, progress=False)
    return root


def with_ocr_readings(root: Path, tmp_path_factory) -> Path:
    """``root`` given the OCR readings the run's one cold conditions pass over these figures made.

    Why: the conditions and robustness modules each ran the stage cold on the same fixture figures,
    several times (each test on its own copy), and OCR is most of a pass. The readings are keyed by
    image content and engine version, so a stage run served them reads exactly what it would have
    read itself; the cold path still runs once per test run, building :func:`conditioned_real_pair`
    (the same figures, the same captions). Only the OCR shelf is copied: the stage's per-figure
    memo stays empty, so a first run in ``root`` still reuses no figure.
    """
    import shutil

    from helpers.built_once import built_once
    from scifigbench import paths
    from scifigbench.ocr import cache as ocr_cache

    cold = built_once(tmp_path_factory, "conditioned_real_pair", conditioned_real_pair)
    shutil.copytree(paths.cache_root(cold) / ocr_cache.KIND, paths.cache_root(root) / ocr_cache.KIND)
    return root
