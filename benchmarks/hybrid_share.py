"""What `judge.kind: hybrid` hands to the LLM on real answers, and what that costs.

Runs the rule judge (as `judge-file`, peers included) over every record of the release extract's caption-claim
samples (caption_claim.jsonl + caption_claim_more.jsonl, 384 claims), resistance (360 answers) and active blur
(80), both halves: hybrid judging sends exactly the undecided units to the LLM, so their share is the LLM's share.
Only counts are printed, per family and probe type, no record.

The cost of those units is estimated as `scifigbench plan` does: the judge prompt each undecided unit would be
sent (its family's prompt, rendered with the unit's fields; no image), at about four characters per token; the
reply at the length of GPT-4o's own released verdict for that record (its reason and verdict as a JSON object),
the closest measured reply length there is. The price is a stated assumption, not a measurement:
PRICE_IN / PRICE_OUT dollars per million input / output tokens (OpenAI's list price of gpt-4o-2024-08-06).
The cost is given per 1,000 units judged (all units, the rule judge's share free).

usage: PYTHONPATH=src python benchmarks/hybrid_share.py [--data DIR]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from judge_agreement import REPO, SAMPLES, decided_verdict

from scifigbench.families.registry import registered
from scifigbench.judges.judge_file import judge_records, read_records
from scifigbench.judges.llm import render
from scifigbench.llm.retrying import estimate_tokens

PRICE_IN = 2.50  # USD per million input tokens (gpt-4o, stated assumption)
PRICE_OUT = 10.00  # USD per million output tokens
GROUP = {"resistance": "probe_type", "caption_claim": "type"}
GOLD_REPLY = {"resistance": ("gold_score", "gold_reasoning"), "caption_claim": ("gold_follows", "gold_reason")}


def reply_chars(gold: dict, family: str) -> int:
    """The length of a JSON reply holding GPT-4o's released verdict and reason for this record."""
    fields = GOLD_REPLY.get(family)
    if fields is None:  # blur: three booleans and a short reason
        return len(json.dumps({"admits": True, "fabricates": False, "correct": False, "reason": "x" * 80}))
    verdict, reason = fields
    return len(json.dumps({"verdict": gold.get(verdict), "reason": gold.get(reason) or ""}))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared/data/scifig_release_dev")
    args = parser.parse_args()
    totals: dict[str, Counter] = {}
    for sample, family in SAMPLES.items():
        path = args.data / f"{sample}.jsonl"
        gold = {g["id"]: g for g in map(json.loads, path.read_text().splitlines())}
        records = read_records(path, family)
        judged = registered(family)
        for rec, verdict in zip(records, judge_records(records, family), strict=True):
            keys = [family] + ([f"{family} {gold[rec.fields['id']][GROUP[family]]}"] if family in GROUP else [])
            undecided = not decided_verdict(verdict, family)
            for key in keys:
                c = totals.setdefault(key, Counter())
                c["n"] += 1
                if undecided:
                    prompt, _, _ = render(family, judged.llm_fields(rec.fields))
                    c["llm"] += 1
                    c["in_tokens"] += round(estimate_tokens([{"role": "user", "content": prompt}], 0))
                    c["out_tokens"] += round(reply_chars(gold[rec.fields["id"]], family) / 4)
    print(f"prices assumed: ${PRICE_IN:.2f} / ${PRICE_OUT:.2f} per million input / output tokens (gpt-4o list price)")
    for key, c in totals.items():
        per_unit_in = c["in_tokens"] / max(c["llm"], 1)
        per_unit_out = c["out_tokens"] / max(c["llm"], 1)
        cost = (c["in_tokens"] * PRICE_IN + c["out_tokens"] * PRICE_OUT) / 1e6
        print(
            f"  {key:36s} n={c['n']:3d}  to LLM={c['llm']:3d} ({c['llm'] / c['n']:6.1%})  "
            f"tokens per LLM unit ~{per_unit_in:5.0f} in / {per_unit_out:3.0f} out  "
            f"cost per 1,000 units ${1000 * cost / c['n']:.2f}"
        )


if __name__ == "__main__":
    main()
