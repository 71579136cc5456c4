"""Known-answer test of the whole instrument: simulated responses -> judge units -> rule verdicts.

The simulated respondents record the behaviour they drew (``sim_trace``); the judge stage's unit
split and the rule judge must recover it for at least 97 % of units in every family (issue 6).
"""

from __future__ import annotations

from collections import defaultdict

from scifigbench.corpus.generate import generate
from scifigbench.validation.known_answer import MQM_CONDITIONS, trace_agreement
from scifigbench.judges.stage import rule_judge
from scifigbench.judges.units import units_for
from scifigbench.simulated.profiles import BUILTIN, resolve_profile
from scifigbench.simulated.respondent import respond
from helpers.spec_factory import RESPONDENT_FIGURES, context, setups_for


def test_rule_verdicts_recover_simulated_behaviour():
    specs = [f() for f in RESPONDENT_FIGURES] + [generate(11, ct, i, 150) for ct, n in (("bar", 4), ("line", 4), ("pie", 2)) for i in range(n)]
    ctx = context(specs)
    agree: dict[str, int] = defaultdict(int)
    total: dict[str, int] = defaultdict(int)
    misses: dict[str, list] = defaultdict(list)
    for name in sorted(BUILTIN):
        prof = resolve_profile(name)
        for spec in specs:
            if not spec.text_elements:  # generated specs are not rendered: no text elements to blur
                setups = [s for s in setups_for(spec, 2) if s["condition"] not in ("admb", "indb")]
            else:
                setups = setups_for(spec, 2)
            for st in setups:
                text, trace = respond(st, prof, f"sim-{name}", 42, ctx)
                for unit in units_for(st, {"text": text, "error": None}, ctx.probes, spec, ctx.blur_targets, None):
                    judged = rule_judge(unit)
                    fam = unit.family
                    if fam == "description" and st["condition"] not in MQM_CONDITIONS:
                        continue
                    a, t = trace_agreement(fam, unit.probe_id, unit.unit_id, judged, trace)
                    agree[fam] += a
                    total[fam] += t
                    if a != t:
                        misses[fam].append((unit.unit_id, text, trace.get("claims")))
    assert set(total) == {"description", "capability", "resistance", "caption_claim", "blur_active", "blur_passive"}
    rates = {fam: agree[fam] / total[fam] for fam in total}
    print(rates, dict(total))
    for fam, rate in rates.items():
        assert rate >= 0.97, (fam, rate, total[fam], misses[fam][:3])
