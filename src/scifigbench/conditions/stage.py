"""The ``conditions`` stage: every figure under every evaluation condition it takes part in.

``base`` (and its caption-less twin ``nocap``) covers all figures; the perceptual transforms, the
in-paper pages and the selective blurs cover the configured subset (the paper's matched
100-figure primary subset by default). Each figure is one independent job, run in a process
pool; results are gathered, checked against the contracts and only then written, tables last,
so a failure leaves the previous tables in place. A figure whose job raises keeps only its
``base``/``nocap`` rows and becomes a record in ``errors.json`` naming the figure and the step;
the other figures are finished. OCR readings are cached by image content (``ocr_cache``), so a
rerun after a review decision reads nothing again.
"""

from __future__ import annotations

import multiprocessing as mp
import random
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path

import cv2
import pandas as pd
from tqdm import tqdm

from scifigbench import paths
from scifigbench.blurtargets import decisions as review
from scifigbench.blurtargets.candidates import BlurTarget
from scifigbench.blurtargets.selection import select
from scifigbench.blurtargets.text import redact
from scifigbench.caching.keys import code_version, content_key
from scifigbench.concepts.names import MODE_CONDITION
from scifigbench.conditions import released
from scifigbench.conditions.blur import blur_box, blur_with
from scifigbench.conditions.config import ConditionsConfig
from scifigbench.conditions.figure_cache import KIND as FIGURE_MEMO
from scifigbench.conditions.figure_cache import FigureCache, as_json
from scifigbench.conditions.gallery import gallery
from scifigbench.conditions.images import read_bgr, write_png
from scifigbench.conditions.page import render_page
from scifigbench.conditions.page_text import page_text
from scifigbench.conditions.transforms import gaussian_noise, low_contrast, rotate
from scifigbench.contracts.blur_candidates import BLUR_CANDIDATES
from scifigbench.contracts.blur_targets import BLUR_TARGETS
from scifigbench.failures import ItemFailure, from_exception, write_failures
from scifigbench.ocr import cache as ocr_cache
from scifigbench.ocr.boxes import OCR_DIR, ocr_boxes_path, write_ocr_boxes
from scifigbench.ocr.cache import CachedOcr, engine_version
from scifigbench.ocr.engine import backend as ocr_backend
from scifigbench.ocr.reread import crop_rereader
from scifigbench.ocr.turned import TurnedOcr
from scifigbench.seeded import figure_seed
from scifigbench.spec import FigureSpec
from scifigbench.tableio import read_table, sha256_file, write_table

REVIEW_FILE = paths.REVIEW_DIR / "blur_targets.csv"
ERRORS = paths.CONDITIONS_DIR / "errors.json"
# rapidocr's detector enlarges an image until its shorter side is this long (Det.limit_side_len)
DETECTOR_SHORT_SIDE = 736


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
    full: bool  # gets every condition, not only base/nocap


@dataclass
class FigureResult:
    conditions: list[dict]
    targets: list[dict]
    written: list[str]
    candidates: list[dict] = field(default_factory=list)  # ranked blur candidates (figures without a spec)
    seconds: dict[str, float] = field(default_factory=dict)
    step: str = "read image"  # what the job is doing, for the failure record
    failure: ItemFailure | None = None


def _row(
    job: FigureJob, condition: str, rel: str, sha: str, shape, caption: str | None, target_id: str | None = None
) -> dict:
    return {
        "condition_id": f"{job.figure_id}/{condition}",
        "figure_id": job.figure_id,
        "condition": condition,
        "image_path": rel,
        "image_sha256": sha,
        "width": int(shape[1]),
        "height": int(shape[0]),
        "caption": caption,
        "blur_target_id": target_id,
    }


def _clean_rows(job: FigureJob) -> list[dict]:
    """``base`` (and ``nocap``): the corpus image itself, which needs no work and cannot fail."""
    clean = [("base", job.caption), ("nocap", None)] if job.full else [("base", job.caption)]
    return [_row(job, cond, job.image_path, job.image_sha256, (job.height, job.width), cap) for cond, cap in clean]


