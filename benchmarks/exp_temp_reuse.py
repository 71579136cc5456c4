"""+1 figure under `dvc exp run --temp` (and `dvc exp queue`) against the same change in the workspace.

Why: DVC runs such experiments in a throwaway copy under ``.dvc/tmp/exps/``. The per-figure
stores lived in the copy, so an experiment started cold (session 12 measured 166 s against 75 s
in the workspace), and with a bare PATH the copy could not find the package. The stores now
resolve to the workspace's cache (:func:`scifigbench.paths.cache_root`) and the launcher finds the
workspace's interpreter.

In a temporary git + dvc repository (this checkout's dvc.yaml, src/, bin/, review/, corpus inputs
and params.yaml with the corpus counts scaled), whose ``.venv`` is this interpreter's environment
and whose DVC commands run with PATH=/usr/bin:/bin (no virtualenv on it): a full `dvc repro` warms
the cache and is committed; then ``corpus.n_bar + 1`` runs as

1. ``dvc exp run --temp`` (the copy finds the workspace's cache),
2. ``dvc exp run --temp`` with an empty cache of its own (``$SCIFIGBENCH_CACHE_DIR`` at a fresh
   folder: what a copy had before this change),
3. ``dvc exp run --queue`` + ``dvc exp run --run-all`` (with ``--queue``; DVC starts its queue
   worker as ``dvc`` from PATH, so this one runs with DVC's folder on PATH),
4. ``dvc exp run`` in the workspace,

each adding a bar figure no earlier run stored, with DVC's run cache emptied before each.
Prints each wall time and its ratio to the workspace run (target for 2 and 3: near 1).

    .venv/bin/python benchmarks/exp_temp_reuse.py [--scale 0.2] [--queue] [--keep]
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

from incremental import scratch_copy  # this folder is on the path when the script runs

DVC = Path(sys.executable).parent / "dvc"
BARE_PATH = "/usr/bin:/bin"
DVC_PATH = f"{DVC.parent}:{BARE_PATH}"


def run(cwd: Path, *args: str, extra: dict[str, str] | None = None) -> tuple[float, str]:
    """Run a command with a bare PATH (and no cache setting unless ``extra`` gives one); its wall time."""
    # PYTHONPATH: the scratch's .venv is this (editable) environment, which would import this
    # checkout's src/ in the scratch workspace; an experiment copy puts its own src/ before it
    env = {"PATH": BARE_PATH, "HOME": os.environ.get("HOME", str(cwd)), "DVC_NO_ANALYTICS": "1"}
    env["PYTHONPATH"] = str(cwd / "src")
    env.update(extra or {})
    start = time.perf_counter()
    res = subprocess.run(list(args), cwd=cwd, env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    if res.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed:\n{res.stdout[-4000:]}\n{res.stderr[-4000:]}")
    return wall, res.stdout + res.stderr


def scratch(scale: float) -> tuple[Path, int, int]:
    work, params = scratch_copy("scifigbench-exptemp-", scale)
    (work / ".venv").symlink_to(Path(sys.prefix), target_is_directory=True)
    with (work / ".gitignore").open("a") as fh:
        fh.write("\n/.venv\n")
    counts = [int(params["corpus"][k]) for k in ("n_bar", "n_line", "n_pie")]
    return work, counts[0], sum(counts)


def fresh_run_cache(work: Path) -> None:
    shutil.rmtree(work / ".dvc" / "cache" / "runs", ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scale", type=float, default=0.2, help="shrink the corpus counts (0.2 = 50 figures)")
    ap.add_argument("--queue", action="store_true", help="also measure `dvc exp queue` + `dvc queue start`")
    ap.add_argument("--keep", action="store_true", help="keep the temporary repository")
    args = ap.parse_args()
    work, n_bar, n_figures = scratch(args.scale)
    git = shutil.which("git") or "git"
    try:
        run(work, git, "init", "-q")
        run(work, git, "config", "user.email", "bench@localhost")
        run(work, git, "config", "user.name", "bench")
        run(work, str(DVC), "init", "-q")
        full, _ = run(work, str(DVC), "repro")
        run(work, git, "add", "-A")
        run(work, git, "commit", "-qm", "baseline")
        print(f"{n_figures} figures; full repro {full:.1f} s", flush=True)
        # each run adds one bar figure no earlier run stored (DVC's run cache emptied before each)
        runs: list[tuple[str, list[str], dict[str, str]]] = [
            ("exp run --temp (workspace cache)", ["exp", "run", "--temp"], {}),
            ("exp run --temp, empty cache (before)", ["exp", "run", "--temp"], {"SCIFIGBENCH_CACHE_DIR": "<empty>"}),
        ]
        if args.queue:  # DVC starts its queue worker as `dvc` from PATH: its own folder must be on it
            runs.append(("exp queue + run-all (workspace cache)", ["exp", "run", "--queue"], {"PATH": DVC_PATH}))
        runs.append(("exp run (workspace)", ["exp", "run"], {}))
        times: dict[str, float] = {}
        added = 0
        for name, cmd, extra in runs:
            added += 0 if "empty" in name else 1
            fresh_run_cache(work)
            with tempfile.TemporaryDirectory(prefix="empty-cache-") as empty:
                extra = {k: empty if v == "<empty>" else v for k, v in extra.items()}
                times[name], _ = run(work, str(DVC), *cmd, "-S", f"corpus.n_bar={n_bar + added}", extra=extra)
                if "--queue" in cmd:
                    more, _ = run(work, str(DVC), "exp", "run", "--run-all", "--jobs", "1", extra=extra)
                    times[name] += more
            print(f"{name:42s} {times[name]:7.1f} s", flush=True)
        base = times["exp run (workspace)"]
        for name, wall in times.items():
            print(f"{name:42s} ratio to the workspace run {wall / base:5.2f}")
    finally:
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work.parent, ignore_errors=True)


if __name__ == "__main__":
    main()
