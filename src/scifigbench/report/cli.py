"""``scifigbench report``: metrics JSON + judgments (+ setups, probes, blur targets, figures, gallery) -> reports/.

Writes ``index.html`` (tables, plots, examples), ``explorer.html`` with ``explorer/units.js`` (every
judged unit), WebP thumbnails under ``thumbs/`` (full-size images are linked, not copied), and the
plots' data as CSV under ``plots/`` for ``dvc plots``.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from scifigbench import paths
from scifigbench.contracts.judge_card import FULL_SCALE_FILE
from scifigbench.options import file_option, folder_option
from scifigbench.params import DEFAULT_PARAMS, model_names

if TYPE_CHECKING:
    import pandas as pd

    from scifigbench.contracts.judge_card import Measurement
    from scifigbench.report.units import Context

THUMB_WIDTH = 200
GALLERY_WIDTH = 600
KEPT_THUMBS = "thumbs"  # inside the untracked cache folder: thumbnails by image content (thumbs.py)


def _write_csv(path: Path, rows: list[dict]) -> None:
    from scifigbench.tableio import atomic_write_text

    buf = io.StringIO()
    if rows:
        w = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    atomic_write_text(path, buf.getvalue())


def read_metrics(metrics_dir: Path) -> dict[str, dict]:
    """Every metrics file present (file stem -> content); a file that is not JSON is an error naming it."""
    from scifigbench.contracts.metrics import METRIC_FILES, RELEASE_BESIDE

    out = {}
    for name in (*METRIC_FILES, RELEASE_BESIDE):
        f = metrics_dir / f"{name}.json"
        if f.is_file():
            try:
                out[name] = json.loads(f.read_text())
            except json.JSONDecodeError as exc:
                raise click.ClickException(f"{f}: not valid JSON: {exc}") from None
    if not out:
        raise click.ClickException(f"{metrics_dir}: no metrics JSON — run `scifigbench metrics` first")
    return out


def judge_card_measurements(card: Path | None, metrics_dir: Path) -> list[Measurement]:
    """The judge card's measurements: the full release's (``metrics/release_agreement.json``) where
    present, the committed card's otherwise; a malformed file is an error naming it."""
    from scifigbench.contracts.judge_card import JudgeCardError
    from scifigbench.report.judge_card import shown_measurements

    try:
        return shown_measurements(card, metrics_dir / FULL_SCALE_FILE)
    except JudgeCardError as exc:
        raise click.ClickException(str(exc)) from None


def published_units(metrics_dir: Path, present: list[str]) -> list[pd.DataFrame]:
    """The published models' judgments behind the release-beside table's cells (written by its stage
    beside ``metrics/release_beside.json``), for the explorer only: the release's GPT-4o verdicts are
    listed, never counted in this run's tables or examples. A model of this run keeps its own units."""
    from scifigbench.contracts.metrics import RELEASE_BESIDE_UNITS
    from scifigbench.tableio import read_table

    folder = metrics_dir / RELEASE_BESIDE_UNITS
    return [read_table(f, "judgments", root=None) for f in sorted(folder.glob("*.parquet")) if f.stem not in present]


@dataclass(frozen=True)
class Inputs:
    """The tables the explorer shows each unit's request and expectation from (a missing one: left out)."""

    setups: Path = paths.SETUPS
    probes: Path = paths.PROBES
    blur_targets: Path = paths.BLUR_TARGETS
    figures: Path = paths.FIGURES
    responses: Path = paths.RESPONSES_DIR  # <model>.parquet: each model's whole reply per setup


def _rows(path: Path, schema: str) -> dict[str, dict[str, Any]]:
    """key -> row of a contract table; {} when the table is absent (e.g. a report of judgments alone)."""
    from scifigbench.contracts import SCHEMAS
    from scifigbench.tableio import read_table

    if not path.is_file():
        return {}
    key = SCHEMAS[schema].key
    return {str(r[key]): r for r in read_table(path, schema, root=None).to_dict("records")}


def _replies(responses_dir: Path, models: list[str]) -> dict[tuple[str, str], str]:
    """(model, setup id) -> the model's whole reply, for the models whose responses table exists."""
    from scifigbench.tableio import read_table

    out: dict[tuple[str, str], str] = {}
    for m in models:
        path = responses_dir / f"{m}.parquet"
        if path.is_file():
            t = read_table(path, "responses", root=None)
            out |= {(m, str(s)): str(x) for s, x in zip(t["setup_id"], t["text"], strict=True) if isinstance(x, str)}
    return out


def expectation_context(inputs: Inputs) -> Context:
    """What a unit was checked against (setups, probes, blur targets, reference descriptions), as
    the explorer shows it; the verdict review page shows the same (review.verdicts.page)."""
    from scifigbench.report.units import Context

    figures = _rows(inputs.figures, "figures")
    return Context(
        setups=_rows(inputs.setups, "setups"),
        probes=_rows(inputs.probes, "probes"),
        targets=_rows(inputs.blur_targets, "blur_targets"),
        references={f: r["reference_description"] for f, r in figures.items() if r.get("reference_description")},
        styles={f: r["style"] for f, r in figures.items() if r.get("style")},
    )


def _context(inputs: Inputs, out_dir: Path, kept: Path | None, models: list[str]) -> Context:
    """Everything the explorer needs besides the judgments, with thumbnails of every setup's image."""
    import dataclasses

    from scifigbench.report.thumbs import thumbnails

    ctx = expectation_context(inputs)
    images = {sid: Path(r["image_path"]) for sid, r in ctx.setups.items()}
    hrefs = thumbnails(list(images.values()), out_dir, THUMB_WIDTH, kept=kept)
    return dataclasses.replace(
        ctx,
        images={sid: hrefs[p] for sid, p in images.items()},
        responses=_replies(inputs.responses, models),
    )


