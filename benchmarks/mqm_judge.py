"""Throughput of the simulated respondents and of the rule MQM description judge.

Generates synthetic specs (no rendering), has each built-in profile describe them, judges every
description, and prints descriptions per second for both, plus the projected time to judge the
descriptions of the default pipeline (250 base + 100 figures x 8 other describe conditions, per
simulated model). Run: PYTHONPATH=src python benchmarks/mqm_judge.py
"""

from __future__ import annotations

import time

from scifigbench.corpus.generate import generate
from scifigbench.families.description.rule import judge_description
from scifigbench.families.respondent import respond
from scifigbench.simulated.context import SimContext
from scifigbench.simulated.profiles import BUILTIN, resolve_profile

DEFAULT_DESCRIPTIONS_PER_MODEL = 250 + 100 * 8


def main() -> None:
    specs = [generate(42, ct, i, 150) for ct, n in (("bar", 40), ("line", 40), ("pie", 20)) for i in range(n)]
    ctx = SimContext({s.figure_id: s for s in specs})
    texts = []
    t0 = time.perf_counter()
    for name in sorted(BUILTIN):
        prof = resolve_profile(name)
        for spec in specs:
            st = {"setup_id": f"{spec.figure_id}/base/describe", "figure_id": spec.figure_id, "condition": "base",
                  "task": "describe", "chart_type": spec.chart_type, "probe_ids": "[]", "blur_target_id": None}
            texts.append((spec, respond(st, prof, f"sim-{name}", 42, ctx)[0]))
    t1 = time.perf_counter()
    for spec, text in texts:  # warm-up pass: name patterns are compiled once per figure
        judge_description(text, spec)
    t1b = time.perf_counter()
    for spec, text in texts:
        judge_description(text, spec)
    t2 = time.perf_counter()
    print(f"first pass (compiling name patterns): {len(texts) / (t1b - t1):.0f} descriptions/s")
    t1 = t1b
    n = len(texts)
    sim_rate, judge_rate = n / (t1 - t0), n / (t2 - t1)
    total = DEFAULT_DESCRIPTIONS_PER_MODEL * len(BUILTIN)
    print(f"descriptions: {n}")
    print(f"simulated respondents: {sim_rate:.0f} descriptions/s")
    print(f"rule MQM judge:        {judge_rate:.0f} descriptions/s")
    print(f"default pipeline ({total} descriptions, {len(BUILTIN)} simulated models): "
          f"judge {total / judge_rate:.1f} s, respond {total / sim_rate:.1f} s")


if __name__ == "__main__":
    main()