def process_figure(
    job: FigureJob, cfg: ConditionsConfig, seed: int, root: Path, decided: dict[str, review.Decision]
) -> FigureResult:
    """All condition images and blur targets of one figure; a failure becomes ``result.failure``.

    A failed figure keeps its ``base``/``nocap`` rows only; images it wrote before failing are
    not listed as written, so the stage removes them as stale.
    """
    res = FigureResult([], [], [])
    try:
        _fill(job, cfg, seed, root, decided, res)
    except Exception as exc:  # noqa: BLE001 - one figure never sinks the stage; the record names it
        return FigureResult(_clean_rows(job), [], [], failure=from_exception(job.figure_id, res.step, exc))
    return res


def _fill(
    job: FigureJob, cfg: ConditionsConfig, seed: int, root: Path, decided: dict[str, review.Decision], res: FigureResult
) -> None:
    """Add the figure's rows, targets and written images to ``res``, keeping ``res.step`` current."""
    res.conditions.extend(_clean_rows(job))
    if not job.full:
        return
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
    res.step = "noise"
    emit("noise", gaussian_noise(img, cfg.noise_sigma, figure_seed(seed, job.figure_id, "noise")), job.caption, t)
    t = time.perf_counter()
    res.step = "lowc"
    emit("lowc", low_contrast(img, cfg.lowc_alpha, cfg.lowc_beta), job.caption, t)
    t = time.perf_counter()
    res.step = "rot"
    emit("rot", rotate(img, cfg.rot_degrees), job.caption, t)

    res.step = "load spec"
    spec = FigureSpec.load(root / job.spec_path) if job.spec_path else None
    t = time.perf_counter()
    res.step = "inpaper page"
    rng = random.Random(figure_seed(seed, job.figure_id, "page"))
    number = rng.randint(1, 6)
    words = page_text(spec, job.caption, job.chart_type, spec.domain if spec else None, number, rng)
    page, box = render_page(img, words, job.caption, number, cfg.page_dpi)
    emit("inpaper", page, None, t)
    t = time.perf_counter()
    res.step = "inpaper_blur"
    emit("inpaper_blur", blur_box(page, box, grey_blend=cfg.blur_grey_blend, kernel=cfg.blur_kernel, pad=0), None, t)

    t = time.perf_counter()
    name = cfg.ocr_backend if spec is not None else cfg.real_ocr_backend
    res.step = f"ocr ({name})"
    boxes = reader(name, root).read(img, spec.text_elements if spec else None)
    rel = ocr_boxes_path(job.figure_id).as_posix()
    write_ocr_boxes(root / rel, name, boxes)
    res.written.append(rel)
    res.step = "blur target selection"
    chosen = select(
        job.figure_id,
        spec,
        job.caption,
        boxes,
        name,
        img,
        seed=seed,
        pad=cfg.blur_pad_px,
        threshold=cfg.fuzzy_threshold,
        decided=decided,
        where=str(REVIEW_FILE),
        k=cfg.candidates_k,
        rereader=None if spec is not None else crop_rereader(img, rereaders(cfg, root), cfg.reread_scale),
        reread_below=cfg.reread_below,
    )
    res.candidates.extend(r.row() for r in chosen.candidates)
    res.seconds["ocr+targets"] = time.perf_counter() - t
    for target in chosen.targets:
        res.targets.append(target.row())
        if target.status != "confirmed":
            continue
        t = time.perf_counter()
        res.step = f"blur {target.mode}"
        blurred = blur_with(img, target.boxes, cfg, clear_of=[b.box for b in boxes])
        emit(MODE_CONDITION[target.mode], blurred, redact(job.caption, target.text), t, target)
    if cfg.gallery:
        t = time.perf_counter()
        res.step = "gallery"
        rel = (paths.GALLERY / f"{job.figure_id}.png").as_posix()
        write_png(root / rel, gallery(list(shown.items())))
        res.written.append(rel)
        res.seconds["gallery"] = time.perf_counter() - t


def reader(name: str, root: Path):
    """The OCR backend ``name``; reading backends go through the content-addressed cache under ``root``
    and also read the image turned a quarter, so vertical text (y-axis titles) comes out whole."""
    inner = ocr_backend(name)
    return inner if name == "renderer" else TurnedOcr(CachedOcr(inner, paths.cache_root(root) / ocr_cache.KIND))


