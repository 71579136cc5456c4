"""Incremental to the figure: `dvc repro` after adding one figure vs a full run, measured in one go.

In a temporary git + dvc copy of the pipeline (this checkout's dvc.yaml, src/, review/ and
params.yaml, models as configured): a full `dvc repro` from an empty step store, then
``corpus.n_bar + 1`` and `dvc repro` again. Prints both wall times and their ratio (the
increment is a fixed cost per stage plus the metrics bootstrap, so the ratio falls as the corpus
grows; it has no target), the figures whose primary/ablation membership changed (target: 0), the seconds of each
stage in both runs (from its "Running stage" line to the next: the stage's process plus DVC's
own hashing and caching of its outputs) and how many figures each per-figure step reused.
It then measures the floor of any change that reaches every stage: `dvc repro -f` with every
step store warm (each stage reruns but redoes no figure), against each stage's command run alone
(the same work without DVC), so DVC's own share (reading and rewriting dvc.lock, hashing) shows.
With ``--manifest`` it then turns the corpus into a manifest corpus (real figures: no spec, OCR
instead), edits one image and reports how many figures the conditions stage reused (target:
all but one). It reproduces up to ``conditions`` only there:
the simulated respondents need synthetic figures.

    PYTHONPATH=src python benchmarks/incremental.py [--scale 1.0] [--manifest]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd
import yaml

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def env_for(cwd: Path) -> dict[str, str]:
    return {
        **os.environ,
        "DVC_NO_ANALYTICS": "1",
        "PYTHONPATH": str(cwd / "src"),
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
    }


def sh(cwd: Path, *args: str) -> str:
    res = subprocess.run(list(args), cwd=cwd, env=env_for(cwd), capture_output=True, text=True)
    if res.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed:\n{res.stdout[-4000:]}\n{res.stderr[-4000:]}")
    return res.stdout + res.stderr


def repro(cwd: Path, *targets: str) -> tuple[float, str, dict[str, float]]:
    """Run `dvc repro`; return its wall time, its output and the seconds from each "Running stage"
    line to the next (the stage's process plus DVC's own work on its outputs)."""
    cmd = [str(BIN / "dvc"), "repro", *targets]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env_for(cwd), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    lines: list[str] = []
    stages: dict[str, float] = {}
    current, since = "(dvc start)", start
    for line in proc.stdout:
        lines.append(line)
        if line.startswith("Running stage '"):
            now = time.perf_counter()
            stages[current] = now - since
            current, since = line.split("'")[1], now
    end = time.perf_counter()
    stages[current] = end - since
    out = "".join(lines)
    if proc.wait() != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{out[-8000:]}")
    return end - start, out, stages


def stage_table(full: dict[str, float], one: dict[str, float]) -> str:
    """Seconds per stage of both runs, side by side (a stage that did not rerun shows '-')."""
    rows = [f"  {'stage':<22} {'full':>7} {'+1 figure':>10}"]
    for name in dict.fromkeys([*full, *one]):
        cells = [f"{d[name]:.1f}" if name in d else "-" for d in (full, one)]
        rows.append(f"  {name:<22} {cells[0]:>7} {cells[1]:>10}")
    return "\n".join(rows)


def subsets(cwd: Path) -> pd.DataFrame:
    return pd.read_parquet(
        cwd / "data/corpus/figures.parquet", columns=["figure_id", "subset_primary", "subset_ablation"]
    ).set_index("figure_id")


def reused_lines(log: str) -> list[str]:
    return [
        line.strip()
        for line in log.splitlines()
        if "reused" in line or "Running stage" in line or line.startswith("conditions:")
    ]


def floor(cwd: Path, full: float) -> None:
    """Print the time of `dvc repro -f` with warm step stores, the sum of the stage commands run
    alone (each reuses every figure), and both as a share of the full run."""
    forced, _, stages = repro(cwd, "-f")
    lock = yaml.safe_load((cwd / "dvc.lock").read_text())["stages"]
    ran = [name for name in stages if name in lock]  # not DVC's own start-up before the first stage
    alone = 0.0
    for name in ran:
        start = time.perf_counter()
        sh(cwd, "sh", "-c", lock[name]["cmd"])
        alone += time.perf_counter() - start
    n = len(ran)
    print(
        f"floor: dvc repro -f with warm step stores {forced:.1f} s ({forced / full:.1%} of the full run); "
        f"the {n} stage commands alone {alone:.1f} s ({alone / full:.1%}); "
        f"DVC's own share {forced - alone:.1f} s ({(forced - alone) / n:.2f} s per stage)"
    )


def scratch_copy(prefix: str, scale: float) -> tuple[Path, dict]:
    """A temporary folder holding this checkout's pipeline (dvc.yaml, src/, bin/, review/, corpus
    inputs, the judge card) and its params.yaml with the corpus counts scaled; returns it and those params."""
    work = Path(tempfile.mkdtemp(prefix=prefix)) / "repo"
    work.mkdir()
    for name in ("src", "review", "corpus_inputs", "bin"):
        shutil.copytree(REPO / name, work / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    for name in ("dvc.yaml", ".gitignore", "benchmarks/judge_card.json"):  # the card: a dep of the report
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / name, work / name)
    params = yaml.safe_load((REPO / "params.yaml").read_text())
    for key in ("n_bar", "n_line", "n_pie"):
        params["corpus"][key] = max(2, round(params["corpus"][key] * scale))
    (work / "params.yaml").write_text(yaml.safe_dump(params, sort_keys=False))
    return work, params


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scale", type=float, default=1.0, help="shrink the corpus counts (0.1 = 25 figures)")
    ap.add_argument("--manifest", action="store_true", help="also measure an image edit in a manifest corpus")
    ap.add_argument("--keep", action="store_true", help="keep the temporary repository")
    ap.add_argument("--skip-add", action="store_true", help="skip the added-figure measurement")
    args = ap.parse_args()

    work, params = scratch_copy("scifigbench-incremental-", args.scale)
    corpus = params["corpus"]
    sh(work, "git", "init", "-q")
    sh(work, str(BIN / "dvc"), "init", "-q")

    if args.skip_add:
        repro(work, "corpus")
    else:
        full, _, full_stages = repro(work)
        before = subsets(work)
        corpus["n_bar"] += 1
        (work / "params.yaml").write_text(yaml.safe_dump(params, sort_keys=False))
        one, log, one_stages = repro(work)
        after = subsets(work).loc[before.index]
        moved = before.index[(before != after).any(axis=1)].tolist()
        n = len(before)
        print(f"figures: {n} -> {n + 1}")
        print(f"full dvc repro: {full:.1f} s; after adding one figure: {one:.1f} s; ratio {one / full:.1%}")
        print(f"existing figures whose subset membership changed: {len(moved)} {moved[:10]} (target 0)")
        print("seconds per stage (from its 'Running stage' line to the next):")
        print(stage_table(full_stages, one_stages))
        print("\n".join("  " + line for line in reused_lines(log)), flush=True)
        floor(work, full)

    if args.manifest:
        figures = pd.read_parquet(work / "data/corpus/figures.parquet")
        images = work / "corpus_inputs" / "manifest_images"  # inside corpus.inputs: a dvc dep of the corpus stage
        shutil.copytree(work / "data/corpus/images", images)
        manifest = pd.DataFrame(
            {
                "image_path": [f"manifest_images/{Path(p).name}" for p in figures["image_path"]],
                "chart_type": figures["chart_type"],
                "caption": figures["caption"],
            }
        )
        manifest.to_csv(work / "corpus_inputs" / "manifest.csv", index=False)
        corpus.update(source="manifest", manifest="corpus_inputs/manifest.csv")
        (work / "params.yaml").write_text(yaml.safe_dump(params, sort_keys=False))
        repro(work, "conditions")
        victim = images / Path(figures["image_path"].iloc[0]).name
        from PIL import Image

        img = Image.open(victim).convert("RGB")
        img.putpixel((1, 1), (0, 0, 0))
        img.save(victim)
        edit, log, _ = repro(work, "conditions")
        print(f"manifest corpus of {len(figures)} figures, one image edited: dvc repro conditions {edit:.1f} s")
        print("\n".join("  " + line for line in reused_lines(log)))
    if not args.keep:
        shutil.rmtree(work.parent, ignore_errors=True)
    else:
        print(f"kept {work}")


if __name__ == "__main__":
    main()
