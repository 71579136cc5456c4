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

from scifigbench.judges.rules import caption_claim_evidence
from scifigbench.judges.stage import rule_judge
from scifigbench.judges.known_answer import trace_agreement
from scifigbench.judges.units import units_for
from scifigbench.models.sim_context import SimContext
from scifigbench.models.sim_profiles import BUILTIN, resolve_profile
from scifigbench.models.simulated import respond
from scifigbench.probes.caption_bias import caption_probe
from scifigbench.probes.figure_view import FigureView
from scifigbench.probes.records import rng_for
from scifigbench.probes.stage import ProbesConfig
from scifigbench.corpus.generate import generate
from scifigbench.corpus.render import render
from tqdm import tqdm


def capbias_units(n_per_type: int, seed: int):
    """(profile, claim, description, judged verdict, respondent's behaviour) for every caption claim."""
    import json

    cfg = ProbesConfig()
    specs = [generate(seed, ct, i, 150) for ct, n in (("bar", n_per_type), ("line", n_per_type), ("pie", n_per_type // 2))
             for i in range(n)]
    probes, setups = {}, []
    for spec in tqdm(specs, desc="render", file=sys.stderr):
        render(spec)  # fills in the text elements: what a reader can name decides which claims exist
        view = FigureView(spec, cfg.read_tolerance, cfg.pie_read_pp, cfg.compare_tolerance)
        cb = caption_probe(view, rng_for(seed, spec.figure_id, "caption_bias"), tuple(cfg.caption_claims),
                           tuple(cfg.caption_anchor_offset))
        if cb is None:
            continue
        row = {"probe_id": cb.probe_id, "figure_id": spec.figure_id, "family": cb.family, "category": cb.category,
               "text": cb.text, "expected_json": json.dumps(cb.expected), "status": "confirmed"}
        probes[cb.probe_id] = row
        setups.append({"setup_id": f"{spec.figure_id}/capbias/describe", "figure_id": spec.figure_id,
                       "condition": "capbias", "task": "describe", "chart_type": spec.chart_type, "user_text": "...",
                       "caption": cb.text, "probe_ids": json.dumps([cb.probe_id]), "blur_target_id": None})
    ctx = SimContext(specs={s.figure_id: s for s in specs}, probes=probes, blur_targets={})
    out = []
    for name in sorted(BUILTIN):
        prof = resolve_profile(name)
        for st in setups:
            text, trace = respond(st, prof, f"sim-{name}", seed, ctx)
            claims = json.loads(probes[json.loads(st["probe_ids"])[0]]["expected_json"])["claims"]
            for unit in units_for(st, {"text": text, "error": None}, ctx.probes, ctx.specs[st["figure_id"]], {}, None):
                if unit.family != "caption_claim":
                    continue
                judged = rule_judge(unit)
                a, _ = trace_agreement(unit.family, unit.probe_id, unit.unit_id, judged, trace)
                k = unit.unit_id.rsplit("#claim", 1)[1]
                out.append((name, claims[int(k)], text, judged["verdict"], trace["claims"][k], a))
    return out


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
    if "--show" in sys.argv:
        for prof, claim, text, got, want, a in rows:
            if not a:
                ev = caption_claim_evidence(text, claim["claim"], claim["reality"])[1]
                print(f"\n--- {prof} {claim['type']}: rule {got} want {want}\n  claim: {claim['claim']}\n"
                      f"  reality: {claim['reality']}\n  {ev}\n  desc: {text}")


if __name__ == "__main__":
    main()