def rereaders(cfg: ConditionsConfig, root: Path) -> list:
    """The engines reading a doubtful label again (``reread``): the real-figure engine, and the
    second one when configured, each behind the OCR cache."""
    second = [cfg.reread_backend] if cfg.reread_backend not in (None, cfg.real_ocr_backend) else []
    names = [cfg.real_ocr_backend, *second]
    return [CachedOcr(ocr_backend(n), paths.cache_root(root) / ocr_cache.KIND) for n in names]


def _same_pixels_on_every_cpu() -> None:
    """OpenCV picks AVX2 / AVX-512 kernels for the blur and the warps by what the CPU offers, and
    those round differently from its baseline code: the same figure blurred on two x86_64 machines
    gave different bytes, so a fresh clone elsewhere wrote another ``dvc.lock``. The baseline path
    is the same on every x86_64 machine."""
    cv2.setUseOptimized(False)


def _init_worker() -> None:
    cv2.setNumThreads(1)
    _same_pixels_on_every_cpu()


def reading_cost(job: FigureJob) -> float:
    """What OCR of ``job`` roughly costs, to hand the longest figures to a pool first: the pixels
    rapidocr's detector sees, the image enlarged until its shorter side is ``DETECTOR_SHORT_SIDE``
    (twice: upright and turned). Figures with a spec are not read (renderer boxes) and cost 0 here."""
    if job.spec_path is not None or not job.full:
        return 0.0
    enlarge = max(1.0, DETECTOR_SHORT_SIDE / max(1, min(job.width, job.height)))
    return job.width * job.height * enlarge * enlarge


def jobs_for(figures: pd.DataFrame, cfg: ConditionsConfig) -> list[FigureJob]:
    out = []
    for r in figures.itertuples(index=False):
        out.append(
            FigureJob(
                figure_id=r.figure_id,
                chart_type=r.chart_type,
                image_path=r.image_path,
                image_sha256=r.image_sha256,
                width=int(r.width),
                height=int(r.height),
                caption=None if pd.isna(r.caption) else r.caption,
                spec_path=None if pd.isna(r.spec_path) else r.spec_path,
                full=bool(r.subset_primary) if cfg.subset == "primary" else True,
            )
        )
    return out


@dataclass
class StageResult:
    conditions: pd.DataFrame
    targets: pd.DataFrame
    seconds: dict[str, float]
    wall: float
    n_figures: int
    failures: list[ItemFailure] = field(default_factory=list)
    reused: int = 0  # figures whose stored result was reused (figure_cache)
    held_back: dict[str, int] = field(default_factory=dict)  # per mode: figures left without a target (held_back)


def figures_held_back(candidates: list[dict], targets: pd.DataFrame) -> dict[str, int]:
    """Per mode, the figures left without a target because a reader narrows their best candidate
    (``ranked.held_back``), so the run can say how many figures were not asked and why: the reasons
    are in ``blur_candidates.held_back``. A figure a reviewer gave a target anyway is not counted."""
    have = set(zip(targets["figure_id"], targets["mode"], strict=True)) if len(targets) else set()
    return dict(
        Counter(
            c["mode"]
            for c in candidates
            if c["rank"] == 1 and c["held_back"] and (c["figure_id"], c["mode"]) not in have
        )
    )


