"""Where each stage's outputs live, relative to the repository root (the working directory).

dvc.yaml names the same paths; keeping them here means code never builds them by hand.
"""

import os
from pathlib import Path

DATA = Path("data")
PARAMS_OK = DATA / "params.ok"  # constant marker of the check-params stage, upstream of every stage
CORPUS = DATA / "corpus"
FIGURES = CORPUS / "figures.parquet"
TEXT_ELEMENTS = CORPUS / "text_elements.parquet"
CORPUS_IMAGES = CORPUS / "images"
CORPUS_SPECS = CORPUS / "specs"
# corpus.source release: the release's own items as our tables, adopted by the conditions and probes stages
RELEASE_ITEMS = CORPUS / "release"
RELEASE_PROBES = RELEASE_ITEMS / "probes.parquet"
RELEASE_BLUR_TARGETS = RELEASE_ITEMS / "blur_targets.parquet"
RELEASE_CONDITIONS = RELEASE_ITEMS / "conditions.parquet"
RELEASE_COVERAGE = RELEASE_ITEMS / "coverage.json"

CONDITIONS_DIR = DATA / "conditions"
CONDITIONS = CONDITIONS_DIR / "conditions.parquet"
BLUR_TARGETS = CONDITIONS_DIR / "blur_targets.parquet"
BLUR_CANDIDATES = CONDITIONS_DIR / "blur_candidates.parquet"  # ranked candidates of figures without a spec
CONDITION_IMAGES = CONDITIONS_DIR / "images"
GALLERY = CONDITIONS_DIR / "gallery"
OCR_BOXES = CONDITIONS_DIR / "ocr"  # what OCR read per figure (<figure_id>.json); the probes stage reads it too
BLUR_VETTING = DATA / "vetting" / "blur_vetting.parquet"  # a model's word on each blur candidate (conditions.vetting)

PROBES_DIR = DATA / "probes"
PROBES = PROBES_DIR / "probes.parquet"
PROBES_COVERAGE = PROBES_DIR / "coverage.json"  # families real figures get, and what a missing one needs

SETUPS = DATA / "setups" / "setups.parquet"
SETUPS_LEFT_OUT = DATA / "setups" / "left_out.json"  # units no request carries: the configured judge cannot judge them
RESPONSES_DIR = DATA / "responses"
JUDGMENTS_DIR = DATA / "judgments"
AUDIT_DIR = DATA / "audit"  # a second judge's verdicts on a seeded share of each model's units
METRICS_DIR = Path("metrics")
REPORTS_DIR = Path("reports")
# the judge card: each judge id's agreement with GPT-4o on real answers (benchmarks/judge_agreement.py --write)
JUDGE_CARD = Path("benchmarks") / "judge_card.json"

REVIEW_DIR = Path("review")  # git-tracked human decisions (blur targets, LLM probes, verdicts)
REVIEW_VERDICTS = REVIEW_DIR / "verdicts.csv"  # a person's decisions on a sample of verdicts
CACHE_DIR = Path(".scifigbench-cache")  # content-addressed model-call cache (not a dvc out)
CACHE_ENV = "SCIFIGBENCH_CACHE_DIR"  # moves the whole cache: model calls, step store, validated stamps
EXPERIMENT_COPIES = "exps"  # DVC runs `exp run --temp` and queued experiments in .dvc/tmp/exps/<copy>


def cache_root(repo_root: Path | str = ".") -> Path:
    """The untracked cache folder: $SCIFIGBENCH_CACHE_DIR, else ``.scifigbench-cache`` in the
    workspace ``repo_root`` belongs to (an absolute $SCIFIGBENCH_CACHE_DIR stays where it is).

    Why the workspace and not ``repo_root`` itself: ``dvc exp run --temp`` and ``dvc exp queue``
    run the stages in a throwaway copy under ``<workspace>/.dvc/tmp/exps/``; a cache kept there
    is empty at the start and deleted at the end, so every queued experiment recomputed every
    figure. Every entry is keyed by its content, so the copies share the workspace's cache safely.
    """
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(repo_root) / configured
    return workspace_of(Path(repo_root)) / CACHE_DIR


def workspace_of(root: Path) -> Path:
    """The DVC workspace whose experiment copy ``root`` is (``<ws>/.dvc/tmp/exps/<copy>``), else ``root``."""
    absolute = root.absolute()
    parts = absolute.parts
    for i in range(len(parts) - 4):
        if parts[i + 1 : i + 4] == (".dvc", "tmp", EXPERIMENT_COPIES):
            return Path(*parts[: i + 1])
    return root


def responses(model: str) -> Path:
    return RESPONSES_DIR / f"{model}.parquet"


def response_stats(model: str) -> Path:
    """What one model's answers hold and cost (setups, answered, errors, tokens, cost), computed from its table."""
    return RESPONSES_DIR / f"{model}.stats.json"


def call_bundle(model: str) -> Path:
    """The answers of one model's current requests as files: the part of the call cache DVC moves."""
    return DATA / "calls" / model


def judgments(model: str) -> Path:
    return JUDGMENTS_DIR / f"{model}.parquet"


def audit(model: str) -> Path:
    """The audit judge's rows (judgments schema) for the audited units of one model."""
    return AUDIT_DIR / f"{model}.parquet"
