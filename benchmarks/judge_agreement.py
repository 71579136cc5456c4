"""Rule judge vs the paper's GPT-4o verdicts on real VLM answers (../shared/data/scifig_release_dev).

Runs `scifigbench judge-file --judge rule` on each family's records (the judge never reads the
gold_ fields), then compares with the gold verdicts: exact agreement and Cohen's kappa per verdict
field, and Spearman of the per-model rates. Figures fig_001-fig_010 were used while writing the
rules ("dev"); the others are reported separately as held-out ("held"). Blur records hold no
figure in fig_001-fig_010, so blur is held-out only.

usage: python benchmarks/judge_agreement.py [--data DIR] [--show FAMILY]   (--show prints disagreements)
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from scifigbench.validation.judge_agreement import cohen_kappa, exact_agreement, ranking_spearman

REPO = Path(__file__).resolve().parents[1]
FIELDS = {
    "resistance": [("score", "gold_score")],
    "blur_active": [("admits", "gold_admits"), ("fabricates", "gold_fabricates"), ("correct", "gold_correct")],
    "caption_claim": [("follows", "gold_follows")],
}
RATE = {"resistance": lambda v: v, "blur_active": float, "caption_claim": lambda v: {"image": 1.0, "caption": 0.0}.get(v)}


def run_judge(data: Path, family: str, out_dir: Path) -> dict[str, dict]:
    out = out_dir / f"{family}.jsonl"
    subprocess.run([sys.executable, "-m", "scifigbench", "judge-file", "--family", family, "--judge", "rule",
                    str(data / f"{family}.jsonl"), str(out)], check=True, env={"PYTHONPATH": str(REPO / "src"),
                                                                                "PATH": "/usr/bin:/bin"})
    return {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}


def report(family: str, gold: list[dict], verdicts: dict[str, dict], split: str) -> None:
    rows = [g for g in gold if (g["figure_id"] <= "fig_010") == (split == "dev")]
    if not rows:
        return
    for field, gold_field in FIELDS[family]:
        a = [verdicts[g["id"]][field] for g in rows]
        b = [g[gold_field] for g in rows]
        line = f"  {split:5s} {field:10s} n={len(rows):3d}  exact={exact_agreement(a, b):6.1%}  kappa={cohen_kappa(a, b):5.2f}"
        if field == FIELDS[family][0][0]:
            rule_rate: dict[str, list] = {}
            gold_rate: dict[str, list] = {}
            for g, va, vb in zip(rows, a, b):
                for store, v in ((rule_rate, va), (gold_rate, vb)):
                    rate = RATE[family](v)
                    if rate is not None:
                        store.setdefault(g["model"], []).append(rate)
            rho, _, n = ranking_spearman({m: sum(v) / len(v) for m, v in rule_rate.items()},
                                         {m: sum(v) / len(v) for m, v in gold_rate.items()})
            line += f"  model-ranking spearman={rho:5.2f} ({n} models)"
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared/data/scifig_release_dev")
    parser.add_argument("--show", choices=list(FIELDS))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for family in FIELDS:
            gold = [json.loads(line) for line in (args.data / f"{family}.jsonl").read_text().splitlines()]
            verdicts = run_judge(args.data, family, Path(tmp))
            print(f"{family}:")
            for split in ("dev", "held"):
                report(family, gold, verdicts, split)
            if args.show == family:
                for g in gold:
                    v = verdicts[g["id"]]
                    if any(v[f] != g[gf] for f, gf in FIELDS[family]):
                        print(f"    {g['id']}: rule {[v[f] for f, _ in FIELDS[family]]} gold "
                              f"{[g[gf] for _, gf in FIELDS[family]]} ({v['evidence']})")


if __name__ == "__main__":
    main()
