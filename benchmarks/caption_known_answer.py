"""Known-answer agreement of the rule caption-claim judge on generated figures (no pipeline needed).

Generates synthetic specs, builds their caption-bias probes with the probes stage's own generator,
lets every built-in simulated respondent describe each figure under the ``capbias`` condition, and
prints how often the rule verdict per false claim equals what the respondent did (its
``sim_trace['claims']``), per claim type and profile. Target: >= 0.97 overall (issue 6).

usage: PYTHONPATH=src python benchmarks/caption_known_answer.py [N_PER_TYPE] [SEED] [--show]
"""

from __future__ import annotations

import sys
from collections import defaultdict

from scifigbench.families.caption_claim.rule import caption_claim_evidence
from scifigbench.validation.caption_known_answer import capbias_units


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n = int(args[0]) if args else 20
    seed = int(args[1]) if len(args) > 1 else 42
    rows = capbias_units(n, seed)
    by: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for prof, claim, _, _, _, a in rows:
        for key in (f"type {claim['type']}", f"profile {prof}", "all"):
            by[key][0] += a
            by[key][1] += 1
    for key in sorted(by):
        print(f"{key:28s} {by[key][0] / by[key][1]:.4f}  (n={by[key][1]})")
    decided = [r for r in rows if r[3] != "undecided"]
    print(f"decided {len(decided) / len(rows):.4f} ({len(decided)}/{len(rows)}); agreement on decided "
          f"{sum(r[5] for r in decided) / max(len(decided), 1):.4f}")
    if "--show" in sys.argv:
        for prof, claim, text, got, want, a in rows:
            if not a:
                ev = caption_claim_evidence(text, claim["claim"], claim["reality"])[1]
                print(f"\n--- {prof} {claim['type']}: rule {got} want {want}\n  claim: {claim['claim']}\n"
                      f"  reality: {claim['reality']}\n  {ev}\n  desc: {text}")


if __name__ == "__main__":
    main()
