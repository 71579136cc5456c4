"""The ``probes`` stage: every probe of every figure, into ``data/probes/probes.parquet``.

Synthetic figures get their probes from the spec by rules (exact answers, status ``confirmed``);
real figures get SciVQA's own questions when configured, LLM-written probes when a generator
model is configured, and otherwise probes from their layout reading (``probes.layout_probes``,
probes/real/; both status ``proposed``). Blur questions follow the confirmed blur targets of
any figure. Besides the table, the stage writes ``summary.json`` (counts per family and category),
``review_queue.json`` (rejected candidates and LLM failures, with reasons) and ``coverage.json``
(which families real figures get, and what each missing one needs; see coverage.py) beside it,
and prints that plan before it starts.
Reviewers' decisions on proposed probes (``review/probes.csv``, see review.py) are applied last.
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pandas as pd
from tqdm import tqdm

from scifigbench import paths
from scifigbench.caching.keys import code_version, content_key
from scifigbench.caching.stepstore import StepStore
from scifigbench.concepts.probe_families import PROBE_FAMILY_RECORDS
from scifigbench.decisions.probes import REVIEW_FILE, apply_decisions, read_decisions
from scifigbench.failures import from_exception, write_failures
from scifigbench.failures import summary as summary_lines
from scifigbench.llm import cache_dir
from scifigbench.params import load_raw, section
from scifigbench.probes import coverage, llm, released
from scifigbench.probes.config import ProbesConfig
from scifigbench.probes.families.registry import WRITERS
from scifigbench.probes.figure_view import FigureView
from scifigbench.probes.from_layout import figure_probes
from scifigbench.probes.probe import Probe, rng_for, to_frame
from scifigbench.probes.real.load import figure_facts
from scifigbench.probes.scivqa import load_qa, scivqa_probes
from scifigbench.spec import FigureSpec
from scifigbench.tableio import read_table, sha256_file, write_json, write_table

ERRORS = paths.PROBES_DIR / "errors.json"  # figures whose probes raised (figure, step, error)
COVERAGE = paths.PROBES_COVERAGE


def spec_probes(spec: FigureSpec, primary: bool, cfg: ProbesConfig, seed: int) -> tuple[list[Probe], dict]:
    """Every registered family's probes of one synthetic figure (a primary-only family's for the
    primary subset alone), each family seeded by figure and family name; with the rejected candidates."""
    view = FigureView(spec, cfg.read_tolerance, cfg.pie_read_pp, cfg.compare_tolerance)
    probes: list[Probe] = []
    rejected: dict = {}
    for w in WRITERS:
        if w.from_spec is None or (w.primary_only and not primary):
            continue
        got, refused = w.from_spec(view, rng_for(seed, spec.figure_id, w.name), cfg)
        probes += got
        rejected |= refused
    return probes, rejected


def build_probes(
    figures: pd.DataFrame,
    elements: pd.DataFrame,
    targets: pd.DataFrame,
    cfg: ProbesConfig,
    seed: int,
    root: Path = Path("."),
    generator: llm.Generator | None = None,
) -> tuple[pd.DataFrame, dict[str, Any]]:
    """All probes as a table, plus the review queue (rejections, LLM failures and, under ``failures``,
    the figures whose probes raised: :class:`~scifigbench.failures.ItemFailure` records)."""
    probes: list[Probe] = []
    queue: dict[str, Any] = {
        "capability_rejected": {},
        "llm_rejected": [],
        "llm_errors": [],
        "no_probe": [],
        "layout_missing": {},
        "failures": [],
    }
    views: dict[str, FigureView] = {}
    store = spec_store(root)
    sizes = {r.figure_id: (int(r.width), int(r.height)) for r in figures.itertuples()}
    real: list[Any] = []  # figures without a spec, for the LLM generator
    for fig in tqdm(figures.sort_values("figure_id").itertuples(), total=len(figures), desc="probes", file=sys.stderr):
        if not _has_spec(fig):
            if generator is not None:
                real.append(fig)
            elif cfg.layout_probes:
                try:
                    probes += _layout_figure_probes(fig, cfg, seed, root, queue)
                except Exception as exc:  # noqa: BLE001 - one figure never sinks the stage; the record names it
                    queue["failures"].append(from_exception(fig.figure_id, "layout probes", exc))
            continue
        try:
            probes += _spec_figure_probes(fig, cfg, seed, root, queue, views, store)
        except Exception as exc:  # noqa: BLE001 - one figure never sinks the stage; the record names it
            queue["failures"].append(from_exception(fig.figure_id, "spec probes", exc))
    if generator is not None:
        for outcome in llm.generate_all(real, generator, tuple(cfg.contra_offset), root):
            if isinstance(outcome, llm.LLMProbeError):
                queue["llm_errors"].append(str(outcome))
            else:
                probes += outcome[0]
                queue["llm_rejected"] += outcome[1]
    if cfg.scivqa_qa:
        unspecced = figures[figures.spec_path.isna()]
        figure_of = {Path(str(r.image_path)).stem: r.figure_id for r in unspecced.itertuples()}
        figure_of.update({r.figure_id: r.figure_id for r in unspecced.itertuples()})
        probes += scivqa_probes(load_qa(root / cfg.scivqa_qa), figure_of)
    for w in WRITERS:
        if w.from_targets is not None:
            probes += w.from_targets(targets, elements, views, sizes)
    df = to_frame(probes).sort_values("probe_id").reset_index(drop=True)
    return df, queue


def _layout_figure_probes(fig: Any, cfg: ProbesConfig, seed: int, root: Path, queue: dict[str, Any]) -> list[Probe]:
    """The probes the layout reading of one real figure settles; why it got none of a kind goes
    to ``queue['layout_missing']`` (for coverage)."""
    caption = None if pd.isna(fig.caption) else str(fig.caption)
    facts = figure_facts(root, fig.figure_id, str(fig.image_path), caption)
    if isinstance(facts, str):
        queue["layout_missing"][fig.figure_id] = {"all": facts}
        return []
    got = figure_probes(facts, seed, bool(fig.subset_primary), cfg)
    queue["layout_missing"][fig.figure_id] = got.missing
    return got.probes


def _has_spec(fig: Any) -> bool:
    return fig.spec_path is not None and not pd.isna(fig.spec_path)


def spec_store(root: Path) -> StepStore:
    """A synthetic figure's rule probes by content: spec file, subset, the rule params, seed, code."""
    return StepStore("probes-spec", code_version(__name__), root)


