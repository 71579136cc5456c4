"""``scifigbench report``: metrics JSON + judgments (+ setups, gallery) -> reports/.

Writes ``index.html`` (tables, plots, examples), ``explorer.html`` with ``explorer/units.js`` (every
judged unit), WebP thumbnails under ``thumbs/`` (full-size images are linked, not copied), and the
plots' data as CSV under ``plots/`` for ``dvc plots``.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import click

from scifigbench import paths
from scifigbench.params import DEFAULT_PARAMS, model_names

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
    from scifigbench.contracts.metrics import METRIC_FILES

    out = {}
    for name in METRIC_FILES:
        f = metrics_dir / f"{name}.json"
        if f.is_file():
            try:
                out[name] = json.loads(f.read_text())
            except json.JSONDecodeError as exc:
                raise click.ClickException(f"{f}: not valid JSON: {exc}") from None
    if not out:
        raise click.ClickException(f"{metrics_dir}: no metrics JSON — run `scifigbench metrics` first")
    return out


def _setup_images(setups: Path, out_dir: Path, kept: Path | None) -> dict[str, tuple[str | None, str]]:
    """setup id -> (thumbnail href, full-size href) for every setup's image; {} without a setups table."""
    from scifigbench.report.thumbs import thumbnails
    from scifigbench.tableio import read_table

    if not setups.is_file():
        return {}
    table = read_table(setups, "setups", root=None)
    images = {sid: Path(p) for sid, p in zip(table["setup_id"], table["image_path"], strict=True)}
    hrefs = thumbnails(list(images.values()), out_dir, THUMB_WIDTH, kept=kept)
    return {sid: hrefs[p] for sid, p in images.items()}


def build_report(
    metrics_dir: Path,
    judgments_dir: Path,
    setups: Path,
    gallery_dir: Path,
    out_dir: Path,
    models: list[str] | None = None,
    kept_thumbs: Path | None = None,
    stamp_root: Path | None = None,
) -> Path:
    """The report of ``models`` only (the metrics files hold only them, and the examples and the
    explorer are read from their judgment tables by name); None: every table in the folder.
    ``kept_thumbs``: an untracked folder of thumbnails by image content, reused across runs.
    ``stamp_root``: the checkout whose commit, dirty flag and the date go to the untracked
    ``stamp.js`` beside the pages (see :mod:`scifigbench.report.stamp`); None writes no stamp."""
    import pandas as pd

    from scifigbench.report import plots
    from scifigbench.report.examples import pick_examples
    from scifigbench.report.page import GalleryItem, render_explorer, render_report
    from scifigbench.report.thumbs import thumbnails
    from scifigbench.report.units import explorer_data, units_js
    from scifigbench.tableio import atomic_write_text, load_judgments

    metrics = read_metrics(metrics_dir)
    if models is None:
        models = sorted(p.stem for p in judgments_dir.glob("*.parquet"))
    present = [m for m in models if (judgments_dir / f"{m}.parquet").is_file()]
    j = load_judgments(judgments_dir, present) if present else pd.DataFrame()
    examples = pick_examples(j) if len(j) else []
    images = _setup_images(setups, out_dir, kept_thumbs) if len(j) else {}
    atomic_write_text(
        out_dir / "explorer" / "units.js",
        units_js(explorer_data(j, images) if len(j) else {"columns": [], "texts": [], "images": [], "units": []}),
    )
    atomic_write_text(out_dir / "explorer.html", render_explorer(metrics.get("header")))
    pngs = sorted(gallery_dir.glob("*.png")) if gallery_dir.is_dir() else []
    gallery_hrefs = thumbnails(pngs, out_dir, GALLERY_WIDTH, kept=kept_thumbs)
    gallery = [GalleryItem(p.stem, *gallery_hrefs[p]) for p in pngs]
    per, beh = metrics.get("perception", {}), metrics.get("behaviour", {})
    _write_csv(out_dir / "plots" / "mqm_conditions.csv", plots.mqm_condition_rows(per))
    _write_csv(out_dir / "plots" / "ari.csv", plots.ari_rows(beh))
    _write_csv(out_dir / "plots" / "quality_behaviour.csv", plots.quality_behaviour_rows(per, beh))
    index = out_dir / "index.html"
    atomic_write_text(index, render_report(metrics, gallery, examples, n_units=len(j)))
    if stamp_root is not None:
        from scifigbench.report.stamp import STAMP_FILE, stamp, stamp_js

        atomic_write_text(
            out_dir / STAMP_FILE, stamp_js(stamp(stamp_root, metrics.get("header", {}).get("params_sha256")))
        )
    return index


@click.command()
@click.option(
    "--params",
    "params_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=DEFAULT_PARAMS,
    show_default=True,
    help="the models under `models:` are the ones reported",
)
@click.option(
    "--metrics",
    "metrics_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=paths.METRICS_DIR,
    show_default=True,
)
@click.option(
    "--judgments",
    "judgments_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=paths.JUDGMENTS_DIR,
    show_default=True,
)
@click.option(
    "--setups",
    "setups",
    type=click.Path(dir_okay=False, path_type=Path),
    default=paths.SETUPS,
    show_default=True,
    help="setups table: the image each unit's model saw (thumbnails in the explorer)",
)
@click.option(
    "--gallery",
    "gallery_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=paths.GALLERY,
    show_default=True,
)
@click.option(
    "--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=paths.REPORTS_DIR, show_default=True
)
def report(
    params_path: Path, metrics_dir: Path, judgments_dir: Path, setups: Path, gallery_dir: Path, out_dir: Path
) -> None:
    """Write reports/index.html, the per-unit explorer (reports/explorer.html) and dvc plots data."""
    index = build_report(
        metrics_dir,
        judgments_dir,
        setups,
        gallery_dir,
        out_dir,
        model_names(params_path),
        kept_thumbs=paths.cache_root() / KEPT_THUMBS,
        stamp_root=Path("."),
    )
    size = sum(f.stat().st_size for f in out_dir.rglob("*") if f.is_file())
    click.echo(f"wrote {index} and {out_dir / 'explorer.html'} ({size / 1e6:.1f} MB in {out_dir})")
