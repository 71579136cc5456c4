"""Rule-judge throughput (units/s) per family, and the projected time for the default run.

Units are real answers when ../shared/data/scifig_release_dev is present (resistance, active blur,
caption claims) plus generated capability answers; each family's pool is cycled to --units units.
The default run (params.yaml: 250 figures, 4 simulated models) has per model about 1000 capability
answers, 750 resistance answers, 250-625 caption claims and 200 active-blur answers; the projection
uses those counts (descriptions and passive blur are judged by the MQM engine, timed elsewhere).

usage: python benchmarks/judge.py [--units N]
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import time
from pathlib import Path

from scifigbench.families.registry import rule_verdict

REPO = Path(__file__).resolve().parents[1]
DATA = REPO.parent / "shared/data/scifig_release_dev"
DEFAULT_RUN_UNITS = {"capability": 1000, "resistance": 750, "caption_claim": 625, "blur_active": 200}
N_MODELS = 4


def capability_pool(n: int = 200) -> list[dict]:
    rng = random.Random(42)
    pool = []
    for i in range(n):
        value = round(rng.uniform(0, 100), 1)
        said = value if rng.random() < 0.6 else round(value * rng.uniform(0.7, 1.3), 1)
        pool.append({"id": f"c{i}", "answer": f"1. The difference is {said + 3} - 3 = {said} points, so Method {i % 5} leads.",
                     "expected": {"answer": value, "answer_type": "number", "tolerance": 0.5}})
        pool.append({"id": f"l{i}", "answer": f"**Method {i % 7}** has the highest score across both splits.",
                     "expected": {"answer": f"Method {i % 5}", "answer_type": "label", "tolerance": None,
                                  "elements": [f"Method {k}" for k in range(7)]}})
    return pool


def pools() -> dict[str, list[dict]]:
    out = {"capability": capability_pool()}
    for family in ("resistance", "blur_active", "caption_claim"):
        path = DATA / f"{family}.jsonl"
        if path.exists():
            out[family] = [{k: v for k, v in json.loads(line).items() if not k.startswith("gold_")}
                           for line in path.read_text().splitlines()]
    return out


def _fresh(unit: dict, n: int) -> dict:
    text_field = "description" if "description" in unit else "answer"
    return unit | {text_field: f"{unit[text_field]} ({n})"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--units", type=int, default=3000, help="units timed per family")
    args = parser.parse_args()
    projected = 0.0
    for family, pool in pools().items():
        # a fresh suffix per pass over the pool: no text is judged twice, as in a real run
        units = [_fresh(unit, i // len(pool)) for i, unit in enumerate(itertools.islice(itertools.cycle(pool), args.units))]
        start = time.perf_counter()
        for unit in units:
            rule_verdict(family, unit)
        rate = len(units) / (time.perf_counter() - start)
        seconds = DEFAULT_RUN_UNITS[family] * N_MODELS / rate
        projected += seconds
        print(f"{family:14s} {rate:9.0f} units/s   default run ({DEFAULT_RUN_UNITS[family] * N_MODELS} units): {seconds:5.2f} s")
    print(f"projected rule judging of these families on the default run: {projected:.2f} s (target < 30 s)")


if __name__ == "__main__":
    main()