def _spec_figure_probes(
    fig: Any,
    cfg: ProbesConfig,
    seed: int,
    root: Path,
    queue: dict[str, Any],
    views: dict[str, FigureView],
    store: StepStore,
) -> list[Probe]:
    """The probes of one figure with a spec (reused from ``store`` when its content was seen before);
    rejected candidates and gaps are noted in ``queue``."""
    spec = FigureSpec.load(root / fig.spec_path)
    rule_params = {k: v for k, v in asdict(cfg).items() if k not in ("llm_generator", "scivqa_qa", "layout_probes")}
    key = content_key(sha256_file(root / fig.spec_path), bool(fig.subset_primary), rule_params, seed)
    stored = store.get(key)
    if stored is None:
        stored = spec_probes(spec, bool(fig.subset_primary), cfg, seed)
        store.put(key, stored)
    got, rejected = stored
    views[fig.figure_id] = FigureView(spec, cfg.read_tolerance, cfg.pie_read_pp, cfg.compare_tolerance)
    if rejected:
        queue["capability_rejected"][fig.figure_id] = {k: [[t, p] for t, p in v] for k, v in rejected.items()}
    gaps: dict[str, list[str]] = {}
    for pf in (f for f in PROBE_FAMILY_RECORDS if f.gaps_listed):
        missing = sorted(set(pf.categories) - {p.category for p in got if p.family == pf.name})
        if missing:
            gaps[pf.name] = missing
    if gaps:
        queue["no_probe"].append({"figure_id": fig.figure_id, **gaps})
    return got


