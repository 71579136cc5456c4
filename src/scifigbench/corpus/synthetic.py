"""Build the synthetic corpus: generate specs, render them in a worker pool, write the files."""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Iterator, Sequence
from pathlib import Path

from tqdm import tqdm

from scifigbench.caching.keys import code_version, content_key
from scifigbench.caching.stepstore import StepStore
from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.corpus.describe import caption, reference_description
from scifigbench.corpus.figure_record import FigureRecord
from scifigbench.corpus.generate import generate
from scifigbench.corpus.render import render
from scifigbench.corpus.styles import DEFAULT_STYLE
from scifigbench.spec import FigureSpec

Job = tuple[int, str, int, int, str]  # seed, chart kind, index within the kind, dpi, style


def build_figure(job: tuple[int, str, int, int] | Job) -> tuple[str, bytes]:
    """Generate, render and describe one figure; returns (spec JSON, PNG bytes). Runs in a worker.

    A job without a style draws the paper's look. The style is chosen after the data, so a figure
    shows the same data in every style.
    """
    seed, chart_type, index, dpi = job[:4]
    spec = generate(seed, chart_type, index, dpi)
    spec.style = job[4] if len(job) > 4 else DEFAULT_STYLE
    png = render(spec)
    spec.caption = caption(spec)
    spec.reference_description = reference_description(spec)
    return spec.to_json(), png


def jobs(counts: dict[str, int], seed: int, dpi: int, styles: Sequence[str] = (DEFAULT_STYLE,)) -> list[Job]:
    """One job per figure. The figures of each kind take the styles in turn, each kind starting one
    style further on, so every kind is drawn in every style in equal shares and even a corpus of a
    couple of figures per kind shows every style."""
    return [
        (seed, ct, i, dpi, styles[(i + k) % len(styles)])
        for k, ct in enumerate(CHART_KINDS)
        for i in range(counts.get(ct, 0))
    ]


def _results(job_list: list[Job], workers: int) -> Iterator[tuple[str, bytes]]:
    if workers <= 1 or len(job_list) < 4:
        yield from map(build_figure, job_list)
        return
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        yield from pool.imap(build_figure, job_list, chunksize=4)


def render_store(repo_root: Path) -> StepStore:
    """Figures by job: a figure is a pure function of (seed, chart type, index, dpi) and this code."""
    return StepStore("corpus-render", code_version("scifigbench.corpus.synthetic"), repo_root)


def _built(job_list: list[Job], workers: int, store: StepStore) -> Iterator[tuple[str, bytes]]:
    """Each job's (spec JSON, PNG) in job order: from the store, else rendered (and stored)."""
    found: dict[Job, tuple[str, bytes] | None] = {job: store.get(content_key(*job)) for job in job_list}
    todo = [job for job, value in found.items() if value is None]
    rendered = tqdm(_results(todo, workers), total=len(todo), desc="corpus", unit="fig")
    for job, built in zip(todo, rendered, strict=True):
        store.put(content_key(*job), built)
        found[job] = built
    for job in job_list:
        value = found[job]
        assert value is not None  # every job missing from the store was rendered above
        yield value


def build(
    counts: dict[str, int],
    seed: int,
    dpi: int,
    workers: int,
    stage_root: Path,
    corpus_dir: Path,
    repo_root: Path = Path("."),
    styles: Sequence[str] = (DEFAULT_STYLE,),
) -> Iterator[FigureRecord]:
    """Render every figure; write ``<stage_root>/<corpus_dir>/{images,specs}``; yield one record each.

    Paths in the records are relative to the repository root (``corpus_dir`` is relative too), so
    the files can be written under a staging root and moved into place afterwards. Figures drawn
    before by the same code come from the step store under ``repo_root``.
    """
    job_list = jobs(counts, seed, dpi, styles)
    images, specs = stage_root / corpus_dir / "images", stage_root / corpus_dir / "specs"
    images.mkdir(parents=True, exist_ok=True)
    specs.mkdir(parents=True, exist_ok=True)
    for spec_json, png in _built(job_list, workers, render_store(repo_root)):
        spec = FigureSpec.from_dict(json.loads(spec_json))
        (images / f"{spec.figure_id}.png").write_bytes(png)
        (specs / f"{spec.figure_id}.json").write_text(spec_json + "\n", encoding="utf-8")
        yield FigureRecord.from_spec(spec, png, corpus_dir)
