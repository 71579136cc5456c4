"""The ``conditions`` stage: every figure under every evaluation condition it takes part in.

``base`` (and its caption-less twin ``nocap``) covers all figures; the perceptual transforms, the
in-paper pages and the selective blurs cover the configured subset (the paper's matched
100-figure primary subset by default). Each figure is one independent job, run in a process
pool; results are gathered, checked against the contracts and only then written, tables last,
so a failure leaves the previous tables in place.
"""

from __future__ import annotations

import multiprocessing as mp
import random
import time
from collections import defaultdict
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import cv2
import pandas as pd
from tqdm import tqdm

from scifigbench import paths
from scifigbench.conditions import decisions as review
from scifigbench.conditions.blur import blur_box
from scifigbench.conditions.candidates import BlurTarget
from scifigbench.conditions.config import ConditionsConfig
from scifigbench.conditions.gallery import gallery
from scifigbench.conditions.images import read_bgr, write_png
from scifigbench.conditions.ocr import backend as ocr_backend
from scifigbench.conditions.page import render_page
from scifigbench.conditions.page_text import page_text
from scifigbench.conditions.selection import select_targets
from scifigbench.conditions.text import redact
from scifigbench.conditions.transforms import figure_seed, gaussian_noise, low_contrast, rotate
from scifigbench.contracts.blur_targets import BLUR_TARGETS
from scifigbench.contracts.conditions import MODE_CONDITION
from scifigbench.spec import FigureSpec
from scifigbench.tableio import read_table, write_table

REVIEW_FILE = paths.REVIEW_DIR / "blur_targets.csv"


@dataclass(frozen=True)
class FigureJob:
    figure_id: str
    chart_type: str
    image_path: str
    image_sha256: str
    width: int
    height: int
    caption: str | None
    spec_path: str | None
    full: bool          # gets every condition, not only base/nocap


@dataclass
class FigureResult:
    conditions: list[dict]
    targets: list[dict]
    written: list[str]
    seconds: dict[str, float] = field(default_factory=dict)


def _row(job: FigureJob, condition: str, rel: str, sha: str, shape, caption: str | None, target_id: str | None = None) -> dict:
    return {
        "condition_id": f"{job.figure_id}/{condition}", "figure_id": job.figure_id, "condition": condition,
        "image_path": rel, "image_sha256": sha, "width": int(shape[1]), "height": int(shape[0]),
        "caption": caption, "blur_target_id": target_id,
    }


def process_figure(job: FigureJob, cfg: ConditionsConfig, seed: int, root: Path, decided: dict[str, review.Decision]) -> FigureResult:
    """All condition images and blur targets of one figure (pure apart from writing its own PNGs)."""
    res = FigureResult([], [], [])
    clean = [("base", job.caption), ("nocap", None)] if job.full else [("base", job.caption)]
    for cond, cap in clean:
        res.conditions.append(_row(job, cond, job.image_path, job.image_sha256, (job.height, job.width), cap))
    if not job.full:
        return res
    img = read_bgr(root / job.image_path)
    shown: dict[str, object] = {"base / nocap / capbias": img}

    def emit(cond: str, out, caption: str | None, started: float, target: BlurTarget | None = None) -> None:
        rel = (paths.CONDITION_IMAGES / cond / f"{job.figure_id}.png").as_posix()
        sha = write_png(root / rel, out)
        res.written.append(rel)
        res.conditions.append(_row(job, cond, rel, sha, out.shape, caption, target.target_id if target else None))
        res.seconds[cond] = res.seconds.get(cond, 0.0) + time.perf_counter() - started
        shown[cond if target is None else f"{cond}: '{target.text[:24]}'"] = out

    t = time.perf_counter()
    emit("noise", gaussian_noise(img, cfg.noise_sigma, figure_seed(seed, job.figure_id, "noise")), job.caption, t)
    t = time.perf_counter()
    emit("lowc", low_contrast(img, cfg.lowc_alpha, cfg.lowc_beta), job.caption, t)
    t = time.perf_counter()
    emit("rot", rotate(img, cfg.rot_degrees), job.caption, t)

    spec = FigureSpec.load(root / job.spec_path) if job.spec_path else None
    t = time.perf_counter()
    rng = random.Random(figure_seed(seed, job.figure_id, "page"))
    number = rng.randint(1, 6)
    words = page_text(spec, job.caption, job.chart_type, spec.domain if spec else None, number, rng)
    page, box = render_page(img, words, job.caption, number, cfg.page_dpi)
    emit("inpaper", page, None, t)
    t = time.perf_counter()
    emit("inpaper_blur", blur_box(page, box, grey_blend=cfg.blur_grey_blend, kernel=cfg.blur_kernel, pad=0), None, t)

    t = time.perf_counter()
    name = cfg.ocr_backend if spec is not None else cfg.real_ocr_backend
    boxes = ocr_backend(name).read(img, spec.text_elements if spec else None)
    found = select_targets(
        job.figure_id, spec, job.caption, boxes, name, img, seed=seed, pad=cfg.blur_pad_px,
        threshold=cfg.fuzzy_threshold, decided=decided, where=str(REVIEW_FILE),
    )
    res.seconds["ocr+targets"] = time.perf_counter() - t
    for target in found:
        res.targets.append(target.row())
        if target.status != "confirmed":
            continue
        t = time.perf_counter()
        blurred = blur_box(img, target.box, grey_blend=cfg.blur_grey_blend, kernel=cfg.blur_kernel, pad=cfg.blur_pad_px)
        emit(MODE_CONDITION[target.mode], blurred, redact(job.caption, target.text), t, target)
    if cfg.gallery:
        t = time.perf_counter()
        rel = (paths.GALLERY / f"{job.figure_id}.png").as_posix()
        write_png(root / rel, gallery(list(shown.items())))
        res.written.append(rel)
        res.seconds["gallery"] = time.perf_counter() - t
    return res


