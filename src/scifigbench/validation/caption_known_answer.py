"""Caption-claim known-answer units on generated figures: simulated descriptions with the claims' true behaviour.

Generates synthetic specs, renders them (rendering fills in the text elements, which decide what a
reader can name and so which claims the probes generator makes), builds their caption-bias probes
with the probes stage's own generator, and lets every built-in simulated respondent describe each
figure under ``capbias``. Each caption claim is judged by the rule judge and compared with the
behaviour the respondent drew (``sim_trace['claims']``). Used by the known-answer test and
``benchmarks/caption_known_answer.py``.
"""

from __future__ import annotations

import json
import re
import sys

from tqdm import tqdm

from scifigbench.concepts.families import unit_family
from scifigbench.concepts.kinds import CHART_KINDS, chart_kind
from scifigbench.corpus.generate import generate
from scifigbench.corpus.render import render
from scifigbench.families.respondent import respond
from scifigbench.freetext.text import quoted_pattern
from scifigbench.judges.stage import rule_judge
from scifigbench.judges.units import units_for
from scifigbench.probes.families.caption_bias.from_spec import caption_probe
from scifigbench.probes.figure_view import FigureView
from scifigbench.probes.probe import rng_for
from scifigbench.probes.stage import ProbesConfig
from scifigbench.simulated.context import SimContext
from scifigbench.simulated.profiles import BUILTIN, resolve_profile
from scifigbench.validation.known_answer import trace_agreement


def indistinguishable(claim: dict) -> bool:
    """A false claim that states the same as its truth (a rate printed as "about 0" on both sides)
    cannot be told apart by any judge; such claims are a probe defect and are left out."""

    def strip(text: str) -> str:
        return re.sub(rf"\s*\bin the panel titled {quoted_pattern(120)}", "", text)

    return strip(claim["claim"]) == strip(claim["reality"])


def figure_jobs(n_per_type: int, share: tuple[int, int] = (0, 1)) -> list[tuple[str, int]]:
    """(kind, index) of the figures: ``n_per_type`` of each kind, half as many of a kind cut into
    shares of a whole (pies). ``share`` = (k, m) keeps every m-th of them from the k-th on, so the
    m shares are disjoint, together the whole, and a kind with m figures or more is in each."""
    counts = {ct: n_per_type // 2 if chart_kind(ct).parts_of_whole else n_per_type for ct in CHART_KINDS}
    k, m = share
    return [(ct, i) for ct, n in counts.items() for i in range(n)][k::m]


def capbias_units(
    n_per_type: int, seed: int, share: tuple[int, int] = (0, 1)
) -> list[tuple[str, dict, str, str, str, int]]:
    """(profile, claim, description, rule verdict, respondent's behaviour, agrees) per caption claim
    of the figures of :func:`figure_jobs`; indistinguishable claims are left out.

    A figure's units depend on that figure alone, so the units of the m shares together are the
    whole's: a test can hand the shares to m workers.
    """
    cfg = ProbesConfig()
    specs = [generate(seed, ct, i, 150) for ct, i in figure_jobs(n_per_type, share)]
    probes, setups = {}, []
    for spec in tqdm(specs, desc="render", file=sys.stderr):
        render(spec)  # fills in the text elements: what a reader can name decides which claims exist
        view = FigureView(spec, cfg.read_tolerance, cfg.pie_read_pp, cfg.compare_tolerance)
        cb = caption_probe(
            view,
            rng_for(seed, spec.figure_id, "caption_bias"),
            tuple(cfg.caption_claims),
            tuple(cfg.caption_anchor_offset),
        )
        if cb is None:
            continue
        row = {
            "probe_id": cb.probe_id,
            "figure_id": spec.figure_id,
            "family": cb.family,
            "category": cb.category,
            "text": cb.text,
            "expected_json": json.dumps(cb.expected),
            "status": "confirmed",
        }
        probes[cb.probe_id] = row
        setups.append(
            {
                "setup_id": f"{spec.figure_id}/capbias/describe",
                "figure_id": spec.figure_id,
                "condition": "capbias",
                "task": "describe",
                "chart_type": spec.chart_type,
                "user_text": "...",
                "caption": cb.text,
                "probe_ids": json.dumps([cb.probe_id]),
                "blur_target_id": None,
            }
        )
    ctx = SimContext(specs={s.figure_id: s for s in specs}, probes=probes, blur_targets={})
    out = []
    for name in sorted(BUILTIN):
        prof = resolve_profile(name)
        for st in setups:
            text, trace = respond(st, prof, f"sim-{name}", seed, ctx)
            claims = json.loads(probes[json.loads(st["probe_ids"])[0]]["expected_json"])["claims"]
            for unit in units_for(st, {"text": text, "error": None}, ctx.probes, ctx.specs[st["figure_id"]], {}, None):
                if not unit_family(unit.family).in_caption:
                    continue
                judged = rule_judge(unit)
                a, _ = trace_agreement(unit.family, unit.probe_id, unit.unit_id, judged, trace)
                k = unit.unit_id.rsplit("#claim", 1)[1]
                if indistinguishable(claims[int(k)]):
                    continue
                out.append((name, claims[int(k)], text, judged["verdict"], trace["claims"][k], a))
    return out
