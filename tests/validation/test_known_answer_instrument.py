"""Known-answer test of the whole instrument: simulated responses -> judge units -> rule verdicts.

The simulated respondents record the behaviour they drew (``sim_trace``); the judge stage's unit
split and the rule judge must recover it for at least 97 % of the units it decides in every family
(issue 6), and decide at least 90 % of the units written decidable. Answers written undecidable
(issue 24) are counted apart: the judge may abstain on them or not, and neither is compared.
"""

from __future__ import annotations

from helpers.spec_factory import RESPONDENT_FIGURES, context, setups_for
from scifigbench.corpus.generate import generate
from scifigbench.families.respondent import respond
from scifigbench.judges.stage import rule_judge
from scifigbench.judges.units import units_for
from scifigbench.simulated.profiles import BUILTIN, resolve_profile
from scifigbench.validation.known_answer import MQM_CONDITIONS, FamilyTally


def test_rule_verdicts_recover_simulated_behaviour():
    specs = [f() for f in RESPONDENT_FIGURES] + [
        generate(11, ct, i, 150) for ct, n in (("bar", 4), ("line", 4), ("pie", 2)) for i in range(n)
    ]
    ctx = context(specs)
    tallies: dict[str, FamilyTally] = {}
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
                    tallies.setdefault(fam, FamilyTally()).add(fam, unit.probe_id, unit.unit_id, judged, trace)
    assert set(tallies) == {"description", "capability", "resistance", "caption_claim", "blur_active", "blur_passive"}
    print("\n".join(t.line(fam) for fam, t in sorted(tallies.items())))
    for fam, t in tallies.items():
        assert t.agreement >= 0.97 and t.decided_share >= 0.9, t.line(fam)
    for fam in ("capability", "resistance", "blur_active"):  # the respondents do write undecidable answers
        assert tallies[fam].written_undecidable > 0, fam