def _init_worker() -> None:
    cv2.setNumThreads(1)


def jobs_for(figures: pd.DataFrame, cfg: ConditionsConfig) -> list[FigureJob]:
    out = []
    for r in figures.itertuples(index=False):
        out.append(FigureJob(
            figure_id=r.figure_id, chart_type=r.chart_type, image_path=r.image_path, image_sha256=r.image_sha256,
            width=int(r.width), height=int(r.height), caption=None if pd.isna(r.caption) else r.caption,
            spec_path=None if pd.isna(r.spec_path) else r.spec_path,
            full=bool(r.subset_primary) if cfg.subset == "primary" else True,
        ))
    return out


@dataclass
class StageResult:
    conditions: pd.DataFrame
    targets: pd.DataFrame
    seconds: dict[str, float]
    wall: float
    n_figures: int


def run(cfg: ConditionsConfig, seed: int, root: Path | str = ".", progress: bool = True) -> StageResult:
    root = Path(root)
    started = time.perf_counter()
    figures = read_table(root / paths.FIGURES, "figures", root=root)
    decided = review.read_decisions(root / REVIEW_FILE)
    jobs = jobs_for(figures, cfg)
    work = partial(process_figure, cfg=cfg, seed=seed, root=root, decided=decided)
    bar = partial(tqdm, total=len(jobs), desc="conditions", unit="fig", disable=not progress)
    if cfg.workers > 1:
        # spawn, not fork: a parent that already runs onnxruntime (OCR) threads would deadlock forked children.
        with mp.get_context("spawn").Pool(cfg.workers, initializer=_init_worker) as pool:
            results = list(bar(pool.imap(work, jobs, chunksize=1)))
    else:
        results = [work(j) for j in bar(jobs)]

    seconds: dict[str, float] = defaultdict(float)
    for r in results:
        for k, v in r.seconds.items():
            seconds[k] += v
    rows = [t for r in results for t in r.targets]
    fig_ids = figures["figure_id"].tolist()
    targets = write_table(
        pd.DataFrame(rows) if rows else BLUR_TARGETS.empty(), root / paths.BLUR_TARGETS, "blur_targets",
        refs={"figures": fig_ids}, root=root,
    )
    conditions = write_table(
        pd.DataFrame([c for r in results for c in r.conditions]), root / paths.CONDITIONS, "conditions",
        refs={"figures": fig_ids, "blur_targets": targets["target_id"].tolist()}, root=root,
    )
    _remove_stale(root, {w for r in results for w in r.written})
    return StageResult(conditions, targets, dict(seconds), time.perf_counter() - started, len(jobs))


def _remove_stale(root: Path, written: set[str]) -> None:
    """Delete images a previous run left that this run did not produce (e.g. a figure left the subset)."""
    for d in (paths.CONDITION_IMAGES, paths.GALLERY):
        for f in (root / d).rglob("*.png"):
            if f.relative_to(root).as_posix() not in written:
                f.unlink()