def run(cfg: ConditionsConfig, seed: int, root: Path | str = ".", progress: bool = True) -> StageResult:
    root = Path(root)
    started = time.perf_counter()
    _same_pixels_on_every_cpu()
    if released.is_release(root):  # the paper's own condition images and targets: nothing to compute
        conditions, targets = released.adopt(root, ERRORS)
        n = int(conditions["figure_id"].nunique())
        return StageResult(conditions, targets, {}, time.perf_counter() - started, n)
    figures = read_table(root / paths.FIGURES, "figures", root=root)
    decided = review.read_decisions(root / REVIEW_FILE)
    jobs = jobs_for(figures, cfg)
    memo = figure_memo(root)
    keys = {j.figure_id: _memo_key(j, cfg, seed, root, decided) for j in jobs}
    done: dict[str, FigureResult] = {}
    for j in jobs:
        hit = memo.load(keys[j.figure_id], root)
        if hit is not None:
            done[j.figure_id] = FigureResult(**hit)
    todo = [j for j in jobs if j.figure_id not in done]
    if cfg.workers > 1:
        todo.sort(key=reading_cost, reverse=True)  # the longest first, so none is left alone at the end
    work = partial(process_figure, cfg=cfg, seed=seed, root=root, decided=decided)
    bar = partial(tqdm, total=len(todo), desc="conditions", unit="fig", disable=not progress)

    def keep(job: FigureJob, r: FigureResult) -> None:
        """Store each figure as it finishes, so a run stopped midway (Ctrl-C, kill) keeps it."""
        done[job.figure_id] = r
        if r.failure is None:
            memo.store(keys[job.figure_id], as_json(r), r.written, root)

    if cfg.workers > 1 and len(todo) > 1:
        # spawn, not fork: a parent that already runs onnxruntime (OCR) threads would deadlock forked children.
        with mp.get_context("spawn").Pool(cfg.workers, initializer=_init_worker) as pool:
            for i, r in bar(pool.imap_unordered(partial(_numbered, work), enumerate(todo), chunksize=1)):
                keep(todo[i], r)
    else:
        for j in bar(todo):
            keep(j, work(j))
    results = [done[j.figure_id] for j in jobs]

    seconds: dict[str, float] = defaultdict(float)
    for r in results:
        for k, v in r.seconds.items():
            seconds[k] += v
    rows = [t for r in results for t in r.targets]
    fig_ids = figures["figure_id"].tolist()
    targets = write_table(
        pd.DataFrame(rows) if rows else BLUR_TARGETS.empty(),
        root / paths.BLUR_TARGETS,
        "blur_targets",
        refs={"figures": fig_ids},
        root=root,
    )
    cands = [c for r in results for c in r.candidates]
    write_table(
        pd.DataFrame(cands) if cands else BLUR_CANDIDATES.empty(),
        root / paths.BLUR_CANDIDATES,
        "blur_candidates",
        refs={"figures": fig_ids},
        root=root,
    )
    conditions = write_table(
        pd.DataFrame([c for r in results for c in r.conditions]),
        root / paths.CONDITIONS,
        "conditions",
        refs={"figures": fig_ids, "blur_targets": targets["target_id"].tolist()},
        root=root,
    )
    failures = [r.failure for r in results if r.failure is not None]
    write_failures(root / ERRORS, failures)
    _remove_stale(root, {w for r in results for w in r.written})
    return StageResult(
        conditions,
        targets,
        dict(seconds),
        time.perf_counter() - started,
        len(jobs),
        failures,
        reused=len(jobs) - len(todo),
        held_back=figures_held_back(cands, targets),
    )


def _numbered(work: Callable[[FigureJob], FigureResult], item: tuple[int, FigureJob]) -> tuple[int, FigureResult]:
    """``work`` on a numbered job, keeping the number: results come back in the order they finish."""
    i, job = item
    return i, work(job)


def figure_memo(root: Path) -> FigureCache:
    """The stored per-figure results of this stage's code (the code version is their folder)."""
    return FigureCache(paths.cache_root(root) / FIGURE_MEMO, code_version(__name__))


# settings that cannot change one figure's result: the vetting stage's own, and how many processes share the work
_NOT_IN_RESULT = frozenset({"vetting", "workers"})


def _memo_key(job: FigureJob, cfg: ConditionsConfig, seed: int, root: Path, decided: dict[str, review.Decision]) -> str:
    """Everything one figure's result depends on (see figure_cache): a changed input is a new key."""
    spec_sha = sha256_file(root / job.spec_path) if job.spec_path else None
    mine = {tid: asdict(d) for tid, d in decided.items() if tid.startswith(f"{job.figure_id}/")}
    return content_key(
        {
            "job": asdict(job),
            "spec": spec_sha,
            "cfg": {k: v for k, v in asdict(cfg).items() if k not in _NOT_IN_RESULT},
            "seed": seed,
            "decisions": mine,
            "ocr": engine_version(cfg.real_ocr_backend if job.spec_path is None else cfg.ocr_backend),
            "review_file": str(REVIEW_FILE),
        }
    )


def _remove_stale(root: Path, written: set[str]) -> None:
    """Delete images a previous run left that this run did not produce (e.g. a figure left the subset)."""
    for d, pattern in ((paths.CONDITION_IMAGES, "*.png"), (paths.GALLERY, "*.png"), (OCR_DIR, "*.json")):
        for f in (root / d).rglob(pattern):
            if f.relative_to(root).as_posix() not in written:
                f.unlink()