def summary(df: pd.DataFrame) -> dict[str, Any]:
    """Counts per family and category, and caption claims per type (for the report and the note)."""
    import json

    claims: Counter[str] = Counter()
    for s in df[df.family.isin([f.name for f in PROBE_FAMILY_RECORDS if f.in_caption])].expected_json:
        claims.update(c["type"] for c in json.loads(s)["claims"])
    return {
        "figures": int(df.figure_id.nunique()),
        "probes": int(len(df)),
        "by_family": {k: int(v) for k, v in df.family.value_counts().sort_index().items()},
        "by_category": {f"{f}/{c}": int(n) for (f, c), n in df.groupby(["family", "category"]).size().items()},
        "caption_claims": {k: int(v) for k, v in sorted(claims.items())},
        "caption_claims_total": int(sum(claims.values())),
        "by_status": {k: int(v) for k, v in df.status.value_counts().sort_index().items()},
    }


def _adopt_release(root: Path, ids: set[str], setting: coverage.Setting) -> dict[str, Any]:
    """The release's own probes and coverage as the stage's outputs (``corpus.source: release``)."""
    df = write_table(released.probes(root, ids), root / paths.PROBES, "probes", refs={"figures": ids}, root=root)
    stats = summary(df)
    write_json(root / paths.PROBES_DIR / "summary.json", stats)
    write_json(root / paths.PROBES_DIR / "review_queue.json", {})
    write_failures(root / ERRORS, [])
    covered = released.coverage(root, setting)
    write_json(root / COVERAGE, covered)
    print(covered["plan"], file=sys.stderr)
    _say_gaps(covered)
    return stats


def _say_gaps(covered: dict[str, Any]) -> None:
    """One terminal line per family the run does not measure, with what it needs."""
    for gap in covered["not_measured"]:
        print(
            f"probes: not measured on {gap['figures']} figures: {gap['family']} (needs {gap['needs']})", file=sys.stderr
        )


def run(params_path: Path | str = "params.yaml", root: Path = Path(".")) -> dict[str, Any]:
    cfg = section(ProbesConfig, "probes", params_path)
    raw = load_raw(params_path)
    seed = int(raw.get("seed", 42))
    figures = read_table(root / paths.FIGURES, "figures", root=root)
    ids = set(figures.figure_id)
    elements = read_table(root / paths.TEXT_ELEMENTS, "text_elements", refs={"figures": ids}, root=root)
    targets = read_table(root / paths.BLUR_TARGETS, "blur_targets", refs={"figures": ids}, root=root)
    setting = coverage.Setting.load(params_path)
    if released.is_release(root):
        return _adopt_release(root, ids, setting)
    print(coverage.coverage(figures, None, setting)["plan"], file=sys.stderr)
    if cfg.llm_generator:
        with llm.open_generator(cfg.llm_generator, params_path, root / cache_dir()) as generator:
            df, queue = build_probes(figures, elements, targets, cfg, seed, root, generator)
    else:
        df, queue = build_probes(figures, elements, targets, cfg, seed, root)
    failures = queue.pop("failures")
    layout_missing = queue.pop("layout_missing")
    df, queue["review_notes"] = apply_decisions(df, read_decisions(root / REVIEW_FILE))
    write_table(df, root / paths.PROBES, "probes", refs={"figures": ids}, root=root)
    stats = summary(df)
    write_json(root / paths.PROBES_DIR / "summary.json", stats)
    write_json(root / paths.PROBES_DIR / "review_queue.json", queue)
    write_failures(root / ERRORS, failures)
    if failures:
        print(summary_lines("probes", failures, len(figures), "figures", ERRORS), file=sys.stderr)
    covered = coverage.coverage(figures, df, setting, layout_missing)
    write_json(root / COVERAGE, covered)
    _say_gaps(covered)
    if queue["llm_errors"]:
        print(
            f"probes: {len(queue['llm_errors'])} figure(s) without LLM probes; see review_queue.json:",
            *queue["llm_errors"][:5],
            sep="\n  ",
            file=sys.stderr,
        )
    return stats
