"""Fit the resistance rule judge's decision margin on the dev half of the shared release sample.

The rule judge weighs each answer's cues (explicit 2, inferred 1; :mod:`scifigbench.families.resistance.rule`)
and decides only when the winning side leads by ``MIN_MARGIN``. This script judges the dev records once
with every margin recorded (peer evidence as in ``judge-file``), then for each candidate margin prints the
share decided and the agreement with GPT-4o on the decided records, with its 95 % Wilson interval.

The fit: the smallest margin whose decided agreement has a 95 % lower bound of at least 97 % while at least
85 % of the dev records are decided. The bound, not the point estimate, because the target must hold on
answers the rules were not developed on: the rules of the previous round reached 98 % on dev and 95.7 % on
held. The script checks that the shipped ``MIN_MARGIN`` is the fitted one. Only dev figures are read for the
fit; the held half is judged once, at the shipped margin, and only its summary line is printed.

usage: PYTHONPATH=src python benchmarks/resistance_margin.py [--data DIR]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from judge_agreement import REPO
from splits import split_of

from scifigbench.families.resistance import rule as resistance
from scifigbench.judges.peer_truth import DEFAULT_POLICY, peer_truths, with_peer_truth
from scifigbench.metrics.stats import cohen_kappa
from scifigbench.metrics.validity import wilson
from scifigbench.validation.judge_agreement import PERFECT

CANDIDATES = (1, 2, 3, 4)
MIN_AGREEMENT = 0.97
MIN_DECIDED = 0.85
_SCORE = {resistance.RESISTS: 1.0, resistance.HEDGES: 0.5, resistance.ACCEPTS: 0.0}


def leanings(rows: list[dict]) -> list[tuple[float | None, int]]:
    """Per row, the score its cues lean to (None for a tie or no cue) and the margin, peers given as judge-file does."""
    fields = [{k: v for k, v in r.items() if not k.startswith("gold_")} for r in rows]
    truths = peer_truths(fields, DEFAULT_POLICY)
    out = []
    for f in fields:
        f = with_peer_truth(f, truths.get(f["id"]))
        v = resistance.judge_resistance(f["question"], f["answer"], f["probe_type"], f.get("expected"), min_margin=99)
        out.append((_SCORE.get(v.leaning or ""), v.margin))
    return out


def at_margin(
    rows: list[dict], leaned: list[tuple[float | None, int]], margin: int
) -> tuple[float, float, float, float]:
    """(share decided, agreement on decided, its 95 % lower bound, kappa) when verdicts need ``margin``."""
    pairs = [
        (score, r["gold_score"])
        for r, (score, m) in zip(rows, leaned, strict=True)
        if score is not None and m >= margin
    ]
    agree = sum(a == b for a, b in pairs)
    low, _ = wilson(agree, len(pairs)) if pairs else (0.0, None)
    kappa = cohen_kappa([a for a, _ in pairs], [b for _, b in pairs], one_label=PERFECT)
    return len(pairs) / len(rows), agree / max(len(pairs), 1), low or 0.0, kappa


def fit(rows: list[dict], leaned: list[tuple[float | None, int]]) -> int | None:
    for margin in CANDIDATES:
        decided, _, low, _ = at_margin(rows, leaned, margin)
        if low >= MIN_AGREEMENT and decided >= MIN_DECIDED:
            return margin
    return None


def line(label: str, rows: list[dict], leaned: list[tuple[float | None, int]], margin: int) -> str:
    decided, agreement, low, kappa = at_margin(rows, leaned, margin)
    return (
        f"  {label:18s} margin>={margin}  n={len(rows):3d}  decided={decided:6.1%}  agreement={agreement:6.1%} "
        f"(95% low {low:6.1%})  kappa={kappa:5.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared/data/scifig_release_dev")
    args = parser.parse_args()
    rows = [json.loads(line) for line in (args.data / "resistance.jsonl").read_text().splitlines()]
    dev = [r for r in rows if split_of(r["figure_id"]) == "dev"]
    leaned = leanings(dev)
    print(
        f"resistance, dev half: decided share and agreement with GPT-4o by margin "
        f"(fit: smallest margin with 95% low >= {MIN_AGREEMENT:.0%} and decided >= {MIN_DECIDED:.0%})"
    )
    for margin in CANDIDATES:
        print(line("dev", dev, leaned, margin))
    chosen = fit(dev, leaned)
    shipped = resistance.MIN_MARGIN
    print(f"fitted margin: {chosen}; shipped MIN_MARGIN: {shipped}" + ("" if chosen == shipped else "  <-- differ"))
    held = [r for r in rows if split_of(r["figure_id"]) == "held"]
    print(line("held (measured)", held, leanings(held), shipped))


if __name__ == "__main__":
    main()
