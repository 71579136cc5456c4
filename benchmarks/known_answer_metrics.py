"""Compare the default run's A-R-I metrics with the rates its simulated respondents declare.

Reads ``metrics/behaviour.json`` (after ``make repro``) and prints, per model and metric, the
declared expectation, the measured value with its n and bootstrap CI, whether the declared value
lies inside that CI, and the z-score under the declared rate. With ~32 cells a few outside a 95 %
CI are expected by chance alone.

Run from the repository root:  python benchmarks/known_answer_metrics.py
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from scifigbench import params
from scifigbench.simulated.profiles import expected_metrics, resolve_profile


def main() -> None:
    table = json.loads(Path("metrics/behaviour.json").read_text())
    models = params.load_raw()["models"]
    inside = total = 0
    for model, entry in sorted(models.items()):
        if entry.get("backend") != "simulated":
            continue
        prof = resolve_profile(entry["profile"], entry.get("profile_overrides"))
        for key, (mean, var) in expected_metrics(prof).items():
            group, metric = key.split(".")
            cell = table[group][model][metric]
            ok = cell["ci_low"] <= mean <= cell["ci_high"]
            z = (cell["value"] - mean) / math.sqrt(max(var, 1e-4) / cell["n"])
            inside += ok
            total += 1
            print(f"{model:16s} {key:28s} declared {mean:.3f}  measured {cell['value']:.3f} "
                  f"[{cell['ci_low']:.3f}, {cell['ci_high']:.3f}] n={cell['n']:4d}  z={z:+.1f} {'' if ok else '<- outside CI'}")
    print(f"declared rate inside the measured 95% CI: {inside}/{total} cells")


if __name__ == "__main__":
    main()
