"""A manifest run of SciVQA figures end to end with no generator key: what the layout probes fill.

The end-to-end test (tests/pipeline/test_real_manifest_run.py) run as a measurement on real
figures. The script picks ``--per-split`` figures from each hash half of the SciVQA sample (dev
and held, split as every real-figure benchmark splits them; within a half, line, bar and pie
charts in proportion, ranked by a hash of their id), copies them with a manifest into a
temporary repository outside the project (the importer takes images from the manifest's folder
only) and runs the real dvc.yaml there: ``dvc repro probes``; every proposed probe confirmed in
``review/probes.csv`` (with the same record the review command writes; this measures what the
pipeline fills, not what a reviewer would keep: see layout_probes.py for the hand labels);
``dvc repro`` with one model behind the local test server, the scripted respondent of the test
(it resists absent elements and false premises, answers unanswerable questions with a number,
states the figure's side of every caption claim), judged by the rule judge.

It prints, per half: figures with each family and category, probe counts, and the rule judge's
decided share per family with the respondent's answers known; for the whole run: the resistance
and caption-bias cells of metrics/behaviour.json and the families run.json still calls
"not measured". Only aggregates are printed (held figures are measured, never shown one by one).

    PYTHONPATH=src python benchmarks/real_manifest_run.py [--per-split 10] [--work DIR] [--keep]
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path

import pandas as pd
from layout_probes import split_of

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))  # the end-to-end test's harness and respondent

from helpers.scripted_respondent import ScriptedRespondent  # noqa: E402
from helpers.tiny_pipeline import DVC, make_repo, manifest_params, sh  # noqa: E402
from scifigbench import paths  # noqa: E402
from scifigbench.contracts.figures import safe_id  # noqa: E402
from scifigbench.decisions import probes as review  # noqa: E402
from scifigbench.devserver import DevServer  # noqa: E402

KEY, KEY_ENV = "bench-real-manifest-key", "SCIFIGBENCH_BENCH_KEY"
SHARE = {"line": 0.6, "bar": 0.2, "pie": 0.2}  # of each half, the rest line (SciVQA is mostly line charts)
FIGS = Path("corpus_inputs/scivqa")


def pick(data: Path, per_split: int) -> list[dict[str, str]]:
    """Manifest rows: ``per_split`` figures of each half, by kind, ranked by a hash of the id."""
    from scifigbench.concepts.kinds import kind_from_spelling

    rows: dict[str, dict[str, str]] = {}
    for r in json.loads((data / "qa.json").read_text(encoding="utf-8")):
        stem = Path(r["image_file"]).stem
        rows.setdefault(
            stem,
            {
                "id": safe_id(stem),
                "image": r["image_file"],
                "caption": r["caption"] or "",
                "chart_type": kind_from_spelling(r["figure_type"]) or "line",
            },
        )
    chosen = []
    for split in ("dev", "held"):
        half = sorted(
            (r for r in rows.values() if split_of(r["id"]) == split),
            key=lambda r: hashlib.sha256(f"manifest-run:{r['id']}".encode()).hexdigest(),
        )
        quota = {k: round(per_split * s) for k, s in SHARE.items()}
        quota["line"] += per_split - sum(quota.values())
        for kind, n in quota.items():
            chosen += [r for r in half if r["chart_type"] == kind][:n]
    return chosen


def build(work: Path, data: Path, per_split: int, base_url: str) -> Path:
    rows = pick(data, per_split)
    root = make_repo(work / "repo", manifest_params(str(FIGS / "manifest.csv"), len(rows), base_url, KEY_ENV))
    (root / FIGS).mkdir(parents=True)
    for r in rows:
        shutil.copy(data / "images" / r["image"], root / FIGS / r["image"])
    with (root / FIGS / "manifest.csv").open("w", newline="", encoding="utf-8") as f:
        out = csv.DictWriter(f, fieldnames=["id", "image", "chart_type", "caption"])
        out.writeheader()
        out.writerows(rows)
    return root


def confirm_all(root: Path) -> int:
    probes = pd.read_parquet(root / paths.PROBES)
    proposed = probes[probes.status == "proposed"]
    for r in proposed.itertuples():
        review.record(
            root / review.REVIEW_FILE,
            {
                "probe_id": r.probe_id,
                "decision": "confirm",
                "proposed_text": r.text,
                "note": "benchmark: all confirmed",
            },
        )
    return len(proposed)


def pct(k: int, n: int) -> str:
    return f"{k}/{n} ({100 * k / n:.0f}%)" if n else "0/0"


def report(root: Path) -> None:
    figures = pd.read_parquet(root / paths.FIGURES)
    probes = pd.read_parquet(root / paths.PROBES)
    judged = pd.read_parquet(root / paths.judgments("api"))
    cov = json.loads((root / paths.PROBES_COVERAGE).read_text())
    for split in ("dev", "held"):
        ids = {f for f in figures.figure_id if split_of(f) == split}
        per = {f: e for f, e in cov.get("per_figure", {}).items() if f in ids}
        mine = probes[probes.figure_id.isin(ids) & (probes.generator == "layout-rules")]
        print(f"\n[{split}] figures: {len(ids)} ({dict(Counter(figures[figures.figure_id.isin(ids)].chart_type))})")
        for fam in ("resistance", "caption_bias", "capability"):
            have = sum(any(g.startswith(f"{fam}/") for g in e["got"]) for e in per.values())
            cats = Counter(g for e in per.values() for g in e["got"] if g.startswith(f"{fam}/"))
            print(
                f"  {fam}: figures {pct(have, len(ids))}; probes {int((mine.family == fam).sum())}"
                + "".join(f"; {c.split('/')[1]} {k}" for c, k in sorted(cats.items()))
            )
        claims = sum(len(json.loads(s)["claims"]) for s in mine[mine.family == "caption_bias"].expected_json)
        print(f"  caption-bias claims: {claims}")
        j = judged[judged.figure_id.isin(ids)]
        for fam, sub in j.groupby("family"):
            decided = sub.score.notna().sum()
            print(
                f"  judged {fam}: {len(sub)} units, decided {pct(int(decided), len(sub))}, "
                f"verdicts {dict(Counter(sub.verdict.fillna('-')))}"
            )
    beh = json.loads((root / paths.METRICS_DIR / "behaviour.json").read_text())
    run = json.loads((root / paths.METRICS_DIR / "run.json").read_text())

    def cell(c: dict | None) -> str:
        return (
            "not measured"
            if not c or c.get("value") is None
            else f"{c['value']:.3f} (n={c['n']}, figures={c['figures']}, undecided={c.get('undecided', 0)})"
        )

    print("\n[whole run] metrics/behaviour.json, model api:")
    for t in ("inexist", "unanswerable", "contra", "overall"):
        print(f"  resistance {t}: {cell(beh.get('resistance', {}).get('api', {}).get(t))}")
    cb = beh.get("caption_bias", {}).get("api", {})
    print(f"  caption bias (figures): {cell(cb.get('overall'))}")
    print(f"  caption bias (claims): {cell(cb.get('claims'))}")
    for t, c in sorted(cb.get("by_type", {}).items()):
        print(f"    {t}: {cell(c)}")
    print(f"  run.json not_measured: {sorted(run['not_measured'])}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=HERE.parents[1] / "shared" / "data" / "scivqa_val")
    ap.add_argument("--per-split", type=int, default=10)
    ap.add_argument("--work", type=Path, default=None, help="a folder outside the project (default: a temp dir)")
    ap.add_argument("--keep", action="store_true", help="keep the work folder")
    args = ap.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="real-manifest-run-"))
    respondent = ScriptedRespondent(work / "repo")
    env = {KEY_ENV: KEY, paths.CACHE_ENV: str(work / "cache")}
    try:
        with DevServer(api_key=KEY, reply=respondent, lifetime_s=3600) as server:
            root = build(work, args.data, args.per_split, server.base_url)
            sh(root, str(DVC), "repro", "-q", "probes", env=env)
            print(f"confirmed {confirm_all(root)} proposed probe(s)", file=sys.stderr)
            sh(root, str(DVC), "repro", "-q", env=env)
            print(f"requests answered by the test server: {len(server.records)}", file=sys.stderr)
        report(root)
    finally:
        if args.keep:
            print(f"kept {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