def build_report(
    metrics_dir: Path,
    judgments_dir: Path,
    inputs: Inputs,
    gallery_dir: Path,
    out_dir: Path,
    models: list[str] | None = None,
    kept_thumbs: Path | None = None,
    stamp_root: Path | None = None,
    judge_card: Path | None = paths.JUDGE_CARD,
) -> Path:
    """The report of ``models`` only (the metrics files hold only them, and the examples and the
    explorer are read from their judgment tables by name); None: every table in the folder.
    ``kept_thumbs``: an untracked folder of thumbnails by image content, reused across runs.
    ``stamp_root``: the checkout whose commit, dirty flag and the date go to the untracked
    ``stamp.js`` beside the pages (see :mod:`scifigbench.report.stamp`); None writes no stamp.
    ``judge_card``: the committed judge card (None: none); the full release's measurement in
    ``metrics_dir`` is read beside it when present (see :func:`scifigbench.report.judge_card.shown_measurements`)."""
    import pandas as pd

    from scifigbench.report import plots
    from scifigbench.report.examples import pick_examples
    from scifigbench.report.page import GalleryItem, render_explorer, render_report
    from scifigbench.report.thumbs import thumbnails
    from scifigbench.report.units import Context, explorer_data, units_js
    from scifigbench.tableio import atomic_write_text, load_judgments

    metrics = read_metrics(metrics_dir)
    card = judge_card_measurements(judge_card, metrics_dir)
    if models is None:
        models = sorted(p.stem for p in judgments_dir.glob("*.parquet"))
    present = [m for m in models if (judgments_dir / f"{m}.parquet").is_file()]
    j = load_judgments(judgments_dir, present) if present else pd.DataFrame()
    examples = pick_examples(j) if len(j) else []
    ctx = _context(inputs, out_dir, kept_thumbs, present) if len(j) else Context()
    listed = pd.concat([j, *published_units(metrics_dir, present)], ignore_index=True)
    atomic_write_text(out_dir / "explorer" / "units.js", units_js(explorer_data(listed, ctx)))
    atomic_write_text(out_dir / "explorer.html", render_explorer(metrics.get("header")))
    pngs = sorted(gallery_dir.glob("*.png")) if gallery_dir.is_dir() else []
    gallery_hrefs = thumbnails(pngs, out_dir, GALLERY_WIDTH, kept=kept_thumbs)
    gallery = [GalleryItem(p.stem, *gallery_hrefs[p]) for p in pngs]
    per, beh = metrics.get("perception", {}), metrics.get("behaviour", {})
    _write_csv(out_dir / "plots" / "mqm_conditions.csv", plots.mqm_condition_rows(per))
    _write_csv(out_dir / "plots" / "ari.csv", plots.ari_rows(beh))
    _write_csv(out_dir / "plots" / "quality_behaviour.csv", plots.quality_behaviour_rows(per, beh))
    index = out_dir / "index.html"
    atomic_write_text(index, render_report(metrics, gallery, examples, n_units=len(j), card=card))
    if stamp_root is not None:
        from scifigbench.report.stamp import STAMP_FILE, stamp, stamp_js

        atomic_write_text(
            out_dir / STAMP_FILE, stamp_js(stamp(stamp_root, metrics.get("header", {}).get("params_sha256")))
        )
    return index


@click.command()
@file_option("--params", DEFAULT_PARAMS, "the models under `models:` are the ones reported", dest="params_path")
@folder_option("--metrics", paths.METRICS_DIR, "metrics JSON: the values of the tables", dest="metrics_dir")
@folder_option(
    "--judgments", paths.JUDGMENTS_DIR, "judgments: the units behind every value (the explorer)", dest="judgments_dir"
)
@file_option(
    "--setups", paths.SETUPS, "setups table: the request and image each unit's model saw (shown in the explorer)"
)
@file_option("--probes", paths.PROBES, "probes table: the expected answer or false premise of each question")
@file_option("--blur-targets", paths.BLUR_TARGETS, "blur targets: the blurred element and its answer")
@file_option("--figures", paths.FIGURES, "corpus figures: the MQM reference description of each figure")
@folder_option(
    "--responses",
    paths.RESPONSES_DIR,
    "responses folder: each model's whole reply, shown beside the part the judge read",
)
@folder_option("--gallery", paths.GALLERY, "the condition images of each figure", dest="gallery_dir")
@file_option(
    "--judge-card",
    paths.JUDGE_CARD,
    "the judge card: agreement with GPT-4o on real answers (benchmarks/judge_agreement.py --write); "
    f"metrics/{FULL_SCALE_FILE} replaces its numbers where present (scifigbench release-agreement)",
)
@folder_option("--out", paths.REPORTS_DIR, "where index.html and explorer.html are written", dest="out_dir")
def report(
    params_path: Path,
    metrics_dir: Path,
    judgments_dir: Path,
    setups: Path,
    probes: Path,
    blur_targets: Path,
    figures: Path,
    responses: Path,
    gallery_dir: Path,
    judge_card: Path,
    out_dir: Path,
) -> None:
    """Write reports/index.html, the per-unit explorer (reports/explorer.html) and dvc plots data."""
    index = build_report(
        metrics_dir,
        judgments_dir,
        Inputs(setups, probes, blur_targets, figures, responses),
        gallery_dir,
        out_dir,
        model_names(params_path),
        kept_thumbs=paths.cache_root() / KEPT_THUMBS,
        stamp_root=Path("."),
        judge_card=judge_card,
    )
    size = sum(f.stat().st_size for f in out_dir.rglob("*") if f.is_file())
    click.echo(f"wrote {index} and {out_dir / 'explorer.html'} ({size / 1e6:.1f} MB in {out_dir})")
