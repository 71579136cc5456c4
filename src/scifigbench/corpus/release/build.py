"""The corpus of ``corpus.source: release``: figure records, plus the release's own probes, blur
targets and condition images as tables the conditions and probes stages adopt unchanged.

Written under ``data/corpus/release/``: ``probes.parquet``, ``blur_targets.parquet`` and
``conditions.parquet`` (our contracts), the condition images, and ``coverage.json`` (what the
release can and cannot serve, one line per gap). A figure's own image is its clean image when the
folder ``corpus.release_images`` holds one named as the groundtruth's ``figure_filename``; without
it the figure keeps one of its released images as its picture (variant ``release_no_clean``) and
gets no ``base``/``nocap`` condition, so nothing is asked of a clean image it does not have.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from scifigbench import paths
from scifigbench.concepts.names import MODE_CONDITION
from scifigbench.concepts.probe_families import BLURRED, probe_family
from scifigbench.contracts import BLUR_TARGETS, CONDITIONS_TABLE, PROBES
from scifigbench.corpus.figure_record import FigureRecord
from scifigbench.corpus.image_import import ImageImportError, ImportedImage, import_image
from scifigbench.corpus.release import items
from scifigbench.corpus.release.layout import ReleaseFigure, read_release, subset_ids
from scifigbench.failures import ItemFailure, from_exception
from scifigbench.tableio import sha256_bytes, write_json, write_table

NO_CLEAN = "release_no_clean"
# the released image that stands for a figure without its clean image, first found first
STAND_IN_ORDER = ("admb", "indb", "noise", "lowc", "rot", "inpaper", "inpaper_blur")
# families served only on the clean image (the figures table's probe families, and descriptions)
CLEAN_FAMILIES = ("resistance", "caption_bias", "capability")


@dataclass
class ReleaseCorpus:
    records: list[FigureRecord]
    failures: list[ItemFailure]
    primary: set[str] | None
    ablation: set[str] | None
    probes: list[dict[str, Any]] = field(default_factory=list)
    targets: list[dict[str, Any]] = field(default_factory=list)
    conditions: list[dict[str, Any]] = field(default_factory=list)
    coverage: dict[str, Any] = field(default_factory=dict)


def _write_image(img: ImportedImage, stage_root: Path, rel: Path) -> str:
    (stage_root / rel).parent.mkdir(parents=True, exist_ok=True)
    (stage_root / rel).write_bytes(img.png)
    return rel.as_posix()


def _condition_row(fig: ReleaseFigure, condition: str, rel: str, img: ImportedImage) -> dict[str, Any]:
    return {
        "condition_id": f"{fig.figure_id}/{condition}",
        "figure_id": fig.figure_id,
        "condition": condition,
        "image_path": rel,
        "image_sha256": sha256_bytes(img.png),
        "width": img.width,
        "height": img.height,
        "caption": items.condition_caption(condition, fig),
        "blur_target_id": items.blur_condition_target(condition, fig),
    }


def _one_figure(
    fig: ReleaseFigure, clean_dir: Path | None, stage_root: Path, out: ReleaseCorpus, max_pixels: int
) -> None:
    """The figure's record, condition rows and probe rows into ``out`` (raises on a bad image)."""
    base = paths.CORPUS / "release" / "images"
    shown: dict[str, tuple[str, ImportedImage]] = {}
    for cond in STAND_IN_ORDER:
        if cond in fig.images:
            img = import_image(fig.images[cond], max_pixels)
            shown[cond] = (_write_image(img, stage_root, base / cond / f"{fig.figure_id}.png"), img)
    clean = clean_dir / fig.figure_filename if clean_dir is not None else None
    if clean is not None and clean.is_file():
        img = import_image(clean, max_pixels)
        rel, variant = _write_image(img, stage_root, paths.CORPUS_IMAGES / f"{fig.figure_id}.png"), "release"
        shown = {"base": (rel, img), "nocap": (rel, img), **shown}
        own = (rel, img)
    elif shown:
        own, variant = next(iter(shown.values())), NO_CLEAN
    else:
        raise ImageImportError("the release holds no image of it and no clean image was supplied")
    rel, img = own
    out.records.append(
        FigureRecord(
            figure_id=fig.figure_id,
            source="release",
            chart_type=fig.chart_type,
            variant=variant,
            n_panels=1,
            title=None,
            image_path=rel,
            image_sha256=sha256_bytes(img.png),
            width=img.width,
            height=img.height,
            spec_path=None,
            caption=fig.caption,
            reference_description=fig.expert_description,
        )
    )
    out.conditions += [_condition_row(fig, cond, crel, cimg) for cond, (crel, cimg) in shown.items()]
    probes, targets = items.blur_rows(fig)
    out.probes += probes + items.resistance_rows(fig) + items.caption_rows(fig) + items.capability_rows(fig)
    out.targets += targets


def collect(release_dir: Path, clean_dir: Path | None, stage_root: Path, max_pixels: int) -> ReleaseCorpus:
    """Read the release (a wrong layout raises), then import each figure; a figure that fails is
    a failure record, the others go on."""
    figures = read_release(release_dir)
    primary, ablation = subset_ids(release_dir)
    out = ReleaseCorpus([], [], primary, ablation)
    for fig in figures:
        try:
            _one_figure(fig, clean_dir, stage_root, out, max_pixels)
        except (ImageImportError, ValueError) as exc:
            out.failures.append(from_exception(fig.figure_id, "import release figure", exc, expected=True))
    out.coverage = coverage(figures, out)
    return out


def coverage(figures: list[ReleaseFigure], corpus: ReleaseCorpus) -> dict[str, Any]:
    """Per family, the released items and how many the corpus can serve; a gap is one line."""
    n = len(figures)
    clean = {r.figure_id for r in corpus.records if r.variant != NO_CLEAN}
    conds = {(r["figure_id"], r["condition"]) for r in corpus.conditions}
    by_family: dict[str, dict[str, int]] = {}
    for p in corpus.probes:
        blurred = probe_family(p["family"]).delivery == BLURRED  # asked of a blurred image, not the clean one
        fam = f"{p['family']}/{p['category']}" if blurred else p["family"]
        entry = by_family.setdefault(fam, {"released": 0, "served": 0})
        entry["released"] += 1
        need = MODE_CONDITION[p["category"]] if blurred else "base"
        entry["served"] += int((p["figure_id"], need) in conds)
    not_measured = []
    lines = [f"clean images: {len(clean)} of {n} supplied"]
    for fam in CLEAN_FAMILIES:
        figs = {p["figure_id"] for p in corpus.probes if p["family"] == fam}
        missing = len(figs - clean)
        if missing:
            not_measured.append(
                {
                    "family": fam,
                    "figures": missing,
                    "needs": f"clean images: {len(figs & clean)} of {len(figs)} supplied (corpus.release_images)",
                }
            )
    for fam, e in sorted(by_family.items()):
        lines.append(f"{fam}: {e['served']} of {e['released']} released items served")
    for cond in ("noise", "lowc", "rot", "inpaper", "inpaper_blur"):
        have = sum(1 for f, c in conds if c == cond)
        lines.append(f"{cond}: released for {have} of {n} figures")
    return {
        "source": "release",
        "figures": n,
        "clean_images": len(clean),
        "by_family": by_family,
        "not_measured": not_measured,
        "lines": lines,
    }


def write_tables(corpus: ReleaseCorpus, stage_root: Path) -> None:
    """The release's probes, blur targets and conditions under ``data/corpus/release`` (validated)."""
    ids = {r.figure_id for r in corpus.records}
    keep = [p for p in corpus.probes if p["figure_id"] in ids]
    targets = [t for t in corpus.targets if t["figure_id"] in ids]
    refs: dict[str, Iterable[Any]] = {"figures": ids}
    write_table(
        pd.DataFrame(targets, columns=BLUR_TARGETS.column_names),
        stage_root / paths.RELEASE_BLUR_TARGETS,
        "blur_targets",
        refs=refs,
        root=stage_root,
    )
    write_table(
        pd.DataFrame(keep, columns=PROBES.column_names).sort_values("probe_id"),
        stage_root / paths.RELEASE_PROBES,
        "probes",
        refs=refs,
        root=stage_root,
    )
    write_table(
        pd.DataFrame(corpus.conditions, columns=CONDITIONS_TABLE.column_names).sort_values("condition_id"),
        stage_root / paths.RELEASE_CONDITIONS,
        "conditions",
        refs={"figures": ids, "blur_targets": {t["target_id"] for t in targets}},
        root=stage_root,
    )
    write_json(stage_root / paths.RELEASE_COVERAGE, corpus.coverage)
